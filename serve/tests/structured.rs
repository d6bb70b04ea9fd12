//! Structured output and tool calls on the tiny model with a byte-level tokenizer: every
//! answer under a JSON schema validates, regex and Lark grammars hold, a grammar that never
//! ends runs to the length limit, tool calls come back parsed (streamed equal to whole), and
//! a grammar that does not compile, an unknown field or a missing API key is refused.

mod common;

use common::{Server, BYTE_PIECES, BYTE_PIECES_START};
use serde_json::{json, Value};

fn server(extra: &[&str]) -> Server {
    let server = Server::spawn_model(&common::tiny_with_byte_tokenizer(), extra, &[]);
    server.wait_ready();
    server
}

fn post(server: &Server, path: &str, body: Value) -> Value {
    let response = server.post_json(path, &body);
    assert_eq!(response.status, 200, "{}", response.body);
    response.json()
}

fn refusal(server: &Server, path: &str, body: Value, status: u16) -> Value {
    let response = server.post_json(path, &body);
    assert_eq!(response.status, status, "{}", response.body);
    response.json()["error"].clone()
}

/// Biases the multi-byte pieces up, so that constrained answers take few tokens and fit the
/// tiny model's context (the mask still decides what is allowed).
fn prefer_pieces() -> Value {
    let bias: serde_json::Map<String, Value> = (0..BYTE_PIECES.len() as u32)
        .filter(|&i| !BYTE_PIECES[i as usize].contains("think"))
        .map(|i| ((BYTE_PIECES_START + i).to_string(), json!(30)))
        .collect();
    Value::Object(bias)
}

#[test]
fn every_answer_under_a_json_schema_validates() {
    let server = server(&[]);
    let schemas = [
        json!({"type": "object", "properties": {"ok": {"type": "boolean"},
               "n": {"type": "integer", "minimum": 0, "maximum": 99}},
               "required": ["ok", "n"], "additionalProperties": false}),
        json!({"type": "object", "properties": {"color": {"enum": ["red", "green", "blue"]}},
               "required": ["color"], "additionalProperties": false}),
        json!({"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9},
               "minItems": 1, "maxItems": 3}),
    ];
    let mut answers = 0;
    for schema in &schemas {
        let validator = jsonschema::validator_for(schema).expect("a valid schema");
        for temperature in [0.0, 0.7, 1.5] {
            for seed in 0..3 {
                let out = post(
                    &server,
                    "/v1/chat/completions",
                    json!({
                        "model": "tiny", "messages": [{"role": "user", "content": "go"}],
                        "temperature": temperature, "seed": seed, "n": 2,
                        "response_format": {"type": "json_schema",
                            "json_schema": {"name": "answer", "schema": schema, "strict": true}},
                    }),
                );
                for choice in out["choices"].as_array().unwrap() {
                    let text = choice["message"]["content"].as_str().unwrap();
                    let value: Value = serde_json::from_str(text)
                        .unwrap_or_else(|e| panic!("not JSON ({e}): {text:?}"));
                    assert!(validator.is_valid(&value), "{text} breaks {schema}");
                    // The grammar ends the answer once the value is complete.
                    assert_eq!(choice["finish_reason"], "stop", "{out}");
                    answers += 1;
                }
            }
        }
    }
    assert_eq!(answers, 3 * 3 * 3 * 2);
    // json_object on completions: some JSON object.
    let out = post(
        &server,
        "/v1/completions",
        json!({"model": "tiny", "prompt": "x", "temperature": 1.0, "seed": 5, "max_tokens": 60,
               "response_format": {"type": "json_object"}, "logit_bias": prefer_pieces()}),
    );
    let choice = &out["choices"][0];
    let text = choice["text"].as_str().unwrap();
    if choice["finish_reason"] == "stop" {
        let value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text:?}"));
        assert!(value.is_object(), "{text}");
    } else {
        assert!(text.starts_with('{'), "{text}");
    }
}

#[test]
fn regex_and_lark_grammars_hold_and_an_endless_one_ends_by_length() {
    let server = server(&[]);
    let regex = regex::Regex::new("^(yes|no)-[0-9]{3}$").unwrap();
    let lark = regex::Regex::new("^(hi|hello) [a-z]{2,5}!$").unwrap();
    for seed in 0..4 {
        let out = post(
            &server,
            "/v1/completions",
            json!({"model": "tiny", "prompt": "q", "temperature": 1.0, "seed": seed,
                   "grammar": {"type": "regex", "value": "(yes|no)-[0-9]{3}"}}),
        );
        let text = out["choices"][0]["text"].as_str().unwrap();
        assert!(regex.is_match(text), "{text:?}");
        assert_eq!(out["choices"][0]["finish_reason"], "stop");
        let out = post(
            &server,
            "/v1/chat/completions",
            json!({"model": "tiny", "messages": [{"role": "user", "content": "hey"}],
                   "temperature": 1.0, "seed": seed,
                   "grammar": {"type": "lark",
                               "value": "start: greeting \" \" NAME \"!\"\ngreeting: \"hi\" | \"hello\"\nNAME: /[a-z]{2,5}/\n"}}),
        );
        let text = out["choices"][0]["message"]["content"].as_str().unwrap();
        assert!(lark.is_match(text), "{text:?}");
    }
    // 200 letters cannot fit in 5 tokens: the grammar never allows EOS, the length ends it.
    let out = post(
        &server,
        "/v1/completions",
        json!({"model": "tiny", "prompt": "q", "temperature": 1.0, "seed": 1, "max_tokens": 5,
               "grammar": {"type": "regex", "value": "[a-z]{200}"}}),
    );
    let choice = &out["choices"][0];
    assert_eq!(choice["finish_reason"], "length", "{out}");
    assert_eq!(out["usage"]["completion_tokens"], 5);
    let text = choice["text"].as_str().unwrap();
    assert!(
        !text.is_empty() && text.bytes().all(|b| b.is_ascii_lowercase()),
        "{text:?}"
    );
}

#[test]
fn grammars_that_do_not_compile_are_400s_naming_the_field() {
    let server = server(&[]);
    let chat = |extra: Value| {
        let mut body = json!({"model": "tiny", "messages": [{"role": "user", "content": "go"}]});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body
    };
    let cases = [
        (
            json!({"response_format": {"type": "json_schema",
                   "json_schema": {"name": "x", "schema": {"type": "no-such-type"}}}}),
            "response_format",
        ),
        (
            json!({"response_format": {"type": "json_schema", "json_schema": {"name": "x"}}}),
            "response_format",
        ),
        (
            json!({"grammar": {"type": "regex", "value": "(unclosed"}}),
            "grammar",
        ),
        (
            json!({"grammar": {"type": "lark", "value": "start: nowhere"}}),
            "grammar",
        ),
        (
            json!({"grammar": {"type": "ebnf", "value": "x"}}),
            "grammar",
        ),
        (
            json!({"grammar": {"type": "regex", "value": "a"},
                   "response_format": {"type": "json_object"}}),
            "grammar",
        ),
        (
            json!({"tools": [{"type": "function", "function": {"name": "f",
                   "parameters": {"type": "no-such-type"}}}], "tool_choice": "required"}),
            "tools",
        ),
    ];
    for (extra, field) in cases {
        let error = refusal(&server, "/v1/chat/completions", chat(extra.clone()), 400);
        assert_eq!(error["param"], field, "{extra}: {error}");
    }
    let message = refusal(
        &server,
        "/v1/chat/completions",
        chat(json!({"grammar": {"type": "regex", "value": "(unclosed"}})),
        400,
    )["message"]
        .clone();
    assert!(
        message.as_str().unwrap().contains("does not compile"),
        "{message}"
    );
    // Nothing was queued for them.
    assert_eq!(server.metric("vllm:request_success_total"), 0.0);
}

#[test]
fn a_model_without_byte_spellings_refuses_grammars() {
    // The word-level test tokenizer decodes with spaces between tokens: no byte trie.
    let server = Server::ready(&[]);
    let error = refusal(
        &server,
        "/v1/completions",
        json!({"model": "tiny", "prompt": "w5", "response_format": {"type": "json_object"}}),
        400,
    );
    assert_eq!(error["param"], "response_format", "{error}");
}

fn tool(name: &str, property: &str) -> Value {
    json!({"type": "function", "function": {"name": name, "description": "test tool",
        "parameters": {"type": "object", "properties": {property: {"type": "boolean"}},
                       "required": [property], "additionalProperties": false}}})
}

/// The calls of a streamed answer, reassembled by index as clients do, and its content.
fn streamed_calls(events: &[String]) -> (String, Vec<(String, String)>, Vec<String>) {
    let mut content = String::new();
    let mut calls: Vec<(String, String)> = Vec::new();
    let mut reasons = Vec::new();
    for event in events.iter().filter(|e| e.as_str() != "[DONE]") {
        let chunk: Value = serde_json::from_str(event).unwrap();
        let choice = &chunk["choices"][0];
        if let Some(text) = choice["delta"]["content"].as_str() {
            content.push_str(text);
        }
        for call in choice["delta"]["tool_calls"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let i = call["index"].as_u64().unwrap() as usize;
            // A call's first delta carries its id, type and name; the rest only arguments.
            if calls.len() <= i {
                assert_eq!(call["type"], "function");
                assert!(call["id"].as_str().unwrap().starts_with("call_"));
                calls.resize(i + 1, (String::new(), String::new()));
            } else {
                assert!(call.get("id").is_none() && call["function"].get("name").is_none());
            }
            calls[i]
                .0
                .push_str(call["function"]["name"].as_str().unwrap_or(""));
            calls[i]
                .1
                .push_str(call["function"]["arguments"].as_str().unwrap_or(""));
        }
        if let Some(reason) = choice["finish_reason"].as_str() {
            reasons.push(reason.to_string());
        }
    }
    (content, calls, reasons)
}

#[test]
fn required_and_named_tool_choices_come_back_as_parsed_calls() {
    let server = server(&[]);
    let tools = json!([tool("f", "on"), tool("g", "up")]);
    let schemas: Vec<(String, jsonschema::Validator)> = tools
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let f = &t["function"];
            (
                f["name"].as_str().unwrap().to_string(),
                jsonschema::validator_for(&f["parameters"]).unwrap(),
            )
        })
        .collect();
    for (choice, seed) in [
        (json!("required"), 1),
        (json!("required"), 2),
        (json!({"type": "function", "function": {"name": "g"}}), 3),
    ] {
        let body = json!({
            "model": "tiny", "messages": [{"role": "user", "content": "go"}],
            "tools": tools, "tool_choice": choice, "parallel_tool_calls": false,
            "temperature": 1.0, "seed": seed, "logit_bias": prefer_pieces(),
        });
        let out = post(&server, "/v1/chat/completions", body.clone());
        let choice_out = &out["choices"][0];
        assert_eq!(choice_out["finish_reason"], "tool_calls", "{out}");
        let message = &choice_out["message"];
        assert_eq!(message["content"], Value::Null, "{out}");
        let calls = message["tool_calls"].as_array().unwrap();
        assert_eq!(calls.len(), 1, "{out}");
        let call = &calls[0];
        let name = call["function"]["name"].as_str().unwrap();
        if let Some(named) = choice["function"]["name"].as_str() {
            assert_eq!(name, named);
        }
        let arguments: Value =
            serde_json::from_str(call["function"]["arguments"].as_str().unwrap()).unwrap();
        let (_, validator) = schemas
            .iter()
            .find(|(n, _)| n == name)
            .expect("a known tool");
        assert!(validator.is_valid(&arguments), "{arguments} for {name}");
        // The same request streamed: the same call, and no raw tag in the content.
        let mut streamed = body.clone();
        streamed["stream"] = json!(true);
        let response = server.post_json("/v1/chat/completions", &streamed);
        assert_eq!(response.status, 200, "{}", response.body);
        let (content, calls, reasons) = streamed_calls(&response.events());
        assert!(!content.contains("<tool_call"), "{content:?}");
        assert_eq!(
            calls,
            vec![(
                name.to_string(),
                call["function"]["arguments"].as_str().unwrap().to_string()
            )]
        );
        assert_eq!(reasons, vec!["tool_calls".to_string()]);
    }
    // An earlier call and its result in the history render through the template.
    let out = post(
        &server,
        "/v1/chat/completions",
        json!({"model": "tiny", "max_tokens": 4, "tools": tools, "tool_choice": "none",
               "messages": [
                   {"role": "user", "content": "go"},
                   {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1",
                    "type": "function", "function": {"name": "f", "arguments": "{\"on\":true}"}}]},
                   {"role": "tool", "tool_call_id": "call_1", "content": "ok"}]}),
    );
    assert!(
        out["choices"][0]["message"]["tool_calls"].is_null(),
        "{out}"
    );
    let error = refusal(
        &server,
        "/v1/chat/completions",
        json!({"model": "tiny", "messages": [{"role": "user", "content": "go"}],
               "tools": tools, "tool_choice": {"type": "function", "function": {"name": "h"}}}),
        400,
    );
    assert_eq!(error["param"], "tool_choice", "{error}");
}

/// A tool whose schema names its property but does not close the object (what most clients
/// send): read as OpenAI's strict mode reads it, a call names no other key and closes.
fn open_tool(name: &str, property: &str) -> Value {
    json!({"type": "function", "function": {"name": name, "description": "test tool",
        "parameters": {"type": "object", "properties": {property: {"type": "boolean"}}}}})
}

/// Each argument delta of a streamed answer, in order.
fn argument_deltas(events: &[String]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e.as_str() != "[DONE]")
        .flat_map(|e| {
            let chunk: Value = serde_json::from_str(e).unwrap();
            chunk["choices"][0]["delta"]["tool_calls"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .filter_map(|call| call["function"]["arguments"].as_str().map(str::to_string))
        .filter(|a| !a.is_empty())
        .collect()
}

#[test]
fn calls_under_open_schemas_name_only_their_properties_and_stream_their_arguments() {
    let server = server(&[]);
    let tools = json!([open_tool("f", "on"), open_tool("g", "up")]);
    for seed in 0..6 {
        let body = json!({
            "model": "tiny", "messages": [{"role": "user", "content": "go"}],
            "tools": tools, "tool_choice": "required", "parallel_tool_calls": false,
            "temperature": 1.0, "seed": seed, "logit_bias": prefer_pieces(),
        });
        let out = post(&server, "/v1/chat/completions", body.clone());
        let choice = &out["choices"][0];
        assert_eq!(choice["finish_reason"], "tool_calls", "{out}");
        let call = &choice["message"]["tool_calls"][0]["function"];
        let property = match call["name"].as_str().unwrap() {
            "f" => "on",
            _ => "up",
        };
        let arguments: Value = serde_json::from_str(call["arguments"].as_str().unwrap()).unwrap();
        let keys: Vec<&String> = arguments.as_object().unwrap().keys().collect();
        assert!(keys.iter().all(|k| *k == property), "{out}");
        // Streamed: the arguments come in pieces as they are generated, and add up to the
        // whole answer's.
        let mut streamed = body;
        streamed["stream"] = json!(true);
        let response = server.post_json("/v1/chat/completions", &streamed);
        assert_eq!(response.status, 200, "{}", response.body);
        let events = response.events();
        let deltas = argument_deltas(&events);
        assert!(deltas.len() > 1, "arguments sent whole: {deltas:?}");
        assert_eq!(deltas.concat(), call["arguments"].as_str().unwrap());
        let (content, calls, reasons) = streamed_calls(&events);
        assert_eq!(content, "");
        assert_eq!(calls.len(), 1);
        assert_eq!(reasons, vec!["tool_calls".to_string()]);
    }
}

#[test]
fn a_call_cut_by_max_tokens_leaves_no_markup_in_the_content() {
    let server = server(&[]);
    let tools = json!([tool("f", "on"), tool("g", "up")]);
    for max_tokens in [1, 3, 5] {
        let body = json!({
            "model": "tiny", "messages": [{"role": "user", "content": "go"}],
            "tools": tools, "tool_choice": "required", "max_tokens": max_tokens,
            "seed": 1, "logit_bias": prefer_pieces(),
        });
        let out = post(&server, "/v1/chat/completions", body.clone());
        let choice = &out["choices"][0];
        assert_eq!(choice["finish_reason"], "length", "{out}");
        let content = choice["message"]["content"].as_str().unwrap_or("");
        assert!(
            !content.contains("<tool_call") && !content.contains('{'),
            "{out}"
        );
        let mut streamed = body;
        streamed["stream"] = json!(true);
        let response = server.post_json("/v1/chat/completions", &streamed);
        let (content, calls, reasons) = streamed_calls(&response.events());
        assert_eq!(content, "", "{}", response.body);
        assert_eq!(reasons, vec!["length".to_string()]);
        // A call whose name came out is reported as far as it got, as in the whole answer.
        let whole: Vec<(String, String)> = choice["message"]["tool_calls"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| {
                let f = &c["function"];
                (
                    f["name"].as_str().unwrap().into(),
                    f["arguments"].as_str().unwrap().into(),
                )
            })
            .collect();
        assert_eq!(calls, whole, "{}", response.body);
    }
}

#[test]
fn auto_constrains_a_call_from_its_opening_tag() {
    let server = server(&[]);
    let tools = json!([open_tool("f", "on"), open_tool("g", "up")]);
    let validators: Vec<jsonschema::Validator> = [tool("f", "on"), tool("g", "up")]
        .iter()
        .map(|t| jsonschema::validator_for(&t["function"]["parameters"]).unwrap())
        .collect();
    let mut bias = prefer_pieces();
    // The model opens a call at once; what it writes after the tag is the grammar's.
    bias[common::piece_id("<tool_call>").to_string()] = json!(100);
    for seed in 0..4 {
        let body = json!({
            "model": "tiny", "messages": [{"role": "user", "content": "go"}],
            "tools": tools, "tool_choice": "auto", "parallel_tool_calls": false,
            "temperature": 1.0, "seed": seed, "logit_bias": bias,
        });
        let out = post(&server, "/v1/chat/completions", body.clone());
        let choice = &out["choices"][0];
        assert_eq!(choice["finish_reason"], "tool_calls", "{out}");
        assert_eq!(choice["message"]["content"], Value::Null, "{out}");
        let call = &choice["message"]["tool_calls"][0]["function"];
        let which = usize::from(call["name"] == "g");
        let arguments: Value = serde_json::from_str(call["arguments"].as_str().unwrap()).unwrap();
        assert!(validators[which].is_valid(&arguments), "{out}");
    }
    // Without the opening tag the answer is free text, as before.
    let out = post(
        &server,
        "/v1/chat/completions",
        json!({"model": "tiny", "messages": [{"role": "user", "content": "go"}],
               "tools": tools, "max_tokens": 4, "seed": 1,
               "logit_bias": {common::piece_id("<tool_call>").to_string(): -100}}),
    );
    assert!(
        out["choices"][0]["message"]["tool_calls"].is_null(),
        "{out}"
    );
    assert_eq!(out["choices"][0]["finish_reason"], "length", "{out}");
}

#[test]
fn mistral_templates_call_in_their_list_form() {
    let server = Server::spawn_model(&common::tiny_mistral(), &[], &[]);
    server.wait_ready();
    let tools = json!([open_tool("f", "on"), open_tool("g", "up")]);
    for seed in 0..3 {
        let body = json!({
            "model": "tiny", "messages": [{"role": "user", "content": "go"}],
            "tools": tools, "tool_choice": "required", "parallel_tool_calls": false,
            "temperature": 1.0, "seed": seed, "logit_bias": prefer_pieces(),
        });
        let out = post(&server, "/v1/chat/completions", body.clone());
        let choice = &out["choices"][0];
        assert_eq!(choice["finish_reason"], "tool_calls", "{out}");
        assert_eq!(choice["message"]["content"], Value::Null, "{out}");
        let call = &choice["message"]["tool_calls"][0]["function"];
        let arguments: Value = serde_json::from_str(call["arguments"].as_str().unwrap()).unwrap();
        // `[TOOL_CALLS][...]` spells its 13 bytes of markup one token each here, and the call
        // takes about 13 more; the tagged form's whole call is about 16.
        assert!(
            out["usage"]["completion_tokens"].as_u64().unwrap() > 22,
            "{out}"
        );
        let property = if call["name"] == "f" { "on" } else { "up" };
        assert!(
            arguments[property].is_boolean() && arguments.as_object().unwrap().len() == 1,
            "{out}"
        );
        let mut streamed = body;
        streamed["stream"] = json!(true);
        let response = server.post_json("/v1/chat/completions", &streamed);
        let (content, calls, reasons) = streamed_calls(&response.events());
        assert_eq!(content, "", "{}", response.body);
        assert_eq!(calls[0].1, call["arguments"].as_str().unwrap());
        assert_eq!(reasons, vec!["tool_calls".to_string()]);
    }
}

#[test]
fn unknown_and_unsupported_fields_are_refused_by_name() {
    let server = server(&[]);
    let base =
        json!({"model": "tiny", "messages": [{"role": "user", "content": "go"}], "max_tokens": 2});
    let with = |key: &str, value: Value| {
        let mut body = base.clone();
        body[key] = value;
        body
    };
    for (body, field, says) in [
        (with("frobnicate", json!(1)), "frobnicate", "unknown field"),
        (
            with("functions", json!([{"name": "f"}])),
            "functions",
            "not supported",
        ),
        (with("echo", json!(true)), "echo", "completions field"),
        (with("audio", json!({})), "audio", "not supported"),
        (with("store", json!(true)), "store", "not supported"),
    ] {
        let error = refusal(&server, "/v1/chat/completions", body, 400);
        assert_eq!(error["param"], field, "{error}");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains(field) && message.contains(says), "{error}");
    }
    let nested = refusal(
        &server,
        "/v1/chat/completions",
        with(
            "messages",
            json!([{"role": "user", "content": "go", "mood": "x"}]),
        ),
        400,
    );
    assert!(
        nested["message"].as_str().unwrap().contains("mood"),
        "{nested}"
    );
    // Accepted and ignored: they cannot change the output (what vllm-router adds to every
    // request included).
    let mut harmless = with("user", json!("someone"));
    for (key, value) in [
        ("echo", json!(false)),
        ("no_stop_trim", json!(false)),
        ("return_hidden_states", json!(false)),
        ("functions", Value::Null),
        ("separate_reasoning", json!(true)),
        ("skip_special_tokens", json!(true)),
    ] {
        harmless[key] = value;
    }
    post(&server, "/v1/chat/completions", harmless);
    let error = refusal(
        &server,
        "/v1/completions",
        json!({"model": "tiny", "prompt": "x", "tools": []}),
        400,
    );
    assert_eq!(error["param"], "tools");
}

#[test]
fn api_key_guards_everything_but_health_and_metrics() {
    let server = server(&["--api-key", "sesame"]);
    let body = json!({"model": "tiny", "prompt": "ab", "max_tokens": 2}).to_string();
    for headers in [
        &[][..],
        &["Authorization: Bearer wrong"][..],
        &["Authorization: sesame"][..],
    ] {
        let response = server.request_with("POST", "/v1/completions", &body, headers);
        assert_eq!(response.status, 401, "{headers:?}: {}", response.body);
        assert_eq!(response.json()["error"]["code"], "invalid_api_key");
        let models = server.request_with("GET", "/v1/models", "", headers);
        assert_eq!(models.status, 401);
    }
    let ok = server.request_with(
        "POST",
        "/v1/completions",
        &body,
        &["Authorization: Bearer sesame"],
    );
    assert_eq!(ok.status, 200, "{}", ok.body);
    assert_eq!(server.get("/health").status, 200);
    assert_eq!(server.get("/metrics").status, 200);
    let tokenize = server.post("/tokenize", "{\"prompt\": \"ab\"}");
    assert_eq!(tokenize.status, 401);
}

#[test]
fn tokenize_and_detokenize_round_trip() {
    let server = server(&[]);
    let out = post(
        &server,
        "/tokenize",
        json!({"prompt": "hi true", "add_special_tokens": false}),
    );
    // Bytes are ids 3 + byte; "true" is one piece.
    let true_id = BYTE_PIECES_START + BYTE_PIECES.iter().position(|p| *p == "true").unwrap() as u32;
    assert_eq!(
        out["tokens"],
        json!([3 + b'h' as u32, 3 + b'i' as u32, 3 + b' ' as u32, true_id])
    );
    assert_eq!(out["count"], 4);
    assert_eq!(out["max_model_len"], 64);
    let back = post(&server, "/detokenize", json!({"tokens": out["tokens"]}));
    assert_eq!(back["prompt"], "hi true");
    let chat = post(
        &server,
        "/tokenize",
        json!({"messages": [{"role": "user", "content": "x"}]}),
    );
    let text = post(&server, "/detokenize", json!({"tokens": chat["tokens"]}));
    assert_eq!(text["prompt"], "u:x\na:");
    let error = refusal(&server, "/detokenize", json!({"tokens": [100000]}), 400);
    assert_eq!(error["param"], "tokens");
    let error = refusal(
        &server,
        "/tokenize",
        json!({"prompt": "a", "content": "b"}),
        400,
    );
    assert_eq!(error["param"], "prompt");
}
