//! Anthropic's Messages API on the tiny model: a text turn equal to the same chat request,
//! a streamed turn reassembled equal to the whole one, stop sequences, a tool round trip,
//! thinking blocks from the reasoning parser, count_tokens equal to the prompt's tokens, and
//! errors in Anthropic's shape (`x-api-key` included).

mod common;

use common::Server;
use serde_json::{json, Value};

const KEY: &str = "sesame";

fn server(model: &std::path::Path) -> Server {
    let server = Server::spawn_model(model, &["--api-key", KEY], &[]);
    server.wait_ready();
    server
}

/// A request with Anthropic's key header; the status and the JSON body.
fn call(server: &Server, path: &str, body: &Value) -> (u16, Value) {
    let header = format!("x-api-key: {KEY}");
    let response = server.request_with("POST", path, &body.to_string(), &[&header]);
    let value = if response.body.starts_with("event:") {
        json!({"events": response.body})
    } else {
        response.json()
    };
    (response.status, value)
}

fn ok(server: &Server, path: &str, body: &Value) -> Value {
    let (status, value) = call(server, path, body);
    assert_eq!(status, 200, "{value}");
    value
}

/// The same request to chat/completions, with OpenAI's bearer key.
fn chat(server: &Server, body: &Value) -> Value {
    let header = format!("Authorization: Bearer {KEY}");
    let response = server.request_with(
        "POST",
        "/v1/chat/completions",
        &body.to_string(),
        &[&header],
    );
    assert_eq!(response.status, 200, "{}", response.body);
    response.json()
}

/// The `(event, data)` pairs of a Messages stream.
fn events(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter(|e| !e.is_empty())
        .map(|e| {
            let (name, data) = e.split_once('\n').expect("an event and its data");
            let name = name.strip_prefix("event: ").expect("an event line");
            let data = data.strip_prefix("data: ").expect("a data line");
            (
                name.to_string(),
                serde_json::from_str(data).expect("JSON data"),
            )
        })
        .collect()
}

/// A stream's events folded into the message they describe, checking their order.
fn reassemble(text: &str) -> Value {
    let events = events(text);
    assert_eq!(events[0].0, "message_start");
    assert_eq!(events.last().unwrap().0, "message_stop");
    let mut message = events[0].1["message"].clone();
    let mut open: Option<usize> = None;
    let mut partial_json = String::new();
    for (name, data) in &events[1..events.len() - 1] {
        assert_eq!(data["type"], name.as_str());
        let blocks = message["content"].as_array_mut().unwrap();
        match name.as_str() {
            "content_block_start" => {
                assert!(open.is_none(), "a block opened inside another");
                let index = data["index"].as_u64().unwrap() as usize;
                assert_eq!(index, blocks.len());
                blocks.push(data["content_block"].clone());
                open = Some(index);
                partial_json.clear();
            }
            "content_block_delta" => {
                let index = data["index"].as_u64().unwrap() as usize;
                assert_eq!(Some(index), open);
                let block = &mut blocks[index];
                let delta = &data["delta"];
                match delta["type"].as_str().unwrap() {
                    "text_delta" => append(&mut block["text"], &delta["text"]),
                    "thinking_delta" => append(&mut block["thinking"], &delta["thinking"]),
                    "input_json_delta" => {
                        partial_json.push_str(delta["partial_json"].as_str().unwrap())
                    }
                    other => panic!("unexpected delta {other}"),
                }
            }
            "content_block_stop" => {
                let index = data["index"].as_u64().unwrap() as usize;
                assert_eq!(Some(index), open);
                if blocks[index]["type"] == "tool_use" {
                    blocks[index]["input"] = serde_json::from_str(&partial_json).unwrap();
                }
                open = None;
            }
            "message_delta" => {
                message["stop_reason"] = data["delta"]["stop_reason"].clone();
                message["stop_sequence"] = data["delta"]["stop_sequence"].clone();
                message["usage"]["output_tokens"] = data["usage"]["output_tokens"].clone();
            }
            other => panic!("unexpected event {other}"),
        }
    }
    assert!(open.is_none(), "a block was left open");
    message
}

/// `body` streamed, reassembled.
fn streamed(server: &Server, body: &Value) -> Value {
    let mut body = body.clone();
    body["stream"] = json!(true);
    reassemble(
        ok(server, "/v1/messages", &body)["events"]
            .as_str()
            .unwrap(),
    )
}

fn append(target: &mut Value, text: &Value) {
    *target = json!(format!(
        "{}{}",
        target.as_str().unwrap(),
        text.as_str().unwrap()
    ));
}

/// A message's blocks without the ids, which differ between calls.
fn blocks(message: &Value) -> Value {
    let mut blocks = message["content"].clone();
    for block in blocks.as_array_mut().unwrap() {
        if let Some(map) = block.as_object_mut() {
            map.remove("id");
        }
    }
    blocks
}

#[test]
fn text_turns_streams_and_stop_sequences() {
    let server = server(&common::tiny_with_byte_tokenizer());
    let body = json!({"model": "tiny", "max_tokens": 12, "temperature": 0,
                      "system": [{"type": "text", "text": "brief"}],
                      "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]});
    let out = ok(&server, "/v1/messages", &body);
    assert_eq!(out["type"], "message");
    assert_eq!(out["role"], "assistant");
    assert!(out["id"].as_str().unwrap().starts_with("msg"), "{out}");
    let text = out["content"][0]["text"].as_str().unwrap().to_string();
    assert_eq!(out["content"][0]["type"], "text");
    assert!(
        ["end_turn", "max_tokens"].contains(&out["stop_reason"].as_str().unwrap()),
        "{out}"
    );
    // The same turn through chat/completions: the same text and prompt.
    let same = chat(
        &server,
        &json!({"model": "tiny", "max_tokens": 12, "temperature": 0,
                "messages": [{"role": "system", "content": "brief"}, {"role": "user", "content": "hi"}]}),
    );
    assert_eq!(same["choices"][0]["message"]["content"], text.as_str());
    let prompt = same["usage"]["prompt_tokens"].as_u64().unwrap();
    let usage = &out["usage"];
    assert_eq!(
        usage["input_tokens"].as_u64().unwrap()
            + usage["cache_read_input_tokens"].as_u64().unwrap(),
        prompt
    );
    assert_eq!(usage["output_tokens"], same["usage"]["completion_tokens"]);
    let mut counted = body.clone();
    for field in ["max_tokens", "temperature"] {
        counted.as_object_mut().unwrap().remove(field);
    }
    assert_eq!(
        ok(&server, "/v1/messages/count_tokens", &counted)["input_tokens"],
        prompt
    );
    // Streamed: the same message.
    let message = streamed(&server, &body);
    assert_eq!(blocks(&message), blocks(&out));
    assert_eq!(message["stop_reason"], out["stop_reason"]);
    assert_eq!(
        message["usage"]["output_tokens"],
        out["usage"]["output_tokens"]
    );
    // output_config's schema shapes the answer.
    let mut shaped = body.clone();
    shaped["max_tokens"] = json!(30);
    shaped["output_config"] = json!({"format": {"type": "json_schema", "schema": {
        "type": "object", "properties": {"ok": {"type": "boolean"}},
        "required": ["ok"], "additionalProperties": false}}});
    let out = ok(&server, "/v1/messages", &shaped);
    assert_eq!(out["stop_reason"], "end_turn", "{out}");
    let value: Value = serde_json::from_str(out["content"][0]["text"].as_str().unwrap()).unwrap();
    assert!(value["ok"].is_boolean(), "{out}");
    // A stop sequence from inside the greedy text ends it there.
    let chars: Vec<char> = text.chars().collect();
    assert!(chars.len() > 3, "{text:?}");
    let stop = chars[2].to_string();
    let mut stopped = body.clone();
    stopped["stop_sequences"] = json!([stop]);
    let out = ok(&server, "/v1/messages", &stopped);
    assert_eq!(out["stop_reason"], "stop_sequence", "{out}");
    assert_eq!(out["stop_sequence"], stop.as_str());
    let cut: String = text.split(stop.as_str()).next().unwrap().to_string();
    assert_eq!(out["content"][0]["text"].as_str().unwrap_or(""), cut);
}

#[test]
fn a_tool_round_trip() {
    let server = server(&common::tiny_with_byte_tokenizer());
    let tools = json!([{"name": "f", "description": "test tool",
                        "input_schema": {"type": "object", "properties": {}, "additionalProperties": false}}]);
    let body = json!({"model": "tiny", "max_tokens": 50, "temperature": 0, "tools": tools,
                      "tool_choice": {"type": "any", "disable_parallel_tool_use": true},
                      "messages": [{"role": "user", "content": "go"}]});
    let out = ok(&server, "/v1/messages", &body);
    assert_eq!(out["stop_reason"], "tool_use", "{out}");
    let call = out["content"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(call["type"], "tool_use", "{out}");
    assert_eq!(call["name"], "f");
    assert_eq!(call["input"], json!({}));
    assert!(call["id"].as_str().unwrap().starts_with("toolu_"));
    let message = streamed(&server, &body);
    assert_eq!(blocks(&message), blocks(&out));
    assert_eq!(message["stop_reason"], "tool_use");
    // The call and its result go back; the prompt is the chat request's.
    let history = json!([
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": [call]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call["id"],
                                      "content": [{"type": "text", "text": "ok"}]}]}]);
    let answer = ok(
        &server,
        "/v1/messages",
        &json!({"model": "tiny", "max_tokens": 2, "tools": tools, "messages": history}),
    );
    assert_ne!(answer["stop_reason"], "tool_use", "{answer}");
    let counted = ok(
        &server,
        "/v1/messages/count_tokens",
        &json!({"model": "tiny", "tools": tools, "messages": history}),
    );
    let same = chat(
        &server,
        &json!({"model": "tiny", "max_tokens": 1, "tools": [{"type": "function", "function": {
                    "name": "f", "description": "test tool", "parameters": tools[0]["input_schema"]}}],
                "messages": [
                    {"role": "user", "content": "go"},
                    {"role": "assistant", "content": "", "tool_calls": [{"id": call["id"], "type": "function",
                        "function": {"name": "f", "arguments": "{}"}}]},
                    {"role": "tool", "tool_call_id": call["id"], "content": "ok"}]}),
    );
    assert_eq!(counted["input_tokens"], same["usage"]["prompt_tokens"]);
}

#[test]
fn thinking_blocks_come_from_the_reasoning_parser() {
    let server = server(&common::tiny_thinking());
    let body = json!({"model": "tiny", "max_tokens": 16, "temperature": 0,
                      "thinking": {"type": "enabled", "budget_tokens": 8},
                      "messages": [{"role": "user", "content": "go"}]});
    let out = ok(&server, "/v1/messages", &body);
    let same = chat(
        &server,
        &json!({"model": "tiny", "max_tokens": 16, "temperature": 0,
                "chat_template_kwargs": {"enable_thinking": true},
                "messages": [{"role": "user", "content": "go"}]}),
    );
    let message = &same["choices"][0]["message"];
    let thinking = message["reasoning_content"]
        .as_str()
        .expect("the greedy reply thinks");
    assert_eq!(
        out["content"][0],
        json!({"type": "thinking", "thinking": thinking, "signature": ""})
    );
    let text = out["content"]
        .get(1)
        .map_or(json!(""), |b| b["text"].clone());
    assert_eq!(text, message["content"]);
    let reassembled = streamed(&server, &body);
    assert_eq!(blocks(&reassembled), blocks(&out));
    // Thinking off: no thinking block, the answer the template's switch gives.
    let mut off = body.clone();
    off["thinking"] = json!({"type": "disabled"});
    let out = ok(&server, "/v1/messages", &off);
    assert!(
        out["content"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["type"] == "text"),
        "{out}"
    );
    let same = chat(
        &server,
        &json!({"model": "tiny", "max_tokens": 16, "temperature": 0, "reasoning_effort": "none",
                "messages": [{"role": "user", "content": "go"}]}),
    );
    assert_eq!(
        out["content"][0]["text"],
        same["choices"][0]["message"]["content"]
    );
    // Thinking history goes back as reasoning the template renders.
    let history = json!({"model": "tiny", "messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "R", "signature": ""},
                                          {"type": "text", "text": "A"}]},
        {"role": "user", "content": "q"}]});
    let counted = ok(&server, "/v1/messages/count_tokens", &history)["input_tokens"].clone();
    let tokens = server.request_with(
        "POST",
        "/tokenize",
        &json!({"messages": [{"role": "user", "content": "q"},
                             {"role": "assistant", "content": "A", "reasoning_content": "R"},
                             {"role": "user", "content": "q"}]})
        .to_string(),
        &[&format!("x-api-key: {KEY}")],
    );
    assert_eq!(counted, tokens.json()["count"]);
}

#[test]
fn errors_come_in_anthropic_shape() {
    let server = server(&common::tiny_with_byte_tokenizer());
    let base =
        json!({"model": "tiny", "max_tokens": 4, "messages": [{"role": "user", "content": "hi"}]});
    let with = |key: &str, value: Value| {
        let mut body = base.clone();
        body[key] = value;
        body
    };
    let mut no_max = base.clone();
    no_max.as_object_mut().unwrap().remove("max_tokens");
    for (body, status, kind, says) in [
        (no_max, 400, "invalid_request_error", "max_tokens"),
        (
            with("frobnicate", json!(1)),
            400,
            "invalid_request_error",
            "frobnicate",
        ),
        (
            with("temperature", json!(1.5)),
            400,
            "invalid_request_error",
            "temperature",
        ),
        (
            with(
                "messages",
                json!([{"role": "user", "content": [{"type": "image", "source": {}}]}]),
            ),
            400,
            "invalid_request_error",
            "image",
        ),
        (
            with("messages", json!([{"role": "system", "content": "x"}])),
            400,
            "invalid_request_error",
            "role",
        ),
        (
            with("stop_sequences", json!([""])),
            400,
            "invalid_request_error",
            "stop_sequences",
        ),
        (
            with(
                "tools",
                json!([{"type": "web_search_20250305", "name": "s", "input_schema": {}}]),
            ),
            400,
            "invalid_request_error",
            "server tools",
        ),
        (
            with("model", json!("other")),
            404,
            "not_found_error",
            "other",
        ),
    ] {
        let (got, error) = call(&server, "/v1/messages", &body);
        assert_eq!(got, status, "{body}: {error}");
        assert_eq!(error["type"], "error", "{error}");
        assert_eq!(error["error"]["type"], kind, "{error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{says}: {error}");
    }
    let (status, error) = call(&server, "/v1/messages/count_tokens", &base);
    assert_eq!(status, 400, "{error}");
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("max_tokens"),
        "{error}"
    );
    // Without the key, or with a wrong one: Anthropic's authentication error.
    for headers in [&[][..], &["x-api-key: wrong"][..]] {
        let response = server.request_with("POST", "/v1/messages", &base.to_string(), headers);
        assert_eq!(response.status, 401, "{}", response.body);
        assert_eq!(response.json()["error"]["type"], "authentication_error");
    }
}
