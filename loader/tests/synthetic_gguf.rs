//! Conversion of a tiny synthetic Llama GGUF: names, shapes, dequantized values, the q/k row
//! un-permutation, tied embeddings, caching and typed errors.

use std::collections::BTreeMap;
use std::path::Path;

use gguf::{GgmlType, Value, Writer};
use loader::dequant::DequantError;
use loader::{Dtype, Error, Model, ModelFormat, Precision, StoredFormat, Tiling, TILE_ROWS};

const HIDDEN: usize = 32;
const HEADS: usize = 4;
const KV_HEADS: usize = 2;
const HEAD_DIM: usize = HIDDEN / HEADS;
const FFN: usize = 64;
const VOCAB: usize = 40;
const LAYERS: usize = 2;

/// Deterministic values that are exact in f16 and in Q8_0 with scale 0.25.
fn values(seed: usize, n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| (((i * 7 + seed * 13) % 41) as f32 - 20.0) * 0.25)
        .collect()
}

/// llama.cpp's converter permutation of q/k rows (the inverse of what the loader undoes).
fn permute(hf: &[f32], n_heads: usize, row_len: usize) -> Vec<f32> {
    let half = hf.len() / row_len / n_heads / 2;
    let mut out = vec![0.0; hf.len()];
    for h in 0..n_heads {
        for j in 0..2 {
            for i in 0..half {
                let src = (h * 2 * half + j * half + i) * row_len;
                let dst = (h * 2 * half + i * 2 + j) * row_len;
                out[dst..dst + row_len].copy_from_slice(&hf[src..src + row_len]);
            }
        }
    }
    out
}

fn encode(ty: GgmlType, v: &[f32]) -> Vec<u8> {
    match ty {
        GgmlType::F32 => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        GgmlType::F16 => v
            .iter()
            .flat_map(|x| half::f16::from_f32(*x).to_le_bytes())
            .collect(),
        GgmlType::Q8_0 => v
            .chunks(32)
            .flat_map(|block| {
                let mut b = half::f16::from_f32(0.25).to_le_bytes().to_vec();
                b.extend(block.iter().map(|x| (x / 0.25) as i8 as u8));
                b
            })
            .collect(),
        other => panic!("test encoder lacks {other}"),
    }
}

struct Synthetic {
    writer: Writer,
    /// HF name -> (HF shape, HF-layout values)
    expected: BTreeMap<String, (Vec<usize>, Vec<f32>)>,
    seed: usize,
}

impl Synthetic {
    fn new(arch: &str) -> Self {
        let mut writer = Writer::new();
        let u = |v: usize| Value::U32(v as u32);
        writer
            .metadata("general.architecture", Value::String(arch.into()))
            .metadata(format!("{arch}.embedding_length"), u(HIDDEN))
            .metadata(format!("{arch}.attention.head_count"), u(HEADS))
            .metadata(format!("{arch}.attention.head_count_kv"), u(KV_HEADS))
            .metadata(format!("{arch}.feed_forward_length"), u(FFN))
            .metadata(format!("{arch}.block_count"), u(LAYERS))
            .metadata(format!("{arch}.context_length"), u(128))
            .metadata(format!("{arch}.vocab_size"), u(VOCAB))
            .metadata(
                format!("{arch}.attention.layer_norm_rms_epsilon"),
                Value::F32(1e-5),
            )
            .metadata(format!("{arch}.rope.freq_base"), Value::F32(10000.0))
            .metadata("tokenizer.ggml.bos_token_id", u(1))
            .metadata("tokenizer.ggml.eos_token_id", u(2));
        Synthetic {
            writer,
            expected: BTreeMap::new(),
            seed: 0,
        }
    }

    /// `rope_heads`: store rows permuted as llama.cpp does for q (heads) / k (kv heads).
    fn add(
        &mut self,
        gguf: &str,
        hf: &str,
        shape: &[usize],
        ty: GgmlType,
        rope_heads: Option<usize>,
    ) {
        self.seed += 1;
        let hf_values = values(self.seed, shape.iter().product());
        let row_len = *shape.last().unwrap();
        let stored = match rope_heads {
            Some(heads) => permute(&hf_values, heads, row_len),
            None => hf_values.clone(),
        };
        let dims: Vec<u64> = shape.iter().rev().map(|&d| d as u64).collect();
        self.writer.tensor(gguf, &dims, ty, encode(ty, &stored));
        self.expected.insert(hf.into(), (shape.to_vec(), hf_values));
    }

    fn llama(tied: bool) -> Self {
        Self::llama_with(tied, false)
    }

    /// `k_bias`: each layer's k projection has a bias of 16 f16 values (32 bytes), stored
    /// right after its weight.
    fn llama_with(tied: bool, k_bias: bool) -> Self {
        use GgmlType::*;
        let mut s = Synthetic::new("llama");
        s.add(
            "token_embd.weight",
            "model.embed_tokens.weight",
            &[VOCAB, HIDDEN],
            Q8_0,
            None,
        );
        for l in 0..LAYERS {
            let g = |p: &str| format!("blk.{l}.{p}.weight");
            let h = |p: &str| format!("model.layers.{l}.{p}.weight");
            let kv = KV_HEADS * HEAD_DIM;
            s.add(
                &g("attn_q"),
                &h("self_attn.q_proj"),
                &[HIDDEN, HIDDEN],
                F32,
                Some(HEADS),
            );
            s.add(
                &g("attn_k"),
                &h("self_attn.k_proj"),
                &[kv, HIDDEN],
                F16,
                Some(KV_HEADS),
            );
            if k_bias {
                s.add(
                    &format!("blk.{l}.attn_k.bias"),
                    &format!("model.layers.{l}.self_attn.k_proj.bias"),
                    &[kv],
                    F16,
                    None,
                );
            }
            s.add(
                &g("attn_v"),
                &h("self_attn.v_proj"),
                &[kv, HIDDEN],
                Q8_0,
                None,
            );
            s.add(
                &g("attn_output"),
                &h("self_attn.o_proj"),
                &[HIDDEN, HIDDEN],
                F32,
                None,
            );
            s.add(
                &g("ffn_gate"),
                &h("mlp.gate_proj"),
                &[FFN, HIDDEN],
                F16,
                None,
            );
            s.add(&g("ffn_up"), &h("mlp.up_proj"), &[FFN, HIDDEN], Q8_0, None);
            s.add(
                &g("ffn_down"),
                &h("mlp.down_proj"),
                &[HIDDEN, FFN],
                Q8_0,
                None,
            );
            s.add(&g("attn_norm"), &h("input_layernorm"), &[HIDDEN], F32, None);
            s.add(
                &g("ffn_norm"),
                &h("post_attention_layernorm"),
                &[HIDDEN],
                F32,
                None,
            );
        }
        s.add(
            "output_norm.weight",
            "model.norm.weight",
            &[HIDDEN],
            F32,
            None,
        );
        if !tied {
            s.add(
                "output.weight",
                "lm_head.weight",
                &[VOCAB, HIDDEN],
                F16,
                None,
            );
        }
        s
    }

    fn write(&self, dir: &Path) -> std::path::PathBuf {
        let path = dir.join("tiny.gguf");
        self.writer.write(&path).unwrap();
        path
    }
}

fn read_f32_tensors(path: &Path) -> BTreeMap<String, (Vec<usize>, Vec<f32>)> {
    let bytes = std::fs::read(path).unwrap();
    let st = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    st.tensors()
        .into_iter()
        .map(|(name, view)| {
            let data = match view.dtype() {
                safetensors::Dtype::F32 => view
                    .data()
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                    .collect(),
                safetensors::Dtype::F16 => view
                    .data()
                    .chunks_exact(2)
                    .map(|c| half::f16::from_le_bytes(c.try_into().unwrap()).to_f32())
                    .collect(),
                other => panic!("unexpected dtype {other:?}"),
            };
            (name, (view.shape().to_vec(), data))
        })
        .collect()
}

#[test]
fn config_is_synthesized_from_metadata() {
    let dir = tempfile::tempdir().unwrap();
    let model = Model::open(Synthetic::llama(true).write(dir.path())).unwrap();
    assert_eq!(model.format(), ModelFormat::Gguf);
    assert_eq!(model.name(), "tiny");
    let c = model.config();
    assert_eq!(c.architecture, "llama");
    let dims = [
        c.hidden_size,
        c.num_attention_heads,
        c.num_key_value_heads,
        c.head_dim,
        c.intermediate_size,
        c.num_hidden_layers,
        c.vocab_size,
    ];
    let expected = [HIDDEN, HEADS, KV_HEADS, HEAD_DIM, FFN, LAYERS, VOCAB];
    assert_eq!(dims, expected);
    assert_eq!(c.rope_theta, 10000.0);
    assert_eq!(c.rms_norm_eps as f32, 1e-5f32);
    assert!(c.tie_word_embeddings);
    assert!(model.gguf().is_some());
}

#[test]
fn converts_to_hf_names_layout_and_values() {
    for tied in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let synthetic = Synthetic::llama(tied);
        let model = Model::open(synthetic.write(dir.path())).unwrap();
        assert_eq!(model.config().tie_word_embeddings, tied);
        let out = dir.path().join("params.safetensors");
        model.write_parameter_file(&out, Dtype::F32).unwrap();
        let got = read_f32_tensors(&out);
        assert_eq!(
            got.keys().collect::<Vec<_>>(),
            synthetic.expected.keys().collect::<Vec<_>>()
        );
        for (name, (shape, values)) in &synthetic.expected {
            assert_eq!(&got[name].0, shape, "{name}");
            assert_eq!(&got[name].1, values, "{name}");
        }
    }
}

#[test]
fn parameter_list_matches_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let model = Model::open(Synthetic::llama(false).write(dir.path())).unwrap();
    for dtype in [Dtype::F32, Dtype::F16] {
        let listed = model.parameters(dtype).unwrap();
        assert_eq!(listed.len(), 2 + 9 * LAYERS + 1);
        let path = model
            .parameter_file(dir.path().join("cache"), dtype)
            .unwrap();
        assert_eq!(loader::read_parameter_list(&path).unwrap(), listed);
        let data_bytes: usize = listed.iter().map(|p| p.size_in_bytes()).sum();
        let file_len = std::fs::metadata(&path).unwrap().len() as usize;
        let header_len = file_len - data_bytes;
        assert_eq!(header_len % 64, 0, "tensor data starts aligned");
    }
}

#[test]
fn f16_output_holds_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let synthetic = Synthetic::llama(false);
    let model = Model::open(synthetic.write(dir.path())).unwrap();
    let path = model.parameter_file(dir.path(), Dtype::F16).unwrap();
    let got = read_f32_tensors(&path);
    for (name, (_, values)) in &synthetic.expected {
        assert_eq!(&got[name].1, values, "{name}");
    }
}

#[test]
fn conversion_is_cached_per_source_and_dtype() {
    let dir = tempfile::tempdir().unwrap();
    let gguf_path = Synthetic::llama(true).write(dir.path());
    let cache = dir.path().join("cache");
    let model = Model::open(&gguf_path).unwrap();
    let first = model.parameter_file(&cache, Dtype::F32).unwrap();
    let stamp = std::fs::metadata(&first).unwrap().modified().unwrap();
    let again = model.parameter_file(&cache, Dtype::F32).unwrap();
    assert_eq!(first, again);
    assert_eq!(
        std::fs::metadata(&again).unwrap().modified().unwrap(),
        stamp
    );
    let f16 = model.parameter_file(&cache, Dtype::F16).unwrap();
    assert_ne!(first, f16);

    // A changed source (different size) gets a new cache entry.
    let mut bigger = Synthetic::llama(true);
    bigger
        .writer
        .metadata("general.name", Value::String("changed".into()));
    bigger.writer.write(&gguf_path).unwrap();
    let changed = Model::open(&gguf_path)
        .unwrap()
        .parameter_file(&cache, Dtype::F32)
        .unwrap();
    assert_ne!(first, changed);
    let leftovers: Vec<_> = std::fs::read_dir(&cache)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".partial-"))
        .collect();
    assert!(leftovers.is_empty());
}

/// Llama 3.1+ files carry their RoPE scaling as `rope_freqs.weight`: configuration (the
/// config's RoPE factors), not a parameter.
#[test]
fn rope_frequency_factors_are_configuration() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Synthetic::llama(true);
    let factors: Vec<f32> = (0..HEAD_DIM / 2).map(|i| 1.0 + i as f32).collect();
    let bytes = factors.iter().flat_map(|f| f.to_le_bytes()).collect();
    s.writer.tensor(
        "rope_freqs.weight",
        &[factors.len() as u64],
        GgmlType::F32,
        bytes,
    );
    let model = Model::open(s.write(dir.path())).unwrap();
    let scaling = model.config().rope_scaling.clone();
    assert!(
        matches!(&scaling, Some(model_config::RopeScaling::Factors { factors: f }) if *f == factors),
        "{scaling:?}"
    );
    let names: Vec<String> = model
        .parameters(Dtype::F32)
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert!(!names.iter().any(|n| n.contains("rope")), "{names:?}");
}

#[test]
fn unknown_tensors_and_architectures_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Synthetic::llama(true);
    s.writer
        .tensor("blk.0.attn_qkv.weight", &[4], GgmlType::F32, vec![0; 16]);
    let model = Model::open(s.write(dir.path())).unwrap();
    let err = model.parameters(Dtype::F32).unwrap_err();
    assert!(
        matches!(&err, Error::UnknownTensor(n) if n == "blk.0.attn_qkv.weight"),
        "{err}"
    );

    let s = Synthetic::new("mamba");
    let err = Model::open(s.write(dir.path())).unwrap_err();
    assert!(
        matches!(&err, Error::ModelConfig(e) if e.to_string().contains("\"mamba\"")),
        "{err}"
    );
}

/// A type no decoder reads is refused before any tensor is converted, naming the tensor and
/// the type.
#[test]
fn unsupported_quantization_is_a_typed_error() {
    let dir = tempfile::tempdir().unwrap();
    // The unknown type comes last: every other tensor would be converted before it.
    let mut s = Synthetic::llama(true);
    s.writer
        .tensor("output.weight", &[256, 1], GgmlType::IQ2_XXS, vec![0; 66]);
    let model = Model::open(s.write(dir.path())).unwrap();
    let err = model
        .write_parameter_file(dir.path().join("p.safetensors"), Dtype::F32)
        .unwrap_err();
    assert!(
        matches!(
            &err,
            Error::Dequant { tensor, source: DequantError::Unsupported(GgmlType::IQ2_XXS) }
                if tensor == "lm_head.weight"
        ),
        "{err}"
    );
    let message = err.to_string();
    assert!(
        message.contains("lm_head.weight") && message.contains("IQ2_XXS"),
        "{message}"
    );
    assert!(!dir.path().join("p.safetensors").exists());
}

#[test]
fn non_models_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, "hello").unwrap();
    assert!(matches!(
        Model::open(&path),
        Err(Error::UnknownModelFormat(_))
    ));
    assert!(matches!(
        Model::open(dir.path()),
        Err(Error::Io { .. }) | Err(Error::UnknownModelFormat(_))
    ));
    assert!(matches!(
        Model::open(dir.path().join("missing.gguf")),
        Err(Error::Io { .. })
    ));
}

#[test]
fn tiled_tensors_hold_the_same_values_in_row_tiles() {
    let dir = tempfile::tempdir().unwrap();
    let synthetic = Synthetic::llama(false);
    let model = Model::open(synthetic.write(dir.path())).unwrap();
    let down = "model.layers.1.mlp.down_proj.weight"; // [HIDDEN, FFN] = [32, 64]
    let gate = "model.layers.0.mlp.gate_proj.weight"; // [FFN, HIDDEN] = [64, 32]
    let tiling = Tiling::of([down.to_string(), gate.to_string()]);
    let cache = dir.path().join("cache");
    let path = model
        .tiled_parameter_file(&cache, Dtype::F32, &tiling)
        .unwrap();
    assert_ne!(path, model.parameter_file(&cache, Dtype::F32).unwrap());
    let got = read_f32_tensors(&path);
    for (name, (shape, values)) in &synthetic.expected {
        let (stored_shape, stored) = &got[name];
        if !tiling.names().any(|n| n == name) {
            assert_eq!(
                (stored_shape, stored),
                (shape, values),
                "{name} keeps HF layout"
            );
            continue;
        }
        let (rows, cols) = (shape[0], shape[1]);
        assert_eq!(
            stored_shape,
            &vec![rows / TILE_ROWS, cols, TILE_ROWS],
            "{name}"
        );
        for r in 0..rows {
            for c in 0..cols {
                let at = ((r / TILE_ROWS) * cols + c) * TILE_ROWS + r % TILE_ROWS;
                assert_eq!(stored[at], values[r * cols + c], "{name} [{r}, {c}]");
            }
        }
    }
}

/// q, k and v fused as one weight hold their parts' HF rows one after another, q and k
/// un-permuted, in the parts' own type where they share one and in f32 where they differ; a
/// part stored in blocks cannot be fused.
#[test]
fn fused_weights_hold_their_parts_rows_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let synthetic = Synthetic::llama(false);
    let model = Model::open(synthetic.write(dir.path())).unwrap();
    let fused: Vec<String> = (0..LAYERS)
        .map(|l| format!("model.layers.{l}.self_attn.qkv_proj.weight"))
        .collect();
    for precision in [Precision::F16, Precision::Native] {
        let mut plan = model.weight_plan(precision, &Tiling::none()).unwrap();
        loader::fuse_rows(&mut plan, &fused).unwrap();
        let path = dir.path().join(format!("fused-{precision}.safetensors"));
        model
            .write_planned_parameter_file(&path, &plan, &Tiling::none())
            .unwrap();
        let got = read_f32_tensors(&path);
        for name in &fused {
            let parts = weight_format::fused_parts(name).unwrap();
            assert!(
                parts.iter().all(|p| !got.contains_key(p)),
                "{name}'s parts are gone"
            );
            let rows: usize = parts.iter().map(|p| synthetic.expected[p].0[0]).sum();
            let values: Vec<f32> = parts
                .iter()
                .flat_map(|p| synthetic.expected[p].1.clone())
                .collect();
            assert_eq!(got[name], (vec![rows, HIDDEN], values), "{name}");
            // Native keeps each part's type: f32 q, f16 k and Q8_0 (as f32) v make f32.
            let want = match precision {
                Precision::Native => StoredFormat::Dense(Dtype::F32),
                _ => StoredFormat::Dense(Dtype::F16),
            };
            assert_eq!(plan[name], want, "{name}");
        }
        assert_eq!(got.len(), synthetic.expected.len() - 2 * LAYERS);
    }
    let blocks = model
        .weight_plan(Precision::Native, &Tiling::of(model_matrices(&synthetic)))
        .unwrap();
    let err = loader::fuse_rows(&mut blocks.clone(), &fused[..1]).unwrap_err();
    assert!(
        matches!(&err, Error::Fused { fused: f, reason } if f == &fused[0] && reason.contains("q8_0")),
        "{err}"
    );
    let mut plan = blocks;
    let err = loader::fuse_rows(&mut plan, &["model.layers.0.qkv.weight".into()]).unwrap_err();
    assert!(matches!(err, Error::Fused { .. }), "{err}");
}

/// Every matrix of the synthetic model, as a plan that keeps blocks names them.
fn model_matrices(synthetic: &Synthetic) -> Vec<String> {
    synthetic
        .expected
        .iter()
        .filter(|(_, (shape, _))| shape.len() == 2)
        .map(|(name, _)| name.clone())
        .collect()
}

#[test]
fn tiling_what_cannot_be_tiled_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let model = Model::open(Synthetic::llama(false).write(dir.path())).unwrap();
    let cases = [
        ("model.embed_tokens.weight", "cannot be stored as tiles"), // 40 rows
        ("model.norm.weight", "cannot be stored as tiles"),         // a vector
        ("model.layers.9.mlp.up_proj.weight", "not in the model"),
    ];
    for (name, expected) in cases {
        let tiling = Tiling::of([name.to_string()]);
        let err = model
            .write_tiled_parameter_file(dir.path().join("p.safetensors"), Dtype::F32, &tiling)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(name) && err.contains(expected),
            "{name}: {err}"
        );
    }
    let leftovers = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok());
    assert!(leftovers
        .into_iter()
        .all(|e| !e.file_name().to_string_lossy().starts_with(".partial-")));
}

#[test]
fn tensors_start_aligned_where_their_size_allows() {
    // k biases of 16 f16 values (32 bytes) between the other tensors: written in the source's
    // order, every tensor after the first of them would start off alignment, and IREE copies
    // such a parameter instead of using it in place.
    let synthetic = Synthetic::llama_with(false, true);
    let dir = tempfile::tempdir().unwrap();
    let model = Model::open(synthetic.write(dir.path())).unwrap();
    let out = dir.path().join("params.safetensors");
    model.write_parameter_file(&out, Dtype::F16).unwrap();
    let bytes = std::fs::read(&out).unwrap();
    let header_len = 8 + u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
    let st = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    let mut odd = 0;
    for (name, view) in st.tensors() {
        let start = view.data().as_ptr() as usize - bytes.as_ptr() as usize;
        assert!(start >= header_len, "{name}");
        if view.data().len() % 64 == 0 {
            assert_eq!((start - header_len) % 64, 0, "{name} starts off alignment");
        } else {
            odd += 1;
        }
    }
    assert_eq!(odd, LAYERS, "the k biases are the odd-sized tensors");
    // The values are where the header says.
    let got = read_f32_tensors(&out);
    for (name, (shape, values)) in &synthetic.expected {
        assert_eq!(&got[name].0, shape, "{name}");
        assert_eq!(&got[name].1, values, "{name}");
    }
}
