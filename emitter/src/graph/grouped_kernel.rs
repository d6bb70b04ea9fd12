//! Grouped products through hand-written CPU kernels (the `kernels` crate): one dispatch per
//! product, for any token count, reading the codes and group maps as stored.
//!
//! IREE's own code for the grouped forms (`linear::grouped_matvec`) is compute-bound at about
//! a third of what the same arithmetic reaches by hand, and several tokens need the weight
//! dequantized into f32 tiles first. The kernel widens each input's 16 codes once per block
//! of up to 8 tokens and multiplies them into per-token accumulators, scales each group's sum
//! once, and never writes a dequantized weight.

use kernels::{Code, Float, GroupedMatmul, Object};

use super::weight_format::GroupFormat;
use crate::hlo::{ElemType, ExternDispatch, FuncBuilder, Result, ShapeError, TensorType, Value};

/// The kernel for a group format, if the kernels cover it and this build has them.
pub fn kernel_for(format: &GroupFormat) -> Option<GroupedMatmul> {
    Object::get()?;
    let code = match format.code {
        ElemType::Ui4 => Code::U4,
        ElemType::I4 => Code::I4,
        ElemType::I8 => Code::I8,
        _ => return None,
    };
    let float = |e: ElemType| match e {
        ElemType::F16 => Some(Float::F16),
        ElemType::F32 => Some(Float::F32),
        _ => None,
    };
    let scale = float(format.scale)?;
    if format.min.is_some_and(|m| float(m) != Some(scale)) {
        return None;
    }
    let kernel = GroupedMatmul {
        code,
        group: usize::try_from(format.group).ok()?,
        scale,
        min: format.min.is_some(),
    };
    kernel.symbol().map(|_| kernel)
}

/// `W · x` for codes `[out/16, G, g, 16]`, scales (and mins) `[out/16, G, 16]` and
/// `x: [in, M]`, giving `[out, M]`.
pub fn grouped_kernel(
    b: &mut FuncBuilder,
    kernel: GroupedMatmul,
    codes: &Value,
    scales: &Value,
    mins: Option<&Value>,
    x: &Value,
) -> Result<Value> {
    let (tiles, stored_groups) = (codes.dim(0), codes.dim(1));
    let (inp, m) = (x.dim(0), x.dim(1));
    let out = tiles * codes.dim(3);
    kernel
        .check(out as usize, inp as usize, stored_groups as usize)
        .map_err(|detail| ShapeError {
            op: "grouped_kernel".into(),
            detail,
        })?;
    let object = Object::get().ok_or_else(|| ShapeError {
        op: "grouped_kernel".into(),
        detail: "this build has no CPU kernels".into(),
    })?;
    // IREE's StableHLO input rejects unsigned element types on a dispatch; the kernel reads
    // bytes either way.
    let codes = match codes.ty().elem {
        ElemType::Ui4 => b.bitcast_convert(codes, ElemType::I4)?,
        _ => codes.clone(),
    };
    let mut operands = vec![x, &codes, scales];
    operands.extend(mins);
    let mut bindings: Vec<TensorType> = operands.iter().map(|v| v.ty().clone()).collect();
    bindings.push(TensorType::new([out, m], ElemType::F32));
    let per_workgroup = tiles_per_workgroup(tiles, m);
    let symbol = kernel.symbol().expect("checked above");
    let dispatch = ExternDispatch {
        object: object.file_name(),
        format: kernels::EXECUTABLE_FORMAT.into(),
        export: format!("{symbol}_k{inp}_m{m}_g{stored_groups}_t{tiles}_w{per_workgroup}"),
        symbol: symbol.into(),
        bindings,
        constants: vec![inp, m, stored_groups, per_workgroup, tiles],
        workgroups: ceil_div(tiles, per_workgroup),
    };
    b.dispatch(&dispatch, &operands)
}

/// Tiles per workgroup: about 16 workgroups for one or two tokens, in whole blocks of 4 tiles
/// (the kernel's one-token step multiplies 4 tiles at once), at most 64 tiles; about 32
/// workgroups of any size for more tokens, whose work per tile is larger.
fn tiles_per_workgroup(tiles: i64, tokens: i64) -> i64 {
    if tokens <= 2 {
        (ceil_div(ceil_div(tiles, 16), 4) * 4).clamp(4, 64)
    } else {
        ceil_div(tiles, 32).max(1)
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workgroups_cover_every_tile() {
        for tiles in [1, 3, 12, 36, 96, 3072, 16384] {
            for tokens in [1, 2, 8, 128] {
                let per = tiles_per_workgroup(tiles, tokens);
                let groups = ceil_div(tiles, per);
                assert!(per >= 1 && groups * per >= tiles && (groups - 1) * per < tiles);
            }
        }
    }
}
