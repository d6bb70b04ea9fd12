//! Streaming detokenization: turn tokens into text as they are generated, emitting only
//! complete UTF-8.
//!
//! A byte-level token may end in the middle of a multi-byte character, which decodes to U+FFFD
//! until the following token supplies the rest. The stream therefore holds text back while the
//! decoded tail ends in U+FFFD. It also re-decodes a few previous tokens with each new one, since
//! some decoders change how a token prints depending on what precedes it.

use crate::error::Result;
use crate::tokenizer::Tokenizer;

pub struct DecodeStream<'a> {
    tokenizer: &'a Tokenizer,
    skip_special_tokens: bool,
    ids: Vec<u32>,
    /// Start of the tokens re-decoded for context.
    prefix_offset: usize,
    /// End of the tokens whose text has been emitted.
    read_offset: usize,
}

impl<'a> DecodeStream<'a> {
    pub(crate) fn new(tokenizer: &'a Tokenizer, skip_special_tokens: bool) -> Self {
        DecodeStream {
            tokenizer,
            skip_special_tokens,
            ids: Vec::new(),
            prefix_offset: 0,
            read_offset: 0,
        }
    }

    /// Adds one token; returns the text it completes, if any.
    pub fn step(&mut self, id: u32) -> Result<Option<String>> {
        self.ids.push(id);
        let (prefix, full) = self.decode_window()?;
        if full.len() <= prefix.len() || full.ends_with('\u{FFFD}') {
            return Ok(None);
        }
        let delta = new_suffix(&prefix, &full);
        self.prefix_offset = self.read_offset;
        self.read_offset = self.ids.len();
        self.forget_old_tokens();
        Ok(Some(delta))
    }

    /// Text still held back (an incomplete character at the end of generation), decoded lossily.
    pub fn finish(&mut self) -> Result<Option<String>> {
        let (prefix, full) = self.decode_window()?;
        self.ids.clear();
        (self.prefix_offset, self.read_offset) = (0, 0);
        Ok((full.len() > prefix.len()).then(|| new_suffix(&prefix, &full)))
    }

    fn decode_window(&self) -> Result<(String, String)> {
        let decode = |ids| self.tokenizer.decode(ids, self.skip_special_tokens);
        let prefix = decode(&self.ids[self.prefix_offset..self.read_offset])?;
        let full = decode(&self.ids[self.prefix_offset..])?;
        Ok((prefix, full))
    }

    /// Only tokens from `prefix_offset` on are ever decoded again.
    fn forget_old_tokens(&mut self) {
        self.ids.drain(..self.prefix_offset);
        self.read_offset -= self.prefix_offset;
        self.prefix_offset = 0;
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
