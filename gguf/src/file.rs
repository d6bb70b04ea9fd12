use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use crate::array::Array;
use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::ggml_type::GgmlType;
use crate::tensor_info::TensorInfo;
use crate::value::{typed, Value};

pub const MAGIC: [u8; 4] = *b"GGUF";
pub const DEFAULT_ALIGNMENT: u64 = 32;
pub const ALIGNMENT_KEY: &str = "general.alignment";
/// ggml's GGML_MAX_DIMS.
pub const MAX_DIMS: usize = 4;

/// Smallest possible encodings, used to reject corrupt counts before allocating.
const MIN_KV_SIZE: u64 = 8 + 4 + 1;
const MIN_TENSOR_INFO_SIZE: u64 = 8 + 4 + 4 + 8;

/// A parsed, memory-mapped GGUF file. Tensor bytes are borrowed from the mapping, never copied.
pub struct GgufFile {
    path: PathBuf,
    map: Bytes,
    header: Header,
}

/// The file's bytes: mapped from disk, or owned (files parsed from memory).
enum Bytes {
    Mapped(Mmap),
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Owned(bytes) => bytes,
        }
    }
}

/// Everything before the data section.
#[derive(Debug)]
struct Header {
    version: u32,
    metadata: BTreeMap<String, Value>,
    tensors: Vec<TensorInfo>,
    alignment: u64,
    data_offset: u64,
}

impl GgufFile {
    /// Maps and parses the file, validating every tensor's extent against the file size.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref().to_path_buf();
        let io = |source| Error::Io {
            path: path.clone(),
            source,
        };
        let file = File::open(&path).map_err(io)?;
        // SAFETY: the mapping is read-only; like every mmap reader we rely on the file not being
        // truncated underneath us while it is open.
        let map = unsafe { Mmap::map(&file) }.map_err(io)?;
        let header = parse_header(&map)?;
        Ok(GgufFile {
            path,
            map: Bytes::Mapped(map),
            header,
        })
    }

    /// Parses a whole file held in memory, with the same checks as [`GgufFile::open`];
    /// [`GgufFile::path`] is empty.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Self> {
        let header = parse_header(&bytes)?;
        Ok(GgufFile {
            path: PathBuf::new(),
            map: Bytes::Owned(bytes),
            header,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn version(&self) -> u32 {
        self.header.version
    }

    pub fn metadata(&self) -> &BTreeMap<String, Value> {
        &self.header.metadata
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.header.metadata.get(key)
    }

    /// Required non-negative integer (any integer width).
    pub fn get_u64(&self, key: &str) -> Result<u64> {
        typed(key, self.get(key), "non-negative integer", Value::as_u64)
    }

    /// Required integer (any integer width).
    pub fn get_i64(&self, key: &str) -> Result<i64> {
        typed(key, self.get(key), "integer", Value::as_i64)
    }

    /// Required number (float, or integer converted).
    pub fn get_f64(&self, key: &str) -> Result<f64> {
        typed(key, self.get(key), "number", Value::as_f64)
    }

    pub fn get_bool(&self, key: &str) -> Result<bool> {
        typed(key, self.get(key), "bool", Value::as_bool)
    }

    pub fn get_str(&self, key: &str) -> Result<&str> {
        typed(key, self.get(key), "string", Value::as_str)
    }

    pub fn get_array(&self, key: &str) -> Result<&Array> {
        typed(key, self.get(key), "array", Value::as_array)
    }

    /// `general.architecture`, e.g. "llama".
    pub fn architecture(&self) -> Result<&str> {
        self.get_str("general.architecture")
    }

    pub fn tensors(&self) -> &[TensorInfo] {
        &self.header.tensors
    }

    pub fn tensor(&self, name: &str) -> Result<&TensorInfo> {
        self.header
            .tensors
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| Error::NoSuchTensor(name.to_owned()))
    }

    pub fn alignment(&self) -> u64 {
        self.header.alignment
    }

    /// Absolute file offset where tensor data begins.
    pub fn data_offset(&self) -> u64 {
        self.header.data_offset
    }

    /// The encoded bytes of a tensor (exactly `info.size` bytes).
    pub fn tensor_data(&self, info: &TensorInfo) -> Result<&[u8]> {
        let (start, end) = extent(info, self.header.data_offset, self.map.len() as u64)?;
        Ok(&self.map[start as usize..end as usize])
    }

    /// Lets this process's mapping of a tensor's bytes go (a mapped file: a later read
    /// faults them in again from the page cache), so that reading every tensor once, as a
    /// conversion does, does not keep the whole file resident.
    pub fn release_tensor_data(&self, info: &TensorInfo) {
        let Bytes::Mapped(map) = &self.map else {
            return;
        };
        if let Ok((start, end)) = extent(info, self.header.data_offset, map.len() as u64) {
            // SAFETY: `Mmap::map` maps the file shared and read-only, so dropping its pages
            // loses nothing: no private copy exists, and the file's bytes come back on the
            // next read. The advice is a hint; an error leaves the pages mapped.
            let _ = unsafe {
                map.unchecked_advise_range(
                    memmap2::UncheckedAdvice::DontNeed,
                    start as usize,
                    (end - start) as usize,
                )
            };
        }
    }
}

impl std::fmt::Debug for GgufFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GgufFile")
            .field("path", &self.path)
            .field("version", &self.header.version)
            .field("metadata_keys", &self.header.metadata.len())
            .field("tensors", &self.header.tensors.len())
            .finish()
    }
}

fn parse_header(bytes: &[u8]) -> Result<Header> {
    let mut cur = Cursor::new(bytes);
    let magic = cur.magic()?;
    if magic != MAGIC {
        return Err(Error::BadMagic(magic));
    }
    // v1 used 32-bit counts; a big-endian file reads as a huge version. Both are refused.
    let version = cur.u32("version")?;
    if !(2..=3).contains(&version) {
        return Err(Error::UnsupportedVersion(version));
    }
    let n_tensors = cur.count("tensor count", MIN_TENSOR_INFO_SIZE)?;
    // The parsed table takes about three times its encoding. A real file's tensors average far
    // more than that in entry plus data, so a table larger in memory than the whole file is
    // refused: it could only make the reader allocate more than the file holds.
    let table_bytes = n_tensors.saturating_mul(std::mem::size_of::<TensorInfo>() as u64);
    if table_bytes > bytes.len() as u64 {
        return Err(Error::AbsurdCount {
            what: "tensor count",
            count: n_tensors,
        });
    }
    let n_kv = cur.count("metadata count", MIN_KV_SIZE)?;
    let metadata = read_metadata(&mut cur, n_kv)?;
    let alignment = alignment(&metadata)?;
    let mut tensors = Vec::with_capacity(n_tensors as usize);
    for _ in 0..n_tensors {
        tensors.push(read_tensor_info(&mut cur)?);
    }
    let data_offset = cur
        .position()
        .div_ceil(alignment)
        .checked_mul(alignment)
        .ok_or(Error::BadAlignment(alignment))?;
    let header = Header {
        version,
        metadata,
        tensors,
        alignment,
        data_offset,
    };
    validate_tensors(&header, bytes.len() as u64)?;
    Ok(header)
}

fn read_metadata(cur: &mut Cursor, n_kv: u64) -> Result<BTreeMap<String, Value>> {
    let mut metadata = BTreeMap::new();
    for _ in 0..n_kv {
        let key = cur.string("metadata key")?;
        let ty = cur.value_type()?;
        let value = cur.value(ty)?;
        if metadata.insert(key.clone(), value).is_some() {
            return Err(Error::DuplicateKey(key));
        }
    }
    Ok(metadata)
}

fn alignment(metadata: &BTreeMap<String, Value>) -> Result<u64> {
    let Some(value) = metadata.get(ALIGNMENT_KEY) else {
        return Ok(DEFAULT_ALIGNMENT);
    };
    let alignment = typed(
        ALIGNMENT_KEY,
        Some(value),
        "non-negative integer",
        Value::as_u64,
    )?;
    if !alignment.is_power_of_two() {
        return Err(Error::BadAlignment(alignment));
    }
    Ok(alignment)
}

fn read_tensor_info(cur: &mut Cursor) -> Result<TensorInfo> {
    let name = cur.string("tensor name")?;
    let n_dims = cur.u32("tensor dimension count")?;
    if n_dims as usize > MAX_DIMS {
        return Err(Error::TooManyDims {
            tensor: name,
            n_dims,
            max: MAX_DIMS,
        });
    }
    let mut dims = Vec::with_capacity(n_dims as usize);
    for _ in 0..n_dims {
        dims.push(cur.u64("tensor dimension")?);
    }
    let type_id = cur.u32("tensor type")?;
    let ggml_type = GgmlType::from_id(type_id).ok_or_else(|| Error::UnknownGgmlType {
        tensor: name.clone(),
        type_id,
    })?;
    let offset = cur.u64("tensor offset")?;
    let size = encoded_size(&name, &dims, ggml_type)?;
    Ok(TensorInfo {
        name,
        dims,
        ggml_type,
        offset,
        size,
    })
}

fn encoded_size(name: &str, dims: &[u64], ty: GgmlType) -> Result<u64> {
    let bad = |reason| Error::BadShape {
        tensor: name.to_owned(),
        dims: dims.to_vec(),
        reason,
    };
    let n_elements = dims
        .iter()
        .try_fold(1u64, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| bad("element count overflows"))?;
    if dims.first().is_some_and(|&d0| d0 % ty.block_size() != 0) {
        return Err(bad("first dimension is not a multiple of the block size"));
    }
    ty.bytes_for(n_elements)
        .ok_or_else(|| bad("byte size overflows"))
}

fn validate_tensors(header: &Header, file_len: u64) -> Result<()> {
    let mut seen = std::collections::HashSet::new();
    for info in &header.tensors {
        if !seen.insert(info.name.as_str()) {
            return Err(Error::DuplicateTensor(info.name.clone()));
        }
        if info.offset % header.alignment != 0 {
            return Err(Error::MisalignedTensor {
                tensor: info.name.clone(),
                offset: info.offset,
                alignment: header.alignment,
            });
        }
        extent(info, header.data_offset, file_len)?;
    }
    Ok(())
}

/// Absolute [start, end) of a tensor's bytes, checked against the file length.
fn extent(info: &TensorInfo, data_offset: u64, file_len: u64) -> Result<(u64, u64)> {
    let start = data_offset.checked_add(info.offset);
    let end = start.and_then(|s| s.checked_add(info.size));
    match (start, end) {
        (Some(start), Some(end)) if end <= file_len => Ok((start, end)),
        _ => Err(Error::TensorOutOfBounds {
            tensor: info.name.clone(),
            start: data_offset.saturating_add(info.offset),
            end: data_offset
                .saturating_add(info.offset)
                .saturating_add(info.size),
            len: file_len,
        }),
    }
}
