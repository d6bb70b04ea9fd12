//! A sequence's numbers do not depend on its neighbours, on SmolLM2 in the module `serve`
//! builds by default (8 slots, native weights through the CPU kernels): its logits in a decode
//! step are bit-equal whether the step holds it alone or among 1 to 7 others, in any slot,
//! beside sequences far longer than it (a wider attention window), on the exact path and with
//! `--activations q8 --head-activations q8` (every product 8-bit, the head's too); and through `serve`, a greedy request's log-probabilities are bit-equal
//! alone and while 7 other requests decode beside it. Skips when the model is missing, unless
//! `LOADER_REQUIRE_MODEL` is set.

mod common;

use std::io::Read;
use std::time::{Duration, Instant};

use engine::batch::GraphRunner;
use serde_json::{json, Value};
use tests::batch_invariance::{check, layouts_of_8, prompts};

fn model() -> Option<std::path::PathBuf> {
    match loader::default_model_path() {
        Ok(path) => Some(path),
        Err(_) => {
            assert!(
                std::env::var_os("LOADER_REQUIRE_MODEL").is_none(),
                "the default model is not installed"
            );
            eprintln!("skipped: the default model is not installed");
            None
        }
    }
}

fn logits_do_not_depend_on_the_batch(args: &[&str]) {
    let Some(path) = model() else { return };
    let mut all = vec!["--slots", "8"];
    all.extend(args);
    let options = common::served_options(&all);
    let runtime = engine::runtime::Runtime::new("local-task").expect("runtime");
    let mut loaded = engine::model::load(&runtime, &path, &options).expect("load SmolLM2");
    // Short prompts and ones past the 256- and 1024-token windows.
    let prompts = prompts(&[5, 300, 40, 1100, 17, 260, 90, 9], loaded.graphs.vocab());
    let found = check(&mut loaded.graphs, &prompts, &layouts_of_8(), 4);
    eprintln!(
        "{args:?}: {} of {} rows differ from their runs alone (worst {:.3e})",
        found.unequal, found.compared, found.worst
    );
    assert_eq!(
        found.unequal, 0,
        "rows whose logits changed with their batch"
    );
}

#[test]
fn exact_logits_do_not_depend_on_the_batch() {
    logits_do_not_depend_on_the_batch(&[]);
}

#[test]
fn q8_logits_do_not_depend_on_the_batch() {
    if !kernels::q8_host_supported() {
        return eprintln!("skipped: this CPU does not run the 8-bit kernels");
    }
    logits_do_not_depend_on_the_batch(&["--activations", "q8", "--head-activations", "q8"]);
}

/// A greedy completion with its log-probabilities and 5 alternatives per token.
fn completion(prompt: &str, max_tokens: u32, stream: bool) -> Value {
    json!({
        "model": "smollm2",
        "prompt": prompt,
        "max_tokens": max_tokens,
        "temperature": 0,
        "logprobs": 5,
        "stream": stream,
        "ignore_eos": true,
    })
}

#[test]
fn served_logprobs_do_not_depend_on_the_batch() {
    if model().is_none() {
        return;
    }
    let server = common::Server::spawn_args(&["--served-model-name", "smollm2"], &[]);
    server.wait_ready();
    let subject = completion("The three primary colours are", 48, false);
    let logprobs = |r: common::Response| -> Value {
        assert_eq!(r.status, 200, "{}", r.body);
        r.json()["choices"][0]["logprobs"].clone()
    };
    // The first run leaves the prompt in the prefix cache; the runs compared both find it.
    logprobs(server.post_json("/v1/completions", &subject));
    let alone = logprobs(server.post_json("/v1/completions", &subject));
    // Seven requests decoding, each past its first token, then the same request again: every
    // one of its decode steps holds eight rows.
    let neighbours: Vec<_> = (0..7)
        .map(|i| {
            let prompt = format!(
                "Story {i}: once upon a time, in a land of {} rivers,",
                3 + i * 5
            );
            let stream = server.send(
                "POST",
                "/v1/completions",
                &completion(&prompt, 400, true).to_string(),
            );
            stream
                .set_read_timeout(Some(Duration::from_secs(120)))
                .expect("timeout");
            stream
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut neighbours: Vec<_> = neighbours
        .into_iter()
        .map(|mut stream| {
            let mut seen = Vec::new();
            let mut buf = [0u8; 4096];
            while !String::from_utf8_lossy(&seen).contains("\"logprobs\"") {
                assert!(Instant::now() < deadline, "a neighbour sent no token");
                let n = stream.read(&mut buf).expect("read a neighbour's stream");
                assert!(n > 0, "a neighbour's stream ended early");
                seen.extend_from_slice(&buf[..n]);
            }
            stream
        })
        .collect();
    let together = logprobs(server.post_json("/v1/completions", &subject));
    // The neighbours were still decoding when the request ended.
    for stream in &mut neighbours {
        let mut buf = [0u8; 4096];
        let n = stream.read(&mut buf).expect("read a neighbour's stream");
        assert!(
            !String::from_utf8_lossy(&buf[..n]).contains("[DONE]"),
            "a neighbour finished before the request did"
        );
    }
    let count = alone["token_logprobs"].as_array().map_or(0, Vec::len);
    assert_eq!(count, 48, "{alone}");
    let equal = (0..count)
        .filter(|&i| {
            alone["token_logprobs"][i] == together["token_logprobs"][i]
                && alone["top_logprobs"][i] == together["top_logprobs"][i]
        })
        .count();
    eprintln!("{equal} of {count} positions bit-equal alone and among 7 neighbours");
    assert_eq!(alone, together);
}
