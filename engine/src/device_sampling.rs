//! Inputs of the on-device sampling heads (`*_sample_*`, `sample_b{B}`) and which requests
//! they can serve.
//!
//! The heads implement the host sampler's default chain (temperature, min-p, top-k, top-p,
//! greedy at temperature 0) with their own counter-based noise: for the same seed a request
//! gets different (equally distributed) tokens on the device than on the host, and greedy
//! requests get the same tokens. Penalties, logit bias, top-N logprobs, raw logprobs and the
//! temperature-last order need the logits on the host.

use sampler::{LogprobSource, Order, SampleParams};

use crate::runtime::{Result, Session, Tensor};

/// Where tokens are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SamplingMode {
    /// Logits are read back and sampled by the host sampler.
    #[default]
    Host,
    /// Requests the device heads can serve are sampled in the graph (only tokens and
    /// log-probabilities are read back); the others are sampled on the host.
    Device,
}

impl SamplingMode {
    pub fn parse(name: &str) -> Option<SamplingMode> {
        match name {
            "host" => Some(SamplingMode::Host),
            "device" => Some(SamplingMode::Device),
            _ => None,
        }
    }
}

/// Whether the device heads implement everything `p` asks for.
///
/// Every field is named, so a new sampling parameter does not compile until it is decided
/// here whether the heads implement it.
pub fn device_can_sample(p: &SampleParams) -> bool {
    let SampleParams {
        // The heads' own inputs.
        temperature: _,
        top_k: _,
        top_p: _,
        min_p: _,
        seed: _,
        // Only the penalties read it, and they must be off.
        penalty_last_n: _,
        repetition_penalty,
        frequency_penalty,
        presence_penalty,
        logit_bias,
        top_logprobs,
        logprobs,
        order,
    } = p;
    *repetition_penalty == 1.0
        && *frequency_penalty == 0.0
        && *presence_penalty == 0.0
        && logit_bias.is_empty()
        && *top_logprobs == 0
        && *logprobs == LogprobSource::Processed
        && *order == Order::TemperatureFirst
}

/// Host staging of the per-row sampling inputs of one call.
#[derive(Debug, Clone, Default)]
pub struct SampleRows {
    pub temperature: Vec<f32>,
    pub top_k: Vec<i32>,
    pub top_p: Vec<f32>,
    pub min_p: Vec<f32>,
    /// Two words per row: low, high.
    pub seed: Vec<i32>,
    pub step: Vec<i32>,
}

impl SampleRows {
    pub fn clear(&mut self) {
        self.temperature.clear();
        self.top_k.clear();
        self.top_p.clear();
        self.min_p.clear();
        self.seed.clear();
        self.step.clear();
    }

    pub fn len(&self) -> usize {
        self.temperature.len()
    }

    pub fn is_empty(&self) -> bool {
        self.temperature.is_empty()
    }

    /// Appends a row for the `step`-th token of a request with `p`.
    pub fn push(&mut self, p: &SampleParams, step: u64) {
        let row = self.len();
        self.pad_to(row + 1);
        self.set(row, p, step);
    }

    /// Overwrites row `row` (which must exist) with the `step`-th token of a request with
    /// `p`. Top-k beyond `i32::MAX` is off either way; the step wraps at 2^32.
    pub fn set(&mut self, row: usize, p: &SampleParams, step: u64) {
        self.temperature[row] = p.temperature;
        self.top_k[row] = p.top_k.min(i32::MAX as usize) as i32;
        self.top_p[row] = p.top_p;
        self.min_p[row] = p.min_p;
        self.seed[2 * row] = p.seed as u32 as i32;
        self.seed[2 * row + 1] = (p.seed >> 32) as u32 as i32;
        self.step[row] = step as u32 as i32;
    }

    /// Whether row `row` draws the same way in `self` and `other` (floats compared by bits).
    pub fn same_row(&self, other: &SampleRows, row: usize) -> bool {
        let at = |r: &SampleRows| {
            (
                r.temperature.get(row).map(|v| v.to_bits()),
                r.top_k.get(row).copied(),
                r.top_p.get(row).map(|v| v.to_bits()),
                r.min_p.get(row).map(|v| v.to_bits()),
                r.seed.get(2 * row..2 * row + 2).map(<[i32]>::to_vec),
                r.step.get(row).copied(),
            )
        };
        at(self) == at(other)
    }

    /// Pads with rows whose result is ignored (greedy) up to `rows`.
    pub fn pad_to(&mut self, rows: usize) {
        if self.len() >= rows {
            return;
        }
        self.temperature.resize(rows, 0.0);
        self.top_k.resize(rows, 0);
        self.top_p.resize(rows, 1.0);
        self.min_p.resize(rows, 0.0);
        self.seed.resize(2 * rows, 0);
        self.step.resize(rows, 0);
    }
}

/// Device tensors for the sampling inputs of one function with `rows` rows.
pub struct SampleTensors {
    rows: usize,
    tensors: [Tensor; 6],
}

impl SampleTensors {
    pub fn new(session: &Session, rows: usize) -> Result<SampleTensors> {
        let mut staging = SampleRows::default();
        staging.pad_to(rows);
        Ok(SampleTensors {
            rows,
            tensors: [
                session.tensor(&[rows], &staging.temperature)?,
                session.tensor(&[rows], &staging.top_k)?,
                session.tensor(&[rows], &staging.top_p)?,
                session.tensor(&[rows], &staging.min_p)?,
                session.tensor(&[rows, 2], &staging.seed)?,
                session.tensor(&[rows], &staging.step)?,
            ],
        })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Writes `staging`, which must hold exactly `rows` rows.
    pub fn write(&mut self, staging: &SampleRows) -> Result<()> {
        let [t, k, p, m, s, st] = &mut self.tensors;
        t.write(&staging.temperature)?;
        k.write(&staging.top_k)?;
        p.write(&staging.top_p)?;
        m.write(&staging.min_p)?;
        s.write(&staging.seed)?;
        st.write(&staging.step)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Tensor> {
        self.tensors.iter()
    }
}
