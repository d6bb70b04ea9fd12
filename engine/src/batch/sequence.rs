//! One admitted request: where it is in its life and what it has produced.

use std::sync::Arc;

use loader::Tokenizer;
use sampler::{Request, Sample};

use super::detok::TextState;
use super::request::{Event, FinishReason, GenerationError, GenerationRequest};
use super::sink::EventSink;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// `done` prompt tokens are in the cache.
    Prefill { done: usize },
    /// Generating; the last sampled token is fed at position `pos`.
    Decode { pos: usize },
}

/// What ends every sequence of one model, besides its own request's limits.
#[derive(Debug, Clone, Copy)]
pub struct StopRules {
    /// The model's end-of-sequence token.
    pub eos: Option<u32>,
    /// Context capacity of a slot.
    pub capacity: usize,
}

pub struct Sequence {
    pub id: u64,
    pub slot: usize,
    pub phase: Phase,
    pub request: GenerationRequest,
    /// Prompt followed by generated tokens (what penalties look at).
    pub history: Vec<u32>,
    pub generated: usize,
    /// Prompt tokens whose cache a finished request left in the slot.
    pub cached: usize,
    pub events: Box<dyn EventSink>,
    text: TextState,
    pub finished: Option<FinishReason>,
    /// With `prompt_logprobs`: the prompt tokens scored so far.
    scored: Vec<Sample>,
}

impl Sequence {
    /// A waiting sequence (no slot yet); `tokenizer` turns its ids into text.
    pub fn new(
        id: u64,
        request: GenerationRequest,
        events: Box<dyn EventSink>,
        tokenizer: Option<Arc<Tokenizer>>,
    ) -> Sequence {
        let history = request.prompt.clone();
        let skip_special_tokens = request.skip_special_tokens;
        Sequence {
            id,
            slot: usize::MAX,
            phase: Phase::Prefill { done: 0 },
            request,
            history,
            generated: 0,
            cached: 0,
            events,
            text: TextState::new(tokenizer, skip_special_tokens),
            finished: None,
            scored: Vec::new(),
        }
    }

    pub fn prompt_len(&self) -> usize {
        self.request.prompt.len()
    }

    /// The sampler's view of this request for the next token.
    pub fn sampler_request(&self) -> Request<'_> {
        Request::new(&self.request.params)
            .history(&self.history)
            .step(self.generated as u64)
    }

    /// The tokens whose keys and values are in the slot's cache.
    pub fn cached_tokens(&self) -> &[u32] {
        let len = match self.phase {
            Phase::Prefill { done } => done,
            Phase::Decode { pos } => pos,
        };
        &self.history[..len]
    }

    /// The token to feed and its position when decoding: the last one drawn, or the prompt's
    /// token at `pos` while the prompt is scored.
    pub fn decode_input(&self) -> Option<(i32, i32)> {
        match self.phase {
            Phase::Decode { pos } => Some((self.history[pos] as i32, pos as i32)),
            Phase::Prefill { .. } => None,
        }
    }

    /// Whether the token drawn next ends the sequence by its request's length or the slot's
    /// capacity (see [`Sequence::accept`]).
    pub fn ends_by_limit_next(&self, rules: &StopRules) -> bool {
        let generated = self.generated + 1;
        self.limit(generated, self.prompt_len() + generated - 1, rules)
            .is_some()
    }

    /// The limit a sequence reaches with `generated` tokens, the last at `pos`.
    fn limit(&self, generated: usize, pos: usize, rules: &StopRules) -> Option<FinishReason> {
        if generated >= self.request.max_tokens {
            Some(FinishReason::Length)
        } else if pos >= rules.capacity {
            Some(FinishReason::Capacity)
        } else {
            None
        }
    }

    /// While the prompt is scored: the prompt token the next logits are read for.
    pub fn forced_next(&self) -> Option<u32> {
        match self.phase {
            Phase::Decode { pos } if pos + 1 < self.prompt_len() => Some(self.history[pos + 1]),
            _ => None,
        }
    }

    /// Starts a `prompt_logprobs` request at position 0 of its slot: every prompt token goes
    /// through a decode step, whatever the slot's cache held.
    pub fn start_scoring(&mut self) {
        self.cached = 0;
        self.phase = Phase::Decode { pos: 0 };
        if self.forced_next().is_none() {
            self.scored_all();
        }
    }

    /// Records the log-probability of the prompt's next token and moves onto it.
    pub fn score(&mut self, sample: Sample) {
        let Phase::Decode { pos } = self.phase else {
            unreachable!("only decoding sequences score");
        };
        self.scored.push(sample);
        self.phase = Phase::Decode { pos: pos + 1 };
        if self.forced_next().is_none() {
            self.scored_all();
        }
    }

    /// Sends the prompt's log-probabilities; a request for no tokens ends with them.
    fn scored_all(&mut self) {
        let event = Event::PromptLogprobs(std::mem::take(&mut self.scored));
        if self.events.send(event).is_err() {
            self.finished = Some(FinishReason::Cancelled);
        } else if self.request.max_tokens == 0 {
            self.finished = Some(FinishReason::Length);
        }
    }

    /// Records a drawn token, streams it, and decides whether to stop.
    pub fn accept(&mut self, sample: Sample, rules: &StopRules) {
        let id = sample.token;
        self.history.push(id);
        self.generated += 1;
        let pos = self.prompt_len() + self.generated - 1;
        self.phase = Phase::Decode { pos };
        let stop_token = if !self.request.ignore_eos && Some(id) == rules.eos {
            Some(FinishReason::Eos)
        } else if self.request.stop_token_ids.contains(&id) {
            Some(FinishReason::StopToken(id))
        } else {
            None
        };
        let grammar_end = match (&stop_token, &mut self.request.constraint) {
            (None, Some(constraint)) => match constraint.advance(id) {
                Ok(()) if constraint.is_finished() => Some(FinishReason::GrammarComplete),
                Ok(()) => None,
                Err(e) => Some(FinishReason::Error(GenerationError::GrammarAdvance(e))),
            },
            _ => None,
        };
        let (mut text, mut text_end) = (String::new(), None);
        if stop_token.is_none() {
            match self.text.push(id, &self.request.stop_strings) {
                Ok(delta) => {
                    text = delta.text;
                    text_end = delta.stop.map(FinishReason::StopString);
                }
                Err(e) => {
                    text_end = Some(FinishReason::Error(GenerationError::Detokenize(
                        e.to_string(),
                    )))
                }
            }
        }
        let event = Event::Token {
            id,
            text,
            logprob: sample.logprob,
            top_logprobs: sample.top_logprobs,
        };
        if self.events.send(event).is_err() {
            // Nobody is listening any more: stop spending compute on it.
            self.finished = Some(FinishReason::Cancelled);
            return;
        }
        let limit = self.limit(self.generated, pos, rules);
        self.finished = stop_token.or(text_end).or(grammar_end).or(limit);
    }

    /// Sends the final event; text still held back for a possible stop
    /// string is released as `tail` unless a stop string matched.
    pub fn finish(&mut self, reason: FinishReason) {
        let tail = if matches!(reason, FinishReason::StopString(_)) {
            String::new()
        } else {
            self.text.flush()
        };
        let _ = self.events.send(Event::Finished {
            reason,
            prompt_tokens: self.prompt_len(),
            cached_tokens: self.cached,
            generated_tokens: self.generated,
            tail,
            text: self.text.released_text().to_string(),
        });
    }
}
