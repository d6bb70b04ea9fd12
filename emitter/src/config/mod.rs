//! Model configuration for the Llama family, read from an HF `config.json` or GGUF metadata.

mod gguf_meta;
mod hf;
mod rope;

use std::path::Path;

use serde::{Deserialize, Serialize};

pub use gguf_meta::from_gguf;
pub use hf::{from_hf_dir, from_hf_json};

/// Everything the graphs depend on. Field names follow HF's `config.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelConfig {
    pub architecture: String,
    pub vocab_size: usize,
    pub hidden_size: usize,
    pub intermediate_size: usize,
    pub num_hidden_layers: usize,
    pub num_attention_heads: usize,
    pub num_key_value_heads: usize,
    pub head_dim: usize,
    pub rope_theta: f64,
    pub rope_scaling: Option<RopeScaling>,
    pub rms_norm_eps: f64,
    pub tie_word_embeddings: bool,
    /// Bias on the q, k and v projections.
    pub qkv_bias: bool,
    /// Bias on the output projection.
    pub o_bias: bool,
    pub mlp_bias: bool,
    /// Attention window of Mistral-style models; graphs are only emitted when the capacity fits
    /// inside it, where it has no effect.
    pub sliding_window: Option<usize>,
    pub max_position_embeddings: usize,
}

/// RoPE frequency scaling schemes that are implemented.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "rope_type", rename_all = "lowercase")]
pub enum RopeScaling {
    Linear {
        factor: f64,
    },
    Llama3 {
        factor: f64,
        low_freq_factor: f64,
        high_freq_factor: f64,
        original_max_position_embeddings: f64,
    },
    /// Per-frequency divisors, as GGUF files store llama3 scaling (`rope_freqs.weight`).
    Factors {
        factors: Vec<f32>,
    },
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("unsupported model: {0}")]
    Unsupported(String),
    #[error("invalid config: {0}")]
    Invalid(String),
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Parse { path: String, message: String },
}

pub(crate) fn unsupported<T>(what: impl Into<String>) -> Result<T, ConfigError> {
    Err(ConfigError::Unsupported(what.into()))
}

impl ModelConfig {
    /// Reads a model given as an HF directory (with `config.json`) or a `.gguf` file.
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        if path.is_dir() {
            from_hf_dir(path)
        } else {
            from_gguf(path)
        }
    }

    pub fn group_size(&self) -> usize {
        self.num_attention_heads / self.num_key_value_heads
    }

    /// Checks what every source must satisfy before graphs are built.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |m: String| Err(ConfigError::Invalid(m));
        let sizes = [
            self.vocab_size,
            self.hidden_size,
            self.intermediate_size,
            self.num_hidden_layers,
            self.num_attention_heads,
            self.num_key_value_heads,
            self.head_dim,
        ];
        if sizes.contains(&0) {
            return invalid(format!("zero-sized dimension in {self:?}"));
        }
        if self.group_size() * self.num_key_value_heads != self.num_attention_heads {
            return invalid(format!(
                "{} attention heads are not a multiple of {} kv heads",
                self.num_attention_heads, self.num_key_value_heads
            ));
        }
        if self.head_dim % 2 == 1 {
            return invalid(format!(
                "head_dim {} is odd; rotate-half RoPE needs it even",
                self.head_dim
            ));
        }
        if !(self.rope_theta > 0.0 && self.rms_norm_eps > 0.0) {
            return invalid(format!(
                "rope_theta {} and rms_norm_eps {} must be positive",
                self.rope_theta, self.rms_norm_eps
            ));
        }
        if let Some(RopeScaling::Factors { factors }) = &self.rope_scaling {
            if factors.len() != self.head_dim / 2 {
                return invalid(format!(
                    "{} rope factors for head_dim {}",
                    factors.len(),
                    self.head_dim
                ));
            }
        }
        Ok(())
    }

    /// RoPE inverse frequencies, one per rotated pair, scaling applied.
    pub fn rope_inv_freq(&self) -> Vec<f32> {
        rope::inv_freq(self)
    }
}

#[cfg(test)]
mod tests;
