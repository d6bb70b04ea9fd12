//! `POST /v1/embeddings`, OpenAI's shape: `input` as a string, a list of strings, token ids or
//! lists of them; `encoding_format` float or base64; `dimensions` (the first values, normalised
//! again). Texts are tokenized as completion prompts are; the engine packs the inputs of all
//! requests into its embedding chunks and pools each as the model says (see
//! `engine::embedding::Pooling`). Served only when the server was started with `--embeddings`.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use engine::batch::{EmbeddingError, EmbeddingRequest};
use engine::embedding::{truncated, Pooling};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::api::check_model;
use crate::error::ApiError;
use crate::request;
use crate::state::{Ready, Shared};

/// What the loaded model's embeddings are.
#[derive(Debug, Clone, Copy)]
pub struct Embeddings {
    pub pooling: Pooling,
    /// Values per embedding: the model's hidden size.
    pub dimensions: usize,
}

/// The most inputs one request may list (OpenAI's limit).
pub const MAX_INPUTS: usize = 2048;

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Input {
    Text(String),
    Texts(Vec<String>),
    Tokens(Vec<u32>),
    TokenLists(Vec<Vec<u32>>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Body {
    model: Option<String>,
    input: Option<Input>,
    encoding_format: Option<String>,
    dimensions: Option<u64>,
    /// Accepted and ignored: it cannot change the output.
    #[serde(rename = "user")]
    _user: Option<IgnoredAny>,
}

/// How the vectors are written in the response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Float,
    /// The f32 values' little-endian bytes in base64 (what OpenAI's Python client asks for by
    /// default, and decodes itself).
    Base64,
}

pub async fn embeddings(State(state): State<Shared>, bytes: Bytes) -> Response {
    answer(&state, &bytes)
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

async fn answer(state: &Shared, bytes: &[u8]) -> Result<Response, ApiError> {
    let started = std::time::Instant::now();
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::invalid("body", format!("malformed JSON: {e}")))?;
    if !value.is_object() {
        return Err(ApiError::invalid("body", "the body must be a JSON object"));
    }
    let body: Body = request::deserialize(value)?;
    check_model(&state.model_name, body.model.as_deref())?;
    let encoding = encoding(body.encoding_format.as_deref())?;
    let ready = state.ready()?;
    let info = ready.embeddings.ok_or_else(|| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "embeddings_disabled",
            "this server was started without --embeddings",
        )
    })?;
    let dimensions = dimensions(body.dimensions, info.dimensions)?;
    let inputs = token_inputs(ready, body.input)?;
    let prompt_tokens: usize = inputs.iter().map(Vec::len).sum();
    let (sender, receiver) = tokio::sync::oneshot::channel();
    let reply = Box::new(move |result| {
        let _ = sender.send(result);
    });
    let request = EmbeddingRequest {
        inputs,
        pooling: info.pooling,
    };
    ready
        .engine
        .embed(request, reply)
        .map_err(embedding_error)?;
    state.metrics.prompt_tokens.add(prompt_tokens as u64);
    let deadline = tokio::time::Instant::from_std(started + state.request_timeout);
    let vectors = match tokio::time::timeout_at(deadline, receiver).await {
        Ok(Ok(result)) => result.map_err(embedding_error)?,
        Ok(Err(_)) => return Err(embedding_error(EmbeddingError::EngineStopped)),
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                "timeout",
                "the request took longer than --request-timeout",
            ))
        }
    };
    let data: Vec<Value> = vectors
        .iter()
        .enumerate()
        .map(|(index, vector)| {
            let vector = match dimensions {
                Some(d) => truncated(vector, d),
                None => vector.clone(),
            };
            json!({"object": "embedding", "index": index, "embedding": encode(&vector, encoding)})
        })
        .collect();
    tracing::info!(
        inputs = data.len(),
        prompt_tokens,
        seconds = started.elapsed().as_secs_f64(),
        "embeddings"
    );
    Ok(Json(json!({
        "object": "list",
        "data": data,
        "model": state.model_name,
        "usage": {"prompt_tokens": prompt_tokens, "total_tokens": prompt_tokens},
    }))
    .into_response())
}

fn encoding(format: Option<&str>) -> Result<Encoding, ApiError> {
    match format {
        None | Some("float") => Ok(Encoding::Float),
        Some("base64") => Ok(Encoding::Base64),
        Some(other) => Err(ApiError::invalid(
            "encoding_format",
            format!("encoding_format must be \"float\" or \"base64\", got {other:?}"),
        )),
    }
}

/// `dimensions`: 1 up to the model's own; the model's own is no truncation.
fn dimensions(asked: Option<u64>, own: usize) -> Result<Option<usize>, ApiError> {
    match asked {
        None => Ok(None),
        Some(d) if d == own as u64 => Ok(None),
        Some(d) if d >= 1 && d < own as u64 => Ok(Some(d as usize)),
        Some(d) => Err(ApiError::invalid(
            "dimensions",
            format!("dimensions must be in 1..={own} for this model, got {d}"),
        )),
    }
}

/// The inputs as token ids: texts are tokenized as completion prompts are (with the special
/// tokens the tokenizer adds, as sentence-transformers tokenizes them).
fn token_inputs(ready: &Ready, input: Option<Input>) -> Result<Vec<Vec<u32>>, ApiError> {
    let texts = |texts: Vec<String>| -> Result<Vec<Vec<u32>>, ApiError> {
        let tokenizer = ready.tokenizer.as_deref();
        texts
            .iter()
            .enumerate()
            .map(|(i, text)| {
                if text.is_empty() {
                    return Err(ApiError::invalid(
                        "input",
                        format!("input[{i}] is an empty string"),
                    ));
                }
                engine::prompt::raw(tokenizer, text)
                    .map_err(|e| ApiError::invalid("input", format!("input[{i}]: {e}")))
            })
            .collect()
    };
    let inputs = match input {
        None => return Err(ApiError::invalid("input", "input is required")),
        Some(Input::Text(text)) => texts(vec![text])?,
        Some(Input::Texts(list)) => {
            count(list.len())?;
            texts(list)?
        }
        Some(Input::Tokens(ids)) => vec![ids],
        Some(Input::TokenLists(lists)) => {
            count(lists.len())?;
            lists
        }
    };
    Ok(inputs)
}

fn count(n: usize) -> Result<(), ApiError> {
    if n == 0 || n > MAX_INPUTS {
        return Err(ApiError::invalid(
            "input",
            format!("a list of inputs must hold 1 to {MAX_INPUTS} inputs, got {n}"),
        ));
    }
    Ok(())
}

/// The answer to a refused or failed embedding request.
fn embedding_error(error: EmbeddingError) -> ApiError {
    let message = error.to_string();
    match error {
        EmbeddingError::NoEmbeddings => {
            ApiError::new(StatusCode::BAD_REQUEST, "embeddings_disabled", message)
        }
        EmbeddingError::NoInputs
        | EmbeddingError::EmptyInput { .. }
        | EmbeddingError::InputTooLong { .. }
        | EmbeddingError::TokenOutOfRange { .. } => ApiError::invalid("input", message),
        EmbeddingError::QueueFull { .. } => {
            ApiError::new(StatusCode::TOO_MANY_REQUESTS, "queue_full", message)
        }
        EmbeddingError::EngineStopped => {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "engine_stopped", message)
        }
        EmbeddingError::Step(_) => {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "engine_error", message)
        }
    }
}

fn encode(vector: &[f32], encoding: Encoding) -> Value {
    match encoding {
        Encoding::Float => json!(vector),
        Encoding::Base64 => {
            let bytes: Vec<u8> = vector.iter().flat_map(|v| v.to_le_bytes()).collect();
            Value::String(base64(&bytes))
        }
    }
}

/// Standard base64 with padding (RFC 4648).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let b = [
            group[0],
            *group.get(1).unwrap_or(&0),
            *group.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for k in 0..4 {
            if k <= group.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_follows_rfc_4648() {
        // RFC 4648's test vectors.
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
        assert_eq!(base64(&1.0f32.to_le_bytes()), "AACAPw==");
    }

    #[test]
    fn dimensions_stay_within_the_model() {
        assert_eq!(dimensions(None, 64).unwrap(), None);
        assert_eq!(dimensions(Some(64), 64).unwrap(), None);
        assert_eq!(dimensions(Some(16), 64).unwrap(), Some(16));
        assert!(dimensions(Some(0), 64).is_err());
        assert!(dimensions(Some(65), 64).is_err());
    }
}
