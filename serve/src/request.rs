//! The request body of `/v1/completions` and `/v1/chat/completions`, parsed
//! so that every error names the field it is about, and checked against the
//! model before anything reaches the engine.

use std::collections::HashMap;

use engine::batch::{GenerationRequest, RequestLimits};
use sampler::{LogprobSource, SampleParams};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::generation::submit_error;
use crate::structured::{GrammarField, ResponseFormat};
use crate::tools::{Tool, ToolChoiceField};

/// Which endpoint a body came to; a few fields differ between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    Completions,
    Chat,
}

/// `prompt`: text or token ids, or a list of either (one prompt each, as OpenAI's API and
/// lm-eval-harness's batches send them).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Prompt {
    Text(String),
    Tokens(Vec<u32>),
    Texts(Vec<String>),
    TokenLists(Vec<Vec<u32>>),
}

/// The most prompts one completions request may list.
pub const MAX_PROMPTS: usize = 64;

/// Message content: text or a list of parts (only text parts are read).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Content {
    Text(String),
    Parts(Vec<ContentPart>),
}

#[derive(Debug, Deserialize)]
pub struct ContentPart {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub text: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Message {
    pub role: String,
    #[serde(default)]
    pub content: Option<Content>,
    /// An assistant turn's calls, as OpenAI's API returned them.
    #[serde(default)]
    pub tool_calls: Option<Vec<Value>>,
    /// A `tool` turn: the call it answers.
    #[serde(default)]
    pub tool_call_id: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    /// An assistant turn's reasoning, as this server (or another) returned it under either
    /// name; rendered where the template reads `reasoning_content`.
    #[serde(default)]
    pub reasoning_content: Option<String>,
    #[serde(default)]
    pub reasoning: Option<String>,
    /// Accepted and ignored, so that a client can send back the message it got: an assistant
    /// turn's refusal and annotations change nothing the model sees.
    #[serde(default, rename = "refusal")]
    _refusal: Option<IgnoredAny>,
    #[serde(default, rename = "annotations")]
    _annotations: Option<IgnoredAny>,
    /// Refused unless null (what the client's own message objects carry).
    #[serde(default)]
    pub function_call: Option<Value>,
    #[serde(default)]
    pub audio: Option<Value>,
}

/// `stop`: one string or a list.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Stop {
    One(String),
    Many(Vec<String>),
}

/// `logprobs`: a flag (chat) or a count of alternatives (completions).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Logprobs {
    Flag(bool),
    Count(u32),
}

#[derive(Debug, Default, Deserialize)]
pub struct StreamOptions {
    #[serde(default)]
    pub include_usage: Option<bool>,
}

/// Both endpoints' fields; which are allowed is checked per endpoint. Any other field is
/// refused by name, so that nothing a client asks for is silently dropped.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Body {
    pub model: Option<String>,
    pub prompt: Option<Prompt>,
    pub messages: Option<Vec<Message>>,
    pub max_tokens: Option<u64>,
    pub max_completion_tokens: Option<u64>,
    pub temperature: Option<f32>,
    pub top_p: Option<f32>,
    pub top_k: Option<i64>,
    pub min_p: Option<f32>,
    pub repetition_penalty: Option<f32>,
    pub frequency_penalty: Option<f32>,
    pub presence_penalty: Option<f32>,
    pub logit_bias: Option<HashMap<String, f32>>,
    pub seed: Option<i64>,
    pub stop: Option<Stop>,
    pub stream: Option<bool>,
    pub stream_options: Option<StreamOptions>,
    pub logprobs: Option<Logprobs>,
    pub top_logprobs: Option<u32>,
    /// Completions: the prompt goes before the answer, and with `logprobs` so do its tokens'
    /// log-probabilities (the first token's null).
    pub echo: Option<bool>,
    /// vLLM's extension, on both endpoints: the prompt tokens' log-probabilities with this
    /// many alternatives, apart from the answer.
    pub prompt_logprobs: Option<u32>,
    pub n: Option<u32>,
    pub ignore_eos: Option<bool>,
    /// Leave control tokens' text out (vLLM's extension; default false here).
    pub skip_special_tokens: Option<bool>,
    pub response_format: Option<ResponseFormat>,
    /// Extension: a Lark, regex or JSON-schema grammar (see [`GrammarField`]).
    pub grammar: Option<GrammarField>,
    pub tools: Option<Vec<Tool>>,
    pub tool_choice: Option<ToolChoiceField>,
    pub parallel_tool_calls: Option<bool>,
    /// Variables for the chat template (`enable_thinking`...); each must be one the template
    /// reads.
    pub chat_template_kwargs: Option<serde_json::Map<String, Value>>,
    /// Passed to templates that read it; `none` switches thinking off where the template reads
    /// `enable_thinking` instead.
    pub reasoning_effort: Option<String>,
    /// SGLang's switches (chat only; completions return raw text): `false` leaves the
    /// reasoning in the content, or sends it whole once it ends instead of in deltas.
    pub separate_reasoning: Option<bool>,
    pub stream_reasoning: Option<bool>,
    /// `false` leaves the separated reasoning out of the answer (vLLM's and OpenRouter's).
    pub include_reasoning: Option<bool>,
    // Accepted and ignored: none of these can change the output.
    #[serde(rename = "user")]
    _user: Option<IgnoredAny>,
    #[serde(rename = "metadata")]
    _metadata: Option<IgnoredAny>,
    #[serde(rename = "service_tier")]
    _service_tier: Option<IgnoredAny>,
}

/// Fields this server does not implement, with the values that ask for nothing (null always
/// does) and what to say when another value is given. Clients and routers send some of them
/// on every request with such a value (vllm-router adds `echo: false`, `no_stop_trim: false`,
/// `return_hidden_states: false`...): those are accepted, anything else is refused.
const UNIMPLEMENTED: &[(&str, &[&str], &str)] = &[
    ("functions", &["[]"], "use tools"),
    ("function_call", &["\"none\""], "use tool_choice"),
    ("audio", &[], "audio output is not supported"),
    (
        "modalities",
        &["[\"text\"]"],
        "only text output is supported",
    ),
    ("prediction", &[], "predicted outputs are not supported"),
    ("web_search_options", &[], "web search is not supported"),
    ("store", &["false"], "stored completions are not supported"),
    ("best_of", &["1"], "best_of is not supported; use n"),
    ("suffix", &["\"\""], "suffix (insertion) is not supported"),
    (
        "no_stop_trim",
        &["false"],
        "stop strings are always trimmed",
    ),
    (
        "return_hidden_states",
        &["false"],
        "hidden states are not returned",
    ),
    (
        "continue_final_message",
        &["false"],
        "continuing the last message is not supported",
    ),
];

/// Removes the top-level fields of [`UNIMPLEMENTED`] whose value asks for nothing; a field
/// that asks for something is a 400 naming it.
fn drop_unimplemented(body: &mut serde_json::Map<String, Value>) -> Result<(), ApiError> {
    for (field, neutral, why) in UNIMPLEMENTED {
        let Some(value) = body.get(*field) else {
            continue;
        };
        let harmless = value.is_null()
            || neutral
                .iter()
                .any(|n| serde_json::from_str::<Value>(n).is_ok_and(|n| n == *value));
        if !harmless {
            return Err(ApiError::invalid(
                field,
                format!("`{field}` is not supported by this server: {why}"),
            ));
        }
        body.remove(*field);
    }
    Ok(())
}

/// The most alternatives per token the server reports.
pub const MAX_TOP_LOGPROBS: u32 = 20;
/// The most choices one request may ask for.
pub const MAX_N: u32 = 16;
/// The most stop strings one request may give.
pub const MAX_STOP: usize = 8;

/// Parses a body; malformed JSON and wrongly typed fields become 400s naming the field, and
/// so does every field this server does not implement (unknown ones included).
pub fn parse(bytes: &[u8]) -> Result<Body, ApiError> {
    let mut value: Value = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::invalid("body", format!("malformed JSON: {e}")))?;
    let Some(object) = value.as_object_mut() else {
        return Err(ApiError::invalid("body", "the body must be a JSON object"));
    };
    drop_unimplemented(object)?;
    deserialize(value)
}

/// Reads a body into `T`; a wrongly typed or unknown field is a 400 naming it.
pub fn deserialize<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let message = inner.to_string();
        if let Some(name) = unknown_field(&message) {
            let at = match path.as_str() {
                "" | "." => String::new(),
                p => format!(" in `{p}`"),
            };
            let param = path
                .split(['.', '['])
                .next()
                .filter(|f| !f.is_empty() && *f != "?");
            return ApiError::invalid(
                param.unwrap_or(name),
                format!("unknown field `{name}`{at}: this server does not implement it"),
            );
        }
        let field = path.split(['.', '[']).next().unwrap_or_default();
        if field.is_empty() {
            return ApiError::invalid("body", format!("the body must be a JSON object: {inner}"));
        }
        ApiError::invalid(field, format!("invalid value for `{path}`: {inner}"))
    })
}

/// The name serde's unknown-field error gives, if `message` is one.
fn unknown_field(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("unknown field `")?;
    rest.split('`').next()
}

/// A validated request: the engine requests of its choices and how to answer.
pub struct Plan {
    pub prompt: Vec<u32>,
    pub choices: Vec<GenerationRequest>,
    pub stream: bool,
    pub include_usage: bool,
    /// Report per-token logprobs, with this many alternatives.
    pub logprobs: Option<usize>,
    /// Completions: the prompt goes before the answer.
    pub echo: bool,
    /// vLLM's `prompt_logprobs`: this many alternatives per prompt token.
    pub prompt_logprobs: Option<usize>,
}

/// Sampling and stopping fields, checked; the prompt is already token ids.
pub fn plan(
    body: &Body,
    endpoint: Endpoint,
    prompt: Vec<u32>,
    limits: &RequestLimits,
    random_seed: u64,
) -> Result<Plan, ApiError> {
    let prompt_field = match endpoint {
        Endpoint::Chat => "messages",
        Endpoint::Completions => "prompt",
    };
    limits
        .check_prompt(&prompt)
        .map_err(|e| submit_error(e, prompt_field))?;
    let echo = echo(body, endpoint)?;
    let prompt_logprobs = body
        .prompt_logprobs
        .map(|k| top_count("prompt_logprobs", k))
        .transpose()?;
    // A request for the prompt alone may ask for no tokens, and its prompt may fill the
    // context.
    let allow_zero = echo || prompt_logprobs.is_some();
    let zero = body.max_tokens == Some(0)
        || endpoint == Endpoint::Chat && body.max_completion_tokens == Some(0);
    // The engine takes a prompt that fills the context; an API request must leave room for
    // the tokens it asks for.
    if prompt.len() == limits.capacity && !(allow_zero && zero) {
        return Err(ApiError::invalid(
            prompt_field,
            format!(
                "the prompt has {} tokens; this model's context is {} tokens, and at least one must be left to generate",
                prompt.len(),
                limits.capacity
            ),
        ));
    }
    let room = limits.capacity - prompt.len();
    let max_tokens = max_tokens(body, endpoint, room, allow_zero)?;
    let params = sample_params(body, limits.vocab)?;
    let logprobs = logprobs(body, endpoint)?;
    // The engine scores the prompt when its log-probabilities are reported, and for a request
    // of no tokens, which it would otherwise refuse.
    let score = match (echo, logprobs, prompt_logprobs) {
        (true, Some(k), p) => Some(k.max(p.unwrap_or(0))),
        (_, _, Some(p)) => Some(p),
        _ if max_tokens == 0 => Some(0),
        _ => None,
    };
    let n = body.n.unwrap_or(1);
    if !(1..=MAX_N).contains(&n) {
        return Err(ApiError::invalid(
            "n",
            format!("n must be in 1..={MAX_N}, got {n}"),
        ));
    }
    let stop = stop_strings(body)?;
    let seed = body.seed.map_or(random_seed, |s| s as u64);
    let choices = (0..n as u64)
        .map(|i| {
            let mut params = params.clone();
            // Each choice is its own sequence: choice 0 uses the seed as given
            // (the tokens `generate --seed` draws), the others the next seeds.
            params.seed = seed.wrapping_add(i);
            if let Some(k) = logprobs {
                params.logprobs = LogprobSource::Raw;
                params.top_logprobs = k;
            }
            let mut request = GenerationRequest::new(prompt.clone(), params, max_tokens);
            request.stop_strings = stop.clone();
            request.ignore_eos = body.ignore_eos.unwrap_or(false);
            request.skip_special_tokens = body.skip_special_tokens.unwrap_or(false);
            request.prompt_logprobs = score;
            request
        })
        .collect();
    let stream = body.stream.unwrap_or(false);
    if body.stream_options.is_some() && !stream {
        return Err(ApiError::invalid(
            "stream_options",
            "stream_options is only allowed with stream: true",
        ));
    }
    let include_usage = body
        .stream_options
        .as_ref()
        .and_then(|o| o.include_usage)
        .unwrap_or(false);
    Ok(Plan {
        prompt,
        choices,
        stream,
        include_usage,
        logprobs,
        echo,
        prompt_logprobs,
    })
}

/// `echo`, a completions field (chat's prompt is a rendered template, not the client's text).
fn echo(body: &Body, endpoint: Endpoint) -> Result<bool, ApiError> {
    match (endpoint, body.echo) {
        (Endpoint::Chat, Some(true)) => Err(ApiError::invalid(
            "echo",
            "echo is a completions field; chat takes prompt_logprobs for the prompt's log-probabilities",
        )),
        (_, echo) => Ok(echo.unwrap_or(false)),
    }
}

fn top_count(field: &str, k: u32) -> Result<usize, ApiError> {
    if k > MAX_TOP_LOGPROBS {
        return Err(ApiError::invalid(
            field,
            format!("{field} must be in 0..={MAX_TOP_LOGPROBS}, got {k}"),
        ));
    }
    Ok(k as usize)
}

fn max_tokens(
    body: &Body,
    endpoint: Endpoint,
    room: usize,
    allow_zero: bool,
) -> Result<usize, ApiError> {
    let given = match endpoint {
        Endpoint::Chat => body
            .max_completion_tokens
            .map(|v| ("max_completion_tokens", v))
            .or(body.max_tokens.map(|v| ("max_tokens", v))),
        Endpoint::Completions => {
            if body.max_completion_tokens.is_some() {
                return Err(ApiError::invalid(
                    "max_completion_tokens",
                    "max_completion_tokens is a chat field; completions take max_tokens",
                ));
            }
            body.max_tokens.map(|v| ("max_tokens", v))
        }
    };
    match given {
        None => Ok(room),
        Some((_, 0)) if allow_zero => Ok(0),
        Some((field, 0)) => Err(ApiError::invalid(
            field,
            format!("{field} must be at least 1 (0 only with echo or prompt_logprobs)"),
        )),
        Some((field, v)) if v as usize > room => Err(ApiError::invalid(
            field,
            format!(
                "{field} is {v}, but the prompt leaves room for {room} tokens in this model's context"
            ),
        )),
        Some((_, v)) => Ok(v as usize),
    }
}

fn in_range(field: &str, value: Option<f32>, lo: f32, hi: f32) -> Result<Option<f32>, ApiError> {
    match value {
        Some(v) if !(v.is_finite() && (lo..=hi).contains(&v)) => Err(ApiError::invalid(
            field,
            format!("{field} must be in [{lo}, {hi}], got {v}"),
        )),
        other => Ok(other),
    }
}

fn sample_params(body: &Body, vocab: usize) -> Result<SampleParams, ApiError> {
    let mut params = SampleParams::default();
    if let Some(t) = in_range("temperature", body.temperature, 0.0, 2.0)? {
        params.temperature = t;
    }
    if let Some(p) = in_range("top_p", body.top_p, 0.0, 1.0)? {
        if p == 0.0 {
            return Err(ApiError::invalid("top_p", "top_p must be in (0, 1], got 0"));
        }
        params.top_p = p;
    }
    params.top_k = match body.top_k {
        None | Some(-1) | Some(0) => 0,
        Some(k) if k > 0 => k as usize,
        Some(k) => {
            return Err(ApiError::invalid(
                "top_k",
                format!("top_k must be -1 or 0 (off) or positive, got {k}"),
            ))
        }
    };
    if let Some(p) = in_range("min_p", body.min_p, 0.0, 1.0)? {
        params.min_p = p;
    }
    if let Some(r) = body.repetition_penalty {
        if !(r.is_finite() && r > 0.0) {
            return Err(ApiError::invalid(
                "repetition_penalty",
                format!("repetition_penalty must be finite and > 0, got {r}"),
            ));
        }
        params.repetition_penalty = r;
    }
    if let Some(f) = in_range("frequency_penalty", body.frequency_penalty, -2.0, 2.0)? {
        params.frequency_penalty = f;
    }
    if let Some(p) = in_range("presence_penalty", body.presence_penalty, -2.0, 2.0)? {
        params.presence_penalty = p;
    }
    if let Some(bias) = &body.logit_bias {
        params.logit_bias = logit_bias(bias, vocab)?;
    }
    Ok(params)
}

fn logit_bias(bias: &HashMap<String, f32>, vocab: usize) -> Result<Vec<(u32, f32)>, ApiError> {
    let mut out = Vec::with_capacity(bias.len());
    for (key, &value) in bias {
        let id: u32 = key.parse().map_err(|_| {
            ApiError::invalid(
                "logit_bias",
                format!("logit_bias key {key:?} is not a token id"),
            )
        })?;
        if id as usize >= vocab {
            return Err(ApiError::invalid(
                "logit_bias",
                format!("logit_bias token id {id} is outside the vocabulary of {vocab}"),
            ));
        }
        if !(value.is_finite() && (-100.0..=100.0).contains(&value)) {
            return Err(ApiError::invalid(
                "logit_bias",
                format!("logit_bias value for {id} must be in [-100, 100], got {value}"),
            ));
        }
        out.push((id, value));
    }
    out.sort_by_key(|&(id, _)| id);
    Ok(out)
}

fn logprobs(body: &Body, endpoint: Endpoint) -> Result<Option<usize>, ApiError> {
    let top = top_count;
    match endpoint {
        Endpoint::Chat => {
            let on =
                match body.logprobs {
                    None | Some(Logprobs::Flag(false)) => false,
                    Some(Logprobs::Flag(true)) => true,
                    Some(Logprobs::Count(_)) => return Err(ApiError::invalid(
                        "logprobs",
                        "logprobs must be a boolean for chat; use top_logprobs for alternatives",
                    )),
                };
            match (on, body.top_logprobs) {
                (false, Some(k)) if k > 0 => Err(ApiError::invalid(
                    "top_logprobs",
                    "top_logprobs needs logprobs: true",
                )),
                (false, _) => Ok(None),
                (true, k) => top("top_logprobs", k.unwrap_or(0)).map(Some),
            }
        }
        Endpoint::Completions => {
            if body.top_logprobs.is_some() {
                return Err(ApiError::invalid(
                    "top_logprobs",
                    "top_logprobs is a chat field; completions take logprobs as a count",
                ));
            }
            match body.logprobs {
                None => Ok(None),
                Some(Logprobs::Count(k)) => top("logprobs", k).map(Some),
                Some(Logprobs::Flag(_)) => Err(ApiError::invalid(
                    "logprobs",
                    "logprobs must be an integer (alternatives per token) for completions",
                )),
            }
        }
    }
}

fn stop_strings(body: &Body) -> Result<Vec<String>, ApiError> {
    let stops = match &body.stop {
        None => Vec::new(),
        Some(Stop::One(s)) => vec![s.clone()],
        Some(Stop::Many(list)) => list.clone(),
    };
    if stops.len() > MAX_STOP {
        return Err(ApiError::invalid(
            "stop",
            format!("at most {MAX_STOP} stop strings, got {}", stops.len()),
        ));
    }
    if stops.iter().any(String::is_empty) {
        return Err(ApiError::invalid("stop", "stop strings must not be empty"));
    }
    Ok(stops)
}

/// The chat messages as the template takes them.
pub fn chat_messages(body: &Body) -> Result<Vec<loader::ChatMessage>, ApiError> {
    let Some(messages) = &body.messages else {
        return Err(ApiError::invalid("messages", "messages is required"));
    };
    messages_for_template(messages)
}

/// `messages` as the template takes them.
pub fn messages_for_template(messages: &[Message]) -> Result<Vec<loader::ChatMessage>, ApiError> {
    if messages.is_empty() {
        return Err(ApiError::invalid("messages", "messages must not be empty"));
    }
    messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            if m.role.is_empty() {
                return Err(ApiError::invalid(
                    "messages",
                    format!("messages[{i}].role is empty"),
                ));
            }
            if m.function_call.is_some() || m.audio.is_some() {
                return Err(ApiError::invalid(
                    "messages",
                    format!(
                        "messages[{i}]: function_call and audio are not supported; use tool_calls"
                    ),
                ));
            }
            let content = match &m.content {
                None => String::new(),
                Some(Content::Text(t)) => t.clone(),
                Some(Content::Parts(parts)) => text_parts(i, parts)?,
            };
            let mut message = loader::ChatMessage::new(m.role.clone(), content);
            message.reasoning_content = history_reasoning(i, m)?;
            message.tool_calls = m.tool_calls.as_ref().map(|calls| template_calls(calls));
            message.tool_call_id = m.tool_call_id.clone();
            message.name = m.name.clone();
            Ok(message)
        })
        .collect()
}

/// An earlier turn's reasoning, under either name (both must agree when both are given).
fn history_reasoning(i: usize, m: &Message) -> Result<Option<String>, ApiError> {
    match (&m.reasoning_content, &m.reasoning) {
        (Some(a), Some(b)) if a != b => Err(ApiError::invalid(
            "messages",
            format!("messages[{i}]: reasoning_content and reasoning differ; give one"),
        )),
        (Some(text), _) | (None, Some(text)) => Ok(Some(text.clone())),
        (None, None) => Ok(None),
    }
}

fn text_parts(i: usize, parts: &[ContentPart]) -> Result<String, ApiError> {
    let mut text = String::new();
    for part in parts {
        match (part.kind.as_str(), &part.text) {
            ("text", Some(t)) => text.push_str(t),
            (kind, _) => {
                return Err(ApiError::invalid(
                    "messages",
                    format!("messages[{i}].content: only text parts are supported, got {kind:?}"),
                ))
            }
        }
    }
    Ok(text)
}

/// Earlier calls as chat templates read them: `arguments` as an object where the API carries a
/// JSON string (templates serialize it themselves).
fn template_calls(calls: &[Value]) -> Value {
    let mut calls = calls.to_vec();
    for call in &mut calls {
        let Some(arguments) = call
            .get_mut("function")
            .and_then(|f| f.get_mut("arguments"))
        else {
            continue;
        };
        if let Some(parsed) = arguments
            .as_str()
            .and_then(|s| serde_json::from_str::<Value>(s).ok())
        {
            *arguments = parsed;
        }
    }
    Value::Array(calls)
}
