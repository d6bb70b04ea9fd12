//! Constrained decoding: a request's grammar (JSON schema, regex or Lark) restricts every token
//! drawn for it. `llguidance` compiles grammars and computes the allowed-token masks over a
//! token trie built once per model ([`GrammarCompiler`]); each sequence holds its own
//! [`Constraint`] (its matcher), which the engine asks for a mask before drawing a token and
//! advances with the token drawn.

mod compiler;
mod constraint;

pub use compiler::GrammarCompiler;
pub use constraint::Constraint;

use serde_json::Value;

/// What a request's output must match.
#[derive(Debug, Clone, PartialEq)]
pub enum Grammar {
    /// Any JSON object.
    JsonObject,
    /// A JSON value valid under this schema.
    JsonSchema(Value),
    /// Text the regular expression (Rust `regex` syntax, matched whole) matches.
    Regex(String),
    /// A grammar in llguidance's Lark dialect (`start` is the top rule).
    Lark(String),
}

/// Why a grammar could not be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GrammarError {
    #[error("the tokenizer's vocabulary cannot back a grammar: {0}")]
    Vocabulary(String),
    #[error("the model names no end-of-sequence token, which a grammar needs to end")]
    NoEos,
    #[error("the grammar does not compile: {0}")]
    Compile(String),
    #[error("the grammar engine failed: {0}")]
    Matcher(String),
    #[error("the grammar allows no token here")]
    NothingAllowed,
}

#[cfg(test)]
mod tests;
