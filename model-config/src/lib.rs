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
    /// Head size and kv heads of the full-attention layers where they differ from
    /// `head_dim` and `num_key_value_heads`, which then describe the sliding layers (Gemma 4:
    /// 4 x 512 global against 16 x 256 sliding at 31B).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_attention_heads: Option<HeadShape>,
    /// Full-attention layers have no `v_proj`: their values are the k projection itself,
    /// taken before `k_norm` and RoPE (Gemma 4's `attention_k_eq_v`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub full_attention_value_is_key: bool,
    /// A weight-free RMSNorm over each value head before it is cached (Gemma 4).
    #[serde(default, skip_serializing_if = "is_false")]
    pub value_norm: bool,
    /// Logits become `cap * tanh(logits / cap)` (Gemma 4's `final_logit_softcapping`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_logit_softcap: Option<f64>,
    /// Each layer's output is multiplied by its learned `layer_scalar` (`[1]`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub layer_scalar: bool,
    /// The last this many layers compute no K and V: each attends over the cache of the last
    /// earlier layer of its own attention kind (Gemma 4 E2B/E4B's `num_kv_shared_layers`).
    #[serde(default, skip_serializing_if = "is_zero_usize")]
    pub kv_shared_layers: usize,
    /// The layers that read a shared cache have MLPs of twice `intermediate_size`
    /// (`use_double_wide_mlp`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub kv_shared_double_mlp: bool,
    /// Per-layer embeddings: a second token table feeding each layer a gated input of its own
    /// (Gemma 4 E2B/E4B).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_layer_input: Option<PerLayerInput>,
    /// The Gated DeltaNet of the layers whose [`LayerType`] is `LinearAttention` (Qwen 3.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_attention: Option<LinearAttention>,
    /// The q projection yields, per head, its queries and then as many gate values; the
    /// attention output is multiplied by `sigmoid(gate)` before `o_proj` (Qwen 3.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub attention_output_gate: bool,
    /// RoPE rotates only the first this many values of each head (rotate-half within them,
    /// frequencies over this width) and passes the rest through (`partial_rotary_factor`
    /// times `head_dim`, Qwen 3.5); `None`: the whole head.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotary_dim: Option<usize>,
}

/// Gated DeltaNet (Qwen 3.5's linear attention): per sequence a state of `value_heads`
/// matrices of `key_dim x value_dim` that decays and takes a delta-rule write per token, and a
/// causal depthwise convolution of `conv_kernel` taps over the q/k/v projection, whose last
/// `conv_kernel - 1` inputs are the second part of the sequence's state. Value head `h` reads
/// key head `h / (value_heads / key_heads)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LinearAttention {
    pub key_heads: usize,
    pub value_heads: usize,
    pub key_dim: usize,
    pub value_dim: usize,
    pub conv_kernel: usize,
    /// Value heads come in tiled order (llama.cpp's GGUF files): value head `j * K + k` reads
    /// key head `k`, where HF's grouped order has value head `k * r + j` read key head `k`
    /// (`r = value_heads / key_heads`). The order runs through every per-value-head tensor
    /// alike (the value rows of the q/k/v projection and of the convolution, the output
    /// gate's rows, the decay's and write strength's, the output projection's columns), so
    /// only which key head a value head reads depends on it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub value_heads_tiled: bool,
}

/// A Gated DeltaNet layer's parameters inside `model.layers.N.`, as HF names them, in the
/// order its layer function takes them: the fused q/k/v projection `[C, H]`, the output
/// gate's `[Hv*dv, H]`, the write strength's and the decay's `[Hv, H]`, the convolution
/// `[C, taps]` (HF stores `[C, 1, taps]`, the same values), the decay's bias and log rate
/// `[Hv]`, the output norm `[dv]` and the output projection `[H, Hv*dv]`.
pub const LINEAR_ATTENTION_PARAMETERS: [&str; 9] = [
    "linear_attn.in_proj_qkv.weight",
    "linear_attn.in_proj_z.weight",
    "linear_attn.in_proj_b.weight",
    "linear_attn.in_proj_a.weight",
    "linear_attn.conv1d.weight",
    "linear_attn.dt_bias",
    "linear_attn.A_log",
    "linear_attn.norm.weight",
    "linear_attn.out_proj.weight",
];

impl LinearAttention {
    /// Channels of the fused q/k/v projection the convolution runs over.
    pub fn conv_channels(&self) -> usize {
        2 * self.key_heads * self.key_dim + self.value_heads * self.value_dim
    }
}

/// The attention heads' geometry of one kind of layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeadShape {
    pub head_dim: usize,
    pub kv_heads: usize,
}

/// Per-layer embeddings (PLE). Each token gathers a row of `num_hidden_layers * width` from
/// `embed_tokens_per_layer` (`[vocab, L * width]`, scaled by sqrt(width)); the scaled token
/// embedding is projected to the same width (`per_layer_model_projection`, times
/// hidden^-1/2) and RMS-normed per layer slice (`per_layer_projection_norm`); the two are
/// summed and scaled by 2^-1/2. After its MLP, layer l adds
/// `RMSNorm(per_layer_projection(gelu(per_layer_input_gate(x)) * input_l))`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerLayerInput {
    /// Values per layer (`hidden_size_per_layer_input`).
    pub width: usize,
    /// Rows of the per-layer table (`vocab_size_per_layer_input`).
    pub vocab: usize,
}

/// Whose K and V cache a layer attends over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KvSource {
    /// Its own: it projects, writes and reads them.
    Own,
    /// Layer `from`'s, read only (see [`ModelConfig::kv_shared_layers`]).
    Shared { from: usize },
}

/// What decides one layer's weights and graph besides their stored formats: layers that agree
/// share a layer function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LayerShape {
    pub attention: LayerType,
    pub heads: HeadShape,
    /// Whether it reads another layer's cache (the layer it reads is not part of the shape).
    pub shared_kv: bool,
    /// No `v_proj`: values are the k projection.
    pub value_is_key: bool,
    pub mlp: MlpKind,
    /// The dense MLP's width.
    pub mlp_width: usize,
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
    /// Gemma 4 (26B-A4B): the router reads the layer's input (the residual, before the MLP's
    /// norm) through a weight-free RMSNorm, times its learned `mlp.router_scale` (`[H]`) and
    /// hidden^-1/2; each chosen expert's weight is then multiplied by its
    /// `mlp.per_expert_scale` (`[E]`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub scaled_router: bool,
    /// Gemma 4 (26B-A4B): the layer's dense MLP (`intermediate_size`) runs beside the experts,
    /// each between its own norms (`pre_feedforward_layernorm` and
    /// `post_feedforward_layernorm_1` around the dense one, `pre_feedforward_layernorm_2` and
    /// `post_feedforward_layernorm_2` around the experts); their sum is the MLP's output.
    #[serde(default, skip_serializing_if = "is_false")]
    pub dense_beside: bool,
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
    /// Gemma 3's layout with `x * w` norms, per-kind heads, values from keys on global layers,
    /// proportional RoPE, a logit cap, per-layer scalars, and (E2B/E4B) per-layer inputs and
    /// shared caches.
    Gemma4,
    /// Gated DeltaNet layers with gated full attention every fourth layer, partial RoPE,
    /// `1 + w` norms.
    Qwen35,
    /// Qwen 3.5's layers with experts and a sigmoid-gated shared expert.
    Qwen35Moe,
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
            "gemma4_text" | "gemma4" => Family::Gemma4,
            "qwen3_5_text" | "qwen3_5" | "qwen35" => Family::Qwen35,
            "qwen3_5_moe_text" | "qwen3_5_moe" | "qwen35moe" => Family::Qwen35Moe,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LayerType {
    FullAttention,
    SlidingAttention,
    /// Gated DeltaNet: a recurrent state per sequence instead of a KV cache (see
    /// [`LinearAttention`]).
    LinearAttention,
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

fn is_zero_usize(x: &usize) -> bool {
    *x == 0
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
    /// Proportional RoPE (Gemma 4's global layers): only the first
    /// `floor(partial_rotary_factor * head_dim / 2)` pairs rotate, with exponents over the
    /// whole head (`theta^(-2i/head_dim)`); the other pairs keep frequency 0, so they pass
    /// unrotated. Every frequency is divided by `factor`.
    Proportional {
        partial_rotary_factor: f64,
        factor: f64,
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
            self.validate_rope(&self.rope(kind), self.rotated(kind))?;
        }
        self.validate_gemma4_switches()
    }

    /// The switches Gemma 4 brought: per-kind heads, shared caches, the logit cap, per-layer
    /// inputs.
    fn validate_gemma4_switches(&self) -> Result<(), ConfigError> {
        if let Some(HeadShape { head_dim, kv_heads }) = self.full_attention_heads {
            if head_dim == 0 || head_dim % 2 == 1 || kv_heads == 0 {
                return Err(invalid(format!(
                    "full-attention heads of {head_dim} values, {kv_heads} kv heads (an even \
                     head size and at least one kv head)"
                )));
            }
            if !self.num_attention_heads.is_multiple_of(kv_heads) {
                return Err(invalid(format!(
                    "{} attention heads are not a multiple of the full-attention layers' {} kv \
                     heads",
                    self.num_attention_heads, kv_heads
                )));
            }
        }
        if self.kv_shared_layers >= self.num_hidden_layers {
            return Err(invalid(format!(
                "{} of {} layers share caches (the first must compute its own)",
                self.kv_shared_layers, self.num_hidden_layers
            )));
        }
        let first_shared = self.num_hidden_layers - self.kv_shared_layers;
        if let Some(l) = (first_shared..self.num_hidden_layers)
            .find(|&l| !(0..first_shared).any(|e| self.layer_type(e) == self.layer_type(l)))
        {
            return Err(invalid(format!(
                "layer {l} shares the cache of an earlier {:?} layer, and there is none",
                self.layer_type(l)
            )));
        }
        if let Some(cap) = self.final_logit_softcap {
            if !cap.is_finite() || cap <= 0.0 {
                return Err(invalid(format!(
                    "final logit softcap {cap} (positive, finite)"
                )));
            }
        }
        if let Some(PerLayerInput { width, vocab }) = self.per_layer_input {
            if width == 0 || vocab == 0 {
                return Err(invalid(format!(
                    "per-layer inputs of width {width} from {vocab} rows (both positive)"
                )));
            }
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
            Some(0) => return Err(invalid("sliding_window is 0")),
            None if slides => return Err(invalid("sliding layers without a sliding_window")),
            _ => {}
        }
        self.validate_linear_attention()
    }

    /// Qwen 3.5's switches: DeltaNet geometry where linear layers exist, partial RoPE.
    fn validate_linear_attention(&self) -> Result<(), ConfigError> {
        let linear =
            (0..self.num_hidden_layers).any(|l| self.layer_type(l) == LayerType::LinearAttention);
        match (&self.linear_attention, linear) {
            (None, true) => return Err(invalid("linear-attention layers without their geometry")),
            (Some(a), _) => {
                let sizes = [a.key_heads, a.value_heads, a.key_dim, a.value_dim];
                if sizes.contains(&0) || a.conv_kernel < 2 {
                    return Err(invalid(format!(
                        "linear attention of {} key heads x {}, {} value heads x {}, a \
                         convolution of {} taps (sizes positive, at least 2 taps)",
                        a.key_heads, a.key_dim, a.value_heads, a.value_dim, a.conv_kernel
                    )));
                }
                if !a.value_heads.is_multiple_of(a.key_heads) {
                    return Err(invalid(format!(
                        "{} linear-attention value heads are not a multiple of {} key heads",
                        a.value_heads, a.key_heads
                    )));
                }
            }
            (None, false) => {}
        }
        if let Some(r) = self.rotary_dim {
            let widest = self.heads_of(LayerType::FullAttention).head_dim;
            if r == 0 || r % 2 == 1 || r > self.head_dim.min(widest) {
                return Err(invalid(format!(
                    "RoPE over {r} values of heads of {} (even, positive, at most the head)",
                    self.head_dim
                )));
            }
        }
        Ok(())
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

    fn validate_rope(&self, rope: &Rope, head_dim: usize) -> Result<(), ConfigError> {
        if !rope.theta.is_finite() || rope.theta <= 0.0 {
            return Err(invalid(format!(
                "rope_theta {} must be positive and finite",
                rope.theta
            )));
        }
        match &rope.scaling {
            Some(RopeScaling::Factors { factors }) if factors.len() != head_dim / 2 => {
                Err(invalid(format!(
                    "{} rope factors for head_dim {head_dim}",
                    factors.len(),
                )))
            }
            Some(RopeScaling::Proportional {
                partial_rotary_factor: p,
                factor,
            }) if !(*p > 0.0 && *p <= 1.0 && factor.is_finite() && *factor > 0.0) => {
                Err(invalid(format!(
                    "proportional RoPE over {p} of the head, factor {factor} (a fraction in \
                     (0, 1] and a positive factor)"
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
        rope::inv_freq(&self.rope(kind), self.rotated(kind))
    }

    /// Values of each head RoPE rotates in layers of kind `kind`.
    pub fn rotated(&self, kind: LayerType) -> usize {
        let head_dim = self.heads_of(kind).head_dim;
        self.rotary_dim.map_or(head_dim, |r| r.min(head_dim))
    }

    /// The head geometry of layers of kind `kind`.
    pub fn heads_of(&self, kind: LayerType) -> HeadShape {
        match (kind, self.full_attention_heads) {
            (LayerType::FullAttention, Some(shape)) => shape,
            _ => HeadShape {
                head_dim: self.head_dim,
                kv_heads: self.num_key_value_heads,
            },
        }
    }

    /// Whose cache `layer` attends over: a shared layer reads the last unshared layer of its
    /// own attention kind.
    pub fn kv_source(&self, layer: usize) -> KvSource {
        let first_shared = self.num_hidden_layers - self.kv_shared_layers;
        if layer < first_shared {
            return KvSource::Own;
        }
        let kind = self.layer_type(layer);
        match (0..first_shared)
            .rev()
            .find(|&l| self.layer_type(l) == kind)
        {
            Some(from) => KvSource::Shared { from },
            // `validate` refuses such a config.
            None => KvSource::Own,
        }
    }

    /// What layer `layer`'s weights and graph are made of.
    pub fn layer_shape(&self, layer: usize) -> LayerShape {
        let attention = self.layer_type(layer);
        let shared_kv = self.kv_source(layer) != KvSource::Own;
        let mlp_width = match shared_kv && self.kv_shared_double_mlp {
            true => 2 * self.intermediate_size,
            false => self.intermediate_size,
        };
        LayerShape {
            attention,
            heads: self.heads_of(attention),
            shared_kv,
            value_is_key: self.full_attention_value_is_key && attention == LayerType::FullAttention,
            mlp: self.mlp_kind(layer),
            mlp_width,
        }
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
