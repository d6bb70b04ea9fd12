//! Error types.

/// A [`SampleParams`](crate::SampleParams) field holds a value outside its
/// domain.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum ParamError {
    #[error("temperature must be finite and >= 0, got {0}")]
    Temperature(f32),
    #[error("top_p must be in (0, 1], got {0}")]
    TopP(f32),
    #[error("min_p must be in [0, 1], got {0}")]
    MinP(f32),
    #[error("repetition_penalty must be finite and > 0, got {0}")]
    RepetitionPenalty(f32),
    #[error("frequency_penalty must be finite, got {0}")]
    FrequencyPenalty(f32),
    #[error("presence_penalty must be finite, got {0}")]
    PresencePenalty(f32),
    #[error("logit bias for token {token} is NaN ({bias})")]
    LogitBias { token: u32, bias: f32 },
}

/// Why a row could not be sampled.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SampleError {
    #[error("invalid sampling parameters: {0}")]
    Params(#[from] ParamError),
    /// The row (after penalties and bias) holds a NaN; `index` is the first.
    #[error("logit {index} is NaN")]
    NanLogit { index: usize },
    /// Every token has probability zero: an empty row, or every logit is
    /// `-inf` after penalties and bias.
    #[error("no token can be drawn: every logit is -inf or the row is empty")]
    NoCandidates,
    /// A token id in the history or the logit bias is outside the vocabulary.
    #[error("token {token} is outside the vocabulary of {vocab}")]
    TokenOutOfRange { token: u32, vocab: usize },
    /// The logits buffer is not `rows * vocab` long, or the vocabulary does
    /// not fit token ids (`u32`).
    #[error("logits of length {len} do not hold {rows} rows of {vocab}")]
    Shape {
        len: usize,
        rows: usize,
        vocab: usize,
    },
}
