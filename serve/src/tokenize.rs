//! `POST /tokenize` and `POST /detokenize`, in the shapes vLLM and llama-server use: text (or
//! chat messages, rendered with the template) to token ids, and ids back to text; and vLLM's
//! `GET /tokenizer_info`, with which clients (lm-eval-harness) tokenize through the server
//! instead of loading the tokenizer themselves.

use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use crate::error::ApiError;
use crate::request::Message;
use crate::state::Shared;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenizeBody {
    #[serde(default)]
    model: Option<String>,
    /// vLLM's name for the text.
    #[serde(default)]
    prompt: Option<String>,
    /// llama-server's name for the text.
    #[serde(default)]
    content: Option<String>,
    /// Chat messages, rendered with the model's template instead of raw text.
    #[serde(default)]
    messages: Option<Vec<Message>>,
    /// Add the model's BOS to raw text (default true, as a completion prompt gets it).
    #[serde(default)]
    add_special_tokens: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DetokenizeBody {
    #[serde(default)]
    model: Option<String>,
    tokens: Vec<u32>,
}

fn parse<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::invalid("body", e.to_string()))
}

fn check_model(state: &Shared, model: Option<&String>) -> Result<(), ApiError> {
    match model {
        Some(name) if *name != state.model_name => Err(ApiError::invalid(
            "model",
            format!(
                "the model {name:?} does not exist; this server serves {:?}",
                state.model_name
            ),
        )),
        _ => Ok(()),
    }
}

pub async fn tokenize(State(state): State<Shared>, bytes: Bytes) -> Response {
    tokenize_ids(&state, &bytes)
        .map(|(ids, capacity)| {
            Json(json!({"tokens": ids, "count": ids.len(), "max_model_len": capacity}))
                .into_response()
        })
        .unwrap_or_else(IntoResponse::into_response)
}

fn tokenize_ids(state: &Shared, bytes: &[u8]) -> Result<(Vec<u32>, usize), ApiError> {
    let body: TokenizeBody = parse(bytes)?;
    check_model(state, body.model.as_ref())?;
    let ready = state.ready()?;
    let tokenizer = ready.tokenizer.as_deref();
    let ids = match (&body.prompt, &body.content, &body.messages) {
        (Some(text), None, None) | (None, Some(text), None) => {
            let tokenizer = tokenizer
                .ok_or_else(|| ApiError::invalid("prompt", "the model has no tokenizer"))?;
            tokenizer
                .encode(text, body.add_special_tokens.unwrap_or(true))
                .map_err(|e| ApiError::invalid("prompt", e.to_string()))?
        }
        (None, None, Some(messages)) => {
            let messages = crate::request::messages_for_template(messages)?;
            engine::prompt::chat(ready.chat_template.as_ref(), tokenizer, &messages)
                .map_err(|e| ApiError::invalid("messages", e.to_string()))?
        }
        _ => {
            return Err(ApiError::invalid(
                "prompt",
                "give exactly one of prompt, content or messages",
            ))
        }
    };
    Ok((ids, ready.engine.capacity()))
}

pub async fn detokenize(State(state): State<Shared>, bytes: Bytes) -> Response {
    detokenize_text(&state, &bytes)
        .map(|text| Json(json!({"prompt": text, "content": text})).into_response())
        .unwrap_or_else(IntoResponse::into_response)
}

fn detokenize_text(state: &Shared, bytes: &[u8]) -> Result<String, ApiError> {
    let body: DetokenizeBody = parse(bytes)?;
    check_model(state, body.model.as_ref())?;
    let ready = state.ready()?;
    let vocab = ready.engine.vocab();
    if let Some(id) = body.tokens.iter().find(|&&t| t as usize >= vocab) {
        return Err(ApiError::invalid(
            "tokens",
            format!("token id {id} is outside the vocabulary of {vocab}"),
        ));
    }
    let tokenizer = ready
        .tokenizer
        .as_deref()
        .ok_or_else(|| ApiError::invalid("tokens", "the model has no tokenizer"))?;
    tokenizer
        .decode(&body.tokens, false)
        .map_err(|e| ApiError::invalid("tokens", e.to_string()))
}

/// vLLM's `GET /tokenizer_info`: the special tokens, the chat template and the context length.
pub async fn tokenizer_info(State(state): State<Shared>) -> Response {
    let info = state.ready().and_then(|ready| {
        let tokenizer = ready
            .tokenizer
            .as_deref()
            .ok_or_else(|| ApiError::invalid("model", "the model has no tokenizer"))?;
        Ok(json!({
            "tokenizer_class": "PreTrainedTokenizerFast",
            "bos_token": tokenizer.bos_token(),
            "eos_token": tokenizer.eos_token(),
            "pad_token": null,
            "chat_template": ready.chat_template.as_ref().map(loader::ChatTemplate::source),
            "model_max_length": ready.engine.capacity(),
        }))
    });
    match info {
        Ok(info) => Json(info).into_response(),
        Err(error) => error.into_response(),
    }
}
