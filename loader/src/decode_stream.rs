//! Streaming detokenization: turn tokens into text as they are generated, emitting only
//! complete UTF-8.
//!
//! A byte-level token may end in the middle of a multi-byte character, which decodes to U+FFFD
//! until the following token supplies the rest. The stream therefore holds text back while the
//! decoded tail ends in U+FFFD. It also decodes each new token together with a few released ones,
//! since some decoders change how a token prints depending on what precedes it (a leading
//! space); the text of those released ones is kept, so a step costs one decode call.

use crate::error::Result;
use crate::tokenizer::Tokenizer;

/// Released tokens kept as left context for the next one.
const CONTEXT: usize = 4;
/// A UTF-8 character spans at most four bytes, so after this many held tokens a trailing
/// U+FFFD is final and is released as such.
const MAX_HELD: usize = 4;

/// Incremental decoding state of one token sequence; the tokenizer is passed to each call, so
/// the state can live beside it (in a request, a thread, a struct) without borrowing it.
#[derive(Debug, Clone, Default)]
pub struct DecodeStream {
    skip_special_tokens: bool,
    /// Recent ids: released context first, then ids whose text is held back.
    ids: Vec<u32>,
    /// `ids[..released]` have had their text emitted.
    released: usize,
    /// The text of `ids[..released]`, decoded together.
    released_text: String,
}

impl DecodeStream {
    pub fn new(skip_special_tokens: bool) -> Self {
        DecodeStream {
            skip_special_tokens,
            ..DecodeStream::default()
        }
    }

    /// Adds one token; returns the text it completes, if any.
    pub fn step(&mut self, tokenizer: &Tokenizer, id: u32) -> Result<Option<String>> {
        self.ids.push(id);
        let full = tokenizer.decode(&self.ids, self.skip_special_tokens)?;
        let held = self.ids.len() - self.released;
        if full.len() <= self.released_text.len() || (full.ends_with('\u{FFFD}') && held < MAX_HELD)
        {
            return Ok(None);
        }
        let delta = new_suffix(&self.released_text, &full);
        self.released = self.ids.len();
        self.released_text = full;
        self.forget_old_tokens(tokenizer)?;
        Ok(Some(delta))
    }

    /// Text still held back (an incomplete character at the end of generation), decoded
    /// lossily; the stream starts afresh after it.
    pub fn finish(&mut self, tokenizer: &Tokenizer) -> Result<Option<String>> {
        let full = tokenizer.decode(&self.ids, self.skip_special_tokens)?;
        let rest =
            (full.len() > self.released_text.len()).then(|| new_suffix(&self.released_text, &full));
        *self = DecodeStream::new(self.skip_special_tokens);
        Ok(rest)
    }

    /// Keeps the window short: once it holds twice the context, the oldest ids go and the
    /// remaining context is decoded once more (one extra call every `CONTEXT` tokens).
    fn forget_old_tokens(&mut self, tokenizer: &Tokenizer) -> Result<()> {
        if self.released < 2 * CONTEXT {
            return Ok(());
        }
        self.ids.drain(..self.released - CONTEXT);
        self.released = CONTEXT;
        self.released_text = tokenizer.decode(&self.ids, self.skip_special_tokens)?;
        Ok(())
    }
}

/// The part of `full` after `prefix`; when a decoder rewrote the prefix, everything past its
/// length (on a character boundary).
fn new_suffix(prefix: &str, full: &str) -> String {
    if let Some(rest) = full.strip_prefix(prefix) {
        return rest.to_owned();
    }
    let mut cut = prefix.len().min(full.len());
    while !full.is_char_boundary(cut) {
        cut += 1;
    }
    full[cut..].to_owned()
}
