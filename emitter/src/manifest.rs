//! `manifest.json`: what the engine needs to call the module and to check a parameter file.

use serde::{Deserialize, Serialize};

use crate::config::{KvSource, ModelConfig};
use crate::graph::{
    cache_globals, is_tiled, state_globals, BuiltModule, CacheSpan, FunctionInfo, GraphOptions,
    NamedType, Scratch, StateDims, WeightFormat, WeightFormats, WeightLayout, MODULE_NAME,
    PARAMETER_SCOPE,
};
use crate::hlo::{ElemType, TensorType};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KvCache {
    /// `[S', C', Hkv, D]`: each layer's V cache. Its K cache holds as many values of the
    /// same type as `[S', Hkv, D, C']` (positions innermost). Padding rows and tokens write
    /// past the live slots: S' = S + 1 and C' = C with a scratch slot, S' = S and C' = C + n
    /// with positions past each slot's own (see `graph::Scratch`).
    #[serde(flatten)]
    pub ty: TensorType,
    /// The slot that padding rows and padding prefill tokens write to, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scratch_slot: Option<usize>,
    /// `[K, V]` global names per layer; a layer that reads another's cache names that
    /// layer's.
    pub globals: Vec<[String; 2]>,
    /// The V cache shape of each layer where layers differ in heads (Gemma 4); empty when
    /// every layer's is `ty`'s or the ring's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Vec<i64>>,
    /// Sliding-window layers whose caches keep only the last `window` positions of a slot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ring: Option<RingCache>,
    /// Linear-attention layers (Qwen 3.5), which keep a recurrent state per slot instead of a
    /// cache; their `globals` name the two states.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub states: Option<StateCache>,
}

/// The states of linear-attention layers: per slot, the last inputs of the convolution and a
/// matrix per value head, whose size does not grow with the context. A slot's states hold its
/// whole sequence so far, so a parked slot can give a new request only exactly that prefix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateCache {
    pub layers: Vec<usize>,
    /// `[S, taps - 1, C]`, f32.
    pub conv: TensorType,
    /// `[S, Hv, dk, dv]`, f32.
    pub recurrent: TensorType,
}

impl StateCache {
    /// Bytes of one slot's states over every linear layer.
    pub fn bytes_per_slot(&self) -> u64 {
        let slot = |t: &TensorType| (t.byte_size() / t.shape[0].max(1)) as u64;
        self.layers.len() as u64 * (slot(&self.conv) + slot(&self.recurrent))
    }
}

/// Caches of sliding-window layers as rings: `[S', W', Hkv, D]` (V; K as
/// `[S', Hkv, D, W']`, the scratch chosen for the ring as for the full caches), position p of
/// a slot at index `p mod window`. A slot's ring holds a prefix of its tokens only while no
/// later position has overwritten it, which decides what a parked slot can give to a new
/// request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RingCache {
    pub window: usize,
    pub layers: Vec<usize>,
    /// `[S', W', Hkv, D]`.
    pub shape: Vec<i64>,
}

impl KvCache {
    /// The K (or V) cache type of layer `l`.
    pub fn layer_type(&self, l: usize) -> TensorType {
        match (&self.ring, self.shapes.get(l)) {
            (_, Some(shape)) => self.ty.with_shape(shape.clone()),
            (Some(ring), None) if ring.layers.contains(&l) => {
                self.ty.with_shape(ring.shape.clone())
            }
            _ => self.ty.clone(),
        }
    }

    /// The distinct caches: each layer that keeps its own, by its globals.
    pub fn owned_layers(&self) -> Vec<usize> {
        (0..self.globals.len())
            .filter(|&l| self.globals[l] == crate::graph::cache_globals(l))
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Module name: functions are called as `<module>.<function>`.
    pub module: String,
    /// Parameter scope the weight file must be registered under.
    pub parameter_scope: String,
    pub config: ModelConfig,
    pub slots: usize,
    pub capacity: usize,
    pub weight_dtype: ElemType,
    /// Manifests from before tiled weights existed hold rows.
    #[serde(default)]
    pub weight_layout: WeightLayout,
    /// Weights stored in another format than `weight_dtype` (see `GraphOptions`).
    #[serde(default, skip_serializing_if = "WeightFormats::is_empty")]
    pub weight_formats: WeightFormats,
    pub kv_cache: KvCache,
    pub functions: Vec<FunctionInfo>,
    /// Every parameter the weight file must provide: HF names, stored shapes.
    pub parameters: Vec<NamedType>,
    /// Object files the module's kernels come from: iree-compile must find them on its
    /// `--iree-hal-executable-object-search-path`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kernel_objects: Vec<String>,
}

impl Manifest {
    /// Names of the weights stored as row tiles `[out/16, in, 16]` (dense) or in groups (whose
    /// parts are tiled too), which a parameter file must write that way.
    pub fn tiled_parameters(&self) -> Vec<String> {
        let tiled = |p: &&NamedType| is_tiled(&p.name, &p.ty) && !self.is_group_part(&p.name);
        let dense = self.parameters.iter().filter(tiled).map(|p| p.name.clone());
        let grouped = self.weight_formats.iter().filter_map(|(name, f)| match f {
            WeightFormat::Groups(_) => Some(name.clone()),
            WeightFormat::Dense(_) => None,
        });
        dense.chain(grouped).collect()
    }

    fn is_group_part(&self, parameter: &str) -> bool {
        parameter.rsplit_once('.').is_some_and(|(weight, _)| {
            matches!(
                self.weight_formats.get(weight),
                Some(WeightFormat::Groups(_))
            )
        })
    }

    pub fn new(cfg: &ModelConfig, opts: &GraphOptions, built: &BuiltModule) -> Self {
        let parameters = built
            .weights
            .all()
            .into_iter()
            .flat_map(|p| p.parts())
            .map(|(name, ty)| NamedType { name, ty });
        Manifest {
            module: MODULE_NAME.to_string(),
            parameter_scope: PARAMETER_SCOPE.to_string(),
            config: cfg.clone(),
            slots: opts.slots,
            capacity: opts.capacity,
            weight_dtype: opts.weight_dtype,
            weight_layout: opts.weight_layout,
            weight_formats: built
                .weights
                .all()
                .into_iter()
                .filter(|p| p.groups.is_some() || p.ty.elem != opts.weight_dtype)
                .map(|p| (p.name.clone(), p.format()))
                .collect(),
            kv_cache: KvCache {
                ty: built.dims.cache_type(),
                scratch_slot: (built.dims.scratch(CacheSpan::Full) == Scratch::Slot)
                    .then_some(opts.slots),
                globals: (0..cfg.num_hidden_layers)
                    .map(|l| match cfg.kv_source(l) {
                        _ if built.plan.layers[l].keeps_state() => state_globals(l),
                        KvSource::Own => cache_globals(l),
                        KvSource::Shared { from } => cache_globals(from),
                    })
                    .collect(),
                shapes: match cfg.full_attention_heads {
                    None => Vec::new(),
                    Some(_) => (built.plan.layers.iter())
                        .map(|layer| {
                            let dims = built.dims.for_heads(cfg, layer.shape.heads);
                            dims.value_cache_type_for(layer.span).shape
                        })
                        .collect(),
                },
                ring: built.plan.ring().map(|window| RingCache {
                    window: window as usize,
                    layers: (built.plan.layers.iter().enumerate())
                        .filter(|(_, l)| l.span == CacheSpan::Ring(window))
                        .map(|(i, _)| i)
                        .collect(),
                    shape: built
                        .dims
                        .value_cache_type_for(CacheSpan::Ring(window))
                        .shape,
                }),
                states: cfg.linear_attention.as_ref().map(|a| {
                    let [conv, recurrent] = StateDims::new(a).global_types(opts.slots as i64);
                    StateCache {
                        layers: (built.plan.layers.iter().enumerate())
                            .filter(|(_, l)| l.keeps_state())
                            .map(|(i, _)| i)
                            .collect(),
                        conv,
                        recurrent,
                    }
                }),
            },
            functions: built.functions.clone(),
            parameters: parameters.collect(),
            kernel_objects: built.module.kernel_objects(),
        }
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("manifest serializes");
        s.push('\n');
        s
    }

    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }
}
