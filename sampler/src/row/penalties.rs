//! Repetition, frequency and presence penalties and logit bias, applied in place and undone
//! after the draw.

use super::*;

/// The token window the penalties look at.
pub(super) fn penalty_window<'h>(p: &SampleParams, history: &'h [u32]) -> &'h [u32] {
    match p.penalty_last_n {
        Some(n) => &history[history.len().saturating_sub(n)..],
        None => history,
    }
}

/// Applies penalties and logit bias in place, remembering the original
/// values in `s.saved` (in application order) so they can be restored.
pub(super) fn apply_penalties(
    s: &mut Scratch,
    row: &mut [f32],
    p: &SampleParams,
    history: &[u32],
) -> Result<(), SampleError> {
    let v = row.len();
    s.saved.clear();
    let window = if p.has_penalties() {
        penalty_window(p, history)
    } else {
        &[]
    };
    // Check every id before touching the row, so an error leaves it intact.
    let ids = window
        .iter()
        .copied()
        .chain(p.logit_bias.iter().map(|&(t, _)| t));
    for t in ids {
        if t as usize >= v {
            return Err(SampleError::TokenOutOfRange { token: t, vocab: v });
        }
    }
    if !window.is_empty() {
        for &t in window {
            let c = &mut s.counts[t as usize];
            if *c == 0 {
                s.touched.push(t);
            }
            *c += 1;
        }
        for &t in &s.touched {
            let c = std::mem::take(&mut s.counts[t as usize]);
            let x = row[t as usize];
            s.saved.push((t, x));
            let mut y = x;
            if p.repetition_penalty != 1.0 {
                y = if y > 0.0 {
                    y / p.repetition_penalty
                } else {
                    y * p.repetition_penalty
                };
            }
            y -= p.frequency_penalty * c as f32 + p.presence_penalty;
            row[t as usize] = y;
        }
        s.touched.clear();
    }
    for &(t, b) in &p.logit_bias {
        let x = row[t as usize];
        s.saved.push((t, x));
        // Infinite biases ban or force a token whatever its logit, rather
        // than producing NaN from inf - inf.
        row[t as usize] = if b.is_infinite() { b } else { x + b };
    }
    Ok(())
}

pub(super) fn restore(s: &Scratch, row: &mut [f32]) {
    for &(t, x) in s.saved.iter().rev() {
        row[t as usize] = x;
    }
}

/// The original logit of `token`, looking through the saved values.
pub(super) fn original(s: &Scratch, row: &[f32], token: u32) -> f32 {
    s.saved
        .iter()
        .find(|&&(t, _)| t == token)
        .map_or(row[token as usize], |&(_, x)| x)
}
