//! Per-request sampling parameters and their validation.

use crate::error::ParamError;

/// Where temperature sits in the processing chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// penalties → logit bias → temperature → min-p → top-k → top-p → draw.
    ///
    /// Truncation sees the tempered distribution, as in Hugging Face
    /// `transformers` and vLLM.
    #[default]
    TemperatureFirst,
    /// penalties → logit bias → top-k → top-p → min-p → temperature → draw.
    ///
    /// llama.cpp's default chain: top-p and min-p judge the untempered
    /// (temperature 1) distribution, and temperature only reshapes the
    /// survivors.
    TemperatureLast,
}

/// Which distribution [`Sample::logprob`](crate::Sample::logprob) and
/// [`Sample::top_logprobs`](crate::Sample::top_logprobs) describe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LogprobSource {
    /// After processing: the final, renormalised distribution the token was
    /// drawn from (penalties, bias, temperature and truncation applied).
    /// Costs nothing extra. Tokens outside the kept set have probability 0
    /// and are never listed; under greedy decoding the chosen token has
    /// logprob 0.
    #[default]
    Processed,
    /// Before processing: `log_softmax` of the logits exactly as passed in,
    /// what OpenAI-style APIs report. Costs one extra pass over the row.
    Raw,
}

/// Sampling parameters of one request.
///
/// The defaults are neutral: temperature 1, every filter and penalty off.
/// Use [`SampleParams::greedy`] for argmax decoding.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleParams {
    /// Softmax temperature; `0` means greedy (argmax, ties to the lowest
    /// id). Must be finite and `>= 0`.
    pub temperature: f32,
    /// Keep only the `top_k` most likely tokens (ties to the lowest id);
    /// `0` turns it off. `1` is greedy.
    pub top_k: usize,
    /// Nucleus: keep the smallest set of most likely tokens whose mass is
    /// at least `top_p`, including the token that crosses it. In `(0, 1]`;
    /// `1` turns it off.
    pub top_p: f32,
    /// Keep tokens with `p >= min_p * p_max`. In `[0, 1]`; `0` turns it off.
    pub min_p: f32,
    /// CTRL-style repetition penalty for tokens in the penalty window: a
    /// positive logit is divided by it, a negative one multiplied. Finite
    /// and `> 0`; `1` turns it off.
    pub repetition_penalty: f32,
    /// Subtracted once per occurrence of a token in the penalty window.
    /// Finite; `0` turns it off.
    pub frequency_penalty: f32,
    /// Subtracted once from every token present in the penalty window.
    /// Finite; `0` turns it off.
    pub presence_penalty: f32,
    /// The penalties look at the last `n` tokens of the request's history;
    /// `None` looks at all of it.
    pub penalty_last_n: Option<usize>,
    /// Added to the logits after the penalties. `-inf` bans a token, `+inf`
    /// forces it (several forced tokens share the mass equally). Values
    /// must not be NaN; ids are checked against the vocabulary per row.
    pub logit_bias: Vec<(u32, f32)>,
    /// Seed of the request; with the step it fully determines each draw.
    pub seed: u64,
    /// How many of the most likely tokens to report with their logprobs.
    pub top_logprobs: usize,
    /// Which distribution the reported logprobs describe.
    pub logprobs: LogprobSource,
    /// Where temperature sits in the chain.
    pub order: Order,
}

impl Default for SampleParams {
    fn default() -> Self {
        Self {
            temperature: 1.0,
            top_k: 0,
            top_p: 1.0,
            min_p: 0.0,
            repetition_penalty: 1.0,
            frequency_penalty: 0.0,
            presence_penalty: 0.0,
            penalty_last_n: None,
            logit_bias: Vec::new(),
            seed: 0,
            top_logprobs: 0,
            logprobs: LogprobSource::Processed,
            order: Order::TemperatureFirst,
        }
    }
}

impl SampleParams {
    /// Argmax decoding.
    pub fn greedy() -> Self {
        Self {
            temperature: 0.0,
            ..Self::default()
        }
    }

    /// Temperature-only sampling with the given seed.
    pub fn with_temperature(temperature: f32, seed: u64) -> Self {
        Self {
            temperature,
            seed,
            ..Self::default()
        }
    }

    /// Checks every field; the first bad one is reported.
    pub fn validate(&self) -> Result<(), ParamError> {
        let t = self.temperature;
        if !(t.is_finite() && t >= 0.0) {
            return Err(ParamError::Temperature(t));
        }
        let p = self.top_p;
        if !(p > 0.0 && p <= 1.0) {
            return Err(ParamError::TopP(p));
        }
        let m = self.min_p;
        if !(0.0..=1.0).contains(&m) {
            return Err(ParamError::MinP(m));
        }
        let r = self.repetition_penalty;
        if !(r.is_finite() && r > 0.0) {
            return Err(ParamError::RepetitionPenalty(r));
        }
        if !self.frequency_penalty.is_finite() {
            return Err(ParamError::FrequencyPenalty(self.frequency_penalty));
        }
        if !self.presence_penalty.is_finite() {
            return Err(ParamError::PresencePenalty(self.presence_penalty));
        }
        if let Some(&(token, bias)) = self.logit_bias.iter().find(|(_, b)| b.is_nan()) {
            return Err(ParamError::LogitBias { token, bias });
        }
        Ok(())
    }

    /// Whether any penalty can change a logit.
    pub(crate) fn has_penalties(&self) -> bool {
        self.penalty_last_n != Some(0)
            && (self.repetition_penalty != 1.0
                || self.frequency_penalty != 0.0
                || self.presence_penalty != 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_neutral() {
        let p = SampleParams::default();
        assert_eq!(p.validate(), Ok(()));
        assert!(!p.has_penalties());
        assert_eq!(SampleParams::greedy().validate(), Ok(()));
    }

    type Check = fn(&ParamError) -> bool;

    #[test]
    fn every_bad_value_is_rejected() {
        let base = SampleParams::default;
        let cases: Vec<(SampleParams, Check)> = vec![
            (
                SampleParams {
                    temperature: -0.1,
                    ..base()
                },
                |e| matches!(e, ParamError::Temperature(_)),
            ),
            (
                SampleParams {
                    temperature: f32::NAN,
                    ..base()
                },
                |e| matches!(e, ParamError::Temperature(_)),
            ),
            (
                SampleParams {
                    temperature: f32::INFINITY,
                    ..base()
                },
                |e| matches!(e, ParamError::Temperature(_)),
            ),
            (
                SampleParams {
                    top_p: 0.0,
                    ..base()
                },
                |e| matches!(e, ParamError::TopP(_)),
            ),
            (
                SampleParams {
                    top_p: 1.01,
                    ..base()
                },
                |e| matches!(e, ParamError::TopP(_)),
            ),
            (
                SampleParams {
                    top_p: f32::NAN,
                    ..base()
                },
                |e| matches!(e, ParamError::TopP(_)),
            ),
            (
                SampleParams {
                    top_p: -0.5,
                    ..base()
                },
                |e| matches!(e, ParamError::TopP(_)),
            ),
            (
                SampleParams {
                    min_p: -0.01,
                    ..base()
                },
                |e| matches!(e, ParamError::MinP(_)),
            ),
            (
                SampleParams {
                    min_p: 1.5,
                    ..base()
                },
                |e| matches!(e, ParamError::MinP(_)),
            ),
            (
                SampleParams {
                    min_p: f32::NAN,
                    ..base()
                },
                |e| matches!(e, ParamError::MinP(_)),
            ),
            (
                SampleParams {
                    repetition_penalty: 0.0,
                    ..base()
                },
                |e| matches!(e, ParamError::RepetitionPenalty(_)),
            ),
            (
                SampleParams {
                    repetition_penalty: -1.0,
                    ..base()
                },
                |e| matches!(e, ParamError::RepetitionPenalty(_)),
            ),
            (
                SampleParams {
                    repetition_penalty: f32::INFINITY,
                    ..base()
                },
                |e| matches!(e, ParamError::RepetitionPenalty(_)),
            ),
            (
                SampleParams {
                    repetition_penalty: f32::NAN,
                    ..base()
                },
                |e| matches!(e, ParamError::RepetitionPenalty(_)),
            ),
            (
                SampleParams {
                    frequency_penalty: f32::NAN,
                    ..base()
                },
                |e| matches!(e, ParamError::FrequencyPenalty(_)),
            ),
            (
                SampleParams {
                    frequency_penalty: f32::NEG_INFINITY,
                    ..base()
                },
                |e| matches!(e, ParamError::FrequencyPenalty(_)),
            ),
            (
                SampleParams {
                    presence_penalty: f32::INFINITY,
                    ..base()
                },
                |e| matches!(e, ParamError::PresencePenalty(_)),
            ),
            (
                SampleParams {
                    logit_bias: vec![(3, 1.0), (5, f32::NAN)],
                    ..base()
                },
                |e| matches!(e, ParamError::LogitBias { token: 5, .. }),
            ),
        ];
        for (params, is_expected) in cases {
            let err = params.validate().expect_err("should be rejected");
            assert!(is_expected(&err), "{params:?} gave {err:?}");
        }
    }

    #[test]
    fn edge_values_are_accepted() {
        let ok = [
            SampleParams {
                temperature: 0.0,
                ..SampleParams::default()
            },
            SampleParams {
                top_p: 1.0,
                ..SampleParams::default()
            },
            SampleParams {
                top_p: f32::MIN_POSITIVE,
                ..SampleParams::default()
            },
            SampleParams {
                min_p: 0.0,
                ..SampleParams::default()
            },
            SampleParams {
                min_p: 1.0,
                ..SampleParams::default()
            },
            SampleParams {
                frequency_penalty: -2.0,
                presence_penalty: -2.0,
                ..SampleParams::default()
            },
            SampleParams {
                logit_bias: vec![(0, f32::NEG_INFINITY), (1, f32::INFINITY)],
                ..SampleParams::default()
            },
        ];
        for p in ok {
            assert_eq!(p.validate(), Ok(()), "{p:?}");
        }
    }
}
