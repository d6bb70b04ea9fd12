//! Prompt log-probabilities (`echo` with `logprobs`, vLLM's `prompt_logprobs`) on the tiny
//! model against `quality`'s teacher-forced computation: the same module run one decode step
//! per token from position 0, the logits' log-softmax taken in f64 (bench/src/quality.rs,
//! `logits` and `log_softmax`).

mod common;

use common::{quality_logprobs, served_options, Server};
use emitter::graph::Head;
use engine::model::{self, ModelOptions};
use serde_json::{json, Value};

const PROMPT: [u32; 12] = [5, 17, 33, 101, 250, 7, 9, 400, 12, 77, 3, 64];

fn word(id: u32) -> String {
    match id {
        0 => "<unk>".into(),
        1 => "<s>".into(),
        2 => "</s>".into(),
        id => format!("w{id}"),
    }
}

fn completion(server: &Server, body: Value) -> Value {
    let response = server.post_json("/v1/completions", &body);
    assert_eq!(response.status, 200, "{}", response.body);
    response.json()
}

/// The largest difference between the served log-probabilities and the reference, and
/// whether every value is bit-equal.
fn compare(logprobs: &Value, reference: &[(f32, Vec<(u32, f32)>)]) -> (f64, bool) {
    let served = logprobs["token_logprobs"].as_array().unwrap();
    let tops = logprobs["top_logprobs"].as_array().unwrap();
    assert_eq!(served.len(), reference.len() + 1);
    assert_eq!(
        served[0],
        Value::Null,
        "nothing comes before the first token"
    );
    assert_eq!(tops[0], Value::Null);
    let (mut worst, mut exact) = (0f64, true);
    for (i, (expected, best)) in reference.iter().enumerate() {
        let got = served[i + 1].as_f64().unwrap() as f32;
        worst = worst.max((got as f64 - *expected as f64).abs());
        exact &= got.to_bits() == expected.to_bits();
        let top = tops[i + 1].as_object().unwrap();
        assert_eq!(top.len(), best.len(), "{top:?}");
        for (id, lp) in best {
            let got = top[&word(*id)].as_f64().unwrap() as f32;
            worst = worst.max((got as f64 - *lp as f64).abs());
            exact &= got.to_bits() == lp.to_bits();
        }
    }
    (worst, exact)
}

#[test]
fn echoed_prompt_logprobs_equal_quality_s_teacher_forced_ones() {
    let dir = common::tiny_with_tokenizer();
    let server = Server::spawn_model(&dir, &[], &[]);
    server.wait_ready();
    // The server's own module: the arguments `Server::spawn_model` gives.
    let options = served_options(&[
        "--model",
        dir.to_str().unwrap(),
        "--slots",
        "8",
        "--capacity",
        "64",
    ]);
    let reference = quality_logprobs(&dir, &options, &PROMPT, 3);
    // The first request of a fresh server runs alone in slot 0: one row, as quality's steps.
    let out = completion(
        &server,
        json!({"model": "tiny", "prompt": PROMPT, "echo": true, "logprobs": 3, "max_tokens": 0}),
    );
    let choice = &out["choices"][0];
    assert_eq!(choice["finish_reason"], "length", "{out}");
    assert_eq!(out["usage"]["completion_tokens"], 0, "{out}");
    let text: Vec<String> = PROMPT.iter().map(|&t| word(t)).collect();
    assert_eq!(choice["text"], text.join(" "), "{out}");
    let tokens: Vec<String> = choice["logprobs"]["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    assert_eq!(tokens, text);
    let (worst, exact) = compare(&choice["logprobs"], &reference);
    println!("served against quality's computation on the server's module: max |diff| {worst:e}, bit-equal: {exact}");
    assert!(exact, "max |diff| {worst:e}");
    // quality's own reference module (one slot, logits only, f32 weights and KV): the same
    // arithmetic in another module shape.
    let mut graphs = model::default_graph_options(1, 64);
    graphs.prefill_lengths = vec![32];
    graphs.heads = vec![Head::Logits];
    let quality_module = ModelOptions {
        graphs,
        weights: loader::Precision::F32,
        ..ModelOptions::cpu()
    };
    let f32_reference = quality_logprobs(&dir, &quality_module, &PROMPT, 3);
    let (worst, exact) = compare(&choice["logprobs"], &f32_reference);
    println!(
        "served against quality's f32 reference module: max |diff| {worst:e}, bit-equal: {exact}"
    );
    assert!(worst < 1e-5, "max |diff| {worst:e}");

    // Then a generated answer after the echo: the prompt's part is the same, the answer's
    // tokens follow with offsets past the prompt.
    let out = completion(
        &server,
        json!({"model": "tiny", "prompt": PROMPT, "echo": true, "logprobs": 3,
               "max_tokens": 4, "temperature": 0, "ignore_eos": true}),
    );
    let choice = &out["choices"][0];
    let logprobs = &choice["logprobs"];
    assert_eq!(
        logprobs["tokens"].as_array().unwrap().len(),
        PROMPT.len() + 4
    );
    let prompt_part = json!({
        "token_logprobs": logprobs["token_logprobs"].as_array().unwrap()[..PROMPT.len()],
        "top_logprobs": logprobs["top_logprobs"].as_array().unwrap()[..PROMPT.len()],
    });
    let (worst, _) = compare(&prompt_part, &reference);
    assert!(worst < 1e-5, "max |diff| {worst:e}");
    let plain = completion(
        &server,
        json!({"model": "tiny", "prompt": PROMPT, "max_tokens": 4, "temperature": 0,
               "ignore_eos": true}),
    );
    let answer = plain["choices"][0]["text"].as_str().unwrap();
    assert_eq!(
        choice["text"],
        format!("{}{answer}", text.join(" ")),
        "scoring the prompt leaves the answer as it was"
    );
    let offsets = logprobs["text_offset"].as_array().unwrap();
    assert_eq!(offsets[0], 0);
    assert!(offsets.windows(2).all(|w| w[0].as_u64() < w[1].as_u64()));

    // vLLM's prompt_logprobs on both endpoints: null first, then the token and the
    // alternatives by id.
    let out = completion(
        &server,
        json!({"model": "tiny", "prompt": PROMPT, "prompt_logprobs": 2, "max_tokens": 1}),
    );
    let prompt = out["choices"][0]["prompt_logprobs"].as_array().unwrap();
    assert_eq!(prompt.len(), PROMPT.len());
    assert_eq!(prompt[0], Value::Null);
    for (i, (expected, best)) in reference.iter().enumerate() {
        let entry = prompt[i + 1].as_object().unwrap();
        let own = &entry[&PROMPT[i + 1].to_string()];
        assert!((own["logprob"].as_f64().unwrap() - *expected as f64).abs() < 1e-5);
        assert_eq!(own["decoded_token"], word(PROMPT[i + 1]));
        for (rank, (id, _)) in best.iter().take(2).enumerate() {
            assert_eq!(entry[&id.to_string()]["rank"], rank + 1, "{entry:?}");
        }
    }
    let response = server.post_json(
        "/v1/chat/completions",
        &json!({"model": "tiny", "messages": [{"role": "user", "content": "w5 w6"}],
                "prompt_logprobs": 1, "max_completion_tokens": 0}),
    );
    assert_eq!(response.status, 200, "{}", response.body);
    let out = response.json();
    // The rendered prompt: `w10 user w5 w6 w11 w12`.
    assert_eq!(out["prompt_logprobs"].as_array().unwrap().len(), 6, "{out}");
    assert_eq!(out["choices"][0]["message"]["content"], "", "{out}");

    // Streamed: the echo and its log-probabilities come first, then the answer.
    let response = server.post_json(
        "/v1/completions",
        &json!({"model": "tiny", "prompt": PROMPT, "echo": true, "logprobs": 3,
                "max_tokens": 4, "temperature": 0, "ignore_eos": true, "stream": true}),
    );
    let mut text = String::new();
    let mut token_logprobs = Vec::new();
    for event in response.events() {
        if event == "[DONE]" {
            break;
        }
        let chunk: Value = serde_json::from_str(&event).unwrap();
        text.push_str(chunk["choices"][0]["text"].as_str().unwrap());
        if let Some(list) = chunk["choices"][0]["logprobs"]["token_logprobs"].as_array() {
            token_logprobs.extend(list.iter().cloned());
        }
    }
    assert_eq!(text, choice["text"].as_str().unwrap());
    // Streamed equal to whole, up to the decode batch a request shares: a request admitted
    // beside a parked cache runs a step or two as row 1 of a two-row step.
    let whole = logprobs["token_logprobs"].as_array().unwrap();
    assert_eq!(token_logprobs.len(), whole.len());
    assert_eq!(token_logprobs[0], Value::Null);
    for (a, b) in token_logprobs.iter().zip(whole).skip(1) {
        assert!(
            (a.as_f64().unwrap() - b.as_f64().unwrap()).abs() < 1e-5,
            "{a} {b}"
        );
    }
}

#[test]
fn prompt_fields_are_checked() {
    let server = Server::ready(&[]);
    let refused = |body: Value, path: &str, param: &str| {
        let response = server.post_json(path, &body);
        assert_eq!(response.status, 400, "{}", response.body);
        assert_eq!(
            response.json()["error"]["param"],
            param,
            "{}",
            response.body
        );
    };
    let prompt = json!([5, 6, 7]);
    refused(
        json!({"model": "tiny", "prompt": prompt, "max_tokens": 0}),
        "/v1/completions",
        "max_tokens",
    );
    refused(
        json!({"model": "tiny", "prompt": prompt, "prompt_logprobs": 21}),
        "/v1/completions",
        "prompt_logprobs",
    );
    refused(
        json!({"model": "tiny", "messages": [{"role": "user", "content": "w5"}], "echo": true}),
        "/v1/chat/completions",
        "echo",
    );
    // Echo without logprobs needs no scores: the prompt text, then the answer.
    let response = server.post_json(
        "/v1/completions",
        &json!({"model": "tiny", "prompt": "w5 w6", "echo": true, "max_tokens": 0}),
    );
    assert_eq!(response.status, 200, "{}", response.body);
    let out = response.json();
    assert_eq!(out["choices"][0]["text"], "w5 w6", "{out}");
    assert_eq!(out["choices"][0]["logprobs"], Value::Null, "{out}");
    // Streamed, the echo goes out first; chat's prompt_logprobs come in a chunk of their own.
    let response = server.post_json(
        "/v1/completions",
        &json!({"model": "tiny", "prompt": "w5 w6", "echo": true, "max_tokens": 2,
                "stream": true}),
    );
    let first: Value = serde_json::from_str(&response.events()[0]).unwrap();
    assert_eq!(first["choices"][0]["text"], "w5 w6", "{}", response.body);
    let response = server.post_json(
        "/v1/chat/completions",
        &json!({"model": "tiny", "messages": [{"role": "user", "content": "w5"}],
                "prompt_logprobs": 0, "max_tokens": 2, "stream": true}),
    );
    let scored: Vec<Value> = response
        .events()
        .iter()
        .filter(|e| e.as_str() != "[DONE]")
        .map(|e| serde_json::from_str::<Value>(e).unwrap())
        .filter(|c| c.get("prompt_logprobs").is_some())
        .collect();
    assert_eq!(scored.len(), 1, "{}", response.body);
    // `w10 user w5 w11 w12`: five tokens, the first without a log-probability.
    let list = scored[0]["prompt_logprobs"].as_array().unwrap();
    assert_eq!(list.len(), 5, "{}", response.body);
    assert!(list[0].is_null() && list[1..].iter().all(|e| e.as_object().unwrap().len() == 1));
}

#[test]
fn a_list_of_prompts_gets_its_choices_in_order() {
    let server = Server::ready(&[]);
    let one = |prompt: Value| {
        completion(
            &server,
            json!({"model": "tiny", "prompt": prompt, "max_tokens": 3, "temperature": 0,
                   "ignore_eos": true, "echo": true, "logprobs": 1}),
        )
    };
    let alone: Vec<Value> = [json!([5, 6, 7]), json!([8, 9])]
        .into_iter()
        .map(one)
        .collect();
    // lm-eval-harness's batches: token lists; OpenAI's: texts. Choice i answers prompt i / n.
    for prompt in [json!([[5, 6, 7], [8, 9]]), json!(["w5 w6 w7", "w8 w9"])] {
        let out = completion(
            &server,
            json!({"model": "tiny", "prompt": prompt, "max_tokens": 3, "temperature": 0,
                   "ignore_eos": true, "echo": true, "logprobs": 1, "n": 2}),
        );
        let choices = out["choices"].as_array().unwrap();
        assert_eq!(choices.len(), 4, "{out}");
        for (i, choice) in choices.iter().enumerate() {
            assert_eq!(choice["index"], i);
            let expected = &alone[i / 2]["choices"][0];
            assert_eq!(choice["text"], expected["text"], "{out}");
            assert_eq!(
                choice["logprobs"]["tokens"], expected["logprobs"]["tokens"],
                "{out}"
            );
        }
        assert_eq!(out["usage"]["prompt_tokens"], 5, "{out}");
        assert_eq!(out["usage"]["completion_tokens"], 12, "{out}");
    }
    let response = server.post_json(
        "/v1/completions",
        &json!({"model": "tiny", "prompt": [], "max_tokens": 1}),
    );
    assert_eq!(response.status, 400, "{}", response.body);
    let info = server.get("/tokenizer_info").json();
    assert_eq!(info["eos_token"], "</s>", "{info}");
    assert_eq!(info["model_max_length"], 64, "{info}");
    assert!(
        info["chat_template"].as_str().unwrap().contains("w12"),
        "{info}"
    );
}
