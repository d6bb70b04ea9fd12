use std::io::Write;
use std::path::Path;

use crate::array::Array;
use crate::error::{Error, Result};
use crate::file::{ALIGNMENT_KEY, DEFAULT_ALIGNMENT, MAGIC};
use crate::ggml_type::GgmlType;
use crate::value::Value;

/// Builds small GGUF v3 files in memory: test fixtures and tiny synthetic models.
///
/// Not meant for large models (everything is held in memory), and it trusts its caller: the
/// bytes given for a tensor must already be the ggml encoding of `dims` elements.
#[derive(Debug, Default)]
pub struct Writer {
    metadata: Vec<(String, Value)>,
    tensors: Vec<PendingTensor>,
}

#[derive(Debug)]
struct PendingTensor {
    name: String,
    dims: Vec<u64>,
    ggml_type: GgmlType,
    data: Vec<u8>,
}

impl Writer {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn metadata(&mut self, key: impl Into<String>, value: Value) -> &mut Self {
        self.metadata.push((key.into(), value));
        self
    }

    /// `dims` in ggml order (fastest dimension first).
    pub fn tensor(
        &mut self,
        name: impl Into<String>,
        dims: &[u64],
        ggml_type: GgmlType,
        data: Vec<u8>,
    ) -> &mut Self {
        self.tensors.push(PendingTensor {
            name: name.into(),
            dims: dims.to_vec(),
            ggml_type,
            data,
        });
        self
    }

    /// The encoded file. Honours a `general.alignment` entry, as readers will.
    pub fn to_bytes(&self) -> Vec<u8> {
        let alignment = self.alignment();
        let mut out = Vec::new();
        out.extend_from_slice(&MAGIC);
        put_u32(&mut out, 3);
        put_u64(&mut out, self.tensors.len() as u64);
        put_u64(&mut out, self.metadata.len() as u64);
        for (key, value) in &self.metadata {
            put_str(&mut out, key);
            put_u32(&mut out, value.value_type().id());
            put_value(&mut out, value);
        }
        let offsets = self.data_offsets(alignment);
        for (t, &offset) in self.tensors.iter().zip(&offsets) {
            put_str(&mut out, &t.name);
            put_u32(&mut out, t.dims.len() as u32);
            t.dims.iter().for_each(|&d| put_u64(&mut out, d));
            put_u32(&mut out, t.ggml_type.id());
            put_u64(&mut out, offset);
        }
        for (t, &offset) in self.tensors.iter().zip(&offsets) {
            pad_to(&mut out, alignment);
            let data_start = out.len() as u64 - offset;
            debug_assert_eq!(data_start % alignment, 0);
            out.extend_from_slice(&t.data);
        }
        out
    }

    pub fn write(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        let io = |source| Error::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = std::fs::File::create(path).map_err(io)?;
        file.write_all(&self.to_bytes()).map_err(io)
    }

    fn alignment(&self) -> u64 {
        self.metadata
            .iter()
            .find(|(k, _)| k == ALIGNMENT_KEY)
            .and_then(|(_, v)| v.as_u64())
            .filter(|a| a.is_power_of_two())
            .unwrap_or(DEFAULT_ALIGNMENT)
    }

    fn data_offsets(&self, alignment: u64) -> Vec<u64> {
        let mut next = 0u64;
        self.tensors
            .iter()
            .map(|t| {
                let offset = next.div_ceil(alignment) * alignment;
                next = offset + t.data.len() as u64;
                offset
            })
            .collect()
    }
}

fn pad_to(out: &mut Vec<u8>, alignment: u64) {
    let len = out.len() as u64;
    out.resize((len.div_ceil(alignment) * alignment) as usize, 0);
}

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_u64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_u64(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

fn put_value(out: &mut Vec<u8>, value: &Value) {
    match value {
        Value::U8(v) => out.push(*v),
        Value::I8(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::U16(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::I16(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::U32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::I32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::F32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::Bool(v) => out.push(u8::from(*v)),
        Value::String(s) => put_str(out, s),
        Value::Array(a) => put_array(out, a),
        Value::U64(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::I64(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::F64(v) => out.extend_from_slice(&v.to_le_bytes()),
    }
}

fn put_array(out: &mut Vec<u8>, array: &Array) {
    put_u32(out, array.elem_type().id());
    put_u64(out, array.len() as u64);
    array
        .iter()
        .for_each(|item| put_value(out, &item.to_value()));
}
