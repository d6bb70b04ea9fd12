use super::delta_net::{state_globals, StateDims};
use super::forward::cache_globals;
use super::step::Dims;
use super::LayerPlan;
use crate::config::ModelConfig;
use crate::hlo::{
    ElemType, FuncBuilder, Function, GatherDims, Result, ScatterDims, TensorType, Value,
};

pub const COPY_SLOT: &str = "copy_slot";

/// `copy_slot(src, dst)`: every cache's K and V (and every linear layer's states) of slot
/// `src` written over slot `dst`, so the
/// engine can keep live sequences packed in the lowest slots.
pub fn copy_slot_function(cfg: &ModelConfig, dims: &Dims, plan: &LayerPlan) -> Result<Function> {
    let mut b = FuncBuilder::new(COPY_SLOT);
    let scalar = TensorType::scalar(ElemType::I32);
    let src = b.arg("src", scalar.clone());
    let dst = b.arg("dst", scalar);
    let src = b.reshape(&src, &[1, 1])?;
    let dst = b.reshape(&dst, &[1, 1])?;
    for (l, layer) in plan.layers.iter().enumerate() {
        let globals = match (layer.owns_cache(), &cfg.linear_attention) {
            (true, _) => {
                let dims = dims.for_heads(cfg, layer.shape.heads);
                cache_globals(l)
                    .into_iter()
                    .zip(dims.cache_types_for(layer.span))
                    .collect::<Vec<_>>()
            }
            (false, Some(a)) if layer.keeps_state() => state_globals(l)
                .into_iter()
                .zip(StateDims::new(a).global_types(dims.slots))
                .collect(),
            (false, _) => continue,
        };
        for (global, ty) in globals {
            // A cache of one slot (one live slot, scratch past its positions): src and dst can
            // only be that slot. IREE also refuses the copy, which overwrites the whole global.
            if ty.shape[0] < 2 {
                continue;
            }
            let cache = b.global_load(&global, &ty);
            let rows = gather_slot(&mut b, &cache, &src)?;
            let cache = put_slot(&mut b, &cache, &dst, &rows)?;
            b.global_store(&cache, &global);
        }
    }
    Ok(b.finish(&[]))
}

/// The whole slot given as `[1, 1]` of a cache or state, as `[1, ...]`. A gather keeps the
/// slot index on the device, where a dynamic slice would read it back to the host.
pub(super) fn gather_slot(b: &mut FuncBuilder, cache: &Value, slot: &Value) -> Result<Value> {
    let mut slice_sizes = cache.shape().to_vec();
    slice_sizes[0] = 1;
    let gather = GatherDims {
        offset_dims: (1..cache.ty().rank()).collect(),
        collapsed_slice_dims: vec![0],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes,
    };
    b.gather(cache, slot, &gather)
}

/// `cache` with slots `slots` (`[N, 1]`) replaced by `rows` (`[N, ...]`), in order.
pub(super) fn put_slot(
    b: &mut FuncBuilder,
    cache: &Value,
    slots: &Value,
    rows: &Value,
) -> Result<Value> {
    let scatter = ScatterDims {
        update_window_dims: (1..cache.ty().rank()).collect(),
        inserted_window_dims: vec![0],
        scatter_dims_to_operand_dims: vec![0],
        index_vector_dim: 1,
        unique_indices: true,
    };
    b.scatter(cache, slots, rows, &scatter)
}
