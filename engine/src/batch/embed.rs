//! Embedding requests in the engine: their inputs wait in one queue across requests, and each
//! step packs as many of them as the longest embedding graph holds into one chunk (see
//! `emitter::graph::embed`), so short inputs run as wide products together rather than one
//! narrow prefill each. Each input's rows are pooled on the host and normalised.

use std::collections::VecDeque;

use super::runner::GraphRunner;
use crate::embedding::Pooling;
use crate::error::EngineError;

/// Inputs to embed, as token ids, and how their tokens are pooled.
#[derive(Debug, Clone)]
pub struct EmbeddingRequest {
    pub inputs: Vec<Vec<u32>>,
    pub pooling: Pooling,
}

/// Receives a request's embeddings (unit vectors, one per input, in order) or why there are
/// none; called once, on the engine thread.
pub type EmbeddingReply = Box<dyn FnOnce(Result<Vec<Vec<f32>>, EmbeddingError>) + Send>;

/// Why an embedding request was refused or failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmbeddingError {
    #[error("this model was loaded without embedding graphs")]
    NoEmbeddings,
    #[error("no inputs to embed")]
    NoInputs,
    #[error("input {index} is empty")]
    EmptyInput { index: usize },
    #[error("input {index} has {len} tokens; an embedding input may have at most {max}")]
    InputTooLong {
        index: usize,
        len: usize,
        max: usize,
    },
    #[error("input {index}: token id {id} is outside the vocabulary of {vocab}")]
    TokenOutOfRange { index: usize, id: u32, vocab: usize },
    #[error("the server is busy: {capacity} requests are waiting or running; retry later")]
    QueueFull { capacity: usize },
    #[error("the engine has stopped")]
    EngineStopped,
    #[error("the embedding step failed: {0}")]
    Step(String),
}

impl EmbeddingRequest {
    /// Everything about the inputs that does not depend on the engine's state: at least one,
    /// none empty, none longer than `max` tokens (the longest embedding graph), every id in
    /// the vocabulary.
    pub fn check(&self, max: Option<usize>, vocab: usize) -> Result<(), EmbeddingError> {
        let max = max.ok_or(EmbeddingError::NoEmbeddings)?;
        if self.inputs.is_empty() {
            return Err(EmbeddingError::NoInputs);
        }
        for (index, input) in self.inputs.iter().enumerate() {
            if input.is_empty() {
                return Err(EmbeddingError::EmptyInput { index });
            }
            if input.len() > max {
                let len = input.len();
                return Err(EmbeddingError::InputTooLong { index, len, max });
            }
            if let Some(&id) = input.iter().find(|&&id| id as usize >= vocab) {
                return Err(EmbeddingError::TokenOutOfRange { index, id, vocab });
            }
        }
        Ok(())
    }
}

/// One request's inputs on their way through.
struct Job {
    request: EmbeddingRequest,
    vectors: Vec<Option<Vec<f32>>>,
    /// Inputs before this one have been packed into a chunk.
    next: usize,
    reply: Option<EmbeddingReply>,
}

impl Job {
    fn done(&self) -> bool {
        self.vectors.iter().all(Option::is_some)
    }
}

/// Where one packed input sits in the chunk.
struct Placed {
    job: usize,
    input: usize,
    offset: usize,
    len: usize,
}

/// The embedding inputs waiting, across requests, and the buffers of one chunk.
#[derive(Default)]
pub(super) struct EmbedQueue {
    jobs: VecDeque<Job>,
    tokens: Vec<i32>,
    positions: Vec<i32>,
    segments: Vec<i32>,
    rows: Vec<f32>,
}

impl EmbedQueue {
    pub fn push(&mut self, request: EmbeddingRequest, reply: EmbeddingReply) {
        let vectors = vec![None; request.inputs.len()];
        self.jobs.push_back(Job {
            request,
            vectors,
            next: 0,
            reply: Some(reply),
        });
    }

    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// Packs the waiting inputs in arrival order into one chunk of at most the longest
    /// embedding graph's tokens, runs it, pools each input's rows and answers every request
    /// whose inputs are all done. Returns the tokens embedded and the requests answered.
    pub fn run_chunk<G: GraphRunner>(
        &mut self,
        graphs: &mut G,
    ) -> Result<(usize, usize), EngineError> {
        let longest = graphs.embed_lengths().last().copied().unwrap_or(0);
        let placed = self.pack(longest);
        if placed.is_empty() {
            // An input longer than every graph would wait forever: submit refuses those, so
            // this is a module without embedding graphs. The runner says so.
            let lengths = graphs.embed_lengths();
            let tokens = self
                .jobs
                .front()
                .map_or(0, |j| j.request.inputs[j.next].len());
            return Err(crate::error::ManifestError::NoEmbedGraph { tokens, lengths }.into());
        }
        graphs.embed(
            &self.tokens,
            &self.positions,
            &self.segments,
            &mut self.rows,
        )?;
        let width = graphs.hidden();
        for p in &placed {
            let job = &mut self.jobs[p.job];
            let rows = &self.rows[p.offset * width..(p.offset + p.len) * width];
            job.vectors[p.input] = Some(job.request.pooling.pool(rows, width));
        }
        Ok((self.tokens.len(), self.answer_done()))
    }

    /// Fills the chunk buffers with the next inputs that fit in `longest` tokens, each in a
    /// segment of its own with positions from 0.
    fn pack(&mut self, longest: usize) -> Vec<Placed> {
        self.tokens.clear();
        self.positions.clear();
        self.segments.clear();
        let mut placed = Vec::new();
        'jobs: for (j, job) in self.jobs.iter_mut().enumerate() {
            while job.next < job.request.inputs.len() {
                let input = &job.request.inputs[job.next];
                let offset = self.tokens.len();
                if offset + input.len() > longest {
                    break 'jobs;
                }
                let segment = placed.len() as i32;
                self.tokens.extend(input.iter().map(|&t| t as i32));
                self.positions.extend(0..input.len() as i32);
                self.segments
                    .extend(std::iter::repeat_n(segment, input.len()));
                placed.push(Placed {
                    job: j,
                    input: job.next,
                    offset,
                    len: input.len(),
                });
                job.next += 1;
            }
        }
        placed
    }

    /// Answers and drops the requests whose inputs are all embedded; returns how many.
    fn answer_done(&mut self) -> usize {
        let mut answered = 0;
        let mut i = 0;
        while i < self.jobs.len() {
            if !self.jobs[i].done() {
                i += 1;
                continue;
            }
            let mut job = self.jobs.remove(i).expect("index is in range");
            let vectors = job.vectors.into_iter().flatten().collect();
            if let Some(reply) = job.reply.take() {
                reply(Ok(vectors));
            }
            answered += 1;
        }
        answered
    }

    /// Answers every waiting request with `error`; returns how many.
    pub fn fail_all(&mut self, error: EmbeddingError) -> usize {
        let n = self.jobs.len();
        for mut job in self.jobs.drain(..) {
            if let Some(reply) = job.reply.take() {
                reply(Err(error.clone()));
            }
        }
        n
    }
}
