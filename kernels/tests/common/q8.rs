//! The 8-bit activation path (`c/q8_matmul.c`): its entry points by format, a scalar
//! reference of its arithmetic (quantization, integer group sums, the same f32 fma chain), and
//! a runner over every workgroup; for the test and the bench.

use kernels::{GroupedMatmul, Q8_QUANTIZE_TOKENS};

use crate::common::floats;
use crate::grouped::{entry_point, run_bytes, typed_entry, Entry, Grouped};

/// `llm_q8_quantize`'s arguments (c/q8_matmul.c).
type Quantize =
    unsafe extern "C" fn(*const u8, usize, *mut u8, usize, usize, usize, usize, usize, usize);

/// The 8-bit entry of `format`: as the f32 entry, with the quantized activations in place of x.
pub fn entry(format: GroupedMatmul) -> Entry {
    typed_entry(format, &format.q8_symbol_for(1).expect("a kernel format"))
}

/// What makes a format's codes unsigned for `vpdpbusd` (the kernels' `code_offset`).
pub fn offset(format: GroupedMatmul) -> i32 {
    use kernels::Code;
    match format.code {
        Code::I4 => 8,
        Code::I3 => 4,
        Code::I5 | Code::E2M1 => 16,
        Code::I6 => 32,
        Code::I8 | Code::NL4 => 128,
        Code::U2 | Code::U4 | Code::U5 => 0,
    }
}

/// Activations quantized as the kernel does it, unpacked: codes `[m, k]`, scales
/// `[m, k / block]`, group sums `[m, k / group]`.
pub struct Quantized {
    pub codes: Vec<i8>,
    pub scales: Vec<f32>,
    pub sums: Vec<i32>,
}

/// The reference quantization of x `[k, m]`: per token and block, d = amax / 127 and
/// q = round-half-even(x * (127 / amax)), 0 for an all-zero block.
pub fn quantize(x: &[f32], k: usize, m: usize, block: usize, group: usize) -> Quantized {
    let mut codes = vec![0i8; m * k];
    let mut scales = vec![0f32; m * (k / block)];
    let mut sums = vec![0i32; m * (k / group)];
    for t in 0..m {
        for b in 0..k / block {
            let xs = (b * block..(b + 1) * block).map(|i| x[i * m + t]);
            let amax = xs.clone().fold(0f32, |a, v| a.max(v.abs()));
            scales[t * (k / block) + b] = amax / 127.0;
            let id = if amax != 0.0 { 127.0 / amax } else { 0.0 };
            for (i, v) in (b * block..).zip(xs) {
                let q = (v * id).round_ties_even().clamp(-127.0, 127.0) as i8;
                codes[t * k + i] = q;
                sums[t * (k / group) + i / group] += i32::from(q);
            }
        }
    }
    Quantized {
        codes,
        scales,
        sums,
    }
}

/// The kernel's quantized buffer, unpacked.
pub fn unpack(bytes: &[u8], k: usize, m: usize, block: usize, group: usize) -> Quantized {
    let scales_at = k * m;
    let sums_at = scales_at + m * (k / block) * 4;
    let end = sums_at + m * (k / group) * 4;
    Quantized {
        codes: bytes[..scales_at].iter().map(|&b| b as i8).collect(),
        scales: floats(&bytes[scales_at..sums_at]),
        sums: floats(&bytes[sums_at..end])
            .into_iter()
            .map(|v| v as i32)
            .collect(),
    }
}

/// Runs the quantizer over every workgroup; its buffer (after a 64-byte offset, as IREE
/// passes subspans, which this strips).
pub fn quantize_kernel(x: &[f32], k: usize, m: usize, block: usize, group: usize) -> Vec<u8> {
    let xb: Vec<u8> = [
        vec![0xAB; 64],
        x.iter().flat_map(|v| v.to_le_bytes()).collect(),
    ]
    .concat();
    let mut xq = vec![0u8; 64 + kernels::q8_activation_bytes(k, m, block, group)];
    // SAFETY: the quantizer's entry takes exactly these arguments.
    let quantize = unsafe {
        std::mem::transmute::<unsafe extern "C" fn(), Quantize>(entry_point(
            kernels::Q8_QUANTIZE_SYMBOL,
        ))
    };
    for wg in 0..m.div_ceil(Q8_QUANTIZE_TOKENS) {
        // SAFETY: x holds [k, m] f32 and xq the quantized buffer, both from offset 64.
        unsafe { quantize(xb.as_ptr(), 64, xq.as_mut_ptr(), 64, k, m, block, group, wg) };
    }
    xq.split_off(64)
}

/// The reference product of `w` (`[out, inp]`) and quantized activations, as `[out, m]`:
/// integer group sums of the unsigned codes, then the kernel's f32 chain in its order (the
/// host object's: [`int_subs_reference`] where it multiplies sub-scales in integers).
pub fn reference(
    format: GroupedMatmul,
    w: &Grouped,
    xq: &Quantized,
    inp: usize,
    m: usize,
    out: usize,
) -> Vec<f32> {
    if kernels::Isa::host().is_some_and(|isa| format.q8_int_subs(isa)) {
        return int_subs_reference(format, w, xq, inp, m, out);
    }
    let (group, block) = (format.group, format.q8_block());
    let (groups, blocks) = (inp / group, inp / block);
    let off = offset(format);
    let mut y = vec![0f32; out * m];
    for r in 0..out {
        for t in 0..m {
            let mut acc = 0f32;
            for b in 0..blocks {
                let mut part = 0f32;
                for g in b * block / group..(b + 1) * block / group {
                    let dot = group_dot(w, xq, inp, group, (r, t, g), off);
                    let (scale, min) = (w.scale[r * groups + g], w.min[r * groups + g]);
                    let minoff = (-(off as f32)).mul_add(scale, min);
                    part = (dot as f32).mul_add(scale, part);
                    part = minoff.mul_add(xq.sums[t * groups + g] as f32, part);
                }
                acc = part.mul_add(xq.scales[t * blocks + b], acc);
            }
            y[r * m + t] = acc;
        }
    }
    y
}

/// Row r's codes plus `off` times token t's codes over group g: the kernels' exact integer sum.
fn group_dot(
    w: &Grouped,
    xq: &Quantized,
    inp: usize,
    group: usize,
    (r, t, g): (usize, usize, usize),
    off: i32,
) -> i32 {
    (g * group..(g + 1) * group)
        .map(|i| (w.q[r * inp + i] + off) * i32::from(xq.codes[t * inp + i]))
        .sum()
}

/// [`reference`] with sub-scales multiplied in integers (`c/q8_avx2.h`): per row, token and
/// super-block, I = sum of s_g * (the group's sum of q * x) and N = sum of m_g * S_g, exact;
/// then part = d * f32(I), with mins part = fnmadd(dmin, f32(N), part), and y += part * dx.
pub fn int_subs_reference(
    format: GroupedMatmul,
    w: &Grouped,
    xq: &Quantized,
    inp: usize,
    m: usize,
    out: usize,
) -> Vec<f32> {
    let (group, block) = (format.group, format.q8_block());
    let (groups, blocks) = (inp / group, inp / block);
    let s = &w.subs;
    let mut y = vec![0f32; out * m];
    for r in 0..out {
        for t in 0..m {
            let mut acc = 0f32;
            for b in 0..blocks {
                let (mut i, mut n) = (0i64, 0i64);
                let first = r * groups + b * block / group;
                for g in b * block / group..(b + 1) * block / group {
                    let dot = group_dot(w, xq, inp, group, (r, t, g), 0);
                    let at = r * groups + g;
                    i += i64::from(s.sub[at]) * i64::from(dot);
                    n += i64::from(s.sub_min[at]) * i64::from(xq.sums[t * groups + g]);
                }
                let mut part = s.factor[first] * i as f32;
                if format.min {
                    part = (-s.factor_min[first]).mul_add(n as f32, part);
                }
                acc = part.mul_add(xq.scales[t * blocks + b], acc);
            }
            y[r * m + t] = acc;
        }
    }
    y
}

/// Runs the product kernel over every workgroup on the kernel's own quantized buffer `xq`;
/// the result `[out, m]`.
pub fn run(
    format: GroupedMatmul,
    w: &Grouped,
    xq: &[u8],
    inp: usize,
    m: usize,
    out: usize,
    per: usize,
) -> Vec<f32> {
    run_bytes(entry(format), w, xq, inp, m, out, per)
}
