//! How the decoder layers map onto layer functions, cache spans and RoPE tables: layers share
//! a function when their weight formats, cache span and MLP kind agree, and a table when their RoPE
//! frequencies do.

use super::step::CacheSpan;
use super::weight_format::WeightFormat;
use super::weights::Weights;
use crate::config::{LayerType, MlpKind, ModelConfig};

/// What one layer uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerUse {
    /// Index into [`LayerPlan::functions`].
    pub function: usize,
    /// Index into [`LayerPlan::ropes`].
    pub rope: usize,
    pub span: CacheSpan,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LayerPlan {
    /// One layer function each, in order of first use: the weight formats it takes, the
    /// cache span it is built for and its MLP's kind.
    pub functions: Vec<(Vec<WeightFormat>, CacheSpan, MlpKind)>,
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
        for l in 0..weights.layers.len() {
            let kind = cfg.layer_type(l);
            let window = match kind {
                LayerType::SlidingAttention => cfg.sliding_window,
                LayerType::FullAttention => None,
            };
            let span = CacheSpan::new(window, capacity);
            let key = (weights.layer_formats(l), span, cfg.mlp_kind(l));
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
