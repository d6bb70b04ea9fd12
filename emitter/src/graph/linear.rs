//! Projection weights: how they are stored, and their product with a transposed hidden state
//! `[in, M]`.
//!
//! A weight of HF shape `[out, in]` is stored in one of two layouts, told apart by rank:
//! - [`WeightLayout::Rows`], HF's own `[out, in]`, multiplied with `dot_general`. GPU and
//!   Metal code generation take it as it is.
//! - [`WeightLayout::Tiled`], `[out/16, in, 16]`: sixteen output rows interleaved per input
//!   element. On CPU, IREE runs `W · x` over HF rows as a kernel that transposes 16x16 blocks
//!   in registers (48 shuffles per 16 FMAs) and falls behind memory. Over tiles, the same
//!   product streams each weight once, front to back, with one broadcast FMA per 16 outputs.
//!   SmolLM2-135M's one-token decode step is 10-20% faster with tiles; B = 8 decode and
//!   prefill run as fast as with rows.
//!
//! A tiled projection may also be stored as integer codes with per-group scales (and mins), the
//! exact form of a GGUF block format (see `weight_format`). Two products read it:
//! - one token ([`grouped_matvec`]): codes are widened inside the product, summed over each
//!   group, then scaled; no dequantized weight is ever written. On CPU this reads the codes'
//!   bytes instead of f32s: about 1.8x faster than f32 tiles per decode step (measured).
//! - several tokens ([`grouped_matmul`]): the per-group partial sums would grow with the
//!   token count, so instead the weight is dequantized one projection at a time into f32 tiles
//!   behind an optimization barrier (a few MB that stay in cache) and multiplied as dense tiles:
//!   as fast as f32 weights at B = 8 and in prefill (measured).
//!
//! Dense weights: only the layers' projections are tiled, and not `self_attn.o_proj` (see
//! `weights::layer_shape`). The dense LM head keeps its rows: its logits leave the graph as
//! `[B, V]`, and IREE pulls that transpose into a tiled product and runs it batch-first, 2x
//! slower at B = 8 than over rows; the embedding is gathered from rows.
//!
//! Grouped weights are always stored as tiles, `o_proj`, the embedding and the LM head
//! included: `o_proj` dequantizes into rows for several tokens ([`Several::DequantRows`]), the
//! LM head multiplies in groups for any token count ([`Several::Split`]: dequantizing the
//! whole vocabulary would write 4 bytes per weight), and the embedding gathers its rows of
//! codes and scales from the tiles.

use serde::{Deserialize, Serialize};

use kernels::GroupedMatmul;

use super::grouped_kernel::{grouped_kernel, GroupedParts};
use super::weight_format::stored_groups;
use crate::config::ModelConfig;
use crate::hlo::{
    DotDims, ElemType, FuncBuilder, GatherDims, ProductForm, ReduceOp, Result, ShapeError, Value,
    FEW_COLUMNS,
};

/// What a grouped product multiplies the stored codes by on the CPU kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Activations {
    /// The f32 activations themselves: the exact product of the stored values.
    #[default]
    F32,
    /// Activations quantized per block to int8 (lossy), multiplied with integer dot products
    /// (AVX-512 VNNI, or AVX2's byte products): on AVX-512 about 2.5-3x the exact kernels'
    /// rate where they are bound by f32 FMAs, as in prefill and batched decode. Every step's
    /// layer products take it, so a sequence's tokens do not depend on what it is batched with.
    Q8,
}

/// The command-line names, `f32` and `q8`.
impl std::str::FromStr for Activations {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        match s {
            "f32" => Ok(Activations::F32),
            "q8" => Ok(Activations::Q8),
            other => Err(format!("activations are f32 or q8, not {other:?}")),
        }
    }
}

impl std::fmt::Display for Activations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Activations::F32 => "f32",
            Activations::Q8 => "q8",
        })
    }
}

/// Which exact CPU kernels multiply a decode step's rows (f32 activations). The fixed-point
/// kernels are the fastest at one row (at the memory wall), the f32 kernels at several (the
/// fixed-point form's four `vpdpbusd` per input take about twice their FMAs' time at 8 rows on
/// Zen 4), and the two round differently: a row's bits are the same at every row count only
/// when one family takes them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DecodeKernels {
    /// The f32 kernels at every row count (up to 15, their small-batch form): a row's bits
    /// the same alone and among others; one row slower than `Fixed`.
    #[default]
    Float,
    /// The fixed-point kernels at every row count: a row's bits the same alone and among
    /// others; several rows slower than `Float`. What a module of one slot takes (one row).
    Fixed,
    /// Each row count its fastest: fixed point at one row, f32 at several. A row's bits
    /// differ alone and among others (by about 1e-5 on SmolLM2's logits).
    Fastest,
}

/// The command-line names, `float`, `fixed` and `fastest`.
impl std::str::FromStr for DecodeKernels {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        match s {
            "float" => Ok(DecodeKernels::Float),
            "fixed" => Ok(DecodeKernels::Fixed),
            "fastest" => Ok(DecodeKernels::Fastest),
            other => Err(format!(
                "decode kernels are float, fixed or fastest, not {other:?}"
            )),
        }
    }
}

impl std::fmt::Display for DecodeKernels {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DecodeKernels::Float => "float",
            DecodeKernels::Fixed => "fixed",
            DecodeKernels::Fastest => "fastest",
        })
    }
}

/// Output rows per tile in [`WeightLayout::Tiled`]: one 512-bit vector of f32.
pub const TILE_ROWS: i64 = ::weight_format::TILE_ROWS as i64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WeightLayout {
    /// HF `[out, in]`.
    #[default]
    Rows,
    /// `[out/16, in, 16]`; element `[i, k, j]` is HF element `[16 i + j, k]`.
    Tiled,
}

/// The command-line names, `rows` and `tiled`.
impl std::str::FromStr for WeightLayout {
    type Err = String;

    fn from_str(name: &str) -> std::result::Result<WeightLayout, String> {
        match name {
            "rows" => Ok(WeightLayout::Rows),
            "tiled" => Ok(WeightLayout::Tiled),
            _ => Err(format!("unknown weight layout {name:?} (rows or tiled)")),
        }
    }
}

impl WeightLayout {
    /// Stored shape of a weight whose HF shape is `[out, inp]`.
    pub fn shape(self, out: i64, inp: i64) -> Vec<i64> {
        match self {
            WeightLayout::Rows => vec![out, inp],
            WeightLayout::Tiled => vec![out / TILE_ROWS, inp, TILE_ROWS],
        }
    }

    /// Why `cfg` cannot be stored in this layout, if it cannot: tiles need every tiled
    /// projection's output rows to be a multiple of 16.
    pub fn check(self, cfg: &ModelConfig) -> std::result::Result<(), UntiledRows> {
        if self == WeightLayout::Rows {
            return Ok(());
        }
        let shared = cfg.experts.as_ref().and_then(|e| e.shared.as_ref());
        let linear = cfg.linear_attention.as_ref();
        let outs = [
            (
                "linear attention q/k/v channels",
                linear.map_or(0, |a| a.conv_channels()),
            ),
            (
                "linear attention value heads * value dim",
                linear.map_or(0, |a| a.value_heads * a.value_dim),
            ),
            ("shared expert width", shared.map_or(0, |s| s.width)),
            ("hidden_size", cfg.hidden_size),
            ("intermediate_size", cfg.intermediate_size),
            (
                "num_attention_heads * head_dim",
                cfg.num_attention_heads * cfg.head_dim,
            ),
            (
                "num_key_value_heads * head_dim",
                cfg.num_key_value_heads * cfg.head_dim,
            ),
        ];
        match outs.iter().find(|(_, n)| *n as i64 % TILE_ROWS != 0) {
            None => Ok(()),
            Some(&(name, rows)) => Err(UntiledRows { name, rows }),
        }
    }
}

/// A model whose projection outputs do not come in tiles of 16 rows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("tiled weights need {name} = {rows} to be a multiple of {TILE_ROWS}")]
pub struct UntiledRows {
    /// The configuration value (or product) at fault.
    pub name: &'static str,
    pub rows: usize,
}

/// How a grouped weight multiplies several tokens at once (one token always takes the split
/// form).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Several {
    /// Codes times inputs per group, then scales: partial sums `[out/16, in/g, 16, M]` grow with
    /// the token count, but no weight is dequantized.
    Split,
    /// One projection dequantized into f32 tiles behind an optimization barrier, then the dense
    /// tiled product.
    DequantTiles,
    /// The same into f32 rows `[out, in]` and a `dot_general`, for an input that arrives
    /// through a transpose (see `weights::layer_shape`).
    DequantRows,
}

/// A weight as the layer function receives it.
#[derive(Debug, Clone)]
pub enum Weight {
    /// f32 in either layout.
    Dense(Value),
    /// Codes `[out/16, in/g, g, 16]` and group maps `[out/16, in/g, 16]` as stored.
    Groups {
        codes: Value,
        scales: Value,
        mins: Option<Value>,
        several: Several,
        /// The CPU kernel that multiplies it, when the graphs use kernels (any token count).
        kernel: Option<GroupedMatmul>,
        /// What that kernel multiplies the codes by.
        activations: Activations,
    },
}

impl Weight {
    /// A grouped weight from its loaded parts (codes, scales, then mins if any).
    pub fn groups(
        parts: Vec<Value>,
        several: Several,
        kernel: Option<GroupedMatmul>,
    ) -> Result<Weight> {
        let mut parts = parts.into_iter();
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(codes), Some(scales), mins, None) => Ok(Weight::Groups {
                codes,
                scales,
                mins,
                several,
                kernel,
                activations: Activations::F32,
            }),
            _ => Err(ShapeError {
                op: "linear".into(),
                detail: "a grouped weight has codes, scales and at most mins".into(),
            }),
        }
    }

    /// This weight multiplied by `activations` where a CPU kernel multiplies it; unchanged
    /// otherwise (dense weights and IREE's own grouped products take f32 only).
    pub fn with_activations(mut self, activations: Activations) -> Weight {
        if let Weight::Groups {
            kernel: Some(_),
            activations: a,
            ..
        } = &mut self
        {
            *a = activations;
        }
        self
    }
}

/// `W_i · x` for several weights and one `x: [in, M]`: grouped weights of one CPU kernel
/// format (q, k and v; gate and up) in one dispatch, others one product each.
pub fn linear_many(b: &mut FuncBuilder, ws: &[&Weight], x: &Value) -> Result<Vec<Value>> {
    let kernel_parts: Option<Vec<(GroupedMatmul, Activations, Groups)>> = ws
        .iter()
        .map(|w| match w {
            Weight::Groups {
                codes,
                scales,
                mins,
                kernel: Some(k),
                activations,
                ..
            } => Some((
                *k,
                *activations,
                Groups {
                    codes,
                    scales,
                    mins: mins.as_ref(),
                },
            )),
            _ => None,
        })
        .collect();
    match kernel_parts {
        Some(all)
            if all.len() > 1
                && all.iter().all(|(k, a, g)| {
                    *k == all[0].0 && *a == all[0].1 && g.codes.dim(1) == all[0].2.codes.dim(1)
                }) =>
        {
            for (k, _, g) in &all {
                g.check(x, Some(*k))?;
            }
            let parts: Vec<GroupedParts> = all.iter().map(|(_, _, g)| g.parts()).collect();
            grouped_kernel(b, all[0].0, all[0].1, &parts, x)
        }
        _ => ws.iter().map(|w| linear(b, w, x)).collect(),
    }
}

/// `W · x` for `x: [in, M]`, giving `[out, M]`.
pub fn linear(b: &mut FuncBuilder, w: &Weight, x: &Value) -> Result<Value> {
    match w {
        Weight::Dense(w) => dense(b, w, x),
        Weight::Groups {
            codes,
            scales,
            mins,
            several,
            kernel,
            activations,
        } => {
            let g = Groups {
                codes,
                scales,
                mins: mins.as_ref(),
            };
            g.check(x, *kernel)?;
            if let Some(kernel) = kernel {
                let parts = [g.parts()];
                return Ok(grouped_kernel(b, *kernel, *activations, &parts, x)?.remove(0));
            }
            match several {
                _ if x.dim(1) == 1 => grouped_matvec(b, &g, x),
                Several::Split => grouped_matvec(b, &g, x),
                Several::DequantTiles => grouped_matmul(b, &g, x, WeightLayout::Tiled),
                Several::DequantRows => grouped_matmul(b, &g, x, WeightLayout::Rows),
            }
        }
    }
}

fn dense(b: &mut FuncBuilder, w: &Value, x: &Value) -> Result<Value> {
    let m = x.dim(1);
    match w.shape().len() {
        2 if b.products() == ProductForm::Reduce && (2..=FEW_COLUMNS).contains(&m) => {
            rows_reduced(b, w, x)
        }
        2 if b.products() == ProductForm::Half => rows_half(b, w, x),
        2 => b.dot_general(w, x, &DotDims::contract(1, 0)),
        3 => tiled(b, w, x),
        rank => Err(ShapeError {
            op: "linear".into(),
            detail: format!("a weight is [out, in] or [out/16, in, 16], not rank {rank}"),
        }),
    }
}

/// Rows `[out, in]` times `x: [in, M]` as a broadcast product over `[out, M, in]` summed over
/// `in` ([`ProductForm::Reduce`]).
fn rows_reduced(b: &mut FuncBuilder, w: &Value, x: &Value) -> Result<Value> {
    let (out, inp, m) = (w.dim(0), w.dim(1), x.dim(1));
    if x.dim(0) != inp {
        return Err(ShapeError {
            op: "linear".into(),
            detail: format!("weight {} takes {inp} inputs, x is {}", w.ty(), x.ty()),
        });
    }
    let full = [out, m, inp];
    let wb = b.broadcast_in_dim(w, &full, &[0, 2])?;
    let xt = b.transpose(x, &[1, 0])?;
    let xb = b.broadcast_in_dim(&xt, &full, &[1, 2])?;
    let product = b.multiply(&wb, &xb)?;
    b.reduce_with(&product, 0.0, ReduceOp::Add, &[2])
}

/// Rows `[out, in]` times `x: [in, M]` with both rounded to f16 and the sums in f32
/// ([`ProductForm::Half`]). A weight stored as f16 is read as stored, not widened and
/// rounded back (iree-compile 3.13 does not fold that round trip: it writes a copy).
fn rows_half(b: &mut FuncBuilder, w: &Value, x: &Value) -> Result<Value> {
    let w = match b.widened_from(w) {
        Some(stored) if stored.ty().elem == ElemType::F16 => stored.clone(),
        _ => b.convert(w, ElemType::F16),
    };
    let x = b.convert(x, ElemType::F16);
    b.dot_general_into(&w, &x, &DotDims::contract(1, 0), ElemType::F32)
}

/// Written as a broadcast product and a sum over `in` rather than a `dot_general`: lowering a
/// `dot_general` over `[out/16, in, 16]` inserts a transpose back to rows, while this form
/// reaches IREE as one contraction that reads the tiles in place.
fn tiled(b: &mut FuncBuilder, w: &Value, x: &Value) -> Result<Value> {
    let (tiles, inp, rows, m) = (w.dim(0), w.dim(1), w.dim(2), x.dim(1));
    if x.dim(0) != inp {
        return Err(ShapeError {
            op: "linear".into(),
            detail: format!("weight {} takes {inp} inputs, x is {}", w.ty(), x.ty()),
        });
    }
    let full = [tiles, inp, rows, m];
    let wb = b.broadcast_in_dim(w, &full, &[0, 1, 2])?;
    let xb = b.broadcast_in_dim(x, &full, &[1, 3])?;
    let product = b.multiply(&wb, &xb)?;
    let sum = b.reduce_with(&product, 0.0, ReduceOp::Add, &[1])?;
    b.reshape(&sum, &[tiles * rows, m])
}

struct Groups<'a> {
    codes: &'a Value,
    scales: &'a Value,
    mins: Option<&'a Value>,
}

impl Groups<'_> {
    fn parts(&self) -> GroupedParts<'_> {
        GroupedParts {
            codes: self.codes,
            scales: self.scales,
            mins: self.mins,
        }
    }

    /// (tiles, groups, group size, rows per tile).
    fn dims(&self) -> (i64, i64, i64, i64) {
        let c = self.codes;
        (c.dim(0), c.dim(1), c.dim(2), c.dim(3))
    }

    /// Whether the parts and x fit; maps kept in super-blocks (which only `kernel` reads) are
    /// `[tiles, groups / per block, bytes]`.
    fn check(&self, x: &Value, kernel: Option<GroupedMatmul>) -> Result<()> {
        let (tiles, groups) = (self.codes.dim(0), self.codes.dim(1));
        // Codes only kernels read are `[tiles, groups, group * 2 * bits]` bytes.
        let packed = kernel.filter(|k| k.code.kernels_only());
        let (group, rows, rank) = match packed {
            Some(k) => (k.group as i64, TILE_ROWS, 3),
            None => (self.codes.dim(2), self.codes.dim(3), 4),
        };
        let maps = match kernel.map(|k| k.maps) {
            Some(m) if m.groups_per_block() > 1 => {
                let per = m.groups_per_block();
                [tiles, groups / per as i64, m.tile_bytes(per) as i64]
            }
            _ => [tiles, groups, rows],
        };
        let fits = self.codes.shape().len() == rank
            && self.scales.shape() == maps
            && self.mins.is_none_or(|m| m.shape() == maps)
            && x.dim(0) % group == 0
            && stored_groups(x.dim(0), group) == groups;
        if fits {
            return Ok(());
        }
        Err(ShapeError {
            op: "linear".into(),
            detail: format!(
                "codes {}, scales {} and x {} do not fit together",
                self.codes.ty(),
                self.scales.ty(),
                x.ty()
            ),
        })
    }

    /// Scales or mins widened to f32 and broadcast to `shape` along `dims`.
    fn map(b: &mut FuncBuilder, m: &Value, shape: &[i64], dims: &[usize]) -> Result<Value> {
        let m = b.convert(m, ElemType::F32);
        b.broadcast_in_dim(&m, shape, dims)
    }
}

/// `sum_g scale_g * (codes_g · x_g) + min_g * sum(x_g)`: the sum over each group's inputs is a
/// reduction of its own, which is what lets IREE fuse the widening of the codes into it (with
/// `--iree-dispatch-creation-block-matmul-producer-fusion=false`); scaling every element first
/// does not fuse.
fn grouped_matvec(b: &mut FuncBuilder, w: &Groups, x: &Value) -> Result<Value> {
    let (tiles, groups, group, rows) = w.dims();
    let m = x.dim(1);
    let codes = b.convert(w.codes, ElemType::F32);
    let x = pad_rows(b, x, groups * group)?;
    let xg = b.reshape(&x, &[groups, group, m])?;
    let full = [tiles, groups, group, rows, m];
    let cb = b.broadcast_in_dim(&codes, &full, &[0, 1, 2, 3])?;
    let xb = b.broadcast_in_dim(&xg, &full, &[1, 2, 4])?;
    let product = b.multiply(&cb, &xb)?;
    let sums = b.reduce_with(&product, 0.0, ReduceOp::Add, &[2])?;
    let per_group = [tiles, groups, rows, m];
    let scales = Groups::map(b, w.scales, &per_group, &[0, 1, 2])?;
    let mut y = b.multiply(&sums, &scales)?;
    if let Some(mins) = w.mins {
        let xsum = b.reduce_with(&xg, 0.0, ReduceOp::Add, &[1])?;
        let xsum = b.broadcast_in_dim(&xsum, &per_group, &[1, 3])?;
        let mins = Groups::map(b, mins, &per_group, &[0, 1, 2])?;
        let offsets = b.multiply(&mins, &xsum)?;
        y = b.add(&y, &offsets)?;
    }
    let y = b.reduce_with(&y, 0.0, ReduceOp::Add, &[1])?;
    b.reshape(&y, &[tiles * rows, m])
}

/// Dequantizes to f32 `layout` (tiles `[out/16, in, 16]` or rows `[out, in]`), each element
/// `scale * code (+ min)` as the reference computes it, then runs the dense product.
fn grouped_matmul(
    b: &mut FuncBuilder,
    w: &Groups,
    x: &Value,
    layout: WeightLayout,
) -> Result<Value> {
    let (tiles, groups, group, rows) = w.dims();
    let inp = x.dim(0);
    let weight = dequantize(b, w)?;
    let weight = match layout {
        WeightLayout::Tiled => {
            let weight = b.reshape(&weight, &[tiles, groups * group, rows])?;
            first(b, &weight, 1, inp)?
        }
        WeightLayout::Rows => {
            let weight = b.transpose(&weight, &[0, 3, 1, 2])?;
            let weight = b.reshape(&weight, &[tiles * rows, groups * group])?;
            first(b, &weight, 1, inp)?
        }
    };
    let weight = b.optimization_barrier(&weight);
    dense(b, &weight, x)
}

/// `scale * code (+ min)` in f32, `[out/16, in/g, g, 16]`.
fn dequantize(b: &mut FuncBuilder, w: &Groups) -> Result<Value> {
    let shape = w.codes.shape().to_vec();
    let codes = b.convert(w.codes, ElemType::F32);
    let scales = Groups::map(b, w.scales, &shape, &[0, 1, 3])?;
    let mut weight = b.multiply(&codes, &scales)?;
    if let Some(mins) = w.mins {
        let mins = Groups::map(b, mins, &shape, &[0, 1, 3])?;
        weight = b.add(&weight, &mins)?;
    }
    Ok(weight)
}

/// The first `len` entries of `x` along `dim` (without padding groups).
fn first(b: &mut FuncBuilder, x: &Value, dim: usize, len: i64) -> Result<Value> {
    if x.dim(dim) == len {
        return Ok(x.clone());
    }
    b.slice_dim(x, dim, 0, len)
}

/// `x` (`[in, M]`) with zero rows appended up to `len`: the inputs of padding groups.
fn pad_rows(b: &mut FuncBuilder, x: &Value, len: i64) -> Result<Value> {
    let (inp, m) = (x.dim(0), x.dim(1));
    if len == inp {
        return Ok(x.clone());
    }
    let zeros = b.splat(x.ty().with_shape(vec![len - inp, m]), 0.0)?;
    b.concatenate(&[x, &zeros], 0)
}

/// Rows `tokens` (`[M]` i32) of a grouped `[V, width]` table, dequantized exactly: `[M, width]`
/// f32. Only the M rows' codes and maps are read: row `t` is lane `t % 16` of tile `t / 16`.
pub fn gather_rows(b: &mut FuncBuilder, w: &Weight, tokens: &Value, width: i64) -> Result<Value> {
    let Weight::Groups {
        codes,
        scales,
        mins,
        ..
    } = w
    else {
        return Err(ShapeError {
            op: "gather_rows".into(),
            detail: "only grouped tables are gathered here".into(),
        });
    };
    let (groups, group, rows) = (codes.dim(1), codes.dim(2), codes.dim(3));
    let m = tokens.dim(0);
    if rows != TILE_ROWS {
        return Err(ShapeError {
            op: "gather_rows".into(),
            detail: format!("codes {} are not in tiles of {TILE_ROWS} rows", codes.ty()),
        });
    }
    // Token ids are non-negative: t / 16 and t % 16 as a shift and a mask.
    let shift = b.splat(tokens.ty().clone(), TILE_ROWS.trailing_zeros() as f64)?;
    let mask = b.splat(tokens.ty().clone(), (TILE_ROWS - 1) as f64)?;
    let tile = b.shift_right_logical(tokens, &shift)?;
    let lane = b.and(tokens, &mask)?;
    let tile = b.reshape(&tile, &[m, 1])?;
    let lane = b.reshape(&lane, &[m, 1])?;
    let index = b.concatenate(&[&tile, &lane], 1)?;
    let pick = |b: &mut FuncBuilder, v: &Value, slice: Vec<i64>| {
        let last = v.shape().len() - 1;
        let gather = GatherDims {
            offset_dims: (1..last).collect(),
            collapsed_slice_dims: vec![0, last],
            start_index_map: vec![0, last],
            index_vector_dim: 1,
            slice_sizes: slice,
        };
        b.gather(v, &index, &gather)
    };
    let c = pick(b, codes, vec![1, groups, group, 1])?;
    let c = b.convert(&c, ElemType::F32);
    let shape = [m, groups, group];
    let s = pick(b, scales, vec![1, groups, 1])?;
    let s = Groups::map(b, &s, &shape, &[0, 1])?;
    let mut x = b.multiply(&c, &s)?;
    if let Some(mins) = mins {
        let mn = pick(b, mins, vec![1, groups, 1])?;
        let mn = Groups::map(b, &mn, &shape, &[0, 1])?;
        x = b.add(&x, &mn)?;
    }
    let x = b.reshape(&x, &[m, groups * group])?;
    first(b, &x, 1, width)
}
