//! Writing the converted `.safetensors` parameter file, and caching it on disk.
//!
//! The file is laid out for memory-mapping: the header is padded so tensor data starts on a
//! 64-byte boundary, and tensors are written straight into a mapping of the output file by
//! parallel workers. It is written under a temporary name and renamed into place, so a reader
//! never sees a partial file and an interrupted conversion leaves nothing behind.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use indicatif::{ProgressBar, ProgressStyle};
use memmap2::MmapMut;
use rayon::prelude::*;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::cache_lock::CacheLock;
use crate::dequant::{
    self, pack_high_bit_codes, pack_super_block_maps, pack_three_bit_codes, DequantError,
};
use crate::error::{io_error, Error, Result};
use crate::parameters::{encode, Dtype, ParameterInfo, ParameterSource, PlannedTensor};
use crate::tiling::{tile_rows_in_place, Tiling, TILE_ROWS};
use crate::weight_plan::{StoredFormat, WeightPlan};
use weight_format::{stored_groups, Code, SubScales};

/// Bump whenever the conversion's output could change, so stale cache entries are not reused.
pub const CONVERTER_VERSION: u32 = 8;
const DATA_ALIGNMENT: usize = 64;

/// Returns the cached parameter file for `source`, converting it first when absent.
pub(crate) fn cached(
    source: &dyn ParameterSource,
    stem: &str,
    cache_dir: &Path,
    plan: &WeightPlan,
    tiling: &Tiling,
) -> Result<PathBuf> {
    let key = cache_key(&source.identity_files(), plan, tiling)?;
    let layout = if tiling.is_empty() { "" } else { "-tiled" };
    let formats: BTreeSet<String> = plan.values().map(ToString::to_string).collect();
    let formats = formats.into_iter().collect::<Vec<_>>().join("+");
    let path = cache_dir.join(format!(
        "{stem}-{formats}{layout}-{}.safetensors",
        &key[..16]
    ));
    if path.is_file() {
        return Ok(path);
    }
    std::fs::create_dir_all(cache_dir).map_err(io_error(cache_dir))?;
    let _lock = CacheLock::acquire(&path, || {
        eprintln!("waiting for another process writing {}", path.display())
    })
    .map_err(io_error(&path))?;
    if !path.is_file() {
        write(source, plan, tiling, &path)?;
    }
    Ok(path)
}

/// Every tensor of `source` stored densely as `dtype`.
pub(crate) fn dense_plan(source: &dyn ParameterSource, dtype: Dtype) -> Result<WeightPlan> {
    Ok(source
        .plan()?
        .into_iter()
        .map(|t| (t.name, StoredFormat::Dense(dtype)))
        .collect())
}

/// Hash of the source files' identity (path, size, mtime), each tensor's stored format, the
/// tiled tensors and the converter version.
fn cache_key(files: &[PathBuf], plan: &WeightPlan, tiling: &Tiling) -> Result<String> {
    let mut hash = Sha256::new();
    hash.update(format!("converter {CONVERTER_VERSION}\n"));
    for (name, format) in plan {
        hash.update(format!("{name} {format}\n"));
    }
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
    plan: &WeightPlan,
    tiling: &Tiling,
    path: &Path,
) -> Result<()> {
    let tensors = crate::fused_rows::assemble(source.plan()?, plan)?;
    if let Some(name) = tiling
        .names()
        .find(|n| !tensors.iter().any(|t| t.name == *n))
    {
        return Err(Error::Config(format!(
            "tiled tensor {name} is not in the model"
        )));
    }
    let entries = tensors
        .iter()
        .map(|t| {
            let format = plan.get(&t.name).ok_or_else(|| {
                Error::Config(format!("the weight plan has no format for {}", t.name))
            })?;
            // A type no decoder reads is refused here, before any tensor is converted (the
            // grouped forms are checked by `entries`).
            if matches!(format, StoredFormat::Dense(_)) && !dequant::is_supported(t.source_type) {
                return Err(Error::Dequant {
                    tensor: t.name.clone(),
                    source: DequantError::Unsupported(t.source_type),
                });
            }
            entries(t, *format, tiling)
        })
        .collect::<Result<Vec<_>>>()?;
    let order = file_order(&entries);
    let (header, data_len) = header(&entries, &order)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".partial-")
        .tempfile_in(dir)
        .map_err(io_error(dir))?;
    tmp.write_all(&header).map_err(io_error(tmp.path()))?;
    let total = (header.len() + data_len) as u64;
    tmp.as_file().set_len(total).map_err(io_error(tmp.path()))?;
    let work: Vec<_> = tensors.iter().zip(&entries).collect();
    fill_data(
        source,
        &work,
        &order,
        plan,
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

/// One safetensors entry: a whole dense tensor, or one part of a grouped one.
#[derive(Debug, Clone)]
struct Entry {
    name: String,
    shape: Vec<usize>,
    dtype: Dtype,
}

impl Entry {
    fn size(&self) -> usize {
        let n: usize = self.shape.iter().product();
        n * self.dtype.size_in_bytes()
    }
}

/// The entries tensor `t` is stored as. A grouped weight `[rows, cols]` with groups of `g` is
/// stored as row tiles like a dense one, its codes as `<name>.codes` `[rows/16, G, g, 16]`
/// (4-bit codes packed in pairs along the last axis: `[.., 8]` bytes), its scales and mins as
/// `<name>.scales` / `<name>.mins` `[rows/16, G, 16]`, where G is cols/g padded with zero
/// groups to what the graphs declare (`weight_format::stored_groups`).
fn entries(t: &PlannedTensor, format: StoredFormat, tiling: &Tiling) -> Result<Vec<Entry>> {
    let entry = |name: String, shape: Vec<usize>, dtype| Entry { name, shape, dtype };
    let ty = match format {
        StoredFormat::Dense(dtype) => {
            let shape = tiling.stored_shape(&t.name, &t.shape)?;
            return Ok(vec![entry(t.name.clone(), shape, dtype)]);
        }
        StoredFormat::Groups(ty) | StoredFormat::Compact(ty) => ty,
    };
    let layout = format.group_layout().ok_or(Error::Dequant {
        tensor: t.name.clone(),
        source: DequantError::Unsupported(ty),
    })?;
    if t.source_type != ty {
        return Err(Error::Config(format!(
            "{} is stored as {} and cannot be written as {ty} blocks",
            t.name, t.source_type
        )));
    }
    let g = layout.group;
    let tiles = tiling.stored_shape(&t.name, &t.shape)?;
    // Stacked experts `[E, rows, cols]` store each expert as one grouped weight, the experts
    // one after another: every part gets a leading dimension of E.
    let (experts, rows, cols) = match t.shape[..] {
        [rows, cols] => (None, rows, cols),
        [experts, rows, cols] => (Some(experts), rows, cols),
        _ => return Err(Error::Config(format!("{} is not a matrix", t.name))),
    };
    if tiles.len() != t.shape.len() + 1 || cols % g != 0 {
        return Err(Error::Config(format!(
            "{ty} blocks of {} {:?} must be stored as row tiles with whole groups of {g}",
            t.name, t.shape
        )));
    }
    let (tr, groups) = (rows / TILE_ROWS, stored_groups(cols, g));
    // Codes only the kernels read are bytes to the graphs (see `Code::kernels_only`).
    let codes = match layout.code {
        code if code.kernels_only() => entry(
            part(&t.name, "codes"),
            vec![tr, groups, g * TILE_ROWS * code.bits() / 8],
            Dtype::I8,
        ),
        Code::I8 => entry(
            part(&t.name, "codes"),
            vec![tr, groups, g, TILE_ROWS],
            Dtype::I8,
        ),
        _ => {
            let packed = vec![tr, groups, g, TILE_ROWS / 2];
            entry(part(&t.name, "codes"), packed, Dtype::U8)
        }
    };
    let (maps, scale, min) = match layout.sub_scales {
        None => (vec![tr, groups, TILE_ROWS], layout.scale, layout.min),
        Some(sub) => {
            // Blocks of the stored groups: super-blocks have no padding groups (whole
            // super-blocks are a multiple of the padding's), one-group blocks pad as groups.
            let blocks = groups / sub.groups_per_block();
            if groups % sub.groups_per_block() != 0 || cols % (g * sub.groups_per_block()) != 0 {
                return Err(Error::Config(format!(
                    "{} {:?} does not split into whole {ty} super-blocks",
                    t.name, t.shape
                )));
            }
            let bytes = vec![tr, blocks, sub.block_bytes()];
            (bytes, Dtype::I8, layout.min.map(|_| Dtype::I8))
        }
    };
    let mut out = vec![codes, entry(part(&t.name, "scales"), maps.clone(), scale)];
    out.extend(min.map(|m| entry(part(&t.name, "mins"), maps, m)));
    if let Some(experts) = experts {
        for e in &mut out {
            e.shape.insert(0, experts);
        }
    }
    Ok(out)
}

/// The entry name of one part of a grouped weight.
pub fn part(name: &str, part: &str) -> String {
    format!("{name}.{part}")
}

/// The order of the entries in the data section, as (tensor, part) indices. Entries whose size
/// is a whole number of `DATA_ALIGNMENT` bytes come first, in order, so every one of them
/// starts aligned; the others (a per-layer f32 scalar, odd-sized vectors) follow. IREE imports
/// an aligned parameter in place from the resident copy and copies a misaligned one into
/// memory of its own: with every entry in order, Gemma 4's 4-byte `layer_scalar` put
/// everything after it off alignment, and the 26B-A4B shape held 1.5x its weights after
/// loading (and was killed for memory on 24 GiB whole). Safetensors wants no holes, hence the
/// order and not padding.
fn file_order(tensors: &[Vec<Entry>]) -> Vec<(usize, usize)> {
    let mut order = Vec::new();
    for aligned in [true, false] {
        for (t, entries) in tensors.iter().enumerate() {
            for (i, e) in entries.iter().enumerate() {
                if (e.size() % DATA_ALIGNMENT == 0) == aligned {
                    order.push((t, i));
                }
            }
        }
    }
    order
}

/// The length-prefixed JSON header (padded so data is aligned) for entries stored in `order`
/// (`file_order`), and the data section's length.
fn header(tensors: &[Vec<Entry>], order: &[(usize, usize)]) -> Result<(Vec<u8>, usize)> {
    let mut entries = BTreeMap::new();
    let mut offset = 0usize;
    for &(t, i) in order {
        let e = &tensors[t][i];
        let size = e.size();
        let json = json!({
            "dtype": e.dtype.safetensors_name(),
            "shape": e.shape,
            "data_offsets": [offset, offset + size],
        });
        if entries.insert(e.name.clone(), json).is_some() {
            return Err(Error::Config(format!(
                "two source tensors map to {}",
                e.name
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
    work: &[(&PlannedTensor, &Vec<Entry>)],
    order: &[(usize, usize)],
    plan: &WeightPlan,
    file: &File,
    data_start: usize,
    path: &Path,
) -> Result<()> {
    // SAFETY: the temporary file is ours alone and was just sized; nothing else maps it.
    let mut map = unsafe { MmapMut::map_mut(file) }.map_err(io_error(path))?;
    let mut data = &mut map[data_start..];
    // The entries' slots cut off the data in file order, then handed back to their tensors:
    // sorted by (tensor, part), each tensor takes its parts' count.
    let mut cut = Vec::with_capacity(order.len());
    for &(t, i) in order {
        let (slot, rest) = std::mem::take(&mut data).split_at_mut(work[t].1[i].size());
        data = rest;
        cut.push((t, i, slot));
    }
    cut.sort_unstable_by_key(|&(t, i, _)| (t, i));
    let mut cut = cut.into_iter().map(|(_, _, slot)| slot);
    let slots: Vec<Vec<&mut [u8]>> = work
        .iter()
        .map(|(_, entries)| cut.by_ref().take(entries.len()).collect())
        .collect();
    let total: usize = work.iter().flat_map(|w| w.1).map(Entry::size).sum();
    let bar = progress_bar(total as u64, path);
    work.par_iter()
        .zip(slots)
        .try_for_each(|((tensor, entries), mut parts)| {
            match plan[&tensor.name] {
                StoredFormat::Dense(dtype) => {
                    // Stored as row tiles where the stored shape is not the HF one (stacked
                    // experts are 3-D and untiled).
                    let tiled = entries[0].shape != tensor.shape;
                    fill_dense(source, tensor, tiled, dtype, parts[0])?
                }
                format @ (StoredFormat::Groups(_) | StoredFormat::Compact(_)) => {
                    fill_groups(source, tensor, format, &mut parts)?
                }
            }
            for part in parts.iter_mut() {
                release_written(part);
            }
            bar.inc(entries.iter().map(Entry::size).sum::<usize>() as u64);
            Ok::<_, Error>(())
        })?;
    bar.finish_and_clear();
    map.flush().map_err(io_error(path))
}

/// Lets this process's mapping of a converted slot of the output go: the mapping is shared,
/// so the written pages stay in the page cache (dirty until the flush writes them) and only
/// the page table entries are dropped. Without this a first load held every page it read
/// and wrote: gpt-oss-20b peaked at 1.16x the GGUF, the Gemma 4 26B-A4B shape at 21 of 24 GiB
/// before its weights were loaded.
fn release_written(slot: &mut [u8]) {
    // SAFETY: sysconf has no preconditions.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    let begin = slot.as_mut_ptr() as usize;
    // Whole pages inside the slot only: a page shared with a neighbour may still be written.
    let (start, end) = (
        begin.next_multiple_of(page),
        (begin + slot.len()) / page * page,
    );
    if end > start {
        // SAFETY: [start, end) lies inside `slot`, which this thread holds alone, in a shared
        // file mapping (`MmapMut::map_mut`), where MADV_DONTNEED keeps the pages' contents.
        unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED) };
    }
}

fn fill_dense(
    source: &dyn ParameterSource,
    tensor: &PlannedTensor,
    tiled: bool,
    dtype: Dtype,
    slot: &mut [u8],
) -> Result<()> {
    let mut values = vec![0.0f32; tensor.n_elements()];
    source.decode(tensor, &mut values)?;
    // The values are all read: the source's pages can go before the slot's are written.
    source.release(tensor);
    if tiled {
        tile_rows_in_place(&mut values, tensor.shape[1]);
    }
    encode(dtype, &values, slot);
    Ok(())
}

/// Each row of `values` (`cols` wide) followed by zeros up to `padded`, then tiled; rows that
/// need no padding are tiled where they are.
fn padded_tiles<T: Copy + Default>(mut values: Vec<T>, cols: usize, padded: usize) -> Vec<T> {
    if cols != padded {
        let mut out = Vec::with_capacity(values.len() / cols * padded);
        for row in values.chunks_exact(cols) {
            out.extend_from_slice(row);
            out.resize(out.len() + padded - cols, T::default());
        }
        values = out;
    }
    tile_rows_in_place(&mut values, padded);
    values
}

/// Codes, then scales, then mins, each in row tiles with padding groups of zeros (see
/// [`entries`]).
fn fill_groups(
    source: &dyn ParameterSource,
    tensor: &PlannedTensor,
    format: StoredFormat,
    parts: &mut [&mut [u8]],
) -> Result<()> {
    let mut groups = source.groups(tensor)?;
    // The codes and maps are all read: the source's pages can go before the slot's are
    // written (the Gemma 4 E4B shape's 3 GB per-layer table held its source, its codes and
    // its slot at once).
    source.release(tensor);
    // The stored layout is the plan's (its maps may be super-blocks); the codes are the same.
    let layout = format.group_layout().unwrap_or(groups.layout);
    // Rows of stacked experts follow one another: `[E * rows, cols]`, tiles never straddling
    // two experts (rows come in whole tiles).
    let (cols, g) = (*tensor.shape.last().unwrap_or(&0), layout.group);
    let (per_row, padded) = (cols / g, stored_groups(cols, g));
    // The codes are rewritten where they are: a copy of a vocabulary-sized table or of an
    // experts stack per step was most of a conversion's peak memory.
    let mut codes = std::mem::take(&mut groups.codes);
    // Table codes are stored as their indices, found before padding (index 0 pads).
    if layout.code.table().is_some() {
        table_indices(layout.code, &mut codes, &tensor.name)?;
    }
    let codes = padded_tiles(codes, cols, padded * g);
    match layout.code {
        Code::U4 | Code::I4 | Code::E2M1 | Code::NL4 => {
            for (o, pair) in parts[0].iter_mut().zip(codes.chunks_exact(2)) {
                *o = (pair[0] as u8 & 0x0F) | ((pair[1] as u8) << 4);
            }
        }
        Code::I8 => {
            for (o, &c) in parts[0].iter_mut().zip(&codes) {
                *o = c as u8;
            }
        }
        Code::U2 => {
            // Per input one 32-bit word of the 16 rows' codes, row r at bits 2r, 2r + 1.
            parts[0].fill(0);
            for (out, input) in parts[0]
                .chunks_exact_mut(4)
                .zip(codes.chunks_exact(TILE_ROWS))
            {
                for (r, &c) in input.iter().enumerate() {
                    out[r / 4] |= (c as u8 & 0x03) << (2 * (r % 4));
                }
            }
        }
        Code::I3 => {
            let per_group = g * TILE_ROWS * 3 / 8;
            parts[0]
                .par_chunks_mut(per_group)
                .zip(codes.par_chunks(g * TILE_ROWS))
                .for_each(|(out, c)| pack_three_bit_codes(c, out));
        }
        Code::U5 | Code::I5 | Code::I6 => {
            // Tiles hold [groups][g][16] codes; each (tile, group) packs on its own.
            let per_group = g * TILE_ROWS * layout.code.bits() / 8;
            parts[0]
                .par_chunks_mut(per_group)
                .zip(codes.par_chunks(g * TILE_ROWS))
                .for_each(|(out, c)| pack_high_bit_codes(layout.code, c, out));
        }
    }
    if let Some(kind) = layout.sub_scales {
        let sb = groups
            .super_blocks
            .as_mut()
            .ok_or_else(|| Error::Config(format!("{} has no super-block maps", tensor.name)))?;
        if kind == SubScales::E8M0 {
            // One byte per group and row, padded and tiled as float maps are.
            let bytes = padded_tiles(std::mem::take(&mut sb.sub_scales), per_row, padded);
            if bytes.len() != parts[1].len() {
                return Err(Error::Config(format!(
                    "{}: {} exponent bytes for {} stored",
                    tensor.name,
                    bytes.len(),
                    parts[1].len()
                )));
            }
            parts[1].copy_from_slice(&bytes);
            return Ok(());
        }
        fill_super_block_maps(kind, &sb.d, &sb.sub_scales, cols / g, parts[1]);
        if layout.min.is_some() {
            fill_super_block_maps(kind, &sb.dmin, &sb.sub_mins, cols / g, parts[2]);
        }
        return Ok(());
    }
    let maps = |m: Vec<f32>| padded_tiles(m, per_row, padded);
    encode(
        layout.scale,
        &maps(std::mem::take(&mut groups.scales)),
        parts[1],
    );
    if let Some(min) = layout.min {
        encode(min, &maps(std::mem::take(&mut groups.mins)), parts[2]);
    }
    Ok(())
}

/// Replaces a table code's values by their table indices (`Code::stored`).
fn table_indices(code: Code, values: &mut [i8], tensor: &str) -> Result<()> {
    for q in values.iter_mut() {
        *q = code
            .stored(*q)
            .ok_or_else(|| Error::Config(format!("{tensor}: a code is not in {code:?}'s table")))?
            as i8;
    }
    Ok(())
}

/// Row-major super-block factors and per-group sub-scales (`groups` per row) as row tiles of
/// packed super-block maps: `[rows/16, blocks, block_bytes]`.
fn fill_super_block_maps(
    kind: SubScales,
    factors: &[u16],
    sub: &[u8],
    groups: usize,
    out: &mut [u8],
) {
    let per_block = kind.groups_per_block();
    let blocks = groups / per_block;
    let rows = factors.len() / blocks;
    for (i, chunk) in out.chunks_exact_mut(kind.block_bytes()).enumerate() {
        let (tile, block) = (i / blocks, i % blocks);
        let row = |r: usize| tile * TILE_ROWS + r;
        debug_assert!(row(TILE_ROWS - 1) < rows);
        let f: [u16; TILE_ROWS] = std::array::from_fn(|r| factors[row(r) * blocks + block]);
        let s: [&[u8]; TILE_ROWS] =
            std::array::from_fn(|r| &sub[row(r) * groups + block * per_block..][..per_block]);
        pack_super_block_maps(kind, &f, &s, chunk);
    }
}

/// Drawn on stderr, and only when stderr is a terminal.
fn progress_bar(total: u64, path: &Path) -> ProgressBar {
    let bar = crate::progress::add(ProgressBar::new(total));
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
