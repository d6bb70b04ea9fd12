//! Model files come from strangers. Mutations of real files (a GGUF cut down from the default
//! model: its metadata, tokenizer, chat template and quantized tensor bytes; and the
//! safetensors the loader writes from it) must give a typed error or a model, never a panic,
//! and the GGUF reader never makes an allocation larger than the file.
//!
//! `UNTRUSTED_CASES` sets the number of mutated files per property (CI runs the default); a
//! long run sets it to a million.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;

use gguf::{GgufFile, Value, Writer};
use loader::{Dtype, Model};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Records the largest single allocation made by a thread that asked for it. Both the switch
/// and the record are per thread: the tests run in parallel, each measuring its own thread.
struct Tracking;

thread_local! {
    static TRACKED: Cell<bool> = const { Cell::new(false) };
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        System.alloc(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

fn note(size: usize) {
    if TRACKED.try_with(Cell::get).unwrap_or(false) {
        let _ = LARGEST.try_with(|largest| largest.set(largest.get().max(size)));
    }
}

#[global_allocator]
static ALLOCATOR: Tracking = Tracking;

/// The largest allocation `f` makes on this thread.
fn largest_allocation<T>(f: impl FnOnce() -> T) -> (T, usize) {
    LARGEST.with(|largest| largest.set(0));
    TRACKED.with(|t| t.set(true));
    let out = f();
    TRACKED.with(|t| t.set(false));
    (out, LARGEST.with(Cell::get))
}

/// Files smaller than this may still see one small allocation of this size (a map node, an
/// error message); above it, no allocation may be larger than the file.
const SMALL_FILE: usize = 4096;

fn cases(default: u32) -> u32 {
    std::env::var("UNTRUSTED_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The default model's metadata with its vocabulary cut to `VOCAB` tokens, and a few tensors
/// (an f32 norm, the first rows of a quantized projection, the matching embedding rows).
fn seed_gguf() -> Option<Vec<u8>> {
    const VOCAB: usize = 64;
    let path = match loader::default_model_path() {
        Ok(path) => path,
        Err(e) if std::env::var_os("LOADER_REQUIRE_MODEL").is_none() => {
            eprintln!("skipping: {e}");
            return None;
        }
        Err(e) => panic!("{e}"),
    };
    let real = GgufFile::open(path).unwrap();
    let mut w = Writer::new();
    for (key, value) in real.metadata() {
        let value = match value {
            Value::Array(a) => Value::Array(a.truncated(VOCAB)),
            other => other.clone(),
        };
        w.metadata(key.clone(), value);
    }
    for (name, rows) in [
        ("blk.0.attn_norm.weight", None),
        ("blk.0.attn_q.weight", Some(18)),
        ("token_embd.weight", Some(VOCAB as u64)),
    ] {
        let info = real.tensor(name).unwrap();
        let data = real.tensor_data(info).unwrap();
        let mut dims = info.dims.clone();
        if let Some(rows) = rows {
            dims[1] = rows;
        }
        let n: u64 = dims.iter().product();
        let len = info.ggml_type.bytes_for(n).unwrap() as usize;
        w.tensor(name, &dims, info.ggml_type, data[..len].to_vec());
    }
    Some(w.to_bytes())
}

/// One change to a file, at a position taken modulo its length: what a corrupted download, a
/// truncated copy or a hostile writer does.
#[derive(Debug, Clone)]
enum Change {
    FlipBit(u8),
    SetByte(u8),
    /// Overwrites 8 bytes with a count, size or offset a reader might trust.
    SetU64(u64),
    SetU32(u32),
    Truncate,
    Insert(Vec<u8>),
    Remove(usize),
}

type Edit = (usize, Change);

fn interesting_u64() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1),
        Just(u64::MAX),
        Just(u64::MAX / 2),
        Just(u32::MAX as u64),
        Just(1 << 32),
        Just(1 << 40),
        Just(1 << 62),
        0u64..4096,
        any::<u64>(),
    ]
}

/// Positions fall in the header (before the tensor data) three times in four.
fn edit(header: usize) -> impl Strategy<Value = Edit> {
    let pos = prop_oneof![3 => 0..header.max(1), 1 => any::<usize>()];
    let change = prop_oneof![
        (0u8..8).prop_map(Change::FlipBit),
        any::<u8>().prop_map(Change::SetByte),
        interesting_u64().prop_map(Change::SetU64),
        any::<u32>().prop_map(Change::SetU32),
        Just(Change::Truncate),
        prop::collection::vec(any::<u8>(), 1..16).prop_map(Change::Insert),
        (1usize..64).prop_map(Change::Remove),
    ];
    (pos, change)
}

fn apply(bytes: &mut Vec<u8>, edits: &[Edit]) {
    for (pos, change) in edits {
        if bytes.is_empty() {
            return;
        }
        let len = bytes.len();
        let p = pos % len;
        match change {
            Change::FlipBit(b) => bytes[p] ^= 1 << b,
            Change::SetByte(v) => bytes[p] = *v,
            Change::SetU64(v) => put(bytes, p, &v.to_le_bytes()),
            Change::SetU32(v) => put(bytes, p, &v.to_le_bytes()),
            Change::Truncate => bytes.truncate(p),
            Change::Insert(v) => {
                bytes.splice(p..p, v.iter().copied());
            }
            Change::Remove(n) => {
                bytes.drain(p..(p + n).min(len));
            }
        }
    }
}

fn put(bytes: &mut [u8], at: usize, value: &[u8]) {
    let end = (at + value.len()).min(bytes.len());
    bytes[at..end].copy_from_slice(&value[..end - at]);
}

/// Everything a caller may do with an opened file, each step allowed to fail but not to panic.
fn use_gguf(file: &GgufFile) {
    for info in file.tensors() {
        if let Ok(data) = file.tensor_data(info) {
            assert_eq!(data.len() as u64, info.size);
        }
    }
    let _ = model_config::from_gguf_file(file);
}

/// Where the metadata and tensor infos end (the first tensor's data begins).
fn header_len(bytes: &[u8]) -> usize {
    GgufFile::from_bytes(bytes.to_vec())
        .map(|f| f.data_offset() as usize)
        .unwrap_or(bytes.len())
}

fn runner(default_cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases: cases(default_cases),
        failure_persistence: None,
        ..Config::default()
    })
}

#[test]
fn mutated_gguf_files_give_typed_errors() {
    let Some(seed) = seed_gguf() else { return };
    let header = header_len(&seed);
    let started = std::time::Instant::now();
    let (parsed, refused) = (Cell::new(0u64), Cell::new(0u64));
    let worst_ratio = Cell::new(0.0f64);
    let strategy = prop::collection::vec(edit(header), 1..4);
    runner(20_000)
        .run(&strategy, |edits| {
            let mut bytes = seed.clone();
            apply(&mut bytes, &edits);
            let len = bytes.len();
            let (result, largest) = largest_allocation(|| {
                let file = GgufFile::from_bytes(bytes);
                if let Ok(file) = &file {
                    use_gguf(file);
                }
                file.is_ok()
            });
            let count = if result { &parsed } else { &refused };
            count.set(count.get() + 1);
            // The owned copy of the bytes is one allocation of `len`.
            let bound = len.max(SMALL_FILE);
            if len >= SMALL_FILE {
                worst_ratio.set(worst_ratio.get().max(largest as f64 / len as f64));
            }
            prop_assert!(largest <= bound, "{largest} bytes for a {len}-byte file");
            Ok(())
        })
        .unwrap();
    eprintln!(
        "{} mutated GGUF files in {:.1} s: {} parsed, {} refused; largest allocation {:.2}x the file",
        parsed.get() + refused.get(),
        started.elapsed().as_secs_f64(),
        parsed.get(),
        refused.get(),
        worst_ratio.get()
    );
}

/// Through the loader: open, config, tokenizer, chat template, weight conversion.
#[test]
fn mutated_gguf_models_give_typed_errors() {
    let Some(seed) = seed_gguf() else { return };
    let header = header_len(&seed);
    let dir = tempfile::tempdir().unwrap();
    let strategy = prop::collection::vec(edit(header), 1..3);
    runner(1000)
        .run(&strategy, |edits| {
            let mut bytes = seed.clone();
            apply(&mut bytes, &edits);
            let path = dir.path().join("m.gguf");
            std::fs::write(&path, &bytes).unwrap();
            use_model(&path, dir.path());
            Ok(())
        })
        .unwrap();
}

fn use_model(path: &Path, scratch: &Path) {
    let Ok(model) = Model::open(path) else { return };
    let _ = model.config_json();
    if let Ok(tokenizer) = model.tokenizer() {
        let _ = tokenizer.encode("Hello, world! 123", true);
    }
    if let Ok(Some(template)) = model.chat_template() {
        let _ = template.render(&[loader::ChatMessage::new("user", "Hi")], true);
    }
    let _ = model.write_parameter_file(scratch.join("p.safetensors"), Dtype::F32);
}

/// An HF directory from the seed: its safetensors as the loader writes them, and a config.
fn seed_hf_dir(seed: &[u8], dir: &Path) -> Vec<u8> {
    let gguf = dir.join("seed.gguf");
    std::fs::write(&gguf, seed).unwrap();
    let model = Model::open(&gguf).unwrap();
    let weights = dir.join("seed.safetensors");
    model.write_parameter_file(&weights, Dtype::F32).unwrap();
    std::fs::read(weights).unwrap()
}

#[test]
fn mutated_safetensors_give_typed_errors() {
    let Some(seed) = seed_gguf() else { return };
    let scratch = tempfile::tempdir().unwrap();
    let weights = seed_hf_dir(&seed, scratch.path());
    let header = 8 + u64::from_le_bytes(weights[..8].try_into().unwrap()) as usize;
    let dir = scratch.path().join("hf");
    std::fs::create_dir(&dir).unwrap();
    let config = serde_json::json!({
        "model_type": "llama", "vocab_size": 64, "hidden_size": 576, "intermediate_size": 1536,
        "num_hidden_layers": 1, "num_attention_heads": 9, "num_key_value_heads": 3,
        "rms_norm_eps": 1e-5, "rope_theta": 100000.0, "max_position_embeddings": 8192,
    });
    std::fs::write(dir.join("config.json"), config.to_string()).unwrap();
    let strategy = prop::collection::vec(edit(header), 1..3);
    let worst_open = Cell::new(0.0f64);
    runner(1000)
        .run(&strategy, |edits| {
            let mut bytes = weights.clone();
            apply(&mut bytes, &edits);
            let len = bytes.len();
            std::fs::write(dir.join("model.safetensors"), &bytes).unwrap();
            // Reading the header and planning stays within the file; only the conversion
            // holds one more copy of a tensor.
            let (model, opened) = largest_allocation(|| {
                Model::open(&dir).and_then(|m| m.parameters(Dtype::F32).map(|_| m))
            });
            prop_assert!(opened <= len.max(SMALL_FILE), "{opened} bytes for {len}");
            if len >= SMALL_FILE {
                worst_open.set(worst_open.get().max(opened as f64 / len as f64));
            }
            if let Ok(model) = model {
                let (_, converted) = largest_allocation(|| {
                    let _ = model
                        .write_parameter_file(scratch.path().join("q.safetensors"), Dtype::F32);
                });
                prop_assert!(
                    converted <= 2 * len.max(SMALL_FILE),
                    "{converted} bytes for {len}"
                );
            }
            Ok(())
        })
        .unwrap();
    eprintln!(
        "mutated safetensors: largest allocation reading the header {:.2}x the file",
        worst_open.get()
    );
}
