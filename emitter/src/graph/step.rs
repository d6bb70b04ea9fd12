use super::attention::AttentionHeads;
use super::linear::{Activations, DecodeKernels, WeightLayout};
use super::weights::Projections;
use crate::config::{Activation, HeadShape, ModelConfig};
use crate::hlo::{Columns, ElemType, ProductForm, Sums, TensorType};

/// The sizes every graph is built from, as the i64s that shapes use.
#[derive(Debug, Clone, Copy)]
pub struct Dims {
    pub hidden: i64,
    pub heads: i64,
    pub kv_heads: i64,
    pub head_dim: i64,
    pub group: i64,
    pub vocab: i64,
    pub slots: i64,
    pub capacity: i64,
    pub weight_dtype: ElemType,
    pub weight_layout: WeightLayout,
    /// Element type of the KV cache.
    pub kv_dtype: ElemType,
    /// Multiplier of q·k.
    pub attention_scale: f64,
    /// Multiplier of the embedding rows, when the model scales them.
    pub embedding_scale: Option<f64>,
    pub activation: Activation,
    /// Added to every RMSNorm weight (see `ModelConfig::norm_weight_offset`).
    pub norm_offset: f64,
    /// Grouped products run through the CPU kernels (see `GraphOptions::cpu_kernels`).
    pub kernels: bool,
    /// What prefill's kernel products multiply by (see `GraphOptions::activations`).
    pub activations: Activations,
    /// The kernels of decode rows (see `GraphOptions::decode_kernels`).
    pub decode_kernels: DecodeKernels,
    /// 4-bit codes reach the layers split from their bytes, as `i8` (see
    /// `Param::nibbles_as_bytes`).
    pub nibbles_as_bytes: bool,
    /// The most rows or tokens a step holds (its longest prefill chunk or largest decode
    /// batch), so the most padding writes it can make; 0 keeps a scratch slot (see [`Scratch`]).
    pub padded: i64,
    /// How dense products over a few columns are written (see `GraphOptions::products`).
    pub products: ProductForm,
    /// How ordered sums are written (see `GraphOptions::sums`).
    pub sums: Sums,
    /// How attention goes over the kv heads (see `GraphOptions::attention_heads`).
    pub attention_heads: AttentionHeads,
    /// Tokens per block of a linear-attention prefill (see `GraphOptions::linear_chunk`).
    pub linear_chunk: i64,
    /// Whether a layer's projections of one input are one weight (see
    /// `GraphOptions::projections`).
    pub projections: Projections,
}

/// Where a step's padding rows and tokens write their K and V. A scatter writes every update
/// (IREE's has no way to skip one, and one out of bounds is undefined), so they need places
/// that no attention reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scratch {
    /// One more slot, `S`: padding row or token i writes there at index i.
    Slot,
    /// `n` more positions after each slot's own P: padding row or token i writes in its own
    /// slot at index P + i. Windows end at P, so attention never reads them.
    Tail(i64),
}

impl Scratch {
    /// The smaller of the two for `slots` slots of `positions` each when a step pads at most
    /// `padded` rows or tokens: a tail adds `slots * padded` positions, a slot `positions`.
    /// With one slot of 8192 positions and chunks of 512, a tail adds 6% to the cache where a
    /// slot doubles it; with 8 slots of 2048, a slot adds 12.5% and a tail 25%.
    pub fn choose(slots: i64, positions: i64, padded: i64) -> Scratch {
        if padded > 0 && slots * padded < positions {
            Scratch::Tail(padded)
        } else {
            Scratch::Slot
        }
    }

    /// Slots and positions per slot of a cache of `slots` slots of `positions` each, with the
    /// scratch [`Scratch::choose`] picks for them.
    pub fn extent(slots: i64, positions: i64, padded: i64) -> (i64, i64) {
        match Scratch::choose(slots, positions, padded) {
            Scratch::Slot => (slots + 1, positions),
            Scratch::Tail(n) => (slots, positions + n),
        }
    }
}

impl Dims {
    pub fn new(
        cfg: &ModelConfig,
        slots: usize,
        capacity: usize,
        weight_dtype: ElemType,
        weight_layout: WeightLayout,
        kv_dtype: ElemType,
    ) -> Self {
        Dims {
            hidden: cfg.hidden_size as i64,
            heads: cfg.num_attention_heads as i64,
            kv_heads: cfg.num_key_value_heads as i64,
            head_dim: cfg.head_dim as i64,
            group: cfg.group_size() as i64,
            vocab: cfg.vocab_size as i64,
            slots: slots as i64,
            capacity: capacity as i64,
            weight_dtype,
            weight_layout,
            kv_dtype,
            attention_scale: cfg
                .attention_scale
                .unwrap_or(1.0 / (cfg.head_dim as f64).sqrt()),
            embedding_scale: cfg.embedding_scale,
            activation: cfg.activation,
            norm_offset: cfg.norm_weight_offset,
            kernels: false,
            activations: Activations::F32,
            decode_kernels: DecodeKernels::Float,
            nibbles_as_bytes: false,
            padded: 0,
            products: ProductForm::Dot,
            sums: Sums::Ordered,
            attention_heads: AttentionHeads::Apart,
            linear_chunk: super::LINEAR_CHUNK as i64,
            projections: Projections::Apart,
        }
    }

    /// The sizes of a layer whose heads are `heads` (Gemma 4's global layers differ from its
    /// sliding ones).
    pub fn for_heads(&self, cfg: &ModelConfig, heads: HeadShape) -> Dims {
        Dims {
            kv_heads: heads.kv_heads as i64,
            head_dim: heads.head_dim as i64,
            group: (cfg.num_attention_heads / heads.kv_heads) as i64,
            attention_scale: cfg
                .attention_scale
                .unwrap_or(1.0 / (heads.head_dim as f64).sqrt()),
            ..*self
        }
    }

    /// Where padding writes go in a layer's cache of `span`.
    pub fn scratch(&self, span: CacheSpan) -> Scratch {
        Scratch::choose(self.slots, span.positions(self.capacity), self.padded)
    }

    /// Slots and positions per slot of a layer's cache of `span`, scratch included.
    fn cache_extent(&self, span: CacheSpan) -> (i64, i64) {
        Scratch::extent(self.slots, span.positions(self.capacity), self.padded)
    }

    /// One full layer's V cache, `[S', C', Hkv, D]` (head-major with
    /// [`AttentionHeads::Together`]; its K cache holds the same values as
    /// `[S', Hkv, D, C']`, see [`Dims::key_cache_type_for`]): S' = S + 1 and C' = C with a
    /// scratch slot, S' = S and C' = C + n with a scratch tail (see [`Scratch`]).
    pub fn cache_type(&self) -> TensorType {
        self.value_cache_type_for(CacheSpan::Full)
    }

    /// The V cache of a layer of `span`: `[S', P', Hkv, D]` with P = C or the ring's window,
    /// and the scratch as in [`Dims::cache_type`]. q·kᵀ's weights multiply it as rows of D
    /// values, read in place. With [`AttentionHeads::Together`] it is head-major,
    /// `[S', Hkv, P', D]`: the product over all heads then reads the window in place, where
    /// the position-major window was transposed every step (a kernel a layer on CUDA).
    pub fn value_cache_type_for(&self, span: CacheSpan) -> TensorType {
        let (slots, positions) = self.cache_extent(span);
        let shape = match self.attention_heads {
            AttentionHeads::Apart => [slots, positions, self.kv_heads, self.head_dim],
            AttentionHeads::Together => [slots, self.kv_heads, positions, self.head_dim],
        };
        TensorType::new(shape, self.kv_dtype)
    }

    /// The K cache of a layer of `span`: `[S', Hkv, D, P']`, each kv head's keys as D rows of
    /// P' positions, so that q·kᵀ is a plain product over D whose window is contiguous in
    /// positions. With keys as `[P, D]` rows (the V layout), the sum over D runs along each
    /// row and IREE 3.13's CPU code for it was 3-4x slower per position than for this form.
    pub fn key_cache_type_for(&self, span: CacheSpan) -> TensorType {
        let (slots, positions) = self.cache_extent(span);
        TensorType::new(
            [slots, self.kv_heads, self.head_dim, positions],
            self.kv_dtype,
        )
    }

    /// `[K, V]` cache types of a layer of `span`.
    pub fn cache_types_for(&self, span: CacheSpan) -> [TensorType; 2] {
        [
            self.key_cache_type_for(span),
            self.value_cache_type_for(span),
        ]
    }
}

/// Which positions of a slot a layer's cache keeps, and so how far back it attends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheSpan {
    /// Every position up to the capacity, at its own index.
    Full,
    /// A sliding-window layer whose window is shorter than the capacity: the last `window`
    /// positions, position p at index `p mod window`. Both the storage and the attention's
    /// work are bounded by the window.
    Ring(i64),
}

impl CacheSpan {
    /// The span of a layer attending over `window` positions (`None`: all) in a cache of
    /// `capacity` positions; a window that covers the capacity needs no ring.
    pub fn new(window: Option<usize>, capacity: usize) -> CacheSpan {
        match window {
            Some(w) if w < capacity => CacheSpan::Ring(w as i64),
            _ => CacheSpan::Full,
        }
    }

    /// Positions per slot of a layer's cache in a module of `capacity` positions.
    pub fn positions(self, capacity: i64) -> i64 {
        match self {
            CacheSpan::Full => capacity,
            CacheSpan::Ring(window) => window,
        }
    }

    /// Cache positions a step reads: its window, at most the ring.
    pub fn read_len(self, step: Step) -> i64 {
        match self {
            CacheSpan::Full => step.window(),
            CacheSpan::Ring(window) => step.window().min(window),
        }
    }
}

/// What one forward pass processes: a prefill chunk of one slot, or one token for each of the
/// first B slots. Attention reads the first `w` cache positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Prefill { t: i64, w: i64 },
    Decode { b: i64, w: i64 },
}

impl Step {
    /// Tokens in the hidden state (its column count).
    pub fn tokens(self) -> i64 {
        match self {
            Step::Prefill { t, .. } => t,
            Step::Decode { b, .. } => b,
        }
    }

    pub fn window(self) -> i64 {
        match self {
            Step::Prefill { w, .. } | Step::Decode { w, .. } => w,
        }
    }

    /// What the hidden state's columns are: one prompt's tokens, or decode rows multiplied by
    /// `kernels`.
    pub fn columns(self, kernels: DecodeKernels) -> Columns {
        match self {
            Step::Prefill { .. } => Columns::Tokens,
            Step::Decode { .. } => Columns::Sequences(kernels),
        }
    }

    /// Cache slots attended to: one for prefill, B for decode.
    pub fn rows(self) -> i64 {
        match self {
            Step::Prefill { .. } => 1,
            Step::Decode { b, .. } => b,
        }
    }

    /// Queries per row and kv head: the group's heads, times the chunk's tokens for prefill.
    pub fn queries(self, dims: &Dims) -> i64 {
        match self {
            Step::Prefill { t, .. } => dims.group * t,
            Step::Decode { .. } => dims.group,
        }
    }

    /// Positions of the queries, `[R, Q]`: each attends to cache positions up to its own.
    pub fn query_positions_type(self, dims: &Dims) -> TensorType {
        TensorType::new([self.rows(), self.queries(dims)], ElemType::I32)
    }

    /// The same step reading the first `w` cache positions.
    pub fn with_window(self, w: i64) -> Step {
        match self {
            Step::Prefill { t, .. } => Step::Prefill { t, w },
            Step::Decode { b, .. } => Step::Decode { b, w },
        }
    }

    /// Names the private functions built for this step.
    pub fn tag(self) -> String {
        match self {
            Step::Prefill { t, w } => format!("prefill_t{t}_w{w}"),
            Step::Decode { b, w } => format!("decode_b{b}_w{w}"),
        }
    }
}
