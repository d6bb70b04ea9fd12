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
    /// Qwen 3.5's Gated DeltaNet sizes, whose tensors the converter transforms (see
    /// [`LinearFix`]).
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
            let mut tensor = PlannedTensor::whole(name, shape, source_index, info.ggml_type);
            // Columns move across blocks; rows (the other fixes) keep them whole.
            tensor.keeps_blocks =
                !matches!(self.linear_fix(&info.name), Some(LinearFix::Columns(_)));
            planned.push(tensor);
        }
        Ok(planned)
    }

    fn decode_source(&self, index: usize, out: &mut [f32]) -> Result<()> {
        let info = &self.file.tensors()[index];
        let bytes = self.file.tensor_data(info)?;
        let dequant_error = |source| Error::Dequant {
            tensor: info.name.clone(),
            source,
        };
        if let Some(fix) = self.linear_fix(&info.name) {
            let mut stored = vec![0.0; out.len()];
            dequantize(info.ggml_type, bytes, &mut stored).map_err(dequant_error)?;
            return fix.apply(&info.name, &stored, out);
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
        let mut groups =
            split_groups(info.ggml_type, bytes, tensor.n_elements()).map_err(|source| {
                Error::Dequant {
                    tensor: info.name.clone(),
                    source,
                }
            })?;
        match self.linear_fix(&info.name) {
            None => {}
            Some(LinearFix::Rows(order)) => return Ok(gather_group_rows(groups, &order)),
            Some(_) => {
                return Err(Error::Config(format!(
                    "{}: its values are transformed and cannot keep their blocks",
                    info.name
                )))
            }
        }
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

/// How llama.cpp's converter changed a Gated DeltaNet tensor's values (its
/// `_LinearAttentionVReorderBase` and `Qwen3NextModel.modify_tensors`), to be undone.
///
/// Where key heads K differ from value heads Hv (r = Hv / K value heads per key head), the
/// converter reorders value heads from HF's grouped order (key head k's value heads
/// k*r .. k*r + r) to tiled order (value head j of every key head, then j + 1): HF value head
/// `k*r + j` is stored at `j*K + k`. It does so on the value rows of `in_proj_qkv` (after the
/// 2*K*dk query and key rows) and of the convolution, the rows of `in_proj_z` (dv per head),
/// `in_proj_a`, `in_proj_b`, `A_log` and `dt_bias` (one per head), and the columns of
/// `out_proj` (dv per head). It also stores `A_log` as `-exp(A_log)`.
#[derive(Debug, Clone, PartialEq)]
enum LinearFix {
    /// HF row `i` is stored row `order[i]`.
    Rows(Vec<usize>),
    /// HF column `i` is stored column `order[i]`.
    Columns(Vec<usize>),
    /// `A_log` from `ssm_a`: `ln(-a)`, rows as `Rows`.
    Decay(Vec<usize>),
}

impl GgufModel {
    fn linear_fix(&self, gguf_name: &str) -> Option<LinearFix> {
        let a = self.linear?;
        let (_, part) = gguf_name.strip_prefix("blk.")?.split_once('.')?;
        let qk = 2 * a.key_heads * a.key_dim;
        let heads = |lead, dim| value_head_order(lead, a.key_heads, a.value_heads, dim);
        Some(match part {
            "attn_qkv.weight" | "ssm_conv1d.weight" => LinearFix::Rows(heads(qk, a.value_dim)),
            "attn_gate.weight" => LinearFix::Rows(heads(0, a.value_dim)),
            "ssm_alpha.weight" | "ssm_beta.weight" | "ssm_dt.bias" => LinearFix::Rows(heads(0, 1)),
            "ssm_out.weight" => LinearFix::Columns(heads(0, a.value_dim)),
            "ssm_a" => LinearFix::Decay(heads(0, 1)),
            _ => return None,
        })
    }
}

impl LinearFix {
    /// `out` (HF values) from `stored` (the file's values of tensor `name`).
    fn apply(&self, name: &str, stored: &[f32], out: &mut [f32]) -> Result<()> {
        let order = match self {
            LinearFix::Rows(o) | LinearFix::Columns(o) | LinearFix::Decay(o) => o,
        };
        let n = order.len();
        if n == 0 || !stored.len().is_multiple_of(n) {
            return Err(Error::BadShape {
                tensor: name.to_string(),
                shape: vec![stored.len()],
                reason: format!("does not split into the {n} rows or columns of its value heads"),
            });
        }
        match self {
            LinearFix::Rows(_) => out.copy_from_slice(&gather_rows(stored, order)),
            LinearFix::Columns(_) => {
                for (row, stored_row) in out.chunks_exact_mut(n).zip(stored.chunks_exact(n)) {
                    for (x, &from) in row.iter_mut().zip(order) {
                        *x = stored_row[from];
                    }
                }
            }
            LinearFix::Decay(_) => {
                // ln(-a) in f64, rounded once to f32: the graph's exp of it gives back -a to
                // within an ulp.
                for (x, a) in out.iter_mut().zip(gather_rows(stored, order)) {
                    *x = (-(a as f64)).ln() as f32;
                }
            }
        }
        Ok(())
    }
}

/// For `lead` leading rows kept in place, then `value_heads` heads of `dim` rows in tiled
/// order (see [`LinearFix`]): the stored row of each HF row.
fn value_head_order(lead: usize, key_heads: usize, value_heads: usize, dim: usize) -> Vec<usize> {
    let per_key = value_heads / key_heads.max(1);
    let mut order: Vec<usize> = (0..lead).collect();
    for k in 0..key_heads {
        for j in 0..per_key {
            let stored = lead + (j * key_heads + k) * dim;
            order.extend(stored..stored + dim);
        }
    }
    order
}

/// The rows of `data` (`order.len()` equal rows) in `order`.
fn gather_rows<T: Copy>(data: &[T], order: &[usize]) -> Vec<T> {
    let per_row = data.len() / order.len().max(1);
    let mut out = Vec::with_capacity(data.len());
    for &from in order {
        out.extend_from_slice(&data[from * per_row..(from + 1) * per_row]);
    }
    out
}

/// `groups` with its rows in `order`: blocks never cross rows, so every array is whole rows
/// (empty stays empty).
fn gather_group_rows(groups: Groups, order: &[usize]) -> Groups {
    fn rows<T: Copy>(v: Vec<T>, order: &[usize]) -> Vec<T> {
        match v.is_empty() {
            true => v,
            false => gather_rows(&v, order),
        }
    }
    Groups {
        layout: groups.layout,
        codes: rows(groups.codes, order),
        scales: rows(groups.scales, order),
        mins: rows(groups.mins, order),
        super_blocks: groups.super_blocks.map(|sb| SuperBlocks {
            d: rows(sb.d, order),
            dmin: rows(sb.dmin, order),
            sub_scales: rows(sb.sub_scales, order),
            sub_mins: rows(sb.sub_mins, order),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// llama.cpp's `_reorder_v_heads` on rows: `[K, r, d]` viewed, the first two axes swapped.
    fn tile(rows: &[u32], key_heads: usize, per_key: usize, dim: usize) -> Vec<u32> {
        let mut out = vec![0; rows.len()];
        for k in 0..key_heads {
            for j in 0..per_key {
                for e in 0..dim {
                    out[(j * key_heads + k) * dim + e] = rows[(k * per_key + j) * dim + e];
                }
            }
        }
        out
    }

    #[test]
    fn undoes_the_value_head_tiling() {
        for (lead, k, v, dim) in [(0, 2, 4, 3), (6, 2, 6, 2), (4, 3, 3, 2), (0, 16, 32, 1)] {
            let hf: Vec<u32> = (0..(lead + v * dim) as u32).collect();
            let mut stored = hf[..lead].to_vec();
            stored.extend(tile(&hf[lead..], k, v / k, dim));
            let order = value_head_order(lead, k, v, dim);
            assert_eq!(gather_rows(&stored, &order), hf, "{lead} {k} {v} {dim}");
        }
    }

    #[test]
    fn columns_and_decay_are_undone() {
        // Two rows of out_proj: 2 key heads, 4 value heads of 1.
        let order = value_head_order(0, 2, 4, 1);
        let hf = [0.0f32, 1.0, 2.0, 3.0, 10.0, 11.0, 12.0, 13.0];
        let stored = [0.0f32, 2.0, 1.0, 3.0, 10.0, 12.0, 11.0, 13.0];
        let mut out = [0.0; 8];
        LinearFix::Columns(order.clone())
            .apply("ssm_out", &stored, &mut out)
            .unwrap();
        assert_eq!(out, hf);
        let a_log = [-3.9f32, -1.2, 0.05, -0.7];
        let stored: Vec<f32> = tile(&[0, 1, 2, 3], 2, 2, 1)
            .iter()
            .map(|&i| -(a_log[i as usize].exp()))
            .collect();
        let mut out = [0.0; 4];
        LinearFix::Decay(order)
            .apply("ssm_a", &stored, &mut out)
            .unwrap();
        for (x, want) in out.iter().zip(a_log) {
            assert!((x - want).abs() <= 1e-6 * want.abs().max(1.0), "{x} {want}");
        }
    }
}
