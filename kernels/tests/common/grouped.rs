//! Grouped weights in the kernels' stored layout, built from random codes and maps with their
//! exact f32 values, and the kernels' entry points by format: for the test and the bench
//! (shared by path: only those two use them).

use kernels::{Code, GroupedMatmul, Maps, TILE_ROWS};

use crate::common::{floats, Rng};

pub type WithMins = unsafe extern "C" fn(
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
);
pub type WithoutMins = unsafe extern "C" fn(
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
);

#[derive(Clone, Copy)]
pub enum Entry {
    WithMins(WithMins),
    WithoutMins(WithoutMins),
}

/// The kernels' entry point `name` in the object this CPU runs, as the untyped function the
/// index holds.
pub fn entry_point(name: &str) -> unsafe extern "C" fn() {
    kernels::linked_entry(name)
        .unwrap_or_else(|| panic!("{name} is not among the kernels' entry points"))
}

/// A three-weight entry of a format with mins (`EXPORTS_MIN_1`'s `_x3` in c/grouped.h), of the
/// f32 or the 8-bit family: x, each weight's codes, scales and mins, each output (pointer and
/// offset each); then K, M, the stored groups, tiles per workgroup, each weight's tile count and
/// the workgroup id.
pub type ThreeWithMins = unsafe extern "C" fn(
    x: *const u8,
    xo: usize,
    c0: *const u8,
    co0: usize,
    s0: *const u8,
    so0: usize,
    m0: *const u8,
    mo0: usize,
    c1: *const u8,
    co1: usize,
    s1: *const u8,
    so1: usize,
    m1: *const u8,
    mo1: usize,
    c2: *const u8,
    co2: usize,
    s2: *const u8,
    so2: usize,
    m2: *const u8,
    mo2: usize,
    y0: *mut u8,
    yo0: usize,
    y1: *mut u8,
    yo1: usize,
    y2: *mut u8,
    yo2: usize,
    k: usize,
    m: usize,
    g: usize,
    per: usize,
    t0: usize,
    t1: usize,
    t2: usize,
    wg: usize,
);

/// `format`'s entry point `name` of one weight, with its arguments' type: a format with mins
/// takes a mins buffer after the scales.
pub fn typed_entry(format: GroupedMatmul, name: &str) -> Entry {
    let f = entry_point(name);
    // SAFETY: every one-weight product entry of a format takes exactly these arguments
    // (`EXPORTS_MIN_1` or `EXPORTS_MIN_0` in c/grouped.h).
    unsafe {
        if format.min {
            Entry::WithMins(std::mem::transmute::<unsafe extern "C" fn(), WithMins>(f))
        } else {
            Entry::WithoutMins(std::mem::transmute::<unsafe extern "C" fn(), WithoutMins>(
                f,
            ))
        }
    }
}

/// The f32 entry of `format`.
pub fn entry(format: GroupedMatmul) -> Entry {
    typed_entry(format, &format.symbol().expect("a kernel format"))
}

/// The fixed-point entry of `format` (`c/fixed_matvec.c`), which takes the f32
/// entry's calls.
pub fn fixed_entry(format: GroupedMatmul) -> Entry {
    let name = format.fixed_symbol_for(1);
    typed_entry(format, &name.expect("a format with a fixed-point kernel"))
}

/// The entry of `format` that reads a step's shared buffer of tokens in fixed point
/// (`llm_fixed_rows_<stem>`, c/fixed_matvec.c): x is that buffer ([`fixed_shared_input`]).
pub fn fixed_shared_entry(format: GroupedMatmul) -> Entry {
    let name = format.fixed_shared_symbol_for(1);
    typed_entry(format, &name.expect("a format with a fixed-point kernel"))
}

/// x `[inp, m]` f32 as `llm_fixed_quantize` writes it for the products of a decode step, every
/// token's workgroup in turn, into a buffer that starts 64 bytes into the returned one (as IREE
/// passes subspans) after bytes the kernel must not touch.
pub fn fixed_shared_input(x: &[f32], inp: usize, m: usize) -> Vec<u8> {
    type Quantize = unsafe extern "C" fn(*const u8, usize, *mut u8, usize, usize, usize, usize);
    let f = entry_point(kernels::FIXED_QUANTIZE_SYMBOL);
    // SAFETY: `llm_fixed_quantize` takes x and its output as base and offset, then K, M and the
    // workgroup id.
    let quantize: Quantize = unsafe { std::mem::transmute::<unsafe extern "C" fn(), Quantize>(f) };
    let xb: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    let bytes = kernels::fixed_activation_bytes(inp, m);
    let mut out = vec![0xABu8; 64 + bytes + 64];
    for wg in 0..m {
        // SAFETY: x holds [inp, m] f32, the output the shared buffer's bytes from offset 64.
        unsafe { quantize(xb.as_ptr(), 0, out.as_mut_ptr(), 64, inp, m, wg) };
    }
    assert!(
        out[64 + bytes..].iter().all(|&b| b == 0xAB),
        "the quantization wrote past its buffer"
    );
    out[64..64 + bytes].to_vec()
}

/// [`run_entry`] through the shared buffer: x quantized once ([`fixed_shared_input`]), then
/// [`fixed_shared_entry`]'s workgroups.
pub fn run_shared(
    format: GroupedMatmul,
    w: &Grouped,
    x: &[f32],
    inp: usize,
    m: usize,
    out: usize,
    per: usize,
) -> Vec<f32> {
    let shared = fixed_shared_input(x, inp, m);
    run_bytes(fixed_shared_entry(format), w, &shared, inp, m, out, per)
}

/// A grouped weight in the stored layout, with its exact f32 values for the reference.
pub struct Grouped {
    pub codes: Vec<u8>,
    pub scales: Vec<u8>,
    pub mins: Vec<u8>,
    /// Dequantized `[out, inp]`, rounded as the reference rounds `scale * code + min`.
    pub dense: Vec<f32>,
    /// The codes as they count, `[out, inp]` (signed formats' offsets taken off); read by the
    /// 8-bit path's reference only.
    #[allow(dead_code)]
    pub q: Vec<i32>,
    /// Each row's group scales and mins as f32, `[out, inp / group]` (mins 0 without them).
    #[allow(dead_code)]
    pub scale: Vec<f32>,
    #[allow(dead_code)]
    pub min: Vec<f32>,
    /// Super-block maps (the K-quants, IQ4_XS), `[out, inp / group]`: each group's
    /// sub-scale and sub-min as integers (signed: Q3_K's and IQ4_XS's less 32) and its
    /// super-block's f16 factors d and dmin; zero for other maps. Read by the 8-bit path's reference where the
    /// kernel multiplies sub-scales in integers.
    #[allow(dead_code)]
    pub subs: Subs,
    pub stored_groups: usize,
}

/// See [`Grouped::subs`].
#[derive(Clone, Default)]
pub struct Subs {
    pub sub: Vec<i32>,
    pub sub_min: Vec<i32>,
    pub factor: Vec<f32>,
    pub factor_min: Vec<f32>,
}

/// One tile's maps as the references read them, `[groups][16]`: scales and mins as f32, and
/// [`Subs`]' values for the maps that have them.
struct TileMaps {
    scale: Vec<[f32; TILE_ROWS]>,
    min: Vec<[f32; TILE_ROWS]>,
    sub: Vec<[i32; TILE_ROWS]>,
    sub_min: Vec<[i32; TILE_ROWS]>,
    factor: Vec<[f32; TILE_ROWS]>,
    factor_min: Vec<[f32; TILE_ROWS]>,
}

fn f16_bits(v: f32) -> (u16, f32) {
    let h = half::f16::from_f32(v);
    (h.to_bits(), h.to_f32())
}

/// One tile's maps in the stored form: `[groups][16]` scale and min values (exact f32, as the
/// reference computes them) written into `scales` and `mins` at the tile's offset.
fn tile_maps(
    maps: Maps,
    groups: usize,
    rng: &mut Rng,
    scales: &mut [u8],
    mins: &mut [u8],
    with_min: bool,
) -> TileMaps {
    let mut scale = vec![[0f32; TILE_ROWS]; groups];
    let mut min = vec![[0f32; TILE_ROWS]; groups];
    let mut sub = vec![[0i32; TILE_ROWS]; groups];
    let mut sub_min = vec![[0i32; TILE_ROWS]; groups];
    let mut factor = vec![[0f32; TILE_ROWS]; groups];
    let mut factor_min = vec![[0f32; TILE_ROWS]; groups];
    match maps {
        Maps::F16 | Maps::F32 => {
            for g in 0..groups {
                for j in 0..TILE_ROWS {
                    let at = g * TILE_ROWS + j;
                    let (s, m) = (rng.unit() * 0.02, rng.unit() * 0.02);
                    if maps == Maps::F32 {
                        scales[at * 4..][..4].copy_from_slice(&s.to_le_bytes());
                        mins[at * 4..][..4].copy_from_slice(&m.to_le_bytes());
                        (scale[g][j], min[g][j]) = (s, m);
                    } else {
                        let ((sb, s), (mb, m)) = (f16_bits(s), f16_bits(m));
                        scales[at * 2..][..2].copy_from_slice(&sb.to_le_bytes());
                        mins[at * 2..][..2].copy_from_slice(&mb.to_le_bytes());
                        (scale[g][j], min[g][j]) = (s, m);
                    }
                }
            }
        }
        Maps::SuperBlock6Signed16 => {
            for sb in 0..groups / 16 {
                let p = sb * 224;
                let mut d = [0f32; TILE_ROWS];
                for (j, d) in d.iter_mut().enumerate() {
                    let (bits, v) = f16_bits(rng.unit().abs() * 0.001);
                    scales[p + 2 * j..][..2].copy_from_slice(&bits.to_le_bytes());
                    *d = v;
                }
                for k in 0..16 {
                    for (j, d) in d.iter().enumerate() {
                        let sc = (rng.next() % 64) as u8;
                        scales[p + 32 + k * 8 + j / 2] |= (sc & 0x0F) << (4 * (j % 2));
                        scales[p + 160 + k * 4 + j / 4] |= (sc >> 4) << (2 * (j % 4));
                        scale[sb * 16 + k][j] = d * f32::from(sc as i8 - 32);
                        sub[sb * 16 + k][j] = i32::from(sc) - 32;
                        factor[sb * 16 + k][j] = *d;
                    }
                }
            }
        }
        Maps::SuperBlock4 => {
            for sb in 0..groups / 16 {
                let p = sb * 160;
                let mut d = [0f32; TILE_ROWS];
                let mut dmin = [0f32; TILE_ROWS];
                for j in 0..TILE_ROWS {
                    let (bits, v) = f16_bits(rng.unit().abs() * 0.01);
                    scales[p + 2 * j..][..2].copy_from_slice(&bits.to_le_bytes());
                    d[j] = v;
                    let (bits, v) = f16_bits(rng.unit().abs() * 0.01);
                    mins[p + 2 * j..][..2].copy_from_slice(&bits.to_le_bytes());
                    dmin[j] = v;
                }
                for k in 0..16 {
                    for j in 0..TILE_ROWS {
                        let (sc, m) = ((rng.next() % 16) as u8, (rng.next() % 16) as u8);
                        scales[p + 32 + k * 8 + j / 2] |= sc << (4 * (j % 2));
                        mins[p + 32 + k * 8 + j / 2] |= m << (4 * (j % 2));
                        scale[sb * 16 + k][j] = d[j] * f32::from(sc);
                        min[sb * 16 + k][j] = -(dmin[j] * f32::from(m));
                        let g = sb * 16 + k;
                        (sub[g][j], sub_min[g][j]) = (i32::from(sc), i32::from(m));
                        (factor[g][j], factor_min[g][j]) = (d[j], dmin[j]);
                    }
                }
            }
        }
        Maps::SuperBlock6Signed => {
            for sb in 0..groups / 8 {
                let p = sb * 128;
                let mut d = [0f32; TILE_ROWS];
                for (j, d) in d.iter_mut().enumerate() {
                    let (bits, v) = f16_bits(rng.unit().abs() * 0.001);
                    scales[p + 2 * j..][..2].copy_from_slice(&bits.to_le_bytes());
                    *d = v;
                }
                for k in 0..8 {
                    for (j, d) in d.iter().enumerate() {
                        let sc = (rng.next() % 64) as u8;
                        put6(scales, p, k, j, sc);
                        scale[sb * 8 + k][j] = d * f32::from(sc as i8 - 32);
                        sub[sb * 8 + k][j] = i32::from(sc) - 32;
                        factor[sb * 8 + k][j] = *d;
                    }
                }
            }
        }
        Maps::SuperBlock6 => {
            for sb in 0..groups / 8 {
                let (sp, mp) = (sb * 128, sb * 128);
                let mut d = [0f32; TILE_ROWS];
                let mut dmin = [0f32; TILE_ROWS];
                for j in 0..TILE_ROWS {
                    let (bits, v) = f16_bits(rng.unit().abs() * 0.001);
                    scales[sp + 2 * j..][..2].copy_from_slice(&bits.to_le_bytes());
                    d[j] = v;
                    let (bits, v) = f16_bits(rng.unit().abs() * 0.001);
                    mins[mp + 2 * j..][..2].copy_from_slice(&bits.to_le_bytes());
                    dmin[j] = v;
                }
                for k in 0..8 {
                    let g = sb * 8 + k;
                    for j in 0..TILE_ROWS {
                        let (sc, m) = ((rng.next() % 64) as u8, (rng.next() % 64) as u8);
                        put6(scales, sp, k, j, sc);
                        if with_min {
                            put6(mins, mp, k, j, m);
                        }
                        scale[g][j] = d[j] * f32::from(sc);
                        min[g][j] = if with_min {
                            -(dmin[j] * f32::from(m))
                        } else {
                            0.0
                        };
                        sub[g][j] = i32::from(sc);
                        factor[g][j] = d[j];
                        if with_min {
                            sub_min[g][j] = i32::from(m);
                            factor_min[g][j] = dmin[j];
                        }
                    }
                }
            }
        }
        Maps::E8M0 => {
            // Exponents around 2^0, and now and then the subnormal scales of e < 2.
            for g in 0..groups {
                for j in 0..TILE_ROWS {
                    let e = match rng.next() % 16 {
                        0 => (rng.next() % 2) as u8,
                        _ => 118 + (rng.next() % 12) as u8,
                    };
                    scales[g * TILE_ROWS + j] = e;
                    scale[g][j] = weight_format::e8m0_half(e);
                }
            }
        }
        Maps::SuperBlock8 => {
            for sb in 0..groups / 16 {
                let p = sb * 288;
                let mut d = [0f32; TILE_ROWS];
                for (j, d) in d.iter_mut().enumerate() {
                    let (bits, v) = f16_bits(rng.unit().abs() * 0.001);
                    scales[p + 2 * j..][..2].copy_from_slice(&bits.to_le_bytes());
                    *d = v;
                }
                for k in 0..16 {
                    for j in 0..TILE_ROWS {
                        let sc = (rng.next() % 256) as u8 as i8;
                        scales[p + 32 + k * 16 + j] = sc as u8;
                        scale[sb * 16 + k][j] = d[j] * f32::from(sc);
                        sub[sb * 16 + k][j] = i32::from(sc);
                        factor[sb * 16 + k][j] = d[j];
                    }
                }
            }
        }
    }
    TileMaps {
        scale,
        min,
        sub,
        sub_min,
        factor,
        factor_min,
    }
}

/// Stores code `q` (as its bits) of row j, input k of group g in tile t.
fn put_code(
    codes: &mut [u8],
    format: GroupedMatmul,
    stored_groups: usize,
    (t, g, k, j): (usize, usize, usize, usize),
    q: u32,
) {
    let group = format.group;
    let bits = format.code.bits();
    let input_bytes = TILE_ROWS * bits / 8;
    let base = (t * stored_groups + g) * group * input_bytes;
    if bits == 8 {
        codes[base + k * TILE_ROWS + j] = q as u8;
        return;
    }
    if bits <= 3 {
        // Two-bit words, then (3 bits) each input's 16-bit word of third bits.
        codes[base + k * 4 + j / 4] |= ((q & 3) as u8) << (2 * (j % 4));
        if bits == 3 {
            codes[base + group * 4 + k * 2 + j / 8] |= ((q >> 2) as u8) << (j % 8);
        }
        return;
    }
    codes[base + k * 8 + j / 2] |= ((q & 0x0F) as u8) << (4 * (j % 2));
    if bits == 4 {
        return;
    }
    // High bits of inputs k and k+1 together, in the kernel's lane order.
    let (pair, lane) = (k / 2, (k % 2) * 8 + j / 2);
    let high = (q >> 4) as u64;
    let (word_bytes, bit) = match bits {
        5 => (4, 16 * (j % 2) + lane),
        _ => (8, 32 * (j % 2) + 2 * lane),
    };
    let at = base + group * 8 + pair * word_bytes;
    let mut word = [0u8; 8];
    word[..word_bytes].copy_from_slice(&codes[at..at + word_bytes]);
    let word = u64::from_le_bytes(word) | high << bit;
    codes[at..at + word_bytes].copy_from_slice(&word.to_le_bytes()[..word_bytes]);
}

/// Row j's 6-bit sub-scale of group k in the super-block maps at `p` (see `Maps::SuperBlock6`).
fn put6(buf: &mut [u8], p: usize, k: usize, j: usize, v: u8) {
    buf[p + 32 + k * 8 + j / 2] |= (v & 0x0F) << (4 * (j % 2));
    buf[p + 96 + k * 4 + j / 4] |= (v >> 4) << (2 * (j % 4));
}

/// The shortest rows the tests draw for `format`: four groups, or one whole super-block where
/// its maps come in super-blocks of 256 inputs.
pub fn short_row(format: GroupedMatmul) -> usize {
    (4 * format.group).max(format.group * format.maps.groups_per_block())
}

pub fn grouped(
    format: GroupedMatmul,
    out: usize,
    inp: usize,
    padding: usize,
    rng: &mut Rng,
) -> Grouped {
    let (tiles, group) = (out / TILE_ROWS, format.group);
    let stored_groups = inp / group + padding;
    let mut codes = vec![0u8; tiles * stored_groups * group * TILE_ROWS * format.code.bits() / 8];
    let tile_bytes = format.maps.tile_bytes(stored_groups);
    let mut scales = vec![0u8; tiles * tile_bytes];
    let mut mins = vec![0u8; if format.min { tiles * tile_bytes } else { 0 }];
    let mut scratch = vec![0u8; tile_bytes];
    let mut dense = vec![0f32; out * inp];
    let mut codes_q = vec![0i32; out * inp];
    let groups = inp / group;
    let mut row_scale = vec![0f32; out * groups];
    let mut row_min = vec![0f32; out * groups];
    let mut subs = Subs {
        sub: vec![0; out * groups],
        sub_min: vec![0; out * groups],
        factor: vec![0.0; out * groups],
        factor_min: vec![0.0; out * groups],
    };
    for t in 0..tiles {
        let tile_mins = if format.min {
            &mut mins[t * tile_bytes..][..tile_bytes]
        } else {
            &mut scratch[..]
        };
        let maps = tile_maps(
            format.maps,
            stored_groups,
            rng,
            &mut scales[t * tile_bytes..][..tile_bytes],
            tile_mins,
            format.min,
        );
        let (scale, min) = (&maps.scale, &maps.min);
        for g in 0..inp / group {
            for j in 0..TILE_ROWS {
                let at = (t * TILE_ROWS + j) * groups + g;
                subs.sub[at] = maps.sub[g][j];
                subs.sub_min[at] = maps.sub_min[g][j];
                subs.factor[at] = maps.factor[g][j];
                subs.factor_min[at] = maps.factor_min[g][j];
            }
            for j in 0..TILE_ROWS {
                for k in 0..group {
                    let (q, stored): (i32, u32) = match format.code {
                        Code::U4 => {
                            let q = (rng.next() % 16) as u32;
                            (q as i32, q)
                        }
                        Code::I4 => {
                            let q = (rng.next() % 16) as i32 - 8;
                            (q, q as u32 & 0x0F)
                        }
                        Code::I8 => {
                            let q = (rng.next() % 256) as i32 - 128;
                            (q, q as u8 as u32)
                        }
                        Code::U5 => {
                            let q = (rng.next() % 32) as u32;
                            (q as i32, q)
                        }
                        Code::I5 => {
                            let q = (rng.next() % 32) as u32;
                            (q as i32 - 16, q)
                        }
                        Code::I6 => {
                            let q = (rng.next() % 64) as u32;
                            (q as i32 - 32, q)
                        }
                        Code::U2 => {
                            let q = (rng.next() % 4) as u32;
                            (q as i32, q)
                        }
                        Code::I3 => {
                            let q = (rng.next() % 8) as u32;
                            (q as i32 - 4, q)
                        }
                        Code::E2M1 | Code::NL4 => {
                            let i = (rng.next() % 16) as usize;
                            (i32::from(format.code.table().unwrap()[i]), i as u32)
                        }
                    };
                    put_code(&mut codes, format, stored_groups, (t, g, k, j), stored);
                    let row = t * TILE_ROWS + j;
                    codes_q[row * inp + g * group + k] = q;
                    row_scale[row * groups + g] = scale[g][j];
                    row_min[row * groups + g] = if format.min { min[g][j] } else { 0.0 };
                    let value = scale[g][j] * q as f32;
                    dense[row * inp + g * group + k] =
                        if format.min { value + min[g][j] } else { value };
                }
            }
        }
    }
    Grouped {
        codes,
        scales,
        mins,
        dense,
        q: codes_q,
        scale: row_scale,
        min: row_min,
        subs,
        stored_groups,
    }
}

/// The sizes one kernel call takes: x `[inp, m]`, the weight's stored groups per tile row,
/// tiles per workgroup and the weight's tile count.
pub struct Call {
    pub inp: usize,
    pub m: usize,
    pub stored_groups: usize,
    pub per: usize,
    pub tiles: usize,
}

/// Workgroup `wg` of a format's kernel `entry` ([`entry`] or [`fixed_entry`]): x, the
/// weight's codes, scales, mins and y each at byte offset `at` of its buffer.
///
/// # Safety
/// Every buffer holds, from `at`, what the kernel reads or writes for `call`: x `[inp, m]`
/// f32, the tiles' codes and maps, y `[tiles * 16, m]` f32.
pub unsafe fn call_entry(
    entry: Entry,
    [codes, scales, mins]: [&[u8]; 3],
    x: &[u8],
    y: &mut [u8],
    at: usize,
    call: &Call,
    wg: usize,
) {
    let Call {
        inp,
        m,
        stored_groups,
        per,
        tiles,
    } = *call;
    let (x, y) = (x.as_ptr(), y.as_mut_ptr());
    let (c, s, mn) = (codes.as_ptr(), scales.as_ptr(), mins.as_ptr());
    match entry {
        Entry::WithMins(f) => f(
            x,
            at,
            c,
            at,
            s,
            at,
            mn,
            at,
            y,
            at,
            inp,
            m,
            stored_groups,
            per,
            tiles,
            wg,
        ),
        Entry::WithoutMins(f) => f(
            x,
            at,
            c,
            at,
            s,
            at,
            y,
            at,
            inp,
            m,
            stored_groups,
            per,
            tiles,
            wg,
        ),
    }
}

/// Runs the kernel over every workgroup; x is `[inp, m]`, the result `[out, m]`.
pub fn run(
    format: GroupedMatmul,
    w: &Grouped,
    x: &[f32],
    inp: usize,
    m: usize,
    out: usize,
    per: usize,
) -> Vec<f32> {
    run_entry(entry, format, w, x, inp, m, out, per)
}

/// As [`run`], through the entry `pick` gives for the format.
#[allow(clippy::too_many_arguments)]
pub fn run_entry(
    pick: fn(GroupedMatmul) -> Entry,
    format: GroupedMatmul,
    w: &Grouped,
    x: &[f32],
    inp: usize,
    m: usize,
    out: usize,
    per: usize,
) -> Vec<f32> {
    let xb: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    run_bytes(pick(format), w, &xb, inp, m, out, per)
}

/// Every workgroup of `entry` with x as the bytes it reads (`[inp, m]` f32, or a quantized
/// form of them); the result `[out, m]`.
pub fn run_bytes(
    entry: Entry,
    w: &Grouped,
    x: &[u8],
    inp: usize,
    m: usize,
    out: usize,
    per: usize,
) -> Vec<f32> {
    let tiles = out / TILE_ROWS;
    // Offsets into larger buffers, as IREE passes subspans.
    let pad = |bytes: &[u8]| [vec![0xAB; 64], bytes.to_vec()].concat();
    let (xb, cb, sb, mb) = (pad(x), pad(&w.codes), pad(&w.scales), pad(&w.mins));
    let mut y = vec![0u8; 64 + out * m * 4];
    let call = Call {
        inp,
        m,
        stored_groups: w.stored_groups,
        per,
        tiles,
    };
    for wg in 0..tiles.div_ceil(per) {
        // SAFETY: every buffer holds what the kernel reads or writes at offset 64: x as the
        // entry takes it, the tiles' codes and maps, y [out, m] f32.
        unsafe { call_entry(entry, [&cb, &sb, &mb], &xb, &mut y, 64, &call, wg) };
    }
    floats(&y[64..])
}

/// Every format the kernels take (`kernels::FORMATS`).
pub fn formats() -> impl Iterator<Item = GroupedMatmul> {
    kernels::FORMATS.iter().map(|row| row.format)
}

/// The format of `kernels::FORMATS` called `name`.
pub fn named(name: &str) -> GroupedMatmul {
    kernels::format_named(name).unwrap_or_else(|| panic!("no format {name}"))
}
