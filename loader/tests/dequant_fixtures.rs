//! Bit-exact comparison with gguf-py's dequantization (fixtures by
//! scripts/oracle/make_dequant_fixtures.py).

use std::path::PathBuf;

use gguf::GgmlType;
use loader::dequant::{
    dequantize_to_vec, group_layout, is_supported, split_groups, Code, DequantError,
};

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/dequant")
}

fn ggml_type(name: &str) -> GgmlType {
    (0..64)
        .filter_map(GgmlType::from_id)
        .find(|t| t.name() == name)
        .unwrap_or_else(|| panic!("unknown type {name}"))
}

fn le_f32(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn matches_gguf_py_bit_for_bit() {
    let dir = fixture_dir();
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let cases = manifest.as_array().unwrap();
    assert!(cases.len() >= 24);
    for case in cases {
        let stem = case["stem"].as_str().unwrap();
        let ty = ggml_type(case["type"].as_str().unwrap());
        let n = case["elements"].as_u64().unwrap() as usize;
        let raw = std::fs::read(dir.join(format!("{stem}.bin"))).unwrap();
        let expected = le_f32(&std::fs::read(dir.join(format!("{stem}.f32"))).unwrap());
        let got = dequantize_to_vec(ty, &raw, n).unwrap();
        assert_eq!(got.len(), expected.len(), "{stem}");
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            assert_eq!(g.to_bits(), e.to_bits(), "{stem}[{i}]: {g} != {e}");
        }
    }
}

#[test]
fn every_required_type_is_supported() {
    use GgmlType::*;
    for ty in [
        F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K, MXFP4, IQ4_NL, IQ4_XS,
        Q2_K, Q3_K,
    ] {
        assert!(is_supported(ty), "{ty}");
    }
    assert!(!is_supported(IQ2_XXS));
}

#[test]
fn bad_input_is_a_typed_error() {
    assert!(matches!(
        dequantize_to_vec(GgmlType::Q4_1, &[0; 19], 32),
        Err(DequantError::SizeMismatch { .. })
    ));
    assert!(matches!(
        dequantize_to_vec(GgmlType::Q4_1, &[0; 20], 33),
        Err(DequantError::SizeMismatch { .. })
    ));
    assert!(matches!(
        dequantize_to_vec(GgmlType::IQ2_XXS, &[0; 66], 256),
        Err(DequantError::Unsupported(GgmlType::IQ2_XXS))
    ));
}

/// The group form (codes and per-group scale and min) gives back gguf-py's values bit for bit.
#[test]
fn group_form_matches_gguf_py_bit_for_bit() {
    let dir = fixture_dir();
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for case in manifest.as_array().unwrap() {
        let stem = case["stem"].as_str().unwrap();
        let ty = ggml_type(case["type"].as_str().unwrap());
        let Some(layout) = group_layout(ty) else {
            continue;
        };
        let n = case["elements"].as_u64().unwrap() as usize;
        let raw = std::fs::read(dir.join(format!("{stem}.bin"))).unwrap();
        let expected = le_f32(&std::fs::read(dir.join(format!("{stem}.f32"))).unwrap());
        let groups = split_groups(ty, &raw, n).unwrap();
        assert_eq!(groups.codes.len(), n, "{stem}");
        assert_eq!(groups.scales.len(), n / layout.group, "{stem}");
        assert_eq!(
            groups.mins.len(),
            groups.scales.len() * usize::from(layout.min.is_some())
        );
        let range = match layout.code {
            Code::U4 => 0..=15,
            Code::I4 => -8..=7,
            Code::I8 => -128..=127,
            Code::U5 => 0..=31,
            Code::I5 => -16..=15,
            Code::I6 => -32..=31,
            Code::E2M1 => -12..=12,
            Code::NL4 => -127..=113,
            Code::U2 => 0..=3,
            Code::I3 => -4..=3,
        };
        for (i, e) in expected.iter().enumerate() {
            assert!(range.contains(&groups.codes[i]), "{stem}[{i}]");
            let g = groups.value(i);
            assert_eq!(g.to_bits(), e.to_bits(), "{stem}[{i}]: {g} != {e}");
        }
        seen.insert(ty.name());
    }
    let want = [
        "IQ4_NL", "IQ4_XS", "MXFP4", "Q2_K", "Q3_K", "Q4_0", "Q4_1", "Q4_K", "Q5_0", "Q5_1",
        "Q5_K", "Q6_K", "Q8_0",
    ];
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), want);
}
