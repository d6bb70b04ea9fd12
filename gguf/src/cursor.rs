use crate::array::{Array, Strings};
use crate::error::{Error, Result};
use crate::value::{Value, ValueType};

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
            ValueType::Array => Value::Array(self.array_value()?),
            ValueType::U64 => Value::U64(u64::from_le_bytes(self.array(W)?)),
            ValueType::I64 => Value::I64(i64::from_le_bytes(self.array(W)?)),
            ValueType::F64 => Value::F64(f64::from_le_bytes(self.array(W)?)),
        })
    }

    /// Each element is stored in no more bytes than its smallest encoding, and the count was
    /// checked against the rest of the file, so no allocation here outgrows the file.
    fn array_value(&mut self) -> Result<Array> {
        let offset = self.position();
        let elem_type = self.value_type()?;
        let count = self.count("array length", elem_type.min_encoded_size())? as usize;
        Ok(match elem_type {
            ValueType::U8 => self.numbers(count, u8::from_le_bytes)?.into(),
            ValueType::I8 => self.numbers(count, i8::from_le_bytes)?.into(),
            ValueType::U16 => self.numbers(count, u16::from_le_bytes)?.into(),
            ValueType::I16 => self.numbers(count, i16::from_le_bytes)?.into(),
            ValueType::U32 => self.numbers(count, u32::from_le_bytes)?.into(),
            ValueType::I32 => self.numbers(count, i32::from_le_bytes)?.into(),
            ValueType::F32 => self.numbers(count, f32::from_le_bytes)?.into(),
            ValueType::Bool => self.numbers(count, |[b]: [u8; 1]| b != 0)?.into(),
            ValueType::U64 => self.numbers(count, u64::from_le_bytes)?.into(),
            ValueType::I64 => self.numbers(count, i64::from_le_bytes)?.into(),
            ValueType::F64 => self.numbers(count, f64::from_le_bytes)?.into(),
            ValueType::String => self.strings(count)?.into(),
            ValueType::Array => return Err(Error::NestedArray { offset }),
        })
    }

    fn numbers<const N: usize, T>(
        &mut self,
        count: usize,
        convert: fn([u8; N]) -> T,
    ) -> Result<Vec<T>> {
        // `count` passed `count()`, so count * N cannot overflow.
        let bytes = self.take((count * N) as u64, "array elements")?;
        Ok(bytes
            .chunks_exact(N)
            .map(|c| convert(c.try_into().expect("chunks of N bytes")))
            .collect())
    }

    /// Two passes: the first sums the lengths, so the text buffer is allocated once, exactly.
    fn strings(&mut self, count: usize) -> Result<Strings> {
        const W: &str = "string array element";
        let mut scan = Cursor {
            buf: self.buf,
            pos: self.pos,
        };
        let mut bytes = 0usize;
        for _ in 0..count {
            let len = scan.u64(W)?;
            bytes += scan.take(len, W)?.len();
        }
        let mut out = Strings::with_capacity(count, bytes);
        for _ in 0..count {
            let len = self.u64(W)?;
            let offset = self.position();
            let text = std::str::from_utf8(self.take(len, W)?)
                .map_err(|_| Error::InvalidUtf8 { what: W, offset })?;
            out.push(text);
        }
        Ok(out)
    }
}
