//! The emitted graphs of the tiny model against the plain reference forward
//! pass: prefill, chunked prefill, ragged decode across slots, slot copies.

use emitter::Head;
use engine::batch::GraphRunner;
use engine::graphs::{DecodeOutput, Graphs, PrefillOut};
use tests::reference::{forward, RefConfig, Weights};
use tests::tiny;

const TOLERANCE: f32 = 1e-4;

fn max_abs_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

fn prompt(len: usize, salt: u32) -> Vec<u32> {
    (0..len as u32)
        .map(|i| (i * 37 + salt * 101 + 7) % 512)
        .collect()
}

fn as_i32(tokens: &[u32]) -> Vec<i32> {
    tokens.iter().map(|&t| t as i32).collect()
}

fn prefill_chunks(graphs: &mut Graphs, slot: usize, tokens: &[u32], chunk: usize) -> Vec<f32> {
    let mut logits = vec![0f32; graphs.vocab()];
    let mut start = 0;
    while start < tokens.len() {
        let end = (start + chunk).min(tokens.len());
        graphs
            .prefill(
                slot,
                start,
                &as_i32(&tokens[start..end]),
                PrefillOut::Logits(&mut logits),
            )
            .unwrap();
        start = end;
    }
    logits
}

fn reference_last(cfg: &RefConfig, weights: &Weights, tokens: &[u32]) -> Vec<f32> {
    forward(cfg, weights, tokens).pop().unwrap()
}

#[test]
fn prefill_matches_reference_and_chunking_is_exact() {
    let cfg = tiny::config();
    let (mut graphs, weights) = tiny::load("local-task", 1);
    for (len, salt) in [(1usize, 0u32), (5, 1), (13, 2), (16, 3), (40, 4)] {
        let tokens = prompt(len, salt);
        let expected = reference_last(&cfg, &weights, &tokens);
        let one_shot = prefill_chunks(&mut graphs, 1, &tokens, 16);
        let diff = max_abs_diff(&one_shot, &expected);
        eprintln!("prefill len {len}: max |graph - reference| = {diff:.2e}");
        assert!(diff <= TOLERANCE, "prefill len {len}: {diff}");
        for chunk in [3usize, 8] {
            let chunked = prefill_chunks(&mut graphs, 2, &tokens, chunk);
            let diff = max_abs_diff(&chunked, &one_shot);
            assert!(diff <= TOLERANCE, "chunk {chunk}, len {len}: {diff}");
        }
    }
}

#[test]
fn ragged_decode_matches_each_sequence_alone() {
    let cfg = tiny::config();
    let (mut graphs, weights) = tiny::load("local-task", 2);
    let vocab = graphs.vocab();
    // Three live slots at different lengths, slot 3 idle (padding row).
    let mut seqs: Vec<Vec<u32>> = vec![prompt(3, 10), prompt(11, 11), prompt(20, 12)];
    for (slot, tokens) in seqs.iter().enumerate() {
        prefill_chunks(&mut graphs, slot, tokens, 16);
    }
    let mut out = DecodeOutput::default();
    for step in 0..12 {
        let next: Vec<u32> = (0..seqs.len())
            .map(|s| ((step * 13 + s * 5 + 1) % vocab) as u32)
            .collect();
        let mut tokens = [0i32; 4];
        let mut pos = [-1i32; 4];
        for (slot, seq) in seqs.iter().enumerate() {
            tokens[slot] = next[slot] as i32;
            pos[slot] = seq.len() as i32;
        }
        // Use 3 rows on even steps (bucket 4 with a padding row) and the
        // idle slot as an explicit padding row on odd steps.
        let rows = if step % 2 == 0 { 3 } else { 4 };
        let batch = graphs
            .decode(
                Head::Logits,
                &tokens[..rows],
                &pos[..rows],
                None,
                false,
                &mut out,
            )
            .unwrap();
        assert_eq!(batch, 4);
        for (slot, seq) in seqs.iter_mut().enumerate() {
            seq.push(next[slot]);
            let expected = reference_last(&cfg, &weights, seq);
            let diff = max_abs_diff(&out.logits[slot * vocab..(slot + 1) * vocab], &expected);
            assert!(
                diff <= TOLERANCE,
                "step {step} slot {slot} (len {}): {diff}",
                seq.len()
            );
        }
    }
}

#[test]
fn decode_b1_and_argmax_agree_with_logits() {
    let cfg = tiny::config();
    let (mut graphs, weights) = tiny::load("local-sync", 3);
    let mut seq = prompt(9, 20);
    prefill_chunks(&mut graphs, 0, &seq, 8);
    let mut out = DecodeOutput::default();
    for step in 0..30 {
        let token = ((step * 29 + 3) % 512) as u32;
        let pos = seq.len() as i32;
        seq.push(token);
        let batch = graphs
            .decode(Head::Logits, &[token as i32], &[pos], None, false, &mut out)
            .unwrap();
        assert_eq!(batch, 1);
        let expected = reference_last(&cfg, &weights, &seq);
        let diff = max_abs_diff(&out.logits[..512], &expected);
        assert!(diff <= TOLERANCE, "step {step}: {diff}");
        let argmax = expected
            .iter()
            .enumerate()
            .fold((0usize, f32::NEG_INFINITY), |best, (i, &v)| {
                if v > best.1 {
                    (i, v)
                } else {
                    best
                }
            })
            .0;
        // Rewriting the same position with the same token is idempotent, so
        // the argmax graph can run the same step again.
        graphs
            .decode(Head::Argmax, &[token as i32], &[pos], None, false, &mut out)
            .unwrap();
        assert_eq!(out.ids[0] as usize, argmax, "step {step}");
    }
}

#[test]
fn copy_slot_moves_a_sequence() {
    let cfg = tiny::config();
    let (mut graphs, weights) = tiny::load("local-task", 4);
    let mut seq = prompt(14, 30);
    prefill_chunks(&mut graphs, 3, &seq, 16);
    graphs.copy_slot(3, 0).unwrap();
    let mut out = DecodeOutput::default();
    let token = 77u32;
    let pos = seq.len() as i32;
    seq.push(token);
    graphs
        .decode(Head::Logits, &[token as i32], &[pos], None, false, &mut out)
        .unwrap();
    let expected = reference_last(&cfg, &weights, &seq);
    let diff = max_abs_diff(&out.logits[..512], &expected);
    assert!(diff <= TOLERANCE, "after copy: {diff}");
}

#[test]
fn out_of_range_calls_are_refused() {
    let (mut graphs, _) = tiny::load("local-sync", 5);
    let mut logits = vec![0f32; graphs.vocab()];
    let capacity = graphs.capacity();
    assert!(
        graphs
            .prefill(4, 0, &[1], PrefillOut::Logits(&mut logits))
            .is_err(),
        "slot == S is scratch"
    );
    assert!(graphs
        .prefill(0, capacity - 1, &[1, 2], PrefillOut::Logits(&mut logits))
        .is_err());
    let mut out = DecodeOutput::default();
    assert!(
        graphs
            .decode(Head::Logits, &[1; 5], &[0; 5], None, false, &mut out)
            .is_err(),
        "more rows than slots"
    );
    assert!(graphs
        .decode(
            Head::Logits,
            &[1],
            &[capacity as i32],
            None,
            false,
            &mut out
        )
        .is_err());
}

#[test]
fn parameter_file_that_disagrees_with_the_manifest_is_refused() {
    use engine::model::{load_assets, ModelOptions};
    let mut weights = tiny::weights(6);
    // Same byte size, wrong shape: IREE alone would accept it.
    let (shape, _) = weights.get_mut("model.norm.weight").unwrap();
    *shape = vec![8, shape[0] / 8];
    let dir = tests::temp_dir("mismatch-manifest");
    let params = tiny::write_weights(&dir, &weights);
    let runtime = engine::runtime::Runtime::new("local-sync").unwrap();
    let mut options = ModelOptions::cpu();
    options.cache_dir = engine::paths::cache_dir().join("test-vmfb");
    options.verbose = false;
    let err = load_assets(&runtime, &tiny::asset_dir(), &params, &options)
        .err()
        .expect("shape mismatch refused");
    eprintln!("error: {err}");
    assert!(
        matches!(err, engine::EngineError::Parameters { .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("model.norm.weight"), "{err}");
}
