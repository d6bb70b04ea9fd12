//! What a caller submits and what it receives back.

use sampler::{ParamError, Sample, SampleError, SampleParams, TokenLogprob};

use crate::grammar::{Constraint, GrammarError};

/// One generation request.
#[derive(Debug, Clone)]
pub struct GenerationRequest {
    /// Prompt token ids (chat template already applied).
    pub prompt: Vec<u32>,
    pub params: SampleParams,
    /// Upper bound on generated tokens (the stop token included).
    pub max_tokens: usize,
    /// Tokens that end the request, besides the model's EOS.
    pub stop_token_ids: Vec<u32>,
    /// Strings that end the request; the text before the match is returned,
    /// the match itself is not. Needs a tokenizer.
    pub stop_strings: Vec<String>,
    /// Keep generating past the model's EOS token.
    pub ignore_eos: bool,
    /// Leave control tokens' text out of the output text.
    pub skip_special_tokens: bool,
    /// A compiled grammar every drawn token must follow; such a request is sampled on the
    /// host, and ends when the grammar is complete.
    pub constraint: Option<Constraint>,
    /// Report each prompt token's log-probability given the tokens before it, with this many
    /// alternatives ([`Event::PromptLogprobs`]). The prompt then runs as decode steps, one
    /// token a step from position 0 (no prefill chunks, no prefix cache), which is `quality`'s
    /// teacher-forced computation; `max_tokens` may be 0.
    pub prompt_logprobs: Option<usize>,
}

impl GenerationRequest {
    pub fn new(prompt: Vec<u32>, params: SampleParams, max_tokens: usize) -> GenerationRequest {
        GenerationRequest {
            prompt,
            params,
            max_tokens,
            stop_token_ids: Vec::new(),
            stop_strings: Vec::new(),
            ignore_eos: false,
            skip_special_tokens: false,
            constraint: None,
            prompt_logprobs: None,
        }
    }
}

/// Why a request ended.
#[derive(Debug, Clone, PartialEq)]
pub enum FinishReason {
    /// `max_tokens` reached.
    Length,
    /// The model's EOS token.
    Eos,
    /// One of `stop_token_ids`.
    StopToken(u32),
    /// One of `stop_strings` matched.
    StopString(String),
    /// The grammar is complete: nothing but the end may follow.
    GrammarComplete,
    /// The slot's context capacity is full.
    Capacity,
    /// Cancelled by the caller (or its receiver was dropped).
    Cancelled,
    /// The engine failed while serving it.
    Error(GenerationError),
}

/// Why no token could be drawn for a sequence.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DrawError {
    /// The grammar's mask could not be applied to the logits.
    #[error("grammar: {0}")]
    Grammar(GrammarError),
    /// The host sampler refused the logits or the parameters.
    #[error("sampling: {0}")]
    Sampler(SampleError),
    /// A device head found no finite maximum in the row's logits.
    #[error("sampling: the logits hold NaN or +inf, or no finite value")]
    NoFiniteLogit,
}

/// Why the engine ended a request it could not serve. The variants that carry text carry the
/// display of an error that cannot be cloned into every request it ends.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerationError {
    #[error(transparent)]
    Draw(#[from] DrawError),
    /// The grammar refused the drawn token.
    #[error("grammar: {0}")]
    GrammarAdvance(GrammarError),
    /// The drawn token could not be turned into text.
    #[error("detokenizing: {0}")]
    Detokenize(String),
    /// A step of the graphs failed; every running request ends with it.
    #[error("{0}")]
    Step(String),
    /// The next module could not be loaded, so waiting requests have nothing to run on.
    #[error("{0}")]
    ModuleLoad(String),
    /// No module was offered to run the waiting requests on.
    #[error("no module to load")]
    NoModule,
    /// The engine thread ended before the request finished.
    #[error("engine stopped")]
    EngineStopped,
}

/// A streamed event of one request.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A generated token. `text` is the newly complete text (may be empty
    /// while a multi-byte character or a possible stop string is pending).
    /// `logprob` is 0 for a greedy pick, whose probability is taken as 1.
    Token {
        id: u32,
        text: String,
        logprob: f32,
        top_logprobs: Vec<TokenLogprob>,
    },
    /// With `prompt_logprobs`: the prompt's tokens from the second on, each with its
    /// log-probability given the tokens before it (the log-softmax of the raw logits, taken in
    /// f64 as `quality` takes it) and the most likely tokens at its position. Sent once, before
    /// any generated token.
    PromptLogprobs(Vec<Sample>),
    /// The last event of every request. `tail` is text not streamed before
    /// (held back as a possible stop string); `text` is the whole output.
    /// `cached_tokens` of the prompt were found in the prefix cache.
    Finished {
        reason: FinishReason,
        prompt_tokens: usize,
        cached_tokens: usize,
        generated_tokens: usize,
        tail: String,
        text: String,
    },
}

/// Why a request was not accepted.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SubmitError {
    #[error("empty prompt")]
    EmptyPrompt,
    #[error("prompt of {len} tokens exceeds the context capacity of {capacity}")]
    PromptTooLong { len: usize, capacity: usize },
    #[error("token id {id} is outside the vocabulary of {vocab}")]
    TokenOutOfRange { id: u32, vocab: usize },
    #[error("invalid sampling parameters: {0}")]
    InvalidParams(#[from] ParamError),
    #[error("max_tokens must be at least 1")]
    ZeroMaxTokens,
    #[error("stop strings need a tokenizer, and this engine has none")]
    StopStringsWithoutTokenizer,
    #[error("the queue is full ({capacity} requests waiting or running)")]
    QueueFull { capacity: usize },
    #[error("the engine has stopped")]
    EngineStopped,
    #[error("the constraint was compiled for a vocabulary of {constraint}, the model has {vocab}")]
    ConstraintVocabulary { constraint: usize, vocab: usize },
}
