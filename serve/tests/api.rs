//! The server's API on the tiny model: responses in OpenAI's shape, streams,
//! seeds, `n`, stop strings, logprobs, metrics, and a 4xx naming the field
//! for every bad request.

mod common;

use common::Server;
use serde_json::{json, Value};

/// A ready server of its own for each test (killed when the test ends).
fn server() -> Server {
    Server::ready(&[])
}

fn complete(server: &Server, body: Value) -> Value {
    let response = server.post_json("/v1/completions", &body);
    assert_eq!(response.status, 200, "{}", response.body);
    response.json()
}

fn chat(server: &Server, body: Value) -> Value {
    let response = server.post_json("/v1/chat/completions", &body);
    assert_eq!(response.status, 200, "{}", response.body);
    response.json()
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn completion_has_openai_shape_and_usage() {
    let server = server();
    let out = complete(
        &server,
        json!({
            "model": "tiny", "prompt": [5, 6, 7], "max_tokens": 6, "temperature": 0, "ignore_eos": true,
        }),
    );
    assert_eq!(out["object"], "text_completion");
    assert!(out["id"].as_str().unwrap().starts_with("cmpl-"));
    assert_eq!(out["model"], "tiny");
    let choice = &out["choices"][0];
    assert_eq!(choice["index"], 0);
    assert_eq!(choice["finish_reason"], "length");
    assert_eq!(words(choice["text"].as_str().unwrap()).len(), 6, "{out}");
    assert_eq!(
        out["usage"],
        json!({"prompt_tokens": 3, "completion_tokens": 6, "total_tokens": 9,
               "prompt_tokens_details": {"cached_tokens": 0}})
    );
    // A text prompt is tokenized with the model's tokenizer: same ids, same output.
    let text = complete(
        &server,
        json!({
            "model": "tiny", "prompt": "w5 w6 w7", "max_tokens": 6, "temperature": 0, "ignore_eos": true,
        }),
    );
    assert_eq!(text["choices"][0]["text"], choice["text"]);
}

#[test]
fn chat_uses_the_template_and_max_completion_tokens() {
    let server = server();
    let out = chat(
        &server,
        json!({
            "model": "tiny",
            "messages": [{"role": "system", "content": "w20 w21"}, {"role": "user", "content": "w30"}],
            "max_completion_tokens": 4, "temperature": 0, "ignore_eos": true,
        }),
    );
    assert_eq!(out["object"], "chat.completion");
    let choice = &out["choices"][0];
    assert_eq!(choice["message"]["role"], "assistant");
    assert_eq!(choice["finish_reason"], "length");
    assert_eq!(
        words(choice["message"]["content"].as_str().unwrap()).len(),
        4
    );
    // w10 <unk> w20 w21 w11 w10 <unk> w30 w11 w12
    assert_eq!(out["usage"]["prompt_tokens"], 10);
    assert_eq!(out["usage"]["completion_tokens"], 4);
    // The same prompt as raw token ids gives the same text.
    let raw = complete(
        &server,
        json!({
            "model": "tiny", "prompt": [10, 0, 20, 21, 11, 10, 0, 30, 11, 12],
            "max_tokens": 4, "temperature": 0, "ignore_eos": true,
        }),
    );
    assert_eq!(raw["choices"][0]["text"], choice["message"]["content"]);
}

#[test]
fn seeds_reproduce_and_n_draws_separate_sequences() {
    let server = server();
    let body = |seed: u64, n: u32| {
        json!({"model": "tiny", "prompt": [9, 8, 7], "max_tokens": 12, "temperature": 1.0,
               "seed": seed, "n": n, "ignore_eos": true})
    };
    let text = |out: &Value, i: usize| out["choices"][i]["text"].as_str().unwrap().to_string();
    let a = complete(&server, body(42, 1));
    let b = complete(&server, body(42, 1));
    let c = complete(&server, body(43, 1));
    assert_eq!(text(&a, 0), text(&b, 0));
    assert_ne!(text(&a, 0), text(&c, 0));
    let three = complete(&server, body(42, 3));
    assert_eq!(three["choices"].as_array().unwrap().len(), 3);
    // Choice i draws with seed + i: choice 0 is the single request's sequence.
    assert_eq!(text(&three, 0), text(&a, 0));
    assert_eq!(text(&three, 1), text(&c, 0));
    assert_ne!(text(&three, 1), text(&three, 2));
    assert_eq!(three["usage"]["prompt_tokens"], 3);
    assert_eq!(three["usage"]["completion_tokens"], 36);
}

#[test]
fn stop_strings_end_the_text_before_the_match() {
    let server = server();
    let body = json!({"model": "tiny", "prompt": [3, 4], "max_tokens": 20, "temperature": 0,
                      "ignore_eos": true});
    let full = complete(&server, body.clone());
    let full_text = full["choices"][0]["text"].as_str().unwrap().to_string();
    let stop = words(&full_text)[4].to_string();
    let mut with_stop = body.clone();
    with_stop["stop"] = json!([stop, "never-seen"]);
    let out = complete(&server, with_stop);
    let choice = &out["choices"][0];
    assert_eq!(choice["finish_reason"], "stop");
    let cut = full_text.find(&stop).unwrap();
    assert_eq!(choice["text"], full_text[..cut]);
    assert!(out["usage"]["completion_tokens"].as_u64().unwrap() < 20);
}

#[test]
fn logprobs_in_both_formats() {
    let server = server();
    let out = complete(
        &server,
        json!({"model": "tiny", "prompt": [5], "max_tokens": 3, "temperature": 0,
                             "logprobs": 2, "ignore_eos": true}),
    );
    let lp = &out["choices"][0]["logprobs"];
    let tokens = lp["tokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 3);
    assert_eq!(lp["token_logprobs"].as_array().unwrap().len(), 3);
    assert_eq!(lp["text_offset"].as_array().unwrap().len(), 3);
    for (i, top) in lp["top_logprobs"].as_array().unwrap().iter().enumerate() {
        let top = top.as_object().unwrap();
        assert_eq!(top.len(), 2);
        // Greedy: the chosen token is the most likely one.
        let best = top
            .values()
            .map(|v| v.as_f64().unwrap())
            .fold(f64::MIN, f64::max);
        let chosen = lp["token_logprobs"][i].as_f64().unwrap();
        assert!(chosen <= 0.0 && (chosen - best).abs() < 1e-4, "{lp}");
        assert!(top.contains_key(tokens[i].as_str().unwrap()));
    }
    let out = chat(
        &server,
        json!({"model": "tiny", "messages": [{"role": "user", "content": "w7"}],
                         "max_tokens": 3, "temperature": 0, "logprobs": true, "top_logprobs": 3,
                         "ignore_eos": true}),
    );
    let content = out["choices"][0]["logprobs"]["content"].as_array().unwrap();
    assert_eq!(content.len(), 3);
    for entry in content {
        assert!(entry["logprob"].as_f64().unwrap() <= 0.0);
        assert_eq!(entry["top_logprobs"].as_array().unwrap().len(), 3);
        assert!(entry["bytes"].is_array());
    }
    let without = chat(
        &server,
        json!({"model": "tiny", "messages": [{"role": "user", "content": "w7"}],
                             "max_tokens": 3, "temperature": 0}),
    );
    assert!(without["choices"][0]["logprobs"].is_null());
}

#[test]
fn streams_end_with_usage_then_done() {
    let server = server();
    let body = json!({"model": "tiny", "messages": [{"role": "user", "content": "w7 w8"}],
                      "max_tokens": 5, "temperature": 0, "ignore_eos": true, "n": 2,
                      "stream": true, "stream_options": {"include_usage": true}});
    let response = server.post_json("/v1/chat/completions", &body);
    assert_eq!(response.status, 200);
    assert_eq!(response.header("content-type"), Some("text/event-stream"));
    let events = response.events();
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
    let chunks: Vec<Value> = events[..events.len() - 1]
        .iter()
        .map(|e| serde_json::from_str(e).unwrap())
        .collect();
    let usage = chunks.last().unwrap();
    assert_eq!(usage["choices"], json!([]));
    assert_eq!(usage["usage"]["completion_tokens"], 10);
    let mut text = [String::new(), String::new()];
    let mut finished = [0, 0];
    for chunk in &chunks[..chunks.len() - 1] {
        assert_eq!(chunk["object"], "chat.completion.chunk");
        assert!(chunk["usage"].is_null());
        let choice = &chunk["choices"][0];
        let i = choice["index"].as_u64().unwrap() as usize;
        if let Some(t) = choice["delta"]["content"].as_str() {
            text[i].push_str(t);
        }
        if !choice["finish_reason"].is_null() {
            assert_eq!(choice["finish_reason"], "length");
            finished[i] += 1;
        }
    }
    assert_eq!(finished, [1, 1]);
    let whole = chat(
        &server,
        json!({"model": "tiny", "messages": [{"role": "user", "content": "w7 w8"}],
                           "max_tokens": 5, "temperature": 0, "ignore_eos": true}),
    );
    let expected = whole["choices"][0]["message"]["content"].as_str().unwrap();
    assert_eq!(text[0], expected);
    assert_eq!(text[1], expected);
}

#[test]
fn completion_stream_without_usage() {
    let server = server();
    let body = json!({"model": "tiny", "prompt": "w3 w4", "max_tokens": 4, "temperature": 0,
                      "ignore_eos": true, "stream": true});
    let response = server.post_json("/v1/completions", &body);
    assert_eq!(response.status, 200);
    let events = response.events();
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
    let mut text = String::new();
    for event in &events[..events.len() - 1] {
        let chunk: Value = serde_json::from_str(event).unwrap();
        assert_eq!(chunk["object"], "text_completion");
        assert!(chunk.get("usage").is_none());
        assert_eq!(chunk["choices"].as_array().unwrap().len(), 1);
        text.push_str(chunk["choices"][0]["text"].as_str().unwrap());
    }
    let whole = complete(
        &server,
        json!({"model": "tiny", "prompt": "w3 w4", "max_tokens": 4,
                               "temperature": 0, "ignore_eos": true}),
    );
    assert_eq!(text, whole["choices"][0]["text"].as_str().unwrap());
}

#[test]
fn models_health_and_metrics() {
    let server = server();
    assert_eq!(server.get("/health").status, 200);
    let models = server.get("/v1/models").json();
    assert_eq!(models["object"], "list");
    assert_eq!(models["data"][0]["id"], "tiny");
    assert_eq!(models["data"][0]["max_model_len"], 64);
    complete(
        &server,
        json!({"model": "tiny", "prompt": [5], "max_tokens": 2}),
    );
    let metrics = server.get("/metrics");
    assert!(metrics
        .header("content-type")
        .unwrap()
        .starts_with("text/plain"));
    for name in [
        "vllm:num_requests_running",
        "vllm:num_requests_waiting",
        "vllm:kv_cache_usage_perc",
        "vllm:prompt_tokens_total",
        "vllm:generation_tokens_total",
        "vllm:prefix_cache_hits_total",
        "vllm:time_to_first_token_seconds_bucket",
        "vllm:inter_token_latency_seconds_bucket",
    ] {
        assert!(
            metrics.body.contains(name),
            "{name} missing:\n{}",
            metrics.body
        );
    }
    assert!(server.metric("vllm:generation_tokens_total") >= 2.0);
    assert!(server.metric("vllm:time_to_first_token_seconds_count") >= 1.0);
}

/// Sends `body` to `path` and checks the 4xx error names `param`.
fn rejects(server: &Server, path: &str, body: &str, status: u16, param: &str) {
    let response = server.post(path, body);
    assert_eq!(response.status, status, "{body} -> {}", response.body);
    let error = &response.json()["error"];
    assert_eq!(error["param"], param, "{body} -> {error}");
    assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert!(error["type"].is_string());
}

#[test]
fn every_bad_request_gets_a_4xx_naming_the_field() {
    let server = server();
    let c = "/v1/completions";
    let chat_path = "/v1/chat/completions";
    let ok = r#""model": "tiny", "prompt": [5]"#;
    rejects(&server, c, "{not json", 400, "body");
    rejects(&server, c, "[1, 2]", 400, "body");
    rejects(&server, c, r#"{"prompt": [5]}"#, 400, "model");
    rejects(
        &server,
        c,
        r#"{"model": "gpt-9", "prompt": [5]}"#,
        404,
        "model",
    );
    rejects(&server, c, r#"{"model": "tiny"}"#, 400, "prompt");
    rejects(
        &server,
        c,
        r#"{"model": "tiny", "prompt": []}"#,
        400,
        "prompt",
    );
    rejects(
        &server,
        c,
        r#"{"model": "tiny", "prompt": [5, 512]}"#,
        400,
        "prompt",
    );
    rejects(
        &server,
        c,
        r#"{"model": "tiny", "prompt": {"a": 1}}"#,
        400,
        "prompt",
    );
    // A list of prompts holds texts or token lists, not both, and at most 64.
    rejects(
        &server,
        c,
        r#"{"model": "tiny", "prompt": ["w3", [4]]}"#,
        400,
        "prompt",
    );
    let many = serde_json::json!({"model": "tiny", "prompt": vec!["w3"; 65]});
    rejects(&server, c, &many.to_string(), 400, "prompt");
    let long: Vec<u32> = vec![5; 64];
    rejects(
        &server,
        c,
        &json!({"model": "tiny", "prompt": long}).to_string(),
        400,
        "prompt",
    );
    for (field, value) in [
        ("temperature", "\"hot\""),
        ("temperature", "-0.5"),
        ("temperature", "3"),
        ("top_p", "0"),
        ("top_p", "1.5"),
        ("top_k", "-2"),
        ("top_k", "2.5"),
        ("min_p", "2"),
        ("repetition_penalty", "0"),
        ("frequency_penalty", "3"),
        ("presence_penalty", "-2.5"),
        ("max_tokens", "0"),
        ("max_tokens", "64"),
        ("max_tokens", "-1"),
        ("n", "0"),
        ("n", "100"),
        ("seed", "\"x\""),
        ("stop", "[\"\"]"),
        ("stop", "5"),
        ("stream", "\"yes\""),
        ("logprobs", "true"),
        ("logprobs", "21"),
        ("top_logprobs", "2"),
        ("logit_bias", r#"{"600": 1}"#),
        ("logit_bias", r#"{"abc": 1}"#),
        ("logit_bias", r#"{"5": 500}"#),
        ("logit_bias", "[1]"),
        ("max_completion_tokens", "5"),
        ("ignore_eos", "1"),
    ] {
        rejects(
            &server,
            c,
            &format!("{{{ok}, \"{field}\": {value}}}"),
            400,
            field,
        );
    }
    rejects(
        &server,
        c,
        &format!("{{{ok}, \"stream_options\": {{\"include_usage\": true}}}}"),
        400,
        "stream_options",
    );
    let msgs = r#""model": "tiny", "messages": [{"role": "user", "content": "w5"}]"#;
    rejects(&server, chat_path, r#"{"model": "tiny"}"#, 400, "messages");
    rejects(
        &server,
        chat_path,
        r#"{"model": "tiny", "messages": []}"#,
        400,
        "messages",
    );
    rejects(
        &server,
        chat_path,
        r#"{"model": "tiny", "messages": "hi"}"#,
        400,
        "messages",
    );
    rejects(
        &server,
        chat_path,
        r#"{"model": "tiny", "messages": [{"content": "w5"}]}"#,
        400,
        "messages",
    );
    rejects(
        &server,
        chat_path,
        r#"{"model": "tiny", "messages": [{"role": "user", "content": [{"type": "image_url"}]}]}"#,
        400,
        "messages",
    );
    rejects(
        &server,
        chat_path,
        &format!("{{{msgs}, \"logprobs\": 3}}"),
        400,
        "logprobs",
    );
    rejects(
        &server,
        chat_path,
        &format!("{{{msgs}, \"top_logprobs\": 2}}"),
        400,
        "top_logprobs",
    );
    rejects(
        &server,
        chat_path,
        &format!("{{{msgs}, \"logprobs\": true, \"top_logprobs\": 50}}"),
        400,
        "top_logprobs",
    );
    rejects(
        &server,
        chat_path,
        &format!("{{{msgs}, \"max_completion_tokens\": 0}}"),
        400,
        "max_completion_tokens",
    );
    rejects(
        &server,
        chat_path,
        &format!("{{{msgs}, \"prompt\": \"w5\"}}"),
        400,
        "prompt",
    );
    let history = "w5 ".repeat(60);
    rejects(
        &server,
        chat_path,
        &json!({"model": "tiny", "messages": [{"role": "user", "content": history}]}).to_string(),
        400,
        "messages",
    );
    // The server keeps serving after all of that.
    complete(
        &server,
        json!({"model": "tiny", "prompt": [5], "max_tokens": 2}),
    );
}
