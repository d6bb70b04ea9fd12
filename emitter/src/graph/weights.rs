//! Weight parameters: HF names, their stored layouts and formats, and the module globals that
//! load them.

use super::grouped_kernel::weight_kernel;
use super::linear::{Several, Weight, WeightLayout};
use super::weight_format::{group_part, GroupFormat, WeightFormat, WeightFormats};
use crate::config::{LayerShape, LayerType, MlpKind, ModelConfig};
use crate::hlo::{ElemType, FuncBuilder, Global, GlobalInit, TensorType, Value};
use ::weight_format::FUSED_ROWS;
use serde::{Deserialize, Serialize};

/// The parameter scope the runtime binds the weight file to.
pub const PARAMETER_SCOPE: &str = "model";

/// One weight: its HF checkpoint name (also the global's symbol) and stored type.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub name: String,
    /// The stored type of a dense weight; the HF shape `[out, in]` (as f32) of a grouped one.
    pub ty: TensorType,
    /// Set when the weight is stored as codes and group maps.
    pub groups: Option<GroupFormat>,
    /// 4-bit codes are declared as bytes (two codes each, low nibble first, as stored) and
    /// split into one `i8` per code after loading: IREE's Metal code generation cannot load
    /// `i4` memory (`vector.bitcast` to `vector<2xi4>` fails to legalize).
    pub nibbles_as_bytes: bool,
}

impl Param {
    fn dense(name: String, ty: TensorType) -> Param {
        Param {
            name,
            ty,
            groups: None,
            nibbles_as_bytes: false,
        }
    }

    /// What the parameter file holds for this weight: `(name, stored type)` of the weight
    /// itself, or of each part of a grouped one (see [`GroupFormat::parts`]).
    pub fn parts(&self) -> Vec<(String, TensorType)> {
        match &self.groups {
            None => vec![(self.name.clone(), self.ty.clone())],
            Some(g) => group_parts(g, &self.ty.shape)
                .into_iter()
                .map(|(part, ty)| (group_part(&self.name, part), ty))
                .collect(),
        }
    }

    /// One global per part, each loaded from the parameter of the same name. `ui4` parts are
    /// declared `i4`, or bytes (see [`global_type`]).
    pub fn globals(&self) -> Vec<Global> {
        let global = |(name, ty): (String, TensorType)| Global {
            init: GlobalInit::Parameter {
                scope: PARAMETER_SCOPE.into(),
                key: name.clone(),
            },
            name,
            ty: global_type(&ty, self.nibbles_as_bytes),
        };
        self.parts().into_iter().map(global).collect()
    }

    /// Each part loaded from its global, as the layer function takes it (see [`loaded_type`]).
    pub fn load(&self, b: &mut FuncBuilder) -> crate::hlo::Result<Vec<Value>> {
        self.parts()
            .into_iter()
            .map(|(name, ty)| {
                let v = b.global_load(&name, &global_type(&ty, self.nibbles_as_bytes));
                if v.ty() == &ty {
                    Ok(v)
                } else if ty.elem == ElemType::Ui4 && self.nibbles_as_bytes {
                    split_nibbles(b, &v)
                } else {
                    b.bitcast_convert(&v, ty.elem)
                }
            })
            .collect()
    }

    /// Loaded from its globals: a dense weight widened to f32, or a grouped one as its parts,
    /// multiplying several tokens as `several` says.
    /// With `kernels`, a grouped weight the CPU kernels cover is multiplied by them.
    pub fn weight(
        &self,
        b: &mut FuncBuilder,
        several: Several,
        kernels: bool,
    ) -> crate::hlo::Result<Weight> {
        let mut parts = self.load(b)?;
        match self.groups {
            None => Ok(Weight::Dense(b.convert(&parts.remove(0), ElemType::F32))),
            Some(g) => {
                let kernel = weight_kernel(&g, kernels, &self.name)?;
                Weight::groups(parts, several, kernel)
            }
        }
    }

    pub fn format(&self) -> WeightFormat {
        match self.groups {
            None => WeightFormat::Dense(self.ty.elem),
            Some(g) => WeightFormat::Groups(g),
        }
    }
}

/// The parts of a grouped weight of HF shape `shape`: `[out, in]`, or `[E, out, in]` for
/// stacked experts, each expert stored as one weight and the experts one after another (a
/// leading dimension of E on every part).
pub(super) fn group_parts(g: &GroupFormat, shape: &[i64]) -> Vec<(&'static str, TensorType)> {
    match *shape {
        [experts, out, inp] => g
            .parts(out, inp)
            .into_iter()
            .map(|(part, ty)| {
                let shape: Vec<i64> = std::iter::once(experts).chain(ty.shape).collect();
                (part, TensorType::new(shape, ty.elem))
            })
            .collect(),
        _ => g.parts(shape[0], shape[1]),
    }
}

/// IREE's StableHLO input turns `ui4` into signless `i4` inside functions but not in global
/// declarations, so a `ui4` global fails to load; it is declared `i4` and reinterpreted after
/// loading, a same-width bitcast that folds away (the widening stays unsigned and fused).
/// With `nibbles_as_bytes` it is declared as the bytes that hold it, two codes per `i8`.
fn global_type(ty: &TensorType, nibbles_as_bytes: bool) -> TensorType {
    match ty.elem {
        ElemType::Ui4 if nibbles_as_bytes => {
            let mut shape = ty.shape.clone();
            let last = shape.len() - 1;
            shape[last] /= 2;
            TensorType::new(shape, ElemType::I8)
        }
        ElemType::Ui4 => ty.with_elem(ElemType::I4),
        _ => ty.clone(),
    }
}

/// A part's type as loaded: 4-bit codes split from their bytes are `i8` (values 0..=15, so
/// widening them gives the same numbers as widening `ui4`).
pub fn loaded_type(ty: &TensorType, nibbles_as_bytes: bool) -> TensorType {
    match ty.elem {
        ElemType::Ui4 if nibbles_as_bytes => ty.with_elem(ElemType::I8),
        _ => ty.clone(),
    }
}

/// `[.., n/2]` bytes to `[.., n]` codes, one per `i8`: code 2j is byte j's low nibble, code
/// 2j + 1 its high nibble (the order GGUF blocks and `ui4` tensors use).
fn split_nibbles(b: &mut FuncBuilder, bytes: &Value) -> crate::hlo::Result<Value> {
    let ty = bytes.ty().clone();
    let low = b.splat(ty.clone(), 15.0)?;
    let low = b.and(bytes, &low)?;
    let four = b.splat(ty.clone(), 4.0)?;
    let high = b.shift_right_logical(bytes, &four)?;
    let mut pairs = ty.shape.clone();
    pairs.push(1);
    let low = b.reshape(&low, &pairs)?;
    let high = b.reshape(&high, &pairs)?;
    let both = b.concatenate(&[&low, &high], ty.shape.len())?;
    let mut codes = ty.shape.clone();
    let last = codes.len() - 1;
    codes[last] *= 2;
    b.reshape(&both, &codes)
}

/// Whether the projections of one input are stored as one weight each or as one weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Projections {
    /// One weight each, as the checkpoint names them: the CPU's, whose kernels multiply a
    /// layer's q, k and v in one dispatch anyway.
    #[default]
    Apart,
    /// q, k and v as one weight of their rows one after another (`weight_format::FUSED_ROWS`,
    /// written by the loader's `fuse_rows`): one product, so one kernel on a GPU, where IREE
    /// 3.13 makes three products of one input three kernels (its horizontal fusion of
    /// contractions does not take them). Llama-3.2-1B shape on CUDA: 278 kernels a B = 1
    /// decode step before, 246 after. Read from rows only.
    Fused,
}

/// The suffixes of the weights of a decoder layer of shape `shape`, in the order the layer
/// function takes them: with [`Projections::Fused`], each fused weight whose parts the layer
/// has in place of its first part, and its other parts gone.
pub fn layer_suffixes(
    cfg: &ModelConfig,
    shape: &LayerShape,
    projections: Projections,
) -> Vec<String> {
    let suffixes = checkpoint_suffixes(cfg, shape);
    match projections {
        Projections::Apart => suffixes,
        Projections::Fused => fuse(suffixes),
    }
}

fn fuse(mut suffixes: Vec<String>) -> Vec<String> {
    for (fused, parts) in FUSED_ROWS {
        if !parts.iter().all(|p| suffixes.iter().any(|s| s == p)) {
            continue;
        }
        let first = suffixes.iter().position(|s| s == parts[0]);
        suffixes[first.expect("every part is there")] = fused.to_string();
        suffixes.retain(|s| !parts[1..].contains(&s.as_str()));
    }
    suffixes
}

/// The parts of the fused weight `suffix` (see [`Projections::Fused`]).
pub(super) fn fused_suffix_parts(suffix: &str) -> Option<&'static [&'static str]> {
    FUSED_ROWS
        .iter()
        .find(|(fused, _)| *fused == suffix)
        .map(|(_, parts)| *parts)
}

/// The weights of a layer as the checkpoint names them, in the layer function's order.
fn checkpoint_suffixes(cfg: &ModelConfig, shape: &LayerShape) -> Vec<String> {
    let mut s = vec!["input_layernorm.weight".to_string()];
    if shape.attention == LayerType::LinearAttention {
        s.extend(LINEAR_ATTENTION.map(String::from));
        s.push("post_attention_layernorm.weight".to_string());
        s.extend(mlp_suffixes(cfg, shape));
        return s;
    }
    let proj = |s: &mut Vec<String>, name: &str, bias: bool| {
        s.push(format!("{name}.weight"));
        if bias {
            s.push(format!("{name}.bias"));
        }
    };
    // A layer reading a shared cache projects only its queries.
    let mut qkv = vec!["self_attn.q_proj"];
    if !shape.shared_kv {
        qkv.push("self_attn.k_proj");
        if !shape.value_is_key {
            qkv.push("self_attn.v_proj");
        }
    }
    for name in qkv {
        proj(&mut s, name, cfg.qkv_bias);
    }
    if cfg.qk_norm {
        s.push("self_attn.q_norm.weight".to_string());
        if !shape.shared_kv {
            s.push("self_attn.k_norm.weight".to_string());
        }
    }
    proj(&mut s, "self_attn.o_proj", cfg.o_bias);
    if cfg.attention_sinks {
        s.push(SINKS.to_string());
    }
    // With post-norms, HF's `post_attention_layernorm` norms the attention output; without,
    // it is the norm before the MLP.
    s.push("post_attention_layernorm.weight".to_string());
    if cfg.post_norms {
        s.push("pre_feedforward_layernorm.weight".to_string());
    }
    s.extend(mlp_suffixes(cfg, shape));
    if cfg.post_norms {
        s.push("post_feedforward_layernorm.weight".to_string());
    }
    if shape.mlp == MlpKind::Experts && cfg.experts.as_ref().is_some_and(|e| e.dense_beside) {
        s.extend(BESIDE_NORMS.map(String::from));
    }
    if cfg.per_layer_input.is_some() {
        s.extend([PER_LAYER_GATE, PER_LAYER_PROJECTION, PER_LAYER_NORM].map(String::from));
    }
    if cfg.layer_scalar {
        s.push(LAYER_SCALAR.to_string());
    }
    s
}

/// The MLP's weights: a dense gated MLP's, or the experts'.
fn mlp_suffixes(cfg: &ModelConfig, shape: &LayerShape) -> Vec<String> {
    match shape.mlp {
        MlpKind::Dense => ["mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"]
            .into_iter()
            .flat_map(|name| {
                let bias = cfg.mlp_bias.then(|| format!("{name}.bias"));
                std::iter::once(format!("{name}.weight")).chain(bias)
            })
            .collect(),
        MlpKind::Experts => expert_suffixes(cfg),
    }
}

/// A Gated DeltaNet layer's weights, in the order its function takes them.
pub use crate::config::LINEAR_ATTENTION_PARAMETERS as LINEAR_ATTENTION;

/// The dense MLP running beside the experts (if any), the router, the stacked experts (and
/// their biases) and the shared expert, if any.
fn expert_suffixes(cfg: &ModelConfig) -> Vec<String> {
    let mut s = Vec::new();
    if cfg.experts.as_ref().is_some_and(|e| e.dense_beside) {
        for name in ["mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"] {
            s.push(format!("{name}.weight"));
        }
    }
    s.extend([ROUTER, EXPERT_GATE, EXPERT_UP, EXPERT_DOWN].map(String::from));
    if cfg.experts.as_ref().is_some_and(|e| e.scaled_router) {
        s.extend([ROUTER_SCALE, PER_EXPERT_SCALE].map(String::from));
    }
    if cfg.experts.as_ref().is_some_and(|e| e.biases) {
        s.extend(
            [
                ROUTER_BIAS,
                EXPERT_GATE_BIAS,
                EXPERT_UP_BIAS,
                EXPERT_DOWN_BIAS,
            ]
            .map(String::from),
        );
    }
    if cfg.experts.as_ref().is_some_and(|e| e.shared.is_some()) {
        for name in ["gate_proj", "up_proj", "down_proj"] {
            s.push(format!("mlp.shared_expert.{name}.weight"));
        }
        s.push(SHARED_GATE.to_string());
    }
    s
}

/// The attention sinks `[heads]`: one logit per head that joins every query's softmax.
pub const SINKS: &str = "self_attn.sinks";
/// The learned multiplier `[1]` of a layer's output.
pub const LAYER_SCALAR: &str = "layer_scalar";
/// A layer's per-layer input: the gate `[width, hidden]` of the hidden state, the projection
/// `[hidden, width]` back, and its norm `[hidden]`.
pub const PER_LAYER_GATE: &str = "per_layer_input_gate.weight";
pub const PER_LAYER_PROJECTION: &str = "per_layer_projection.weight";
pub const PER_LAYER_NORM: &str = "post_per_layer_input_norm.weight";
/// The per-layer inputs' token table `[vocab, L * width]`, the projection of the token
/// embedding to them `[L * width, hidden]`, and their norm `[width]`.
pub const PER_LAYER_TABLE: &str = "model.embed_tokens_per_layer.weight";
pub const PER_LAYER_MODEL_PROJECTION: &str = "model.per_layer_model_projection.weight";
pub const PER_LAYER_PROJECTION_NORM: &str = "model.per_layer_projection_norm.weight";
/// The router `[E, hidden]`: one logit per expert.
pub const ROUTER: &str = "mlp.gate.weight";
/// The router's bias `[E]`.
pub const ROUTER_BIAS: &str = "mlp.gate.bias";
/// The experts' biases: `[E, width]`, `[E, width]` and `[E, hidden]`.
pub const EXPERT_GATE_BIAS: &str = "mlp.experts.gate_proj.bias";
pub const EXPERT_UP_BIAS: &str = "mlp.experts.up_proj.bias";
pub const EXPERT_DOWN_BIAS: &str = "mlp.experts.down_proj.bias";
/// The experts' stacked projections: `[E, width, hidden]`, `[E, width, hidden]` and
/// `[E, hidden, width]`, each expert's matrix contiguous as GGUF stacks them.
pub const EXPERT_GATE: &str = "mlp.experts.gate_proj.weight";
pub const EXPERT_UP: &str = "mlp.experts.up_proj.weight";
pub const EXPERT_DOWN: &str = "mlp.experts.down_proj.weight";
/// The shared expert's gate `[1, hidden]`: its output is scaled by `sigmoid(w . x)`.
pub const SHARED_GATE: &str = "mlp.shared_expert_gate.weight";
/// A scaled router's input scale `[hidden]` and its per-expert output scales `[E]`.
pub const ROUTER_SCALE: &str = "mlp.router_scale";
pub const PER_EXPERT_SCALE: &str = "mlp.per_expert_scale";
/// The norms of a dense MLP beside experts: after the dense MLP, before the experts, after
/// the experts.
pub const BESIDE_NORMS: [&str; 3] = [
    "post_feedforward_layernorm_1.weight",
    "pre_feedforward_layernorm_2.weight",
    "post_feedforward_layernorm_2.weight",
];

/// Stacked expert weights are dense rows, one matrix per expert, never tiled or grouped.
pub(super) fn is_stacked_expert(suffix: &str) -> bool {
    suffix.starts_with("mlp.experts.")
}

/// Whether the weight (or part) `name` belongs to a layer's stacked experts `[E, out, in]`.
pub fn is_expert_stack(name: &str) -> bool {
    name.contains(".mlp.experts.")
}

/// Whether the weight (or part) `name` is stored as row tiles `[out/16, in, 16]`: of rank 3 and
/// not a stack of experts `[E, out, in]`.
pub fn is_tiled(name: &str, ty: &TensorType) -> bool {
    ty.rank() == 3 && !is_expert_stack(name)
}

/// Weights kept dense in rows whatever the layout: the router and the shared expert's gate
/// are read once per token and are small; the stacked experts are gathered by expert.
fn stays_dense_rows(suffix: &str) -> bool {
    is_stacked_expert(suffix) || [ROUTER, SHARED_GATE, CONV, WRITE, DECAY].contains(&suffix)
}

/// The DeltaNet's convolution taps: read per channel, never multiplied as a matrix.
const CONV: &str = "linear_attn.conv1d.weight";
/// The DeltaNet's write strength and decay projections: a row per value head, read once per
/// token, like the router.
const WRITE: &str = "linear_attn.in_proj_b.weight";
const DECAY: &str = "linear_attn.in_proj_a.weight";

/// The HF `[out, in]` of a layer weight; `in` is 0 for vectors. Stacked experts give one
/// expert's.
pub(super) fn layer_dims(cfg: &ModelConfig, shape: &LayerShape, suffix: &str) -> (i64, i64) {
    let e = cfg.hidden_size as i64;
    if let Some(parts) = fused_suffix_parts(suffix) {
        let rows = parts.iter().map(|p| layer_dims(cfg, shape, p).0).sum();
        return (rows, e);
    }
    let d = shape.heads.head_dim as i64;
    let q = cfg.num_attention_heads as i64 * d;
    let kv = shape.heads.kv_heads as i64 * d;
    let i = shape.mlp_width as i64;
    let per_layer = cfg.per_layer_input.map_or(0, |p| p.width as i64);
    let experts = cfg.experts.as_ref();
    let count = experts.map_or(0, |x| x.count as i64);
    let width = experts.map_or(0, |x| x.width as i64);
    let shared = experts
        .and_then(|x| x.shared.as_ref())
        .map_or(0, |s| s.width as i64);
    let linear = cfg.linear_attention;
    let (conv, value_rows, value_heads) = linear.map_or((0, 0, 0), |a| {
        let v = (a.value_heads * a.value_dim) as i64;
        (a.conv_channels() as i64, v, a.value_heads as i64)
    });
    let gate = match cfg.attention_output_gate {
        true => 2,
        false => 1,
    };
    let (out, inp) = match suffix.rsplit_once('.').map_or(suffix, |(p, _)| p) {
        "linear_attn.in_proj_qkv" => (conv, e),
        "linear_attn.in_proj_z" => (value_rows, e),
        "linear_attn.in_proj_b" | "linear_attn.in_proj_a" => (value_heads, e),
        "linear_attn.conv1d" => (conv, linear.map_or(0, |a| a.conv_kernel as i64)),
        "linear_attn.norm" => (linear.map_or(0, |a| a.value_dim as i64), 0),
        "linear_attn.out_proj" => (e, value_rows),
        // `linear_attn.dt_bias` and `linear_attn.A_log`, without a `.weight` suffix.
        "linear_attn" => (value_heads, 0),
        "input_layernorm"
        | "post_attention_layernorm"
        | "pre_feedforward_layernorm"
        | "post_feedforward_layernorm"
        | "post_feedforward_layernorm_1"
        | "pre_feedforward_layernorm_2"
        | "post_feedforward_layernorm_2" => (e, 0),
        "self_attn.q_norm" if cfg.qk_norm_whole_projection => (q, 0),
        "self_attn.k_norm" if cfg.qk_norm_whole_projection => (kv, 0),
        "self_attn.q_norm" | "self_attn.k_norm" => (d, 0),
        "self_attn.q_proj" => (gate * q, e),
        "self_attn.k_proj" | "self_attn.v_proj" => (kv, e),
        "self_attn.o_proj" => (e, q),
        // `self_attn.sinks`, a weight without a `.weight` suffix.
        "self_attn" => (cfg.num_attention_heads as i64, 0),
        "mlp.gate_proj" | "mlp.up_proj" => (i, e),
        "mlp.down_proj" => (e, i),
        "mlp.gate" => (count, e),
        "mlp.experts.gate_proj" | "mlp.experts.up_proj" => (width, e),
        "mlp.experts.down_proj" => (e, width),
        "mlp.shared_expert.gate_proj" | "mlp.shared_expert.up_proj" => (shared, e),
        "mlp.shared_expert.down_proj" => (e, shared),
        "mlp.shared_expert_gate" => (1, e),
        // `mlp.router_scale` and `mlp.per_expert_scale`: bare names.
        "mlp" if suffix == ROUTER_SCALE => (e, 0),
        "mlp" if suffix == PER_EXPERT_SCALE => (count, 0),
        "post_per_layer_input_norm" => (e, 0),
        "per_layer_input_gate" => (per_layer, e),
        "per_layer_projection" => (e, per_layer),
        // `layer_scalar`, a weight without a `.weight` suffix.
        "layer_scalar" => (1, 0),
        other => unreachable!("unknown layer weight {other}"),
    };
    if suffix.ends_with(".bias") {
        (out, 0)
    } else {
        (out, inp)
    }
}

/// Stored shape of a layer weight: `[out, in]` projections in `layout`, vectors as they are,
/// stacked experts as `[E, out, in]`.
pub fn layer_shape(
    cfg: &ModelConfig,
    shape: &LayerShape,
    suffix: &str,
    layout: WeightLayout,
) -> Vec<i64> {
    let (out, inp) = layer_dims(cfg, shape, suffix);
    let count = cfg.experts.as_ref().map_or(0, |x| x.count as i64);
    if inp == 0 && is_stacked_expert(suffix) {
        // An expert bias: one vector per expert.
        vec![count, out]
    } else if inp == 0 {
        vec![out]
    } else if is_stacked_expert(suffix) {
        vec![count, out, inp]
    } else if suffix.starts_with("self_attn.o_proj") || stays_dense_rows(suffix) {
        // o_proj's input is the attention output put back into `[E, M]` by a transpose. IREE
        // folds that transpose into the broadcast of a tiled product, which it then cannot fuse
        // into the sum and writes out whole: `[E/16, E, 16, M]` per layer, 4.5x slower prefill
        // and slower B = 8 decode (measured). A row-layout `dot_general` takes the transpose in.
        WeightLayout::Rows.shape(out, inp)
    } else {
        layout.shape(out, inp)
    }
}

/// Every weight of the model, grouped the way the graphs use them.
#[derive(Debug, Clone)]
pub struct Weights {
    pub embed: Param,
    pub layers: Vec<Vec<Param>>,
    pub norm: Param,
    /// `None` when the LM head is tied to the embedding.
    pub lm_head: Option<Param>,
    /// The per-layer inputs' table, projection and norm, when the model has them.
    pub per_layer: Option<PerLayerWeights>,
    /// Grouped products go through the CPU kernels where they cover the format.
    pub kernels: bool,
}

/// See [`PER_LAYER_TABLE`].
#[derive(Debug, Clone)]
pub struct PerLayerWeights {
    pub table: Param,
    pub projection: Param,
    pub norm: Param,
}

/// A layer weight stored as `format`.
fn layer_param(
    cfg: &ModelConfig,
    shape: &LayerShape,
    name: String,
    suffix: &str,
    layout: WeightLayout,
    format: WeightFormat,
) -> Result<Param, String> {
    let (out, inp) = layer_dims(cfg, shape, suffix);
    match format {
        WeightFormat::Dense(elem) => Ok(Param::dense(
            name,
            TensorType::new(layer_shape(cfg, shape, suffix, layout), elem),
        )),
        WeightFormat::Groups(g) if inp == 0 => Err(format!(
            "{name} cannot be stored in groups of {}: it is a vector",
            g.group
        )),
        WeightFormat::Groups(g) if is_stacked_expert(suffix) => {
            let count = cfg.experts.as_ref().map_or(0, |x| x.count as i64);
            let mut param = grouped_param(name, out, inp, layout, g)?;
            param.ty = TensorType::new([count, out, inp], ElemType::F32);
            Ok(param)
        }
        WeightFormat::Groups(_) if stays_dense_rows(suffix) => Err(format!(
            "{name} cannot be stored in groups: routers are read dense"
        )),
        WeightFormat::Groups(g) => grouped_param(name, out, inp, layout, g),
    }
}

/// A `[out, in]` matrix stored as codes and group maps. Groups are stored as row tiles, which
/// only the tiled layout's graphs read.
fn grouped_param(
    name: String,
    out: i64,
    inp: i64,
    layout: WeightLayout,
    g: GroupFormat,
) -> Result<Param, String> {
    if layout != WeightLayout::Tiled {
        return Err(format!(
            "{name} cannot be stored in groups: only graphs with tiled weights read them"
        ));
    }
    g.check(out, inp).map_err(|e| format!("{name}: {e}"))?;
    Ok(Param {
        name,
        ty: TensorType::new([out, inp], ElemType::F32),
        groups: Some(g),
        nibbles_as_bytes: false,
    })
}

impl Weights {
    /// `layout` applies to the layers' projections; the embedding and the LM head keep their
    /// rows (see `linear`). Weights `formats` does not name are dense `dtype`.
    pub fn new(
        cfg: &ModelConfig,
        dtype: ElemType,
        layout: WeightLayout,
        formats: &WeightFormats,
        projections: Projections,
    ) -> Result<Self, String> {
        if projections == Projections::Fused && layout != WeightLayout::Rows {
            return Err("fused projections are read from weights in rows".into());
        }
        let format = |name: &str| {
            formats
                .get(name)
                .copied()
                .unwrap_or(WeightFormat::Dense(dtype))
        };
        let dense = |name: &str, shape: Vec<i64>| match format(name) {
            WeightFormat::Dense(elem) => {
                Ok(Param::dense(name.into(), TensorType::new(shape, elem)))
            }
            WeightFormat::Groups(_) => Err(format!("{name} cannot be stored in groups")),
        };
        // The embedding and the LM head: rows when dense, tiles when grouped.
        let table = |name: &str, out: i64, inp: i64| match format(name) {
            WeightFormat::Dense(elem) => {
                Ok(Param::dense(name.into(), TensorType::new([out, inp], elem)))
            }
            WeightFormat::Groups(g) => grouped_param(name.into(), out, inp, layout, g),
        };
        let (v, e) = (cfg.vocab_size as i64, cfg.hidden_size as i64);
        let layers = (0..cfg.num_hidden_layers)
            .map(|l| {
                let shape = cfg.layer_shape(l);
                layer_suffixes(cfg, &shape, projections)
                    .iter()
                    .map(|s| {
                        let name = format!("model.layers.{l}.{s}");
                        let f = format(&name);
                        layer_param(cfg, &shape, name, s, layout, f)
                    })
                    .collect()
            })
            .collect::<Result<_, String>>()?;
        let per_layer = match cfg.per_layer_input {
            None => None,
            Some(p) => {
                let all = (cfg.num_hidden_layers * p.width) as i64;
                Some(PerLayerWeights {
                    table: table(PER_LAYER_TABLE, p.vocab as i64, all)?,
                    projection: table(PER_LAYER_MODEL_PROJECTION, all, e)?,
                    norm: dense(PER_LAYER_PROJECTION_NORM, vec![p.width as i64])?,
                })
            }
        };
        let named = |n: &&String| is_weight_name(cfg, n, projections);
        if let Some(unknown) = formats.keys().find(|n| !named(n)) {
            return Err(format!(
                "the weight formats name {unknown}, which is no weight"
            ));
        }
        Ok(Weights {
            embed: table("model.embed_tokens.weight", v, e)?,
            layers,
            norm: dense("model.norm.weight", vec![e])?,
            lm_head: (!cfg.tie_word_embeddings)
                .then(|| table("lm_head.weight", v, e))
                .transpose()?,
            per_layer,
            kernels: false,
        })
    }

    /// The names of the weights these graphs can read as codes and group maps: every matrix
    /// when weights are tiled (the embedding and LM head too; stacked experts only with the CPU
    /// `kernels`, the one form that multiplies them in groups), none otherwise.
    pub fn groupable(cfg: &ModelConfig, layout: WeightLayout, kernels: bool) -> Vec<String> {
        if layout != WeightLayout::Tiled {
            return Vec::new();
        }
        let mut names = vec!["model.embed_tokens.weight".to_string()];
        if !cfg.tie_word_embeddings {
            names.push("lm_head.weight".to_string());
        }
        if cfg.per_layer_input.is_some() {
            names.extend([PER_LAYER_TABLE, PER_LAYER_MODEL_PROJECTION].map(String::from));
        }
        for l in 0..cfg.num_hidden_layers {
            let shape = cfg.layer_shape(l);
            for s in layer_suffixes(cfg, &shape, Projections::Apart) {
                let stack = is_stacked_expert(&s);
                let matrix = layer_dims(cfg, &shape, &s).1 != 0;
                if matrix && (!stays_dense_rows(&s) || (stack && kernels)) {
                    names.push(format!("model.layers.{l}.{s}"));
                }
            }
        }
        names
    }

    /// The fused weights (see [`Projections::Fused`]), by full name: the loader's `fuse_rows`
    /// writes them.
    pub fn fused(&self) -> Vec<String> {
        self.layers
            .iter()
            .flatten()
            .filter(|p| ::weight_format::fused_parts(&p.name).is_some())
            .map(|p| p.name.clone())
            .collect()
    }

    /// The LM head weight (the embedding when tied).
    pub fn head(&self) -> &Param {
        self.lm_head.as_ref().unwrap_or(&self.embed)
    }

    /// The stored format of each layer's weights, in `layer_suffixes` order.
    pub fn layer_formats(&self, l: usize) -> Vec<WeightFormat> {
        self.layers[l].iter().map(Param::format).collect()
    }

    /// Declares every weight's 4-bit codes as bytes (see [`Param::nibbles_as_bytes`]).
    pub fn nibbles_as_bytes(&mut self) {
        let layers = self.layers.iter_mut().flatten();
        let all = [&mut self.embed, &mut self.norm].into_iter().chain(layers);
        let per_layer = self
            .per_layer
            .iter_mut()
            .flat_map(|p| [&mut p.table, &mut p.projection, &mut p.norm]);
        for p in all.chain(&mut self.lm_head).chain(per_layer) {
            p.nibbles_as_bytes = true;
        }
    }

    /// All parameters in file order: embedding, per-layer inputs, layers, final norm, LM head.
    pub fn all(&self) -> Vec<&Param> {
        let mut all = vec![&self.embed];
        if let Some(p) = &self.per_layer {
            all.extend([&p.table, &p.projection, &p.norm]);
        }
        all.extend(self.layers.iter().flatten());
        all.push(&self.norm);
        all.extend(&self.lm_head);
        all
    }
}

fn is_weight_name(cfg: &ModelConfig, name: &str, projections: Projections) -> bool {
    let layer = name
        .strip_prefix("model.layers.")
        .and_then(|rest| rest.split_once('.'))
        .and_then(|(l, suffix)| Some((l.parse::<usize>().ok()?, suffix)));
    match layer {
        Some((l, suffix)) => {
            l < cfg.num_hidden_layers
                && layer_suffixes(cfg, &cfg.layer_shape(l), projections)
                    .iter()
                    .any(|s| s == suffix)
        }
        None => {
            ["model.embed_tokens.weight", "model.norm.weight"].contains(&name)
                || (name == "lm_head.weight" && !cfg.tie_word_embeddings)
                || (cfg.per_layer_input.is_some()
                    && [
                        PER_LAYER_TABLE,
                        PER_LAYER_MODEL_PROJECTION,
                        PER_LAYER_PROJECTION_NORM,
                    ]
                    .contains(&name))
        }
    }
}
