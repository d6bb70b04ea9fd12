//! Grouped products through hand-written CPU kernels (the `kernels` crate): one dispatch per
//! product, for any token count, reading the codes and group maps as stored.
//!
//! IREE's own code for the grouped forms (`linear::grouped_matvec`) is compute-bound at about
//! a third of what the same arithmetic reaches by hand, and several tokens need the weight
//! dequantized into f32 tiles first. The kernel widens each input's 16 codes once per block
//! of up to 8 tokens and multiplies them into per-token accumulators, scales each group's sum
//! once, and never writes a dequantized weight.
//!
//! With [`Activations::Q8`] (prefill, opt-in) x is first quantized to int8 per block by its
//! own dispatch, and the product multiplies the same stored codes by it with integer dot
//! products (`kernels/c/q8_matmul.c`).

use kernels::{GroupedMatmul, Maps, Object};

use super::linear::{Activations, DecodeKernels};
use super::weight_format::{GroupFormat, SubScales};
use crate::hlo::{
    Columns, ElemType, ExternDispatch, FuncBuilder, Result, ShapeError, TensorType, Value,
};

/// The kernel for a group format, if the kernels cover it and this build has them.
pub fn kernel_for(format: &GroupFormat) -> Option<GroupedMatmul> {
    Object::get()?;
    let float = |e: ElemType| match (e, format.sub_scales) {
        (ElemType::F16, None) => Some(Maps::F16),
        (ElemType::F32, None) => Some(Maps::F32),
        (ElemType::F16, Some(SubScales::SixBit)) => Some(Maps::SuperBlock6),
        (ElemType::F16, Some(SubScales::Int8)) => Some(Maps::SuperBlock8),
        (ElemType::F32, Some(SubScales::E8M0)) => Some(Maps::E8M0),
        (ElemType::F16, Some(SubScales::SixBitSigned)) => Some(Maps::SuperBlock6Signed),
        (ElemType::F16, Some(SubScales::FourBit)) => Some(Maps::SuperBlock4),
        (ElemType::F16, Some(SubScales::SixBitSigned16)) => Some(Maps::SuperBlock6Signed16),
        _ => None,
    };
    let maps = float(format.scale)?;
    if format.min.is_some_and(|m| float(m) != Some(maps)) {
        return None;
    }
    let kernel = GroupedMatmul {
        code: format.code,
        group: usize::try_from(format.group).ok()?,
        maps,
        min: format.min.is_some(),
    };
    kernel.row().map(|_| kernel)
}

/// The kernel that multiplies weight `name` stored as `format` when the graphs use kernels
/// (`kernels`): None where IREE's own code does; an error where only a kernel reads the
/// format (super-block maps) and none takes it.
pub fn weight_kernel(
    format: &GroupFormat,
    kernels: bool,
    name: &str,
) -> Result<Option<GroupedMatmul>> {
    let kernel = kernels.then(|| kernel_for(format)).flatten();
    if (format.sub_scales.is_some() || format.packed()) && kernel.is_none() {
        return Err(ShapeError {
            op: "weight".into(),
            detail: format!(
                "{name}: packed codes and super-block maps are read only by the CPU kernels"
            ),
        });
    }
    Ok(kernel)
}

/// A grouped weight's parts as stored: codes `[out/16, G, g, 16]`, scales (and mins)
/// `[out/16, G, 16]` or super-block maps (see `SubScales`).
pub struct GroupedParts<'a> {
    pub codes: &'a Value,
    pub scales: &'a Value,
    pub mins: Option<&'a Value>,
}

/// `W_i · x` for each of `weights` (same format, inputs and stored groups) and `x: [in, M]`,
/// giving `[out_i, M]`, in one dispatch (two with quantized activations: x's quantization,
/// then the product).
pub fn grouped_kernel(
    b: &mut FuncBuilder,
    kernel: GroupedMatmul,
    activations: Activations,
    weights: &[GroupedParts],
    x: &Value,
) -> Result<Vec<Value>> {
    let error = |detail: String| ShapeError {
        op: "grouped_kernel".into(),
        detail,
    };
    let stored_groups = weights.first().map(|w| w.codes.dim(1)).unwrap_or(0);
    let (inp, m) = (x.dim(0), x.dim(1));
    // A decode step's rows in fixed point read their tokens quantized once for the call
    // (`llm_fixed_quantize`) rather than once per workgroup: the same bits.
    let shared = kernel.shared_rows_symbol_for(weights.len(), inp as usize);
    let (symbol, input) = match (activations, b.columns()) {
        (Activations::F32, Columns::Sequences(DecodeKernels::Fastest))
            if m == 1 && shared.is_some() =>
        {
            (shared, Input::Fixed)
        }
        (Activations::F32, Columns::Tokens | Columns::Sequences(DecodeKernels::Fastest)) => (
            kernel.exact_symbol_for(weights.len(), m as usize),
            Input::F32,
        ),
        // One family for every row count: each row gets the bits it gets alone.
        (Activations::F32, Columns::Sequences(DecodeKernels::Fixed)) if shared.is_some() => {
            (shared, Input::Fixed)
        }
        (Activations::F32, Columns::Sequences(DecodeKernels::Fixed)) => {
            (kernel.fixed_rows_symbol_for(weights.len()), Input::F32)
        }
        (Activations::F32, Columns::Sequences(DecodeKernels::Float)) => {
            (kernel.symbol_for(weights.len()), Input::F32)
        }
        // Each token's activations are quantized apart and its sums run in one order.
        (Activations::Q8, _) => (kernel.q8_symbol_for(weights.len()), Input::Q8),
    };
    let symbol = symbol.ok_or_else(|| {
        error(format!(
            "no kernel for {} weights of {kernel:?}",
            weights.len()
        ))
    })?;
    let object = Object::get().ok_or_else(|| error("this build has no CPU kernels".into()))?;
    let first = match input {
        Input::F32 => x.clone(),
        Input::Q8 => {
            kernel
                .q8_check(kernels::TILE_ROWS, inp as usize, stored_groups as usize)
                .map_err(|e| error(e.to_string()))?;
            quantize(b, kernel, x)?
        }
        Input::Fixed => fixed_quantize(b, x)?,
    };
    let mut operands = vec![first];
    let mut results = Vec::new();
    let mut tiles = Vec::new();
    for w in weights {
        let (t, g) = (w.codes.dim(0), w.codes.dim(1));
        let out = t * kernels::TILE_ROWS as i64;
        kernel
            .check(out as usize, inp as usize, g as usize)
            .map_err(|e| error(e.to_string()))?;
        if g != stored_groups || w.mins.is_some() != kernel.min {
            return Err(error(format!(
                "weights {} do not share one layout",
                w.codes.ty()
            )));
        }
        let codes = dispatched_codes(b, w.codes)?;
        operands.push(codes);
        operands.push(w.scales.clone());
        operands.extend(w.mins.cloned());
        results.push(TensorType::new([out, m], ElemType::F32));
        tiles.push(t);
    }
    let per_workgroup = tiles_per_workgroup(tiles.iter().sum(), m);
    let mut bindings: Vec<TensorType> = operands.iter().map(|v| v.ty().clone()).collect();
    bindings.extend(results);
    let tile_list: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    let dispatch = ExternDispatch {
        object: object.file_name(),
        format: kernels::EXECUTABLE_FORMAT.into(),
        export: format!(
            "{symbol}_k{inp}_m{m}_g{stored_groups}_w{per_workgroup}_t{}",
            tile_list.join("_")
        ),
        symbol,
        bindings,
        results: weights.len(),
        constants: [vec![inp, m, stored_groups, per_workgroup], tiles.clone()].concat(),
        workgroups: tiles.iter().map(|&t| ceil_div(t, per_workgroup)).sum(),
    };
    let operands: Vec<&Value> = operands.iter().collect();
    b.dispatch(&dispatch, &operands)
}

/// What a product dispatch reads for x.
enum Input {
    /// x itself.
    F32,
    /// Its 8-bit quantization (`quantize`).
    Q8,
    /// Its tokens in fixed point (`fixed_quantize`).
    Fixed,
}

/// x `[in, M]` f32 in fixed point for the products of a decode step's rows
/// (`kernels::FIXED_QUANTIZE_SYMBOL`), as bytes: one workgroup per token.
fn fixed_quantize(b: &mut FuncBuilder, x: &Value) -> Result<Value> {
    let object = Object::get().ok_or_else(|| ShapeError {
        op: "fixed_quantize".into(),
        detail: "this build has no CPU kernels".into(),
    })?;
    let (inp, m) = (x.dim(0), x.dim(1));
    let bytes = kernels::fixed_activation_bytes(inp as usize, m as usize);
    let dispatch = ExternDispatch {
        object: object.file_name(),
        format: kernels::EXECUTABLE_FORMAT.into(),
        export: format!("{}_k{inp}_m{m}", kernels::FIXED_QUANTIZE_SYMBOL),
        symbol: kernels::FIXED_QUANTIZE_SYMBOL.into(),
        bindings: vec![
            x.ty().clone(),
            TensorType::new([bytes as i64], ElemType::I8),
        ],
        results: 1,
        constants: vec![inp, m],
        workgroups: m,
    };
    Ok(b.dispatch(&dispatch, &[x])?.remove(0))
}

/// x `[in, M]` f32 quantized for `kernel`'s 8-bit product: per token, int8 codes with one
/// scale per block and one sum per group (`kernels::q8_activation_bytes`), as bytes.
fn quantize(b: &mut FuncBuilder, kernel: GroupedMatmul, x: &Value) -> Result<Value> {
    let object = Object::get().ok_or_else(|| ShapeError {
        op: "quantize".into(),
        detail: "this build has no CPU kernels".into(),
    })?;
    let (inp, m) = (x.dim(0), x.dim(1));
    let (block, group) = (kernel.q8_block() as i64, kernel.group as i64);
    let bytes =
        kernels::q8_activation_bytes(inp as usize, m as usize, block as usize, group as usize);
    let dispatch = ExternDispatch {
        object: object.file_name(),
        format: kernels::EXECUTABLE_FORMAT.into(),
        export: format!(
            "{}_k{inp}_m{m}_b{block}_g{group}",
            kernels::Q8_QUANTIZE_SYMBOL
        ),
        symbol: kernels::Q8_QUANTIZE_SYMBOL.into(),
        bindings: vec![
            x.ty().clone(),
            TensorType::new([bytes as i64], ElemType::I8),
        ],
        results: 1,
        constants: vec![inp, m, block, group],
        workgroups: ceil_div(m, kernels::Q8_QUANTIZE_TOKENS as i64),
    };
    Ok(b.dispatch(&dispatch, &[x])?.remove(0))
}

/// Rows `tokens` (`[M]` i32) of a grouped `[V, E]` table multiplied by `kernel`, as f32
/// `[M, E]`: the embedding of a table only the kernels read (one workgroup per token).
pub fn gather_kernel(
    b: &mut FuncBuilder,
    kernel: GroupedMatmul,
    table: &GroupedParts,
    tokens: &Value,
    vocab: i64,
    e: i64,
) -> Result<Value> {
    let error = |detail: String| ShapeError {
        op: "gather_kernel".into(),
        detail,
    };
    let symbol = kernel
        .gather_symbol()
        .ok_or_else(|| error(format!("no gather for {kernel:?}")))?;
    let object = Object::get().ok_or_else(|| error("this build has no CPU kernels".into()))?;
    let stored_groups = table.codes.dim(1);
    kernel
        .check(vocab as usize, e as usize, stored_groups as usize)
        .map_err(|e| error(e.to_string()))?;
    let m = tokens.dim(0);
    let codes = dispatched_codes(b, table.codes)?;
    let mut operands = vec![tokens.clone(), codes, table.scales.clone()];
    operands.extend(table.mins.cloned());
    let mut bindings: Vec<TensorType> = operands.iter().map(|v| v.ty().clone()).collect();
    bindings.push(TensorType::new([m, e], ElemType::F32));
    let dispatch = ExternDispatch {
        object: object.file_name(),
        format: kernels::EXECUTABLE_FORMAT.into(),
        export: format!("{symbol}_e{e}_v{vocab}_m{m}_g{stored_groups}"),
        symbol,
        bindings,
        results: 1,
        constants: vec![e, vocab, stored_groups],
        workgroups: m,
    };
    let operands: Vec<&Value> = operands.iter().collect();
    Ok(b.dispatch(&dispatch, &operands)?.remove(0))
}

/// What an experts dispatch of `kernel` multiplies: the tokens' rows (`[M, in]` f32), or with
/// 8-bit activations their quantization (one per token, so a pair's product does not depend on
/// its batch).
pub fn experts_input(
    b: &mut FuncBuilder,
    kernel: GroupedMatmul,
    activations: Activations,
    rows: &Value,
) -> Result<Value> {
    match activations {
        Activations::F32 => Ok(rows.clone()),
        Activations::Q8 => {
            // (`experts_kernel` checks the rows against the blocks.)
            let columns = b.transpose(rows, &[1, 0])?;
            quantize(b, kernel, &columns)
        }
    }
}

/// For each (slot, token) pair, the expert `ids` chose (`[S, M]` i32, pair `p = s * M + m`)
/// of a stacked grouped weight (`[E, ...]` parts, one grouped weight per expert) times token
/// m's input (row m of `[M, in]` f32, or its quantization: `experts_input`): `[S * M, out]`
/// f32, in one dispatch of `kernels/c/experts.c` that reads only chosen experts.
pub fn experts_kernel(
    b: &mut FuncBuilder,
    kernel: GroupedMatmul,
    activations: Activations,
    stack: &GroupedParts,
    ids: &Value,
    (input, m, inp): (&Value, i64, i64),
) -> Result<Value> {
    let error = |detail: String| ShapeError {
        op: "experts_kernel".into(),
        detail,
    };
    let symbol = match activations {
        Activations::F32 => kernel.exact_experts_symbol(),
        Activations::Q8 => kernel.experts_q8_symbol(),
    }
    .ok_or_else(|| error(format!("no experts kernel for {kernel:?}")))?;
    let object = Object::get().ok_or_else(|| error("this build has no CPU kernels".into()))?;
    let codes = stack.codes;
    let (experts, tiles, stored_groups) = (codes.dim(0), codes.dim(1), codes.dim(2));
    let slots = ids.dim(0);
    let out = tiles * kernels::TILE_ROWS as i64;
    let checked = match activations {
        Activations::F32 => kernel.check(out as usize, inp as usize, stored_groups as usize),
        Activations::Q8 => kernel.q8_check(out as usize, inp as usize, stored_groups as usize),
    };
    checked.map_err(|e| error(e.to_string()))?;
    if ids.dim(1) != m || ids.ty().elem != ElemType::I32 || stack.mins.is_some() != kernel.min {
        return Err(error(format!(
            "ids {} do not route {m} tokens through {kernel:?}",
            ids.ty(),
        )));
    }
    let codes = dispatched_codes(b, codes)?;
    let mut operands = vec![input.clone(), ids.clone(), codes, stack.scales.clone()];
    operands.extend(stack.mins.cloned());
    let mut bindings: Vec<TensorType> = operands.iter().map(|v| v.ty().clone()).collect();
    bindings.push(TensorType::new([slots * m, out], ElemType::F32));
    // A few workgroups per expert, so that the chosen experts' work spreads over the cores.
    let per = ceil_div(tiles, 4).max(1);
    let dispatch = ExternDispatch {
        object: object.file_name(),
        format: kernels::EXECUTABLE_FORMAT.into(),
        export: format!(
            "{symbol}_k{inp}_m{m}_s{slots}_g{stored_groups}_t{tiles}_e{experts}_w{per}"
        ),
        symbol,
        bindings,
        results: 1,
        constants: vec![inp, m, slots, stored_groups, tiles, experts, per],
        workgroups: experts * ceil_div(tiles, per),
    };
    let operands: Vec<&Value> = operands.iter().collect();
    Ok(b.dispatch(&dispatch, &operands)?.remove(0))
}

/// Codes as a dispatch takes them: IREE's StableHLO input rejects unsigned element types on a
/// dispatch, so `ui4` codes go as `i4`; the kernels read bytes either way.
fn dispatched_codes(b: &mut FuncBuilder, codes: &Value) -> Result<Value> {
    match codes.ty().elem {
        ElemType::Ui4 => b.bitcast_convert(codes, ElemType::I4),
        _ => Ok(codes.clone()),
    }
}

/// Tiles per workgroup: about 16 workgroups for one or two tokens, in whole blocks of 4 tiles
/// (the kernel's one-token step multiplies 4 tiles at once), at most 64 tiles; about 32
/// workgroups of any size for a few tokens, whose work per tile is larger; about 16 from 16
/// tokens (prefill), where a workgroup's tiles share each block of x it reads: Llama-3.2-1B's
/// down projection at 512 tokens ran at 64% of the FMA peak with 4 tiles a workgroup (32
/// workgroups), 77% with 8 and 83% with 16.
fn tiles_per_workgroup(tiles: i64, tokens: i64) -> i64 {
    match tokens {
        ..=2 => (ceil_div(ceil_div(tiles, 16), 4) * 4).clamp(4, 64),
        3..=15 => ceil_div(tiles, 32).max(1),
        _ => ceil_div(tiles, 16).max(1),
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
            for tokens in [1, 2, 8, 16, 128] {
                let per = tiles_per_workgroup(tiles, tokens);
                let groups = ceil_div(tiles, per);
                assert!(per >= 1 && groups * per >= tiles && (groups - 1) * per < tiles);
            }
        }
    }

    /// Every row of `kernels::FORMATS` is the kernel of the group format that stores it: a
    /// new map form needs its arm in `kernel_for`.
    #[test]
    fn every_kernel_row_has_its_group_format() {
        if Object::get().is_none() {
            return;
        }
        for row in kernels::FORMATS {
            let f = row.format;
            let (scale, sub_scales) = match f.maps {
                Maps::F16 => (ElemType::F16, None),
                Maps::F32 => (ElemType::F32, None),
                Maps::SuperBlock6 => (ElemType::F16, Some(SubScales::SixBit)),
                Maps::SuperBlock6Signed => (ElemType::F16, Some(SubScales::SixBitSigned)),
                Maps::SuperBlock4 => (ElemType::F16, Some(SubScales::FourBit)),
                Maps::SuperBlock6Signed16 => (ElemType::F16, Some(SubScales::SixBitSigned16)),
                Maps::SuperBlock8 => (ElemType::F16, Some(SubScales::Int8)),
                Maps::E8M0 => (ElemType::F32, Some(SubScales::E8M0)),
            };
            let format = GroupFormat {
                code: f.code,
                group: f.group as i64,
                scale,
                min: f.min.then_some(scale),
                sub_scales,
            };
            assert_eq!(kernel_for(&format), Some(f), "{}", row.name);
        }
    }
}
