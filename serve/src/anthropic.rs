//! Anthropic's Messages API (`/v1/messages`, `/v1/messages/count_tokens`) as a translation
//! onto the chat path: a request becomes a chat request (system prompt, turns, tools, stop
//! sequences, sampling), runs as one, and its answer is written back as content blocks
//! (`thinking` from the reasoning parser, `text`, `tool_use`) or as Messages streaming events.

use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use engine::batch::FinishReason;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::api::{self, Reply, Run};
use crate::choice::{finish_reason, ChoiceState};
use crate::error::ApiError;
use crate::generation::Generation;
use crate::reasoning::ReasoningFormat;
use crate::request::{self, Body as ChatBody, Endpoint};
use crate::state::Shared;
use crate::tools::{CallParser, Parsed, Piece, ToolCall};

/// A Messages request. Fields that cannot change the answer (`metadata`, `service_tier`,
/// blocks' `cache_control`) are accepted; any other unknown field is refused.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MessagesBody {
    model: Option<String>,
    max_tokens: Option<u64>,
    messages: Vec<Turn>,
    system: Option<System>,
    stop_sequences: Option<Vec<String>>,
    stream: Option<bool>,
    temperature: Option<f32>,
    top_p: Option<f32>,
    top_k: Option<i64>,
    tools: Option<Vec<Tool>>,
    tool_choice: Option<ToolChoice>,
    thinking: Option<Thinking>,
    output_config: Option<OutputConfig>,
    /// Prompt caching is automatic here (the prefix cache).
    #[serde(rename = "cache_control")]
    _cache_control: Option<IgnoredAny>,
    #[serde(rename = "metadata")]
    _metadata: Option<IgnoredAny>,
    #[serde(rename = "service_tier")]
    _service_tier: Option<IgnoredAny>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum System {
    Text(String),
    Blocks(Vec<TextBlock>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TextBlock {
    #[serde(rename = "type")]
    kind: String,
    text: String,
    #[serde(default, rename = "cache_control")]
    _cache_control: Option<IgnoredAny>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Turn {
    role: String,
    content: Content,
}

#[derive(Debug)]
enum Content {
    Text(String),
    Blocks(Vec<Block>),
}

/// By hand rather than untagged, so that a bad block's error (an unsupported `image`, a
/// missing field) reaches the client.
impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match Value::deserialize(deserializer)? {
            Value::String(text) => Ok(Content::Text(text)),
            blocks @ Value::Array(_) => serde_json::from_value(blocks)
                .map(Content::Blocks)
                .map_err(D::Error::custom),
            other => Err(D::Error::custom(format!(
                "content must be a string or a list of blocks, got {other}"
            ))),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum Block {
    Text {
        text: String,
        #[serde(default, rename = "cache_control")]
        _cache_control: Option<IgnoredAny>,
        /// Citations of an earlier answer; the text itself is what the model sees.
        #[serde(default, rename = "citations")]
        _citations: Option<IgnoredAny>,
    },
    ToolUse {
        id: String,
        name: String,
        input: Value,
        #[serde(default, rename = "cache_control")]
        _cache_control: Option<IgnoredAny>,
    },
    ToolResult {
        tool_use_id: String,
        #[serde(default)]
        content: Option<ResultContent>,
        #[serde(default)]
        is_error: Option<bool>,
        #[serde(default, rename = "cache_control")]
        _cache_control: Option<IgnoredAny>,
    },
    Thinking {
        thinking: String,
        #[serde(default, rename = "signature")]
        _signature: Option<IgnoredAny>,
    },
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum ResultContent {
    Text(String),
    Blocks(Vec<TextBlock>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Tool {
    name: String,
    #[serde(default)]
    description: Option<String>,
    input_schema: Value,
    /// Only client tools (`custom`) run here.
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default, rename = "cache_control")]
    _cache_control: Option<IgnoredAny>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ToolChoice {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    disable_parallel_tool_use: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum Thinking {
    /// The budget is checked as Anthropic checks it (below `max_tokens`); the reasoning
    /// counts toward `max_tokens` and is not cut at the budget.
    Enabled {
        budget_tokens: u64,
        #[serde(default)]
        display: Option<Display>,
    },
    /// The model's own choice: the template's default.
    Adaptive {
        #[serde(default)]
        display: Option<Display>,
    },
    Disabled,
}

/// Whether thinking blocks carry the reasoning (`summarized`) or are left out (`omitted`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Display {
    Summarized,
    Omitted,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutputConfig {
    /// Passed on as `reasoning_effort`.
    #[serde(default)]
    effort: Option<String>,
    #[serde(default)]
    format: Option<OutputFormat>,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum OutputFormat {
    JsonSchema { schema: Value },
}

/// A Messages error: `{"type": "error", "error": {"type", "message"}}`.
pub struct MessagesError(pub ApiError);

impl From<ApiError> for MessagesError {
    fn from(error: ApiError) -> Self {
        MessagesError(error)
    }
}

/// Messages' names for the chat fields a translated request's errors name.
const FIELD_NAMES: &[(&str, &str)] = &[
    ("stop", "stop_sequences"),
    ("reasoning_effort", "thinking"),
    ("chat_template_kwargs", "thinking"),
    ("parallel_tool_calls", "tool_choice"),
    ("response_format", "output_config"),
];

impl MessagesError {
    pub fn body(&self) -> Value {
        let error = &self.0;
        let kind = match error.status.as_u16() {
            400 | 422 => "invalid_request_error",
            401 => "authentication_error",
            403 => "permission_error",
            404 => "not_found_error",
            413 => "request_too_large",
            429 => "rate_limit_error",
            503 => "overloaded_error",
            _ => "api_error",
        };
        let message = match error.param.as_deref() {
            Some(param) => {
                let param = FIELD_NAMES
                    .iter()
                    .find(|(chat, _)| *chat == param)
                    .map_or(param, |(_, name)| *name);
                if error.message.contains(param) {
                    error.message.clone()
                } else {
                    format!("{param}: {}", error.message)
                }
            }
            None => error.message.clone(),
        };
        json!({"type": "error", "error": {"type": kind, "message": message}})
    }
}

impl IntoResponse for MessagesError {
    fn into_response(self) -> Response {
        let body = self.body();
        let mut response = self.0.into_response();
        *response.body_mut() = Body::from(body.to_string());
        response
    }
}

pub async fn messages(State(state): State<Shared>, bytes: Bytes) -> Response {
    run(state, bytes)
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

pub async fn count_tokens(State(state): State<Shared>, bytes: Bytes) -> Response {
    count(&state, &bytes)
        .map(|n| Json(json!({"input_tokens": n})).into_response())
        .unwrap_or_else(IntoResponse::into_response)
}

async fn run(state: Shared, bytes: Bytes) -> Result<Response, MessagesError> {
    let started = Instant::now();
    let body = parse(&bytes)?;
    if body.max_tokens.is_none() {
        return Err(ApiError::invalid("max_tokens", "max_tokens is required").into());
    }
    let chat = translate(&state, &body)?;
    let run = api::start(
        &state,
        Endpoint::Chat,
        &chat,
        started,
        "msg",
        ReasoningFormat::ReasoningContent,
    )
    .await?;
    if run.stream {
        return Ok(stream(run));
    }
    let Run {
        reply,
        generation,
        deadline,
        ..
    } = run;
    let choices = api::gather(&reply, generation, deadline).await?;
    let choice = &choices[0];
    let finish = choice.finish.as_ref().expect("every choice finished");
    finish_reason(finish)?;
    let parsed = reply.parsed_choice(choice);
    let shown = !reply.reasoning_fields.is_empty();
    let blocks = whole_blocks(choice, shown, parsed.as_ref());
    let called = parsed.as_ref().is_some_and(|p| !p.calls.is_empty());
    let (stop_reason, stop_sequence) = stop_reason(finish, called);
    let mut message = message_head(&reply);
    message["content"] = Value::Array(blocks);
    message["stop_reason"] = json!(stop_reason);
    message["stop_sequence"] = json!(stop_sequence);
    message["usage"] = usage(&reply, choice);
    Ok(Json(message).into_response())
}

/// The number of prompt tokens the request would take.
fn count(state: &Shared, bytes: &[u8]) -> Result<usize, MessagesError> {
    let body = parse(bytes)?;
    let given = [
        ("max_tokens", body.max_tokens.is_some()),
        ("stop_sequences", body.stop_sequences.is_some()),
        ("stream", body.stream.is_some()),
        ("temperature", body.temperature.is_some()),
        ("top_p", body.top_p.is_some()),
        ("top_k", body.top_k.is_some()),
    ];
    if let Some((field, _)) = given.iter().find(|(_, g)| *g) {
        return Err(ApiError::invalid(
            field,
            format!("unknown field `{field}`: count_tokens does not take it"),
        )
        .into());
    }
    let chat = translate(state, &body)?;
    Ok(api::prompt_tokens(state, &chat)?)
}

fn parse(bytes: &[u8]) -> Result<MessagesBody, ApiError> {
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::invalid("body", format!("malformed JSON: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::invalid("body", "the body must be a JSON object"));
    }
    request::deserialize(value)
}

/// The chat request a Messages request asks for.
fn translate(state: &Shared, body: &MessagesBody) -> Result<ChatBody, ApiError> {
    let mut chat = Map::new();
    chat.insert("model".into(), json!(body.model));
    chat.insert("messages".into(), Value::Array(chat_messages(body)?));
    if let Some(max) = body.max_tokens {
        chat.insert("max_tokens".into(), json!(max));
    }
    if let Some(t) = body.temperature {
        if !(t.is_finite() && (0.0..=1.0).contains(&t)) {
            return Err(ApiError::invalid(
                "temperature",
                format!("temperature must be in [0, 1], got {t}"),
            ));
        }
        chat.insert("temperature".into(), json!(t));
    }
    for (field, value) in [("top_p", json!(body.top_p)), ("top_k", json!(body.top_k))] {
        if !value.is_null() {
            chat.insert(field.into(), value);
        }
    }
    if let Some(stops) = &body.stop_sequences {
        chat.insert("stop".into(), json!(stops));
    }
    if body.stream == Some(true) {
        chat.insert("stream".into(), json!(true));
    }
    if let Some(tools) = &body.tools {
        chat.insert("tools".into(), chat_tools(tools)?);
    }
    if let Some(choice) = &body.tool_choice {
        chat_tool_choice(choice, &mut chat)?;
    }
    thinking(state, body, &mut chat)?;
    output_config(body.output_config.as_ref(), &mut chat)?;
    request::deserialize(Value::Object(chat))
}

fn chat_messages(body: &MessagesBody) -> Result<Vec<Value>, ApiError> {
    let mut out = Vec::new();
    match &body.system {
        None => {}
        Some(System::Text(text)) => out.push(json!({"role": "system", "content": text})),
        Some(System::Blocks(blocks)) => {
            let text = text_of(blocks, "system")?;
            out.push(json!({"role": "system", "content": text}));
        }
    }
    if body.messages.is_empty() {
        return Err(ApiError::invalid("messages", "messages must not be empty"));
    }
    for (i, turn) in body.messages.iter().enumerate() {
        match turn.role.as_str() {
            "user" => user_turn(i, &turn.content, &mut out)?,
            "assistant" => out.push(assistant_turn(i, &turn.content)?),
            other => {
                return Err(ApiError::invalid(
                    "messages",
                    format!("messages[{i}].role must be \"user\" or \"assistant\", got {other:?}"),
                ))
            }
        }
    }
    Ok(out)
}

fn text_of(blocks: &[TextBlock], field: &str) -> Result<String, ApiError> {
    let mut text = String::new();
    for block in blocks {
        if block.kind != "text" {
            return Err(ApiError::invalid(
                field,
                format!(
                    "{field}: only text blocks are supported, got {:?}",
                    block.kind
                ),
            ));
        }
        text.push_str(&block.text);
    }
    Ok(text)
}

/// A user turn: its tool results as `tool` turns, its text as a user turn, in their order.
fn user_turn(i: usize, content: &Content, out: &mut Vec<Value>) -> Result<(), ApiError> {
    let blocks = match content {
        Content::Text(text) => {
            out.push(json!({"role": "user", "content": text}));
            return Ok(());
        }
        Content::Blocks(blocks) => blocks,
    };
    let mut text: Option<String> = None;
    let flush = |text: &mut Option<String>, out: &mut Vec<Value>| {
        if let Some(t) = text.take() {
            out.push(json!({"role": "user", "content": t}));
        }
    };
    for block in blocks {
        match block {
            Block::Text { text: t, .. } => text.get_or_insert_with(String::new).push_str(t),
            Block::ToolResult {
                tool_use_id,
                content,
                is_error,
                ..
            } => {
                flush(&mut text, out);
                let mut result = match content {
                    None => String::new(),
                    Some(ResultContent::Text(t)) => t.clone(),
                    Some(ResultContent::Blocks(blocks)) => blocks
                        .iter()
                        .map(|b| b.text.as_str())
                        .collect::<Vec<_>>()
                        .join(""),
                };
                // A failed call says so in what the model reads: tool turns have no flag.
                if *is_error == Some(true) {
                    result = format!("Error: {result}");
                }
                out.push(json!({"role": "tool", "tool_call_id": tool_use_id, "content": result}));
            }
            Block::ToolUse { .. } | Block::Thinking { .. } => {
                return Err(ApiError::invalid(
                    "messages",
                    format!(
                        "messages[{i}]: tool_use and thinking blocks belong in assistant turns"
                    ),
                ))
            }
        }
    }
    flush(&mut text, out);
    Ok(())
}

/// An assistant turn: its text, its calls and its reasoning in one chat message.
fn assistant_turn(i: usize, content: &Content) -> Result<Value, ApiError> {
    let blocks = match content {
        Content::Text(text) => return Ok(json!({"role": "assistant", "content": text})),
        Content::Blocks(blocks) => blocks,
    };
    let (mut text, mut calls, mut reasoning) = (String::new(), Vec::new(), None::<String>);
    for block in blocks {
        match block {
            Block::Text { text: t, .. } => text.push_str(t),
            Block::ToolUse {
                id, name, input, ..
            } => calls.push(json!({"id": id, "type": "function",
                "function": {"name": name, "arguments": input.to_string()}})),
            Block::Thinking { thinking, .. } => {
                reasoning.get_or_insert_with(String::new).push_str(thinking)
            }
            Block::ToolResult { .. } => {
                return Err(ApiError::invalid(
                    "messages",
                    format!("messages[{i}]: tool_result blocks belong in user turns"),
                ))
            }
        }
    }
    let mut message = json!({"role": "assistant", "content": text});
    if !calls.is_empty() {
        message["tool_calls"] = Value::Array(calls);
    }
    if let Some(reasoning) = reasoning {
        message["reasoning_content"] = json!(reasoning);
    }
    Ok(message)
}

fn chat_tools(tools: &[Tool]) -> Result<Value, ApiError> {
    let mut out = Vec::with_capacity(tools.len());
    for (i, tool) in tools.iter().enumerate() {
        if let Some(kind) = tool.kind.as_deref().filter(|k| *k != "custom") {
            return Err(ApiError::invalid(
                "tools",
                format!("tools[{i}]: server tools ({kind:?}) are not supported; give client tools with an input_schema"),
            ));
        }
        out.push(json!({"type": "function", "function": {
            "name": tool.name, "description": tool.description, "parameters": tool.input_schema}}));
    }
    Ok(Value::Array(out))
}

fn chat_tool_choice(choice: &ToolChoice, chat: &mut Map<String, Value>) -> Result<(), ApiError> {
    let value = match (choice.kind.as_str(), &choice.name) {
        ("auto", None) => json!("auto"),
        ("any", None) => json!("required"),
        ("none", None) => json!("none"),
        ("tool", Some(name)) => json!({"type": "function", "function": {"name": name}}),
        ("tool", None) => {
            return Err(ApiError::invalid(
                "tool_choice",
                "tool_choice of type \"tool\" needs a name",
            ))
        }
        (kind, _) => {
            return Err(ApiError::invalid(
                "tool_choice",
                format!("tool_choice.type must be auto, any, tool or none (name only with tool), got {kind:?}"),
            ))
        }
    };
    chat.insert("tool_choice".into(), value);
    if let Some(disable) = choice.disable_parallel_tool_use {
        chat.insert("parallel_tool_calls".into(), json!(!disable));
    }
    Ok(())
}

/// `thinking`: switched off through the template where the model thinks (refused where its
/// template has no switch); on, it is the template's default, or `enable_thinking: true`.
fn thinking(
    state: &Shared,
    body: &MessagesBody,
    chat: &mut Map<String, Value>,
) -> Result<(), ApiError> {
    let Some(thinking) = &body.thinking else {
        return Ok(());
    };
    let ready = state.ready()?;
    let reads_switch = ready
        .chat_template
        .as_ref()
        .is_some_and(|t| t.reads("enable_thinking"));
    match thinking {
        Thinking::Enabled { budget_tokens, .. } => {
            if let Some(max) = body.max_tokens.filter(|max| budget_tokens >= max) {
                return Err(ApiError::invalid(
                    "thinking",
                    format!("thinking.budget_tokens ({budget_tokens}) must be less than max_tokens ({max})"),
                ));
            }
            if reads_switch {
                chat.insert(
                    "chat_template_kwargs".into(),
                    json!({"enable_thinking": true}),
                );
            }
        }
        Thinking::Adaptive { .. } => {}
        Thinking::Disabled if ready.reasoning.is_some() => {
            chat.insert("reasoning_effort".into(), json!("none"));
        }
        Thinking::Disabled => {}
    }
    let display = match thinking {
        Thinking::Enabled { display, .. } | Thinking::Adaptive { display } => *display,
        Thinking::Disabled => None,
    };
    if display == Some(Display::Omitted) {
        chat.insert("include_reasoning".into(), json!(false));
    }
    Ok(())
}

/// `output_config`: a JSON schema for the answer, and the effort as `reasoning_effort`.
fn output_config(
    config: Option<&OutputConfig>,
    chat: &mut Map<String, Value>,
) -> Result<(), ApiError> {
    let Some(config) = config else {
        return Ok(());
    };
    if let Some(effort) = &config.effort {
        if chat.contains_key("reasoning_effort") {
            return Err(ApiError::invalid(
                "output_config",
                "output_config.effort cannot be combined with thinking disabled",
            ));
        }
        chat.insert("reasoning_effort".into(), json!(effort));
    }
    if let Some(OutputFormat::JsonSchema { schema }) = &config.format {
        chat.insert(
            "response_format".into(),
            json!({"type": "json_schema", "json_schema": {"name": "output", "schema": schema}}),
        );
    }
    Ok(())
}

fn message_head(reply: &Reply) -> Value {
    json!({
        "id": reply.id,
        "type": "message",
        "role": "assistant",
        "model": reply.state.model_name,
        "content": [],
        "stop_reason": null,
        "stop_sequence": null,
    })
}

/// Input tokens as Anthropic counts them: those read from the prefix cache apart.
fn usage(reply: &Reply, choice: &ChoiceState) -> Value {
    json!({
        "input_tokens": reply.prompt_tokens - choice.cached.min(reply.prompt_tokens),
        "cache_read_input_tokens": choice.cached,
        "cache_creation_input_tokens": 0,
        "output_tokens": choice.generated,
    })
}

/// `stop_reason` and `stop_sequence` for how the choice ended.
fn stop_reason(finish: &FinishReason, called: bool) -> (&'static str, Option<String>) {
    match finish {
        // A call cut short is not one to run.
        FinishReason::Length | FinishReason::Capacity => ("max_tokens", None),
        _ if called => ("tool_use", None),
        FinishReason::StopString(s) => ("stop_sequence", Some(s.clone())),
        _ => ("end_turn", None),
    }
}

fn tool_use_block(call: &ToolCall) -> Value {
    let input: Value = serde_json::from_str(&call.arguments).unwrap_or_else(|_| json!({}));
    json!({"type": "tool_use", "id": format!("toolu_{:016x}", api::random_u64()),
           "name": call.name, "input": input})
}

/// The content blocks of a whole answer: thinking, text, then calls; an empty text block
/// when there is nothing else.
fn whole_blocks(choice: &ChoiceState, thinking: bool, parsed: Option<&Parsed>) -> Vec<Value> {
    let mut blocks = Vec::new();
    let reasoning = choice.reasoning().filter(|r| thinking && !r.is_empty());
    if let Some(reasoning) = reasoning {
        blocks.push(json!({"type": "thinking", "thinking": reasoning, "signature": ""}));
    }
    let text = match parsed {
        Some(parsed) => parsed.content.clone().unwrap_or_default(),
        None => choice.content().to_string(),
    };
    if !text.is_empty() {
        blocks.push(json!({"type": "text", "text": text}));
    }
    for call in parsed.map(|p| p.calls.as_slice()).unwrap_or_default() {
        blocks.push(tool_use_block(call));
    }
    if blocks.is_empty() {
        blocks.push(json!({"type": "text", "text": ""}));
    }
    blocks
}

/// The kind of the content block a stream has open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    Thinking,
    Text,
    Tool,
}

struct EventStream {
    reply: Reply,
    generation: Option<Generation>,
    choice: ChoiceState,
    /// When the request may call tools: its calls told apart from its text.
    parser: Option<CallParser>,
    deadline: tokio::time::Instant,
    /// The block open now, and the index the next one gets.
    open: Option<Open>,
    next_index: usize,
    started: bool,
    done: bool,
}

fn event(name: &str, data: &Value) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

fn stream(run: Run) -> Response {
    let Run {
        reply,
        generation,
        deadline,
        ..
    } = run;
    let choice = reply
        .choice_states()
        .pop()
        .expect("a Messages request has one choice");
    let parser = reply.tool_use.as_ref().map(|t| t.parser());
    let state = EventStream {
        reply,
        generation: Some(generation),
        choice,
        parser,
        deadline,
        open: None,
        next_index: 0,
        started: false,
        done: false,
    };
    api::event_stream(state, |mut state| async move {
        let bytes = state.advance().await?;
        Some((bytes, state))
    })
}

impl EventStream {
    async fn advance(&mut self) -> Option<String> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            let mut message = message_head(&self.reply);
            message["usage"] =
                json!({"input_tokens": self.reply.prompt_tokens, "output_tokens": 0});
            return Some(event(
                "message_start",
                &json!({"type": "message_start", "message": message}),
            ));
        }
        Some(self.next_events().await)
    }

    async fn next_events(&mut self) -> String {
        loop {
            let generation = self.generation.as_mut().expect("running streams hold it");
            let update = match tokio::time::timeout_at(self.deadline, generation.next()).await {
                Ok(Some(update)) => update,
                Ok(None) => return self.fail(api::lost_engine()),
                Err(_) => return self.fail(api::timeout_error(&self.reply.state)),
            };
            let started = generation.started;
            let state = &self.reply.state;
            let tokenizer = state.ready.get().and_then(|r| r.tokenizer.as_ref());
            let delta = self
                .choice
                .apply(update.event, started, &state.metrics, tokenizer, false);
            let mut out = String::new();
            if !delta.reasoning.is_empty() && !self.reply.reasoning_fields.is_empty() {
                out.push_str(&self.delta(Open::Thinking, &delta.reasoning));
            }
            let mut pieces = match &mut self.parser {
                Some(parser) => parser.push(&delta.content),
                None => vec![Piece::Content(delta.content)],
            };
            if delta.finished {
                pieces.extend(
                    self.parser
                        .as_mut()
                        .map(CallParser::finish)
                        .unwrap_or_default(),
                );
            }
            if self.parser.is_some() {
                pieces.extend(delta.calls);
            }
            for piece in pieces {
                out.push_str(&self.piece(piece));
            }
            if !delta.finished {
                if out.is_empty() {
                    continue;
                }
                return out;
            }
            let finish = self.choice.finish.clone().expect("just finished");
            if let Err(error) = finish_reason(&finish) {
                out.push_str(&self.fail(error));
                return out;
            }
            let called =
                self.parser.as_ref().is_some_and(CallParser::called) || self.choice.called();
            if self.next_index == 0 {
                out.push_str(&self.delta(Open::Text, ""));
            }
            out.push_str(&self.close());
            let (reason, sequence) = stop_reason(&finish, called);
            out.push_str(&event(
                "message_delta",
                &json!({"type": "message_delta",
                        "delta": {"stop_reason": reason, "stop_sequence": sequence},
                        "usage": {"output_tokens": self.choice.generated}}),
            ));
            out.push_str(&event("message_stop", &json!({"type": "message_stop"})));
            self.finish();
            return out;
        }
    }

    /// `text` into a block of `kind`, opening it (and closing another) first.
    fn delta(&mut self, kind: Open, text: &str) -> String {
        let mut out = String::new();
        if self.open != Some(kind) {
            out.push_str(&self.close());
            let block = match kind {
                Open::Thinking => json!({"type": "thinking", "thinking": "", "signature": ""}),
                Open::Text => json!({"type": "text", "text": ""}),
                Open::Tool => unreachable!("tool_use blocks open in piece()"),
            };
            out.push_str(&event(
                "content_block_start",
                &json!({"type": "content_block_start", "index": self.next_index, "content_block": block}),
            ));
            self.open = Some(kind);
            self.next_index += 1;
        }
        if !text.is_empty() {
            let delta = match kind {
                Open::Thinking => json!({"type": "thinking_delta", "thinking": text}),
                Open::Text => json!({"type": "text_delta", "text": text}),
                Open::Tool => unreachable!("tool_use blocks take input_json_delta"),
            };
            out.push_str(&event(
                "content_block_delta",
                &json!({"type": "content_block_delta", "index": self.next_index - 1, "delta": delta}),
            ));
        }
        out
    }

    fn close(&mut self) -> String {
        match self.open.take() {
            Some(_) => event(
                "content_block_stop",
                &json!({"type": "content_block_stop", "index": self.next_index - 1}),
            ),
            None => String::new(),
        }
    }

    /// What the parser told apart: text into a text block; a call opens a `tool_use` block
    /// of its own (with empty input), and its arguments go into it as JSON deltas as they are
    /// generated.
    fn piece(&mut self, piece: Piece) -> String {
        match piece {
            Piece::Content(text) if text.is_empty() => String::new(),
            Piece::Content(text) => self.delta(Open::Text, &text),
            Piece::Call { name, .. } => {
                let mut out = self.close();
                let block = tool_use_block(&ToolCall {
                    name,
                    arguments: "{}".into(),
                });
                out.push_str(&event(
                    "content_block_start",
                    &json!({"type": "content_block_start", "index": self.next_index, "content_block": block}),
                ));
                self.open = Some(Open::Tool);
                self.next_index += 1;
                out
            }
            Piece::Arguments { text, .. } => event(
                "content_block_delta",
                &json!({"type": "content_block_delta", "index": self.next_index - 1,
                        "delta": {"type": "input_json_delta", "partial_json": text}}),
            ),
        }
    }

    fn fail(&mut self, error: ApiError) -> String {
        tracing::warn!(id = %self.reply.id, "stream ended: {}", error.message);
        self.finish();
        event("error", &MessagesError(error).body())
    }

    fn finish(&mut self) {
        self.generation = None;
        self.done = true;
    }
}
