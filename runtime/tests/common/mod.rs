//! What the shim tests need besides the runtime: modules compiled from `tests/mlir/`, scratch
//! folders and safetensors files. Only this crate and the shim are built for them, so the
//! memory check (`make memcheck`) builds the IREE runtime under AddressSanitizer and little else.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

/// `IREE_COMPILE`, else the project venv's compiler, else `iree-compile` on `PATH`. The test
/// command installs the venv first, so a missing compiler fails the test.
fn compiler() -> PathBuf {
    if let Some(path) = std::env::var_os("IREE_COMPILE") {
        return PathBuf::from(path);
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/iree-compile");
    if venv.is_file() {
        return venv;
    }
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("iree-compile"))
                .find(|p| p.is_file())
        })
        .expect("iree-compile not found: run `make setup`")
}

/// How a module's exported functions are called: IREE's execution model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Model {
    /// IREE's default: a call returns once its results are ready.
    Sync,
    /// `async-external` (the coarse-fences ABI): a call takes a wait and a signal fence.
    Fenced,
}

impl Model {
    pub const ALL: [Model; 2] = [Model::Sync, Model::Fenced];

    fn flag(self) -> &'static str {
        match self {
            Model::Sync => "--iree-execution-model=async-internal",
            Model::Fenced => "--iree-execution-model=async-external",
        }
    }
}

/// `tests/mlir/<name>.mlir` compiled for this CPU, once per test process.
pub fn compile_cpu(name: &str) -> PathBuf {
    compile_cpu_as(name, Model::Sync)
}

/// `tests/mlir/<name>.mlir` compiled for this CPU with `model`, once per test process.
pub fn compile_cpu_as(name: &str, model: Model) -> PathBuf {
    static COMPILED: OnceLock<Mutex<HashMap<(String, Model), PathBuf>>> = OnceLock::new();
    let mut compiled = COMPILED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(path) = compiled.get(&(name.to_string(), model)) {
        return path.clone();
    }
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/mlir/{name}.mlir"));
    let output = temp_dir("modules").join(format!("{name}-{model:?}.vmfb"));
    let result = Command::new(compiler())
        .args([
            "--iree-hal-target-device=local",
            "--iree-hal-local-target-device-backends=llvm-cpu",
            "--iree-llvmcpu-target-cpu=host",
            "--iree-input-type=stablehlo",
            model.flag(),
        ])
        .arg(&input)
        .arg("-o")
        .arg(&output)
        // The memory check preloads the sanitizer into this process; the compiler is not
        // what it checks.
        .env_remove("LD_PRELOAD")
        .env_remove("ASAN_OPTIONS")
        .env_remove("LSAN_OPTIONS")
        .output()
        .expect("run iree-compile");
    assert!(
        result.status.success(),
        "iree-compile {}: {}",
        input.display(),
        String::from_utf8_lossy(&result.stderr)
    );
    compiled.insert((name.to_string(), model), output.clone());
    output
}

/// A fresh folder for `tag` under Cargo's scratch folder for integration tests.
pub fn temp_dir(tag: &str) -> PathBuf {
    let thread = format!("{:?}", std::thread::current().id()).replace(['(', ')'], "");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("shim-{tag}-{}-{thread}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
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
