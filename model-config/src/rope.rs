use std::f64::consts::PI;

use super::{Rope, RopeScaling};

/// `1 / theta^(2i/d)`, then the configured scaling, in f64 and rounded once to f32.
pub fn inv_freq(rope: &Rope, head_dim: usize) -> Vec<f32> {
    let d = head_dim as f64;
    let base = (0..head_dim / 2).map(|i| 1.0 / rope.theta.powf(2.0 * i as f64 / d));
    let scaled: Vec<f64> = match &rope.scaling {
        None => base.collect(),
        Some(RopeScaling::Proportional {
            partial_rotary_factor,
            factor,
        }) => {
            // transformers: int(fraction * head_dim // 2) pairs rotate.
            let rotated = (partial_rotary_factor * d / 2.0).floor() as usize;
            base.enumerate()
                .map(|(i, f)| if i < rotated { f / factor } else { 0.0 })
                .collect()
        }
        Some(RopeScaling::Linear { factor }) => base.map(|f| f / factor).collect(),
        Some(RopeScaling::Factors { factors }) => {
            base.zip(factors).map(|(f, &s)| f / s as f64).collect()
        }
        Some(RopeScaling::Llama3 {
            factor,
            low_freq_factor,
            high_freq_factor,
            original_max_position_embeddings,
        }) => {
            let old = *original_max_position_embeddings;
            let low_wavelen = old / low_freq_factor;
            let high_wavelen = old / high_freq_factor;
            base.map(|f| {
                let wavelen = 2.0 * PI / f;
                if wavelen < high_wavelen {
                    f
                } else if wavelen > low_wavelen {
                    f / factor
                } else {
                    // Medium frequencies blend the scaled and unscaled values.
                    let smooth =
                        (old / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor);
                    (1.0 - smooth) * f / factor + smooth * f
                }
            })
            .collect()
        }
        Some(RopeScaling::Yarn {
            factor,
            original_max_position_embeddings,
            beta_fast,
            beta_slow,
            truncate,
            ..
        }) => {
            let (low, high) = yarn_range(
                rope.theta,
                d,
                *original_max_position_embeddings,
                (*beta_fast, *beta_slow),
                *truncate,
            );
            base.enumerate()
                .map(|(i, f)| {
                    // 0 below `low` (keep the original frequency), 1 above `high`
                    // (interpolate), linear between.
                    let ramp = ((i as f64 - low) / (high - low)).clamp(0.0, 1.0);
                    f / factor * ramp + f * (1.0 - ramp)
                })
                .collect()
        }
    };
    scaled.into_iter().map(|f| f as f32).collect()
}

/// The dimensions (pair indices, fractional unless `truncate`) where YaRN's blend starts and
/// ends: those whose frequency turns `beta_fast` and `beta_slow` times over the original
/// context. Equal ends are moved apart by 0.001, as transformers does, so the ramp is defined.
fn yarn_range(
    theta: f64,
    d: f64,
    original: f64,
    (fast, slow): (f64, f64),
    truncate: bool,
) -> (f64, f64) {
    let dim_of = |rotations: f64| d * (original / (rotations * 2.0 * PI)).ln() / (2.0 * theta.ln());
    let (mut low, mut high) = (dim_of(fast), dim_of(slow));
    if truncate {
        (low, high) = (low.floor(), high.ceil());
    }
    let (low, mut high) = (low.max(0.0), high.min(d - 1.0));
    if low == high {
        high += 0.001;
    }
    (low, high)
}
