//! The HTTP routes. Handlers parse and validate, hand the request to the
//! engine and relay its events; the engine does all scheduling.

use std::collections::hash_map::RandomState;
use std::convert::Infallible;
use std::hash::BuildHasher;
use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use engine::batch::SubmitError;
use engine::grammar::Constraint;
use loader::RenderInputs;
use serde_json::{json, Value};

use crate::anthropic;
use crate::auth;
use crate::choice::{
    echo_logprobs, finish_reason, logprobs_json, token_text, vllm_prompt_logprobs, ChoiceState,
};
use crate::embeddings;
use crate::error::ApiError;
use crate::generation::{submit_error, Generation};
use crate::reasoning::{self, Opening, ReasoningFormat, ReasoningPlan, Syntax};
use crate::request::{self, Body as RequestBody, Endpoint, Prompt};
use crate::state::{unix_now, Ready, Shared};
use crate::structured;
use crate::tokenize;
use crate::tools::{self, CallFormat, CallParser, Parsed, Piece, ToolCall, ToolUse};

pub fn router(state: Shared) -> Router {
    let guarded = Router::new()
        .route("/v1/models", get(models))
        .route("/v1/completions", post(completions))
        .route("/v1/chat/completions", post(chat_completions))
        .route("/v1/embeddings", post(embeddings::embeddings))
        .route("/v1/messages", post(anthropic::messages))
        .route("/v1/messages/count_tokens", post(anthropic::count_tokens))
        .route("/tokenize", post(tokenize::tokenize))
        .route("/detokenize", post(tokenize::detokenize))
        .route("/tokenizer_info", get(tokenize::tokenizer_info))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            auth::require_key,
        ));
    Router::new()
        .route("/health", get(health))
        .route("/metrics", get(metrics))
        .merge(guarded)
        .with_state(state)
}

async fn health(State(state): State<Shared>) -> Response {
    match state.ready.get() {
        Some(_) => (StatusCode::OK, Json(json!({"status": "ok"}))).into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"status": "loading"})),
        )
            .into_response(),
    }
}

async fn models(State(state): State<Shared>) -> Json<Value> {
    let max_model_len = state.ready.get().map(|r| r.engine.capacity());
    Json(json!({
        "object": "list",
        "data": [{
            "id": state.model_name,
            "object": "model",
            "created": state.created,
            "owned_by": "serve",
            "max_model_len": max_model_len,
        }],
    }))
}

async fn metrics(State(state): State<Shared>) -> Response {
    let load = state.ready.get().map(|r| r.engine.load());
    let text = state.metrics.render(&state.model_name, load);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

async fn completions(State(state): State<Shared>, body: Bytes) -> Response {
    generate(state, Endpoint::Completions, body)
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

async fn chat_completions(State(state): State<Shared>, body: Bytes) -> Response {
    generate(state, Endpoint::Chat, body)
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

/// How a request's answer is labelled and what it reports.
pub struct Reply {
    pub state: Shared,
    pub endpoint: Endpoint,
    pub id: String,
    pub created: u64,
    pub n: usize,
    pub logprobs: bool,
    pub include_usage: bool,
    pub prompt_tokens: usize,
    /// The request may call tools: calls are parsed out of the text.
    pub tool_use: Option<ToolUse>,
    /// How each choice's reasoning is told from its answer, when the request separates them.
    pub reasoning: Option<ReasoningPlan>,
    /// The message fields a separated reasoning goes into.
    pub reasoning_fields: &'static [&'static str],
    /// Per prompt (completions may list several), what echoing it takes.
    pub prompts: Vec<PromptText>,
    /// Choices per prompt: choice `i` answers prompt `i / per_prompt`.
    pub per_prompt: usize,
    /// vLLM's `prompt_logprobs`: this many alternatives per prompt token.
    pub prompt_logprobs: Option<usize>,
}

/// What a completions prompt's echo needs.
pub struct PromptText {
    /// With `echo`: the prompt's text, which goes before the answer.
    pub echo: Option<String>,
    /// The text of the prompt's first token, which echoed log-probabilities list with a null.
    pub first_token: String,
}

/// A request the engine runs, and how to answer it.
pub struct Run {
    pub reply: Reply,
    pub generation: Generation,
    pub stream: bool,
    pub deadline: tokio::time::Instant,
}

async fn generate(state: Shared, endpoint: Endpoint, bytes: Bytes) -> Result<Response, ApiError> {
    let started = Instant::now();
    let body = request::parse(&bytes)?;
    let format = state.reasoning_format;
    let run = start(&state, endpoint, &body, started, "chatcmpl", format).await?;
    if run.stream {
        return Ok(stream(run.reply, run.generation, run.deadline));
    }
    collect(run.reply, run.generation, run.deadline).await
}

/// Checks `body`, renders and tokenizes its prompt, and submits its choices; `prefix` names
/// a chat response's id, `format` where a separated reasoning goes.
pub async fn start(
    state: &Shared,
    endpoint: Endpoint,
    body: &RequestBody,
    started: Instant,
    prefix: &str,
    format: ReasoningFormat,
) -> Result<Run, ApiError> {
    check_model(&state.model_name, body.model.as_deref())?;
    let ready = state.ready()?;
    let tool_use = tool_use(ready, endpoint, body)?;
    let mut prompt = prompt_for(ready, endpoint, body, tool_use.as_ref())?;
    let constraint = structured::constraint(body, tool_use.as_ref(), &ready.grammars).await?;
    let for_answer =
        structured::requested(body.response_format.as_ref(), body.grammar.as_ref())?.is_some();
    let constraint = match (constraint, prompt.thinking.as_mut()) {
        (Some(c), Some(thinking)) => Some(after_reasoning(
            ready,
            c,
            thinking,
            &mut prompt.ids,
            for_answer,
        )?),
        (c, _) => c,
    };
    let limits = ready.engine.limits();
    let seed = random_u64();
    // Each listed prompt is planned (and checked) on its own; their choices run together.
    let mut plans = Vec::with_capacity(1 + prompt.more.len());
    for ids in std::iter::once(prompt.ids).chain(prompt.more) {
        plans.push(request::plan(body, endpoint, ids, &limits, seed)?);
    }
    let per_prompt = plans[0].choices.len();
    let mut choices = Vec::with_capacity(per_prompt * plans.len());
    for plan in &mut plans {
        choices.append(&mut plan.choices);
    }
    if let Some(constraint) = constraint {
        for choice in &mut choices {
            choice.constraint = Some(constraint.clone());
        }
    }
    if let Some(Syntax::Harmony(markers)) = ready.reasoning {
        // `<|return|>` ends the answer and `<|call|>` a call: either ends the reply, whatever
        // the model's configuration names as its end.
        for choice in &mut choices {
            choice
                .stop_token_ids
                .extend([markers.return_, markers.call]);
        }
    }
    let (reasoning, reasoning_fields) = reasoning_output(format, body, prompt.thinking);
    if reasoning.is_some_and(|r| r.keeps_special_tokens()) {
        for choice in &mut choices {
            choice.skip_special_tokens = false;
        }
    }
    let n = choices.len();
    let generation =
        Generation::start(state.clone(), &ready.engine, choices, started).map_err(|e| {
            if matches!(e, SubmitError::QueueFull { .. }) {
                state.metrics.rejected_queue_full.add(1);
            }
            submit_error(e, prompt_field(endpoint))
        })?;
    let prefix = match endpoint {
        Endpoint::Chat => prefix,
        Endpoint::Completions => "cmpl",
    };
    let tokenizer = ready.tokenizer.as_ref();
    let texts = prompt_texts(body);
    let prompts = plans
        .iter()
        .enumerate()
        .map(|(i, plan)| PromptText {
            // The text as sent; token ids are decoded.
            echo: plan.echo.then(|| {
                texts.get(i).cloned().unwrap_or_else(|| {
                    tokenizer
                        .and_then(|t| t.decode(&plan.prompt, false).ok())
                        .unwrap_or_default()
                })
            }),
            first_token: token_text(tokenizer, plan.prompt[0]),
        })
        .collect();
    let plan = &plans[0];
    let reply = Reply {
        state: state.clone(),
        endpoint,
        id: format!("{prefix}-{:016x}", random_u64()),
        created: unix_now(),
        n,
        logprobs: plan.logprobs.is_some(),
        include_usage: plan.include_usage,
        prompt_tokens: plans.iter().map(|p| p.prompt.len()).sum(),
        tool_use,
        reasoning,
        reasoning_fields,
        prompts,
        per_prompt,
        prompt_logprobs: plan.prompt_logprobs,
    };
    Ok(Run {
        reply,
        generation,
        stream: plan.stream,
        deadline: deadline(state, started),
    })
}

/// The texts of a completions request's prompts, where they came as text.
fn prompt_texts(body: &RequestBody) -> Vec<String> {
    match &body.prompt {
        Some(Prompt::Text(text)) => vec![text.clone()],
        Some(Prompt::Texts(texts)) => texts.clone(),
        _ => Vec::new(),
    }
}

/// How many tokens a chat request's prompt takes.
pub fn prompt_tokens(state: &Shared, body: &RequestBody) -> Result<usize, ApiError> {
    check_model(&state.model_name, body.model.as_deref())?;
    let ready = state.ready()?;
    let tool_use = tool_use(ready, Endpoint::Chat, body)?;
    Ok(prompt_for(ready, Endpoint::Chat, body, tool_use.as_ref())?
        .ids
        .len())
}

/// A grammar held back until the reasoning ends. A reply that may or may not open a block
/// gets it opened in the prompt, so that the grammar knows where the answer starts.
/// `for_answer`: the grammar is the answer's (`response_format`, `grammar`), not the calls'
/// (a harmony call's grammar waits for its own header, on whichever message it comes).
fn after_reasoning(
    ready: &Ready,
    constraint: Constraint,
    thinking: &mut Thinking,
    ids: &mut Vec<u32>,
    for_answer: bool,
) -> Result<Constraint, ApiError> {
    let harmony = matches!(thinking.syntax, Syntax::Harmony(_));
    if thinking.opening == Opening::Closed || harmony && !for_answer {
        return Ok(constraint);
    }
    if let (Opening::Optional, Some(start)) = (thinking.opening, thinking.syntax.start()) {
        let text = format!("{}{start}\n", thinking.prompt);
        if let Some(tokenizer) = ready.tokenizer.as_deref() {
            *ids = tokenizer
                .encode(&text, false)
                .map_err(|e| ApiError::invalid("messages", e.to_string()))?;
        }
        thinking.opening = Opening::Open;
    }
    let compiler = ready
        .grammars
        .as_ref()
        .map_err(|e| structured::compile_error("response_format", e.clone()))?;
    Ok(thinking.syntax.hold_for_answer(compiler, constraint))
}

/// Whether and where a chat request's reasoning is reported: `--reasoning-format` and the
/// request's `separate_reasoning`, `include_reasoning` and `stream_reasoning`.
fn reasoning_output(
    format: ReasoningFormat,
    body: &RequestBody,
    thinking: Option<Thinking>,
) -> (Option<ReasoningPlan>, &'static [&'static str]) {
    let Some(thinking) = thinking else {
        return (None, &[]);
    };
    if format == ReasoningFormat::None || body.separate_reasoning == Some(false) {
        return (None, &[]);
    }
    let plan = ReasoningPlan {
        syntax: thinking.syntax,
        opening: thinking.opening,
        stream: body.stream_reasoning != Some(false),
    };
    let fields = if body.include_reasoning == Some(false) {
        &[]
    } else {
        format.fields()
    };
    (Some(plan), fields)
}

fn prompt_field(endpoint: Endpoint) -> &'static str {
    match endpoint {
        Endpoint::Chat => "messages",
        Endpoint::Completions => "prompt",
    }
}

fn deadline(state: &Shared, started: Instant) -> tokio::time::Instant {
    tokio::time::Instant::from_std(started + state.request_timeout)
}

/// `model` must name the served model: a 400 without it, a 404 for another.
pub fn check_model(served: &str, model: Option<&str>) -> Result<(), ApiError> {
    match model {
        None => Err(ApiError::invalid("model", "model is required")),
        Some(name) if name != served => Err(ApiError {
            status: StatusCode::NOT_FOUND,
            message: format!("the model {name:?} does not exist; this server serves {served:?}"),
            param: Some("model".into()),
            code: Some("model_not_found"),
        }),
        Some(_) => Ok(()),
    }
}

/// `tools` and `tool_choice`, on chat only.
fn tool_use(
    ready: &Ready,
    endpoint: Endpoint,
    body: &RequestBody,
) -> Result<Option<ToolUse>, ApiError> {
    if endpoint == Endpoint::Completions {
        let given = [
            ("tools", body.tools.is_some()),
            ("tool_choice", body.tool_choice.is_some()),
            ("parallel_tool_calls", body.parallel_tool_calls.is_some()),
        ];
        if let Some((field, _)) = given.iter().find(|(_, g)| *g) {
            return Err(ApiError::invalid(field, format!("{field} is a chat field")));
        }
        return Ok(None);
    }
    tools::tool_use(
        body.tools.as_ref(),
        body.tool_choice.as_ref(),
        body.parallel_tool_calls,
        ready.chat_template.as_ref(),
        |token| ready.tokenizer.as_ref().and_then(|t| t.token_to_id(token)),
    )
}

/// What a thinking model's reply starts from.
pub struct Thinking {
    syntax: Syntax,
    opening: Opening,
    /// The rendered prompt.
    prompt: String,
}

/// A request's prompt: its token ids, and for chat with a thinking model where the reply
/// starts.
struct PromptIds {
    ids: Vec<u32>,
    /// Completions: the listed prompts after the first.
    more: Vec<Vec<u32>>,
    thinking: Option<Thinking>,
}

fn prompt_for(
    ready: &Ready,
    endpoint: Endpoint,
    body: &RequestBody,
    tool_use: Option<&ToolUse>,
) -> Result<PromptIds, ApiError> {
    let tokenizer = ready.tokenizer.as_deref();
    let plain = |ids| PromptIds {
        ids,
        more: Vec::new(),
        thinking: None,
    };
    let encode = |text: &str| {
        engine::prompt::raw(tokenizer, text).map_err(|e| ApiError::invalid("prompt", e.to_string()))
    };
    let batch = |mut list: Vec<Vec<u32>>| {
        if list.is_empty() || list.len() > request::MAX_PROMPTS {
            return Err(ApiError::invalid(
                "prompt",
                format!(
                    "a list of prompts must hold 1 to {} prompts, got {}",
                    request::MAX_PROMPTS,
                    list.len()
                ),
            ));
        }
        let ids = list.remove(0);
        Ok(PromptIds {
            ids,
            more: list,
            thinking: None,
        })
    };
    match endpoint {
        Endpoint::Chat => chat_prompt(ready, body, tool_use),
        Endpoint::Completions => {
            if let Some(field) = chat_only_field(body) {
                return Err(ApiError::invalid(field, format!("{field} is a chat field")));
            }
            match &body.prompt {
                None => Err(ApiError::invalid("prompt", "prompt is required")),
                Some(Prompt::Text(text)) => encode(text).map(plain),
                Some(Prompt::Tokens(ids)) => Ok(plain(ids.clone())),
                Some(Prompt::Texts(texts)) => {
                    batch(texts.iter().map(|t| encode(t)).collect::<Result<_, _>>()?)
                }
                Some(Prompt::TokenLists(lists)) => batch(lists.clone()),
            }
        }
    }
}

/// A template field given to completions, which have no template.
fn chat_only_field(body: &RequestBody) -> Option<&'static str> {
    [
        ("chat_template_kwargs", body.chat_template_kwargs.is_some()),
        ("reasoning_effort", body.reasoning_effort.is_some()),
    ]
    .into_iter()
    .find_map(|(field, given)| given.then_some(field))
}

fn chat_prompt(
    ready: &Ready,
    body: &RequestBody,
    tool_use: Option<&ToolUse>,
) -> Result<PromptIds, ApiError> {
    if body.prompt.is_some() {
        return Err(ApiError::invalid(
            "prompt",
            "chat takes messages, not prompt",
        ));
    }
    let mut messages = request::chat_messages(body)?;
    let tools = tool_use.and_then(|t| {
        t.prepare_messages(&mut messages);
        t.template_tools()
    });
    let template = ready.chat_template.as_ref();
    let kwargs = match template {
        Some(template) => Some(reasoning::template_kwargs(
            body.chat_template_kwargs.as_ref(),
            body.reasoning_effort.as_deref(),
            template,
        )?),
        None => None,
    };
    let inputs = RenderInputs {
        tools: tools.as_ref(),
        kwargs: kwargs.as_ref(),
    };
    let prompt =
        engine::prompt::chat_with(template, ready.tokenizer.as_deref(), &messages, &inputs)
            .map_err(|e| ApiError::invalid("messages", e.to_string()))?;
    let thinking = ready.reasoning.map(|syntax| Thinking {
        syntax,
        opening: syntax.opening(&prompt.text),
        prompt: prompt.text,
    });
    Ok(PromptIds {
        ids: prompt.ids,
        more: Vec::new(),
        thinking,
    })
}

/// A fresh random number (seeds of requests that give none, response ids).
pub fn random_u64() -> u64 {
    RandomState::new().hash_one(Instant::now())
}

pub fn timeout_error(state: &Shared) -> ApiError {
    ApiError::new(
        StatusCode::GATEWAY_TIMEOUT,
        "request_timeout",
        format!(
            "the request did not finish within the server's limit of {} s",
            state.request_timeout.as_secs_f64()
        ),
    )
}

pub fn lost_engine() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "engine_stopped",
        "the engine stopped before the request finished",
    )
}

impl Reply {
    fn object(&self, chunk: bool) -> &'static str {
        match (self.endpoint, chunk) {
            (Endpoint::Chat, false) => "chat.completion",
            (Endpoint::Chat, true) => "chat.completion.chunk",
            (Endpoint::Completions, _) => "text_completion",
        }
    }

    pub fn usage(&self, choices: &[ChoiceState]) -> Value {
        let completion: usize = choices.iter().map(|c| c.generated).sum();
        // The prompt is counted once, so is its best reuse.
        let cached = choices.iter().map(|c| c.cached).max().unwrap_or(0);
        let mut usage = json!({
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": completion,
            "total_tokens": self.prompt_tokens + completion,
            "prompt_tokens_details": {"cached_tokens": cached},
        });
        if self.reasoning.is_some() {
            usage["completion_tokens_details"] =
                json!({"reasoning_tokens": reasoning_tokens(choices)});
        }
        usage
    }

    fn envelope(&self, chunk: bool, choices: Vec<Value>) -> Value {
        json!({
            "id": self.id,
            "object": self.object(chunk),
            "created": self.created,
            "model": self.state.model_name,
            "choices": choices,
        })
    }

    /// A chat choice's message, with its reasoning apart when the request separates it, its
    /// tool calls parsed out when it may call tools, and the finish reason (`tool_calls` when
    /// it called any and was not cut short).
    fn message(&self, choice: &ChoiceState, reason: &'static str) -> (Value, &'static str) {
        let text = choice.content();
        let (mut message, reason) = match self.parsed_choice(choice) {
            Some(parsed) if !parsed.calls.is_empty() => {
                let calls: Vec<Value> = parsed.calls.iter().map(call_json).collect();
                (
                    json!({"role": "assistant", "content": parsed.content, "tool_calls": calls}),
                    calls_reason(reason),
                )
            }
            Some(parsed) => (
                json!({"role": "assistant", "content": parsed.content.unwrap_or_default()}),
                reason,
            ),
            None => (json!({"role": "assistant", "content": text}), reason),
        };
        if let Some(reasoning) = choice.reasoning() {
            for field in self.reasoning_fields {
                message[*field] = json!((!reasoning.is_empty()).then_some(reasoning));
            }
        }
        (message, reason)
    }

    /// A choice's calls and the text outside them, when the request may call tools: read by
    /// the reasoning parser where the family's calls are its messages (harmony), else out of
    /// the answer's text.
    pub fn parsed_choice(&self, choice: &ChoiceState) -> Option<Parsed> {
        let tool_use = self.tool_use.as_ref()?;
        match &choice.split {
            Some(split) if tool_use.format == CallFormat::Harmony => {
                let mut pieces = vec![Piece::Content(split.content.clone())];
                pieces.extend(split.calls.iter().cloned());
                Some(Parsed::from_pieces(pieces))
            }
            _ => Some(tool_use.parse(choice.content())),
        }
    }

    /// A chat chunk carrying `reasoning` under each reasoning field.
    fn reasoning_chunk(&self, index: usize, reasoning: &str, logprobs: Value) -> Value {
        let mut chunk = self.chunk(index, None, logprobs, None);
        for field in self.reasoning_fields {
            chunk["choices"][0]["delta"][*field] = json!(reasoning);
        }
        chunk
    }

    /// One streamed chunk for choice `index`.
    fn chunk(
        &self,
        index: usize,
        text: Option<&str>,
        logprobs: Value,
        finish: Option<&str>,
    ) -> Value {
        let choice = match self.endpoint {
            Endpoint::Chat => {
                let delta = match text {
                    Some(t) => json!({"content": t}),
                    None => json!({}),
                };
                json!({"index": index, "delta": delta, "logprobs": logprobs, "finish_reason": finish})
            }
            Endpoint::Completions => json!({
                "index": index,
                "text": text.unwrap_or(""),
                "logprobs": logprobs,
                "finish_reason": finish,
            }),
        };
        let mut value = self.envelope(true, vec![choice]);
        if self.include_usage {
            value["usage"] = Value::Null;
        }
        value
    }
}

impl Reply {
    /// One streamed chunk for what a choice's parser told apart: text, a call's start (its
    /// id, type and name), or more of a call's arguments.
    fn piece_chunk(&self, index: usize, piece: Piece, logprobs: Value) -> Value {
        let call = match piece {
            Piece::Content(text) => return self.chunk(index, Some(&text), logprobs, None),
            Piece::Call { index, name } => json!({
                "index": index,
                "id": format!("call_{:016x}", random_u64()),
                "type": "function",
                "function": {"name": name, "arguments": ""},
            }),
            Piece::Arguments { index, text } => {
                json!({"index": index, "function": {"arguments": text}})
            }
        };
        let mut chunk = self.chunk(index, None, logprobs, None);
        chunk["choices"][0]["delta"] = json!({"tool_calls": [call]});
        chunk
    }
}

/// Tokens spent on reasoning over all choices.
pub fn reasoning_tokens(choices: &[ChoiceState]) -> usize {
    choices
        .iter()
        .filter_map(|c| c.split.as_ref())
        .map(|s| s.reasoning_tokens)
        .sum()
}

/// A parsed call as OpenAI's API carries it.
fn call_json(call: &ToolCall) -> Value {
    json!({
        "id": format!("call_{:016x}", random_u64()),
        "type": "function",
        "function": {"name": call.name, "arguments": call.arguments},
    })
}

/// The finish reason of an answer that called tools: `tool_calls`, unless `max_tokens` cut it.
pub fn calls_reason(reason: &'static str) -> &'static str {
    match reason {
        "stop" => "tool_calls",
        other => other,
    }
}

/// Waits for every choice and answers with one JSON body.
async fn collect(
    reply: Reply,
    generation: Generation,
    deadline: tokio::time::Instant,
) -> Result<Response, ApiError> {
    let choices = gather(&reply, generation, deadline).await?;
    let mut out = Vec::with_capacity(reply.n);
    for (index, choice) in choices.iter().enumerate() {
        let reason = finish_reason(choice.finish.as_ref().expect("every choice finished"))?;
        let prompt = reply.prompt_of(index);
        let logprobs = match (reply.logprobs, &prompt.echo) {
            (false, _) => Value::Null,
            (true, Some(_)) => echo_logprobs(
                &prompt.first_token,
                choice.prompt.as_deref().unwrap_or_default(),
                &choice.entries,
            ),
            (true, None) => logprobs_json(reply.endpoint, &choice.entries, 0),
        };
        out.push(match reply.endpoint {
            Endpoint::Chat => {
                let (message, reason) = reply.message(choice, reason);
                json!({
                    "index": index,
                    "message": message,
                    "logprobs": logprobs,
                    "finish_reason": reason,
                })
            }
            Endpoint::Completions => {
                let mut out = json!({
                    "index": index,
                    "text": format!("{}{}", prompt.echo.as_deref().unwrap_or(""), choice.text),
                    "logprobs": logprobs,
                    "finish_reason": reason,
                });
                if let Some(prompt) = reply.vllm_prompt_logprobs(choice) {
                    out["prompt_logprobs"] = prompt;
                }
                out
            }
        });
    }
    let mut body = reply.envelope(false, out);
    // Chat's choices share one prompt: vLLM reports its log-probabilities once.
    if reply.endpoint == Endpoint::Chat {
        if let Some(prompt) = choices.first().and_then(|c| reply.vllm_prompt_logprobs(c)) {
            body["prompt_logprobs"] = prompt;
        }
    }
    body["usage"] = reply.usage(&choices);
    Ok(Json(body).into_response())
}

impl Reply {
    /// vLLM's `prompt_logprobs` of a choice, when the request asks for them.
    fn vllm_prompt_logprobs(&self, choice: &ChoiceState) -> Option<Value> {
        let top = self.prompt_logprobs?;
        Some(vllm_prompt_logprobs(choice.prompt.as_deref()?, top))
    }

    /// The chunk a streamed choice sends once the engine scored its prompt: a completion's
    /// echo with its log-probabilities (when the echo waited for them), and vLLM's
    /// `prompt_logprobs`.
    fn prompt_chunk(&self, index: usize, choice: &ChoiceState) -> Value {
        let text = self.prompt_of(index);
        let (text, logprobs) = match (self.echo_waits(), &choice.prompt) {
            (true, Some(prompt)) => (
                text.echo.as_deref(),
                echo_logprobs(&text.first_token, prompt, &[]),
            ),
            _ => (None, Value::Null),
        };
        let mut chunk = self.chunk(index, text, logprobs, None);
        if let Some(prompt) = self.vllm_prompt_logprobs(choice) {
            match self.endpoint {
                Endpoint::Completions => chunk["choices"][0]["prompt_logprobs"] = prompt,
                Endpoint::Chat => chunk["prompt_logprobs"] = prompt,
            }
        }
        chunk
    }

    /// Whether a streamed choice's echo waits for the engine's scores (it goes out at the
    /// start otherwise).
    fn echo_waits(&self) -> bool {
        self.echoes() && self.logprobs
    }

    /// Whether the request echoes its prompts (all or none).
    fn echoes(&self) -> bool {
        self.prompts.iter().any(|p| p.echo.is_some())
    }

    /// The prompt choice `index` answers.
    fn prompt_of(&self, index: usize) -> &PromptText {
        &self.prompts[index / self.per_prompt.max(1)]
    }

    /// A fresh state for each choice.
    pub fn choice_states(&self) -> Vec<ChoiceState> {
        let tokenizer = self.state.ready.get().and_then(|r| r.tokenizer.as_ref());
        let names: Vec<String> = self
            .tool_use
            .iter()
            .flat_map(|t| t.tools.iter().map(|tool| tool.function.name.clone()))
            .collect();
        (0..self.n)
            .map(|_| ChoiceState::new(self.reasoning.map(|r| r.separator(tokenizer, &names))))
            .collect()
    }
}

/// Waits for every choice to finish.
pub async fn gather(
    reply: &Reply,
    mut generation: Generation,
    deadline: tokio::time::Instant,
) -> Result<Vec<ChoiceState>, ApiError> {
    let state = &reply.state;
    let tokenizer = state.ready.get().and_then(|r| r.tokenizer.as_ref());
    let mut choices = reply.choice_states();
    let mut open = reply.n;
    while open > 0 {
        // Timeout polls the update first: events already queued would outrun a passed deadline.
        if tokio::time::Instant::now() >= deadline {
            return Err(timeout_error(state));
        }
        let update = match tokio::time::timeout_at(deadline, generation.next()).await {
            Ok(Some(update)) => update,
            Ok(None) => return Err(lost_engine()),
            Err(_) => return Err(timeout_error(state)),
        };
        let started = generation.started;
        let choice = &mut choices[update.choice];
        if choice
            .apply(
                update.event,
                started,
                &state.metrics,
                tokenizer,
                reply.logprobs,
            )
            .finished
        {
            open -= 1;
        }
    }
    Ok(choices)
}

/// Where a stream is in its life.
enum Phase {
    Start,
    Running,
    Done,
}

struct StreamState {
    reply: Reply,
    generation: Option<Generation>,
    choices: Vec<ChoiceState>,
    /// Per choice, when the request may call tools: its calls told apart from its text.
    parsers: Vec<CallParser>,
    open: usize,
    deadline: tokio::time::Instant,
    phase: Phase,
}

fn sse(value: &Value) -> String {
    format!("data: {value}\n\n")
}

const DONE: &str = "data: [DONE]\n\n";

/// Streams server-sent events; dropping the body (the client left) drops the
/// generation, which cancels it in the engine.
fn stream(reply: Reply, generation: Generation, deadline: tokio::time::Instant) -> Response {
    let state = StreamState {
        choices: reply.choice_states(),
        parsers: reply
            .tool_use
            .iter()
            .flat_map(|t| (0..reply.n).map(|_| t.parser()))
            .collect(),
        open: reply.n,
        reply,
        generation: Some(generation),
        deadline,
        phase: Phase::Start,
    };
    event_stream(state, |mut state| async move {
        let bytes = state.advance().await?;
        Some((bytes, state))
    })
}

/// A server-sent-event response: `next` gives the bytes to send and the state for the next
/// call, until it gives `None`.
pub fn event_stream<S, F, Fut>(state: S, mut next: F) -> Response
where
    S: Send + 'static,
    F: FnMut(S) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Option<(String, S)>> + Send + 'static,
{
    let events = futures_util::stream::unfold(state, move |state| {
        let step = next(state);
        async move {
            let (bytes, state) = step.await?;
            Some((Ok::<_, Infallible>(Bytes::from(bytes)), state))
        }
    });
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(events),
    )
        .into_response()
}

impl StreamState {
    /// The next bytes to send, or `None` when the stream is over.
    async fn advance(&mut self) -> Option<String> {
        match self.phase {
            Phase::Done => None,
            Phase::Start => {
                self.phase = Phase::Running;
                if self.reply.endpoint == Endpoint::Completions {
                    if !self.reply.echoes() || self.reply.echo_waits() {
                        return Some(String::new());
                    }
                    let out = (0..self.reply.n)
                        .map(|i| {
                            sse(&self.reply.chunk(
                                i,
                                self.reply.prompt_of(i).echo.as_deref(),
                                Value::Null,
                                None,
                            ))
                        })
                        .collect();
                    return Some(out);
                }
                let out = (0..self.reply.n)
                    .map(|i| {
                        let mut chunk = self.reply.chunk(i, Some(""), Value::Null, None);
                        chunk["choices"][0]["delta"]["role"] = json!("assistant");
                        sse(&chunk)
                    })
                    .collect();
                Some(out)
            }
            Phase::Running => Some(self.next_events().await),
        }
    }

    /// Waits for an update that has something to send and formats it.
    async fn next_events(&mut self) -> String {
        loop {
            if tokio::time::Instant::now() >= self.deadline {
                return self.fail(timeout_error(&self.reply.state));
            }
            let generation = self.generation.as_mut().expect("running streams hold it");
            let update = match tokio::time::timeout_at(self.deadline, generation.next()).await {
                Ok(Some(update)) => update,
                Ok(None) => return self.fail(lost_engine()),
                Err(_) => return self.fail(timeout_error(&self.reply.state)),
            };
            let started = generation.started;
            let state = &self.reply.state;
            let tokenizer = state.ready.get().and_then(|r| r.tokenizer.as_ref());
            let index = update.choice;
            let choice = &mut self.choices[index];
            // Offsets count from the start of the echoed prompt.
            let echoed = self.reply.prompt_of(index).echo.as_ref();
            let offset = choice.text.len() + echoed.map_or(0, String::len);
            let delta = choice.apply(
                update.event,
                started,
                &state.metrics,
                tokenizer,
                self.reply.logprobs,
            );
            let logprobs = match delta.entry {
                Some(at) => logprobs_json(self.reply.endpoint, &choice.entries[at..=at], offset),
                None => Value::Null,
            };
            let mut logprobs = Some(logprobs);
            let mut out = String::new();
            if delta.prompt {
                let wanted = match self.reply.endpoint {
                    Endpoint::Completions => self.reply.echo_waits(),
                    Endpoint::Chat => false,
                } || self.reply.prompt_logprobs.is_some()
                    && (self.reply.endpoint == Endpoint::Completions || index == 0);
                if wanted {
                    out.push_str(&sse(&self.reply.prompt_chunk(index, choice)));
                }
            }
            // Reasoning goes out ahead of the answer it precedes.
            if !delta.reasoning.is_empty() && !self.reply.reasoning_fields.is_empty() {
                let logprobs = logprobs.take().unwrap_or(Value::Null);
                out.push_str(&sse(&self.reply.reasoning_chunk(
                    index,
                    &delta.reasoning,
                    logprobs,
                )));
            }
            // Text that may open a tool call is held back until it is told apart; a call goes
            // out as its name, then its arguments as they are generated.
            let mut pieces = match self.parsers.get_mut(index) {
                Some(parser) => {
                    let mut pieces = parser.push(&delta.content);
                    if delta.finished {
                        pieces.extend(parser.finish());
                    }
                    pieces
                }
                None if delta.content.is_empty() => Vec::new(),
                None => vec![Piece::Content(delta.content)],
            };
            if self.reply.tool_use.is_some() {
                pieces.extend(delta.calls);
            }
            if pieces.is_empty() && out.is_empty() && delta.entry.is_some() {
                pieces.push(Piece::Content(String::new()));
            }
            // The last text goes out with the finish reason.
            let last_text = match pieces.last() {
                Some(Piece::Content(_)) if delta.finished => match pieces.pop() {
                    Some(Piece::Content(text)) => Some(text),
                    _ => None,
                },
                _ => None,
            };
            for piece in pieces {
                let logprobs = logprobs.take().unwrap_or(Value::Null);
                out.push_str(&sse(&self.reply.piece_chunk(index, piece, logprobs)));
            }
            if !delta.finished {
                if out.is_empty() {
                    continue;
                }
                return out;
            }
            let mut reason = match finish_reason(choice.finish.as_ref().expect("just finished")) {
                Ok(reason) => reason,
                Err(error) => return self.fail(error),
            };
            if self.parsers.get(index).is_some_and(CallParser::called) || choice.called() {
                reason = calls_reason(reason);
            }
            let text = last_text.as_deref().filter(|t| !t.is_empty());
            let logprobs = logprobs.take().unwrap_or(Value::Null);
            out.push_str(&sse(&self.reply.chunk(index, text, logprobs, Some(reason))));
            self.open -= 1;
            if self.open == 0 {
                if self.reply.include_usage {
                    let mut usage = self.reply.envelope(true, Vec::new());
                    usage["usage"] = self.reply.usage(&self.choices);
                    out.push_str(&sse(&usage));
                }
                out.push_str(DONE);
                self.finish();
            }
            return out;
        }
    }

    /// Ends the stream with an error event; what still runs is cancelled.
    fn fail(&mut self, error: ApiError) -> String {
        tracing::warn!(id = %self.reply.id, "stream ended: {}", error.message);
        self.finish();
        format!("{}{DONE}", sse(&error.body()))
    }

    fn finish(&mut self) {
        self.generation = None;
        self.phase = Phase::Done;
    }
}
