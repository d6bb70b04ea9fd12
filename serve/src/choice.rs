//! What one choice has produced so far, and how it reads in OpenAI's format.

use std::sync::Arc;
use std::time::Instant;

use engine::batch::{Event, FinishReason};
use loader::Tokenizer;
use sampler::{Sample, TokenLogprob};
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::reasoning::{Separated, Split};
use crate::request::Endpoint;
use crate::tools::Piece;

/// One generated token's logprob entry.
pub struct TokenEntry {
    pub token: String,
    pub logprob: f32,
    pub top: Vec<(String, f32)>,
}

/// One prompt token's log-probability given the tokens before it, with the alternatives at
/// its position (ids kept: vLLM's `prompt_logprobs` is keyed by them).
pub struct PromptEntry {
    pub id: u32,
    pub token: String,
    pub logprob: f32,
    pub top: Vec<(u32, String, f32)>,
}

/// Accumulated output of one choice.
#[derive(Default)]
pub struct ChoiceState {
    pub text: String,
    pub entries: Vec<TokenEntry>,
    pub generated: usize,
    pub prompt_tokens: usize,
    /// Prompt tokens served from the prefix cache.
    pub cached: usize,
    pub finish: Option<FinishReason>,
    last_token: Option<Instant>,
    /// The reasoning and the answer apart, when the request separates them.
    pub split: Option<Separated>,
    /// The prompt's tokens from the second on, once the engine scored them.
    pub prompt: Option<Vec<PromptEntry>>,
}

/// A token's text as logprob lists show it.
pub fn token_text(tokenizer: Option<&Arc<Tokenizer>>, id: u32) -> String {
    tokenizer
        .and_then(|t| t.decode(&[id], false).ok())
        .unwrap_or_else(|| format!("token_id:{id}"))
}

/// What an event added to a choice: new text, as reasoning and answer, and, when asked for,
/// the logprob entry.
pub struct Delta {
    pub reasoning: String,
    pub content: String,
    /// Calls the reasoning parser read (harmony's), after `content`.
    pub calls: Vec<Piece>,
    pub entry: Option<usize>,
    pub finished: bool,
    /// The prompt's log-probabilities arrived with this event.
    pub prompt: bool,
}

impl ChoiceState {
    pub fn new(split: Option<Separated>) -> ChoiceState {
        ChoiceState {
            split,
            ..ChoiceState::default()
        }
    }

    /// The answer: the text past the reasoning, or all of it.
    pub fn content(&self) -> &str {
        self.split.as_ref().map_or(&self.text, |s| &s.content)
    }

    /// The separated reasoning, if the request separates it.
    pub fn reasoning(&self) -> Option<&str> {
        self.split.as_ref().map(|s| s.reasoning.as_str())
    }

    /// Whether the reasoning parser read a tool call.
    pub fn called(&self) -> bool {
        self.split.as_ref().is_some_and(Separated::called)
    }

    /// Sorts new text (token `id`'s, or the last with `None`) into reasoning and answer.
    fn divide(&mut self, id: Option<u32>, text: String) -> Split {
        match (&mut self.split, id) {
            (None, _) => Split {
                content: text,
                ..Split::default()
            },
            (Some(split), None) => split.finish(&text),
            (Some(split), Some(id)) => split.token(id, &text),
        }
    }

    /// Folds `event` in, recording latency metrics; returns what is new.
    pub fn apply(
        &mut self,
        event: Event,
        started: Instant,
        metrics: &Metrics,
        tokenizer: Option<&Arc<Tokenizer>>,
        logprobs: bool,
    ) -> Delta {
        match event {
            Event::Token {
                id,
                text,
                logprob,
                top_logprobs,
            } => {
                let now = Instant::now();
                match self.last_token {
                    None => metrics.ttft.observe((now - started).as_secs_f64()),
                    Some(last) => metrics.itl.observe((now - last).as_secs_f64()),
                }
                self.last_token = Some(now);
                self.generated += 1;
                metrics.generation_tokens.add(1);
                self.text.push_str(&text);
                let entry = logprobs.then(|| {
                    self.entries
                        .push(entry(tokenizer, id, logprob, &top_logprobs));
                    self.entries.len() - 1
                });
                let split = self.divide(Some(id), text);
                Delta {
                    reasoning: split.reasoning,
                    content: split.content,
                    calls: split.calls,
                    entry,
                    finished: false,
                    prompt: false,
                }
            }
            Event::PromptLogprobs(scored) => {
                let entries = scored.iter().map(|s| prompt_entry(tokenizer, s)).collect();
                self.prompt = Some(entries);
                Delta {
                    reasoning: String::new(),
                    content: String::new(),
                    calls: Vec::new(),
                    entry: None,
                    finished: false,
                    prompt: true,
                }
            }
            Event::Finished {
                reason,
                prompt_tokens,
                cached_tokens,
                generated_tokens,
                tail,
                ..
            } => {
                self.text.push_str(&tail);
                self.generated = generated_tokens;
                self.prompt_tokens = prompt_tokens;
                self.cached = cached_tokens;
                metrics.prefix_cache_queries.add(prompt_tokens as u64);
                metrics.prefix_cache_hits.add(cached_tokens as u64);
                match finish_reason(&reason) {
                    Ok("length") => metrics.finished_length.add(1),
                    Ok(_) => metrics.finished_stop.add(1),
                    Err(_) => metrics.finished_abort.add(1),
                }
                self.finish = Some(reason);
                let split = self.divide(None, tail);
                Delta {
                    reasoning: split.reasoning,
                    content: split.content,
                    calls: split.calls,
                    entry: None,
                    finished: true,
                    prompt: false,
                }
            }
        }
    }
}

fn entry(
    tokenizer: Option<&Arc<Tokenizer>>,
    id: u32,
    logprob: f32,
    top: &[TokenLogprob],
) -> TokenEntry {
    TokenEntry {
        token: token_text(tokenizer, id),
        logprob,
        top: top
            .iter()
            .map(|t| (token_text(tokenizer, t.token), t.logprob))
            .collect(),
    }
}

fn prompt_entry(tokenizer: Option<&Arc<Tokenizer>>, scored: &Sample) -> PromptEntry {
    PromptEntry {
        id: scored.token,
        token: token_text(tokenizer, scored.token),
        logprob: scored.logprob,
        top: scored
            .top_logprobs
            .iter()
            .map(|t| (t.token, token_text(tokenizer, t.token), t.logprob))
            .collect(),
    }
}

/// OpenAI's `finish_reason`, or the error that ended the choice.
pub fn finish_reason(reason: &FinishReason) -> Result<&'static str, ApiError> {
    use axum::http::StatusCode;
    match reason {
        FinishReason::Eos
        | FinishReason::StopToken(_)
        | FinishReason::StopString(_)
        | FinishReason::GrammarComplete => Ok("stop"),
        FinishReason::Length | FinishReason::Capacity => Ok("length"),
        FinishReason::Cancelled => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "cancelled",
            "the request was cancelled: the server is shutting down",
        )),
        FinishReason::Error(error) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "engine_error",
            format!("generation failed: {error}"),
        )),
    }
}

fn bytes(text: &str) -> Vec<u8> {
    text.as_bytes().to_vec()
}

/// Chat `logprobs.content` items for `entries`.
pub fn chat_logprobs(entries: &[TokenEntry]) -> Value {
    let content: Vec<Value> = entries
        .iter()
        .map(|e| {
            let top: Vec<Value> = e
                .top
                .iter()
                .map(|(t, lp)| json!({"token": t, "logprob": lp, "bytes": bytes(t)}))
                .collect();
            json!({"token": e.token, "logprob": e.logprob, "bytes": bytes(&e.token), "top_logprobs": top})
        })
        .collect();
    json!({ "content": content })
}

/// One row of a completions `logprobs` object; the prompt's first token has no log-probability
/// and no alternatives (nothing comes before it).
struct Row<'a> {
    token: &'a str,
    logprob: Option<f32>,
    top: Option<Vec<(&'a str, f32)>>,
}

fn completion_rows(rows: &[Row<'_>], mut offset: usize) -> Value {
    let mut text_offset = Vec::with_capacity(rows.len());
    for row in rows {
        text_offset.push(offset);
        offset += row.token.len();
    }
    let top: Vec<Value> = rows
        .iter()
        .map(|r| {
            r.top.as_ref().map_or(Value::Null, |top| {
                let map: serde_json::Map<String, Value> = top
                    .iter()
                    .map(|(t, lp)| (t.to_string(), json!(lp)))
                    .collect();
                Value::Object(map)
            })
        })
        .collect();
    json!({
        "tokens": rows.iter().map(|r| r.token).collect::<Vec<_>>(),
        "token_logprobs": rows.iter().map(|r| r.logprob).collect::<Vec<_>>(),
        "top_logprobs": top,
        "text_offset": text_offset,
    })
}

fn generated_rows(entries: &[TokenEntry]) -> impl Iterator<Item = Row<'_>> {
    entries.iter().map(|e| Row {
        token: &e.token,
        logprob: Some(e.logprob),
        top: Some(e.top.iter().map(|(t, lp)| (t.as_str(), *lp)).collect()),
    })
}

fn prompt_rows<'a>(first: &'a str, prompt: &'a [PromptEntry]) -> impl Iterator<Item = Row<'a>> {
    let first = Row {
        token: first,
        logprob: None,
        top: None,
    };
    std::iter::once(first).chain(prompt.iter().map(|e| Row {
        token: &e.token,
        logprob: Some(e.logprob),
        top: Some(e.top.iter().map(|(_, t, lp)| (t.as_str(), *lp)).collect()),
    }))
}

/// Completions `logprobs` for `entries`; `offset` is where their text starts.
pub fn completion_logprobs(entries: &[TokenEntry], offset: usize) -> Value {
    let rows: Vec<Row> = generated_rows(entries).collect();
    completion_rows(&rows, offset)
}

/// Completions `logprobs` of an echoed prompt (`first` the text of its first token, `prompt`
/// the rest) followed by `entries`, the answer's, with offsets from the prompt's start.
pub fn echo_logprobs(first: &str, prompt: &[PromptEntry], entries: &[TokenEntry]) -> Value {
    let rows: Vec<Row> = prompt_rows(first, prompt)
        .chain(generated_rows(entries))
        .collect();
    completion_rows(&rows, 0)
}

/// vLLM's `prompt_logprobs`: null for the first token, then per token a map from token id to
/// `{logprob, rank, decoded_token}` holding the token and the `top` alternatives. A rank is
/// known among the alternatives (1 the likeliest); the prompt token's rank is null when it is
/// not one of them.
pub fn vllm_prompt_logprobs(prompt: &[PromptEntry], top: usize) -> Value {
    let mut out = vec![Value::Null];
    for entry in prompt {
        let mut map = serde_json::Map::new();
        let rank = entry.top.iter().position(|(id, ..)| *id == entry.id);
        map.insert(
            entry.id.to_string(),
            json!({"logprob": entry.logprob, "rank": rank.map(|r| r + 1), "decoded_token": entry.token}),
        );
        for (i, (id, token, logprob)) in entry.top.iter().take(top).enumerate() {
            map.entry(id.to_string()).or_insert_with(
                || json!({"logprob": logprob, "rank": i + 1, "decoded_token": token}),
            );
        }
        out.push(Value::Object(map));
    }
    Value::Array(out)
}

/// The logprobs object of `entries` for `endpoint`.
pub fn logprobs_json(endpoint: Endpoint, entries: &[TokenEntry], offset: usize) -> Value {
    match endpoint {
        Endpoint::Chat => chat_logprobs(entries),
        Endpoint::Completions => completion_logprobs(entries, offset),
    }
}
