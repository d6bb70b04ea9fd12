//! Writing the converted `.safetensors` parameter file, and caching it on disk.
//!
//! The file is laid out for memory-mapping: the header is padded so tensor data starts on a
//! 64-byte boundary, and tensors are written straight into a mapping of the output file by
//! parallel workers. It is written under a temporary name and renamed into place, so a reader
//! never sees a partial file and an interrupted conversion leaves nothing behind.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use indicatif::{ProgressBar, ProgressStyle};
use memmap2::MmapMut;
use rayon::prelude::*;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::error::{io_error, Error, Result};
use crate::parameters::{Dtype, ParameterInfo, ParameterSource, PlannedTensor};
use crate::tiling::{tile_rows, Tiling};

/// Bump whenever the conversion's output could change, so stale cache entries are not reused.
pub const CONVERTER_VERSION: u32 = 1;
const DATA_ALIGNMENT: usize = 64;

/// Returns the cached parameter file for `source`, converting it first when absent.
pub(crate) fn cached(
    source: &dyn ParameterSource,
    stem: &str,
    cache_dir: &Path,
    dtype: Dtype,
    tiling: &Tiling,
) -> Result<PathBuf> {
    let key = cache_key(&source.identity_files(), dtype, tiling)?;
    let layout = if tiling.is_empty() { "" } else { "-tiled" };
    let path = cache_dir.join(format!("{stem}-{dtype}{layout}-{}.safetensors", &key[..16]));
    if path.is_file() {
        return Ok(path);
    }
    std::fs::create_dir_all(cache_dir).map_err(io_error(cache_dir))?;
    write(source, dtype, tiling, &path)?;
    Ok(path)
}

/// Hash of the source files' identity (path, size, mtime), the dtype, the tiled tensors and
/// the converter version.
fn cache_key(files: &[PathBuf], dtype: Dtype, tiling: &Tiling) -> Result<String> {
    let mut hash = Sha256::new();
    hash.update(format!("converter {CONVERTER_VERSION}\ndtype {dtype}\n"));
    for name in tiling.names() {
        hash.update(format!("tiled {name}\n"));
    }
    for file in files {
        let path = std::fs::canonicalize(file).map_err(io_error(file))?;
        let meta = std::fs::metadata(&path).map_err(io_error(&path))?;
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        hash.update(format!("{}\n{}\n{mtime}\n", path.display(), meta.len()));
    }
    Ok(hash.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// Converts every tensor of `source` into a new parameter file at `path`.
pub(crate) fn write(
    source: &dyn ParameterSource,
    dtype: Dtype,
    tiling: &Tiling,
    path: &Path,
) -> Result<()> {
    let plan = source.plan()?;
    if let Some(name) = tiling.names().find(|n| !plan.iter().any(|t| t.name == *n)) {
        return Err(Error::Config(format!(
            "tiled tensor {name} is not in the model"
        )));
    }
    let (header, data_len) = header(&plan, dtype, tiling)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".partial-")
        .tempfile_in(dir)
        .map_err(io_error(dir))?;
    tmp.write_all(&header).map_err(io_error(tmp.path()))?;
    let total = (header.len() + data_len) as u64;
    tmp.as_file().set_len(total).map_err(io_error(tmp.path()))?;
    fill_data(
        source,
        &plan,
        dtype,
        tiling,
        tmp.as_file(),
        header.len(),
        tmp.path(),
    )?;
    tmp.as_file().sync_all().map_err(io_error(tmp.path()))?;
    tmp.persist(path).map_err(|e| Error::Io {
        path: path.to_path_buf(),
        source: e.error,
    })?;
    Ok(())
}

/// The length-prefixed JSON header (padded so data is aligned) and the data section's length.
fn header(plan: &[PlannedTensor], dtype: Dtype, tiling: &Tiling) -> Result<(Vec<u8>, usize)> {
    let mut entries = BTreeMap::new();
    let mut offset = 0usize;
    for t in plan {
        let size = t.n_elements() * dtype.size_in_bytes();
        let entry = json!({
            "dtype": dtype.safetensors_name(),
            "shape": tiling.stored_shape(&t.name, &t.shape)?,
            "data_offsets": [offset, offset + size],
        });
        if entries.insert(t.name.clone(), entry).is_some() {
            return Err(Error::Config(format!(
                "two source tensors map to {}",
                t.name
            )));
        }
        offset += size;
    }
    entries.insert(
        "__metadata__".into(),
        json!({"format": "pt", "converter_version": CONVERTER_VERSION.to_string()}),
    );
    let mut json = serde_json::to_vec(&entries).expect("JSON values always serialize");
    let padded = (8 + json.len()).div_ceil(DATA_ALIGNMENT) * DATA_ALIGNMENT - 8;
    json.resize(padded, b' ');
    let mut out = (json.len() as u64).to_le_bytes().to_vec();
    out.extend_from_slice(&json);
    Ok((out, offset))
}

fn fill_data(
    source: &dyn ParameterSource,
    plan: &[PlannedTensor],
    dtype: Dtype,
    tiling: &Tiling,
    file: &File,
    data_start: usize,
    path: &Path,
) -> Result<()> {
    // SAFETY: the temporary file is ours alone and was just sized; nothing else maps it.
    let mut map = unsafe { MmapMut::map_mut(file) }.map_err(io_error(path))?;
    let slots = split_slots(&mut map[data_start..], plan, dtype);
    let total: usize = plan
        .iter()
        .map(|t| t.n_elements() * dtype.size_in_bytes())
        .sum();
    let bar = progress_bar(total as u64, path);
    plan.par_iter().zip(slots).try_for_each(|(tensor, slot)| {
        let mut values = vec![0.0f32; tensor.n_elements()];
        source.decode(tensor, &mut values)?;
        if tiling.contains(&tensor.name) {
            values = tile_rows(&values, tensor.shape[1]);
        }
        dtype.encode(&values, slot);
        bar.inc(slot.len() as u64);
        Ok::<_, Error>(())
    })?;
    bar.finish_and_clear();
    map.flush().map_err(io_error(path))
}

fn split_slots<'a>(
    mut data: &'a mut [u8],
    plan: &[PlannedTensor],
    dtype: Dtype,
) -> Vec<&'a mut [u8]> {
    plan.iter()
        .map(|t| {
            let (slot, rest) =
                std::mem::take(&mut data).split_at_mut(t.n_elements() * dtype.size_in_bytes());
            data = rest;
            slot
        })
        .collect()
}

/// Drawn on stderr, and only when stderr is a terminal.
fn progress_bar(total: u64, path: &Path) -> ProgressBar {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} {eta}")
            .expect("static template")
            .progress_chars("=> "),
    );
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    bar.set_message(format!("converting weights {}", name.unwrap_or_default()));
    bar
}

/// Parameter list of an existing parameter file (from its header only).
pub fn read_parameter_list(path: &Path) -> Result<Vec<ParameterInfo>> {
    let file = File::open(path).map_err(io_error(path))?;
    // SAFETY: read-only mapping of a file this crate wrote atomically.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io_error(path))?;
    let (_, metadata) =
        safetensors::SafeTensors::read_metadata(&map).map_err(|source| Error::Safetensors {
            path: path.to_path_buf(),
            source,
        })?;
    let mut params = metadata
        .tensors()
        .into_iter()
        .map(|(name, info)| {
            let dtype_name = format!("{:?}", info.dtype);
            let dtype =
                Dtype::from_safetensors_name(&dtype_name).ok_or(Error::UnsupportedDtype {
                    tensor: name.clone(),
                    dtype: dtype_name,
                })?;
            Ok(ParameterInfo {
                name,
                shape: info.shape.clone(),
                dtype,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    params.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(params)
}
