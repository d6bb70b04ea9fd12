//! The on-device sampling head (`sample_b{B}`, the same code the model's `*_sample_*` heads end
//! in) against the host sampler on fixed logits: greedy parity, exact supports, empirical
//! distributions within a total-variation bound, log-probabilities, seeds, batch invariance,
//! invalid rows, and compilation for CUDA and Metal.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use emitter::ModuleForm;
use engine::compile::Target;
use engine::device_sampling::SampleRows;
use engine::runtime::{Function, HostTensor, Runtime, Session, SessionOptions};
use sampler::{Request, SampleParams, Sampler};

const BATCHES: [usize; 3] = [1, 4, 64];
const SMALL_V: usize = 64;
const LARGE_V: usize = 49152;

struct DeviceSampler {
    session: Session,
    functions: HashMap<usize, Function>,
    vocab: usize,
}

impl DeviceSampler {
    fn load(vocab: usize) -> DeviceSampler {
        let module = emitter::graph::sampler_module(&BATCHES, vocab, ModuleForm::Generic).unwrap();
        let vmfb = tests::compiler()
            .compile_text(
                &format!("sampler-v{vocab}"),
                &module.render(),
                &Target::Cpu { data_tiling: false },
            )
            .unwrap_or_else(|e| panic!("{e}"));
        let runtime = Runtime::new("local-task").unwrap();
        let session = Session::new(&runtime, &SessionOptions::new([vmfb])).unwrap();
        let functions = BATCHES
            .iter()
            .map(|&b| (b, session.function(&format!("model.sample_b{b}")).unwrap()))
            .collect();
        DeviceSampler {
            session,
            functions,
            vocab,
        }
    }

    /// Samples each row of `logits` (`rows.len()` rows, padded to a batch the module has).
    fn sample(&mut self, logits: &[f32], rows: &SampleRows) -> Vec<(i32, f32)> {
        let n = rows.len();
        let b = *BATCHES
            .iter()
            .find(|&&b| b >= n)
            .expect("a batch that holds the rows");
        let mut rows = rows.clone();
        rows.pad_to(b);
        let mut data = logits.to_vec();
        data.resize(b * self.vocab, 0.0);
        let inputs = [
            HostTensor::F32 {
                shape: vec![b, self.vocab],
                data,
            },
            HostTensor::F32 {
                shape: vec![b],
                data: rows.temperature,
            },
            HostTensor::I32 {
                shape: vec![b],
                data: rows.top_k,
            },
            HostTensor::F32 {
                shape: vec![b],
                data: rows.top_p,
            },
            HostTensor::F32 {
                shape: vec![b],
                data: rows.min_p,
            },
            HostTensor::I32 {
                shape: vec![b, 2],
                data: rows.seed,
            },
            HostTensor::I32 {
                shape: vec![b],
                data: rows.step,
            },
        ];
        let f = self.functions.get_mut(&b).unwrap();
        let out = f.call_host(&self.session, &inputs).unwrap();
        let (tokens, logprobs) = (out[0].as_i32().unwrap(), out[1].as_f32().unwrap());
        (0..n).map(|i| (tokens[i], logprobs[i])).collect()
    }
}

/// One compiled sampler per vocabulary, shared by the tests of this file.
fn device(vocab: usize) -> std::sync::MutexGuard<'static, DeviceSampler> {
    static SMALL: OnceLock<Mutex<DeviceSampler>> = OnceLock::new();
    static LARGE: OnceLock<Mutex<DeviceSampler>> = OnceLock::new();
    let cell = if vocab == SMALL_V { &SMALL } else { &LARGE };
    cell.get_or_init(|| Mutex::new(DeviceSampler::load(vocab)))
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Smooth, irregular logits with exact ties: tokens 3, 17 and 40 share the best value, and 5
/// and 9 tie lower down, so top-k and top-p cuts fall inside tie groups.
fn fixed_logits(v: usize) -> Vec<f32> {
    let mut x: Vec<f32> = (0..v)
        .map(|i| 3.0 * ((i as f32) * 1.7).sin() - 0.02 * i as f32)
        .collect();
    let best = x.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    for i in [3, 17, 40] {
        x[i] = best + 0.5;
    }
    x[9] = x[5];
    x
}

fn random_logits(v: usize, seed: u64) -> Vec<f32> {
    let mut rng = sampler::SplitMix64::new(seed);
    (0..v)
        .map(|_| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32) * 16.0 - 8.0)
        .collect()
}

fn host_distribution(logits: &[f32], p: &SampleParams) -> Vec<f64> {
    let mut dist = vec![0.0; logits.len()];
    let mut row = logits.to_vec();
    for (token, prob) in Sampler::new()
        .distribution(&mut row, &Request::new(p))
        .unwrap()
    {
        dist[token as usize] = prob;
    }
    dist
}

/// Draws `n` tokens from one row of logits with `p`, 64 rows (steps) per call.
fn draws(logits: &[f32], p: &SampleParams, n: usize) -> Vec<(i32, f32)> {
    let mut dev = device(logits.len());
    let mut out = Vec::with_capacity(n);
    let mut rows = SampleRows::default();
    let per_call = *BATCHES.last().unwrap();
    let batch_logits: Vec<f32> = logits
        .iter()
        .copied()
        .cycle()
        .take(per_call * logits.len())
        .collect();
    while out.len() < n {
        rows.clear();
        for i in 0..per_call {
            rows.push(p, (out.len() + i) as u64);
        }
        out.extend(dev.sample(&batch_logits, &rows));
    }
    out.truncate(n);
    out
}

#[test]
fn greedy_rows_take_the_host_argmax() {
    for vocab in [SMALL_V, LARGE_V] {
        let greedy = SampleParams::greedy();
        let mut host = Sampler::new();
        let mut rows = SampleRows::default();
        let mut logits = Vec::new();
        for r in 0..4 {
            let mut row = random_logits(vocab, 100 + r as u64);
            if r == 1 {
                // A tie for the maximum: the lower id wins.
                let m = row.iter().copied().fold(f32::NEG_INFINITY, f32::max) + 1.0;
                row[vocab - 1] = m;
                row[vocab / 2] = m;
            }
            logits.extend_from_slice(&row);
            rows.push(&greedy, r as u64);
        }
        let got = device(vocab).sample(&logits, &rows);
        for (r, &(token, logprob)) in got.iter().enumerate() {
            let mut row = logits[r * vocab..(r + 1) * vocab].to_vec();
            let want = host.sample(&mut row, &Request::new(&greedy)).unwrap().token as i32;
            assert_eq!(token, want, "row {r}, V = {vocab}");
            assert_eq!(logprob, 0.0);
        }
    }
}

/// Every configuration draws only tokens the host sampler could draw, with a log-probability
/// equal to the host's, and with frequencies within a total-variation distance of 0.02 of the
/// exact distribution over 100 000 draws (the expected distance is 0.01 or less).
#[test]
fn filtered_distributions_match_the_host_sampler() {
    let logits = fixed_logits(SMALL_V);
    let base = SampleParams {
        seed: 0x1234_5678_9abc_def0,
        ..SampleParams::default()
    };
    let cases = [
        (
            "temperature 0.7",
            SampleParams {
                temperature: 0.7,
                ..base.clone()
            },
        ),
        (
            "temperature 1.6",
            SampleParams {
                temperature: 1.6,
                ..base.clone()
            },
        ),
        (
            "top-k 2 (cut inside a tie)",
            SampleParams {
                top_k: 2,
                ..base.clone()
            },
        ),
        (
            "top-k 12",
            SampleParams {
                top_k: 12,
                temperature: 1.3,
                ..base.clone()
            },
        ),
        (
            "top-p 0.8",
            SampleParams {
                top_p: 0.8,
                ..base.clone()
            },
        ),
        (
            "top-p 0.3 (cut inside a tie)",
            SampleParams {
                top_p: 0.3,
                ..base.clone()
            },
        ),
        (
            "min-p 0.2",
            SampleParams {
                min_p: 0.2,
                ..base.clone()
            },
        ),
        (
            "all filters",
            SampleParams {
                temperature: 1.4,
                min_p: 0.02,
                top_k: 20,
                top_p: 0.9,
                ..base.clone()
            },
        ),
    ];
    let n = 100_000;
    for (name, p) in cases {
        let exact = host_distribution(&logits, &p);
        let mut counts = vec![0usize; SMALL_V];
        for (token, logprob) in draws(&logits, &p, n) {
            assert!(
                (0..SMALL_V as i32).contains(&token),
                "{name}: token {token}"
            );
            let want = exact[token as usize];
            assert!(
                want > 0.0,
                "{name}: drew token {token}, which the host sampler never draws"
            );
            assert!(
                (logprob as f64 - want.ln()).abs() < 1e-4,
                "{name}: logprob {logprob} for token {token}, host {}",
                want.ln()
            );
            counts[token as usize] += 1;
        }
        let tv: f64 = counts
            .iter()
            .zip(&exact)
            .map(|(&c, &q)| (c as f64 / n as f64 - q).abs())
            .sum::<f64>()
            / 2.0;
        eprintln!("{name}: total variation {tv:.4} over {n} draws");
        assert!(
            tv < 0.02,
            "{name}: total variation {tv:.4} from the exact distribution"
        );
    }
}

#[test]
fn top_k_keeps_the_lowest_ids_among_ties() {
    // Tokens 3, 17 and 40 tie for the best logit: top-2 keeps 3 and 17, evenly.
    let logits = fixed_logits(SMALL_V);
    let p = SampleParams {
        top_k: 2,
        temperature: 1.0,
        seed: 5,
        ..SampleParams::default()
    };
    let drawn = draws(&logits, &p, 2000);
    let threes = drawn.iter().filter(|d| d.0 == 3).count();
    assert!(
        drawn.iter().all(|d| d.0 == 3 || d.0 == 17),
        "top-2 drew outside {{3, 17}}"
    );
    assert!(
        (800..1200).contains(&threes),
        "token 3 drawn {threes} times of 2000"
    );
}

#[test]
fn seeds_steps_and_neighbours() {
    let vocab = LARGE_V;
    let logits = random_logits(vocab, 7);
    let p = SampleParams {
        temperature: 1.0,
        top_p: 0.95,
        seed: 42,
        ..SampleParams::default()
    };
    let mut dev = device(vocab);
    let mut one = SampleRows::default();
    one.push(&p, 3);
    let alone = dev.sample(&logits, &one)[0];
    assert_eq!(
        dev.sample(&logits, &one)[0],
        alone,
        "same seed and step, same token"
    );

    // Row 2 of a batch of 4 whose neighbours have other logits and parameters.
    let mut batch_logits = Vec::new();
    let mut rows = SampleRows::default();
    for r in 0..4 {
        if r == 2 {
            batch_logits.extend_from_slice(&logits);
            rows.push(&p, 3);
        } else {
            batch_logits.extend(random_logits(vocab, 1000 + r));
            rows.push(
                &SampleParams {
                    temperature: 0.5,
                    top_k: 7,
                    seed: r,
                    ..SampleParams::default()
                },
                r * 11,
            );
        }
    }
    let in_batch = dev.sample(&batch_logits, &rows)[2];
    assert_eq!(
        in_batch.0, alone.0,
        "a row's token does not depend on its neighbours"
    );
    assert_eq!(in_batch.1.to_bits(), alone.1.to_bits());

    // Other steps and other seeds give other tokens (over 32 tries, nearly surely).
    let tokens = |seed: u64, steps: std::ops::Range<u64>, dev: &mut DeviceSampler| -> Vec<i32> {
        let mut rows = SampleRows::default();
        for s in steps.clone() {
            rows.push(&SampleParams { seed, ..p.clone() }, s);
        }
        let many: Vec<f32> = logits
            .iter()
            .copied()
            .cycle()
            .take(steps.count() * vocab)
            .collect();
        dev.sample(&many, &rows)
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    };
    let a = tokens(42, 0..32, &mut dev);
    let b = tokens(43, 0..32, &mut dev);
    let high = tokens(42 | (1 << 40), 0..32, &mut dev);
    assert_ne!(a, b, "seeds 42 and 43 drew the same 32 tokens");
    assert_ne!(a, high, "the seed's high word is ignored");
    let distinct: std::collections::HashSet<i32> = a.iter().copied().collect();
    assert!(distinct.len() > 1, "32 steps drew one token: {a:?}");
}

#[test]
fn rows_without_a_finite_maximum_get_no_token() {
    let vocab = SMALL_V;
    let good = fixed_logits(vocab);
    let mut nan = good.clone();
    nan[10] = f32::NAN;
    let mut pos_inf = good.clone();
    pos_inf[10] = f32::INFINITY;
    let all_ninf = vec![f32::NEG_INFINITY; vocab];
    let mut some_ninf = good.clone();
    let best = good
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .unwrap()
        .0;
    for (i, x) in some_ninf.iter_mut().enumerate() {
        if i != best && i % 2 == 0 {
            *x = f32::NEG_INFINITY;
        }
    }
    let p = SampleParams {
        temperature: 1.0,
        seed: 1,
        ..SampleParams::default()
    };
    let mut logits = Vec::new();
    let mut rows = SampleRows::default();
    for row in [&nan, &pos_inf, &all_ninf, &some_ninf] {
        logits.extend_from_slice(row);
        rows.push(&p, 0);
    }
    let got = device(vocab).sample(&logits, &rows);
    for (i, &(token, logprob)) in got[..3].iter().enumerate() {
        assert_eq!(token, -1, "row {i}");
        assert!(logprob.is_nan(), "row {i}");
    }
    let (token, logprob) = got[3];
    assert!(
        token >= 0 && some_ninf[token as usize].is_finite(),
        "banned token {token} drawn"
    );
    assert!(logprob <= 0.0);
    let draws = draws(&some_ninf, &p, 3000);
    assert!(draws
        .iter()
        .all(|&(t, _)| some_ninf[t as usize].is_finite()));
}

/// The sampling head builds for the GPU targets the project ships (compile only: no GPU here).
#[test]
fn sampler_compiles_for_cuda_and_metal() {
    let compiler = tests::compiler();
    let cases = [
        (
            "cuda sm_80",
            ModuleForm::Generic,
            Target::Cuda { sm: "sm_80".into() },
        ),
        (
            "cuda sm_90",
            ModuleForm::CudaSm90,
            Target::Cuda { sm: "sm_80".into() },
        ),
        ("metal", ModuleForm::Metal, Target::Metal),
    ];
    for (name, module_target, target) in cases {
        let module = emitter::graph::sampler_module(&[1, 8], LARGE_V, module_target).unwrap();
        let vmfb = compiler.compile_text(
            &format!("sampler-{}", name.replace(' ', "-")),
            &module.render(),
            &target,
        );
        let vmfb = vmfb.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(std::fs::metadata(&vmfb).unwrap().len() > 0, "{name}");
    }
}
