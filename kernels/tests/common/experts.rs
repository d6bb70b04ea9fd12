//! The experts kernels' stacked weights and their calls (`c/experts.c`), for the tests and the
//! bench.

use kernels::{GroupedMatmul, TILE_ROWS};

use crate::common::{floats, Rng};
use crate::grouped::{entry_point, grouped, Grouped};

type WithMins = unsafe extern "C" fn(
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *mut u8,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
);
type WithoutMins = unsafe extern "C" fn(
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *mut u8,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
    usize,
);

/// Bytes in front of every buffer a call passes: IREE passes subspans, so the entries take a
/// base pointer and an offset.
pub const OFFSET: usize = 64;

/// `bytes` behind OFFSET bytes of filler.
pub fn pad(bytes: &[u8]) -> Vec<u8> {
    [vec![0xAB; OFFSET], bytes.to_vec()].concat()
}

/// Experts of one format stacked as the loader writes them, each buffer behind OFFSET bytes.
pub struct Stack {
    pub experts: Vec<Grouped>,
    pub codes: Vec<u8>,
    pub scales: Vec<u8>,
    pub mins: Vec<u8>,
    pub stored_groups: usize,
}

/// `count` random experts `[out, inp]` of `format`; the maps of expert `poisoned` are NaN (a
/// call that reads it shows). With `dense`, each expert keeps its dequantized values.
pub fn stack(
    format: GroupedMatmul,
    count: usize,
    (out, inp): (usize, usize),
    poisoned: Option<usize>,
    dense: bool,
    rng: &mut Rng,
) -> Stack {
    let padding = if format.maps.groups_per_block() == 1 {
        3
    } else {
        0
    };
    let mut experts: Vec<Grouped> = (0..count)
        .map(|_| {
            let mut e = grouped(format, out, inp, padding, rng);
            if !dense {
                e.dense = Vec::new();
            }
            e
        })
        .collect();
    if let Some(e) = poisoned {
        experts[e].scales.fill(0xFF);
    }
    Stack {
        codes: pad(&experts
            .iter()
            .flat_map(|e| e.codes.clone())
            .collect::<Vec<u8>>()),
        scales: pad(&experts
            .iter()
            .flat_map(|e| e.scales.clone())
            .collect::<Vec<u8>>()),
        mins: pad(&experts
            .iter()
            .flat_map(|e| e.mins.clone())
            .collect::<Vec<u8>>()),
        stored_groups: experts[0].stored_groups,
        experts,
    }
}

/// Every workgroup of the experts entry `symbol` of `format`, `per` tiles each: x (`[M, inp]`
/// f32, or the 8-bit entry's quantized activations) and ids `[S, M]` i32 as bytes behind
/// OFFSET, y `[S * M, out]` f32 likewise.
#[allow(clippy::too_many_arguments)]
pub fn call(
    symbol: &str,
    format: GroupedMatmul,
    w: &Stack,
    x: &[u8],
    ids: &[u8],
    y: &mut [u8],
    (inp, m, out): (usize, usize, usize),
    per: usize,
) {
    let slots = (ids.len() - OFFSET) / 4 / m;
    let (tiles, count) = (out / TILE_ROWS, w.experts.len());
    assert!(y.len() >= OFFSET + slots * m * out * 4);
    let f = entry_point(symbol);
    for wg in 0..count * tiles.div_ceil(per) {
        let (xp, i, c, s, mn, yp) = (
            x.as_ptr(),
            ids.as_ptr(),
            w.codes.as_ptr(),
            w.scales.as_ptr(),
            w.mins.as_ptr(),
            y.as_mut_ptr(),
        );
        let o = OFFSET;
        let sizes = (inp, m, slots, w.stored_groups, tiles, count, per, wg);
        // SAFETY: the entry takes these arguments (`EXPERTS_ENTRY_1`/`_0` in c/experts.c);
        // each buffer holds, from OFFSET, what it reads or writes for these sizes (the
        // caller's x for its entry, y checked above, the stack `count` experts of them).
        unsafe {
            if format.min {
                let f = std::mem::transmute::<unsafe extern "C" fn(), WithMins>(f);
                f(
                    xp, o, i, o, c, o, s, o, mn, o, yp, o, sizes.0, sizes.1, sizes.2, sizes.3,
                    sizes.4, sizes.5, sizes.6, sizes.7,
                );
            } else {
                let f = std::mem::transmute::<unsafe extern "C" fn(), WithoutMins>(f);
                f(
                    xp, o, i, o, c, o, s, o, yp, o, sizes.0, sizes.1, sizes.2, sizes.3, sizes.4,
                    sizes.5, sizes.6, sizes.7,
                );
            }
        }
    }
}

/// `call` on fresh buffers: y starts as NaN, so a row nothing wrote shows.
#[allow(clippy::too_many_arguments)]
pub fn run(
    symbol: &str,
    format: GroupedMatmul,
    w: &Stack,
    x: &[f32],
    ids: &[i32],
    inp: usize,
    m: usize,
    out: usize,
    per: usize,
) -> Vec<f32> {
    let xb = pad(&x.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>());
    let ib = pad(&ids
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect::<Vec<u8>>());
    let mut y = pad(&f32::NAN.to_le_bytes().repeat(ids.len() * out));
    call(symbol, format, w, &xb, &ib, &mut y, (inp, m, out), per);
    floats(&y[OFFSET..])
}
