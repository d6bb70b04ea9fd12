//! Comparing our logits with an oracle's recorded top logits.

/// Log of the sum of exponentials of a logits row, in f64 for the sum.
pub fn logsumexp(x: &[f32]) -> f32 {
    let max = x.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    max + x.iter().map(|v| ((v - max) as f64).exp()).sum::<f64>().ln() as f32
}

/// One position the oracle recorded: its top ids, their logits, and the row's logsumexp.
pub type TopLogits = (Vec<u32>, Vec<f32>, f32);

/// Asserts every recorded logit and logsumexp of prompt `n` within `tolerance` of `ours`, rows
/// from position `first`. Returns the worst logit and the worst logsumexp difference.
pub fn assert_top_logits_match(
    n: usize,
    first: usize,
    expected: &[TopLogits],
    ours: &[Vec<f32>],
    tolerance: f32,
) -> (f32, f32) {
    let (mut worst, mut worst_lse) = (0f32, 0f32);
    for (i, ((ids, logits, lse), row)) in expected.iter().zip(ours).enumerate() {
        let pos = first + i;
        for (&id, &want) in ids.iter().zip(logits) {
            let diff = (row[id as usize] - want).abs();
            worst = worst.max(diff);
            assert!(
                diff <= tolerance,
                "prompt {n} position {pos} token {id}: {} vs {want}",
                row[id as usize]
            );
        }
        let lse_diff = (logsumexp(row) - lse).abs();
        worst_lse = worst_lse.max(lse_diff);
        assert!(
            lse_diff <= tolerance,
            "prompt {n} position {pos}: logsumexp off by {lse_diff}"
        );
    }
    (worst, worst_lse)
}
