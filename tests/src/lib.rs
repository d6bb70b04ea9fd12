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
