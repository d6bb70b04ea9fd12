//! A GGUF file as a source of HF-layout parameters.

use std::path::PathBuf;

use gguf::GgufFile;
use model_config::{Family, LinearAttention, ModelConfig};

use crate::dequant::{dequantize, split_groups, Groups, SuperBlocks};
use crate::error::{Error, Result};
use crate::parameters::{split_gate_up, Assembly, ParameterSource, PlannedTensor};
use crate::rope_permutation::unpermute_rows;
use crate::tensor_names::{
    gguf_linear_to_hf, gguf_to_hf, rope_role, NormPlacement, RopeRole, FUSED_GATE_UP_EXPERTS,
};

/// The tensor llama.cpp writes Llama 3.1+'s RoPE scaling into.
const ROPE_FREQS: &str = "rope_freqs.weight";

pub(crate) struct GgufModel {
    pub file: GgufFile,
    n_heads: usize,
    n_kv_heads: usize,
    /// llama.cpp's converter permutes q/k rows only for architectures it runs with
    /// interleaved RoPE (Llama, Mistral); Qwen and Gemma files keep HF's rotate-half order.
    permuted_rope: bool,
    norms: NormPlacement,
    /// Qwen 3.5's Gated DeltaNet sizes, when the model has those layers (see
    /// [`GgufModel::is_decay`]).
    linear: Option<LinearAttention>,
}

impl GgufModel {
    /// `config` is the one read from the same file (head counts drive the q/k fix-up).
    pub fn new(file: GgufFile, config: &ModelConfig) -> Self {
        GgufModel {
            n_heads: config.num_attention_heads,
            n_kv_heads: config.num_key_value_heads,
            permuted_rope: matches!(config.family(), Some(Family::Llama | Family::Mistral)),
            norms: NormPlacement::of(config),
            linear: config.linear_attention,
            file,
        }
    }

    fn heads_for(&self, role: RopeRole) -> usize {
        match role {
            RopeRole::Query => self.n_heads,
            RopeRole::Key => self.n_kv_heads,
        }
    }
}

impl ParameterSource for GgufModel {
    fn plan(&self) -> Result<Vec<PlannedTensor>> {
        let mut planned = Vec::new();
        for (source_index, info) in self.file.tensors().iter().enumerate() {
            // Llama 3's RoPE frequency factors are configuration, read into the RoPE tables by
            // model-config, not a weight.
            if info.name == ROPE_FREQS {
                continue;
            }
            let shape = info
                .row_major_shape()
                .into_iter()
                .map(usize::try_from)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| Error::Config(format!("{} is too large", info.name)))?;
            if let Some(layer) = fused_gate_up(&info.name) {
                let part = |p| format!("model.layers.{layer}.mlp.experts.{p}.weight");
                let halves = [part("gate_proj"), part("up_proj")];
                let ty = info.ggml_type;
                planned.extend(split_gate_up(&info.name, &shape, halves, source_index, ty)?);
                continue;
            }
            let linear_name = self.linear.and_then(|_| gguf_linear_to_hf(&info.name));
            let name = linear_name
                .or_else(|| gguf_to_hf(&info.name, self.norms))
                .ok_or_else(|| unknown(&info.name))?;
            // HF's shared-expert gate is a one-row matrix; llama.cpp keeps its vector.
            let shape = match shape[..] {
                [n] if name.ends_with(".mlp.shared_expert_gate.weight") => vec![1, n],
                _ => shape,
            };
            planned.push(PlannedTensor::whole(
                name,
                shape,
                source_index,
                info.ggml_type,
            ));
        }
        Ok(planned)
    }

    fn release_source(&self, index: usize) {
        self.file.release_tensor_data(&self.file.tensors()[index]);
    }

    fn decode_source(&self, index: usize, out: &mut [f32]) -> Result<()> {
        let info = &self.file.tensors()[index];
        let bytes = self.file.tensor_data(info)?;
        let dequant_error = |source| Error::Dequant {
            tensor: info.name.clone(),
            source,
        };
        if self.is_decay(&info.name) {
            dequantize(info.ggml_type, bytes, out).map_err(dequant_error)?;
            return decay_log_rate(&info.name, out);
        }
        let Some(role) = rope_role(&info.name).filter(|_| self.permuted_rope) else {
            return dequantize(info.ggml_type, bytes, out).map_err(dequant_error);
        };
        let mut permuted = vec![0.0; out.len()];
        dequantize(info.ggml_type, bytes, &mut permuted).map_err(dequant_error)?;
        let row_len = info.row_major_shape().last().copied().unwrap_or(0) as usize;
        let hf = unpermute_rows(&permuted, self.heads_for(role), row_len).map_err(|reason| {
            Error::BadShape {
                tensor: info.name.clone(),
                shape: info.row_major_shape().iter().map(|&d| d as usize).collect(),
                reason,
            }
        })?;
        out.copy_from_slice(&hf);
        Ok(())
    }

    fn groups(&self, tensor: &PlannedTensor) -> Result<Groups> {
        let info = &self.file.tensors()[tensor.source_index];
        if let Assembly::ExpertRows { rows, start } = tensor.assembly {
            return self.expert_rows_groups(tensor, rows, start);
        }
        if tensor.assembly != Assembly::Whole {
            return Err(Error::Dequant {
                tensor: tensor.name.clone(),
                source: crate::dequant::DequantError::Unsupported(info.ggml_type),
            });
        }
        let bytes = self.file.tensor_data(info)?;
        if self.is_decay(&info.name) {
            return Err(Error::Config(format!(
                "{}: its values are transformed and cannot keep their blocks",
                info.name
            )));
        }
        let mut groups =
            split_groups(info.ggml_type, bytes, tensor.n_elements()).map_err(|source| {
                Error::Dequant {
                    tensor: info.name.clone(),
                    source,
                }
            })?;
        let Some(role) = rope_role(&info.name).filter(|_| self.permuted_rope) else {
            return Ok(groups);
        };
        // Blocks never cross rows, so the q/k fix-up moves whole rows of codes and of maps.
        let heads = self.heads_for(role);
        let row_len = tensor.shape.last().copied().unwrap_or(0);
        let per_row = row_len / groups.layout.group;
        let bad_shape = |reason| Error::BadShape {
            tensor: info.name.clone(),
            shape: tensor.shape.clone(),
            reason,
        };
        groups.codes = unpermute_rows(&groups.codes, heads, row_len).map_err(bad_shape)?;
        groups.scales = unpermute_rows(&groups.scales, heads, per_row).map_err(bad_shape)?;
        if !groups.mins.is_empty() {
            groups.mins = unpermute_rows(&groups.mins, heads, per_row).map_err(bad_shape)?;
        }
        if let Some(sb) = groups.super_blocks.as_mut() {
            let blocks = row_len / info.ggml_type.block_size() as usize;
            sb.d = unpermute_rows(&sb.d, heads, blocks).map_err(bad_shape)?;
            sb.sub_scales = unpermute_rows(&sb.sub_scales, heads, per_row).map_err(bad_shape)?;
            if !sb.dmin.is_empty() {
                sb.dmin = unpermute_rows(&sb.dmin, heads, blocks).map_err(bad_shape)?;
                sb.sub_mins = unpermute_rows(&sb.sub_mins, heads, per_row).map_err(bad_shape)?;
            }
        }
        Ok(groups)
    }

    fn identity_files(&self) -> Vec<PathBuf> {
        vec![self.file.path().to_path_buf()]
    }
}

/// An unknown tensor; llama.cpp's early Mixtral files kept one 2-D tensor per expert
/// (`blk.N.ffn_gate.E.weight`), which llama.cpp itself now converts to the stacked form.
fn unknown(name: &str) -> Error {
    let per_expert = name.split('.').collect::<Vec<_>>();
    match per_expert[..] {
        ["blk", _, "ffn_gate" | "ffn_up" | "ffn_down", e, "weight"] if e.parse::<u32>().is_ok() => {
            Error::Config(format!(
                "{name}: one tensor per expert is an old llama.cpp layout; this loader reads \
                 experts stacked in ffn_gate_exps, ffn_up_exps and ffn_down_exps"
            ))
        }
        _ => Error::UnknownTensor(name.to_string()),
    }
}

/// The layer of a fused gate/up experts tensor.
impl GgufModel {
    /// One part (gate or up) of fused experts `[E, rows, cols]` in its blocks: each expert's
    /// rows `start..start + rows / 2` of the source's codes and maps. Blocks never cross rows,
    /// so every array is whole rows.
    fn expert_rows_groups(
        &self,
        tensor: &PlannedTensor,
        rows: usize,
        start: usize,
    ) -> Result<Groups> {
        let info = &self.file.tensors()[tensor.source_index];
        let bytes = self.file.tensor_data(info)?;
        let whole =
            split_groups(info.ggml_type, bytes, 2 * tensor.n_elements()).map_err(|source| {
                Error::Dequant {
                    tensor: info.name.clone(),
                    source,
                }
            })?;
        let experts = tensor.shape[0];
        let super_blocks = whole.super_blocks.as_ref().map(|sb| SuperBlocks {
            d: expert_rows(&sb.d, experts, rows, start, rows / 2),
            dmin: expert_rows(&sb.dmin, experts, rows, start, rows / 2),
            sub_scales: expert_rows(&sb.sub_scales, experts, rows, start, rows / 2),
            sub_mins: expert_rows(&sb.sub_mins, experts, rows, start, rows / 2),
        });
        Ok(Groups {
            layout: whole.layout,
            codes: expert_rows(&whole.codes, experts, rows, start, rows / 2),
            scales: expert_rows(&whole.scales, experts, rows, start, rows / 2),
            mins: expert_rows(&whole.mins, experts, rows, start, rows / 2),
            super_blocks,
        })
    }
}

/// Rows `start..start + len` of each of `experts` matrices of `rows` rows, from `data` holding
/// them one after another in equal rows (empty stays empty).
fn expert_rows<T: Copy>(
    data: &[T],
    experts: usize,
    rows: usize,
    start: usize,
    len: usize,
) -> Vec<T> {
    let per_row = data.len() / (experts * rows).max(1);
    let mut out = Vec::with_capacity(experts * len * per_row);
    for e in 0..experts {
        let from = (e * rows + start) * per_row;
        out.extend_from_slice(&data[from..from + len * per_row]);
    }
    out
}

fn fused_gate_up(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("blk.")?;
    let (layer, part) = rest.split_once('.')?;
    (part == format!("{FUSED_GATE_UP_EXPERTS}.weight")).then_some(layer)
}

impl GgufModel {
    /// Whether `gguf_name` is a Gated DeltaNet layer's `ssm_a`, which llama.cpp's converter
    /// stores as `-exp(A_log)` (`Qwen3NextModel.modify_tensors`). Its other changes to these
    /// layers, the value heads in tiled order, are kept as stored: the graphs read that order
    /// (`LinearAttention::value_heads_tiled`).
    fn is_decay(&self, gguf_name: &str) -> bool {
        self.linear.is_some()
            && gguf_name
                .strip_prefix("blk.")
                .and_then(|rest| rest.split_once('.'))
                .is_some_and(|(_, part)| part == "ssm_a")
    }
}

/// `A_log` from the stored `-exp(A_log)` in place: `ln(-a)` in f64, rounded once to f32 (the
/// graph's exp of it gives back `-a` to within an ulp). A rate that is not negative has no
/// logarithm: the file is refused rather than given a NaN.
fn decay_log_rate(name: &str, values: &mut [f32]) -> Result<()> {
    if let Some(a) = values.iter().find(|a| a.is_nan() || **a >= 0.0) {
        return Err(Error::BadShape {
            tensor: name.to_string(),
            shape: vec![values.len()],
            reason: format!("holds {a}, where -exp(A_log) is negative"),
        });
    }
    for x in values.iter_mut() {
        *x = (-(*x as f64)).ln() as f32;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decay_log_rate_is_undone() {
        let a_log = [-3.9f32, -1.2, 0.05, -0.7];
        let mut values: Vec<f32> = a_log.iter().map(|a| -a.exp()).collect();
        decay_log_rate("blk.0.ssm_a", &mut values).unwrap();
        for (x, want) in values.iter().zip(a_log) {
            assert!((x - want).abs() <= 1e-6 * want.abs().max(1.0), "{x} {want}");
        }
        let err = decay_log_rate("blk.0.ssm_a", &mut [-1.0, 0.0]).unwrap_err();
        assert!(err.to_string().contains("blk.0.ssm_a"), "{err}");
    }
}
