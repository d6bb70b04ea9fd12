//! Metadata arrays, stored as compactly as the file stores them.
//!
//! A vocabulary is hundreds of thousands of strings or numbers. Held as one `Value` per element,
//! an array of bytes would take 32 times the file's bytes; here every element takes no more
//! memory than its smallest encoding, so no allocation the reader makes outgrows the file.

use crate::value::{Value, ValueType};

/// A homogeneous metadata array; the element type is kept so that empty arrays stay typed.
/// Arrays of arrays are not supported (no model file uses them).
#[derive(Debug, Clone, PartialEq)]
pub struct Array {
    items: Items,
}

#[derive(Debug, Clone, PartialEq)]
enum Items {
    U8(Vec<u8>),
    I8(Vec<i8>),
    U16(Vec<u16>),
    I16(Vec<i16>),
    U32(Vec<u32>),
    I32(Vec<i32>),
    F32(Vec<f32>),
    Bool(Vec<bool>),
    String(Strings),
    U64(Vec<u64>),
    I64(Vec<i64>),
    F64(Vec<f64>),
}

/// Strings end to end in one buffer: 8 bytes of bookkeeping per string, as in the file.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Strings {
    text: String,
    ends: Vec<usize>,
}

impl Strings {
    pub(crate) fn with_capacity(count: usize, bytes: usize) -> Strings {
        Strings {
            text: String::with_capacity(bytes),
            ends: Vec::with_capacity(count),
        }
    }

    pub(crate) fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.ends.push(self.text.len());
    }

    fn get(&self, i: usize) -> Option<&str> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        Some(&self.text[start..end])
    }
}

/// One element of an [`Array`], borrowed: numbers as scalar [`Value`]s, strings as slices of the
/// array.
#[derive(Debug, Clone, PartialEq)]
pub enum Item<'a> {
    Number(Value),
    Str(&'a str),
}

impl Item<'_> {
    /// Any integer that is non-negative (as [`Value::as_u64`]).
    pub fn as_u64(&self) -> Option<u64> {
        self.number().and_then(|v| v.as_u64())
    }

    /// Any integer that fits in i64.
    pub fn as_i64(&self) -> Option<i64> {
        self.number().and_then(|v| v.as_i64())
    }

    /// Floats, and integers (exact up to 2^53).
    pub fn as_f64(&self) -> Option<f64> {
        self.number().and_then(|v| v.as_f64())
    }

    pub fn as_bool(&self) -> Option<bool> {
        self.number().and_then(|v| v.as_bool())
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Item::Str(s) => Some(s),
            Item::Number(_) => None,
        }
    }

    fn number(&self) -> Option<&Value> {
        match self {
            Item::Number(n) => Some(n),
            Item::Str(_) => None,
        }
    }

    /// The element as an owned value.
    pub fn to_value(&self) -> Value {
        match self {
            Item::Number(n) => n.clone(),
            Item::Str(s) => Value::String((*s).to_owned()),
        }
    }
}

macro_rules! each_numeric {
    ($items:expr, $v:ident => $body:expr, strings $s:ident => $sbody:expr) => {
        match $items {
            Items::U8($v) => $body,
            Items::I8($v) => $body,
            Items::U16($v) => $body,
            Items::I16($v) => $body,
            Items::U32($v) => $body,
            Items::I32($v) => $body,
            Items::F32($v) => $body,
            Items::Bool($v) => $body,
            Items::U64($v) => $body,
            Items::I64($v) => $body,
            Items::F64($v) => $body,
            Items::String($s) => $sbody,
        }
    };
}

impl Array {
    pub fn elem_type(&self) -> ValueType {
        match &self.items {
            Items::U8(_) => ValueType::U8,
            Items::I8(_) => ValueType::I8,
            Items::U16(_) => ValueType::U16,
            Items::I16(_) => ValueType::I16,
            Items::U32(_) => ValueType::U32,
            Items::I32(_) => ValueType::I32,
            Items::F32(_) => ValueType::F32,
            Items::Bool(_) => ValueType::Bool,
            Items::String(_) => ValueType::String,
            Items::U64(_) => ValueType::U64,
            Items::I64(_) => ValueType::I64,
            Items::F64(_) => ValueType::F64,
        }
    }

    pub fn len(&self) -> usize {
        each_numeric!(&self.items, v => v.len(), strings s => s.ends.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, i: usize) -> Option<Item<'_>> {
        let n = |v: Option<Value>| v.map(Item::Number);
        match &self.items {
            Items::U8(v) => n(v.get(i).map(|&x| Value::U8(x))),
            Items::I8(v) => n(v.get(i).map(|&x| Value::I8(x))),
            Items::U16(v) => n(v.get(i).map(|&x| Value::U16(x))),
            Items::I16(v) => n(v.get(i).map(|&x| Value::I16(x))),
            Items::U32(v) => n(v.get(i).map(|&x| Value::U32(x))),
            Items::I32(v) => n(v.get(i).map(|&x| Value::I32(x))),
            Items::F32(v) => n(v.get(i).map(|&x| Value::F32(x))),
            Items::Bool(v) => n(v.get(i).map(|&x| Value::Bool(x))),
            Items::U64(v) => n(v.get(i).map(|&x| Value::U64(x))),
            Items::I64(v) => n(v.get(i).map(|&x| Value::I64(x))),
            Items::F64(v) => n(v.get(i).map(|&x| Value::F64(x))),
            Items::String(s) => s.get(i).map(Item::Str),
        }
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = Item<'_>> + '_ {
        (0..self.len()).map(|i| self.get(i).expect("index below len"))
    }

    /// The first `n` elements (all of them when there are fewer).
    pub fn truncated(&self, n: usize) -> Array {
        let keep = |len: usize| len.min(n);
        let items = match &self.items {
            Items::String(s) => {
                let mut out = Strings::default();
                (0..keep(s.ends.len())).for_each(|i| out.push(s.get(i).expect("in range")));
                Items::String(out)
            }
            Items::U8(v) => Items::U8(v[..keep(v.len())].to_vec()),
            Items::I8(v) => Items::I8(v[..keep(v.len())].to_vec()),
            Items::U16(v) => Items::U16(v[..keep(v.len())].to_vec()),
            Items::I16(v) => Items::I16(v[..keep(v.len())].to_vec()),
            Items::U32(v) => Items::U32(v[..keep(v.len())].to_vec()),
            Items::I32(v) => Items::I32(v[..keep(v.len())].to_vec()),
            Items::F32(v) => Items::F32(v[..keep(v.len())].to_vec()),
            Items::Bool(v) => Items::Bool(v[..keep(v.len())].to_vec()),
            Items::U64(v) => Items::U64(v[..keep(v.len())].to_vec()),
            Items::I64(v) => Items::I64(v[..keep(v.len())].to_vec()),
            Items::F64(v) => Items::F64(v[..keep(v.len())].to_vec()),
        };
        Array { items }
    }

    pub fn strings<'s>(items: impl IntoIterator<Item = &'s str>) -> Array {
        let mut out = Strings::default();
        items.into_iter().for_each(|s| out.push(s));
        Array::from(out)
    }
}

impl From<Strings> for Array {
    fn from(s: Strings) -> Array {
        Array {
            items: Items::String(s),
        }
    }
}

macro_rules! from_vec {
    ($($t:ty => $variant:ident),*) => {$(
        impl From<Vec<$t>> for Array {
            fn from(v: Vec<$t>) -> Array {
                Array { items: Items::$variant(v) }
            }
        }
    )*};
}

from_vec!(u8 => U8, i8 => I8, u16 => U16, i16 => I16, u32 => U32, i32 => I32, f32 => F32,
    bool => Bool, u64 => U64, i64 => I64, f64 => F64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_read_back_in_order_and_truncate() {
        let a = Array::strings(["", "é", "abc"]);
        assert_eq!(a.elem_type(), ValueType::String);
        let all: Vec<_> = a.iter().map(|i| i.as_str().unwrap().to_owned()).collect();
        assert_eq!(all, ["", "é", "abc"]);
        assert_eq!(a.get(3), None);
        assert_eq!(a.truncated(2).len(), 2);
        assert_eq!(a.truncated(9), a);
    }

    #[test]
    fn numbers_convert_like_values() {
        let a = Array::from(vec![-1i32, 7]);
        assert_eq!(a.get(0).unwrap().as_u64(), None);
        assert_eq!(a.get(1).unwrap().as_u64(), Some(7));
        assert_eq!(a.get(1).unwrap().as_str(), None);
        assert!(Array::from(Vec::<f32>::new()).is_empty());
        assert_eq!(
            Array::from(vec![0.5f32]).get(0).unwrap().as_f64(),
            Some(0.5)
        );
    }
}
