//! Shared helpers for the end-to-end tests.

pub mod batch_invariance;
pub mod oracle;
pub mod reference;
pub mod tiny;

use std::path::{Path, PathBuf};

use engine::compile::Compiler;

/// The IREE device the model tests run on: `LLM_TEST_DEVICE` (set by `scripts/gpu-check.sh`),
/// else the CPU.
pub fn device() -> String {
    std::env::var("LLM_TEST_DEVICE").unwrap_or_else(|_| "local-task".into())
}

/// A compiler caching into the workspace cache. The test command installs
/// iree-compile first, so its absence is a failure, not a skip.
pub fn compiler() -> Compiler {
    let mut compiler = Compiler::new(engine::paths::cache_dir().join("test-vmfb"))
        .unwrap_or_else(|e| panic!("{e}"));
    compiler.verbose = false;
    compiler
}

/// Writes an f32 safetensors file with the given tensors.
pub fn write_safetensors(path: &Path, tensors: &[(&str, Vec<usize>, Vec<f32>)]) {
    let bytes: Vec<Vec<u8>> = tensors
        .iter()
        .map(|(_, _, data)| data.iter().flat_map(|v| v.to_le_bytes()).collect())
        .collect();
    let views: Vec<(String, safetensors::tensor::TensorView<'_>)> = tensors
        .iter()
        .zip(&bytes)
        .map(|((name, shape, _), raw)| {
            let view =
                safetensors::tensor::TensorView::new(safetensors::Dtype::F32, shape.clone(), raw)
                    .expect("tensor view");
            (name.to_string(), view)
        })
        .collect();
    safetensors::tensor::serialize_to_file(views, &None, path).expect("write safetensors");
}

/// A safetensors tensor's values, which must be f32 (`name` says which in the failure).
pub fn f32_values(name: &str, view: &safetensors::tensor::TensorView) -> Vec<f32> {
    assert_eq!(view.dtype(), safetensors::Dtype::F32, "{name}");
    view.data()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

/// A fresh temporary directory under the workspace cache.
pub fn temp_dir(tag: &str) -> PathBuf {
    let dir = engine::paths::cache_dir()
        .join("test-tmp")
        .join(format!(
            "{tag}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ))
        .to_path_buf();
    let dir = PathBuf::from(dir.to_string_lossy().replace(['(', ')'], ""));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A copy of the GGUF at `path` with only its first `layers` blocks (its tensors, its
/// tokenizer and the rest of its metadata as they are), written once under the workspace
/// cache: the same weights in a module that compiles in a fraction of the time, for tests of
/// a module form rather than of the whole model's numbers.
pub fn truncated_gguf(path: &Path, layers: u32) -> PathBuf {
    // Named after the source's size too, so a new version of the file is cut again.
    let size = std::fs::metadata(path).expect("the GGUF's size").len();
    let stem = path.file_stem().expect("a file name").to_string_lossy();
    let name = format!("{stem}-{size}-{layers}-layers");
    let dir = engine::paths::cache_dir().join("test-tmp");
    let out = dir.join(format!("{name}.gguf"));
    if out.exists() {
        return out;
    }
    let file = gguf::GgufFile::open(path).expect("open the GGUF");
    let count_key = format!(
        "{}.block_count",
        file.architecture().expect("an architecture")
    );
    let mut writer = gguf::Writer::new();
    for (key, value) in file.metadata() {
        let value = if *key == count_key {
            gguf::Value::U32(layers)
        } else {
            value.clone()
        };
        writer.metadata(key.clone(), value);
    }
    let kept = |name: &str| match name.strip_prefix("blk.") {
        Some(rest) => rest
            .split('.')
            .next()
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n < layers),
        None => true,
    };
    for info in file.tensors().iter().filter(|t| kept(&t.name)) {
        let data = file.tensor_data(info).expect("tensor data").to_vec();
        writer.tensor(info.name.clone(), &info.dims, info.ggml_type, data);
    }
    std::fs::create_dir_all(&dir).expect("the cache's test folder");
    // Written under a name of this process and thread first: other tests, in this process or
    // others, may ask at once.
    let thread = format!("{:?}", std::thread::current().id()).replace(['(', ')'], "");
    let partial = dir.join(format!("{name}.{}-{thread}.partial", std::process::id()));
    writer.write(&partial).expect("write the truncated GGUF");
    std::fs::rename(&partial, &out).expect("move the truncated GGUF into place");
    out
}
