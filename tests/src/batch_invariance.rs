//! Whether a sequence's logits in a decode step depend on the step's other rows: each of
//! several prompts decoded alone (one row), then the same tokens decoded in batches that put
//! the sequences in other slots, beside empty slots and beside longer sequences (a wider
//! attention window), every row's logits compared bit for bit with its run alone.

use emitter::graph::Head;
use engine::batch::GraphRunner;
use engine::graphs::{DecodeOutput, Graphs, PrefillOut};

/// What a comparison found: rows compared, rows not bit-equal, the largest difference.
#[derive(Debug, Default)]
pub struct Invariance {
    pub compared: usize,
    pub unequal: usize,
    pub worst: f32,
}

/// Prompts of token ids below `vocab`, of the given lengths.
pub fn prompts(lengths: &[usize], vocab: usize) -> Vec<Vec<i32>> {
    lengths
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            (0..n)
                .map(|t| ((t * 7919 + i * 104_729 + 3) % (vocab - 3) + 3) as i32)
                .collect()
        })
        .collect()
}

/// Prefills `prompt` into `slot` in the chunks the module takes; returns the last position's
/// greedy token.
fn prefill(graphs: &mut Graphs, slot: usize, prompt: &[i32]) -> i32 {
    let mut logits = vec![0f32; graphs.vocab()];
    let mut start = 0;
    while start < prompt.len() {
        let n = graphs.chunk_len(start, prompt.len() - start);
        graphs
            .prefill(
                slot,
                start,
                &prompt[start..start + n],
                PrefillOut::Logits(&mut logits),
            )
            .expect("prefill");
        start += n;
    }
    argmax(&logits)
}

fn argmax(row: &[f32]) -> i32 {
    let mut best = 0;
    for (i, &v) in row.iter().enumerate() {
        if v > row[best] {
            best = i;
        }
    }
    best as i32
}

/// Decodes `steps` greedy tokens of each prompt alone in slot 0, then the same tokens in each
/// of `layouts` (which prompt sits in which slot, -1 an empty slot; a layout's length is the
/// step's row count), and compares every row's logits with its run alone. Needs a module of
/// at least as many slots as the longest layout, with a logits head.
pub fn check(
    graphs: &mut Graphs,
    prompts: &[Vec<i32>],
    layouts: &[Vec<i32>],
    steps: usize,
) -> Invariance {
    let vocab = graphs.vocab();
    let mut out = DecodeOutput::default();
    let mut alone = Vec::new();
    for prompt in prompts {
        let mut token = prefill(graphs, 0, prompt);
        let mut rows = Vec::new();
        for s in 0..steps {
            let pos = (prompt.len() + s) as i32;
            graphs
                .decode(Head::Logits, &[token], &[pos], None, false, &mut out)
                .expect("decode");
            rows.push((token, out.logits[..vocab].to_vec()));
            token = argmax(&out.logits[..vocab]);
        }
        alone.push(rows);
    }
    let mut found = Invariance::default();
    for layout in layouts {
        for (slot, &seq) in layout.iter().enumerate() {
            if seq >= 0 {
                prefill(graphs, slot, &prompts[seq as usize]);
            }
        }
        // Step s of every sequence in the layout.
        #[allow(clippy::needless_range_loop)]
        for s in 0..steps {
            let tokens: Vec<i32> = layout
                .iter()
                .map(|&q| if q < 0 { 0 } else { alone[q as usize][s].0 })
                .collect();
            let pos: Vec<i32> = layout
                .iter()
                .map(|&q| match q {
                    q if q < 0 => -1,
                    q => (prompts[q as usize].len() + s) as i32,
                })
                .collect();
            graphs
                .decode(Head::Logits, &tokens, &pos, None, false, &mut out)
                .expect("decode");
            for (slot, &q) in layout.iter().enumerate() {
                if q < 0 {
                    continue;
                }
                let ours = &out.logits[slot * vocab..(slot + 1) * vocab];
                let theirs = &alone[q as usize][s].1;
                found.compared += 1;
                if ours
                    .iter()
                    .zip(theirs)
                    .any(|(a, b)| a.to_bits() != b.to_bits())
                {
                    found.unequal += 1;
                    let diff = ours
                        .iter()
                        .zip(theirs)
                        .map(|(a, b)| (a - b).abs())
                        .fold(0f32, f32::max);
                    found.worst = found.worst.max(diff);
                    eprintln!("layout {layout:?}, step {s}: sequence {q} in slot {slot} differs by up to {diff:.3e}");
                }
            }
        }
    }
    found
}

/// Layouts for a module of 8 slots: every slot filled in reverse order, a few rows with gaps,
/// one sequence in the last slot of an otherwise empty step, a scattered seven.
pub fn layouts_of_8() -> Vec<Vec<i32>> {
    vec![
        vec![7, 6, 5, 4, 3, 2, 1, 0],
        vec![-1, 2],
        vec![1, 3, -1, 0],
        vec![-1, -1, -1, -1, -1, -1, -1, 2],
        vec![4, 0, 6, -1, 5, 3, -1, 7],
    ]
}
