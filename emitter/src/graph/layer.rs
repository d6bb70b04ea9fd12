//! One decoder layer as a private function: RMSNorm, projections, RoPE, cache write,
//! attention, SwiGLU MLP. The hidden state is kept transposed (`[E, M]`) so every projection
//! is `W · hT` (see `linear`), a form IREE runs without transposing weights.

use std::collections::BTreeMap;

use super::attention::{
    attend, causal_mask, decode_attention_kernel, decode_kernel_applies, prefill_attention_kernel,
    prefill_kernel_applies, window_mask, write_keys, write_values, AttentionForm, Keys,
};
use super::embed::packed_attention;
use super::experts;
use super::grouped_kernel::weight_kernel;
use super::linear::{linear_many, Several, Weight};
use super::step::{CacheSpan, Dims, Step};
use super::weight_format::WeightFormat;
use super::weights::{
    fused_suffix_parts, group_parts, is_stacked_expert, layer_dims, layer_shape, layer_suffixes,
    loaded_type, BESIDE_NORMS, LAYER_SCALAR, PER_LAYER_NORM, SINKS,
};
use crate::config::{Activation, LayerShape, MlpKind, ModelConfig};
use crate::hlo::{ElemType, FuncBuilder, Function, Result, ShapeError, TensorType, Value};
use ::weight_format::FUSED_ROWS;

fn f32_ty(shape: impl Into<Vec<i64>>) -> TensorType {
    TensorType::new(shape, ElemType::F32)
}

/// The layer function's parameters: step inputs, caches, and weights (converted to f32) by
/// HF suffix.
struct LayerArgs {
    x: Value,
    cos: Value,
    sin: Value,
    /// What the layer attends over: caches, or a packed chunk's own tokens.
    keys: LayerKeys,
    /// Its per-layer input `[P, M]`, when the model has them.
    per_layer: Option<Value>,
    w: BTreeMap<String, Weight>,
}

enum LayerKeys {
    Cache(Box<CacheArgs>),
    /// A packed chunk (see [`LayerKinds::packed`]): the sequence of each token, `[T]`.
    Packed {
        segments: Value,
    },
}

/// A cached step's inputs: where it writes, what its queries see, and the caches.
struct CacheArgs {
    /// Where its K and V are written; `None` for a layer that reads another's cache.
    kv_index: Option<Value>,
    query_pos: Value,
    slot: Option<Value>,
    /// A ring layer's prefill: positions of the ring entries read, then of the chunk's tokens.
    key_pos: Option<Value>,
    k_cache: Value,
    v_cache: Value,
    /// A shared ring's prefill: the producer's K and V of the chunk, `[Hkv*D, T]` each.
    fresh: Option<(Value, Value)>,
}

impl LayerArgs {
    /// A norm's gain as the model applies it: the dense weight plus the model's offset.
    fn norm(&self, b: &mut FuncBuilder, name: &str, offset: f64) -> Result<Value> {
        norm_of(b, &self.w, name, offset)
    }
}

/// The gain of the norm `name` among the weights `w`, plus `offset`.
pub(super) fn norm_of(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    name: &str,
    offset: f64,
) -> Result<Value> {
    norm_gain(b, vector(w, name)?, offset)
}

/// `weight + offset`, for models whose norms scale by `1 + w` (HF Gemma). GGUF files store
/// `1 + w` and come with offset 0, so the offset is added exactly once on either path.
pub fn norm_gain(b: &mut FuncBuilder, weight: &Value, offset: f64) -> Result<Value> {
    if offset == 0.0 {
        return Ok(weight.clone());
    }
    let offset = b.splat(weight.ty().clone(), offset)?;
    b.add(weight, &offset)
}

pub(super) fn vector<'a>(w: &'a BTreeMap<String, Weight>, name: &str) -> Result<&'a Value> {
    match &w[name] {
        Weight::Dense(v) => Ok(v),
        Weight::Groups { .. } => Err(ShapeError {
            op: "layer".into(),
            detail: format!("{name} must be dense"),
        }),
    }
}

/// How a grouped layer weight multiplies several tokens: `o_proj`'s input comes through a
/// transpose, which only a row-layout product takes in (see `weights::layer_shape`).
fn several(suffix: &str) -> Several {
    if suffix.starts_with("self_attn.o_proj") {
        Several::DequantRows
    } else {
        Several::DequantTiles
    }
}

fn declare_args(
    b: &mut FuncBuilder,
    cfg: &ModelConfig,
    dims: &Dims,
    step: Step,
    kinds: LayerKinds,
    formats: &[WeightFormat],
) -> Result<LayerArgs> {
    let m = step.tokens();
    let x = b.arg("x", f32_ty([dims.hidden, m]));
    let pairs = cfg.rotated(kinds.shape.attention) as i64 / 2;
    let cos = b.arg("cos", f32_ty([pairs, m]));
    let sin = b.arg("sin", f32_ty([pairs, m]));
    let keys = match kinds.packed {
        true => LayerKeys::Packed {
            segments: b.arg("segments", TensorType::new([m], ElemType::I32)),
        },
        false => LayerKeys::Cache(Box::new(declare_cache_args(b, dims, step, kinds))),
    };
    let per_layer = cfg
        .per_layer_input
        .map(|p| b.arg("per_layer_input", f32_ty([p.width as i64, m])));
    let w = declare_weights(b, cfg, dims, &kinds.shape, formats)?;
    Ok(LayerArgs {
        x,
        cos,
        sin,
        keys,
        per_layer,
        w,
    })
}

/// The layer's weights as arguments, converted to f32 where dense, by HF suffix; `formats`
/// gives each one's stored form in `layer_suffixes` order.
pub(super) fn declare_weights(
    b: &mut FuncBuilder,
    cfg: &ModelConfig,
    dims: &Dims,
    shape: &LayerShape,
    formats: &[WeightFormat],
) -> Result<BTreeMap<String, Weight>> {
    let mut w = BTreeMap::new();
    for (suffix, format) in layer_suffixes(cfg, shape, dims.projections)
        .into_iter()
        .zip(formats)
    {
        let arg_name = suffix.replace('.', "_");
        let weight = match *format {
            WeightFormat::Dense(elem) => {
                let shape = layer_shape(cfg, shape, &suffix, dims.weight_layout);
                let arg = b.arg(&arg_name, TensorType::new(shape, elem));
                // Stacked experts are widened after only the selected ones are gathered.
                match is_stacked_expert(&suffix) && !suffix.ends_with(".bias") {
                    true => Weight::Dense(arg),
                    false => Weight::Dense(b.convert(&arg, ElemType::F32)),
                }
            }
            WeightFormat::Groups(g) => {
                let (out, inp) = layer_dims(cfg, shape, &suffix);
                // Stacked experts `[E, out, in]` store one grouped weight per expert.
                let shape = match is_stacked_expert(&suffix) {
                    true => layer_shape(cfg, shape, &suffix, dims.weight_layout),
                    false => vec![out, inp],
                };
                let parts = group_parts(&g, &shape)
                    .into_iter()
                    .map(|(part, ty)| {
                        let ty = loaded_type(&ty, dims.nibbles_as_bytes);
                        b.arg(&format!("{arg_name}_{part}"), ty)
                    })
                    .collect();
                let kernel = weight_kernel(&g, dims.kernels, &suffix)?;
                // Every step takes the same activations, so a sequence's tokens do not
                // depend on what it was batched with.
                Weight::groups(parts, several(&suffix), kernel)?.with_activations(dims.activations)
            }
        };
        if let (Some(parts), Weight::Dense(whole)) = (fused_suffix_parts(&suffix), &weight) {
            // Each part as its rows of the fused weight, for any product of one alone;
            // `projections` multiplies the whole. IREE drops the slices nothing reads.
            let mut start = 0;
            for part in parts {
                let rows = layer_dims(cfg, shape, part).0;
                let rows_of = b.slice_dim(whole, 0, start, rows)?;
                w.insert(part.to_string(), Weight::Dense(rows_of));
                start += rows;
            }
        }
        w.insert(suffix, weight);
    }
    Ok(w)
}

fn declare_cache_args(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    kinds: LayerKinds,
) -> CacheArgs {
    let (span, shared) = (kinds.span, kinds.shape.shared_kv);
    let m = step.tokens();
    let kv_index = (!shared).then(|| b.arg("kv_index", TensorType::new([m, 2], ElemType::I32)));
    let query_pos = b.arg("query_pos", step.query_positions_type(dims));
    let slot = matches!(step, Step::Prefill { .. })
        .then(|| b.arg("slot", TensorType::new([1, 1], ElemType::I32)));
    let key_pos = match (step, span) {
        (Step::Prefill { t, .. }, CacheSpan::Ring(_)) => {
            let keys = span.read_len(step) + t;
            Some(b.arg("key_pos", TensorType::new([keys], ElemType::I32)))
        }
        _ => None,
    };
    let k_cache = b.arg("k_cache", dims.key_cache_type_for(span));
    let v_cache = b.arg("v_cache", dims.value_cache_type_for(span));
    let fresh = (shared && key_pos.is_some()).then(|| {
        let ty = f32_ty([dims.kv_heads * dims.head_dim, m]);
        (b.arg("k_fresh", ty.clone()), b.arg("v_fresh", ty))
    });
    CacheArgs {
        kv_index,
        query_pos,
        slot,
        key_pos,
        k_cache,
        v_cache,
        fresh,
    }
}

/// What one layer function is built for besides its weights' formats.
#[derive(Debug, Clone, Copy)]
pub struct LayerKinds {
    /// The positions its caches hold.
    pub span: CacheSpan,
    pub attention: AttentionForm,
    pub shape: LayerShape,
    /// Later layers read its cache (see `layer_plan::FunctionKey::stores`).
    pub stores: bool,
    /// A packed embedding chunk: several sequences side by side, each attending causally
    /// over its own tokens only, with no cache (see `embed::packed_attention`).
    pub packed: bool,
}

/// `<name>(x, cos, sin, [kv_index,] query_pos, [slot,] [key_pos,] k_cache, v_cache,
/// [k_fresh, v_fresh,] [per_layer_input,] weights...)` returns the new hidden state, then,
/// for a layer with its own caches, both updated caches (and, for a ring's prefill whose cache
/// later layers read, the chunk's K and V). `formats` gives each weight's stored form (a
/// grouped weight takes one argument per part), in `layer_suffixes` order. The caches hold
/// `kinds.span`'s positions; `kv_index` already points into them. A layer that reads another
/// layer's cache (`kinds.shape.shared_kv`) takes it as that layer left it, or, for a ring's
/// prefill, as it was before the chunk plus the chunk's K and V. A packed layer is
/// `<name>(x, cos, sin, segments, [per_layer_input,] weights...)` and returns the hidden state
/// alone.
pub fn layer_function(
    name: String,
    cfg: &ModelConfig,
    dims: &Dims,
    step: Step,
    kinds: LayerKinds,
    formats: &[WeightFormat],
) -> Result<Function> {
    let mut b = FuncBuilder::private(name)
        .with_products(dims.products)
        .with_sums(dims.sums)
        .with_columns(step.columns(dims.decode_kernels));
    let a = declare_args(&mut b, cfg, dims, step, kinds, formats)?;
    let (eps, offset) = (cfg.rms_norm_eps, dims.norm_offset);
    let gain = a.norm(&mut b, "input_layernorm.weight", offset)?;
    let xn = rms_norm(&mut b, &a.x, &gain, eps)?;
    let Projected { q, gate, kv } = queries_keys_values(&mut b, cfg, dims, &a, kinds.shape, &xn)?;
    let sinks = match cfg.attention_sinks {
        true => Some(vector(&a.w, SINKS)?.clone()),
        false => None,
    };
    let (attn, caches) = match &a.keys {
        LayerKeys::Cache(c) => attention(
            &mut b,
            dims,
            step,
            kinds,
            c,
            &q,
            kv.as_ref(),
            sinks.as_ref(),
        )?,
        LayerKeys::Packed { segments } => {
            let (k, v) = kv.as_ref().ok_or_else(|| ShapeError {
                op: "layer".into(),
                detail: "a packed layer projects its own K and V".into(),
            })?;
            // A window as long as the capacity never binds, and chunks are no longer.
            let window = match kinds.span {
                CacheSpan::Ring(window) => Some(window),
                CacheSpan::Full => None,
            };
            let qkv = [&q, k, v];
            let form = kinds.attention;
            let attn = packed_attention(&mut b, dims, form, qkv, segments, window, sinks.as_ref())?;
            (attn, None)
        }
    };
    let attn = match &gate {
        Some(gate) => {
            let open = b.logistic(gate)?;
            b.multiply(&attn, &open)?
        }
        None => attn,
    };
    let o = projection(&mut b, &a.w, "self_attn.o_proj", &attn)?;
    let o = match cfg.post_norms {
        true => {
            let gain = a.norm(&mut b, "post_attention_layernorm.weight", offset)?;
            rms_norm(&mut b, &o, &gain, eps)?
        }
        false => o,
    };
    let x = b.add(&a.x, &o)?;
    let x = mlp_block(&mut b, &a.w, &x, cfg, dims, kinds.shape.mlp)?;
    let x = per_layer_input(&mut b, &a, &x, dims.activation, eps)?;
    let x = match cfg.layer_scalar {
        true => {
            let s = vector(&a.w, LAYER_SCALAR)?;
            let s = b.broadcast_in_dim(s, x.shape(), &[0])?;
            let s = b.reshape(&s, x.shape())?;
            b.multiply(&x, &s)
        }
        false => Ok(x),
    }?;
    let mut results = vec![&x];
    if let Some((k_cache, v_cache)) = &caches {
        results.extend([k_cache, v_cache]);
        let ring_prefill = matches!(&a.keys, LayerKeys::Cache(c) if c.key_pos.is_some());
        if kinds.stores && ring_prefill {
            let (k, v) = kv
                .as_ref()
                .expect("a layer with caches projects its K and V");
            results.extend([k, v]);
        }
    }
    Ok(b.finish(&results))
}

/// What a layer's attention takes from its input: the queries after RoPE, the output gate
/// where the model has one, and the keys (after RoPE) and values unless it reads a shared
/// cache.
struct Projected {
    q: Value,
    gate: Option<Value>,
    kv: Option<(Value, Value)>,
}

fn queries_keys_values(
    b: &mut FuncBuilder,
    cfg: &ModelConfig,
    dims: &Dims,
    a: &LayerArgs,
    shape: LayerShape,
    xn: &Value,
) -> Result<Projected> {
    if let Some((q, kv)) = rotated_together(b, cfg, dims, a, xn)? {
        let kv = Some(kv);
        return Ok(Projected { q, gate: None, kv });
    }
    // One product of the layer's q, k and v projections (the CPU kernels run it as one
    // dispatch); a layer reading a shared cache projects q alone, and without `v_proj` the
    // values are the k projection.
    let mut names = vec!["self_attn.q_proj"];
    if !shape.shared_kv {
        names.push("self_attn.k_proj");
        if !shape.value_is_key {
            names.push("self_attn.v_proj");
        }
    }
    let mut ys = projections(b, &a.w, &names, xn)?.into_iter();
    let q = ys.next().expect("the q projection");
    let (q, gate) = match cfg.attention_output_gate {
        true => {
            let (q, gate) = split_gate(b, &q, dims.heads)?;
            (q, Some(gate))
        }
        false => (q, None),
    };
    let raw_kv = ys.next().map(|k| {
        let v = ys.next().unwrap_or_else(|| k.clone());
        (k, v)
    });
    let q = qk_norm(b, cfg, dims, a, &q, "self_attn.q_norm.weight", dims.heads)?;
    let q = rope(b, &q, dims.heads, &a.cos, &a.sin)?;
    let kv = match raw_kv {
        None => None,
        Some(raw) => Some(keys_and_values(b, cfg, dims, a, raw)?),
    };
    Ok(Projected { q, gate, kv })
}

/// With q, k and v as one weight (see `Projections::Fused`) and nothing between the product
/// and RoPE (no q/k norm, output gate or bias), q's and k's rows rotated as one elementwise
/// kernel where they took one each (Llama-3.2-1B shape on CUDA: 232 kernels a B = 1 decode
/// step before, 216 after). Elementwise, so the same bits as rotating them apart.
fn rotated_together(
    b: &mut FuncBuilder,
    cfg: &ModelConfig,
    dims: &Dims,
    a: &LayerArgs,
    xn: &Value,
) -> Result<Option<(Value, (Value, Value))>> {
    let Some(fused) = a.w.get(FUSED_ROWS[0].0) else {
        return Ok(None);
    };
    if cfg.qk_norm || cfg.attention_output_gate || cfg.qkv_bias {
        return Ok(None);
    }
    let y = linear_many(b, &[fused], xn)?.remove(0);
    let (q_rows, kv_rows) = (dims.heads * dims.head_dim, dims.kv_heads * dims.head_dim);
    let qk = b.slice_dim(&y, 0, 0, q_rows + kv_rows)?;
    let qk = rope(b, &qk, dims.heads + dims.kv_heads, &a.cos, &a.sin)?;
    let q = b.slice_dim(&qk, 0, 0, q_rows)?;
    let k = b.slice_dim(&qk, 0, q_rows, kv_rows)?;
    let v = b.slice_dim(&y, 0, q_rows + kv_rows, kv_rows)?;
    let v = match cfg.value_norm {
        true => head_rms_norm(b, &v, dims.kv_heads, None, cfg.rms_norm_eps)?,
        false => v,
    };
    Ok(Some((q, (k, v))))
}

/// `x` (q or k, `[n*D, M]`) through its norm `weight` where the model norms them: per head,
/// or over each token's whole projection before the heads split (OLMoE).
fn qk_norm(
    b: &mut FuncBuilder,
    cfg: &ModelConfig,
    dims: &Dims,
    a: &LayerArgs,
    x: &Value,
    weight: &str,
    n: i64,
) -> Result<Value> {
    if !cfg.qk_norm {
        return Ok(x.clone());
    }
    let gain = a.norm(b, weight, dims.norm_offset)?;
    match cfg.qk_norm_whole_projection {
        true => rms_norm(b, x, &gain, cfg.rms_norm_eps),
        false => head_rms_norm(b, x, n, Some(&gain), cfg.rms_norm_eps),
    }
}

/// A layer's own K (normed, RoPE applied) and V (normed where the model norms values),
/// `[Hkv*D, M]` each, from their projections.
fn keys_and_values(
    b: &mut FuncBuilder,
    cfg: &ModelConfig,
    dims: &Dims,
    a: &LayerArgs,
    (k, v): (Value, Value),
) -> Result<(Value, Value)> {
    let eps = cfg.rms_norm_eps;
    let k = qk_norm(
        b,
        cfg,
        dims,
        a,
        &k,
        "self_attn.k_norm.weight",
        dims.kv_heads,
    )?;
    let v = match cfg.value_norm {
        true => head_rms_norm(b, &v, dims.kv_heads, None, eps)?,
        false => v,
    };
    let k = rope(b, &k, dims.kv_heads, &a.cos, &a.sin)?;
    Ok((k, v))
}

/// The attention output `[H*D, M]` and, for a layer with its own K and V (`kv`), its updated
/// caches; a layer without reads the caches it was given.
#[allow(clippy::too_many_arguments)]
fn attention(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    kinds: LayerKinds,
    a: &CacheArgs,
    q: &Value,
    kv: Option<&(Value, Value)>,
    sinks: Option<&Value>,
) -> Result<(Value, Option<(Value, Value)>)> {
    let (span, form) = (kinds.span, kinds.attention);
    let full = span == CacheSpan::Full;
    if let (Some(key_pos), CacheSpan::Ring(window)) = (&a.key_pos, span) {
        let fresh = match (kv, &a.fresh) {
            (Some((k, v)), _) | (None, Some((k, v))) => (k, v),
            (None, None) => {
                return Err(ShapeError {
                    op: "layer".into(),
                    detail: "a shared ring's prefill without the chunk's K and V".into(),
                })
            }
        };
        let qkv = [q, fresh.0, fresh.1];
        let (attn, caches) = ring_prefill_attention(
            b,
            dims,
            step,
            form,
            a,
            key_pos,
            window,
            qkv,
            sinks,
            kv.is_some(),
        )?;
        return Ok((attn, caches));
    }
    let (k_cache, v_cache) = match (kv, &a.kv_index) {
        (Some((k, v)), Some(index)) => (
            write_keys(b, &a.k_cache, index, k)?,
            write_values(b, dims, &a.v_cache, index, v)?,
        ),
        _ => (a.k_cache.clone(), a.v_cache.clone()),
    };
    let step = step.with_window(span.read_len(step));
    // A ring's decode reads its first min(p + 1, window) entries like a full cache's first
    // positions: past the window every entry is live, and a softmax does not care in which
    // order its keys come.
    let attn = if decode_kernel_applies(dims, step) {
        let (k, v, pos) = (&k_cache, &v_cache, &a.query_pos);
        decode_attention_kernel(b, dims, step, q, k, v, pos, sinks)?
    } else if let Some(slot) = a
        .slot
        .as_ref()
        .filter(|_| full && prefill_kernel_applies(dims, step))
    {
        // Ring layers (sliding windows) never get here: see ring_prefill_attention.
        let (k, v, pos) = (&k_cache, &v_cache, &a.query_pos);
        prefill_attention_kernel(b, dims, step, q, k, v, pos, slot, sinks)?
    } else {
        // Built per layer from positions: an i1 mask passed between dispatches trips
        // IREE's data-tiling encodings.
        let mask = causal_mask(b, &a.query_pos, step.window())?;
        let keys = Keys {
            k_cache: &k_cache,
            v_cache: &v_cache,
            fresh: None,
        };
        attend(b, dims, step, form, q, &keys, &mask, a.slot.as_ref(), sinks)?
    };
    Ok((attn, kv.map(|_| (k_cache, v_cache))))
}

/// `x + RMSNorm(per_layer_projection(act(per_layer_input_gate(x)) * input))` for a model with
/// per-layer inputs; `x` otherwise.
fn per_layer_input(
    b: &mut FuncBuilder,
    a: &LayerArgs,
    x: &Value,
    activation: Activation,
    eps: f64,
) -> Result<Value> {
    let Some(input) = &a.per_layer else {
        return Ok(x.clone());
    };
    let gate = projection(b, &a.w, "per_layer_input_gate", x)?;
    let gate = activate(b, activation, &gate)?;
    let gated = b.multiply(&gate, input)?;
    let out = projection(b, &a.w, "per_layer_projection", &gated)?;
    let gain = a.norm(b, PER_LAYER_NORM, 0.0)?;
    let out = rms_norm(b, &out, &gain, eps)?;
    b.add(x, &out)
}

/// A ring layer's prefill chunk attends over the ring as it was before the chunk (positions
/// `key_pos`) and the chunk's own K and V: writing first could overwrite positions that the
/// chunk's first queries still see. Returns the attention and the updated caches.
/// A layer reading a shared ring (`write` false) attends the same way and writes nothing.
#[allow(clippy::too_many_arguments)]
fn ring_prefill_attention(
    b: &mut FuncBuilder,
    dims: &Dims,
    step: Step,
    form: AttentionForm,
    a: &CacheArgs,
    key_pos: &Value,
    window: i64,
    [q, k, v]: [&Value; 3],
    sinks: Option<&Value>,
    write: bool,
) -> Result<(Value, Option<(Value, Value)>)> {
    let step = step.with_window(CacheSpan::Ring(window).read_len(step));
    let mask = window_mask(b, &a.query_pos, key_pos, window)?;
    let keys = Keys {
        k_cache: &a.k_cache,
        v_cache: &a.v_cache,
        fresh: Some((k, v)),
    };
    let attn = attend(b, dims, step, form, q, &keys, &mask, a.slot.as_ref(), sinks)?;
    let Some(index) = a.kv_index.as_ref().filter(|_| write) else {
        return Ok((attn, None));
    };
    let k_cache = write_keys(b, &a.k_cache, index, k)?;
    let v_cache = write_values(b, dims, &a.v_cache, index, v)?;
    Ok((attn, Some((k_cache, v_cache))))
}

/// `x + mlp(n)` with `n = RMSNorm(x)`, the MLP output normed too when the model has
/// post-norms; the MLP is one gated MLP or a mixture of experts.
pub(super) fn mlp_block(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    x: &Value,
    cfg: &ModelConfig,
    dims: &Dims,
    kind: MlpKind,
) -> Result<Value> {
    let (eps, offset) = (cfg.rms_norm_eps, dims.norm_offset);
    let pre = match cfg.post_norms {
        true => "pre_feedforward_layernorm.weight",
        false => "post_attention_layernorm.weight",
    };
    let gain = norm_of(b, w, pre, offset)?;
    let xn = rms_norm(b, x, &gain, eps)?;
    let down = match (kind, &cfg.experts) {
        (MlpKind::Experts, Some(experts)) if experts.dense_beside => {
            dense_beside_experts(b, w, x, &xn, experts, dims, eps)?
        }
        (MlpKind::Experts, Some(experts)) => {
            let router_in = router_input(b, w, experts, x, &xn, eps)?;
            experts::mixture(b, w, experts, dims.activation, &xn, &router_in)?
        }
        (MlpKind::Experts, None) => {
            return Err(ShapeError {
                op: "layer".into(),
                detail: "an experts MLP in a model without experts".into(),
            })
        }
        (MlpKind::Dense, _) => gated_mlp(b, w, "mlp", dims.activation, &xn)?,
    };
    let down = match cfg.post_norms {
        true => {
            let gain = norm_of(b, w, "post_feedforward_layernorm.weight", offset)?;
            rms_norm(b, &down, &gain, eps)?
        }
        false => down,
    };
    b.add(x, &down)
}

/// The activation alone, as the gated MLP applies it to its gate (for the per-layer inputs'
/// gate).
fn activate(b: &mut FuncBuilder, activation: Activation, x: &Value) -> Result<Value> {
    match activation {
        Activation::Silu => {
            let sig = b.logistic(x)?;
            b.multiply(x, &sig)
        }
        Activation::GeluTanh => gelu_tanh(b, x),
        Activation::ClampedSwiglu { .. } => Err(ShapeError {
            op: "layer".into(),
            detail: "the clamped SwiGLU has no activation of its own".into(),
        }),
    }
}

/// Gemma 4's MLP of an experts layer: `norm_1(dense(xn)) + norm_2(experts(norm(x)))`, the
/// experts routed by the layer's input `x` itself (see `config::Experts::scaled_router`).
fn dense_beside_experts(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    x: &Value,
    xn: &Value,
    experts: &crate::config::Experts,
    dims: &Dims,
    eps: f64,
) -> Result<Value> {
    let offset = dims.norm_offset;
    let [after_dense, before_experts, after_experts] = BESIDE_NORMS;
    let dense = gated_mlp(b, w, "mlp", dims.activation, xn)?;
    let gain = norm_of(b, w, after_dense, offset)?;
    let dense = rms_norm(b, &dense, &gain, eps)?;
    let gain = norm_of(b, w, before_experts, offset)?;
    let experts_in = rms_norm(b, x, &gain, eps)?;
    let router_in = router_input(b, w, experts, x, xn, eps)?;
    let routed = experts::mixture(b, w, experts, dims.activation, &experts_in, &router_in)?;
    let gain = norm_of(b, w, after_experts, offset)?;
    let routed = rms_norm(b, &routed, &gain, eps)?;
    b.add(&dense, &routed)
}

/// What the router reads: the MLP's normed input `xn`, or a scaled router's own form of the
/// layer's input `x`.
fn router_input(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    experts: &crate::config::Experts,
    x: &Value,
    xn: &Value,
    eps: f64,
) -> Result<Value> {
    match experts.scaled_router {
        true => experts::scaled_router_input(b, w, x, eps),
        false => Ok(xn.clone()),
    }
}

/// `down(act(gate(xn)) * up(xn))` with the projections `{prefix}.{gate,up,down}_proj`.
pub(super) fn gated_mlp(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    prefix: &str,
    activation: Activation,
    xn: &Value,
) -> Result<Value> {
    let names = [format!("{prefix}.gate_proj"), format!("{prefix}.up_proj")];
    let [gate, up]: [Value; 2] = projections(b, w, &[names[0].as_str(), names[1].as_str()], xn)?
        .try_into()
        .expect("two projections");
    let act = gated(b, activation, &gate, &up)?;
    projection(b, w, &format!("{prefix}.down_proj"), &act)
}

/// The gated MLP's product of its gate and up projections (see [`Activation`]).
pub(super) fn gated(
    b: &mut FuncBuilder,
    activation: Activation,
    gate: &Value,
    up: &Value,
) -> Result<Value> {
    match activation {
        Activation::Silu => {
            let sig = b.logistic(gate)?;
            let act = b.multiply(gate, &sig)?;
            b.multiply(&act, up)
        }
        Activation::GeluTanh => {
            let act = gelu_tanh(b, gate)?;
            b.multiply(&act, up)
        }
        Activation::ClampedSwiglu { alpha, limit } => clamped_swiglu(b, alpha, limit, gate, up),
    }
}

/// `g * sigmoid(alpha * g) * (u + 1)` with `g = min(gate, limit)` and
/// `u = clamp(up, -limit, limit)`, in transformers' order of operations.
fn clamped_swiglu(
    b: &mut FuncBuilder,
    alpha: f64,
    limit: f64,
    gate: &Value,
    up: &Value,
) -> Result<Value> {
    let c = |b: &mut FuncBuilder, v: f64| b.splat(gate.ty().clone(), v);
    let high = c(b, limit)?;
    let low = c(b, -limit)?;
    let g = b.minimum(gate, &high)?;
    let u = b.minimum(up, &high)?;
    let u = b.maximum(&u, &low)?;
    let a = c(b, alpha)?;
    let scaled = b.multiply(&g, &a)?;
    let sig = b.logistic(&scaled)?;
    let glu = b.multiply(&g, &sig)?;
    let one = c(b, 1.0)?;
    let u = b.add(&u, &one)?;
    b.multiply(&u, &glu)
}

/// `x/2 · (1 + tanh(sqrt(2/pi) · (x + 0.044715 x³)))`, GELU's tanh approximation.
fn gelu_tanh(b: &mut FuncBuilder, x: &Value) -> Result<Value> {
    let c = |b: &mut FuncBuilder, v: f64| b.splat(x.ty().clone(), v);
    let x2 = b.multiply(x, x)?;
    let x3 = b.multiply(&x2, x)?;
    let k = c(b, 0.044715)?;
    let cubic = b.multiply(&x3, &k)?;
    let inner = b.add(x, &cubic)?;
    let s = c(b, (2.0 / std::f64::consts::PI).sqrt())?;
    let inner = b.multiply(&inner, &s)?;
    let t = b.tanh(&inner)?;
    let one = c(b, 1.0)?;
    let t = b.add(&t, &one)?;
    let half = c(b, 0.5)?;
    let hx = b.multiply(x, &half)?;
    b.multiply(&hx, &t)
}

/// `W · xT (+ bias)` for the projection `name`, whose bias is optional.
fn projection(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    name: &str,
    xt: &Value,
) -> Result<Value> {
    Ok(projections(b, w, &[name], xt)?.remove(0))
}

/// [`projection`] for several projections of the same input, which the CPU kernels multiply
/// in one dispatch.
pub(super) fn projections(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    names: &[&str],
    xt: &Value,
) -> Result<Vec<Value>> {
    let ys = match fused_product(b, w, names, xt)? {
        Some(ys) => ys,
        None => {
            let weights: Vec<&Weight> = names.iter().map(|n| &w[&format!("{n}.weight")]).collect();
            linear_many(b, &weights, xt)?
        }
    };
    names
        .iter()
        .zip(ys)
        .map(|(name, y)| match w.get(&format!("{name}.bias")) {
            None => Ok(y),
            Some(_) => {
                let bias = vector(w, &format!("{name}.bias"))?;
                let bias = b.broadcast_in_dim(bias, y.shape(), &[0])?;
                b.add(&y, &bias)
            }
        })
        .collect()
}

/// The projections `names` as one product of their fused weight, cut back into each one's
/// rows, when `w` has one whose parts they are (see `Projections::Fused`).
fn fused_product(
    b: &mut FuncBuilder,
    w: &BTreeMap<String, Weight>,
    names: &[&str],
    xt: &Value,
) -> Result<Option<Vec<Value>>> {
    let weights: Vec<String> = names.iter().map(|n| format!("{n}.weight")).collect();
    let Some((fused, _)) = FUSED_ROWS
        .iter()
        .find(|(fused, parts)| parts.iter().eq(weights.iter()) && w.contains_key(*fused))
    else {
        return Ok(None);
    };
    let y = linear_many(b, &[&w[*fused]], xt)?.remove(0);
    let mut start = 0;
    let mut ys = Vec::with_capacity(weights.len());
    for part in &weights {
        let Weight::Dense(rows_of) = &w[part] else {
            unreachable!("the parts of a fused weight are dense rows")
        };
        let rows = rows_of.dim(0);
        ys.push(b.slice_dim(&y, 0, start, rows)?);
        start += rows;
    }
    Ok(Some(ys))
}

/// RMSNorm of each of the `n` heads of `[n*D, M]` over its D values, weight `[D]` shared by
/// the heads (q/k norms, applied before RoPE), or none (Gemma 4's value norm).
pub(super) fn head_rms_norm(
    b: &mut FuncBuilder,
    x: &Value,
    n: i64,
    weight: Option<&Value>,
    eps: f64,
) -> Result<Value> {
    let (rows, m) = (x.dim(0), x.dim(1));
    let d = rows / n;
    let heads = b.reshape(x, &[n, d, m])?;
    let sq = b.multiply(&heads, &heads)?;
    let sum = b.sum_in_order(&sq, 1)?;
    let count = b.splat(sum.ty().clone(), d as f64)?;
    let mean = b.divide(&sum, &count)?;
    let eps = b.splat(sum.ty().clone(), eps)?;
    let var = b.add(&mean, &eps)?;
    let r = b.rsqrt(&var)?;
    let r = b.broadcast_in_dim(&r, &[n, d, m], &[0, 2])?;
    let y = b.multiply(&heads, &r)?;
    let y = match weight {
        Some(weight) => {
            let g = b.broadcast_in_dim(weight, &[n, d, m], &[1])?;
            b.multiply(&y, &g)?
        }
        None => y,
    };
    b.reshape(&y, &[rows, m])
}

/// RMSNorm over dimension 0 of a transposed hidden state `[E, M]`, weight `[E]`.
pub fn rms_norm(b: &mut FuncBuilder, x: &Value, weight: &Value, eps: f64) -> Result<Value> {
    let shape = x.shape().to_vec();
    let sq = b.multiply(x, x)?;
    let sum = b.sum_in_order(&sq, 0)?;
    let n = b.splat(sum.ty().clone(), shape[0] as f64)?;
    let mean = b.divide(&sum, &n)?;
    let eps = b.splat(sum.ty().clone(), eps)?;
    let var = b.add(&mean, &eps)?;
    let r = b.rsqrt(&var)?;
    let r = b.broadcast_in_dim(&r, &shape, &[1])?;
    let y = b.multiply(x, &r)?;
    let w = b.broadcast_in_dim(weight, &shape, &[0])?;
    b.multiply(&y, &w)
}

/// Per head of `[n*2D, M]`, its D queries then its D gate values (Qwen 3.5's q projection),
/// as two `[n*D, M]`.
fn split_gate(b: &mut FuncBuilder, q: &Value, n: i64) -> Result<(Value, Value)> {
    let (rows, m) = (q.dim(0), q.dim(1));
    let d = rows / (2 * n);
    let heads = b.reshape(q, &[n, 2, d, m])?;
    let query = b.slice_dim(&heads, 1, 0, 1)?;
    let gate = b.slice_dim(&heads, 1, 1, 1)?;
    Ok((
        b.reshape(&query, &[n * d, m])?,
        b.reshape(&gate, &[n * d, m])?,
    ))
}

/// HF rotate-half RoPE on `[n*D, M]`: each head's first `2 * cos.dim(0)` values rotate (all
/// of them unless the model rotates part of the head), their halves (x1, x2) becoming
/// (x1·cos − x2·sin, x2·cos + x1·sin); the rest pass. `cos`/`sin` are `[pairs, M]`.
fn rope(b: &mut FuncBuilder, x: &Value, n: i64, cos: &Value, sin: &Value) -> Result<Value> {
    let (rows, m) = (x.dim(0), x.dim(1));
    let (d, rotated) = (rows / n, 2 * cos.dim(0));
    if rotated == d {
        return rope_whole(b, x, n, cos, sin);
    }
    let heads = b.reshape(x, &[n, d, m])?;
    let turn = b.slice_dim(&heads, 1, 0, rotated)?;
    let pass = b.slice_dim(&heads, 1, rotated, d - rotated)?;
    let turn = b.reshape(&turn, &[n * rotated, m])?;
    let turn = rope_whole(b, &turn, n, cos, sin)?;
    let turn = b.reshape(&turn, &[n, rotated, m])?;
    let both = b.concatenate(&[&turn, &pass], 1)?;
    b.reshape(&both, &[rows, m])
}

/// [`rope`] over every value of each head, as one elementwise expression: with the halves
/// swapped (`reverse`) and the sine negated for the first half, x·cos + swap(x)·(±sin). A
/// concatenation of the two halves' results compiled to four kernels per projection (two
/// elementwise, two copies); this is one, and the same bits: x2·(−sin) is −(x2·sin) exactly.
fn rope_whole(b: &mut FuncBuilder, x: &Value, n: i64, cos: &Value, sin: &Value) -> Result<Value> {
    let (half, m) = (cos.dim(0), cos.dim(1));
    let x4 = b.reshape(x, &[n, 2, half, m])?;
    let swapped = b.reverse(&x4, &[1])?;
    let shape = [n, 2, half, m];
    let c = b.broadcast_in_dim(cos, &shape, &[2, 3])?;
    let s = b.broadcast_in_dim(sin, &shape, &[2, 3])?;
    let sign = b.constant_f32(&[-1.0, 1.0]);
    let sign = b.convert(&sign, s.ty().elem);
    let sign = b.broadcast_in_dim(&sign, &shape, &[1])?;
    let s = b.multiply(&s, &sign)?;
    let xc = b.multiply(&x4, &c)?;
    let xs = b.multiply(&swapped, &s)?;
    let o = b.add(&xc, &xs)?;
    b.reshape(&o, x.shape())
}
