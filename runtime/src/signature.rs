//! Function signatures as IREE reflects them (`iree.abi.declaration`), so
//! arguments can be checked before a call and outputs sized ahead of time.

use std::fmt;

use super::error::{Result, RuntimeError};

/// Element types the shim can pass across the boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DType {
    I32,
    I64,
    F32,
}

impl DType {
    pub fn size(self) -> usize {
        match self {
            DType::I32 | DType::F32 => 4,
            DType::I64 => 8,
        }
    }

    fn parse(text: &str) -> Option<DType> {
        match text {
            "i32" | "si32" => Some(DType::I32),
            "i64" | "si64" => Some(DType::I64),
            "f32" => Some(DType::F32),
            _ => None,
        }
    }

    pub(crate) fn from_raw(raw: runtime_sys::shim_dtype_e) -> DType {
        match raw {
            runtime_sys::shim_dtype_e::SHIM_DTYPE_I32 => DType::I32,
            runtime_sys::shim_dtype_e::SHIM_DTYPE_I64 => DType::I64,
            runtime_sys::shim_dtype_e::SHIM_DTYPE_F32 => DType::F32,
        }
    }

    pub(crate) fn raw(self) -> runtime_sys::shim_dtype_e {
        match self {
            DType::I32 => runtime_sys::shim_dtype_e::SHIM_DTYPE_I32,
            DType::I64 => runtime_sys::shim_dtype_e::SHIM_DTYPE_I64,
            DType::F32 => runtime_sys::shim_dtype_e::SHIM_DTYPE_F32,
        }
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::F32 => "f32",
        })
    }
}

/// A tensor type from a signature; `None` dims are dynamic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorType {
    pub dims: Vec<Option<usize>>,
    /// `None` when the element type is one the shim cannot exchange.
    pub dtype: Option<DType>,
    /// The element type as written, for messages.
    pub element: String,
}

impl TensorType {
    /// Parses `tensor<4x?x8xf32>` / `tensor<i32>`.
    pub fn parse(text: &str) -> Option<TensorType> {
        let inner = text.trim().strip_prefix("tensor<")?.strip_suffix('>')?;
        let mut parts: Vec<&str> = inner.split('x').collect();
        let element = parts.pop()?.trim();
        let dims = parts
            .iter()
            .map(|d| {
                if *d == "?" {
                    Ok(None)
                } else {
                    d.parse().map(Some)
                }
            })
            .collect::<std::result::Result<Vec<_>, _>>()
            .ok()?;
        Some(TensorType {
            dims,
            dtype: DType::parse(element),
            element: element.to_string(),
        })
    }

    /// The element count when every dim is static.
    pub fn static_len(&self) -> Option<usize> {
        self.dims
            .iter()
            .try_fold(1usize, |acc, d| d.map(|d| acc * d))
    }

    pub fn matches(&self, dtype: DType, shape: &[usize]) -> bool {
        self.dtype == Some(dtype)
            && self.dims.len() == shape.len()
            && self
                .dims
                .iter()
                .zip(shape)
                .all(|(d, s)| d.is_none_or(|d| d == *s))
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.dims {
            match d {
                Some(d) => write!(f, "{d}x")?,
                None => f.write_str("?x")?,
            }
        }
        write!(f, "{}>", self.element)
    }
}

/// Arguments and results of an exported function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    pub arguments: Vec<TensorType>,
    pub results: Vec<TensorType>,
}

impl Signature {
    /// Parses IREE's declaration text, e.g.
    /// `sync func @f(%a: tensor<4xf32>, %b: tensor<i32>) -> (%r: tensor<4xf32>)`.
    pub fn parse(function: &str, declaration: &str) -> Result<Signature> {
        let bad = |detail: &str| RuntimeError::Signature {
            function: function.to_string(),
            detail: format!("{detail} in declaration `{declaration}`"),
        };
        let open = declaration
            .find('(')
            .ok_or_else(|| bad("no argument list"))?;
        let (arguments, rest) =
            split_group(&declaration[open..]).ok_or_else(|| bad("unbalanced"))?;
        let results = match rest.trim_start().strip_prefix("->") {
            Some(tail) => {
                let tail = tail.trim();
                if tail.starts_with('(') {
                    split_group(tail)
                        .ok_or_else(|| bad("unbalanced results"))?
                        .0
                } else {
                    tail
                }
            }
            None => "",
        };
        Ok(Signature {
            arguments: parse_types(arguments).ok_or_else(|| bad("unsupported argument type"))?,
            results: parse_types(results).ok_or_else(|| bad("unsupported result type"))?,
        })
    }
}

/// Returns the text inside the leading parenthesised group and what follows.
fn split_group(text: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '<' => depth += 1,
            ')' | '>' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return Some((&text[1..i], &text[i + 1..]));
        }
    }
    None
}

/// Splits a comma list at depth 0 and parses each `%name: type` entry.
fn parse_types(list: &str) -> Option<Vec<TensorType>> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in list.char_indices() {
        match c {
            '<' | '(' | '{' => depth += 1,
            '>' | ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&list[start..]);
    items
        .into_iter()
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            let ty = item.split_once(':').map_or(item, |(_, ty)| ty).trim();
            // Drop trailing attributes such as `{iree.abi.output = 0}`.
            let ty = ty.split_once(" {").map_or(ty, |(ty, _)| ty).trim();
            TensorType::parse(ty)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_declaration() {
        let sig = Signature::parse(
            "f",
            "sync func @f(%input0: tensor<4x?xf32>, %input1: tensor<i32>) -> (%output0: tensor<8xi64>)",
        )
        .unwrap();
        assert_eq!(sig.arguments.len(), 2);
        assert_eq!(sig.arguments[0].dims, vec![Some(4), None]);
        assert_eq!(sig.arguments[1].dtype, Some(DType::I32));
        assert!(sig.arguments[1].dims.is_empty());
        assert_eq!(sig.results[0].to_string(), "tensor<8xi64>");
    }

    #[test]
    fn parses_no_results_and_unknown_element() {
        let sig = Signature::parse("g", "sync func @g(%a: tensor<2xbf16>)").unwrap();
        assert!(sig.results.is_empty());
        assert_eq!(sig.arguments[0].dtype, None);
        assert_eq!(sig.arguments[0].element, "bf16");
    }

    #[test]
    fn matches_respects_dynamic_dims() {
        let ty = TensorType::parse("tensor<?x3xf32>").unwrap();
        assert!(ty.matches(DType::F32, &[7, 3]));
        assert!(!ty.matches(DType::F32, &[7, 4]));
        assert!(!ty.matches(DType::I32, &[7, 3]));
    }
}
