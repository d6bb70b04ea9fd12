//! Public entry points: the forward function of a step followed by the LM head, returning
//! logits or their argmax.

use super::argmax::argmax;
use super::linear::{linear, Activations, DecodeKernels, Several};
use super::sample::{sample, SampleArgs};
use super::step::Step;
use super::weights::Weights;
use crate::hlo::{ElemType, FuncBuilder, Function, ProductForm, Result, TensorType, Value};
use crate::module_form::ModuleForm;

/// Which result a step's graph returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Head {
    Logits,
    Argmax,
    /// On-device sampling: per-row sampling inputs after the step's arguments, tokens and
    /// log-probabilities out.
    Sample,
}

impl Head {
    pub const ALL: [Head; 3] = [Head::Logits, Head::Argmax, Head::Sample];

    pub fn name(self) -> &'static str {
        match self {
            Head::Logits => "logits",
            Head::Argmax => "argmax",
            Head::Sample => "sample",
        }
    }
}

/// `[V, M]` logits of a normed hidden state `[E, M]`. A grouped head multiplies in groups for
/// any M: dequantizing it for several tokens would write the whole vocabulary's weights. On
/// Metal it multiplies one token at a time: IREE 3.13's Metal code generation fails on the
/// several-token group product (`ub.poison` of `vector<4x4xf32>` does not legalize).
/// `activations` is what a CPU kernel multiplies it by.
fn lm_head(
    b: &mut FuncBuilder,
    (weights, activations): (&Weights, Activations),
    x: &Value,
    form: ModuleForm,
) -> Result<Value> {
    let w = weights
        .head()
        .weight(b, Several::Split, weights.kernels)?
        .with_activations(activations);
    let tokens = x.dim(1);
    if form != ModuleForm::Metal || weights.head().groups.is_none() || tokens == 1 {
        return linear(b, &w, x);
    }
    let columns = (0..tokens)
        .map(|m| {
            let token = b.slice_dim(x, 1, m, 1)?;
            linear(b, &w, &token)
        })
        .collect::<Result<Vec<_>>>()?;
    b.concatenate(&columns.iter().collect::<Vec<_>>(), 1)
}

/// `cap * tanh(logits / cap)`, in transformers' order (divide, tanh, multiply).
fn soft_cap(b: &mut FuncBuilder, logits: &Value, cap: f64) -> Result<Value> {
    let c = b.splat(logits.ty().clone(), cap)?;
    let scaled = b.divide(logits, &c)?;
    let t = b.tanh(&scaled)?;
    b.multiply(&t, &c)
}

/// The public function `name`: same arguments as `forward`, then the head. Decode returns
/// `[B, V]` logits or `[B]` tokens; prefill `[V]` or a scalar token. The sample head adds
/// the sampling inputs for `B` rows (1 for prefill) and returns `[B]` tokens and `[B]`
/// log-probabilities. The head's weight comes with what its CPU kernel multiplies by.
pub fn entry_function(
    name: &str,
    step: Step,
    head: Head,
    (form, products, decode_kernels): (ModuleForm, ProductForm, DecodeKernels),
    head_weights: (&Weights, Activations),
    softcap: Option<f64>,
    forward: &Function,
) -> Result<Function> {
    let mut b = FuncBuilder::new(name)
        .with_products(products)
        .with_columns(step.columns(decode_kernels));
    let args: Vec<Value> = forward
        .args
        .iter()
        .map(|(n, t)| b.arg(n, t.clone()))
        .collect();
    let sampling = (head == Head::Sample).then(|| SampleArgs::declare(&mut b, step.rows()));
    let x = b.call(forward, &args.iter().collect::<Vec<_>>())?.remove(0);
    let logits = lm_head(&mut b, head_weights, &x, form)?;
    let logits = match softcap {
        Some(cap) => soft_cap(&mut b, &logits, cap)?,
        None => logits,
    };
    if let Some(sampling) = sampling {
        let rows = b.transpose(&logits, &[1, 0])?;
        let (token, logprob) = sample(&mut b, &rows, &sampling, form)?;
        return Ok(b.finish(&[&token, &logprob]));
    }
    let out = match (step, head) {
        (Step::Decode { .. }, Head::Logits) => b.transpose(&logits, &[1, 0])?,
        (Step::Decode { .. }, Head::Argmax) => argmax(&mut b, &logits, 0, form)?,
        (Step::Prefill { .. }, Head::Logits) => b.reshape(&logits, &[logits.dim(0)])?,
        (Step::Prefill { .. }, Head::Argmax) => {
            let token = argmax(&mut b, &logits, 0, form)?;
            b.reshape(&token, &[])?
        }
        (_, Head::Sample) => unreachable!("handled above"),
    };
    Ok(b.finish(&[&out]))
}

/// `sample_b{B}`: the sampling head alone, over logits `[B, V]` given as an argument. The
/// engine uses it for rows that sample on the device in a step that had to return logits.
pub fn sample_function(rows: i64, vocab: i64, form: ModuleForm) -> Result<Function> {
    let mut b = FuncBuilder::new(format!("sample_b{rows}"));
    let logits = b.arg("logits", TensorType::new([rows, vocab], ElemType::F32));
    let sampling = SampleArgs::declare(&mut b, rows);
    let (token, logprob) = sample(&mut b, &logits, &sampling, form)?;
    Ok(b.finish(&[&token, &logprob]))
}
