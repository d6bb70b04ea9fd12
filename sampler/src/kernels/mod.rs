//! Vectorised passes over a row, dispatched on the instruction set found at
//! run time.

mod generic;

pub(crate) use generic::exp2_scale;
#[cfg(target_arch = "x86_64")]
mod x86;

/// Logits per block of the dense weight sums: small enough that locating a
/// draw inside one block is quick, large enough that the per-block f64
/// reduction is negligible next to the exps.
pub(crate) const BLOCK: usize = 512;

/// The instruction set the kernels run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// Portable code for the build's baseline target (SSE2 on x86-64).
    Scalar,
    /// x86-64 with AVX2 and FMA.
    Avx2,
    /// x86-64 with AVX-512 F/BW/DQ/VL.
    Avx512,
    /// AArch64 Advanced SIMD, always present there: the portable kernels,
    /// vectorised for NEON with fused multiply-add.
    Neon,
}

impl Isa {
    /// The best instruction set this CPU supports.
    pub fn detect() -> Isa {
        [Isa::Avx512, Isa::Avx2, Isa::Neon]
            .into_iter()
            .find(|isa| isa.is_supported())
            .unwrap_or(Isa::Scalar)
    }

    /// Whether this CPU can run kernels built for `self`.
    pub fn is_supported(self) -> bool {
        match self {
            Isa::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => {
                is_x86_feature_detected!("avx2")
                    && is_x86_feature_detected!("fma")
                    && is_x86_feature_detected!("popcnt")
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                Isa::Avx2.is_supported()
                    && is_x86_feature_detected!("avx512f")
                    && is_x86_feature_detected!("avx512bw")
                    && is_x86_feature_detected!("avx512dq")
                    && is_x86_feature_detected!("avx512vl")
            }
            #[cfg(target_arch = "aarch64")]
            Isa::Neon => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// Every instruction set this CPU supports, best first.
    pub fn all_supported() -> Vec<Isa> {
        [Isa::Avx512, Isa::Avx2, Isa::Neon, Isa::Scalar]
            .into_iter()
            .filter(|isa| isa.is_supported())
            .collect()
    }
}

/// A checked instruction set: holding one proves the CPU supports it, which
/// is what makes the `unsafe` calls below sound.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kernels(Isa);

/// Result of [`Kernels::scan`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scan {
    pub max: f32,
    /// Lowest index holding `max`; meaningless when `max` is `-inf`.
    pub argmax: usize,
    pub nan: bool,
}

/// Result of [`Kernels::exp_online`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Online {
    /// Row maximum (NaNs ignored); `+inf` means the pass stopped there.
    pub max: f32,
    /// Total weight relative to `max`.
    pub total: f64,
    pub nan: bool,
}

/// Where [`Kernels::collect_ge`] appends: candidate logits and ids, filled
/// up to `n`.
pub(crate) struct Sink<'a> {
    pub vals: &'a mut [f32],
    pub idx: &'a mut [u32],
    pub n: usize,
}

impl<'a> Sink<'a> {
    pub fn new(vals: &'a mut [f32], idx: &'a mut [u32], n: usize) -> Self {
        Sink { vals, idx, n }
    }
}

/// Result of [`Kernels::collect_ge`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Collect {
    /// Fill level of the candidate buffers after the call.
    pub n: usize,
    /// Maximum of the chunk (NaNs ignored).
    pub max: f32,
    pub nan: bool,
}

/// Lane widths of the portable instantiation: two 128-bit vectors.
const PORTABLE_W: usize = 16;
/// Fused multiply-add is part of the AArch64 baseline, not of x86-64's.
const PORTABLE_FMA: bool = cfg!(target_arch = "aarch64");

impl Kernels {
    /// `None` when the CPU lacks `isa`.
    pub fn new(isa: Isa) -> Option<Self> {
        isa.is_supported().then_some(Kernels(isa))
    }

    pub fn isa(self) -> Isa {
        self.0
    }

    pub fn scan(self, row: &[f32]) -> Scan {
        match self.0 {
            // SAFETY: `Kernels` only holds an Isa the CPU supports.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::scan_avx512(row) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::scan_avx2(row) },
            _ => generic::scan::<PORTABLE_W>(row),
        }
    }

    /// Row maximum, NaN flag and total weight at inverse temperature
    /// `inv_t` in one pass; block `b`'s weight sum goes to `sums[b]`,
    /// relative to `refs[b]` (both `>= row.len().div_ceil(BLOCK)` long).
    pub fn exp_online(self, row: &[f32], inv_t: f32, sums: &mut [f64], refs: &mut [f32]) -> Online {
        let blocks = row.len().div_ceil(BLOCK);
        let (sums, refs) = (&mut sums[..blocks], &mut refs[..blocks]);
        match self.0 {
            // SAFETY: `Kernels` only holds an Isa the CPU supports.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::online_avx512(row, inv_t, sums, refs) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::online_avx2(row, inv_t, sums, refs) },
            _ => generic::exp_online::<PORTABLE_W, PORTABLE_FMA>(row, inv_t, sums, refs),
        }
    }

    /// Per-element weights; bit-identical to those summed by
    /// [`Self::exp_online`] for a block with the same reference maximum.
    pub fn exp_store(self, src: &[f32], m: f32, inv_t: f32, dst: &mut [f32]) {
        match self.0 {
            // SAFETY: `Kernels` only holds an Isa the CPU supports.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::store_avx512(src, m, inv_t, dst) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::store_avx2(src, m, inv_t, dst) },
            _ => generic::exp_store::<PORTABLE_W, PORTABLE_FMA>(src, m, inv_t, dst),
        }
    }

    /// Weights of `src` widened to f64 into `dst`; returns their sum.
    pub fn exp_f64(self, src: &[f32], m: f32, inv_t: f32, dst: &mut [f64]) -> f64 {
        match self.0 {
            // SAFETY: `Kernels` only holds an Isa the CPU supports.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::f64_avx512(src, m, inv_t, dst) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::f64_avx2(src, m, inv_t, dst) },
            _ => generic::exp_f64::<PORTABLE_W, PORTABLE_FMA>(src, m, inv_t, dst),
        }
    }

    /// Mass and count of the entries with logit `>= t`.
    pub fn mass_ge(self, vals: &[f32], e: &[f64], t: f32) -> (f64, usize) {
        match self.0 {
            // SAFETY: `Kernels` only holds an Isa the CPU supports.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::mass_avx512(vals, e, t) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::mass_avx2(vals, e, t) },
            _ => generic::mass_ge::<PORTABLE_W>(vals, e, t),
        }
    }

    /// Appends the entries of `src` that are `>= thr` (with ids counted from
    /// `base`) to `out`. NaN and, for a finite `thr`, `-inf` never qualify.
    /// `dense` says hits are expected in a good share of vectors, which
    /// favours a branch-free loop.
    pub fn collect_ge(
        self,
        src: &[f32],
        base: u32,
        thr: f32,
        out: Sink<'_>,
        dense: bool,
    ) -> Collect {
        // The vector kernels store whole vectors at the fill point; this
        // bound is what keeps those stores inside the buffers.
        assert!(out.vals.len() >= out.n + src.len() && out.idx.len() >= out.n + src.len());
        match (self.0, dense) {
            // SAFETY: `Kernels` only holds an Isa the CPU supports, and the
            // buffer bound was checked above.
            #[cfg(target_arch = "x86_64")]
            (Isa::Avx512, false) => unsafe { x86::collect_avx512::<false>(src, base, thr, out) },
            #[cfg(target_arch = "x86_64")]
            (Isa::Avx512, true) => unsafe { x86::collect_avx512::<true>(src, base, thr, out) },
            #[cfg(target_arch = "x86_64")]
            (Isa::Avx2, false) => unsafe { x86::collect_avx2::<false>(src, base, thr, out) },
            #[cfg(target_arch = "x86_64")]
            (Isa::Avx2, true) => unsafe { x86::collect_avx2::<true>(src, base, thr, out) },
            _ => generic::collect_ge::<PORTABLE_W>(src, base, thr, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<Kernels> {
        Isa::all_supported()
            .into_iter()
            .filter_map(Kernels::new)
            .collect()
    }

    fn lcg_row(n: usize, seed: u64) -> Vec<f32> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((s >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 20.0
            })
            .collect()
    }

    #[test]
    fn exp_is_accurate() {
        let mut worst = 0.0f64;
        let mut y = -126.0f32;
        while y <= 0.0 {
            let want = (y as f64).exp2();
            for got in [generic::exp2::<false>(y), generic::exp2::<true>(y)] {
                worst = worst.max((got as f64 / want - 1.0).abs());
            }
            y += 0.000_37;
        }
        assert!(worst < 3e-7, "worst relative error {worst}");
        for lo in [f32::NEG_INFINITY, -1e30, -127.0] {
            assert_eq!(generic::exp2::<false>(lo), 0.0);
            assert_eq!(generic::exp2::<true>(lo), 0.0);
        }
        assert_eq!(generic::exp2::<true>(0.0), 1.0);
        assert_eq!(generic::exp2::<false>(-3.0), 0.125);
    }

    #[test]
    fn scan_matches_scalar_on_every_isa() {
        for len in [0usize, 1, 7, 8, 33, 100, 1000] {
            let mut row = lcg_row(len, len as u64);
            if len > 10 {
                // Ties for the maximum: the lowest id must win.
                row[3] = 50.0;
                row[len - 2] = 50.0;
            }
            for k in all() {
                let s = k.scan(&row);
                let want = row.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
                assert_eq!(s.max, want);
                if len > 0 {
                    assert_eq!(s.argmax, row.iter().position(|&x| x == want).unwrap());
                }
                assert!(!s.nan);
            }
        }
        for k in all() {
            let mut row = lcg_row(100, 1);
            row[57] = f32::NAN;
            assert!(k.scan(&row).nan);
            assert!(k.scan(&[f32::NEG_INFINITY; 20]).max == f32::NEG_INFINITY);
        }
    }

    #[test]
    fn exp_kernels_agree() {
        let row = lcg_row(3000, 9);
        let m = row.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let exact: f64 = row.iter().map(|&x| ((x - m) as f64 * 1.25).exp()).sum();
        for k in all() {
            let nb = 3000usize.div_ceil(BLOCK);
            let (mut sums, mut refs) = (vec![0.0; nb], vec![0.0f32; nb]);
            let on = k.exp_online(&row, 1.25, &mut sums, &mut refs);
            assert_eq!(on.max, m);
            assert!((on.total / exact - 1.0).abs() < 1e-6, "{:?}", k.isa());
            let mut e = vec![0.0f32; 3000];
            for (b, blk) in row.chunks(BLOCK).enumerate() {
                k.exp_store(blk, refs[b], 1.25, &mut e[b * BLOCK..]);
                let s: f64 = e[b * BLOCK..][..blk.len()].iter().map(|&w| w as f64).sum();
                assert!((s / sums[b] - 1.0).abs() < 1e-5);
            }
            // Relative to the row maximum from here on.
            k.exp_store(&row, m, 1.25, &mut e);
            let mut e64 = vec![0.0f64; 3000];
            let t64 = k.exp_f64(&row, m, 1.25, &mut e64);
            assert!((t64 / exact - 1.0).abs() < 1e-6);
            for (a, b) in e.iter().zip(&e64) {
                assert_eq!(*a as f64, *b);
            }
            let (mass, cnt) = k.mass_ge(&row, &e64, 2.0);
            let want_cnt = row.iter().filter(|&&x| x >= 2.0).count();
            let want_mass: f64 = row
                .iter()
                .zip(&e64)
                .filter(|(&x, _)| x >= 2.0)
                .map(|(_, &w)| w)
                .sum();
            assert_eq!(cnt, want_cnt);
            assert!((mass / want_mass - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn collect_matches_filter() {
        for len in [0usize, 5, 16, 31, 1000, 4099] {
            let mut row = lcg_row(len, 3 + len as u64);
            if len > 20 {
                row[11] = f32::NAN;
                row[12] = f32::NEG_INFINITY;
                row[13] = f32::INFINITY;
            }
            for thr in [f32::MIN, -3.0, 8.0, f32::INFINITY] {
                let want: Vec<(f32, u32)> = row
                    .iter()
                    .enumerate()
                    .filter(|(_, &x)| x >= thr)
                    .map(|(i, &x)| (x, 100 + i as u32))
                    .collect();
                for (k, dense) in all().into_iter().flat_map(|k| [(k, false), (k, true)]) {
                    let mut vals = vec![0.0; 7 + len];
                    let mut idx = vec![0; 7 + len];
                    let sink = Sink::new(&mut vals, &mut idx, 7);
                    let c = k.collect_ge(&row, 100, thr, sink, dense);
                    let got: Vec<(f32, u32)> = vals[7..c.n]
                        .iter()
                        .cloned()
                        .zip(idx[7..c.n].iter().cloned())
                        .collect();
                    assert_eq!(got, want, "{:?} {dense} len {len} thr {thr}", k.isa());
                    assert_eq!(c.nan, len > 20);
                    let want_max = row
                        .iter()
                        .cloned()
                        .filter(|x| !x.is_nan())
                        .fold(f32::NEG_INFINITY, f32::max);
                    assert_eq!(c.max, want_max);
                }
            }
        }
    }
}
