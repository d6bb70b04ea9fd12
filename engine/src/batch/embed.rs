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

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use emitter::Head;

    use super::*;
    use crate::device_sampling::SampleRows;
    use crate::graphs::{DecodeOutput, PrefillOut};

    /// Embedding graphs of 4 and 10 tokens whose hidden state per token is (token, position,
    /// segment); every call is recorded.
    #[derive(Default)]
    struct Fake {
        calls: Vec<(Vec<i32>, Vec<i32>, Vec<i32>)>,
    }

    impl GraphRunner for Fake {
        fn slots(&self) -> usize {
            1
        }
        fn capacity(&self) -> usize {
            16
        }
        fn ring_window(&self) -> Option<usize> {
            None
        }
        fn vocab(&self) -> usize {
            100
        }
        fn has_head(&self, _: Head) -> bool {
            false
        }
        fn chunk_len(&self, _: usize, _: usize) -> usize {
            unreachable!("embeddings only")
        }
        fn prefill(
            &mut self,
            _: usize,
            _: usize,
            _: &[i32],
            _: PrefillOut<'_>,
        ) -> Result<(), EngineError> {
            unreachable!("embeddings only")
        }
        fn decode(
            &mut self,
            _: Head,
            _: &[i32],
            _: &[i32],
            _: Option<&mut SampleRows>,
            _: bool,
            _: &mut DecodeOutput,
        ) -> Result<usize, EngineError> {
            unreachable!("embeddings only")
        }
        fn sample(
            &mut self,
            _: &[f32],
            _: &mut SampleRows,
            _: &mut Vec<i32>,
            _: &mut Vec<f32>,
        ) -> Result<(), EngineError> {
            unreachable!("embeddings only")
        }
        fn copy_slot(&mut self, _: usize, _: usize) -> Result<(), EngineError> {
            unreachable!("embeddings only")
        }
        fn embed_lengths(&self) -> Vec<usize> {
            vec![4, 10]
        }
        fn hidden(&self) -> usize {
            3
        }
        fn embed(
            &mut self,
            tokens: &[i32],
            positions: &[i32],
            segments: &[i32],
            rows: &mut Vec<f32>,
        ) -> Result<usize, EngineError> {
            let t = if tokens.len() <= 4 { 4 } else { 10 };
            rows.clear();
            for i in 0..t {
                let at = |v: &[i32], pad| v.get(i).copied().unwrap_or(pad) as f32;
                rows.extend([at(tokens, 0), at(positions, 0), at(segments, -1)]);
            }
            self.calls
                .push((tokens.to_vec(), positions.to_vec(), segments.to_vec()));
            Ok(t)
        }
    }

    type Answer = mpsc::Receiver<Result<Vec<Vec<f32>>, EmbeddingError>>;

    fn push(queue: &mut EmbedQueue, inputs: Vec<Vec<u32>>, pooling: Pooling) -> Answer {
        let (sender, receiver) = mpsc::channel();
        let reply = Box::new(move |result| {
            let _ = sender.send(result);
        });
        queue.push(EmbeddingRequest { inputs, pooling }, reply);
        receiver
    }

    /// The hidden row `(token, position, segment)`, normalised as pooling leaves it.
    fn unit(row: [f64; 3]) -> Vec<f32> {
        crate::embedding::normalized(&row)
    }

    #[test]
    fn inputs_of_several_requests_share_a_chunk_in_arrival_order() {
        let mut queue = EmbedQueue::default();
        let mut graphs = Fake::default();
        let a = push(&mut queue, vec![vec![1, 2, 3], vec![4, 5]], Pooling::Last);
        let b = push(&mut queue, vec![vec![6, 7, 8, 9], vec![10]], Pooling::First);
        // 3 + 2 + 4 + 1 tokens fill the 10-token graph.
        assert_eq!(queue.run_chunk(&mut graphs).unwrap(), (10, 2));
        let (tokens, positions, segments) = &graphs.calls[0];
        assert_eq!(tokens, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        assert_eq!(positions, &[0, 1, 2, 0, 1, 0, 1, 2, 3, 0]);
        assert_eq!(segments, &[0, 0, 0, 1, 1, 2, 2, 2, 2, 3]);
        // Last token of each of a's inputs, first of each of b's, in input order.
        let a = a.try_recv().unwrap().unwrap();
        assert_eq!(a, [unit([3.0, 2.0, 0.0]), unit([5.0, 1.0, 1.0])]);
        let b = b.try_recv().unwrap().unwrap();
        assert_eq!(b, [unit([6.0, 0.0, 2.0]), unit([10.0, 0.0, 3.0])]);
        assert!(queue.is_empty());
    }

    #[test]
    fn a_request_longer_than_a_chunk_runs_over_several() {
        let mut queue = EmbedQueue::default();
        let mut graphs = Fake::default();
        let answer = push(
            &mut queue,
            vec![vec![1; 6], vec![2; 6], vec![3; 2]],
            Pooling::Mean,
        );
        assert_eq!(queue.run_chunk(&mut graphs).unwrap(), (6, 0));
        assert!(
            answer.try_recv().is_err(),
            "answered before its last input ran"
        );
        assert_eq!(queue.run_chunk(&mut graphs).unwrap(), (8, 1));
        let vectors = answer.try_recv().unwrap().unwrap();
        // Mean over the input's own rows only: positions 0..6 average 2.5, segment its own.
        assert_eq!(vectors[0], unit([1.0, 2.5, 0.0]));
        assert_eq!(vectors[1], unit([2.0, 2.5, 0.0]));
        assert_eq!(vectors[2], unit([3.0, 0.5, 1.0]));
        assert_eq!(graphs.calls.len(), 2);
    }

    #[test]
    fn a_failed_queue_answers_every_request() {
        let mut queue = EmbedQueue::default();
        let a = push(&mut queue, vec![vec![1]], Pooling::Mean);
        let b = push(&mut queue, vec![vec![2]], Pooling::Mean);
        assert_eq!(queue.fail_all(EmbeddingError::EngineStopped), 2);
        for answer in [a, b] {
            assert_eq!(
                answer.try_recv().unwrap(),
                Err(EmbeddingError::EngineStopped)
            );
        }
    }
}
