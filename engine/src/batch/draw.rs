//! Where and how each token is drawn: by the host sampler over logits read back, or by the
//! sampling heads in the graph (only ids and log-probabilities come back), or both in one
//! decode step when some rows ask for what only the host implements.

use std::time::Instant;

use emitter::Head;
use sampler::{Sample, Sampler, TokenLogprob};

use super::masks::{self, Lent, MaskWorker, Prepared};
use super::request::DrawError;
use super::runner::GraphRunner;
use super::sequence::Sequence;
use crate::device_sampling::{device_can_sample, SampleRows, SamplingMode};
use crate::error::EngineError;
use crate::graphs::{AheadUse, DecodeOutput, PrefillOut};

/// A token drawn for one sequence, or why none could be.
pub type Drawn = Result<Sample, DrawError>;

/// What drawing cost in one step.
#[derive(Debug, Clone, Default)]
pub struct DrawStats {
    pub sample_seconds: f64,
    pub bytes_read_back: usize,
    pub device_tokens: usize,
    pub host_tokens: usize,
    /// Decode steps served by the step queued ahead, and queued steps dropped unused.
    pub ahead_served: usize,
    pub ahead_dropped: usize,
}

impl DrawStats {
    /// A token drawn on the device; -1 means the row's logits had no finite maximum.
    fn device(&mut self, token: i32, logprob: f32) -> Drawn {
        if token < 0 {
            return Err(DrawError::NoFiniteLogit);
        }
        self.device_tokens += 1;
        Ok(Sample {
            token: token as u32,
            logprob,
            top_logprobs: Vec::new(),
        })
    }

    fn host(&mut self, drawn: Drawn) -> Drawn {
        if drawn.is_ok() {
            self.host_tokens += 1;
        }
        drawn
    }
}

/// One prefill call of a sequence: `tokens` at positions `start..` of its slot.
pub struct Chunk<'a> {
    pub start: usize,
    pub tokens: &'a [i32],
    /// The prompt's last chunk, whose last logits give the first generated token.
    pub last: bool,
}

/// One decode step: a row per slot `0..rows`, `pos < 0` marking padding rows.
pub struct DecodeRows<'a> {
    pub tokens: &'a [i32],
    pub pos: &'a [i32],
    /// The next step will likely decode the same rows, each fed what this one draws.
    pub same_next: bool,
}

impl DecodeRows<'_> {
    /// Whether `seq` takes part: live, in a row of the step, and not padding.
    pub fn holds(&self, seq: &Sequence) -> bool {
        seq.finished.is_none() && self.pos.get(seq.slot).is_some_and(|&p| p >= 0)
    }
}

/// The drawing side of a step, with buffers reused across steps.
pub struct Draw {
    sampler: Sampler,
    /// Device mode on a module that has the sample heads (fixed at start).
    device_heads: bool,
    logits: Vec<f32>,
    decode_out: DecodeOutput,
    sample: Sample,
    rows: SampleRows,
    on_device: Vec<bool>,
    /// Per slot, what the last decode step drew.
    drawn: Vec<Option<Drawn>>,
    /// Rows whose grammar mask failed this step, and why.
    mask_errors: Vec<(usize, DrawError)>,
    masks: MaskWorker,
    pub stats: DrawStats,
}

impl Draw {
    pub fn new(mode: SamplingMode, graphs: &impl GraphRunner) -> Draw {
        Draw {
            sampler: Sampler::new(),
            device_heads: mode == SamplingMode::Device && graphs.has_head(Head::Sample),
            logits: vec![0.0; graphs.vocab()],
            decode_out: DecodeOutput::default(),
            sample: Sample::default(),
            rows: SampleRows::default(),
            on_device: Vec::new(),
            drawn: Vec::new(),
            mask_errors: Vec::new(),
            masks: MaskWorker::default(),
            stats: DrawStats::default(),
        }
    }

    /// Whether `seq` draws its tokens on the device: a grammar's mask and a prompt's
    /// log-probabilities need the logits here.
    fn on_device(&self, seq: &Sequence) -> bool {
        self.device_heads
            && device_can_sample(&seq.request.params)
            && seq.request.constraint.is_none()
            && seq.request.prompt_logprobs.is_none()
    }

    /// Runs one prefill chunk of `seq`; the last chunk also draws the first generated token.
    pub fn prefill(
        &mut self,
        graphs: &mut impl GraphRunner,
        seq: &mut Sequence,
        chunk: Chunk<'_>,
    ) -> Result<Option<Drawn>, EngineError> {
        if chunk.last {
            if let Err(e) = prepare_mask(seq) {
                return Ok(Some(Err(e)));
            }
        }
        let on_device = chunk.last && self.on_device(seq);
        if on_device {
            self.rows.clear();
            self.rows.push(&seq.request.params, seq.generated as u64);
        }
        let (mut token, mut logprob) = (0i32, 0f32);
        let out = if on_device {
            self.stats.bytes_read_back += 8;
            PrefillOut::Sample {
                rows: &self.rows,
                token: &mut token,
                logprob: &mut logprob,
            }
        } else if !chunk.last && graphs.has_head(Head::Argmax) {
            // Only the cache matters for a chunk before the last.
            self.stats.bytes_read_back += 4;
            PrefillOut::Argmax(&mut token)
        } else {
            self.stats.bytes_read_back += self.logits.len() * 4;
            PrefillOut::Logits(&mut self.logits)
        };
        graphs.prefill(seq.slot, chunk.start, chunk.tokens, out)?;
        Ok(match (chunk.last, on_device) {
            (false, _) => None,
            (true, true) => Some(self.stats.device(token, logprob)),
            (true, false) => {
                let started = Instant::now();
                let drawn = host_draw(&mut self.sampler, &mut self.logits, seq, &mut self.sample);
                self.stats.sample_seconds += started.elapsed().as_secs_f64();
                Some(self.stats.host(drawn))
            }
        })
    }

    /// Runs one decode step over `rows` and draws a token for every sequence of `live` that
    /// takes part; [`Draw::take`] hands them out. Returns the decode bucket that ran.
    pub fn decode<G: GraphRunner>(
        &mut self,
        graphs: &mut G,
        rows: &DecodeRows<'_>,
        live: &mut [Sequence],
    ) -> Result<usize, EngineError> {
        let n = rows.tokens.len();
        self.mask_errors.clear();
        self.drawn.clear();
        self.drawn.resize_with(n, || None);
        // Rows that draw on the device; padding rows count as such (their draw is ignored).
        self.on_device.clear();
        self.on_device.resize(n, true);
        self.rows.clear();
        self.rows.pad_to(n);
        let (mut stepping, mut device_rows) = (0, 0);
        for seq in live.iter().filter(|s| rows.holds(s)) {
            stepping += 1;
            if self.on_device(seq) {
                device_rows += 1;
                self.rows
                    .set(seq.slot, &seq.request.params, seq.generated as u64);
            } else {
                self.on_device[seq.slot] = false;
            }
        }
        let head = if device_rows == stepping {
            Head::Sample
        } else {
            Head::Logits
        };
        let (sample_rows, decode_out) = (&mut self.rows, &mut self.decode_out);
        let mut run = |graphs: &mut G| {
            graphs.decode(
                head,
                rows.tokens,
                rows.pos,
                Some(sample_rows),
                rows.same_next,
                decode_out,
            )
        };
        let lent = lend_constraints(live, rows);
        let batch = if lent.is_empty() {
            run(graphs)?
        } else {
            // A mask needs only the tokens drawn so far: the worker computes them while the
            // step runs (or, with no worker thread, this one after it).
            let started = self.masks.start(lent);
            let batch = run(graphs);
            // The constraints come back before any error of the step goes up.
            let prepared = match started {
                Ok(()) => self.masks.finish()?,
                Err(lent) => masks::prepare(lent),
            };
            self.give_back(live, prepared);
            batch?
        };
        match self.decode_out.ahead {
            AheadUse::Served => self.stats.ahead_served += 1,
            AheadUse::Dropped => self.stats.ahead_dropped += 1,
            AheadUse::None => {}
        }
        if head == Head::Sample {
            self.stats.bytes_read_back += batch * 8;
            self.take_device_rows(rows, live);
            return Ok(batch);
        }
        let vocab = graphs.vocab();
        self.stats.bytes_read_back += batch * vocab * 4;
        let started = Instant::now();
        if device_rows > 0 {
            let out = &mut self.decode_out;
            graphs.sample(
                &out.logits[..batch * vocab],
                &mut self.rows,
                &mut out.ids,
                &mut out.logprobs,
            )?;
            self.stats.bytes_read_back += batch * 8;
            self.take_device_rows(rows, live);
        }
        for seq in live
            .iter()
            .filter(|s| rows.holds(s) && !self.on_device[s.slot])
        {
            let row = &mut self.decode_out.logits[seq.slot * vocab..(seq.slot + 1) * vocab];
            let drawn = match seq.forced_next() {
                Some(token) => teacher_forced(row, token, seq.request.prompt_logprobs),
                None => host_draw(&mut self.sampler, row, seq, &mut self.sample),
            };
            self.drawn[seq.slot] = Some(self.stats.host(drawn));
        }
        for (slot, error) in self.mask_errors.drain(..) {
            self.drawn[slot] = Some(Err(error));
        }
        self.stats.sample_seconds += started.elapsed().as_secs_f64();
        Ok(batch)
    }

    /// Puts the worker's constraints back into their sequences and notes the rows whose mask
    /// failed.
    fn give_back(&mut self, live: &mut [Sequence], prepared: Prepared) {
        for (slot, constraint, result) in prepared {
            if let Err(error) = result {
                self.mask_errors.push((slot, DrawError::Grammar(error)));
            }
            if let Some(seq) = live.iter_mut().find(|s| s.slot == slot) {
                seq.request.constraint = Some(constraint);
            }
        }
    }

    /// What the last decode step drew for `slot` (once).
    pub fn take(&mut self, slot: usize) -> Option<Drawn> {
        self.drawn.get_mut(slot).and_then(Option::take)
    }

    fn take_device_rows(&mut self, rows: &DecodeRows<'_>, live: &[Sequence]) {
        for seq in live
            .iter()
            .filter(|s| rows.holds(s) && self.on_device[s.slot])
        {
            let (token, logprob) = (
                self.decode_out.ids[seq.slot],
                self.decode_out.logprobs[seq.slot],
            );
            self.drawn[seq.slot] = Some(self.stats.device(token, logprob));
        }
    }
}

/// The constraints of the sequences taking part in the step, taken out of them for the
/// mask worker.
fn lend_constraints(live: &mut [Sequence], rows: &DecodeRows<'_>) -> Lent {
    live.iter_mut()
        .filter(|s| rows.holds(s))
        .filter_map(|s| Some((s.slot, s.request.constraint.take()?)))
        .collect()
}

fn prepare_mask(seq: &mut Sequence) -> Result<(), DrawError> {
    match &mut seq.request.constraint {
        Some(constraint) => constraint.prepare().map_err(DrawError::Grammar),
        None => Ok(()),
    }
}

/// The host sampler's token for `seq` from its `[V]` logits (which it may rewrite); a grammar's
/// disallowed tokens are set to -inf before the sampler's chain.
fn host_draw(sampler: &mut Sampler, logits: &mut [f32], seq: &Sequence, out: &mut Sample) -> Drawn {
    if let Some(constraint) = &seq.request.constraint {
        constraint.apply(logits).map_err(DrawError::Grammar)?;
    }
    match sampler.sample_into(logits, &seq.sampler_request(), out) {
        Ok(()) => Ok(out.clone()),
        Err(e) => Err(DrawError::Sampler(e)),
    }
}

/// `ln Σ e^x` of a row of logits, in f64 after subtracting the row's maximum: the
/// normaliser of `quality`'s teacher-forced log-probabilities and of prompt
/// log-probabilities, one formula so that the two agree bit for bit.
pub fn log_sum_exp(row: &[f32]) -> f64 {
    let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max) as f64;
    max + row
        .iter()
        .map(|&v| (v as f64 - max).exp())
        .sum::<f64>()
        .ln()
}

/// `token`'s log-probability under `log softmax(row)` and the `top` most likely tokens (ties
/// to the lower id), taken in f64 in `quality`'s order of operations, so that prompt
/// log-probabilities equal that tool's teacher-forced ones for the same logits.
fn teacher_forced(row: &[f32], token: u32, top: Option<usize>) -> Drawn {
    let lse = log_sum_exp(row);
    if !lse.is_finite() {
        return Err(DrawError::NoFiniteLogit);
    }
    let logprob = |id: u32| (row[id as usize] as f64 - lse) as f32;
    let count = top.unwrap_or(0).min(row.len());
    let mut ids: Vec<u32> = (0..row.len() as u32).collect();
    let order = |a: &u32, b: &u32| row[*b as usize].total_cmp(&row[*a as usize]).then(a.cmp(b));
    if count > 0 && count < ids.len() {
        ids.select_nth_unstable_by(count - 1, order);
    }
    ids.truncate(count);
    ids.sort_unstable_by(order);
    Ok(Sample {
        token,
        logprob: logprob(token),
        top_logprobs: ids
            .into_iter()
            .map(|id| TokenLogprob {
                token: id,
                logprob: logprob(id),
            })
            .collect(),
    })
}
