//! x86-64 instantiations: AVX2 + FMA and AVX-512.
//!
//! Every function here is `unsafe` only because it is compiled for an
//! instruction set the build does not assume; callers must have checked it
//! at run time, which `Isa` guarantees (an `Isa` naming an extension is only
//! ever constructed after `is_x86_feature_detected!` confirmed it).

use std::arch::x86_64::*;

use super::generic;
use super::{Collect, Online, Scan, Sink};

macro_rules! instantiate {
    ($features:literal, $w:literal, $scan_w:literal, $scan:ident, $online:ident, $store:ident, $f64:ident) => {
        #[target_feature(enable = $features)]
        pub(super) unsafe fn $scan(row: &[f32]) -> Scan {
            generic::scan::<$scan_w>(row)
        }
        #[target_feature(enable = $features)]
        pub(super) unsafe fn $online(
            row: &[f32],
            inv_t: f32,
            sums: &mut [f64],
            refs: &mut [f32],
        ) -> Online {
            generic::exp_online::<$w, true>(row, inv_t, sums, refs)
        }
        #[target_feature(enable = $features)]
        pub(super) unsafe fn $store(src: &[f32], m: f32, inv_t: f32, dst: &mut [f32]) {
            generic::exp_store::<$w, true>(src, m, inv_t, dst)
        }
        #[target_feature(enable = $features)]
        pub(super) unsafe fn $f64(src: &[f32], m: f32, inv_t: f32, dst: &mut [f64]) -> f64 {
            generic::exp_f64::<$w, true>(src, m, inv_t, dst)
        }
    };
}

instantiate!(
    "avx2,fma",
    16,
    16,
    scan_avx2,
    online_avx2,
    store_avx2,
    f64_avx2
);
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma")]
pub(super) unsafe fn scan_avx512(row: &[f32]) -> Scan {
    generic::scan::<16>(row)
}

// AVX-512 has instructions that make the exponential cheaper than the
// portable bit tricks: `vrndscaleps` rounds, and `vscalefps` multiplies by
// 2^n. With a zeroing mask for the inputs below the cut-off, that is 11
// instructions per 16 weights instead of 15, and the weight passes are
// compute-bound. Every AVX-512 weight goes through `exp2_zmm`, so the
// per-element weights match the block sums exactly as the portable ones do.

/// `2^y` per lane; exactly 0 for `y <= -127` (and `-inf`).
#[inline(always)]
unsafe fn exp2_zmm(y: __m512) -> __m512 {
    let live = _mm512_cmp_ps_mask::<_CMP_GT_OQ>(y, _mm512_set1_ps(-127.0));
    let n = _mm512_roundscale_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(y);
    let f = _mm512_sub_ps(y, n);
    let mut p = _mm512_set1_ps(generic::C5);
    p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(generic::C4));
    p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(generic::C3));
    p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(generic::C2));
    p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(generic::C1));
    p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(1.0));
    _mm512_maskz_scalef_ps(live, p, n)
}

/// Weights of the `len <= 16` logits at `src` (lanes past `len` are 0).
#[inline(always)]
unsafe fn weights_zmm(src: *const f32, len: usize, m: __m512, sc: __m512) -> __m512 {
    let x = if len >= 16 {
        _mm512_loadu_ps(src)
    } else {
        // SAFETY (caller): `src..src + len` is readable; masked-off lanes
        // are not accessed.
        _mm512_maskz_loadu_ps(((1u32 << len) - 1) as u16, src)
    };
    let w = exp2_zmm(_mm512_mul_ps(_mm512_sub_ps(x, m), sc));
    if len >= 16 {
        w
    } else {
        _mm512_maskz_mov_ps(((1u32 << len) - 1) as u16, w)
    }
}

/// Sum of the weights of `blk` relative to `m`.
#[inline(always)]
unsafe fn block_sum_avx512(blk: &[f32], m: f32, sc: f32) -> f64 {
    let (vm, vsc) = (_mm512_set1_ps(m), _mm512_set1_ps(sc));
    let (mut a0, mut a1) = (_mm512_setzero_ps(), _mm512_setzero_ps());
    let p = blk.as_ptr();
    let mut i = 0;
    while i + 32 <= blk.len() {
        // SAFETY: i + 32 <= blk.len().
        a0 = _mm512_add_ps(a0, weights_zmm(p.add(i), 16, vm, vsc));
        a1 = _mm512_add_ps(a1, weights_zmm(p.add(i + 16), 16, vm, vsc));
        i += 32;
    }
    while i < blk.len() {
        // SAFETY: min(16, rest) elements from i are in bounds.
        a0 = _mm512_add_ps(a0, weights_zmm(p.add(i), (blk.len() - i).min(16), vm, vsc));
        i += 16;
    }
    _mm512_reduce_add_ps(_mm512_add_ps(a0, a1)) as f64
}

/// AVX-512 version of [`generic::exp_online`].
///
/// # Safety
/// AVX-512 F must be available.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma")]
pub(super) unsafe fn online_avx512(
    row: &[f32],
    inv_t: f32,
    sums: &mut [f64],
    refs: &mut [f32],
) -> Online {
    // SAFETY: this function's caller guarantees AVX-512.
    generic::exp_online_by::<16>(row, inv_t, sums, refs, |blk, m, sc| unsafe {
        block_sum_avx512(blk, m, sc)
    })
}

/// AVX-512 version of [`generic::exp_store`].
///
/// # Safety
/// AVX-512 F must be available.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma")]
pub(super) unsafe fn store_avx512(src: &[f32], m: f32, inv_t: f32, dst: &mut [f32]) {
    let dst = &mut dst[..src.len()];
    let (vm, vsc) = (
        _mm512_set1_ps(m),
        _mm512_set1_ps(generic::exp2_scale(inv_t)),
    );
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let mut i = 0;
    while i < src.len() {
        let len = (src.len() - i).min(16);
        // SAFETY: `len` elements from i are in bounds of both slices.
        let w = weights_zmm(sp.add(i), len, vm, vsc);
        if len == 16 {
            _mm512_storeu_ps(dp.add(i), w);
        } else {
            _mm512_mask_storeu_ps(dp.add(i), ((1u32 << len) - 1) as u16, w);
        }
        i += 16;
    }
}

/// AVX-512 version of [`generic::exp_f64`].
///
/// # Safety
/// AVX-512 F must be available.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma")]
pub(super) unsafe fn f64_avx512(src: &[f32], m: f32, inv_t: f32, dst: &mut [f64]) -> f64 {
    let dst = &mut dst[..src.len()];
    let (vm, vsc) = (
        _mm512_set1_ps(m),
        _mm512_set1_ps(generic::exp2_scale(inv_t)),
    );
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let mut acc = _mm512_setzero_pd();
    let mut i = 0;
    while i < src.len() {
        let len = (src.len() - i).min(16);
        // SAFETY: `len` elements from i are in bounds of both slices.
        let w = weights_zmm(sp.add(i), len, vm, vsc);
        let lo = _mm512_cvtps_pd(_mm512_castps512_ps256(w));
        let hi = _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd::<1>(
            _mm512_castps_pd(w),
        )));
        acc = _mm512_add_pd(acc, _mm512_add_pd(lo, hi));
        if len == 16 {
            _mm512_storeu_pd(dp.add(i), lo);
            _mm512_storeu_pd(dp.add(i + 8), hi);
        } else {
            let mask = (1u32 << len) - 1;
            _mm512_mask_storeu_pd(dp.add(i), (mask & 0xFF) as u8, lo);
            _mm512_mask_storeu_pd(dp.add(i + 8), (mask >> 8) as u8, hi);
        }
        i += 16;
    }
    _mm512_reduce_add_pd(acc)
}

// The masked sums are written with intrinsics: written portably, the
// compiler turns the conditional add into masked stores to a stack copy of
// the accumulators, several times slower.

/// AVX2 version of [`generic::mass_ge`].
///
/// # Safety
/// AVX2 must be available.
#[target_feature(enable = "avx2,fma,popcnt")]
pub(super) unsafe fn mass_avx2(vals: &[f32], e: &[f64], t: f32) -> (f64, usize) {
    let n = vals.len().min(e.len());
    let body = n - n % 8;
    let vt = _mm256_set1_pd(t as f64);
    let (mut a0, mut a1) = (_mm256_setzero_pd(), _mm256_setzero_pd());
    let mut count = 0usize;
    let (vp, ep) = (vals.as_ptr(), e.as_ptr());
    let mut i = 0;
    while i < body {
        // SAFETY: i + 8 <= body <= both lengths.
        let v0 = _mm256_cvtps_pd(_mm_loadu_ps(vp.add(i)));
        let v1 = _mm256_cvtps_pd(_mm_loadu_ps(vp.add(i + 4)));
        let k0 = _mm256_cmp_pd::<_CMP_GE_OQ>(v0, vt);
        let k1 = _mm256_cmp_pd::<_CMP_GE_OQ>(v1, vt);
        a0 = _mm256_add_pd(a0, _mm256_and_pd(k0, _mm256_loadu_pd(ep.add(i))));
        a1 = _mm256_add_pd(a1, _mm256_and_pd(k1, _mm256_loadu_pd(ep.add(i + 4))));
        count +=
            (_mm256_movemask_pd(k0).count_ones() + _mm256_movemask_pd(k1).count_ones()) as usize;
        i += 8;
    }
    let mut lanes = [0f64; 4];
    _mm256_storeu_pd(lanes.as_mut_ptr(), _mm256_add_pd(a0, a1));
    let (tail_mass, tail_count) = generic::mass_ge::<1>(&vals[body..n], &e[body..n], t);
    (lanes.iter().sum::<f64>() + tail_mass, count + tail_count)
}

/// AVX-512 version of [`generic::mass_ge`].
///
/// # Safety
/// AVX-512 F must be available.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt")]
pub(super) unsafe fn mass_avx512(vals: &[f32], e: &[f64], t: f32) -> (f64, usize) {
    let n = vals.len().min(e.len());
    let body = n - n % 16;
    let vt = _mm512_set1_pd(t as f64);
    let (mut a0, mut a1) = (_mm512_setzero_pd(), _mm512_setzero_pd());
    let mut count = 0usize;
    let (vp, ep) = (vals.as_ptr(), e.as_ptr());
    let mut i = 0;
    while i < body {
        // SAFETY: i + 16 <= body <= both lengths.
        let v0 = _mm512_cvtps_pd(_mm256_loadu_ps(vp.add(i)));
        let v1 = _mm512_cvtps_pd(_mm256_loadu_ps(vp.add(i + 8)));
        let k0 = _mm512_cmp_pd_mask::<_CMP_GE_OQ>(v0, vt);
        let k1 = _mm512_cmp_pd_mask::<_CMP_GE_OQ>(v1, vt);
        a0 = _mm512_mask_add_pd(a0, k0, a0, _mm512_loadu_pd(ep.add(i)));
        a1 = _mm512_mask_add_pd(a1, k1, a1, _mm512_loadu_pd(ep.add(i + 8)));
        count += (k0.count_ones() + k1.count_ones()) as usize;
        i += 16;
    }
    let mass = _mm512_reduce_add_pd(_mm512_add_pd(a0, a1));
    let (tail_mass, tail_count) = generic::mass_ge::<1>(&vals[body..n], &e[body..n], t);
    (mass + tail_mass, count + tail_count)
}

/// For each 8-bit lane mask, the lane numbers of its set bits packed to the
/// front: the permutation that left-packs the selected lanes with
/// `vpermps`/`vpermd` (AVX2 has no compress instruction).
static PACK8: [[u32; 8]; 256] = {
    let mut t = [[0u32; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        let mut lane = 0;
        while lane < 8 {
            if m & (1 << lane) != 0 {
                t[m][k] = lane as u32;
                k += 1;
            }
            lane += 1;
        }
        m += 1;
    }
    t
};

/// AVX2 version of [`generic::collect_ge`]. With `DENSE` every step stores
/// (empty) results instead of branching, which wins when many vectors hold
/// a hit and the branch would mispredict.
///
/// # Safety
/// AVX2 must be available, and `vals` and `idx` must hold at least
/// `n + src.len()` elements: each step stores a full 8-lane vector at the
/// current fill point, which stays within that bound because at most as many
/// entries as elements read so far have been appended.
#[target_feature(enable = "avx2,fma,popcnt")]
pub(super) unsafe fn collect_avx2<const DENSE: bool>(
    src: &[f32],
    base: u32,
    thr: f32,
    out: Sink<'_>,
) -> Collect {
    let Sink { vals, idx, mut n } = out;
    debug_assert!(vals.len() >= n + src.len() && idx.len() >= n + src.len());
    let body = src.len() - src.len() % 8;
    let vthr = _mm256_set1_ps(thr);
    let mut vmax = _mm256_set1_ps(f32::NEG_INFINITY);
    let mut nan = 0i32;
    let mut vidx = _mm256_add_epi32(
        _mm256_set1_epi32(base as i32),
        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
    );
    let eight = _mm256_set1_epi32(8);
    let sp = src.as_ptr();
    let vp = vals.as_mut_ptr();
    let ip = idx.as_mut_ptr();
    let mut i = 0;
    while i < body {
        // SAFETY: i + 8 <= body <= src.len().
        let x = _mm256_loadu_ps(sp.add(i));
        // With a NaN operand `vmaxps` returns its second operand, so NaNs
        // never become the maximum.
        vmax = _mm256_max_ps(x, vmax);
        nan |= _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_UNORD_Q>(x, x));
        let hit = _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_GE_OQ>(x, vthr)) as usize;
        if DENSE || hit != 0 {
            let perm = _mm256_loadu_si256(PACK8[hit].as_ptr().cast());
            // SAFETY: n <= (initial n) + i and i + 8 <= src.len(), so the
            // 8-lane stores end within the documented bound.
            _mm256_storeu_ps(vp.add(n), _mm256_permutevar8x32_ps(x, perm));
            _mm256_storeu_si256(ip.add(n).cast(), _mm256_permutevar8x32_epi32(vidx, perm));
            n += hit.count_ones() as usize;
        }
        vidx = _mm256_add_epi32(vidx, eight);
        i += 8;
    }
    let mut lanes = [0f32; 8];
    _mm256_storeu_ps(lanes.as_mut_ptr(), vmax);
    let max = lanes.iter().fold(f32::NEG_INFINITY, |a, &b| a.max(b));
    generic::collect_tail(src, body, base, thr, Sink { vals, idx, n }, max, nan != 0)
}

/// AVX-512 version of [`generic::collect_ge`], using `vcompressps`.
///
/// # Safety
/// AVX-512 F must be available, and `vals` and `idx` must hold at least
/// `n + src.len()` elements (see [`collect_avx2`]).
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,popcnt")]
pub(super) unsafe fn collect_avx512<const DENSE: bool>(
    src: &[f32],
    base: u32,
    thr: f32,
    out: Sink<'_>,
) -> Collect {
    let Sink { vals, idx, mut n } = out;
    debug_assert!(vals.len() >= n + src.len() && idx.len() >= n + src.len());
    let body = src.len() - src.len() % 16;
    let vthr = _mm512_set1_ps(thr);
    let mut vmax = _mm512_set1_ps(f32::NEG_INFINITY);
    let mut nan: u16 = 0;
    let iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    let mut vidx = _mm512_add_epi32(_mm512_set1_epi32(base as i32), iota);
    let sixteen = _mm512_set1_epi32(16);
    let sp = src.as_ptr();
    let vp = vals.as_mut_ptr();
    let ip = idx.as_mut_ptr();
    let mut i = 0;
    while i < body {
        // SAFETY: i + 16 <= body <= src.len().
        let x = _mm512_loadu_ps(sp.add(i));
        vmax = _mm512_max_ps(x, vmax);
        nan |= _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(x, x);
        let hit = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(x, vthr);
        if DENSE || hit != 0 {
            // Compressing into a register and storing the whole vector is
            // much faster than the memory form of vcompress on some cores.
            // SAFETY: as in collect_avx2, the 16-lane stores end within
            // n + src.len().
            _mm512_storeu_ps(vp.add(n), _mm512_maskz_compress_ps(hit, x));
            _mm512_storeu_si512(ip.add(n).cast(), _mm512_maskz_compress_epi32(hit, vidx));
            n += hit.count_ones() as usize;
        }
        vidx = _mm512_add_epi32(vidx, sixteen);
        i += 16;
    }
    let max = _mm512_reduce_max_ps(vmax);
    generic::collect_tail(src, body, base, thr, Sink { vals, idx, n }, max, nan != 0)
}
