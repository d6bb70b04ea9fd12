//! One sequence's grammar state: the allowed tokens for its next draw and the advance after it.

use llguidance::Matcher;
use toktrie::{SimpleVob, TokenId};

use super::GrammarError;

/// A compiled grammar following one sequence. The mask for the next token needs only the
/// tokens drawn so far, so it can be computed while the model's step runs.
pub struct Constraint {
    /// Boxed: a matcher is large, and requests move through channels.
    matcher: Box<Matcher>,
    eos: TokenId,
    /// The logits width the masks cover.
    vocab: usize,
    /// The allowed tokens for the next draw, once computed.
    mask: Option<SimpleVob>,
}

impl Clone for Constraint {
    /// An independent matcher in the same state (each of `n` choices gets its own).
    fn clone(&self) -> Constraint {
        Constraint {
            matcher: Box::new(self.matcher.deep_clone()),
            eos: self.eos,
            vocab: self.vocab,
            mask: self.mask.clone(),
        }
    }
}

impl std::fmt::Debug for Constraint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Constraint")
            .field("finished", &self.is_finished())
            .field("mask_ready", &self.mask.is_some())
            .finish()
    }
}

impl Constraint {
    pub(super) fn new(matcher: Matcher, eos: TokenId, vocab: usize) -> Constraint {
        Constraint {
            matcher: Box::new(matcher),
            eos,
            vocab,
            mask: None,
        }
    }

    /// The logits width the masks cover.
    pub fn vocab(&self) -> usize {
        self.vocab
    }

    /// Computes the allowed tokens for the next draw (once per token; later calls reuse it).
    pub fn prepare(&mut self) -> Result<(), GrammarError> {
        if self.mask.is_some() {
            return Ok(());
        }
        let mask = self
            .matcher
            .compute_mask_or_eos()
            .map_err(|e| GrammarError::Matcher(e.to_string()))?;
        if mask.is_zero() {
            return Err(GrammarError::NothingAllowed);
        }
        self.mask = Some(mask);
        Ok(())
    }

    /// The allowed tokens for the next draw, computing them if needed.
    pub fn allowed(&mut self) -> Result<&SimpleVob, GrammarError> {
        self.prepare()?;
        Ok(self.mask.as_ref().expect("prepared"))
    }

    /// Sets the logits of disallowed tokens to -inf (the mask must be prepared).
    pub fn apply(&self, logits: &mut [f32]) -> Result<(), GrammarError> {
        let mask = self
            .mask
            .as_ref()
            .ok_or_else(|| GrammarError::Matcher("no mask was computed for this token".into()))?;
        let words = mask.as_slice();
        for (i, chunk) in logits.chunks_mut(32).enumerate() {
            let word = words.get(i).copied().unwrap_or(0);
            // Masks are mostly whole words of disallowed or allowed tokens.
            if word == u32::MAX {
                continue;
            }
            if word == 0 {
                chunk.fill(f32::NEG_INFINITY);
                continue;
            }
            for (bit, logit) in chunk.iter_mut().enumerate() {
                if word >> bit & 1 == 0 {
                    *logit = f32::NEG_INFINITY;
                }
            }
        }
        Ok(())
    }

    /// Moves the grammar past `token`, which the last mask allowed.
    pub fn advance(&mut self, token: TokenId) -> Result<(), GrammarError> {
        self.mask = None;
        if token == self.eos {
            // EOS ends the output; the matcher needs no more input.
            return Ok(());
        }
        self.matcher
            .consume_token(token)
            .map_err(|e| GrammarError::Matcher(e.to_string()))
    }

    /// The grammar is complete and allows nothing more but the end.
    pub fn is_finished(&self) -> bool {
        self.matcher.is_stopped()
    }

    /// Whether the output so far is a complete match (EOS is allowed now).
    pub fn is_accepting(&mut self) -> Result<bool, GrammarError> {
        self.matcher
            .is_accepting()
            .map_err(|e| GrammarError::Matcher(e.to_string()))
    }
}
