//! gpt-oss's harmony channels on the tiny model with harmony's markers as special tokens and
//! a harmony-style template: the analysis split from the answer exactly where the raw text's
//! markers put it, whole and streamed, on chat and on Anthropic's Messages; no marker in the
//! content; a commentary call to a function as `tool_calls`, its arguments streamed; the
//! reasoning effort and earlier reasoning rendered where the template reads them.

mod common;

use common::{harmony_id, reassemble, Server};
use serde_json::{json, Value};

fn server() -> Server {
    let server = Server::spawn_model(&common::tiny_harmony(), &[], &[]);
    server.wait_ready();
    server
}

fn post(server: &Server, path: &str, body: &Value) -> Value {
    let response = server.post_json(path, body);
    assert_eq!(response.status, 200, "{}", response.body);
    response.json()
}

/// A sampled request whose reply (opened on the analysis channel by the template) is likely
/// to end its message and start another one without a channel, which is an answer.
fn request(seed: u64) -> Value {
    let mut bias = serde_json::Map::new();
    for (marker, weight) in [
        ("<|end|>", 5),
        ("<|start|>", 5),
        ("<|message|>", 5),
        // Channels and formats are spelled in plain bytes by a random model: left out.
        ("<|channel|>", -100),
        ("<|constrain|>", -100),
        ("<|return|>", -100),
        ("<|call|>", -100),
    ] {
        bias.insert(harmony_id(marker).to_string(), json!(weight));
    }
    json!({"model": "tiny", "messages": [{"role": "user", "content": "go"}],
           "temperature": 1.0, "seed": seed, "max_tokens": 30, "logit_bias": bias})
}

/// What the raw text says, read as harmony: the reply starts in the analysis' body; `<|end|>`
/// ends a message, `<|start|>` opens a header, and `<|message|>` its body, which is an answer
/// (the requests leave channels out). Text between messages belongs to none.
fn expected_split(raw: &str) -> (String, String) {
    #[derive(PartialEq)]
    enum Place {
        Reasoning,
        Answer,
        Header,
        Between,
    }
    let (mut reasoning, mut answer, mut place) = (String::new(), String::new(), Place::Reasoning);
    let mut rest = raw;
    while !rest.is_empty() {
        let marker = ["<|end|>", "<|start|>", "<|message|>"]
            .iter()
            .find(|m| rest.starts_with(**m));
        if let Some(marker) = marker {
            place = match (*marker, place) {
                ("<|end|>", _) => Place::Between,
                ("<|start|>", _) => Place::Header,
                (_, Place::Header) => Place::Answer,
                (_, other) => other,
            };
            rest = &rest[marker.len()..];
            continue;
        }
        let c = rest.chars().next().unwrap();
        match place {
            Place::Reasoning => reasoning.push(c),
            Place::Answer => answer.push(c),
            Place::Header | Place::Between => {}
        }
        rest = &rest[c.len_utf8()..];
    }
    (reasoning, answer)
}

#[test]
fn channels_split_reasoning_from_the_answer_whole_and_streamed() {
    let server = server();
    let mut both = 0;
    for seed in 0..8 {
        let body = request(seed);
        let mut raw_body = body.clone();
        raw_body["separate_reasoning"] = json!(false);
        let raw = post(&server, "/v1/chat/completions", &raw_body);
        let raw_text = raw["choices"][0]["message"]["content"].as_str().unwrap();
        let (reasoning, content) = expected_split(raw_text);
        let out = post(&server, "/v1/chat/completions", &body);
        let message = &out["choices"][0]["message"];
        let non_empty = |s: &str| (!s.is_empty()).then(|| s.to_string());
        assert_eq!(
            message["reasoning_content"].as_str().map(str::to_string),
            non_empty(&reasoning),
            "{raw_text:?}"
        );
        assert_eq!(
            message["content"].as_str().unwrap(),
            content,
            "{raw_text:?}"
        );
        assert!(!content.contains("<|"), "a marker in the content: {out}");
        let usage = &out["usage"];
        let thought = usage["completion_tokens_details"]["reasoning_tokens"]
            .as_u64()
            .unwrap();
        if !reasoning.is_empty() {
            assert!(thought > 0, "{out}");
        }
        if !content.is_empty() {
            assert!(
                thought < usage["completion_tokens"].as_u64().unwrap(),
                "{out}"
            );
            both += usize::from(!reasoning.is_empty());
        }
        let mut streamed = body.clone();
        streamed["stream"] = json!(true);
        let response = server.post_json("/v1/chat/completions", &streamed);
        assert_eq!(response.status, 200, "{}", response.body);
        let events = response.events();
        let (r, c, ordered) = reassemble(&events, "reasoning_content");
        assert_eq!((r, c), (reasoning, content), "{events:?}");
        assert!(ordered, "reasoning after content: {events:?}");
    }
    assert!(both > 0, "no seed gave both reasoning and an answer");
}

#[test]
fn anthropic_thinking_blocks_carry_the_analysis() {
    let server = server();
    let chat = post(
        &server,
        "/v1/chat/completions",
        &json!({"model": "tiny", "messages": [{"role": "user", "content": "go"}],
                "temperature": 0, "max_tokens": 12}),
    );
    let reasoning = chat["choices"][0]["message"]["reasoning_content"].clone();
    assert!(reasoning.as_str().is_some_and(|r| !r.is_empty()), "{chat}");
    let message = post(
        &server,
        "/v1/messages",
        &json!({"model": "tiny", "max_tokens": 12, "temperature": 0,
                "messages": [{"role": "user", "content": "go"}]}),
    );
    let blocks = message["content"].as_array().unwrap();
    assert_eq!(blocks[0]["type"], "thinking", "{message}");
    assert_eq!(blocks[0]["thinking"], reasoning, "{message}");
}

/// A call to `get` under `choice`, made to start with the recipient (the grammar does the
/// rest, and under `required` allows the space before it); the short header is likelier, so
/// that the call fits the tiny model's context.
fn call_request(choice: &str, seed: u64) -> Value {
    let tools = json!([{"type": "function", "function": {"name": "get", "parameters":
        {"type": "object", "properties": {"c": {"type": "boolean"}}, "required": ["c"]}}}]);
    let bias = json!({harmony_id("to=functions.").to_string(): 100,
                      common::byte_id(b' ').to_string(): 100,
                      harmony_id("<|message|>").to_string(): 10});
    json!({"model": "tiny", "messages": [{"role": "user", "content": "w"}],
           "tools": tools, "tool_choice": choice, "temperature": 1.0, "seed": seed,
           "max_tokens": 24, "logit_bias": bias})
}

#[test]
fn a_commentary_call_becomes_tool_calls_whole_and_streamed() {
    let server = server();
    let mut called = Vec::new();
    for (mode, seed) in ["auto", "required"]
        .into_iter()
        .flat_map(|c| (0..3).map(move |s| (c, s)))
    {
        let body = call_request(mode, seed);
        let out = post(&server, "/v1/chat/completions", &body);
        let choice = &out["choices"][0];
        if choice["finish_reason"] == "length" {
            continue;
        }
        assert_eq!(choice["finish_reason"], "tool_calls", "{out}");
        let call = &choice["message"]["tool_calls"][0]["function"];
        assert_eq!(call["name"], "get", "{out}");
        let arguments = call["arguments"].as_str().unwrap();
        let value: Value = serde_json::from_str(arguments).expect("JSON arguments");
        assert!(value["c"].is_boolean(), "{arguments}");
        assert!(
            choice["message"]["content"].is_null() || choice["message"]["content"] == "",
            "{out}"
        );
        called.push(mode);
        let mut streamed = body.clone();
        streamed["stream"] = json!(true);
        let response = server.post_json("/v1/chat/completions", &streamed);
        let (mut name, mut args, mut reason, mut deltas) = (None, String::new(), None, 0);
        for event in response.events().iter().filter(|e| e.as_str() != "[DONE]") {
            let chunk: Value = serde_json::from_str(event).unwrap();
            let choice = &chunk["choices"][0];
            if let Some(call) = choice["delta"]["tool_calls"].get(0) {
                if let Some(n) = call["function"]["name"].as_str() {
                    name = Some(n.to_string());
                }
                if let Some(a) = call["function"]["arguments"]
                    .as_str()
                    .filter(|a| !a.is_empty())
                {
                    args.push_str(a);
                    deltas += 1;
                }
            }
            if let Some(r) = choice["finish_reason"].as_str() {
                reason = Some(r.to_string());
            }
        }
        assert_eq!(name.as_deref(), Some("get"));
        assert_eq!(args, arguments);
        assert!(deltas > 1, "arguments came whole: {:?}", response.body);
        assert_eq!(reason.as_deref(), Some("tool_calls"));
    }
    for mode in ["auto", "required"] {
        assert!(
            called.contains(&mode),
            "no {mode} call closed within max_tokens"
        );
    }
}

#[test]
fn effort_and_earlier_reasoning_reach_the_template() {
    let server = server();
    // The effort is a system message of its own: `<|start|>`, `system`, `<|message|>`, the
    // effort's bytes and `<|end|>`.
    let prompt_tokens = |effort: Option<&str>| {
        let mut body = json!({"model": "tiny", "messages": [{"role": "user", "content": "go"}],
                              "max_tokens": 1});
        if let Some(effort) = effort {
            body["reasoning_effort"] = json!(effort);
        }
        post(&server, "/v1/chat/completions", &body)["usage"]["prompt_tokens"]
            .as_u64()
            .unwrap()
    };
    let plain = prompt_tokens(None);
    assert_eq!(prompt_tokens(Some("low")), plain + 1 + 6 + 1 + 3 + 1);
    assert_eq!(prompt_tokens(Some("high")), plain + 1 + 6 + 1 + 4 + 1);
    let rendered = server.post_json(
        "/tokenize",
        &json!({"messages": [{"role": "user", "content": "q"},
                             {"role": "assistant", "content": "A", "reasoning_content": "R"}]}),
    );
    assert_eq!(rendered.status, 200, "{}", rendered.body);
    let tokens = rendered.json()["tokens"].clone();
    let text = server
        .post_json("/detokenize", &json!({"tokens": tokens}))
        .json()["prompt"]
        .clone();
    assert_eq!(
        text,
        concat!(
            "<|start|>user<|message|>q<|end|>",
            "<|start|>assistant<|channel|>analysis<|message|>R<|end|>",
            "<|start|>assistant<|channel|>final<|message|>A<|end|>",
            "<|start|>assistant<|channel|>analysis<|message|>"
        )
    );
}
