//! A model's architecture, read from an HF `config.json` (transformers 4 and 5 forms) or GGUF
//! metadata: dimensions plus every switch the graphs read (norms, activation, attention kinds,
//! RoPE per layer kind, biases). How tensors are stored is not described here.
//!
//! Readers never guess: a key the graphs depend on that is missing, or a value they cannot
//! honour, is an error naming it. The only defaults are the ones transformers (for HF) or
//! llama.cpp (for GGUF) apply themselves for that model type; each is documented where it is
//! applied.

mod gguf_meta;
mod hf;
mod rope;

use std::path::Path;

use serde::{Deserialize, Serialize};

pub use gguf_meta::{from_gguf, from_gguf_file};
pub use hf::{from_hf_dir, from_hf_json};

/// Everything the graphs depend on. Field names follow HF's `config.json`; switches that
/// Llama does not use are left out of the serialized form when off, so a Llama manifest
/// reads as before.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelConfig {
    /// The source's own name for the architecture (HF `model_type` or GGUF
    /// `general.architecture`), kept as written; [`ModelConfig::family`] is its meaning.
    pub architecture: String,
    pub vocab_size: usize,
    pub hidden_size: usize,
    pub intermediate_size: usize,
    pub num_hidden_layers: usize,
    pub num_attention_heads: usize,
    pub num_key_value_heads: usize,
    pub head_dim: usize,
    /// RoPE base of full-attention layers (and of sliding ones unless `sliding_rope` is set).
    pub rope_theta: f64,
    pub rope_scaling: Option<RopeScaling>,
    pub rms_norm_eps: f64,
    pub tie_word_embeddings: bool,
    /// Bias on the q, k and v projections.
    pub qkv_bias: bool,
    /// Bias on the output projection.
    pub o_bias: bool,
    pub mlp_bias: bool,
    /// Attention window of the layers whose [`LayerType`] is `Sliding`.
    pub sliding_window: Option<usize>,
    pub max_position_embeddings: usize,
    /// Attention kind per layer; empty means uniform: every layer slides when
    /// `sliding_window` is set, else every layer attends to the full context.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub layer_types: Vec<LayerType>,
    /// RoPE of sliding-window layers where it differs from the full-attention one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sliding_rope: Option<Rope>,
    /// RMSNorm over each q and k head before RoPE (`q_norm`, `k_norm` weights of head_dim).
    #[serde(default, skip_serializing_if = "is_false")]
    pub qk_norm: bool,
    /// With `qk_norm`: each token's whole q projection (`num_attention_heads * head_dim`
    /// values) and whole k projection (`num_key_value_heads * head_dim`) is one RMSNorm, with
    /// `q_norm`/`k_norm` weights of those widths, before the heads are split and RoPE applied
    /// (OLMoE), instead of one RMSNorm per head.
    #[serde(default, skip_serializing_if = "is_false")]
    pub qk_norm_whole_projection: bool,
    /// RMSNorm on the attention output and on the MLP output before each residual add.
    #[serde(default, skip_serializing_if = "is_false")]
    pub post_norms: bool,
    #[serde(default, skip_serializing_if = "Activation::is_silu")]
    pub activation: Activation,
    /// Multiplier applied to the token embeddings (Gemma: sqrt(hidden_size)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embedding_scale: Option<f64>,
    /// Multiplier of q·k; `None` is 1/sqrt(head_dim).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attention_scale: Option<f64>,
    /// Added to every RMSNorm weight (HF Gemma stores w and applies 1 + w; GGUF stores 1 + w).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub norm_weight_offset: f64,
    /// The mixture-of-experts MLP of the layers [`ModelConfig::mlp_kind`] names; `None`: every
    /// MLP is dense.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experts: Option<Experts>,
    /// A learned logit per attention head (`self_attn.sinks`, `[num_attention_heads]`) that
    /// joins every query's softmax as one more key with no value: it takes a share of the
    /// weight and so scales the attention output down (gpt-oss).
    #[serde(default, skip_serializing_if = "is_false")]
    pub attention_sinks: bool,
}

/// A mixture-of-experts MLP: a router picks `per_token` of `count` gated MLPs of width
/// `width` per token and sums their outputs weighted by the router's softmax.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Experts {
    /// Experts per layer (HF `num_experts`, `num_local_experts`; GGUF `expert_count`).
    pub count: usize,
    /// Experts each token is routed to (`num_experts_per_tok`; GGUF `expert_used_count`).
    pub per_token: usize,
    /// Each expert's intermediate width (`moe_intermediate_size`, or Mixtral's and OLMoE's
    /// `intermediate_size`; GGUF `expert_feed_forward_length`).
    pub width: usize,
    /// The selected softmax weights are divided by their sum (`norm_topk_prob`; always for
    /// Mixtral).
    pub renormalize: bool,
    /// An expert every token passes through besides the routed ones (Qwen2-MoE).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<SharedExpert>,
    /// Layers whose MLP stays dense, of width `intermediate_size` (Qwen-MoE's
    /// `mlp_only_layers`, and the layers `decoder_sparse_step` skips), ascending.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dense_layers: Vec<usize>,
    /// How the router's logits become the selected experts' weights.
    #[serde(default, skip_serializing_if = "Routing::is_softmax_first")]
    pub routing: Routing,
    /// Biases on the router (`mlp.gate.bias`, `[E]`) and on each expert's projections
    /// (`mlp.experts.{gate,up}_proj.bias` `[E, W]`, `mlp.experts.down_proj.bias` `[E, H]`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub biases: bool,
}

/// The order of the router's softmax and its top-k.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Routing {
    /// Softmax over every expert, then the k largest (renormalised when `renormalize`).
    #[default]
    SoftmaxTopK,
    /// The k largest logits, then a softmax over those k (gpt-oss): the same weights as
    /// renormalising, computed in the model's own order.
    TopKSoftmax,
}

impl Routing {
    fn is_softmax_first(&self) -> bool {
        *self == Routing::SoftmaxTopK
    }
}

/// The shared expert: a gated MLP of its own width whose output is scaled by
/// `sigmoid(w . x)` (a `[1, hidden]` gate weight) before it joins the routed experts' sum.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SharedExpert {
    pub width: usize,
}

/// What a layer's MLP is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MlpKind {
    /// One gated MLP of width `intermediate_size`.
    Dense,
    /// [`Experts`].
    Experts,
}

/// The model families the readers accept. Everything the graphs do differently for one is a
/// switch in [`ModelConfig`]; the family itself only tells readers of weights how a file's
/// tensors were written (e.g. llama.cpp's q/k row order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    Llama,
    Mistral,
    Qwen2,
    Qwen3,
    Gemma3,
    /// Qwen 2 attention (q/k/v bias) with experts and a shared expert.
    Qwen2Moe,
    /// Qwen 3 attention (per-head q/k norm) with experts.
    Qwen3Moe,
    /// Mistral attention with experts.
    Mixtral,
    /// Llama attention with whole-projection q/k norms, and experts.
    Olmoe,
    /// Biased attention with sinks, alternating sliding layers, YaRN; biased experts picked
    /// from the router's top-k logits, with a clamped SwiGLU.
    GptOss,
}

impl Family {
    /// The family an HF `model_type` or a GGUF `general.architecture` names (`gemma3_text` and
    /// GGUF's `gemma3` are both the text model; HF's `qwen3_moe` is GGUF's `qwen3moe`; GGUF
    /// has no Mixtral architecture, its files are `llama` with experts); `None` for a name the
    /// readers reject.
    pub fn from_architecture(name: &str) -> Option<Family> {
        Some(match name {
            "llama" => Family::Llama,
            "mistral" => Family::Mistral,
            "qwen2" => Family::Qwen2,
            "qwen3" => Family::Qwen3,
            "gemma3_text" | "gemma3" => Family::Gemma3,
            "qwen2_moe" | "qwen2moe" => Family::Qwen2Moe,
            "qwen3_moe" | "qwen3moe" => Family::Qwen3Moe,
            "mixtral" => Family::Mixtral,
            "olmoe" => Family::Olmoe,
            "gpt_oss" | "gpt-oss" => Family::GptOss,
            _ => return None,
        })
    }
}

impl ModelConfig {
    /// The family `architecture` names; `None` only for a config built by hand under another
    /// name, since both readers refuse one.
    pub fn family(&self) -> Option<Family> {
        Family::from_architecture(&self.architecture)
    }
}

/// RoPE base and frequency scaling for one kind of layer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rope {
    pub theta: f64,
    pub scaling: Option<RopeScaling>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LayerType {
    FullAttention,
    SlidingAttention,
}

/// How the gated MLP combines its gate and up projections.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Activation {
    /// `silu(gate) * up`.
    #[default]
    Silu,
    /// `gelu(gate) * up`, GELU with the tanh approximation (`gelu_pytorch_tanh`).
    GeluTanh,
    /// gpt-oss's: `g * sigmoid(alpha * g) * (u + 1)` with `g = min(gate, limit)` and
    /// `u = clamp(up, -limit, limit)`.
    ClampedSwiglu { alpha: f64, limit: f64 },
}

impl Activation {
    fn is_silu(&self) -> bool {
        *self == Activation::Silu
    }
}

fn is_false(b: &bool) -> bool {
    !b
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
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
    /// YaRN: frequencies blended between the original and `factor`-interpolated ones over the
    /// dimensions whose rotations at the original context fall between `beta_slow` and
    /// `beta_fast`, and cos/sin multiplied by `attention_factor`.
    Yarn {
        factor: f64,
        original_max_position_embeddings: f64,
        beta_fast: f64,
        beta_slow: f64,
        /// Whether the blended range is widened to whole dimensions.
        truncate: bool,
        attention_factor: f64,
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

pub(crate) fn invalid(m: impl Into<String>) -> ConfigError {
    ConfigError::Invalid(m.into())
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

    /// The attention kind of `layer`.
    pub fn layer_type(&self, layer: usize) -> LayerType {
        match self.layer_types.get(layer) {
            Some(&t) => t,
            None if self.sliding_window.is_some() => LayerType::SlidingAttention,
            None => LayerType::FullAttention,
        }
    }

    /// The RoPE a layer of kind `kind` uses.
    pub fn rope(&self, kind: LayerType) -> Rope {
        match (&self.sliding_rope, kind) {
            (Some(rope), LayerType::SlidingAttention) => rope.clone(),
            _ => Rope {
                theta: self.rope_theta,
                scaling: self.rope_scaling.clone(),
            },
        }
    }

    /// The MLP kind of `layer`.
    pub fn mlp_kind(&self, layer: usize) -> MlpKind {
        match &self.experts {
            Some(e) if !e.dense_layers.contains(&layer) => MlpKind::Experts,
            _ => MlpKind::Dense,
        }
    }

    /// True when layers differ in attention kind or RoPE.
    pub fn has_mixed_layers(&self) -> bool {
        !self.layer_types.is_empty()
    }

    /// Checks what every source must satisfy before graphs are built.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let sizes = [
            ("vocab_size", self.vocab_size),
            ("hidden_size", self.hidden_size),
            ("intermediate_size", self.intermediate_size),
            ("num_hidden_layers", self.num_hidden_layers),
            ("num_attention_heads", self.num_attention_heads),
            ("num_key_value_heads", self.num_key_value_heads),
            ("head_dim", self.head_dim),
        ];
        if let Some((name, _)) = sizes.iter().find(|(_, v)| *v == 0) {
            return Err(invalid(format!("{name} is 0")));
        }
        if self.group_size() * self.num_key_value_heads != self.num_attention_heads {
            return Err(invalid(format!(
                "{} attention heads are not a multiple of {} kv heads",
                self.num_attention_heads, self.num_key_value_heads
            )));
        }
        if self.head_dim % 2 == 1 {
            return Err(invalid(format!(
                "head_dim {} is odd; rotate-half RoPE needs it even",
                self.head_dim
            )));
        }
        if !self.rms_norm_eps.is_finite() || self.rms_norm_eps <= 0.0 {
            return Err(invalid(format!(
                "rms_norm_eps {} must be positive and finite",
                self.rms_norm_eps
            )));
        }
        if !self.norm_weight_offset.is_finite() {
            return Err(invalid(format!(
                "norm_weight_offset {} is not finite",
                self.norm_weight_offset
            )));
        }
        if self.qk_norm_whole_projection && !self.qk_norm {
            return Err(invalid("qk_norm_whole_projection without qk_norm"));
        }
        if let Activation::ClampedSwiglu { alpha, limit } = self.activation {
            if !alpha.is_finite() || !limit.is_finite() || limit <= 0.0 {
                return Err(invalid(format!(
                    "clamped SwiGLU alpha {alpha}, limit {limit} (finite, limit positive)"
                )));
            }
        }
        self.validate_layers()?;
        if let Some(experts) = &self.experts {
            self.validate_experts(experts)?;
        }
        for kind in [LayerType::FullAttention, LayerType::SlidingAttention] {
            self.validate_rope(&self.rope(kind))?;
        }
        Ok(())
    }

    fn validate_layers(&self) -> Result<(), ConfigError> {
        if !self.layer_types.is_empty() && self.layer_types.len() != self.num_hidden_layers {
            return Err(invalid(format!(
                "{} layer_types for {} layers",
                self.layer_types.len(),
                self.num_hidden_layers
            )));
        }
        let slides =
            (0..self.num_hidden_layers).any(|l| self.layer_type(l) == LayerType::SlidingAttention);
        match self.sliding_window {
            Some(0) => Err(invalid("sliding_window is 0")),
            None if slides => Err(invalid("sliding layers without a sliding_window")),
            _ => Ok(()),
        }
    }

    fn validate_experts(&self, e: &Experts) -> Result<(), ConfigError> {
        if e.count == 0 || e.per_token == 0 || e.width == 0 {
            return Err(invalid(format!(
                "experts: count {}, per token {}, width {} (each must be positive)",
                e.count, e.per_token, e.width
            )));
        }
        if e.per_token > e.count {
            return Err(invalid(format!(
                "{} experts per token of {} experts",
                e.per_token, e.count
            )));
        }
        if e.routing == Routing::TopKSoftmax && e.renormalize {
            return Err(invalid(
                "experts renormalised after a softmax over the top k (already a distribution)",
            ));
        }
        if e.shared.as_ref().is_some_and(|s| s.width == 0) {
            return Err(invalid("shared expert width is 0"));
        }
        if let Some(&l) = e
            .dense_layers
            .iter()
            .find(|&&l| l >= self.num_hidden_layers)
        {
            return Err(invalid(format!(
                "dense MLP layer {l} of {} layers",
                self.num_hidden_layers
            )));
        }
        if !e.dense_layers.windows(2).all(|w| w[0] < w[1]) {
            return Err(invalid("dense MLP layers not ascending and distinct"));
        }
        Ok(())
    }

    fn validate_rope(&self, rope: &Rope) -> Result<(), ConfigError> {
        if !rope.theta.is_finite() || rope.theta <= 0.0 {
            return Err(invalid(format!(
                "rope_theta {} must be positive and finite",
                rope.theta
            )));
        }
        match &rope.scaling {
            Some(RopeScaling::Factors { factors }) if factors.len() != self.head_dim / 2 => {
                Err(invalid(format!(
                    "{} rope factors for head_dim {}",
                    factors.len(),
                    self.head_dim
                )))
            }
            Some(RopeScaling::Yarn {
                factor,
                original_max_position_embeddings,
                beta_fast,
                beta_slow,
                attention_factor,
                ..
            }) => {
                let positive = [
                    ("factor", *factor),
                    (
                        "original_max_position_embeddings",
                        *original_max_position_embeddings,
                    ),
                    ("beta_fast", *beta_fast),
                    ("beta_slow", *beta_slow),
                    ("attention_factor", *attention_factor),
                ];
                match positive.iter().find(|(_, v)| !v.is_finite() || *v <= 0.0) {
                    Some((name, v)) => Err(invalid(format!(
                        "yarn {name} {v} must be positive and finite"
                    ))),
                    None => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// RoPE inverse frequencies of full-attention layers, one per rotated pair, scaling applied.
    pub fn rope_inv_freq(&self) -> Vec<f32> {
        self.rope_inv_freq_for(LayerType::FullAttention)
    }

    /// RoPE inverse frequencies of layers of kind `kind`.
    pub fn rope_inv_freq_for(&self, kind: LayerType) -> Vec<f32> {
        rope::inv_freq(&self.rope(kind), self.head_dim)
    }

    /// The factor RoPE's cos and sin are multiplied by in layers of kind `kind` (YaRN's
    /// attention factor; 1 otherwise).
    pub fn rope_attention_factor_for(&self, kind: LayerType) -> f64 {
        match self.rope(kind).scaling {
            Some(RopeScaling::Yarn {
                attention_factor, ..
            }) => attention_factor,
            _ => 1.0,
        }
    }
}

#[cfg(test)]
mod tests;
