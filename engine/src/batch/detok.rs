//! Stop strings over the streaming decoder ([`loader::DecodeStream`]): text
//! deltas that never split a UTF-8 character and never release text that
//! could still become part of a stop string.

use std::sync::Arc;

use loader::{DecodeStream, Tokenizer};

/// Per-request text state: the streaming decoder plus what has been released of its text.
#[derive(Debug, Default)]
pub struct TextState {
    /// `None`: the engine streams ids only.
    tokenizer: Option<Arc<Tokenizer>>,
    stream: DecodeStream,
    /// All generated text decoded so far.
    text: String,
    /// Bytes of `text` already released to the caller.
    released: usize,
}

/// What happened to the text after one token.
#[derive(Debug, Default)]
pub struct Delta {
    pub text: String,
    pub stop: Option<String>,
}

impl TextState {
    /// `skip_special_tokens`: control tokens' text is left out of the output.
    pub fn new(tokenizer: Option<Arc<Tokenizer>>, skip_special_tokens: bool) -> TextState {
        TextState {
            tokenizer,
            stream: DecodeStream::new(skip_special_tokens),
            ..TextState::default()
        }
    }

    /// Appends `id` and returns the releasable text and a stop match.
    pub fn push(&mut self, id: u32, stops: &[String]) -> Result<Delta, loader::Error> {
        let Some(tokenizer) = &self.tokenizer else {
            return Ok(Delta::default());
        };
        if let Some(piece) = self.stream.step(tokenizer, id)? {
            self.text.push_str(&piece);
        }
        Ok(self.release(stops))
    }

    /// Releases everything left (the request ended without a stop string).
    /// An incomplete character left at the end is released lossily.
    pub fn flush(&mut self) -> String {
        if let Some(tokenizer) = &self.tokenizer {
            // Ids that decode at all decoded in `push` already; an error here has nothing new.
            if let Ok(Some(piece)) = self.stream.finish(tokenizer) {
                self.text.push_str(&piece);
            }
        }
        let rest = self.text[self.released..].to_string();
        self.released = self.text.len();
        rest
    }

    /// All released text.
    pub fn released_text(&self) -> &str {
        &self.text[..self.released]
    }

    fn release(&mut self, stops: &[String]) -> Delta {
        let search_from = self
            .released
            .saturating_sub(stops.iter().map(String::len).max().unwrap_or(0));
        let search_from = floor_char_boundary(&self.text, search_from);
        let found = stops
            .iter()
            .filter(|s| !s.is_empty())
            .filter_map(|s| {
                self.text[search_from..]
                    .find(s.as_str())
                    .map(|at| (search_from + at, s))
            })
            .min_by_key(|(at, _)| *at);
        if let Some((at, stop)) = found {
            let at = at.max(self.released);
            let text = self.text[self.released..at].to_string();
            self.text.truncate(at);
            self.released = at;
            return Delta {
                text,
                stop: Some(stop.clone()),
            };
        }
        let hold = held_back(&self.text[self.released..], stops);
        let end = self.text.len() - hold;
        let text = self.text[self.released..end].to_string();
        self.released = end;
        Delta { text, stop: None }
    }
}

/// Length of the longest suffix of `text` that is a proper prefix of a stop
/// string (it may still grow into a match).
fn held_back(text: &str, stops: &[String]) -> usize {
    let mut hold = 0;
    for stop in stops {
        for (i, _) in stop.char_indices().skip(1) {
            if i > hold && text.ends_with(&stop[..i]) {
                hold = i;
            }
        }
    }
    hold
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_back_finds_partial_stop() {
        let stops = vec!["</end>".to_string(), "STOP".to_string()];
        assert_eq!(held_back("hello </e", &stops), 3);
        assert_eq!(held_back("hello ST", &stops), 2);
        assert_eq!(held_back("hello", &stops), 0);
    }
}
