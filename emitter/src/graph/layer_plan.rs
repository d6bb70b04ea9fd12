//! How the decoder layers map onto layer functions, cache spans and RoPE tables: layers share
//! a function when their weight formats, cache span and shape agree, and a table when their
//! RoPE frequencies do.

use super::step::CacheSpan;
use super::weight_format::WeightFormat;
use super::weights::Weights;
use crate::config::{KvSource, LayerShape, LayerType, ModelConfig};

/// What one layer uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerUse {
    /// Index into [`LayerPlan::functions`].
    pub function: usize,
    /// Index into [`LayerPlan::ropes`].
    pub rope: usize,
    pub span: CacheSpan,
    pub shape: LayerShape,
    /// Whose cache it attends over.
    pub kv: KvSource,
}

/// What one layer function is built for.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionKey {
    pub formats: Vec<WeightFormat>,
    pub span: CacheSpan,
    pub shape: LayerShape,
    /// Later layers read its cache: it also returns the chunk's own K and V, which a ring's
    /// prefill attends over besides the ring (see `layer::ring_prefill_attention`).
    pub stores: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LayerPlan {
    /// One layer function each, in order of first use.
    pub functions: Vec<FunctionKey>,
    /// RoPE tables, in order of first use.
    pub ropes: Vec<RopeTable>,
    pub layers: Vec<LayerUse>,
}

/// What a layer's RoPE cos and sin tables are made of.
#[derive(Debug, Clone, PartialEq)]
pub struct RopeTable {
    /// One inverse frequency per rotated pair, scaling applied.
    pub inv_freq: Vec<f32>,
    /// What cos and sin are multiplied by (YaRN's attention factor; 1 otherwise).
    pub scale: f64,
}

/// The index of `item` in `list`, appended when new.
fn intern<T: PartialEq>(list: &mut Vec<T>, item: T) -> usize {
    match list.iter().position(|x| *x == item) {
        Some(k) => k,
        None => {
            list.push(item);
            list.len() - 1
        }
    }
}

impl LayerPlan {
    pub fn new(cfg: &ModelConfig, weights: &Weights, capacity: usize) -> LayerPlan {
        let mut plan = LayerPlan {
            functions: Vec::new(),
            ropes: Vec::new(),
            layers: Vec::new(),
        };
        let sources: Vec<KvSource> = (0..weights.layers.len())
            .map(|l| cfg.kv_source(l))
            .collect();
        for (l, &kv) in sources.iter().enumerate() {
            let kind = cfg.layer_type(l);
            let window = match kind {
                LayerType::SlidingAttention => cfg.sliding_window,
                // Linear layers keep no cache: their span is never read.
                LayerType::FullAttention | LayerType::LinearAttention => None,
            };
            let span = CacheSpan::new(window, capacity);
            let shape = cfg.layer_shape(l);
            let stores = sources.contains(&KvSource::Shared { from: l });
            let key = FunctionKey {
                formats: weights.layer_formats(l),
                span,
                shape,
                stores,
            };
            let function = intern(&mut plan.functions, key);
            let table = RopeTable {
                inv_freq: cfg.rope_inv_freq_for(kind),
                scale: cfg.rope_attention_factor_for(kind),
            };
            let rope = intern(&mut plan.ropes, table);
            plan.layers.push(LayerUse {
                function,
                rope,
                span,
                shape,
                kv,
            });
        }
        plan
    }

    /// The ring length of the layers kept as rings, if any (a config has one sliding window).
    pub fn ring(&self) -> Option<i64> {
        self.layers.iter().find_map(|l| match l.span {
            CacheSpan::Ring(window) => Some(window),
            CacheSpan::Full => None,
        })
    }
}

impl LayerUse {
    /// Whether it keeps caches of its own (module globals).
    pub fn owns_cache(&self) -> bool {
        self.kv == KvSource::Own && !self.keeps_state()
    }

    /// Whether it is a linear-attention layer, with a recurrent state per slot instead of a
    /// cache (see `delta_net`).
    pub fn keeps_state(&self) -> bool {
        self.shape.attention == LayerType::LinearAttention
    }
}
