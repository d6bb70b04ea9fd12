//! Block formats written at the file's own bits (`StoredFormat::Compact`) give back the
//! dequantized values (gguf-py's, see dequant_fixtures.rs) bit for bit, read as the kernels
//! read them: table codes as 4-bit indices, exponent and super-block maps as the file keeps
//! them, row tiles with padding groups.

use gguf::{GgmlType, Value, Writer};
use loader::dequant::{compact_layout, dequantize_to_vec, Code, SubScales};
use loader::{Dtype, Model, StoredFormat, Tiling, WeightPlan, TILE_ROWS};

const NAME: &str = "model.layers.0.mlp.down_proj.weight";

/// Random block bytes with every f16 field finite (0.01) where the type has one.
fn blocks(ty: GgmlType, n: usize, seed: u64) -> Vec<u8> {
    let mut state = seed;
    let size = ty.type_size() as usize;
    let mut raw: Vec<u8> = (0..n / ty.block_size() as usize * size)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let f16_fields: &[usize] = match ty {
        GgmlType::MXFP4 => &[],
        GgmlType::Q2_K => &[80, 82],
        GgmlType::Q3_K => &[108],
        _ => &[0],
    };
    for b in raw.chunks_exact_mut(size) {
        for &at in f16_fields {
            b[at..at + 2].copy_from_slice(&half::f16::from_f32(0.01).to_le_bytes());
        }
    }
    raw
}

/// One stored tensor's bytes by name.
fn parts(path: &std::path::Path) -> std::collections::BTreeMap<String, (Vec<usize>, Vec<u8>)> {
    let bytes = std::fs::read(path).unwrap();
    let st = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    st.tensors()
        .into_iter()
        .map(|(name, view)| (name, (view.shape().to_vec(), view.data().to_vec())))
        .collect()
}

/// Row r, column c of a `[rows, cols]` weight stored compact as `ty`, decoded as the kernels
/// decode it.
fn stored_value(
    ty: GgmlType,
    codes: &[u8],
    [scales, mins]: [&[u8]; 2],
    groups: usize,
    r: usize,
    c: usize,
) -> f32 {
    let layout = compact_layout(ty).unwrap();
    let (t, j, g, k) = (
        r / TILE_ROWS,
        r % TILE_ROWS,
        c / layout.group,
        c % layout.group,
    );
    let input = (t * groups + g) * layout.group + k;
    let q = match layout.code {
        code @ (Code::E2M1 | Code::NL4) => {
            let index = (codes[input * TILE_ROWS / 2 + j / 2] >> (4 * (j % 2))) & 0x0F;
            code.table().unwrap()[usize::from(index)]
        }
        Code::U2 => ((codes[input * 4 + j / 4] >> (2 * (j % 4))) & 0x03) as i8,
        Code::I3 => {
            // The group's two-bit words, then its 16-bit words of third bits.
            let at = (t * groups + g) * layout.group * 6;
            let low = (codes[at + k * 4 + j / 4] >> (2 * (j % 4))) & 0x03;
            let high = (codes[at + layout.group * 4 + k * 2 + j / 8] >> (j % 8)) & 1;
            (low | high << 2) as i8 - 4
        }
        other => panic!("the test decodes no {other:?} codes"),
    };
    let map_at = (t * groups + g) * TILE_ROWS + j;
    let scale = match layout.sub_scales {
        None if layout.scale == Dtype::F16 => {
            half::f16::from_le_bytes([scales[2 * map_at], scales[2 * map_at + 1]]).to_f32()
        }
        Some(kind @ (SubScales::SixBitSigned | SubScales::SixBitSigned16)) => {
            // Per tile and super-block: the rows' f16 d, the groups' low nibbles, their top bits.
            let per = kind.groups_per_block();
            let (block, k) = (g / per, g % per);
            let p = (t * groups / per + block) * kind.block_bytes();
            let d = half::f16::from_le_bytes([scales[p + 2 * j], scales[p + 2 * j + 1]]);
            let low = (scales[p + 32 + k * 8 + j / 2] >> (4 * (j % 2))) & 0x0F;
            let top = (scales[p + 32 + per * 8 + k * 4 + j / 4] >> (2 * (j % 4))) & 0x03;
            kind.scale(d.to_f32(), low | top << 4)
        }
        Some(kind @ SubScales::FourBit) => {
            // Per tile and super-block: the rows' f16 factor, 16 groups' nibbles.
            let (block, k) = (g / 16, g % 16);
            let p = (t * groups / 16 + block) * kind.block_bytes();
            let four_bit = |maps: &[u8]| {
                let d = half::f16::from_le_bytes([maps[p + 2 * j], maps[p + 2 * j + 1]]);
                kind.scale(
                    d.to_f32(),
                    (maps[p + 32 + k * 8 + j / 2] >> (4 * (j % 2))) & 0x0F,
                )
            };
            let value = four_bit(scales) * f32::from(q);
            return value - four_bit(mins);
        }
        Some(SubScales::E8M0) => SubScales::E8M0.scale(0.0, scales[map_at]),
        other => panic!("the test decodes no {other:?} maps"),
    };
    scale * f32::from(q)
}

#[test]
fn compact_forms_give_back_the_dequantized_values() {
    // 96 inputs: 3 groups of 32, stored as 4 (one padding group); super-blocks take 512.
    for (i, ty) in [
        GgmlType::MXFP4,
        GgmlType::IQ4_NL,
        GgmlType::IQ4_XS,
        GgmlType::Q2_K,
        GgmlType::Q3_K,
    ]
    .into_iter()
    .enumerate()
    {
        let (rows, cols) = (32, if ty.block_size() == 256 { 512 } else { 96 });
        let dir = tempfile::tempdir().unwrap();
        let raw = blocks(ty, rows * cols, 0x9E37_79B9 + i as u64);
        let expected = dequantize_to_vec(ty, &raw, rows * cols).unwrap();
        let mut writer = Writer::new();
        let u = |v: u32| Value::U32(v);
        writer
            .metadata("general.architecture", Value::String("llama".into()))
            .metadata("llama.embedding_length", u(rows as u32))
            .metadata("llama.attention.head_count", u(4))
            .metadata("llama.attention.head_count_kv", u(2))
            .metadata("llama.feed_forward_length", u(cols as u32))
            .metadata("llama.block_count", u(1))
            .metadata("llama.context_length", u(128))
            .metadata("llama.vocab_size", u(40))
            .metadata("llama.attention.layer_norm_rms_epsilon", Value::F32(1e-5))
            .tensor(
                "token_embd.weight",
                &[rows as u64, 40],
                GgmlType::F32,
                vec![0; rows * 160],
            )
            .tensor(
                "blk.0.ffn_down.weight",
                &[cols as u64, rows as u64],
                ty,
                raw,
            );
        let gguf = dir.path().join("m.gguf");
        writer.write(&gguf).unwrap();
        let model = Model::open(&gguf).unwrap();
        let plan: WeightPlan = [
            (NAME.to_string(), StoredFormat::Compact(ty)),
            (
                "model.embed_tokens.weight".to_string(),
                StoredFormat::Dense(Dtype::F32),
            ),
        ]
        .into();
        let path = dir.path().join("p.safetensors");
        model
            .write_planned_parameter_file(&path, &plan, &Tiling::of([NAME.to_string()]))
            .unwrap();
        let stored = parts(&path);
        let (codes_shape, codes) = &stored[&format!("{NAME}.codes")];
        let (_, scales) = &stored[&format!("{NAME}.scales")];
        let no_mins = (vec![], vec![]);
        let (_, mins) = stored.get(&format!("{NAME}.mins")).unwrap_or(&no_mins);
        let groups = codes_shape[1];
        let group = compact_layout(ty).unwrap().group;
        assert_eq!(
            groups,
            (cols / group).div_ceil(4) * 4,
            "{ty}: padded to the group multiple"
        );
        for r in 0..rows {
            for c in 0..cols {
                let got = stored_value(ty, codes, [scales, mins], groups, r, c);
                let want = expected[r * cols + c];
                assert_eq!(
                    got.to_bits(),
                    want.to_bits(),
                    "{ty} [{r}, {c}]: {got} != {want}"
                );
            }
        }
    }
}
