//! From a model path and options to `model.mlir` and `manifest.json` on disk.

use std::path::{Path, PathBuf};

use crate::config::{ConfigError, ModelConfig};
use crate::graph::{self, GraphError, GraphOptions};
use crate::manifest::Manifest;

pub const MODULE_FILE: &str = "model.mlir";
pub const MANIFEST_FILE: &str = "manifest.json";

#[derive(Debug, thiserror::Error)]
pub enum EmitError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Graph(#[from] GraphError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The text of both output files.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub module: String,
    pub manifest: Manifest,
}

pub fn render(cfg: &ModelConfig, opts: &GraphOptions) -> Result<Rendered, EmitError> {
    let built = graph::build(cfg, opts)?;
    Ok(Rendered {
        module: built.module.render(),
        manifest: Manifest::new(cfg, opts, &built),
    })
}

/// Writes the files into `out` (created if missing) and returns their paths.
pub fn emit(model: &Path, out: &Path, opts: &GraphOptions) -> Result<Vec<PathBuf>, EmitError> {
    let cfg = ModelConfig::load(model)?;
    render(&cfg, opts)?.write(out)
}

impl Rendered {
    /// Writes `model.mlir`, `manifest.json` and the kernels' object the module links (if
    /// any) into `out`, created if missing; returns their paths.
    pub fn write(&self, out: &Path) -> Result<Vec<PathBuf>, EmitError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| EmitError::Io { path, source }
        };
        std::fs::create_dir_all(out).map_err(io(out))?;
        let files = [
            (MODULE_FILE, self.module.clone()),
            (MANIFEST_FILE, self.manifest.to_json()),
        ];
        let mut written = Vec::new();
        for (name, text) in files {
            let path = out.join(name);
            std::fs::write(&path, text).map_err(io(&path))?;
            written.push(path);
        }
        // The kernels' object goes next to the module: compile with
        // `--iree-hal-executable-object-search-path=<out>`.
        if !self.manifest.kernel_objects.is_empty() {
            let object = kernels::Object::get().expect("graphs only dispatch kernels a build has");
            written.push(object.write_into(out).map_err(io(out))?);
        }
        Ok(written)
    }
}
