//! The entry point: open a model (GGUF file or HF directory) and get what an engine needs.

use std::io::Read;
use std::path::{Path, PathBuf};

use gguf::GgufFile;

use crate::chat_template::ChatTemplate;
use crate::error::{io_error, Error, Result};
use crate::gguf_model::GgufModel;
use crate::hf_model::{read_json, HfModel};
use crate::parameter_file;
use crate::parameters::{Dtype, ParameterInfo, ParameterSource};
use crate::tiling::Tiling;
use crate::tokenizer::Tokenizer;
use crate::weight_plan::{stored_format, Precision, WeightPlan};
use model_config::ModelConfig;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelFormat {
    Gguf,
    HfDir,
}

/// An opened model. Opening reads headers only; weights are converted on demand by
/// [`Model::parameter_file`].
pub struct Model {
    path: PathBuf,
    config: ModelConfig,
    source: Source,
}

enum Source {
    Gguf(GgufModel),
    Hf(HfModel),
}

impl Model {
    /// Opens a `.gguf` file (recognised by its magic bytes) or an HF directory with a
    /// `config.json`, of an architecture [`ModelConfig`] reads.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref().to_path_buf();
        if path.is_dir() && path.join("config.json").is_file() {
            let config = model_config::from_hf_dir(&path)?;
            let hf = HfModel::open(&path)?;
            return Ok(Model {
                path,
                config,
                source: Source::Hf(hf),
            });
        }
        if !has_gguf_magic(&path)? {
            return Err(Error::UnknownModelFormat(path));
        }
        let file = GgufFile::open(&path)?;
        let config = model_config::from_gguf_file(&file)?;
        let gguf = GgufModel::new(file, &config);
        Ok(Model {
            path,
            config,
            source: Source::Gguf(gguf),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn format(&self) -> ModelFormat {
        match self.source {
            Source::Gguf(_) => ModelFormat::Gguf,
            Source::Hf(_) => ModelFormat::HfDir,
        }
    }

    /// File or directory name without extension, e.g. "SmolLM2-135M-Instruct.Q4_1".
    pub fn name(&self) -> String {
        let name = match self.source {
            Source::Gguf(_) => self.path.file_stem(),
            Source::Hf(_) => self.path.file_name(),
        };
        name.map_or_else(|| "model".into(), |n| n.to_string_lossy().into_owned())
    }

    /// The architecture, read from `config.json` or GGUF metadata.
    pub fn config(&self) -> &ModelConfig {
        &self.config
    }

    pub fn config_json(&self) -> String {
        serde_json::to_string_pretty(&self.config).expect("configs always serialize")
    }

    /// The GGUF file, for raw metadata; None for HF directories.
    pub fn gguf(&self) -> Option<&GgufFile> {
        match &self.source {
            Source::Gguf(g) => Some(&g.file),
            Source::Hf(_) => None,
        }
    }

    /// Name, HF shape and dtype of every tensor the parameter file holds (tied LM heads are
    /// absent: see `tie_word_embeddings`).
    pub fn parameters(&self, dtype: Dtype) -> Result<Vec<ParameterInfo>> {
        let mut params: Vec<ParameterInfo> = self
            .parameter_source()
            .plan()?
            .into_iter()
            .map(|t| ParameterInfo {
                name: t.name,
                shape: t.shape,
                dtype,
            })
            .collect();
        params.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(params)
    }

    /// Path of a `.safetensors` file with every parameter in HF names and layout, converting
    /// into `cache_dir` on first use (reused while the source files are unchanged).
    pub fn parameter_file(&self, cache_dir: impl AsRef<Path>, dtype: Dtype) -> Result<PathBuf> {
        self.tiled_parameter_file(cache_dir, dtype, &Tiling::none())
    }

    /// As [`Model::parameter_file`], with the tensors `tiling` names stored as row tiles
    /// (HF names, HF values, shape `[rows/16, cols, 16]`).
    pub fn tiled_parameter_file(
        &self,
        cache_dir: impl AsRef<Path>,
        dtype: Dtype,
        tiling: &Tiling,
    ) -> Result<PathBuf> {
        let plan = parameter_file::dense_plan(self.parameter_source(), dtype)?;
        self.planned_parameter_file(cache_dir, &plan, tiling)
    }

    /// Each tensor's stored format for `precision`: with [`Precision::Native`], tensors in a
    /// block format that `groupable` names (those the graphs read as codes and group maps)
    /// keep their blocks (see [`StoredFormat::Groups`]). The graphs name stacked experts only
    /// where a kernel multiplies them in blocks, and never a router; others are dequantized.
    pub fn weight_plan(&self, precision: Precision, groupable: &Tiling) -> Result<WeightPlan> {
        Ok(self
            .parameter_source()
            .plan()?
            .into_iter()
            .map(|t| {
                let blocks = groupable.contains(&t.name);
                let format = stored_format(precision, t.source_type, blocks);
                (t.name, format)
            })
            .collect())
    }

    /// A parameter file storing each tensor as `plan` says, tiled where `tiling` says, cached
    /// in `cache_dir` like [`Model::parameter_file`].
    pub fn planned_parameter_file(
        &self,
        cache_dir: impl AsRef<Path>,
        plan: &WeightPlan,
        tiling: &Tiling,
    ) -> Result<PathBuf> {
        parameter_file::cached(
            self.parameter_source(),
            &self.name(),
            cache_dir.as_ref(),
            plan,
            tiling,
        )
    }

    /// Converts to `path` unconditionally (no cache).
    pub fn write_parameter_file(&self, path: impl AsRef<Path>, dtype: Dtype) -> Result<()> {
        self.write_tiled_parameter_file(path, dtype, &Tiling::none())
    }

    /// As [`Model::write_parameter_file`], tiling the tensors `tiling` names.
    pub fn write_tiled_parameter_file(
        &self,
        path: impl AsRef<Path>,
        dtype: Dtype,
        tiling: &Tiling,
    ) -> Result<()> {
        let plan = parameter_file::dense_plan(self.parameter_source(), dtype)?;
        self.write_planned_parameter_file(path, &plan, tiling)
    }

    /// As [`Model::planned_parameter_file`], written to `path` without the cache.
    pub fn write_planned_parameter_file(
        &self,
        path: impl AsRef<Path>,
        plan: &WeightPlan,
        tiling: &Tiling,
    ) -> Result<()> {
        parameter_file::write(self.parameter_source(), plan, tiling, path.as_ref())
    }

    pub fn tokenizer(&self) -> Result<Tokenizer> {
        match &self.source {
            Source::Gguf(g) => Tokenizer::from_gguf(&g.file),
            Source::Hf(hf) => Tokenizer::from_hf_dir(&hf.dir, &hf.config),
        }
    }

    /// The model's chat template (GGUF `tokenizer.chat_template`, or the HF directory's
    /// `tokenizer_config.json` / `chat_template.jinja`), or None when it has none.
    pub fn chat_template(&self) -> Result<Option<ChatTemplate>> {
        let Some(source) = self.chat_template_source()? else {
            return Ok(None);
        };
        let (bos, eos) = self.special_token_texts()?;
        ChatTemplate::new(&source, bos, eos).map(Some)
    }

    /// BOS/EOS text; read straight from GGUF metadata, which avoids building a tokenizer.
    fn special_token_texts(&self) -> Result<(Option<String>, Option<String>)> {
        let Source::Gguf(g) = &self.source else {
            let tokenizer = self.tokenizer()?;
            return Ok((tokenizer.bos_token(), tokenizer.eos_token()));
        };
        let tokens = g
            .file
            .get("tokenizer.ggml.tokens")
            .and_then(|v| v.as_array());
        let text = |key: &str| {
            let id = g.file.get(key)?.as_u64()?;
            let token = tokens?.get(usize::try_from(id).ok()?)?;
            token.as_str().map(str::to_owned)
        };
        Ok((
            text("tokenizer.ggml.bos_token_id"),
            text("tokenizer.ggml.eos_token_id"),
        ))
    }

    fn parameter_source(&self) -> &dyn ParameterSource {
        match &self.source {
            Source::Gguf(g) => g,
            Source::Hf(hf) => hf,
        }
    }

    fn chat_template_source(&self) -> Result<Option<String>> {
        match &self.source {
            Source::Gguf(g) => Ok(g
                .file
                .get("tokenizer.chat_template")
                .and_then(|v| v.as_str())
                .map(str::to_owned)),
            Source::Hf(hf) => hf_chat_template(&hf.dir),
        }
    }
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("path", &self.path)
            .field("format", &self.format())
            .finish_non_exhaustive()
    }
}

fn has_gguf_magic(path: &Path) -> Result<bool> {
    let mut magic = [0u8; 4];
    let mut file = std::fs::File::open(path).map_err(io_error(path))?;
    Ok(file.read_exact(&mut magic).is_ok() && &magic == b"GGUF")
}

/// `chat_template.jinja`, else `tokenizer_config.json`'s `chat_template` (a string, or a list
/// of named templates of which "default" is used).
fn hf_chat_template(dir: &Path) -> Result<Option<String>> {
    let jinja = dir.join("chat_template.jinja");
    if jinja.is_file() {
        return std::fs::read_to_string(&jinja)
            .map(Some)
            .map_err(io_error(jinja));
    }
    let config_path = dir.join("tokenizer_config.json");
    if !config_path.is_file() {
        return Ok(None);
    }
    let config = read_json(&config_path)?;
    let template = &config["chat_template"];
    if let Some(s) = template.as_str() {
        return Ok(Some(s.to_owned()));
    }
    Ok(template.as_array().and_then(|named| {
        named
            .iter()
            .find(|t| t["name"] == "default")
            .and_then(|t| t["template"].as_str())
            .map(str::to_owned)
    }))
}
