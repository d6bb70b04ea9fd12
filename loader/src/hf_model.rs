//! An HF model directory (`config.json` + `*.safetensors`, possibly sharded) as a parameter source.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use gguf::GgmlType;
use memmap2::Mmap;
use safetensors::{Dtype as StDtype, SafeTensors};

use crate::dequant::{dequantize, DequantError, Groups};
use crate::error::{io_error, Error, Result};
use crate::parameters::{split_columns, split_gate_up, Assembly, ParameterSource, PlannedTensor};
use crate::tensor_names::{
    hf_expert_part, is_ignored_hf_name, is_known_hf_name, text_model_name, ExpertPart,
    FusedExperts, LINEAR_CONV,
};

const INDEX_FILE: &str = "model.safetensors.index.json";

pub(crate) struct HfModel {
    pub dir: PathBuf,
    pub config: serde_json::Value,
    shards: Vec<Shard>,
    /// Sorted by name for a stable plan; a source index is a position here.
    tensors: Vec<(String, TensorEntry)>,
    fused: FusedExperts,
}

struct TensorEntry {
    /// Its name in the file (a multimodal checkpoint's text model names differ, see
    /// [`text_model_name`]).
    stored: String,
    shard: usize,
    dtype: StDtype,
    shape: Vec<usize>,
}

struct Shard {
    path: PathBuf,
    map: Mmap,
}

impl HfModel {
    pub fn open(dir: &Path) -> Result<Self> {
        // Kept raw for the tokenizer's token ids; the architecture is read by model_config.
        let config = read_json(&dir.join("config.json"))?;
        let shards = shard_paths(dir)?
            .into_iter()
            .map(|path| map_file(&path).map(|map| Shard { path, map }))
            .collect::<Result<Vec<_>>>()?;
        let fused = FusedExperts::of_model_type(config["model_type"].as_str());
        let tensors = index_tensors(&shards, fused)?.into_iter().collect();
        Ok(HfModel {
            dir: dir.to_path_buf(),
            config,
            shards,
            tensors,
            fused,
        })
    }

    fn view(&self, name: &str, shard: usize) -> Result<safetensors::tensor::TensorView<'_>> {
        let shard = &self.shards[shard];
        let st_error = |source| Error::Safetensors {
            path: shard.path.clone(),
            source,
        };
        SafeTensors::deserialize(&shard.map)
            .map_err(st_error)?
            .tensor(name)
            .map_err(st_error)
    }
}

pub(crate) fn read_json(path: &Path) -> Result<serde_json::Value> {
    let bytes = std::fs::read(path).map_err(io_error(path))?;
    serde_json::from_slice(&bytes).map_err(|source| Error::Json {
        path: path.to_path_buf(),
        source,
    })
}

/// Shards named by the index when there is one, else every `*.safetensors` in the directory.
fn shard_paths(dir: &Path) -> Result<Vec<PathBuf>> {
    let index = dir.join(INDEX_FILE);
    let mut names: Vec<String> = if index.exists() {
        let index = read_json(&index)?;
        let map = index["weight_map"]
            .as_object()
            .ok_or_else(|| Error::Config(format!("{INDEX_FILE} has no weight_map")))?;
        map.values()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect()
    } else {
        std::fs::read_dir(dir)
            .map_err(io_error(dir))?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".safetensors"))
            .collect()
    };
    names.sort();
    names.dedup();
    if names.is_empty() {
        return Err(Error::Config(format!(
            "no *.safetensors in {}",
            dir.display()
        )));
    }
    Ok(names.into_iter().map(|n| dir.join(n)).collect())
}

fn map_file(path: &Path) -> Result<Mmap> {
    let file = File::open(path).map_err(io_error(path))?;
    // SAFETY: read-only mapping; the checkpoint must not be truncated while the model is open.
    unsafe { Mmap::map(&file) }.map_err(io_error(path))
}

fn index_tensors(shards: &[Shard], fused: FusedExperts) -> Result<BTreeMap<String, TensorEntry>> {
    let mut tensors = BTreeMap::new();
    for (i, shard) in shards.iter().enumerate() {
        let (_, metadata) =
            SafeTensors::read_metadata(&shard.map).map_err(|source| Error::Safetensors {
                path: shard.path.clone(),
                source,
            })?;
        for (stored, info) in metadata.tensors() {
            let Some(name) = text_model_name(&stored) else {
                continue;
            };
            if is_ignored_hf_name(&name) {
                continue;
            }
            if !is_known_hf_name(&name) && hf_expert_part(&name, fused).is_none() {
                return Err(Error::UnknownTensor(stored));
            }
            let entry = TensorEntry {
                stored,
                shard: i,
                dtype: info.dtype,
                shape: info.shape.clone(),
            };
            if tensors.insert(name.clone(), entry).is_some() {
                return Err(Error::Config(format!("{name} appears in two shards")));
            }
        }
    }
    Ok(tensors)
}

fn ggml_equivalent(dtype: StDtype) -> Option<GgmlType> {
    match dtype {
        StDtype::F32 => Some(GgmlType::F32),
        StDtype::F16 => Some(GgmlType::F16),
        StDtype::BF16 => Some(GgmlType::BF16),
        _ => None,
    }
}

/// The parameters of a checkpoint's tensors: each one as it is, but experts, which are
/// stacked per projection (one tensor per expert) or split (fused gate/up) into the names
/// [`crate::tensor_names`] lists.
fn plan_tensors(
    tensors: &[(String, TensorEntry)],
    fused: FusedExperts,
) -> Result<Vec<PlannedTensor>> {
    let source_type = |name: &str, entry: &TensorEntry| {
        ggml_equivalent(entry.dtype).ok_or_else(|| Error::UnsupportedDtype {
            tensor: name.to_string(),
            dtype: format!("{:?}", entry.dtype),
        })
    };
    let mut planned = Vec::new();
    // Parameter name -> (expert, source index) of its one-expert tensors.
    let mut stacks: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
    for (index, (name, entry)) in tensors.iter().enumerate() {
        let ty = source_type(name, entry)?;
        let shape = match (name.ends_with(LINEAR_CONV), &entry.shape[..]) {
            // The convolution's `[C, 1, taps]` holds the values of the `[C, taps]` it is read as.
            (true, &[channels, 1, taps]) => vec![channels, taps],
            _ => entry.shape.clone(),
        };
        let whole = |name: String| PlannedTensor::whole(name, shape.clone(), index, ty);
        match hf_expert_part(name, fused) {
            None => planned.push(whole(name.clone())),
            Some(ExpertPart::Renamed(to)) => planned.push(whole(to)),
            Some(ExpertPart::OneExpert { name: to, expert }) => {
                stacks.entry(to).or_default().push((expert, index));
            }
            Some(ExpertPart::FusedGateUp { gate, up }) => {
                planned.extend(split_gate_up(name, &entry.shape, [gate, up], index, ty)?);
            }
            Some(ExpertPart::Columns(parts)) => {
                planned.extend(split_columns(name, &entry.shape, parts, index, ty)?);
            }
        }
    }
    for (name, mut experts) in stacks {
        experts.sort_unstable();
        planned.push(stack(tensors, name, &experts)?);
    }
    let mut seen = std::collections::BTreeSet::new();
    if let Some(t) = planned.iter().find(|t| !seen.insert(t.name.as_str())) {
        return Err(Error::Config(format!(
            "the checkpoint holds {} twice (per-expert and fused tensors?)",
            t.name
        )));
    }
    planned.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(planned)
}

/// One projection's experts `0..E`, every one present, of one shape and dtype.
fn stack(
    tensors: &[(String, TensorEntry)],
    name: String,
    experts: &[(usize, usize)],
) -> Result<PlannedTensor> {
    let (first_name, first) = &tensors[experts[0].1];
    for (position, &(expert, index)) in experts.iter().enumerate() {
        let (source, entry) = &tensors[index];
        if expert != position {
            return Err(Error::Config(format!(
                "{name}: expert {position} is missing (next is {source})"
            )));
        }
        if entry.shape != first.shape || entry.dtype != first.dtype || entry.shape.len() != 2 {
            return Err(Error::Config(format!(
                "{name}: {source} is {:?} {:?}, {first_name} {:?} {:?} (experts stack matrices \
                 of one shape and type)",
                entry.dtype, entry.shape, first.dtype, first.shape
            )));
        }
    }
    let mut shape = vec![experts.len()];
    shape.extend(&first.shape);
    Ok(PlannedTensor {
        name,
        shape,
        source_index: experts[0].1,
        source_type: ggml_equivalent(first.dtype).expect("checked when planning"),
        assembly: Assembly::Stacked(experts.iter().map(|&(_, index)| index).collect()),
    })
}

impl ParameterSource for HfModel {
    fn plan(&self) -> Result<Vec<PlannedTensor>> {
        plan_tensors(&self.tensors, self.fused)
    }

    fn decode_source(&self, index: usize, out: &mut [f32]) -> Result<()> {
        let (name, entry) = &self.tensors[index];
        let view = self.view(&entry.stored, entry.shard)?;
        let unsupported = || Error::UnsupportedDtype {
            tensor: name.clone(),
            dtype: format!("{:?}", view.dtype()),
        };
        let ty = ggml_equivalent(view.dtype()).ok_or_else(unsupported)?;
        dequantize(ty, view.data(), out).map_err(|source| Error::Dequant {
            tensor: name.clone(),
            source,
        })
    }

    fn release_source(&self, index: usize) {
        let entry = &self.tensors[index].1;
        let Ok(view) = self.view(&entry.stored, entry.shard) else {
            return;
        };
        let map = &self.shards[entry.shard].map;
        let offset = view.data().as_ptr() as usize - map.as_ptr() as usize;
        // SAFETY: `map_file` maps the shard shared and read-only, so dropping its pages loses
        // nothing; a later read faults them in again from the file. A hint: an error leaves
        // them mapped.
        let _ = unsafe {
            map.unchecked_advise_range(
                memmap2::UncheckedAdvice::DontNeed,
                offset,
                view.data().len(),
            )
        };
    }

    fn groups(&self, tensor: &PlannedTensor) -> Result<Groups> {
        Err(Error::Dequant {
            tensor: tensor.name.clone(),
            source: DequantError::Unsupported(tensor.source_type),
        })
    }

    fn identity_files(&self) -> Vec<PathBuf> {
        let mut files = vec![self.dir.join("config.json")];
        files.extend(self.shards.iter().map(|s| s.path.clone()));
        files
    }
}
