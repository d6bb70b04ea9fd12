//! The Llama-family graphs assembled into one module; their contracts are in
//! docs/architecture.md#graph-contracts.

mod argmax;
mod attention;
mod copy_slot;
mod delta_net;
mod embed;
mod experts;
mod forward;
mod grouped_kernel;
mod head;
mod layer;
mod layer_plan;
mod linear;
mod sample;
mod step;
mod weight_format;
mod weights;

use serde::{Deserialize, Serialize};

pub use self::weight_format::{
    group_part, stored_groups, Code, GroupFormat, GroupFormatError, NotStored, SubScales,
    WeightFormat, WeightFormats,
};
pub use attention::{AttentionForm, AttentionHeads};
pub use copy_slot::COPY_SLOT;
pub use delta_net::{state_globals, StateDims};
pub use embed::embed_name;
pub use forward::cache_globals;
pub use head::{sample_function, Head};
pub use layer_plan::{LayerPlan, LayerUse};
pub use linear::{
    linear, linear_many, Activations, DecodeKernels, Several, UntiledRows, Weight, WeightLayout,
    TILE_ROWS,
};
pub use sample::SAMPLE_ARGS;
pub use step::{CacheSpan, Dims, Scratch, Step};
pub use weights::{is_expert_stack, is_tiled, Param, Projections, Weights, PARAMETER_SCOPE};

use crate::config::{LayerType, ModelConfig};
use crate::hlo::{ElemType, Global, GlobalInit, Module, ShapeError, TensorType};
pub use crate::hlo::{ProductForm, Sums};
use crate::module_form::ModuleForm;
use grouped_kernel::kernel_for;

/// The symbol name of the emitted module; runtimes address functions as `model.<name>`.
pub const MODULE_NAME: &str = "model";

/// Which graphs to build and the cache geometry they share.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphOptions {
    pub slots: usize,
    pub capacity: usize,
    pub weight_dtype: ElemType,
    /// How projection weights are stored; [`WeightLayout::Tiled`] is the fast one on CPU.
    pub weight_layout: WeightLayout,
    /// Per-weight stored formats (e.g. a GGUF file's own blocks); weights not named here are
    /// dense `weight_dtype`.
    pub weight_formats: WeightFormats,
    /// Element type of the KV cache (f32, f16 or bf16): K and V are rounded to it when
    /// written and widened to f32 when read.
    pub kv_dtype: ElemType,
    /// Prefill chunk lengths T.
    pub prefill_lengths: Vec<usize>,
    /// Prefill attention windows; empty means one window, the capacity, without a `_w` suffix.
    /// The longest prefill length gets every window that holds it, shorter ones the smallest
    /// and the largest of those (see `prefill_windows_for`).
    pub prefill_windows: Vec<usize>,
    pub decode_batches: Vec<usize>,
    pub decode_windows: Vec<usize>,
    /// How decode attention is written; prefill uses matmuls, or the fused op when this asks
    /// for it.
    pub decode_attention: AttentionForm,
    /// Heads emitted for every step, in this order; with [`Head::Sample`] the standalone
    /// `sample_b{B}` functions come too.
    pub heads: Vec<Head>,
    pub form: ModuleForm,
    /// Multiply grouped weights with the hand-written CPU kernels (the `kernels` crate)
    /// instead of IREE's code generation: only for CPU modules of a host that runs them.
    pub cpu_kernels: bool,
    /// What the layers' grouped products multiply by where the CPU kernels run them, in
    /// prefill and decode alike: the f32 activations (exact, the default) or int8 quantized
    /// ones ([`Activations::Q8`], lossy).
    pub activations: Activations,
    /// What the LM head's product multiplies by where a CPU kernel runs it: f32 (exact, the
    /// default) or q8 (lossy, as llama.cpp's head). Apart from [`Self::activations`]: the head
    /// is the largest single product of a small model (a quarter of the Llama-3.2-1B shape's
    /// bytes), and its rounding reaches the logits directly.
    pub head_activations: Activations,
    /// Which exact kernels multiply decode rows where the CPU kernels run (see
    /// [`DecodeKernels`]): one family at every row count keeps a row's bits independent of
    /// its batch.
    pub decode_kernels: DecodeKernels,
    /// How dense products over rows with 2 to 16 columns (decode batches) are written: a
    /// `dot_general` (the default) or a sum of broadcast products (see [`ProductForm`]).
    pub products: ProductForm,
    /// How the sums that decide a row's bits are written: in an order the graph fixes (the
    /// CPU's, batch-invariant) or as the compiler's reductions (GPUs: see [`Sums`]).
    pub sums: Sums,
    /// Decode attention per kv head (the CPU's) or over all of them at once (GPUs: see
    /// [`AttentionHeads`]).
    pub attention_heads: AttentionHeads,
    /// A layer's projections of one input as a weight each (the CPU's) or as one (GPUs, with
    /// weights in rows: see [`Projections`]).
    pub projections: Projections,
    /// Chunk lengths of the embedding graphs (`embed_hidden_t{T}`, see [`Kind::Embed`]); empty,
    /// the default, emits none, and the rest of the module is the same either way.
    pub embed_lengths: Vec<usize>,
    /// Tokens per block of a linear-attention layer's prefill (a power of two; see
    /// `delta_net`): the state steps from block to block, the tokens within one are products.
    pub linear_chunk: usize,
}

/// The default [`GraphOptions::linear_chunk`]: transformers' chunk of the gated delta rule.
pub const LINEAR_CHUNK: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Prefill,
    Decode,
    Copy,
    /// The sampling head alone: logits and sampling inputs in, tokens and log-probabilities out.
    Sample,
    /// A packed chunk of several sequences in, every token's final normed hidden state out; no
    /// cache is read or written.
    Embed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedType {
    pub name: String,
    #[serde(flatten)]
    pub ty: TensorType,
}

/// A public function as the engine discovers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FunctionInfo {
    pub name: String,
    pub kind: Kind,
    /// Serialized as `variant`, the manifest's name for it.
    #[serde(rename = "variant", skip_serializing_if = "Option::is_none")]
    pub head: Option<Head>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub t: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub w: Option<usize>,
    pub args: Vec<NamedType>,
    pub results: Vec<TensorType>,
}

/// The built module and what the manifest says about it.
#[derive(Debug, Clone)]
pub struct BuiltModule {
    pub module: Module,
    pub functions: Vec<FunctionInfo>,
    pub weights: Weights,
    pub dims: Dims,
    pub plan: LayerPlan,
}

#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    #[error("invalid options: {0}")]
    Options(String),
    #[error(transparent)]
    Shape(#[from] ShapeError),
}

impl GraphOptions {
    fn validate(&self, cfg: &ModelConfig) -> Result<(), GraphError> {
        self.check_lists()?;
        self.check_sizes()?;
        (self.weight_layout.check(cfg)).map_err(|e| GraphError::Options(e.to_string()))?;
        if !matches!(
            self.kv_dtype,
            ElemType::F32 | ElemType::F16 | ElemType::Bf16
        ) {
            return options_error(format!(
                "KV cache type {} is not f32, f16 or bf16",
                self.kv_dtype
            ));
        }
        if !self.linear_chunk.is_power_of_two() {
            return options_error(format!(
                "linear-attention prefill blocks of {} tokens (a power of two)",
                self.linear_chunk
            ));
        }
        if self.cpu_kernels && kernels::Object::get().is_none() {
            return options_error("CPU kernels asked for, but this build has none".into());
        }
        for activations in [self.activations, self.head_activations] {
            if activations != Activations::F32 && !self.cpu_kernels {
                return options_error(format!(
                    "{activations} activations are multiplied only by the CPU kernels"
                ));
            }
        }
        self.check_key_index(cfg)?;
        self.check_linear_blocks(cfg)?;
        self.check_ring(cfg)
    }

    /// A linear-attention layer prefills a chunk in blocks of `linear_chunk` tokens (one block
    /// when the chunk is shorter), so longer chunks must be whole blocks.
    fn check_linear_blocks(&self, cfg: &ModelConfig) -> Result<(), GraphError> {
        let block = self.linear_chunk;
        let odd = self
            .prefill_lengths
            .iter()
            .find(|&&t| t > block && t % block != 0);
        match (odd, &cfg.linear_attention) {
            (Some(t), Some(_)) => options_error(format!(
                "prefill chunk of {t} tokens in linear-attention blocks of {block} (a chunk \
                 longer than a block must be a multiple of it)"
            )),
            _ => Ok(()),
        }
    }

    /// The most rows or tokens one step holds: the most padding writes it can make (see
    /// [`Scratch`]).
    pub fn padded(&self) -> usize {
        let lengths = self.prefill_lengths.iter().chain(&self.decode_batches);
        lengths.copied().max().unwrap_or(0)
    }

    /// Keys are written by their flat index in a layer's cache (see
    /// [`Dims::key_cache_type_for`]), an i32.
    fn check_key_index(&self, cfg: &ModelConfig) -> Result<(), GraphError> {
        let (slots, positions) = Scratch::extent(
            self.slots as i64,
            self.capacity as i64,
            self.padded() as i64,
        );
        let elements =
            (slots * positions) as u64 * cfg.num_key_value_heads as u64 * cfg.head_dim as u64;
        if elements > i32::MAX as u64 {
            return options_error(format!(
                "a layer's K cache of {elements} elements ({slots} slots x {positions} \
                 positions, scratch included) exceeds the i32 indices its writes use"
            ));
        }
        Ok(())
    }

    /// Ring layers take a prefill chunk's tokens at distinct ring indices, and with a scratch
    /// slot decode padding rows write to its positions `[0, B)`: both must fit in the window.
    fn check_ring(&self, cfg: &ModelConfig) -> Result<(), GraphError> {
        let slides = (0..cfg.num_hidden_layers)
            .any(|l| cfg.layer_type(l) == crate::config::LayerType::SlidingAttention);
        let window = match cfg.sliding_window.filter(|&w| slides && w < self.capacity) {
            Some(w) => w,
            None => return Ok(()),
        };
        let longest = self
            .prefill_lengths
            .iter()
            .chain(&self.decode_batches)
            .max();
        match longest.filter(|&&n| n > window) {
            Some(n) => options_error(format!(
                "prefill chunks and decode batches must not exceed the sliding window {window} \
                 when it is shorter than the capacity {} (got {n})",
                self.capacity
            )),
            None => Ok(()),
        }
    }

    fn check_lists(&self) -> Result<(), GraphError> {
        let lists = [
            ("prefill lengths", &self.prefill_lengths),
            ("prefill windows", &self.prefill_windows),
            ("decode batches", &self.decode_batches),
            ("decode windows", &self.decode_windows),
            ("embedding lengths", &self.embed_lengths),
        ];
        for (what, list) in lists {
            if list.contains(&0) || list.windows(2).any(|p| p[0] >= p[1]) {
                return options_error(format!(
                    "{what} {list:?} must be positive and strictly increasing"
                ));
            }
        }
        if self.heads.is_empty()
            || (1..self.heads.len()).any(|i| self.heads[..i].contains(&self.heads[i]))
        {
            return options_error(format!(
                "heads {:?} must be non-empty and distinct",
                self.heads
            ));
        }
        if self.prefill_lengths.is_empty() && self.decode_batches.is_empty() {
            return options_error(
                "nothing to emit: no prefill lengths and no decode batches".into(),
            );
        }
        if !self.decode_batches.is_empty() && self.decode_windows.is_empty() {
            return options_error("decode batches given without decode windows".into());
        }
        Ok(())
    }

    /// Chunks, windows and batches must fit the cache: with a scratch slot padding writes go
    /// to its positions `[0, T)` or `[0, B)`, so T and B are bounded by the capacity too.
    fn check_sizes(&self) -> Result<(), GraphError> {
        let (s, c) = (self.slots, self.capacity);
        if s == 0 || c == 0 {
            return options_error(format!("slots ({s}) and capacity ({c}) must be positive"));
        }
        if let Some(t) = self.prefill_lengths.iter().find(|&&t| t > c) {
            return options_error(format!("prefill length {t} exceeds the capacity {c}"));
        }
        if let Some(t) = self.embed_lengths.iter().find(|&&t| t > c) {
            return options_error(format!("embedding length {t} exceeds the capacity {c}"));
        }
        let mut windows = self.prefill_windows.iter().chain(&self.decode_windows);
        if let Some(w) = windows.find(|&&w| w > c) {
            return options_error(format!("window {w} exceeds the capacity {c}"));
        }
        if let Some(b) = self.decode_batches.iter().find(|&&b| b > s || b > c) {
            return options_error(format!(
                "decode batch {b} exceeds the slots ({s}) or capacity ({c})"
            ));
        }
        let largest_window = self.prefill_windows.last().copied().unwrap_or(c);
        if let Some(t) = self.prefill_lengths.iter().find(|&&t| t > largest_window) {
            return options_error(format!("no prefill window holds a chunk of {t} tokens"));
        }
        Ok(())
    }

    /// The prefill windows a chunk of `t` tokens is emitted with: every window that holds it
    /// for the longest chunk (a long prompt's body, whose attention grows with the window),
    /// and for a shorter one only the smallest that holds it and the largest (a short
    /// prompt's start, or a tail anywhere): each extra prefill function costs compile time.
    fn prefill_windows_for(&self, t: usize) -> Vec<usize> {
        let holding: Vec<usize> = self
            .prefill_windows
            .iter()
            .copied()
            .filter(|&w| w >= t)
            .collect();
        let longest = self.prefill_lengths.iter().copied().max() == Some(t);
        match (holding.first(), holding.last()) {
            (Some(&small), Some(&large)) if !longest && small != large => vec![small, large],
            (Some(&small), Some(_)) if !longest => vec![small],
            _ => holding,
        }
    }

    /// Every (public name, step) pair in emission order, every head of a step together.
    fn steps(&self) -> Vec<(String, Step, Kind)> {
        let mut steps = Vec::new();
        for &t in &self.prefill_lengths {
            if self.prefill_windows.is_empty() {
                steps.push((
                    format!("t{t}"),
                    Step::Prefill {
                        t: t as i64,
                        w: self.capacity as i64,
                    },
                    Kind::Prefill,
                ));
            }
            for w in self.prefill_windows_for(t) {
                steps.push((
                    format!("t{t}_w{w}"),
                    Step::Prefill {
                        t: t as i64,
                        w: w as i64,
                    },
                    Kind::Prefill,
                ));
            }
        }
        for &b in &self.decode_batches {
            for &w in &self.decode_windows {
                steps.push((
                    format!("b{b}_w{w}"),
                    Step::Decode {
                        b: b as i64,
                        w: w as i64,
                    },
                    Kind::Decode,
                ));
            }
        }
        steps
    }
}

fn options_error(message: String) -> Result<(), GraphError> {
    Err(GraphError::Options(message))
}

fn entry_name(kind: Kind, head: Head, suffix: &str) -> String {
    match kind {
        Kind::Prefill => format!("prefill_{}_{suffix}", head.name()),
        _ => format!("decode_ragged_{}_{suffix}", head.name()),
    }
}

fn info(
    f: &crate::hlo::Function,
    kind: Kind,
    head: Option<Head>,
    step: Option<Step>,
) -> FunctionInfo {
    let (t, b) = match step {
        Some(Step::Prefill { t, .. }) => (Some(t as usize), None),
        Some(Step::Decode { b, .. }) => (None, Some(b as usize)),
        None => (None, None),
    };
    FunctionInfo {
        name: f.name.clone(),
        kind,
        head,
        t,
        b,
        w: step.map(|s| s.window() as usize),
        args: f
            .args
            .iter()
            .map(|(name, ty)| NamedType {
                name: name.clone(),
                ty: ty.clone(),
            })
            .collect(),
        results: f.results.clone(),
    }
}

/// Weights as parameters, then the K and V caches of each layer that keeps its own.
fn module_globals(
    cfg: &ModelConfig,
    dims: &Dims,
    weights: &Weights,
    plan: &LayerPlan,
) -> Vec<Global> {
    let mut globals: Vec<Global> = weights.all().into_iter().flat_map(Param::globals).collect();
    for (l, layer) in plan.layers.iter().enumerate() {
        if let (true, Some(a)) = (layer.keeps_state(), &cfg.linear_attention) {
            let tys = delta_net::StateDims::new(a).global_types(dims.slots);
            for (name, ty) in delta_net::state_globals(l).into_iter().zip(tys) {
                globals.push(Global {
                    name,
                    ty,
                    init: GlobalInit::MutableZeros,
                });
            }
        }
        if !layer.owns_cache() {
            continue;
        }
        let dims = dims.for_heads(cfg, layer.shape.heads);
        for (name, ty) in cache_globals(l)
            .into_iter()
            .zip(dims.cache_types_for(layer.span))
        {
            globals.push(Global {
                name,
                ty,
                init: GlobalInit::MutableZeros,
            });
        }
    }
    globals
}

/// Whether a CPU kernel multiplies `param` (and so can take quantized activations).
fn in_kernels(opts: &GraphOptions, param: &Param) -> bool {
    opts.cpu_kernels && param.groups.as_ref().and_then(kernel_for).is_some()
}

/// Quantized activations need weights a CPU kernel multiplies: dense ones (f32 weights, or a
/// head the file stores dense) would take them silently as f32.
fn check_activations(opts: &GraphOptions, weights: &Weights) -> Result<(), GraphError> {
    let layers = opts.activations != Activations::F32
        && !weights.layers.iter().flatten().any(|p| in_kernels(opts, p));
    if layers {
        return Err(GraphError::Options(format!(
            "{} activations need layer weights in blocks the CPU kernels multiply (native \
             weights); none is here (dense weights take f32 only)",
            opts.activations
        )));
    }
    let head = weights.head();
    if opts.head_activations != Activations::F32 && !in_kernels(opts, head) {
        let stored = match &head.groups {
            Some(g) => format!("{g:?}, which they do not cover"),
            None => format!("dense {}", head.ty.elem),
        };
        return Err(GraphError::Options(format!(
            "{} head activations need the LM head ({}) in blocks the CPU kernels multiply; it \
             is {stored}",
            opts.head_activations, head.name
        )));
    }
    Ok(())
}

/// Builds every requested graph into one module whose weights and caches all functions share.
pub fn build(cfg: &ModelConfig, opts: &GraphOptions) -> Result<BuiltModule, GraphError> {
    cfg.validate()
        .map_err(|e| GraphError::Options(e.to_string()))?;
    opts.validate(cfg)?;
    // Metal's code generation cannot load `i4` memory: codes come in as bytes there.
    let nibbles_as_bytes = opts.form == ModuleForm::Metal;
    let dims = Dims {
        kernels: opts.cpu_kernels,
        activations: opts.activations,
        decode_kernels: opts.decode_kernels,
        products: opts.products,
        sums: opts.sums,
        attention_heads: opts.attention_heads,
        projections: opts.projections,
        nibbles_as_bytes,
        padded: opts.padded() as i64,
        linear_chunk: opts.linear_chunk as i64,
        ..Dims::new(
            cfg,
            opts.slots,
            opts.capacity,
            opts.weight_dtype,
            opts.weight_layout,
            opts.kv_dtype,
        )
    };
    let mut weights = Weights {
        kernels: opts.cpu_kernels,
        ..Weights::new(
            cfg,
            opts.weight_dtype,
            opts.weight_layout,
            &opts.weight_formats,
            opts.projections,
        )
        .map_err(GraphError::Options)?
    };
    if nibbles_as_bytes {
        weights.nibbles_as_bytes();
    }
    check_activations(opts, &weights)?;
    // A file may store some layers' weights in other block formats than the rest, and
    // sliding-window layers keep other caches: one layer function per combination.
    let plan = LayerPlan::new(cfg, &weights, opts.capacity);
    let mut module = Module::new(MODULE_NAME);
    module.globals = module_globals(cfg, &dims, &weights, &plan);
    let mut functions = Vec::new();
    for (suffix, step, kind) in opts.steps() {
        // Prefill takes the fused op when asked for, and the matmul form otherwise: the
        // reduce form is for decode windows that data tiling must not repack.
        let form = match (step, opts.decode_attention) {
            (Step::Decode { .. }, form) | (Step::Prefill { .. }, form @ AttentionForm::Fused) => {
                form
            }
            (Step::Prefill { .. }, _) => AttentionForm::Matmul,
        };
        let layers = plan
            .functions
            .iter()
            .enumerate()
            .map(|(k, key)| {
                let name = match k {
                    0 => format!("layer_{}", step.tag()),
                    _ => format!("layer_{}_{k}", step.tag()),
                };
                let kinds = layer::LayerKinds {
                    span: key.span,
                    attention: form,
                    shape: key.shape,
                    stores: key.stores,
                    packed: false,
                };
                let dims = dims.for_heads(cfg, key.shape.heads);
                match key.shape.attention {
                    LayerType::LinearAttention => {
                        delta_net::layer_function(name, cfg, &dims, step, &key.shape, &key.formats)
                    }
                    _ => layer::layer_function(name, cfg, &dims, step, kinds, &key.formats),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let forward = forward::forward_function(cfg, &dims, step, &weights, &plan, &layers)?;
        let mut entries = Vec::new();
        for &head in &opts.heads {
            let name = entry_name(kind, head, &suffix);
            let softcap = cfg.final_logit_softcap;
            let f = head::entry_function(
                &name,
                step,
                head,
                (opts.form, opts.products, opts.decode_kernels),
                (&weights, opts.head_activations),
                softcap,
                &forward,
            )?;
            functions.push(info(&f, kind, Some(head), Some(step)));
            entries.push(f);
        }
        module.functions.extend(layers);
        module.functions.push(forward);
        module.functions.extend(entries);
    }
    for &t in &opts.embed_lengths {
        let (f, layers) = embed_graph(cfg, &dims, &weights, &plan, t)?;
        functions.push(FunctionInfo {
            t: Some(t),
            ..info(&f, Kind::Embed, None, None)
        });
        module.functions.extend(layers);
        module.functions.push(f);
    }
    if opts.heads.contains(&Head::Sample) {
        for &b in &opts.decode_batches {
            let f = head::sample_function(b as i64, dims.vocab, opts.form)?;
            functions.push(FunctionInfo {
                b: Some(b),
                ..info(&f, Kind::Sample, Some(Head::Sample), None)
            });
            module.functions.push(f);
        }
    }
    let copy = copy_slot::copy_slot_function(cfg, &dims, &plan)?;
    functions.push(info(&copy, Kind::Copy, None, None));
    module.functions.push(copy);
    opts.form.apply(&mut module);
    Ok(BuiltModule {
        module,
        functions,
        weights,
        dims,
        plan,
    })
}

/// `embed_hidden_t{t}` and the packed layer functions it calls. Layers that read another
/// layer's cache (Gemma 4's last layers) and per-layer inputs have no packed form yet.
fn embed_graph(
    cfg: &ModelConfig,
    dims: &Dims,
    weights: &Weights,
    plan: &LayerPlan,
    t: usize,
) -> Result<(crate::hlo::Function, Vec<crate::hlo::Function>), GraphError> {
    if plan.functions.iter().any(|key| key.shape.shared_kv) {
        return Err(GraphError::Options(
            "embedding graphs are not built for models whose layers share caches".into(),
        ));
    }
    if cfg.per_layer_input.is_some() {
        return Err(GraphError::Options(
            "embedding graphs are not built for models with per-layer inputs".into(),
        ));
    }
    if cfg.linear_attention.is_some() {
        return Err(GraphError::Options(
            "embedding graphs are not built for models with linear-attention layers".into(),
        ));
    }
    // Sized as a prefill chunk reading a window of its own tokens.
    let step = Step::Prefill {
        t: t as i64,
        w: t as i64,
    };
    let layers = plan
        .functions
        .iter()
        .enumerate()
        .map(|(k, key)| {
            let name = match k {
                0 => format!("layer_embed_t{t}"),
                _ => format!("layer_embed_t{t}_{k}"),
            };
            let kinds = layer::LayerKinds {
                span: key.span,
                attention: AttentionForm::Matmul,
                shape: key.shape,
                stores: false,
                packed: true,
            };
            let dims = dims.for_heads(cfg, key.shape.heads);
            layer::layer_function(name, cfg, &dims, step, kinds, &key.formats)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let f = embed::embed_function(dims, t as i64, weights, plan, cfg.rms_norm_eps, &layers)?;
    Ok((f, layers))
}

/// A module of `sample_b{B}` functions only, for a vocabulary of `vocab`: the same sampling
/// head the model graphs end in, runnable on logits chosen by the caller.
pub fn sampler_module(
    batches: &[usize],
    vocab: usize,
    form: ModuleForm,
) -> Result<Module, GraphError> {
    if batches.is_empty() || batches.contains(&0) || vocab == 0 {
        return options_error(format!(
            "sampler module needs batches ({batches:?}) and a vocabulary ({vocab})"
        ))
        .map(|()| unreachable!());
    }
    let mut module = Module::new(MODULE_NAME);
    for &b in batches {
        module
            .functions
            .push(head::sample_function(b as i64, vocab as i64, form)?);
    }
    form.apply(&mut module);
    Ok(module)
}

#[cfg(test)]
mod tests;
