//! Incremental detokenization with stop strings: turns a growing id list into
//! text deltas that never split a UTF-8 character and never release text that
//! could still become part of a stop string.

use std::sync::Arc;

use loader::Tokenizer;

/// Per-request text state.
#[derive(Debug, Default)]
pub struct TextState {
    /// All generated text decoded so far.
    text: String,
    /// Bytes of `text` already released to the caller.
    released: usize,
    /// Ids not yet folded into `text` (an incomplete character).
    pending: Vec<u32>,
    /// Text of the ids before `pending`, so deltas decode with context.
    context: Vec<u32>,
}

/// What happened to the text after one token.
pub struct Delta {
    pub text: String,
    pub stop: Option<String>,
}

impl TextState {
    /// Appends `id` and returns the releasable text and a stop match.
    pub fn push(&mut self, tokenizer: &Arc<Tokenizer>, id: u32, stops: &[String]) -> Delta {
        self.pending.push(id);
        // Decode a little left context with the pending ids so that tokens
        // whose text depends on their neighbour (leading spaces) decode right.
        let keep = self.context.len().saturating_sub(4);
        let window: Vec<u32> = self.context[keep..]
            .iter()
            .chain(&self.pending)
            .copied()
            .collect();
        let before = tokenizer
            .decode(&self.context[keep..], false)
            .unwrap_or_default();
        let after = tokenizer.decode(&window, false).unwrap_or_default();
        if after.ends_with('\u{FFFD}') && self.pending.len() < 4 {
            return Delta {
                text: String::new(),
                stop: None,
            };
        }
        let new_text = after.strip_prefix(before.as_str()).unwrap_or(&after);
        self.text.push_str(new_text);
        self.context.append(&mut self.pending);
        self.release(stops)
    }

    /// Releases everything left (the request ended without a stop string).
    pub fn flush(&mut self) -> String {
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
