//! Files written by `gguf::Writer` (or hand-crafted bytes) read back through `GgufFile`.

use gguf::{Array, Error, GgmlType, GgufFile, Value, ValueType, Writer};

fn open_bytes(bytes: &[u8]) -> Result<GgufFile, Error> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.gguf");
    std::fs::write(&path, bytes).unwrap();
    GgufFile::open(&path)
}

fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn sample() -> Writer {
    let mut w = Writer::new();
    w.metadata("general.architecture", Value::String("llama".into()))
        .metadata("llama.block_count", Value::U32(2))
        .metadata("llama.rope.freq_base", Value::F32(10000.0))
        .metadata("neg", Value::I64(-5))
        .metadata("flag", Value::Bool(true))
        .metadata("tokens", Value::Array(Array::strings(["a", "é"])))
        .metadata("empty", Value::Array(Array::from(Vec::<i32>::new())))
        .tensor(
            "a",
            &[3, 2],
            GgmlType::F32,
            f32_bytes(&[1., 2., 3., 4., 5., 6.]),
        )
        .tensor("b", &[32], GgmlType::Q8_0, vec![7u8; 34]);
    w
}

#[test]
fn metadata_round_trips_with_typed_accessors() {
    let f = open_bytes(&sample().to_bytes()).unwrap();
    assert_eq!(f.version(), 3);
    assert_eq!(f.architecture().unwrap(), "llama");
    assert_eq!(f.get_u64("llama.block_count").unwrap(), 2);
    assert_eq!(f.get_f64("llama.rope.freq_base").unwrap(), 10000.0);
    assert_eq!(f.get_i64("neg").unwrap(), -5);
    assert!(f.get_bool("flag").unwrap());
    let tokens = f.get_array("tokens").unwrap();
    assert_eq!(tokens.get(1).unwrap().as_str(), Some("é"));
    let empty = f.get_array("empty").unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.elem_type(), ValueType::I32);
    assert_eq!(f.metadata().len(), 7);
}

#[test]
fn typed_getters_explain_missing_and_mistyped_keys() {
    let f = open_bytes(&sample().to_bytes()).unwrap();
    assert!(matches!(f.get_u64("nope"), Err(Error::MissingKey(k)) if k == "nope"));
    assert!(matches!(f.get_u64("neg"), Err(Error::KeyType { .. })));
    assert!(matches!(
        f.get_str("flag"),
        Err(Error::KeyType { found: "bool", .. })
    ));
}

#[test]
fn tensor_infos_and_data_are_exact() {
    let f = open_bytes(&sample().to_bytes()).unwrap();
    let a = f.tensor("a").unwrap();
    assert_eq!(a.dims, vec![3, 2]);
    assert_eq!(a.row_major_shape(), vec![2, 3]);
    assert_eq!(a.ggml_type, GgmlType::F32);
    assert_eq!(
        f.tensor_data(a).unwrap(),
        f32_bytes(&[1., 2., 3., 4., 5., 6.])
    );
    let b = f.tensor("b").unwrap();
    assert_eq!(b.size, 34);
    assert_eq!(b.offset % 32, 0);
    assert_eq!(f.tensor_data(b).unwrap(), vec![7u8; 34]);
    assert_eq!(f.data_offset() % 32, 0);
    assert!(matches!(f.tensor("zzz"), Err(Error::NoSuchTensor(_))));
}

#[test]
fn custom_alignment_is_honoured() {
    let mut w = sample();
    w.metadata("general.alignment", Value::U32(64));
    let f = open_bytes(&w.to_bytes()).unwrap();
    assert_eq!(f.alignment(), 64);
    assert_eq!(f.data_offset() % 64, 0);
    let b = f.tensor("b").unwrap();
    assert_eq!(b.offset % 64, 0);
    assert_eq!(f.tensor_data(b).unwrap(), vec![7u8; 34]);
}

#[test]
fn every_truncation_is_a_typed_error() {
    let bytes = sample().to_bytes();
    for len in 0..bytes.len() {
        let err = open_bytes(&bytes[..len]).unwrap_err();
        assert!(
            matches!(
                err,
                Error::Truncated { .. }
                    | Error::AbsurdCount { .. }
                    | Error::TensorOutOfBounds { .. }
            ),
            "len {len}: {err}"
        );
    }
}

#[test]
fn bad_magic_and_versions_are_refused() {
    let mut bytes = sample().to_bytes();
    bytes[0] = b'X';
    assert!(matches!(open_bytes(&bytes), Err(Error::BadMagic(_))));
    for version in [1u32, 4, 3u32.swap_bytes()] {
        let mut bytes = sample().to_bytes();
        bytes[4..8].copy_from_slice(&version.to_le_bytes());
        assert!(matches!(open_bytes(&bytes), Err(Error::UnsupportedVersion(v)) if v == version));
    }
}

/// Magic, version 3 and the two counts, then the first key or tensor name (one byte long).
fn header(n_tensors: u64, n_kv: u64, first_name: u8) -> Vec<u8> {
    let mut b = b"GGUF".to_vec();
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(&n_tensors.to_le_bytes());
    b.extend_from_slice(&n_kv.to_le_bytes());
    b.extend_from_slice(&1u64.to_le_bytes());
    b.push(first_name);
    b
}

/// Header with one metadata entry whose encoded value is supplied raw.
fn one_kv(type_id: u32, value: &[u8]) -> Vec<u8> {
    let mut b = header(0, 1, b'k');
    b.extend_from_slice(&type_id.to_le_bytes());
    b.extend_from_slice(value);
    b
}

#[test]
fn unknown_value_type_is_refused() {
    let err = open_bytes(&one_kv(13, &[0; 8])).unwrap_err();
    assert!(
        matches!(err, Error::UnknownValueType { type_id: 13, .. }),
        "{err}"
    );
}

#[test]
fn absurd_lengths_do_not_allocate() {
    let mut huge_string = u64::MAX.to_le_bytes().to_vec();
    huge_string.extend_from_slice(b"abc");
    assert!(matches!(
        open_bytes(&one_kv(8, &huge_string)),
        Err(Error::Truncated { .. })
    ));

    let mut huge_array = 10u32.to_le_bytes().to_vec();
    huge_array.extend_from_slice(&(u64::MAX / 4).to_le_bytes());
    assert!(matches!(
        open_bytes(&one_kv(9, &huge_array)),
        Err(Error::AbsurdCount { .. })
    ));

    let huge_tensor_count = header(u64::MAX, 0, b't');
    assert!(matches!(
        open_bytes(&huge_tensor_count),
        Err(Error::AbsurdCount { .. })
    ));
}

#[test]
fn arrays_of_arrays_are_refused() {
    let mut value = Vec::new();
    for _ in 0..10_000 {
        value.extend_from_slice(&9u32.to_le_bytes());
        value.extend_from_slice(&1u64.to_le_bytes());
    }
    let err = open_bytes(&one_kv(9, &value)).unwrap_err();
    assert!(matches!(err, Error::NestedArray { offset: 37 }), "{err}");
}

#[test]
fn invalid_utf8_is_refused() {
    let mut value = 2u64.to_le_bytes().to_vec();
    value.extend_from_slice(&[0xff, 0xfe]);
    assert!(matches!(
        open_bytes(&one_kv(8, &value)),
        Err(Error::InvalidUtf8 { .. })
    ));
}

#[test]
fn duplicate_keys_and_tensors_are_refused() {
    let mut w = sample();
    w.metadata("flag", Value::Bool(false));
    assert!(matches!(open_bytes(&w.to_bytes()), Err(Error::DuplicateKey(k)) if k == "flag"));
    let mut w = sample();
    w.tensor("a", &[1], GgmlType::F32, vec![0; 4]);
    assert!(matches!(open_bytes(&w.to_bytes()), Err(Error::DuplicateTensor(t)) if t == "a"));
}

/// A file holding one tensor "t" with the given raw info fields and `data_len` data bytes.
fn single_tensor(dims: &[u64], type_id: u32, offset: u64, data_len: usize) -> Vec<u8> {
    let mut b = header(1, 0, b't');
    b.extend_from_slice(&(dims.len() as u32).to_le_bytes());
    dims.iter()
        .for_each(|d| b.extend_from_slice(&d.to_le_bytes()));
    b.extend_from_slice(&type_id.to_le_bytes());
    b.extend_from_slice(&offset.to_le_bytes());
    b.resize(b.len().div_ceil(32) * 32 + data_len, 0);
    b
}

#[test]
fn tensor_info_problems_are_typed_errors() {
    assert!(open_bytes(&single_tensor(&[4], 0, 0, 16)).is_ok());
    type Check = fn(&Error) -> bool;
    let cases: Vec<(Vec<u8>, Check)> = vec![
        (single_tensor(&[4], 4, 0, 16), |e| {
            matches!(e, Error::UnknownGgmlType { type_id: 4, .. })
        }),
        (single_tensor(&[1; 5], 0, 0, 16), |e| {
            matches!(e, Error::TooManyDims { n_dims: 5, .. })
        }),
        (single_tensor(&[4], 0, 8, 64), |e| {
            matches!(e, Error::MisalignedTensor { .. })
        }),
        (single_tensor(&[4], 0, 0, 15), |e| {
            matches!(e, Error::TensorOutOfBounds { .. })
        }),
        (single_tensor(&[4], 0, u64::MAX - 31, 16), |e| {
            matches!(e, Error::TensorOutOfBounds { .. })
        }),
        (single_tensor(&[16], 8, 0, 64), |e| {
            matches!(e, Error::BadShape { .. })
        }),
        (single_tensor(&[1 << 40, 1 << 40], 0, 0, 16), |e| {
            matches!(e, Error::BadShape { .. })
        }),
    ];
    for (i, (bytes, check)) in cases.iter().enumerate() {
        let err = open_bytes(bytes).unwrap_err();
        assert!(check(&err), "case {i}: {err}");
    }
}

#[test]
fn bad_alignment_is_refused() {
    let mut w = sample();
    w.metadata("general.alignment", Value::U32(24));
    assert!(matches!(
        open_bytes(&w.to_bytes()),
        Err(Error::BadAlignment(24))
    ));
}
