//! GGUF (llama.cpp) tensor names <-> HF transformers names, for the Llama family, the
//! families whose layers add post-norms (Gemma) and mixtures of experts.
//!
//! An experts layer's parameters, in the names and numpy shapes a parameter file holds them
//! (E experts of width W, hidden size H; see [`ExpertPart`] for where they come from):
//! `mlp.gate.weight` `[E, H]` (the router), `mlp.experts.{gate,up}_proj.weight` `[E, W, H]`,
//! `mlp.experts.down_proj.weight` `[E, H, W]`; with a shared expert (width Ws)
//! `mlp.shared_expert.{gate,up}_proj.weight` `[Ws, H]`, `mlp.shared_expert.down_proj.weight`
//! `[H, Ws]` and `mlp.shared_expert_gate.weight` `[1, H]`.

/// Per-layer parts: (GGUF name inside `blk.N.`, HF name inside `model.layers.N.`).
const LAYER_PARTS: &[(&str, &str)] = &[
    ("attn_q", "self_attn.q_proj"),
    ("attn_k", "self_attn.k_proj"),
    ("attn_v", "self_attn.v_proj"),
    ("attn_output", "self_attn.o_proj"),
    ("ffn_gate", "mlp.gate_proj"),
    ("ffn_up", "mlp.up_proj"),
    ("ffn_down", "mlp.down_proj"),
    ("attn_norm", "input_layernorm"),
    ("ffn_norm", "post_attention_layernorm"),
    ("attn_q_norm", "self_attn.q_norm"),
    ("attn_k_norm", "self_attn.k_norm"),
    // Gemma 4's experts layers: norms after the dense MLP, before and after the experts.
    ("post_ffw_norm_1", "post_feedforward_layernorm_1"),
    ("pre_ffw_norm_2", "pre_feedforward_layernorm_2"),
    ("post_ffw_norm_2", "post_feedforward_layernorm_2"),
    // Gemma 4's per-layer inputs: the gate of the hidden state, the projection back, its norm.
    ("inp_gate", "per_layer_input_gate"),
    ("proj", "per_layer_projection"),
    ("post_norm", "post_per_layer_input_norm"),
];

/// Per-layer parts of experts layers (with their biases, gpt-oss's). llama.cpp stacks each projection's experts
/// in one 3-D tensor, `[E, out, in]` in numpy order, as the parameter file keeps them; its
/// `ffn_gate_inp_shexp` is a vector where HF has a `[1, H]` matrix (same values).
const EXPERT_PARTS: &[(&str, &str)] = &[
    ("ffn_gate_inp", "mlp.gate"),
    ("ffn_gate_exps", "mlp.experts.gate_proj"),
    ("ffn_up_exps", "mlp.experts.up_proj"),
    ("ffn_down_exps", "mlp.experts.down_proj"),
    ("ffn_gate_shexp", "mlp.shared_expert.gate_proj"),
    ("ffn_up_shexp", "mlp.shared_expert.up_proj"),
    ("ffn_down_shexp", "mlp.shared_expert.down_proj"),
    ("ffn_gate_inp_shexp", "mlp.shared_expert_gate"),
];

/// llama.cpp's fused gate and up experts: `[E, 2W, H]`, each expert's gate rows first.
pub const FUSED_GATE_UP_EXPERTS: &str = "ffn_gate_up_exps";

/// Where layers norm both before and after attention and the MLP, llama.cpp's `ffn_norm` is
/// the norm before the MLP, and HF's `post_attention_layernorm` the one after attention (in
/// Llama layers it is the norm before the MLP). These take precedence over [`LAYER_PARTS`].
const POST_NORM_PARTS: &[(&str, &str)] = &[
    ("ffn_norm", "pre_feedforward_layernorm"),
    ("post_attention_norm", "post_attention_layernorm"),
    ("post_ffw_norm", "post_feedforward_layernorm"),
];

/// Where layers norm only before attention and the MLP, llama.cpp names the norm before the MLP
/// `post_attention_norm` in some architectures (gpt-oss) and `ffn_norm` in most.
const PRE_NORM_PARTS: &[(&str, &str)] = &[("post_attention_norm", "post_attention_layernorm")];

/// Model-level tensors, without the `.weight` suffix.
const GLOBAL_PARTS: &[(&str, &str)] = &[
    ("token_embd", "model.embed_tokens"),
    ("output_norm", "model.norm"),
    ("output", "lm_head"),
    // Gemma 4's per-layer inputs: their token table, the projection of the token embedding
    // to them, and its norm.
    ("per_layer_token_embd", "model.embed_tokens_per_layer"),
    ("per_layer_model_proj", "model.per_layer_model_projection"),
    ("per_layer_proj_norm", "model.per_layer_projection_norm"),
];

const SUFFIXES: &[&str] = &["weight", "bias"];

/// Gemma 4's scaled router, stored with a `.scale` suffix in GGUF files: (GGUF stem, HF bare
/// name). The router's input scale, and each expert's output scale.
const SCALE_PARTS: &[(&str, &str)] = &[
    ("ffn_gate_inp", "mlp.router_scale"),
    ("ffn_down_exps", "mlp.per_expert_scale"),
];

/// Per-layer parameters HF names without a `.weight` suffix: (GGUF stem, HF name). gpt-oss's
/// attention sinks, one logit per head; Gemma 4's layer output scalar.
const BARE_PARTS: &[(&str, &str)] = &[
    ("attn_sinks", "self_attn.sinks"),
    ("layer_output_scale", "layer_scalar"),
];

/// A Gated DeltaNet layer's parameters (Qwen 3.5), inside `model.layers.N.`, as HF names them
/// and the parameter file keeps them (the convolution as `[C, taps]`, see [`LINEAR_CONV`]).
use model_config::LINEAR_ATTENTION_PARAMETERS as LINEAR_PARTS;

/// A Gated DeltaNet layer's tensors as llama.cpp's converter names them (Qwen 3.5's `qwen35`,
/// `qwen35moe`): (GGUF name inside `blk.N.`, HF name inside `model.layers.N.`). `ssm_a` has
/// no suffix (HF's `A_log`, stored as `-exp(A_log)`), `ssm_dt.bias` is HF's `dt_bias`, the
/// convolution is already `[C, taps]`. The converter also tiles the value heads; see
/// `GgufModel`, which undoes its value transforms.
const LINEAR_GGUF_PARTS: &[(&str, &str)] = &[
    ("attn_qkv.weight", "linear_attn.in_proj_qkv.weight"),
    ("attn_gate.weight", "linear_attn.in_proj_z.weight"),
    ("ssm_beta.weight", "linear_attn.in_proj_b.weight"),
    ("ssm_alpha.weight", "linear_attn.in_proj_a.weight"),
    ("ssm_conv1d.weight", "linear_attn.conv1d.weight"),
    ("ssm_dt.bias", "linear_attn.dt_bias"),
    ("ssm_a", "linear_attn.A_log"),
    ("ssm_norm.weight", "linear_attn.norm.weight"),
    ("ssm_out.weight", "linear_attn.out_proj.weight"),
];

/// The HF name of a Gated DeltaNet tensor of a GGUF file (see [`LINEAR_GGUF_PARTS`]); `None`
/// for other names. Only models with linear attention read these names: elsewhere
/// `attn_qkv` is another architecture's fused projection.
pub fn gguf_linear_to_hf(name: &str) -> Option<String> {
    let (layer, part) = split_layer(name, "blk.")?;
    let &(_, hf) = LINEAR_GGUF_PARTS.iter().find(|(g, _)| *g == part)?;
    Some(format!("model.layers.{layer}.{hf}"))
}

/// The DeltaNet's depthwise convolution, `[C, 1, taps]` in HF checkpoints.
pub const LINEAR_CONV: &str = ".linear_attn.conv1d.weight";

/// Top-level names of a checkpoint saved from the base model class rather than the causal LM:
/// sentence-transformers saves its Transformer module so (Qwen3-Embedding's files name
/// `embed_tokens.weight`, `layers.0...`, `norm.weight`, and have no LM head).
const BASE_MODEL_PREFIXES: &[&str] = &["embed_tokens.", "layers.", "norm."];

/// The text model's name for a tensor of a multimodal checkpoint: Gemma 4's `gemma4` keeps the
/// text model under `model.language_model.` (`model.` in a text-only checkpoint), and a base
/// model's checkpoint at the top (see [`BASE_MODEL_PREFIXES`]). `None` for the vision and
/// audio towers and their projections, which text generation does not read.
pub fn text_model_name(name: &str) -> Option<String> {
    const TOWERS: &[&str] = &[
        "model.vision_tower.",
        "model.audio_tower.",
        "model.embed_vision.",
        "model.embed_audio.",
        "model.multi_modal_projector.",
    ];
    if TOWERS.iter().any(|t| name.starts_with(t)) {
        return None;
    }
    if BASE_MODEL_PREFIXES.iter().any(|p| name.starts_with(p)) {
        return Some(format!("model.{name}"));
    }
    Some(match name.strip_prefix("model.language_model.") {
        Some(rest) => format!("model.{rest}"),
        None => name.to_string(),
    })
}

/// Which rotary projection a tensor is: GGUF stores their rows permuted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RopeRole {
    Query,
    Key,
}

/// How a model's layers place their norms, which decides what some names mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NormPlacement {
    /// One norm before attention and one before the MLP (Llama).
    Pre,
    /// Norms before and after both attention and the MLP (Gemma 2/3).
    PreAndPost,
}

impl NormPlacement {
    pub fn of(config: &model_config::ModelConfig) -> NormPlacement {
        match config.post_norms {
            true => NormPlacement::PreAndPost,
            false => NormPlacement::Pre,
        }
    }
}

/// HF name for a GGUF tensor name, or None when the name is not part of the model.
pub fn gguf_to_hf(name: &str, norms: NormPlacement) -> Option<String> {
    let (stem, suffix) = name.rsplit_once('.')?;
    if suffix == "scale" {
        let (layer, part) = split_layer(stem, "blk.")?;
        let &(_, hf) = SCALE_PARTS.iter().find(|(g, _)| *g == part)?;
        return Some(format!("model.layers.{layer}.{hf}"));
    }
    if !SUFFIXES.contains(&suffix) {
        return None;
    }
    if let Some(&(_, hf)) = GLOBAL_PARTS.iter().find(|(g, _)| *g == stem) {
        return Some(format!("{hf}.{suffix}"));
    }
    let (layer, part) = split_layer(stem, "blk.")?;
    if let Some(&(_, hf)) = BARE_PARTS.iter().find(|(g, _)| *g == part) {
        return (suffix == "weight").then(|| format!("model.layers.{layer}.{hf}"));
    }
    let post = match norms {
        NormPlacement::PreAndPost => POST_NORM_PARTS,
        NormPlacement::Pre => &[],
    };
    let pre = match norms {
        NormPlacement::Pre => PRE_NORM_PARTS,
        NormPlacement::PreAndPost => &[],
    };
    let parts = post
        .iter()
        .chain(pre)
        .chain(LAYER_PARTS)
        .chain(EXPERT_PARTS);
    let &(_, hf) = parts.into_iter().find(|(g, _)| *g == part)?;
    Some(format!("model.layers.{layer}.{hf}.{suffix}"))
}

/// Where a parameter of an experts layer comes from in an HF checkpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpertPart {
    /// One expert's matrix of a projection (`mlp.experts.N.gate_proj.weight`, Mixtral's
    /// `block_sparse_moe.experts.N.w1.weight`), stacked in expert order into `name`.
    OneExpert { name: String, expert: usize },
    /// transformers 5's fused `mlp.experts.gate_up_proj` `[E, 2W, H]` (gate rows first of each
    /// expert), split into `gate` and `up`.
    FusedGateUp { gate: String, up: String },
    /// A tensor kept whole under another name (Mixtral's `block_sparse_moe.gate.weight`,
    /// transformers 5's `mlp.experts.down_proj`).
    Renamed(String),
    /// gpt-oss's experts `[E, in, out]` (biases `[E, out]`): each part takes every
    /// `parts.len()`-th output column, transposed (see `Assembly::ExpertColumns`).
    Columns(Vec<String>),
}

/// How an HF checkpoint of fused experts lays them out, which its `model_type` decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FusedExperts {
    /// transformers 5's MoE classes: `gate_up_proj` `[E, 2W, H]`, each expert's gate rows
    /// first, and `down_proj` `[E, H, W]`.
    Rows,
    /// gpt-oss: `gate_up_proj` `[E, H, 2W]` with gate and up columns interleaved,
    /// `down_proj` `[E, W, H]`, biases beside them, and the router named `mlp.router`.
    InterleavedColumns,
}

impl FusedExperts {
    pub fn of_model_type(model_type: Option<&str>) -> FusedExperts {
        match model_type {
            Some("gpt_oss") => FusedExperts::InterleavedColumns,
            _ => FusedExperts::Rows,
        }
    }
}

/// The parameter-file origin of an HF checkpoint's experts tensor; `None` for other names.
pub fn hf_expert_part(name: &str, fused: FusedExperts) -> Option<ExpertPart> {
    let (layer, rest) = split_layer(name, "model.layers.")?;
    let out = |proj: &str| format!("model.layers.{layer}.mlp.experts.{proj}.weight");
    if fused == FusedExperts::InterleavedColumns {
        return gpt_oss_expert_part(layer, rest);
    }
    if let Some(rest) = rest.strip_prefix("block_sparse_moe.") {
        if rest == "gate.weight" {
            return Some(ExpertPart::Renamed(format!(
                "model.layers.{layer}.mlp.gate.weight"
            )));
        }
        let (expert, proj) = rest.strip_prefix("experts.")?.split_once('.')?;
        let proj = match proj {
            "w1.weight" => "gate_proj",
            "w3.weight" => "up_proj",
            "w2.weight" => "down_proj",
            _ => return None,
        };
        let expert = expert.parse().ok()?;
        return Some(ExpertPart::OneExpert {
            name: out(proj),
            expert,
        });
    }
    // Gemma 4 keeps its router and experts beside `mlp`, the router's scales with it.
    match rest {
        "router.proj.weight" => {
            return Some(ExpertPart::Renamed(format!(
                "model.layers.{layer}.mlp.gate.weight"
            )))
        }
        "router.scale" => {
            return Some(ExpertPart::Renamed(format!(
                "model.layers.{layer}.mlp.router_scale"
            )))
        }
        "router.per_expert_scale" => {
            return Some(ExpertPart::Renamed(format!(
                "model.layers.{layer}.mlp.per_expert_scale"
            )))
        }
        "experts.gate_up_proj" => {
            return Some(ExpertPart::FusedGateUp {
                gate: out("gate_proj"),
                up: out("up_proj"),
            })
        }
        "experts.down_proj" => return Some(ExpertPart::Renamed(out("down_proj"))),
        _ => {}
    }
    match rest.strip_prefix("mlp.experts.")? {
        "gate_up_proj" => Some(ExpertPart::FusedGateUp {
            gate: out("gate_proj"),
            up: out("up_proj"),
        }),
        "down_proj" => Some(ExpertPart::Renamed(out("down_proj"))),
        rest => {
            let (expert, proj) = rest.split_once('.')?;
            let proj = proj.strip_suffix(".weight")?;
            if !matches!(proj, "gate_proj" | "up_proj" | "down_proj") {
                return None;
            }
            let expert = expert.parse().ok()?;
            Some(ExpertPart::OneExpert {
                name: out(proj),
                expert,
            })
        }
    }
}

fn gpt_oss_expert_part(layer: u32, rest: &str) -> Option<ExpertPart> {
    let name = |part: &str| format!("model.layers.{layer}.mlp.{part}");
    let gate_up = |suffix: &str| {
        ExpertPart::Columns(vec![
            name(&format!("experts.gate_proj.{suffix}")),
            name(&format!("experts.up_proj.{suffix}")),
        ])
    };
    Some(match rest.strip_prefix("mlp.")? {
        "router.weight" => ExpertPart::Renamed(name("gate.weight")),
        "router.bias" => ExpertPart::Renamed(name("gate.bias")),
        "experts.gate_up_proj" => gate_up("weight"),
        "experts.gate_up_proj_bias" => gate_up("bias"),
        "experts.down_proj" => ExpertPart::Columns(vec![name("experts.down_proj.weight")]),
        "experts.down_proj_bias" => ExpertPart::Renamed(name("experts.down_proj.bias")),
        _ => return None,
    })
}

/// Whether an HF tensor name is a Llama parameter this crate knows how to place.
pub fn is_known_hf_name(name: &str) -> bool {
    if split_layer(name, "model.layers.").is_some_and(|(_, part)| {
        BARE_PARTS.iter().any(|(_, hf)| *hf == part) || LINEAR_PARTS.contains(&part)
    }) {
        return true;
    }
    let Some((stem, suffix)) = name.rsplit_once('.') else {
        return false;
    };
    if !SUFFIXES.contains(&suffix) {
        return false;
    }
    if GLOBAL_PARTS.iter().any(|(_, hf)| *hf == stem) {
        return true;
    }
    // Expert biases reach the parameters only through [`hf_expert_part`] (gpt-oss): in other
    // checkpoints they are tensors the graphs would not read.
    let experts = match suffix {
        "weight" => EXPERT_PARTS,
        _ => &[],
    };
    split_layer(stem, "model.layers.").is_some_and(|(_, part)| {
        (LAYER_PARTS.iter().chain(POST_NORM_PARTS).chain(experts)).any(|(_, hf)| *hf == part)
    })
}

/// Non-parameter buffers some HF checkpoints carry; recomputed from the config at run time.
pub fn is_ignored_hf_name(name: &str) -> bool {
    name.ends_with(".rotary_emb.inv_freq")
}

pub fn rope_role(gguf_name: &str) -> Option<RopeRole> {
    let (stem, suffix) = gguf_name.rsplit_once('.')?;
    let (_, part) = split_layer(stem, "blk.")?;
    match (part, suffix) {
        ("attn_q", "weight") => Some(RopeRole::Query),
        ("attn_k", "weight") => Some(RopeRole::Key),
        _ => None,
    }
}

/// `<prefix>N.rest` -> (N, rest)
fn split_layer<'a>(stem: &'a str, prefix: &str) -> Option<(u32, &'a str)> {
    let (layer, part) = stem.strip_prefix(prefix)?.split_once('.')?;
    Some((layer.parse().ok()?, part))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_base_model_checkpoint_under_the_causal_lm_names() {
        for (stored, name) in [
            ("embed_tokens.weight", "model.embed_tokens.weight"),
            (
                "layers.3.self_attn.q_proj.weight",
                "model.layers.3.self_attn.q_proj.weight",
            ),
            ("norm.weight", "model.norm.weight"),
            ("model.norm.weight", "model.norm.weight"),
            ("lm_head.weight", "lm_head.weight"),
        ] {
            assert_eq!(text_model_name(stored).as_deref(), Some(name), "{stored}");
        }
    }

    #[test]
    fn maps_every_llama_tensor() {
        let cases = [
            ("token_embd.weight", "model.embed_tokens.weight"),
            ("output_norm.weight", "model.norm.weight"),
            ("output.weight", "lm_head.weight"),
            (
                "blk.0.attn_q.weight",
                "model.layers.0.self_attn.q_proj.weight",
            ),
            (
                "blk.12.attn_k.weight",
                "model.layers.12.self_attn.k_proj.weight",
            ),
            (
                "blk.3.attn_v.weight",
                "model.layers.3.self_attn.v_proj.weight",
            ),
            (
                "blk.3.attn_output.weight",
                "model.layers.3.self_attn.o_proj.weight",
            ),
            (
                "blk.29.ffn_gate.weight",
                "model.layers.29.mlp.gate_proj.weight",
            ),
            ("blk.29.ffn_up.weight", "model.layers.29.mlp.up_proj.weight"),
            (
                "blk.29.ffn_down.weight",
                "model.layers.29.mlp.down_proj.weight",
            ),
            (
                "blk.1.attn_norm.weight",
                "model.layers.1.input_layernorm.weight",
            ),
            (
                "blk.1.ffn_norm.weight",
                "model.layers.1.post_attention_layernorm.weight",
            ),
            ("blk.1.attn_q.bias", "model.layers.1.self_attn.q_proj.bias"),
        ];
        for (g, hf) in cases {
            assert_eq!(
                gguf_to_hf(g, NormPlacement::Pre).as_deref(),
                Some(hf),
                "{g}"
            );
            assert!(is_known_hf_name(hf), "{hf}");
        }
    }

    #[test]
    fn maps_post_norm_layers_as_gemma_does() {
        let cases = [
            ("blk.2.attn_norm.weight", "input_layernorm"),
            (
                "blk.2.post_attention_norm.weight",
                "post_attention_layernorm",
            ),
            ("blk.2.ffn_norm.weight", "pre_feedforward_layernorm"),
            ("blk.2.post_ffw_norm.weight", "post_feedforward_layernorm"),
            ("blk.2.attn_q_norm.weight", "self_attn.q_norm"),
            ("blk.2.ffn_gate.weight", "mlp.gate_proj"),
        ];
        for (g, part) in cases {
            let hf = gguf_to_hf(g, NormPlacement::PreAndPost).unwrap();
            assert!(
                hf.starts_with(&format!("model.layers.2.{part}.")),
                "{g}: {hf}"
            );
            assert!(is_known_hf_name(&hf), "{hf}");
        }
        // Llama layers have no post-norms.
        assert_eq!(
            gguf_to_hf("blk.2.post_ffw_norm.weight", NormPlacement::Pre),
            None
        );
    }

    #[test]
    fn rejects_unknown_names() {
        for g in [
            "rope_freqs.weight",
            "blk.x.attn_q.weight",
            "blk.0.attn_qkv.weight",
            "token_embd.scale",
            "output",
        ] {
            assert_eq!(gguf_to_hf(g, NormPlacement::Pre), None, "{g}");
        }
        assert!(!is_known_hf_name(
            "model.layers.0.self_attn.qkv_proj.weight"
        ));
        assert!(!is_known_hf_name("model.layers.zero.mlp.up_proj.weight"));
        assert!(is_ignored_hf_name(
            "model.layers.0.self_attn.rotary_emb.inv_freq"
        ));
    }

    #[test]
    fn maps_experts_layers() {
        for (g, part) in EXPERT_PARTS {
            let hf = gguf_to_hf(&format!("blk.3.{g}.weight"), NormPlacement::Pre).unwrap();
            assert_eq!(hf, format!("model.layers.3.{part}.weight"));
            assert!(is_known_hf_name(&hf), "{hf}");
            // Router and expert biases (gpt-oss) sit beside their weights.
            let bias = gguf_to_hf(&format!("blk.3.{g}.bias"), NormPlacement::Pre).unwrap();
            assert_eq!(bias, format!("model.layers.3.{part}.bias"));
        }
        assert_eq!(
            gguf_to_hf("blk.2.attn_sinks.weight", NormPlacement::Pre).as_deref(),
            Some("model.layers.2.self_attn.sinks")
        );
        assert!(is_known_hf_name("model.layers.2.self_attn.sinks"));
        assert_eq!(
            gguf_to_hf("blk.2.post_attention_norm.weight", NormPlacement::Pre).as_deref(),
            Some("model.layers.2.post_attention_layernorm.weight")
        );
        let gpt_oss = FusedExperts::InterleavedColumns;
        assert_eq!(
            hf_expert_part("model.layers.1.mlp.router.bias", gpt_oss),
            Some(ExpertPart::Renamed("model.layers.1.mlp.gate.bias".into()))
        );
        assert_eq!(
            hf_expert_part("model.layers.1.mlp.experts.gate_up_proj", gpt_oss),
            Some(ExpertPart::Columns(vec![
                "model.layers.1.mlp.experts.gate_proj.weight".into(),
                "model.layers.1.mlp.experts.up_proj.weight".into()
            ]))
        );
        assert_eq!(
            gguf_to_hf("blk.0.ffn_gate_inp_shexp.weight", NormPlacement::Pre).as_deref(),
            Some("model.layers.0.mlp.shared_expert_gate.weight")
        );
    }

    #[test]
    fn places_hf_expert_tensors() {
        let out = |p: &str| format!("model.layers.2.mlp.experts.{p}.weight");
        let one = |p: &str, expert| {
            Some(ExpertPart::OneExpert {
                name: out(p),
                expert,
            })
        };
        let cases = [
            ("mlp.experts.7.gate_proj.weight", one("gate_proj", 7)),
            ("mlp.experts.0.up_proj.weight", one("up_proj", 0)),
            ("mlp.experts.12.down_proj.weight", one("down_proj", 12)),
            ("block_sparse_moe.experts.1.w1.weight", one("gate_proj", 1)),
            ("block_sparse_moe.experts.1.w3.weight", one("up_proj", 1)),
            ("block_sparse_moe.experts.1.w2.weight", one("down_proj", 1)),
            (
                "block_sparse_moe.gate.weight",
                Some(ExpertPart::Renamed("model.layers.2.mlp.gate.weight".into())),
            ),
            (
                "mlp.experts.gate_up_proj",
                Some(ExpertPart::FusedGateUp {
                    gate: out("gate_proj"),
                    up: out("up_proj"),
                }),
            ),
            (
                "mlp.experts.down_proj",
                Some(ExpertPart::Renamed(out("down_proj"))),
            ),
            ("mlp.experts.1.gate_proj.bias", None),
            ("mlp.experts.x.gate_proj.weight", None),
            ("block_sparse_moe.experts.1.w4.weight", None),
            ("mlp.gate.weight", None),
            ("mlp.gate_proj.weight", None),
        ];
        for (name, part) in cases {
            assert_eq!(
                hf_expert_part(&format!("model.layers.2.{name}"), FusedExperts::Rows),
                part,
                "{name}"
            );
        }
    }

    #[test]
    fn maps_delta_net_tensors() {
        for (g, hf) in LINEAR_GGUF_PARTS {
            let name = gguf_linear_to_hf(&format!("blk.5.{g}")).unwrap();
            assert_eq!(name, format!("model.layers.5.{hf}"));
            assert!(LINEAR_PARTS.contains(hf), "{hf}");
            assert!(is_known_hf_name(&name), "{name}");
        }
        assert_eq!(gguf_linear_to_hf("blk.5.attn_q.weight"), None);
        assert_eq!(gguf_linear_to_hf("blk.5.ssm_a.weight"), None);
        assert_eq!(gguf_linear_to_hf("ssm_a"), None);
        // Outside linear-attention models the fused name stays unknown.
        assert_eq!(
            gguf_to_hf("blk.0.attn_qkv.weight", NormPlacement::Pre),
            None
        );
    }

    #[test]
    fn finds_rotary_projections() {
        assert_eq!(rope_role("blk.4.attn_q.weight"), Some(RopeRole::Query));
        assert_eq!(rope_role("blk.4.attn_k.weight"), Some(RopeRole::Key));
        assert_eq!(rope_role("blk.4.attn_k.bias"), None);
        assert_eq!(rope_role("blk.4.attn_v.weight"), None);
    }
}
