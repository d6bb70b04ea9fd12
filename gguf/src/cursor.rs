use crate::error::{Error, Result};
use crate::value::{Array, Value, ValueType};

const MAX_ARRAY_NESTING: u32 = 16;

/// Little-endian reads over the header bytes, every one bounds-checked.
pub(crate) struct Cursor<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Cursor { buf, pos: 0 }
    }

    pub fn position(&self) -> u64 {
        self.pos as u64
    }

    pub fn remaining(&self) -> u64 {
        (self.buf.len() - self.pos) as u64
    }

    fn take(&mut self, n: u64, what: &'static str) -> Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(Error::Truncated {
                what,
                offset: self.position(),
                needed: n,
                len: self.buf.len() as u64,
            });
        }
        let start = self.pos;
        self.pos += n as usize;
        Ok(&self.buf[start..self.pos])
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N]> {
        let bytes = self.take(N as u64, what)?;
        Ok(bytes.try_into().expect("take returned N bytes"))
    }

    pub fn magic(&mut self) -> Result<[u8; 4]> {
        self.array("magic")
    }

    pub fn u32(&mut self, what: &'static str) -> Result<u32> {
        self.array(what).map(u32::from_le_bytes)
    }

    pub fn u64(&mut self, what: &'static str) -> Result<u64> {
        self.array(what).map(u64::from_le_bytes)
    }

    /// A count of items, each at least `min_item_size` bytes, rejected up front when the rest
    /// of the file could not hold that many (so a corrupt count never drives an allocation).
    pub fn count(&mut self, what: &'static str, min_item_size: u64) -> Result<u64> {
        let count = self.u64(what)?;
        match count.checked_mul(min_item_size) {
            Some(bytes) if bytes <= self.remaining() => Ok(count),
            _ => Err(Error::AbsurdCount { what, count }),
        }
    }

    pub fn string(&mut self, what: &'static str) -> Result<String> {
        let len = self.u64(what)?;
        let start = self.position();
        let bytes = self.take(len, what)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| Error::InvalidUtf8 {
            what,
            offset: start,
        })
    }

    pub fn value_type(&mut self) -> Result<ValueType> {
        let offset = self.position();
        let type_id = self.u32("value type")?;
        ValueType::from_id(type_id).ok_or(Error::UnknownValueType { type_id, offset })
    }

    pub fn value(&mut self, ty: ValueType) -> Result<Value> {
        self.value_nested(ty, 0)
    }

    fn value_nested(&mut self, ty: ValueType, depth: u32) -> Result<Value> {
        const W: &str = "metadata value";
        Ok(match ty {
            ValueType::U8 => Value::U8(u8::from_le_bytes(self.array(W)?)),
            ValueType::I8 => Value::I8(i8::from_le_bytes(self.array(W)?)),
            ValueType::U16 => Value::U16(u16::from_le_bytes(self.array(W)?)),
            ValueType::I16 => Value::I16(i16::from_le_bytes(self.array(W)?)),
            ValueType::U32 => Value::U32(u32::from_le_bytes(self.array(W)?)),
            ValueType::I32 => Value::I32(i32::from_le_bytes(self.array(W)?)),
            ValueType::F32 => Value::F32(f32::from_le_bytes(self.array(W)?)),
            ValueType::Bool => Value::Bool(self.array::<1>(W)?[0] != 0),
            ValueType::String => Value::String(self.string("string value")?),
            ValueType::Array => Value::Array(self.array_value(depth + 1)?),
            ValueType::U64 => Value::U64(u64::from_le_bytes(self.array(W)?)),
            ValueType::I64 => Value::I64(i64::from_le_bytes(self.array(W)?)),
            ValueType::F64 => Value::F64(f64::from_le_bytes(self.array(W)?)),
        })
    }

    fn array_value(&mut self, depth: u32) -> Result<Array> {
        // Nesting costs only 12 bytes a level: without a cap a crafted file could exhaust the stack.
        if depth > MAX_ARRAY_NESTING {
            return Err(Error::NestingTooDeep {
                offset: self.position(),
            });
        }
        let elem_type = self.value_type()?;
        let count = self.count("array length", elem_type.min_encoded_size())?;
        let items = (0..count)
            .map(|_| self.value_nested(elem_type, depth))
            .collect::<Result<Vec<_>>>()?;
        Ok(Array { elem_type, items })
    }
}
