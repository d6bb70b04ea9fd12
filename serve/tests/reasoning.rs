//! A thinking model's reasoning on the tiny model with a Qwen3-style template: split from
//! the answer exactly where the raw text has `</think>`, streamed ahead of the answer and
//! reassembled equal to the whole, switched off by `enable_thinking: false`, a JSON schema
//! applied to the answer only, and the template's keyword arguments checked.

mod common;

use common::{piece_id, reassemble, Server};
use serde_json::{json, Value};

fn server(extra: &[&str]) -> Server {
    let server = Server::spawn_model(&common::tiny_thinking(), extra, &[]);
    server.wait_ready();
    server
}

fn post(server: &Server, body: &Value) -> Value {
    let response = server.post_json("/v1/chat/completions", body);
    assert_eq!(response.status, 200, "{}", response.body);
    response.json()
}

/// A sampled chat request whose `</think>` is likely enough to close the reasoning early.
fn thinking_request(seed: u64) -> Value {
    let bias = json!({piece_id("</think>").to_string(): 6, piece_id("<think>").to_string(): -100});
    json!({"model": "tiny", "messages": [{"role": "user", "content": "go"}],
           "temperature": 1.0, "seed": seed, "max_tokens": 24, "logit_bias": bias})
}

/// The raw text of `body`'s answer split as the parser should: the reasoning before the first
/// `</think>` (trimmed), the answer after it (leading whitespace dropped).
fn expected_split(raw: &str) -> (Option<String>, String) {
    match raw.split_once("</think>") {
        Some((reasoning, answer)) => (
            Some(reasoning.trim().to_string()).filter(|r| !r.is_empty()),
            answer.trim_start().to_string(),
        ),
        None => (
            Some(raw.trim().to_string()).filter(|r| !r.is_empty()),
            String::new(),
        ),
    }
}

#[test]
fn reasoning_splits_at_the_closing_tag_whole_and_streamed() {
    let server = server(&[]);
    let mut split_both = 0;
    for seed in 0..6 {
        let body = thinking_request(seed);
        let mut raw_body = body.clone();
        raw_body["separate_reasoning"] = json!(false);
        let raw = post(&server, &raw_body);
        let raw_text = raw["choices"][0]["message"]["content"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            raw["choices"][0]["message"]["reasoning_content"].is_null(),
            "{raw}"
        );
        let out = post(&server, &body);
        let message = &out["choices"][0]["message"];
        let (reasoning, content) = expected_split(&raw_text);
        assert_eq!(
            message["reasoning_content"].as_str(),
            reasoning.as_deref(),
            "{raw_text:?}"
        );
        assert_eq!(
            message["content"].as_str().unwrap(),
            content,
            "{raw_text:?}"
        );
        assert!(message.get("reasoning").is_none(), "{out}");
        let usage = &out["usage"];
        let thought = usage["completion_tokens_details"]["reasoning_tokens"]
            .as_u64()
            .unwrap();
        let closed = raw_text.contains("</think>");
        if closed {
            // Up to and with the closing tag; the rest is the answer.
            assert!(
                thought >= 1 && thought < usage["completion_tokens"].as_u64().unwrap(),
                "{out}"
            );
        }
        if reasoning.is_some() && !content.is_empty() {
            split_both += 1;
        }
        let mut streamed = body.clone();
        streamed["stream"] = json!(true);
        streamed["stream_options"] = json!({"include_usage": true});
        let response = server.post_json("/v1/chat/completions", &streamed);
        assert_eq!(response.status, 200, "{}", response.body);
        let events = response.events();
        let (r, c, ordered) = reassemble(&events, "reasoning_content");
        assert_eq!(Some(r).filter(|r| !r.is_empty()), reasoning, "{events:?}");
        assert_eq!(c, content, "{events:?}");
        assert!(ordered, "reasoning after content: {events:?}");
        let last: Value = serde_json::from_str(&events[events.len() - 2]).unwrap();
        assert_eq!(
            last["usage"]["completion_tokens_details"]["reasoning_tokens"],
            thought
        );
    }
    assert!(split_both > 0, "no seed gave both reasoning and an answer");
    // Left out on request.
    let mut body = thinking_request(0);
    body["include_reasoning"] = json!(false);
    let out = post(&server, &body);
    assert!(
        out["choices"][0]["message"]
            .get("reasoning_content")
            .is_none(),
        "{out}"
    );
}

#[test]
fn thinking_off_formats_and_template_arguments() {
    let server = server(&["--reasoning-format", "both"]);
    let mut body = thinking_request(1);
    body["chat_template_kwargs"] = json!({"enable_thinking": false});
    body["separate_reasoning"] = json!(false);
    let raw = post(&server, &body);
    body.as_object_mut().unwrap().remove("separate_reasoning");
    let out = post(&server, &body);
    let message = &out["choices"][0]["message"];
    // The template closed the block: all of the reply is answer, tags and all.
    assert_eq!(
        message["content"], raw["choices"][0]["message"]["content"],
        "{out}"
    );
    assert!(
        message["reasoning_content"].is_null() && message["reasoning"].is_null(),
        "{out}"
    );
    assert_eq!(
        out["usage"]["completion_tokens_details"]["reasoning_tokens"],
        0
    );
    // reasoning_effort "none" is the same switch for a template that reads enable_thinking.
    let mut effort = thinking_request(1);
    effort["reasoning_effort"] = json!("none");
    assert_eq!(post(&server, &effort)["choices"], out["choices"]);
    // Thinking on: both fields carry the same reasoning.
    let out = post(&server, &thinking_request(2));
    let message = &out["choices"][0]["message"];
    assert_eq!(message["reasoning"], message["reasoning_content"], "{out}");
    // An earlier turn's reasoning renders where the template reads it.
    let rendered = server.post_json(
        "/tokenize",
        &json!({"messages": [{"role": "user", "content": "q"},
                             {"role": "assistant", "content": "A", "reasoning_content": "R"}]}),
    );
    let tokens = rendered.json()["tokens"].clone();
    let text = server
        .post_json("/detokenize", &json!({"tokens": tokens}))
        .json()["prompt"]
        .clone();
    assert_eq!(text, "u:q\na:<think>R</think>A\na:<think>\n");
    for (field, value, says) in [
        (
            "reasoning_effort",
            json!("high"),
            "does not read reasoning_effort",
        ),
        ("reasoning_effort", json!("extreme"), "must be one of"),
        (
            "chat_template_kwargs",
            json!({"mood": 1}),
            "does not read \"mood\"",
        ),
        (
            "chat_template_kwargs",
            json!({"messages": []}),
            "replace a variable",
        ),
    ] {
        let mut body = thinking_request(0);
        body[field] = value;
        let response = server.post_json("/v1/chat/completions", &body);
        assert_eq!(response.status, 400, "{}", response.body);
        let error = &response.json()["error"];
        assert_eq!(error["param"], field, "{error}");
        assert!(error["message"].as_str().unwrap().contains(says), "{error}");
    }
    let response = server.post_json(
        "/v1/completions",
        &json!({"model": "tiny", "prompt": "x", "chat_template_kwargs": {"enable_thinking": true}}),
    );
    assert_eq!(response.status, 400, "{}", response.body);
}

#[test]
fn a_schema_applies_to_the_answer_after_the_reasoning() {
    let server = server(&[]);
    let schema = json!({"type": "object", "properties": {"ok": {"type": "boolean"}},
                        "required": ["ok"], "additionalProperties": false});
    let validator = jsonschema::validator_for(&schema).unwrap();
    let mut reasoned = 0;
    for seed in 0..6 {
        let mut body = thinking_request(seed);
        body["logit_bias"][piece_id("</think>").to_string()] = json!(3);
        body["max_tokens"] = json!(40);
        body["response_format"] =
            json!({"type": "json_schema", "json_schema": {"name": "a", "schema": schema}});
        let out = post(&server, &body);
        let choice = &out["choices"][0];
        if choice["finish_reason"] != "stop" {
            // The reasoning never closed within the limit: nothing was constrained.
            assert!(
                choice["message"]["content"] == "" || choice["message"]["content"].is_null(),
                "{out}"
            );
            continue;
        }
        let content = choice["message"]["content"].as_str().unwrap();
        let value: Value =
            serde_json::from_str(content).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"));
        assert!(validator.is_valid(&value), "{content}");
        if choice["message"]["reasoning_content"]
            .as_str()
            .is_some_and(|r| !r.is_empty())
        {
            reasoned += 1;
        }
    }
    assert!(reasoned > 0, "no answer came after some reasoning");
}
