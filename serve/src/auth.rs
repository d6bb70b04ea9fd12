//! `--api-key`: every route but `/health` and `/metrics` needs `Authorization: Bearer KEY`,
//! as vLLM and llama-server ask, or `x-api-key: KEY`, as Anthropic's clients send it; probes
//! and scrapers stay open.

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::anthropic::MessagesError;
use crate::error::ApiError;
use crate::state::Shared;

pub async fn require_key(State(state): State<Shared>, request: Request, next: Next) -> Response {
    let Some(key) = &state.api_key else {
        return next.run(request).await;
    };
    let headers = request.headers();
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let x_api_key = headers.get("x-api-key").and_then(|v| v.to_str().ok());
    let valid = [bearer, x_api_key]
        .into_iter()
        .flatten()
        .any(|token| same(token.as_bytes(), key.as_bytes()));
    if valid {
        return next.run(request).await;
    }
    let error = ApiError::new(
        StatusCode::UNAUTHORIZED,
        "invalid_api_key",
        "a valid API key is required: send `Authorization: Bearer KEY` or `x-api-key: KEY`",
    );
    if request.uri().path().starts_with("/v1/messages") {
        return MessagesError(error).into_response();
    }
    error.into_response()
}

/// Compares without stopping at the first difference, so the time taken does not tell how
/// much of a guess was right.
fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    #[test]
    fn compares_whole_keys() {
        assert!(super::same(b"abc", b"abc"));
        assert!(!super::same(b"abc", b"abd"));
        assert!(!super::same(b"abc", b"abcd"));
    }
}
