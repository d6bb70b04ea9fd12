//! Seeded, allocation-free sampling of next tokens from `[B, V]` logits.
//!
//! A [`Sampler`] turns each row of logits into one token, with per-row
//! [`SampleParams`] and per-request state ([`Request`]: the token history the
//! penalties look at, and the step the random draw is keyed on).
//!
//! ```
//! use sampler::{Request, SampleParams, Sampler};
//!
//! let mut sampler = Sampler::new();
//! let params = SampleParams { temperature: 0.8, top_k: 40, top_p: 0.9, seed: 7, ..Default::default() };
//! let history = [2u32, 5, 5];
//!
//! // Two rows of a vocabulary of 6.
//! let mut logits = vec![
//!     1.0, 2.0, 0.5, -1.0, 3.0, 0.0,
//!     0.0, 0.0, 9.0, 0.0, 0.0, 0.0,
//! ];
//! let reqs = [
//!     Request::new(&params).history(&history).step(3),
//!     Request::new(&params).step(0),
//! ];
//! let mut out = Vec::new();
//! sampler.sample_batch(&mut logits, 6, &reqs, &mut out).unwrap();
//! let first = out[0].as_ref().unwrap();
//! assert!(first.token < 6 && first.logprob <= 0.0);
//!
//! // Same seed and step: same token, whatever else is in the batch.
//! let mut row = logits[..6].to_vec();
//! assert_eq!(sampler.sample(&mut row, &reqs[0]).unwrap().token, first.token);
//!
//! // Greedy is the argmax, ties to the lowest id.
//! let greedy = SampleParams::greedy();
//! assert_eq!(sampler.sample(&mut [1.0, 4.0, 4.0], &Request::new(&greedy)).unwrap().token, 1);
//! ```
//!
//! # Processing order
//!
//! With the default [`Order::TemperatureFirst`], each row goes through
//!
//! 1. penalties over the request's history (or its last `n` tokens):
//!    repetition (a positive logit is divided by the penalty, a negative one
//!    multiplied), then frequency (`count * f`) and presence (`p`) are
//!    subtracted;
//! 2. logit bias (`-inf` bans a token, `+inf` forces it);
//! 3. greedy short-cut when the temperature is 0 (or `top_k` is 1): the
//!    argmax, ties to the lowest id;
//! 4. temperature;
//! 5. min-p: keep `p >= min_p * p_max`;
//! 6. top-k: keep the `k` most likely, ties to the lowest id;
//! 7. top-p over what is left, renormalised: keep the smallest most-likely
//!    set whose mass reaches `top_p`, including the token that crosses it;
//! 8. a draw from the survivors, renormalised.
//!
//! [`Order::TemperatureLast`] is llama.cpp's chain instead: top-k → top-p →
//! min-p judged on the untempered distribution, then temperature, then the
//! draw.
//!
//! # Randomness
//!
//! Each draw uses one 53-bit uniform from [`SplitMix64`] keyed on the
//! request's `(seed, step)`, so a request's tokens do not depend on its batch
//! neighbours, the batch size, threads or scheduling. The generator
//! implements the `rand_core` traits.
//!
//! # Non-finite logits
//!
//! After penalties and bias:
//!
//! * a NaN anywhere in the row is an error, [`SampleError::NanLogit`];
//! * `-inf` tokens have probability 0 and are never drawn;
//! * if any token is `+inf`, the `+inf` tokens share all the mass equally
//!   (the limit as their logits grow), then the filters apply to them as
//!   usual: greedy picks the lowest such id, top-k keeps the lowest ids;
//! * a row with no token above `-inf` (every logit `-inf`, or an empty row)
//!   is an error, [`SampleError::NoCandidates`]; no token is made up.
//!
//! With [`LogprobSource::Raw`], a NaN in the row as passed in is an error
//! too, since its log-softmax is undefined.
//!
//! Tokens whose weight relative to the most likely one is below `2^-126.5`
//! (about 1e-38) are treated as probability 0; no 53-bit uniform could
//! select them anyway.
//!
//! # Log-probabilities
//!
//! By default ([`LogprobSource::Processed`]) [`Sample::logprob`] and
//! [`Sample::top_logprobs`] describe the distribution the token was actually
//! drawn from: *after* processing (penalties, bias, temperature, truncation,
//! renormalisation). Tokens that were filtered out are not listed, and under
//! greedy decoding the chosen token has logprob 0. [`LogprobSource::Raw`]
//! reports `log_softmax` of the logits as passed in, *before* any processing,
//! at the cost of one more pass over the row.
//!
//! # Speed
//!
//! The vocabulary is never sorted: every filter is a threshold in logit
//! space and only the tokens above it are handled one by one. The passes
//! over the row are vectorised and dispatched at run time on the CPU's
//! features (AVX-512, AVX2 + FMA, or the portable code, which is NEON on
//! AArch64), so a default build is fast everywhere. With the `parallel`
//! feature (on by default) the rows of a large batch run on the rayon pool.

mod error;
mod kernels;
mod params;
mod rng;
mod row;

use std::fmt;

pub use error::{ParamError, SampleError};
pub use kernels::Isa;
pub use params::{LogprobSource, Order, SampleParams};
pub use rng::SplitMix64;

use kernels::Kernels;
use row::Scratch;

/// One row's request: its parameters and the state that changes per token.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// Sampling parameters.
    pub params: &'a SampleParams,
    /// Tokens the penalties look at, oldest first (typically the prompt and
    /// the tokens generated so far).
    pub history: &'a [u32],
    /// Index of the token being generated; with the seed it keys the draw.
    pub step: u64,
}

impl<'a> Request<'a> {
    /// A request with no history at step 0.
    pub fn new(params: &'a SampleParams) -> Self {
        Self {
            params,
            history: &[],
            step: 0,
        }
    }

    /// Sets the token history.
    pub fn history(self, history: &'a [u32]) -> Self {
        Self { history, ..self }
    }

    /// Sets the step.
    pub fn step(self, step: u64) -> Self {
        Self { step, ..self }
    }
}

/// Owned per-request state for callers that do not track it themselves: the
/// history grows and the step advances with every accepted token.
#[derive(Clone, Debug, Default)]
pub struct RequestState {
    pub params: SampleParams,
    pub history: Vec<u32>,
    pub step: u64,
}

impl RequestState {
    /// State for a request whose penalties should also see `prompt`.
    pub fn new(params: SampleParams, prompt: &[u32]) -> Self {
        Self {
            params,
            history: prompt.to_vec(),
            step: 0,
        }
    }

    /// The [`Request`] for the next token.
    pub fn request(&self) -> Request<'_> {
        Request {
            params: &self.params,
            history: &self.history,
            step: self.step,
        }
    }

    /// Records a generated token.
    pub fn accept(&mut self, token: u32) {
        self.history.push(token);
        self.step += 1;
    }
}

/// A token with its log-probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TokenLogprob {
    pub token: u32,
    pub logprob: f32,
}

/// The result of sampling one row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    /// The drawn token.
    pub token: u32,
    /// Its log-probability (see [`LogprobSource`] for which distribution).
    pub logprob: f32,
    /// The `top_logprobs` most likely tokens, best first (ties to the lowest
    /// id); fewer when fewer tokens have non-zero probability.
    pub top_logprobs: Vec<TokenLogprob>,
}

/// Rows below this many logits in total are not worth a thread hand-off.
#[cfg(feature = "parallel")]
const PARALLEL_MIN_ELEMENTS: usize = 1 << 17;

/// A reusable sampler. It keeps scratch buffers sized to the largest
/// vocabulary seen, so after the first call nothing is allocated (except the
/// `top_logprobs` lists a caller asks for).
pub struct Sampler {
    kernels: Kernels,
    scratch: Vec<Scratch>,
    parallel: bool,
}

impl Default for Sampler {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for Sampler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sampler")
            .field("isa", &self.isa())
            .field("parallel", &self.parallel)
            .finish()
    }
}

impl Sampler {
    /// A sampler on the best instruction set of this CPU.
    pub fn new() -> Self {
        Self::with_isa(Isa::detect())
            .unwrap_or_else(|| unreachable!("the detected instruction set is supported"))
    }

    /// A sampler on a given instruction set, or `None` if this CPU lacks it.
    /// All instruction sets give the same tokens up to float rounding.
    pub fn with_isa(isa: Isa) -> Option<Self> {
        Some(Self {
            kernels: Kernels::new(isa)?,
            scratch: vec![Scratch::default()],
            parallel: cfg!(feature = "parallel"),
        })
    }

    /// The instruction set in use.
    pub fn isa(&self) -> Isa {
        self.kernels.isa()
    }

    /// Whether large batches are split across the rayon pool (default: on
    /// when the `parallel` feature is).
    pub fn set_parallel(&mut self, on: bool) {
        self.parallel = on && cfg!(feature = "parallel");
    }

    /// Samples one row.
    ///
    /// `logits` is used as scratch for penalties and bias during the call
    /// and holds its original values again when it returns.
    pub fn sample(&mut self, logits: &mut [f32], req: &Request<'_>) -> Result<Sample, SampleError> {
        let mut out = Sample::default();
        self.sample_into(logits, req, &mut out)?;
        Ok(out)
    }

    /// [`Self::sample`] into an existing [`Sample`], reusing its
    /// `top_logprobs` allocation.
    pub fn sample_into(
        &mut self,
        logits: &mut [f32],
        req: &Request<'_>,
        out: &mut Sample,
    ) -> Result<(), SampleError> {
        check_vocab(logits.len(), 1, logits.len())?;
        row::sample_row(self.kernels, &mut self.scratch[0], logits, req, out)
    }

    /// Samples every row of a row-major `[reqs.len(), vocab]` batch, one
    /// [`Request`] per row. `out` is resized to the batch and each row's
    /// outcome stored in it; its `Sample`s are reused across calls. Only a
    /// malformed batch is an error of the call itself.
    pub fn sample_batch(
        &mut self,
        logits: &mut [f32],
        vocab: usize,
        reqs: &[Request<'_>],
        out: &mut Vec<Result<Sample, SampleError>>,
    ) -> Result<(), SampleError> {
        check_vocab(logits.len(), reqs.len(), vocab)?;
        out.resize_with(reqs.len(), || Ok(Sample::default()));
        if reqs.is_empty() {
            return Ok(());
        }
        let kernels = self.kernels;
        let run = |s: &mut Scratch,
                   rows: &mut [f32],
                   reqs: &[Request<'_>],
                   out: &mut [Result<Sample, SampleError>]| {
            for (i, (req, slot)) in reqs.iter().zip(out.iter_mut()).enumerate() {
                // Index rather than chunk, so an empty vocabulary still
                // visits (and fails) every row.
                let row = &mut rows[i * vocab..(i + 1) * vocab];
                if slot.is_err() {
                    *slot = Ok(Sample::default());
                }
                let result = match slot {
                    Ok(sample) => row::sample_row(kernels, s, row, req, sample),
                    Err(_) => Ok(()),
                };
                if let Err(e) = result {
                    *slot = Err(e);
                }
            }
        };
        #[cfg(feature = "parallel")]
        if self.parallel && reqs.len() > 1 && logits.len() >= PARALLEL_MIN_ELEMENTS {
            use rayon::prelude::*;
            let workers = rayon::current_num_threads().min(reqs.len());
            if workers > 1 {
                if self.scratch.len() < workers {
                    self.scratch.resize_with(workers, Scratch::default);
                }
                let per = reqs.len().div_ceil(workers);
                self.scratch
                    .par_iter_mut()
                    .zip(logits.par_chunks_mut(per * vocab))
                    .zip(reqs.par_chunks(per))
                    .zip(out.par_chunks_mut(per))
                    .for_each(|(((s, rows), reqs), out)| run(s, rows, reqs, out));
                return Ok(());
            }
        }
        run(&mut self.scratch[0], logits, reqs, out);
        Ok(())
    }

    /// The processed distribution of one row, as `(token, probability)` in
    /// id order, zero-probability tokens left out: exactly what
    /// [`Self::sample`] would draw from. Meant for inspection and tests; it
    /// allocates.
    pub fn distribution(
        &mut self,
        logits: &mut [f32],
        req: &Request<'_>,
    ) -> Result<Vec<(u32, f64)>, SampleError> {
        check_vocab(logits.len(), 1, logits.len())?;
        row::distribution(self.kernels, &mut self.scratch[0], logits, req)
    }
}

fn check_vocab(len: usize, rows: usize, vocab: usize) -> Result<(), SampleError> {
    let shape = SampleError::Shape { len, rows, vocab };
    // Token ids are u32 and ids are used as offsets within a row.
    if vocab > u32::MAX as usize || rows.checked_mul(vocab) != Some(len) {
        return Err(shape);
    }
    Ok(())
}
