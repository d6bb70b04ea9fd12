//! Sentence embeddings from a model's final normed hidden states: how the model says its
//! tokens are pooled into one vector, and the pooling itself. The engine runs the packed
//! embedding graphs (see `batch::embed`); this module is the arithmetic and the model's word.

use std::path::{Path, PathBuf};

/// How a sequence's token vectors become its embedding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pooling {
    /// The mean over the sequence's own tokens.
    Mean,
    /// The first token's vector (BERT's CLS position).
    First,
    /// The last token's vector: what a causal model has seen the whole input at
    /// (Qwen3-Embedding and other decoder embedding models).
    Last,
}

/// Why a model's pooling could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PoolingError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not valid JSON: {source}")]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{path}: {what}")]
    Malformed { path: PathBuf, what: String },
    #[error("{path}: pooling {mode:?} is not supported (mean, cls and lasttoken are)")]
    Unsupported { path: PathBuf, mode: String },
    #[error("{path}: GGUF: {source}")]
    Gguf { path: PathBuf, source: gguf::Error },
}

impl Pooling {
    pub fn name(self) -> &'static str {
        match self {
            Pooling::Mean => "mean",
            Pooling::First => "cls",
            Pooling::Last => "last",
        }
    }

    /// What `model` (an HF directory or a GGUF file) says: a sentence-transformers
    /// `modules.json` naming a Pooling module (its `config.json`), or a GGUF's
    /// `<arch>.pooling_type`. A model that says nothing is a causal language model, whose
    /// last token is the one that has seen the whole input.
    pub fn for_model(model: &Path) -> Result<Pooling, PoolingError> {
        if model.is_dir() {
            return match sentence_transformers_pooling(model)? {
                Some(pooling) => Ok(pooling),
                None => Ok(Pooling::Last),
            };
        }
        let file = gguf::GgufFile::open(model).map_err(|source| PoolingError::Gguf {
            path: model.to_path_buf(),
            source,
        })?;
        gguf_pooling(&file, model)
    }

    /// The embedding of one sequence from its tokens' rows (`rows.len() / width` of them, in
    /// order), normalised to unit length. Sums run in f64.
    pub fn pool(self, rows: &[f32], width: usize) -> Vec<f32> {
        let tokens = rows.len() / width.max(1);
        assert!(tokens > 0, "a sequence has at least one token");
        let pooled: Vec<f64> = match self {
            Pooling::First => rows[..width].iter().map(|&v| v as f64).collect(),
            Pooling::Last => rows[(tokens - 1) * width..][..width]
                .iter()
                .map(|&v| v as f64)
                .collect(),
            Pooling::Mean => {
                let mut sum = vec![0f64; width];
                for row in rows.chunks_exact(width) {
                    for (s, &v) in sum.iter_mut().zip(row) {
                        *s += v as f64;
                    }
                }
                sum.iter().map(|s| s / tokens as f64).collect()
            }
        };
        normalized(&pooled)
    }
}

/// `v` scaled to unit length (a zero vector stays zero), as f32.
pub fn normalized(v: &[f64]) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    let scale = if norm > 0.0 { 1.0 / norm } else { 0.0 };
    v.iter().map(|x| (x * scale) as f32).collect()
}

/// The first `dimensions` values of an embedding, normalised again: what OpenAI's
/// `dimensions` and sentence-transformers' `truncate_dim` return.
pub fn truncated(embedding: &[f32], dimensions: usize) -> Vec<f32> {
    let head: Vec<f64> = embedding[..dimensions.min(embedding.len())]
        .iter()
        .map(|&v| v as f64)
        .collect();
    normalized(&head)
}

fn read_json(path: &Path) -> Result<serde_json::Value, PoolingError> {
    let text = std::fs::read_to_string(path).map_err(|source| PoolingError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| PoolingError::Json {
        path: path.to_path_buf(),
        source,
    })
}

/// The pooling of a sentence-transformers directory, `None` without `modules.json`.
fn sentence_transformers_pooling(dir: &Path) -> Result<Option<Pooling>, PoolingError> {
    let modules_path = dir.join("modules.json");
    if !modules_path.exists() {
        return Ok(None);
    }
    let modules = read_json(&modules_path)?;
    let malformed = |what: &str| PoolingError::Malformed {
        path: modules_path.clone(),
        what: what.into(),
    };
    let list = modules
        .as_array()
        .ok_or_else(|| malformed("not a list of modules"))?;
    // Module types are class paths, which moved between releases
    // (`sentence_transformers.models.Pooling`, `...modules.pooling.Pooling`).
    let pooling = list.iter().find(|m| {
        m["type"]
            .as_str()
            .is_some_and(|t| t.rsplit('.').next() == Some("Pooling"))
    });
    let Some(pooling) = pooling else {
        return Err(malformed("no Pooling module"));
    };
    let folder = pooling["path"]
        .as_str()
        .ok_or_else(|| malformed("the Pooling module has no path"))?;
    let config_path = dir.join(folder).join("config.json");
    let config = read_json(&config_path)?;
    pooling_config(&config, &config_path).map(Some)
}

/// A Pooling module's `config.json`: `pooling_mode` (sentence-transformers 6) or the older
/// `pooling_mode_*_token(s)` switches, exactly one of them on.
fn pooling_config(config: &serde_json::Value, path: &Path) -> Result<Pooling, PoolingError> {
    let unsupported = |mode: &str| PoolingError::Unsupported {
        path: path.to_path_buf(),
        mode: mode.into(),
    };
    if config["include_prompt"].as_bool() == Some(false) {
        return Err(unsupported("include_prompt: false"));
    }
    let modes: Vec<String> = match &config["pooling_mode"] {
        serde_json::Value::String(mode) => vec![mode.clone()],
        serde_json::Value::Array(list) => list
            .iter()
            .map(|m| m.as_str().unwrap_or("?").to_owned())
            .collect(),
        _ => LEGACY_SWITCHES
            .iter()
            .filter(|(key, _)| config[*key].as_bool() == Some(true))
            .map(|(_, mode)| (*mode).to_owned())
            .collect(),
    };
    match modes.as_slice() {
        [mode] => match mode.as_str() {
            "mean" => Ok(Pooling::Mean),
            "cls" => Ok(Pooling::First),
            "lasttoken" => Ok(Pooling::Last),
            other => Err(unsupported(other)),
        },
        [] => Err(PoolingError::Malformed {
            path: path.to_path_buf(),
            what: "no pooling mode is on".into(),
        }),
        several => Err(unsupported(&several.join("+"))),
    }
}

/// sentence-transformers' older switches and the modes they name.
const LEGACY_SWITCHES: &[(&str, &str)] = &[
    ("pooling_mode_cls_token", "cls"),
    ("pooling_mode_max_tokens", "max"),
    ("pooling_mode_mean_tokens", "mean"),
    ("pooling_mode_mean_sqrt_len_tokens", "mean_sqrt_len_tokens"),
    ("pooling_mode_weightedmean_tokens", "weightedmean"),
    ("pooling_mode_lasttoken", "lasttoken"),
];

/// llama.cpp's `<arch>.pooling_type`: 0 none, 1 mean, 2 CLS, 3 last, 4 rank. None (or no key)
/// is a language model: its last token.
fn gguf_pooling(file: &gguf::GgufFile, path: &Path) -> Result<Pooling, PoolingError> {
    let malformed = |what: String| PoolingError::Malformed {
        path: path.to_path_buf(),
        what,
    };
    let arch = file
        .get("general.architecture")
        .and_then(gguf::Value::as_str)
        .ok_or_else(|| malformed("general.architecture missing".into()))?;
    let key = format!("{arch}.pooling_type");
    let Some(value) = file.get(&key) else {
        return Ok(Pooling::Last);
    };
    match value.as_u64() {
        Some(0 | 3) => Ok(Pooling::Last),
        Some(1) => Ok(Pooling::Mean),
        Some(2) => Ok(Pooling::First),
        Some(4) => Err(PoolingError::Unsupported {
            path: path.to_path_buf(),
            mode: "rank".into(),
        }),
        _ => Err(malformed(format!("{key} is not a known pooling type"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn config(value: serde_json::Value) -> Result<Pooling, PoolingError> {
        pooling_config(&value, Path::new("config.json"))
    }

    #[test]
    fn pooling_modes_read_in_both_forms() {
        assert_eq!(
            config(json!({"pooling_mode": "mean"})).unwrap(),
            Pooling::Mean
        );
        assert_eq!(
            config(json!({"pooling_mode": ["cls"]})).unwrap(),
            Pooling::First
        );
        let qwen3 = json!({"pooling_mode_cls_token": false, "pooling_mode_mean_tokens": false,
                           "pooling_mode_lasttoken": true, "include_prompt": true});
        assert_eq!(config(qwen3).unwrap(), Pooling::Last);
        let unsupported = [
            json!({"pooling_mode": "max"}),
            json!({"pooling_mode": ["mean", "cls"]}),
            json!({"pooling_mode_mean_tokens": true, "pooling_mode_cls_token": true}),
            json!({"pooling_mode": "mean", "include_prompt": false}),
        ];
        for value in unsupported {
            assert!(
                matches!(config(value.clone()), Err(PoolingError::Unsupported { .. })),
                "{value}"
            );
        }
        assert!(matches!(
            config(json!({})),
            Err(PoolingError::Malformed { .. })
        ));
    }

    #[test]
    fn pooling_takes_the_sequence_rows_and_normalises() {
        // Two tokens of width 2.
        let rows = [3.0f32, 0.0, 1.0, 4.0];
        assert_eq!(Pooling::First.pool(&rows, 2), [1.0, 0.0]);
        let last = Pooling::Last.pool(&rows, 2);
        assert!(
            (last[0] - 1.0 / 17f32.sqrt()).abs() < 1e-7
                && (last[1] - 4.0 / 17f32.sqrt()).abs() < 1e-7
        );
        // Mean (2, 2) normalised.
        let mean = Pooling::Mean.pool(&rows, 2);
        assert!((mean[0] - 0.5f32.sqrt()).abs() < 1e-7 && (mean[1] - 0.5f32.sqrt()).abs() < 1e-7);
    }

    #[test]
    fn truncation_renormalises() {
        let v = truncated(&[0.6, 0.0, 0.8], 2);
        assert_eq!(v, [1.0, 0.0]);
        assert_eq!(truncated(&[0.0, 0.0, 1.0], 2), [0.0, 0.0]);
    }

    #[test]
    fn a_gguf_says_its_pooling_under_its_architecture() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("model.gguf");
        let write = |pooling: Option<u32>| {
            let mut w = gguf::Writer::new();
            w.metadata("general.architecture", gguf::Value::String("qwen3".into()));
            if let Some(p) = pooling {
                w.metadata("qwen3.pooling_type", gguf::Value::U32(p));
            }
            w.write(&path).unwrap();
        };
        for (pooling, expected) in [
            (None, Pooling::Last),
            (Some(0), Pooling::Last),
            (Some(1), Pooling::Mean),
            (Some(2), Pooling::First),
            (Some(3), Pooling::Last),
        ] {
            write(pooling);
            assert_eq!(Pooling::for_model(&path).unwrap(), expected, "{pooling:?}");
        }
        write(Some(4));
        assert!(matches!(
            Pooling::for_model(&path),
            Err(PoolingError::Unsupported { .. })
        ));
        write(Some(9));
        assert!(matches!(
            Pooling::for_model(&path),
            Err(PoolingError::Malformed { .. })
        ));
    }

    #[test]
    fn a_directory_without_modules_pools_the_last_token() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Pooling::for_model(dir.path()).unwrap(), Pooling::Last);
        std::fs::write(
            dir.path().join("modules.json"),
            r#"[{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
                {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}]"#,
        )
        .unwrap();
        std::fs::create_dir(dir.path().join("1_Pooling")).unwrap();
        std::fs::write(
            dir.path().join("1_Pooling/config.json"),
            r#"{"word_embedding_dimension": 8, "pooling_mode_cls_token": true}"#,
        )
        .unwrap();
        assert_eq!(Pooling::for_model(dir.path()).unwrap(), Pooling::First);
    }
}
