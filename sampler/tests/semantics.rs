//! Correctness against a plain f64 reference of the documented semantics.

mod common;

use common::{dense, normal_logits, penalised, reference_distribution, tv};
use sampler::{Isa, LogprobSource, Order, ParamError, Request, SampleError, SampleParams, Sampler};

fn params(f: impl FnOnce(&mut SampleParams)) -> SampleParams {
    let mut p = SampleParams {
        temperature: 0.8,
        seed: 11,
        ..SampleParams::default()
    };
    f(&mut p);
    p
}

/// The filter settings exercised throughout, both orders.
fn cases() -> Vec<(&'static str, SampleParams)> {
    let mut out = vec![
        ("temperature", params(|_| {})),
        ("temperature 1.7", params(|p| p.temperature = 1.7)),
        ("top-k 40", params(|p| p.top_k = 40)),
        ("top-k 1000", params(|p| p.top_k = 1000)),
        ("top-p 0.9", params(|p| p.top_p = 0.9)),
        ("top-p 0.5", params(|p| p.top_p = 0.5)),
        ("top-p 0.999", params(|p| p.top_p = 0.999)),
        ("min-p 0.05", params(|p| p.min_p = 0.05)),
        ("min-p 1e-4", params(|p| p.min_p = 1e-4)),
        (
            "top-k 40 top-p 0.9",
            params(|p| (p.top_k, p.top_p) = (40, 0.9)),
        ),
        (
            "all filters",
            params(|p| (p.top_k, p.top_p, p.min_p) = (200, 0.8, 0.01)),
        ),
        (
            "min-p then top-p",
            params(|p| (p.top_p, p.min_p) = (0.95, 0.02)),
        ),
    ];
    let last: Vec<_> = out
        .iter()
        .map(|(name, p)| {
            (
                *name,
                SampleParams {
                    order: Order::TemperatureLast,
                    ..p.clone()
                },
            )
        })
        .collect();
    out.extend(last);
    out
}

fn assert_close(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len());
    let mut edge = 0;
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        if (g > 0.0) != (w > 0.0) {
            // A top-p boundary can only move where the exact cumulative mass
            // is within the f32 weights' accuracy (~1e-6) of p, which only
            // tokens of negligible probability make possible.
            assert!(
                g.max(w) < 1e-5,
                "{what}: token {i} support differs (got {g}, want {w})"
            );
            edge += 1;
            continue;
        }
        // Probabilities to the accuracy of the f32 exponential.
        assert!(
            (g - w).abs() <= 2e-6 * w.max(g) + 1e-12,
            "{what}: token {i}: got {g}, want {w}"
        );
    }
    assert!(edge <= 1, "{what}: {edge} boundary tokens differ");
}

#[test]
fn greedy_is_argmax_with_ties_to_lowest_id() {
    let mut s = Sampler::new();
    for (seed, v) in [(1u64, 10usize), (2, 1000), (3, 40_000)] {
        let mut row = normal_logits(v, 3.0, seed);
        let max = row.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let first = v / 3;
        row[first] = max + 1.0;
        row[v - 1] = max + 1.0;
        row[first + 1] = max + 1.0;
        for p in [
            SampleParams::greedy(),
            params(|p| p.top_k = 1),
            params(|p| (p.top_k, p.temperature) = (1, 5.0)),
        ] {
            let got = s.sample(&mut row, &Request::new(&p)).unwrap();
            assert_eq!(got.token as usize, first, "{p:?}");
            assert_eq!(got.logprob, 0.0);
        }
    }
}

#[test]
fn tiny_temperature_is_greedy() {
    let mut s = Sampler::new();
    let mut row = vec![0.0, 1.0, 3.0, 3.0, 2.0];
    let p = params(|p| p.temperature = 1e-45);
    assert_eq!(s.sample(&mut row, &Request::new(&p)).unwrap().token, 2);
}

#[test]
fn distributions_match_the_f64_reference() {
    let mut s = Sampler::new();
    for (v, seed) in [(50usize, 1u64), (3000, 2), (128_256, 3)] {
        let row = normal_logits(v, 3.0, seed);
        for (name, p) in cases() {
            let want = reference_distribution(&row, &p).unwrap();
            let got = dense(
                v,
                &s.distribution(&mut row.clone(), &Request::new(&p)).unwrap(),
            );
            assert_close(&got, &want, &format!("{name} {:?} V={v}", p.order));
        }
    }
}

#[test]
fn nucleus_is_the_exact_nucleus() {
    // Large rows go through the dense top-p path (bands, bisection); check
    // the kept set exactly for a spread of p and temperatures.
    let mut s = Sampler::new();
    for (seed, scale) in [(7u64, 3.0), (8, 1.0), (9, 0.3), (10, 8.0)] {
        let row = normal_logits(128_256, scale, seed);
        for top_p in [0.05f32, 0.5, 0.9, 0.97] {
            for temperature in [0.5f32, 0.8, 1.3] {
                let p = params(|p| (p.top_p, p.temperature) = (top_p, temperature));
                let want = reference_distribution(&row, &p).unwrap();
                let got = s.distribution(&mut row.clone(), &Request::new(&p)).unwrap();
                let got_set: Vec<u32> = got.iter().map(|&(t, _)| t).collect();
                let want_set: Vec<u32> = (0..row.len() as u32)
                    .filter(|&i| want[i as usize] > 0.0)
                    .collect();
                assert_eq!(got_set, want_set, "scale {scale} p {top_p} T {temperature}");
            }
        }
    }
}

/// Empirical frequencies of `draws` seeded draws.
fn empirical(s: &mut Sampler, row: &[f32], p: &SampleParams, draws: u64) -> Vec<f64> {
    let mut counts = vec![0u64; row.len()];
    let mut row = row.to_vec();
    for step in 0..draws {
        let t = s
            .sample(&mut row, &Request::new(p).step(step))
            .unwrap()
            .token;
        counts[t as usize] += 1;
    }
    counts.iter().map(|&c| c as f64 / draws as f64).collect()
}

#[test]
fn draws_follow_the_exact_distribution() {
    // 100k draws per case. Sampling noise alone gives an expected TV of
    // about 0.5 * sqrt(2 / (pi N)) * sum(sqrt(p)), at most 0.01 on these
    // rows, with a spread near 0.001: the bound leaves five spreads of room
    // and still catches a real bias of half a percent. The wide row, where
    // only scattered tokens carry weight, exercises the block search and the
    // chunked candidate passes with the same sharpness.
    const DRAWS: u64 = 100_000;
    const BOUND: f64 = 0.015;
    let small = normal_logits(64, 1.0, 21);
    let mut wide = vec![-40.0f32; 1100];
    for (j, x) in normal_logits(48, 1.5, 22).into_iter().enumerate() {
        wide[(j * 219) % 1100] = x;
    }
    let checks = [
        ("temperature", params(|_| {}), true),
        ("top-k 10", params(|p| p.top_k = 10), true),
        ("top-p 0.8", params(|p| p.top_p = 0.8), true),
        ("min-p 0.05", params(|p| p.min_p = 0.05), true),
        (
            "top-k 20 top-p 0.7",
            params(|p| (p.top_k, p.top_p) = (20, 0.7)),
            false,
        ),
        (
            "llama.cpp order",
            params(|p| {
                (p.top_k, p.top_p, p.min_p, p.order) = (20, 0.9, 0.05, Order::TemperatureLast)
            }),
            false,
        ),
    ];
    let mut s = Sampler::new();
    for (row_name, row) in [("small", &small), ("wide", &wide)] {
        for (name, p, on_wide) in &checks {
            if row_name == "wide" && !on_wide {
                continue;
            }
            let want = reference_distribution(row, p).unwrap();
            let got = empirical(&mut s, row, p, DRAWS);
            let d = tv(&got, &want);
            println!("{row_name} row, {name}: TV {d:.4} over {DRAWS} draws");
            assert!(d <= BOUND, "{row_name} {name}: TV {d}");
            // Nothing outside the support is ever drawn.
            assert!(
                got.iter().zip(&want).all(|(&g, &w)| w > 0.0 || g == 0.0),
                "{row_name} {name}"
            );
        }
    }
}

#[test]
fn penalties_match_a_plain_reference() {
    let v = 500;
    let row = normal_logits(v, 3.0, 5);
    let history: Vec<u32> = (0..300u32).map(|i| (i * i * 7 + 3) % v as u32).collect();
    let cases = [
        params(|p| p.repetition_penalty = 1.3),
        params(|p| p.repetition_penalty = 0.7),
        params(|p| p.frequency_penalty = 0.4),
        params(|p| p.presence_penalty = -0.6),
        params(|p| {
            (
                p.repetition_penalty,
                p.frequency_penalty,
                p.presence_penalty,
            ) = (1.2, 0.3, 0.5)
        }),
        params(|p| {
            (p.repetition_penalty, p.frequency_penalty, p.penalty_last_n) = (1.2, 0.3, Some(64))
        }),
        params(|p| (p.frequency_penalty, p.penalty_last_n) = (0.3, Some(0))),
        params(|p| p.logit_bias = vec![(3, 2.5), (9, -1.0), (3, 0.5), (17, f32::NEG_INFINITY)]),
        params(|p| (p.repetition_penalty, p.logit_bias) = (1.5, vec![(history[299], 4.0)])),
    ];
    let mut s = Sampler::new();
    for p in &cases {
        let x = penalised(&row, p, &history);
        let want = reference_distribution(&x, p).unwrap();
        let mut buf = row.clone();
        let got = dense(
            v,
            &s.distribution(&mut buf, &Request::new(p).history(&history))
                .unwrap(),
        );
        assert_close(&got, &want, &format!("{p:?}"));
        assert_eq!(buf, row, "the row is restored");
        let greedy = SampleParams {
            temperature: 0.0,
            ..p.clone()
        };
        let want_argmax = (0..v)
            .max_by(|&a, &b| x[a].total_cmp(&x[b]).then(b.cmp(&a)))
            .unwrap();
        let got = s
            .sample(&mut buf, &Request::new(&greedy).history(&history))
            .unwrap();
        assert_eq!(got.token as usize, want_argmax);
        assert_eq!(buf, row, "the row is restored");
    }
}

#[test]
fn tokens_do_not_depend_on_the_batch() {
    // Large enough in total for the parallel path to split the batch.
    let v = 25_000;
    let rows: Vec<Vec<f32>> = (0..6).map(|i| normal_logits(v, 3.0, 100 + i)).collect();
    let all: Vec<(&str, SampleParams)> = cases();
    let history = [1u32, 2, 3, 3];
    let reqs_params: Vec<SampleParams> = (0..6)
        .map(|i| {
            let mut p = all[(i * 5) % all.len()].1.clone();
            p.seed = 1000 + i as u64;
            p.top_logprobs = 3;
            p.repetition_penalty = 1.1;
            p
        })
        .collect();
    let reqs: Vec<Request<'_>> = reqs_params
        .iter()
        .enumerate()
        .map(|(i, p)| Request::new(p).history(&history).step(i as u64 * 3))
        .collect();

    let mut s = Sampler::new();
    let alone: Vec<_> = rows
        .iter()
        .zip(&reqs)
        .map(|(r, q)| s.sample(&mut r.clone(), q).unwrap())
        .collect();

    for parallel in [false, true] {
        s.set_parallel(parallel);
        let mut flat: Vec<f32> = rows.concat();
        let mut out = Vec::new();
        s.sample_batch(&mut flat, v, &reqs, &mut out).unwrap();
        assert_eq!(flat, rows.concat(), "rows are restored");
        for (got, want) in out.iter().zip(&alone) {
            assert_eq!(got.as_ref().unwrap(), want);
        }
        // A different batch: reversed, and half of it.
        let order: Vec<usize> = (0..3).rev().collect();
        let mut sub: Vec<f32> = order.iter().flat_map(|&i| rows[i].clone()).collect();
        let sub_reqs: Vec<Request<'_>> = order.iter().map(|&i| reqs[i]).collect();
        s.sample_batch(&mut sub, v, &sub_reqs, &mut out).unwrap();
        for (j, &i) in order.iter().enumerate() {
            assert_eq!(out[j].as_ref().unwrap(), &alone[i]);
        }
    }
}

#[test]
fn seeds_reproduce_and_steps_vary() {
    let row = normal_logits(5000, 2.0, 3);
    let p = params(|p| p.top_p = 0.95);
    let mut a = Sampler::new();
    let mut b = Sampler::new();
    let mut tokens = std::collections::BTreeSet::new();
    for step in 0..50 {
        let r = Request::new(&p).step(step);
        let x = a.sample(&mut row.clone(), &r).unwrap();
        let y = b.sample(&mut row.clone(), &r).unwrap();
        assert_eq!(x, y);
        tokens.insert(x.token);
    }
    assert!(tokens.len() > 10, "different steps give different draws");
    let other = SampleParams {
        seed: p.seed + 1,
        ..p.clone()
    };
    let differ = (0..50)
        .filter(|&step| {
            a.sample(&mut row.clone(), &Request::new(&p).step(step))
                .unwrap()
                != a.sample(&mut row.clone(), &Request::new(&other).step(step))
                    .unwrap()
        })
        .count();
    assert!(differ > 25, "other seeds give other draws");
}

#[test]
fn instruction_sets_agree() {
    let row = normal_logits(30_000, 3.0, 77);
    let isas = Isa::all_supported();
    let mut samplers: Vec<Sampler> = isas
        .iter()
        .map(|&i| Sampler::with_isa(i).unwrap())
        .collect();
    for (name, p) in cases() {
        let p = SampleParams {
            top_logprobs: 5,
            ..p
        };
        for step in 0..5 {
            let r = Request::new(&p).step(step);
            let first = samplers[0].sample(&mut row.clone(), &r).unwrap();
            for (isa, s) in isas.iter().zip(samplers.iter_mut()).skip(1) {
                let other = s.sample(&mut row.clone(), &r).unwrap();
                assert_eq!(other.token, first.token, "{name} {isa:?}");
                assert!(
                    (other.logprob - first.logprob).abs() < 1e-4,
                    "{name} {isa:?}"
                );
            }
        }
    }
}

#[test]
fn non_finite_logits_follow_the_policy() {
    let mut s = Sampler::new();
    let t = params(|_| {});
    let greedy = SampleParams::greedy();
    let topk = params(|p| p.top_k = 3);

    // NaN anywhere is an error naming the first one, for every mode.
    for p in [
        &t,
        &greedy,
        &topk,
        &params(|p| p.top_p = 0.5),
        &params(|p| p.min_p = 0.1),
    ] {
        let mut row = vec![1.0, f32::NAN, 2.0, f32::NAN];
        assert_eq!(
            s.sample(&mut row, &Request::new(p)),
            Err(SampleError::NanLogit { index: 1 })
        );
    }
    // A bias of -inf removes a NaN token like any other.
    let ban = params(|p| p.logit_bias = vec![(1, f32::NEG_INFINITY)]);
    assert!(s
        .sample(&mut [1.0, f32::NAN, 2.0], &Request::new(&ban))
        .is_ok());

    // All -inf, and empty rows: no candidates.
    for p in [&t, &greedy, &topk] {
        assert_eq!(
            s.sample(&mut [f32::NEG_INFINITY; 7], &Request::new(p)),
            Err(SampleError::NoCandidates)
        );
        assert_eq!(
            s.sample(&mut [], &Request::new(p)),
            Err(SampleError::NoCandidates)
        );
    }
    let ban_all = params(|p| p.logit_bias = vec![(0, f32::NEG_INFINITY), (1, f32::NEG_INFINITY)]);
    assert_eq!(
        s.sample(&mut [3.0, 4.0], &Request::new(&ban_all)),
        Err(SampleError::NoCandidates)
    );

    // -inf tokens are never drawn.
    let mut row = vec![f32::NEG_INFINITY; 100];
    row[37] = -5.0;
    row[90] = -6.0;
    for step in 0..200 {
        let tok = s
            .sample(&mut row, &Request::new(&t).step(step))
            .unwrap()
            .token;
        assert!(tok == 37 || tok == 90);
    }

    // +inf tokens share the mass equally, whatever else is in the row.
    let mut row = normal_logits(1000, 3.0, 4);
    row[500] = f32::INFINITY;
    row[20] = f32::INFINITY;
    row[900] = f32::INFINITY;
    for p in [
        &t,
        &params(|p| p.top_p = 0.3),
        &params(|p| p.min_p = 0.5),
        &topk,
    ] {
        let d = s.distribution(&mut row.clone(), &Request::new(p)).unwrap();
        let want = reference_distribution(&row, p).unwrap();
        assert_close(&dense(row.len(), &d), &want, &format!("+inf {p:?}"));
    }
    let d = s.distribution(&mut row.clone(), &Request::new(&t)).unwrap();
    assert_eq!(d, vec![(20, 1.0 / 3.0), (500, 1.0 / 3.0), (900, 1.0 / 3.0)]);
    assert_eq!(
        s.sample(&mut row, &Request::new(&greedy)).unwrap().token,
        20
    );
    let two = params(|p| p.top_k = 2);
    assert_eq!(
        s.distribution(&mut row, &Request::new(&two)).unwrap(),
        vec![(20, 0.5), (500, 0.5)]
    );
    let sample = s.sample(&mut row, &Request::new(&t)).unwrap();
    assert!((sample.logprob - (1.0f32 / 3.0).ln()).abs() < 1e-6);

    // A +inf bias forces a token.
    let force = params(|p| p.logit_bias = vec![(4, f32::INFINITY)]);
    for step in 0..20 {
        assert_eq!(
            s.sample(
                &mut [9.0, 9.0, 9.0, 9.0, -1e30],
                &Request::new(&force).step(step)
            )
            .unwrap()
            .token,
            4
        );
    }

    // Denormals and huge finite values are ordinary logits.
    let mut row = vec![
        f32::MIN_POSITIVE / 8.0,
        -f32::MIN_POSITIVE / 8.0,
        0.0,
        f32::MAX,
        -f32::MAX,
        f32::MAX,
    ];
    assert_eq!(s.sample(&mut row, &Request::new(&greedy)).unwrap().token, 3);
    let d = s.distribution(&mut row, &Request::new(&t)).unwrap();
    assert_eq!(d, vec![(3, 0.5), (5, 0.5)]);
}

#[test]
fn processed_logprobs_describe_the_sampling_distribution() {
    let row = normal_logits(4000, 3.0, 31);
    let mut s = Sampler::new();
    for (name, p) in cases() {
        let p = SampleParams {
            top_logprobs: 8,
            ..p
        };
        let dist = s.distribution(&mut row.clone(), &Request::new(&p)).unwrap();
        let got = s
            .sample(&mut row.clone(), &Request::new(&p).step(9))
            .unwrap();
        let q = dist.iter().find(|&&(t, _)| t == got.token).unwrap().1;
        assert!((got.logprob as f64 - q.ln()).abs() < 1e-4, "{name}");
        let mut ranked = dist.clone();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        assert_eq!(got.top_logprobs.len(), 8.min(dist.len()), "{name}");
        for (tl, want) in got.top_logprobs.iter().zip(&ranked) {
            assert_eq!(tl.token, want.0, "{name}");
            assert!((tl.logprob as f64 - want.1.ln()).abs() < 1e-4, "{name}");
        }
    }
    let g = SampleParams {
        top_logprobs: 3,
        ..SampleParams::greedy()
    };
    let got = s.sample(&mut row.clone(), &Request::new(&g)).unwrap();
    assert_eq!(got.top_logprobs.len(), 1);
    assert_eq!(got.top_logprobs[0].logprob, 0.0);
}

#[test]
fn raw_logprobs_are_taken_before_processing() {
    let row = normal_logits(3000, 3.0, 41);
    let m = row.iter().cloned().fold(f32::NEG_INFINITY, f32::max) as f64;
    let lse = m + row.iter().map(|&x| (x as f64 - m).exp()).sum::<f64>().ln();
    let mut ranked: Vec<usize> = (0..row.len()).collect();
    ranked.sort_by(|&a, &b| row[b].total_cmp(&row[a]).then(a.cmp(&b)));
    let mut s = Sampler::new();
    let history = [ranked[0] as u32, ranked[0] as u32];
    for (name, p) in cases() {
        let p = SampleParams {
            top_logprobs: 5,
            logprobs: LogprobSource::Raw,
            repetition_penalty: 2.0,
            logit_bias: vec![(ranked[1] as u32, -3.0)],
            ..p
        };
        let got = s
            .sample(
                &mut row.clone(),
                &Request::new(&p).history(&history).step(2),
            )
            .unwrap();
        let want = row[got.token as usize] as f64 - lse;
        assert!((got.logprob as f64 - want).abs() < 1e-4, "{name}");
        for (tl, &i) in got.top_logprobs.iter().zip(&ranked) {
            assert_eq!(tl.token as usize, i);
            assert!((tl.logprob as f64 - (row[i] as f64 - lse)).abs() < 1e-4);
        }
        assert_eq!(got.top_logprobs.len(), 5);
    }
}

#[test]
fn bad_input_gives_typed_errors() {
    let mut s = Sampler::new();
    let bad = params(|p| p.top_p = 1.5);
    assert_eq!(
        s.sample(&mut [1.0, 2.0], &Request::new(&bad)),
        Err(SampleError::Params(ParamError::TopP(1.5)))
    );
    let oob = params(|p| p.logit_bias = vec![(5, 1.0)]);
    let mut row = [1.0, 2.0];
    assert_eq!(
        s.sample(&mut row, &Request::new(&oob)),
        Err(SampleError::TokenOutOfRange { token: 5, vocab: 2 })
    );
    let rep = params(|p| p.presence_penalty = 1.0);
    assert_eq!(
        s.sample(&mut row, &Request::new(&rep).history(&[0, 9])),
        Err(SampleError::TokenOutOfRange { token: 9, vocab: 2 })
    );
    assert_eq!(row, [1.0, 2.0]);
    let ok = params(|_| {});
    let mut out = Vec::new();
    let reqs = [Request::new(&ok), Request::new(&bad)];
    assert!(matches!(
        s.sample_batch(&mut [0.0; 5], 2, &reqs, &mut out),
        Err(SampleError::Shape { .. })
    ));
    s.sample_batch(&mut [0.0; 4], 2, &reqs, &mut out).unwrap();
    assert!(out[0].is_ok());
    assert_eq!(out[1], Err(SampleError::Params(ParamError::TopP(1.5))));
    // The failed slot is reused on the next call.
    let reqs = [Request::new(&ok), Request::new(&ok)];
    s.sample_batch(&mut [0.0; 4], 2, &reqs, &mut out).unwrap();
    assert!(out.iter().all(|r| r.is_ok()));
}
