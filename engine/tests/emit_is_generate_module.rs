//! `emit` writes the module `generate` compiles: with default flags, and with the same model
//! flags, its `model.mlir` and `manifest.json` are byte for byte what `generate`'s path
//! (`ModelArgs::options`, then `model::prepare`) renders for the default model.

mod common;

use std::process::Command;

use clap::Parser;
use engine::model;
use engine::model_args::{ModelArgs, SamplingArgs};

/// The flags of `generate` that reach its module.
#[derive(Parser)]
struct Generate {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    sampling: SamplingArgs,
}

/// The module text and manifest `generate` with `flags` compiles.
fn generate_module(flags: &[&str]) -> (String, String) {
    let args = Generate::parse_from(std::iter::once("generate").chain(flags.iter().copied()));
    let options = args.model.options(args.sampling.sampling).unwrap();
    let prepared = model::prepare(&args.model.model_path().unwrap(), &options).unwrap();
    let rendered = prepared.rendered();
    (rendered.module.clone(), rendered.manifest.to_json())
}

/// The module text and manifest `emit` with `flags` writes.
fn emit_module(flags: &[&str]) -> (String, String) {
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_emit"))
        .arg("--out")
        .arg(out.path())
        .args(flags)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "emit failed: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    let read = |name: &str| std::fs::read_to_string(out.path().join(name)).unwrap();
    (read(emitter::MODULE_FILE), read(emitter::MANIFEST_FILE))
}

/// Both files equal, reported by name rather than by a diff of megabytes.
fn assert_same_module(flags: &[&str]) {
    let (emitted, emitted_manifest) = emit_module(flags);
    let (generated, generated_manifest) = generate_module(flags);
    assert!(
        emitted == generated,
        "emit {flags:?} wrote another model.mlir than generate compiles"
    );
    assert!(
        emitted_manifest == generated_manifest,
        "emit {flags:?} wrote another manifest.json than generate's module has"
    );
}

#[test]
fn emit_with_default_flags_writes_the_module_generate_compiles() {
    if common::default_model().is_some() {
        assert_same_module(&[]);
    }
}

#[test]
fn emit_follows_the_model_flags_as_generate_does() {
    if common::default_model().is_some() {
        // f32 weights take emit's path that reads only the configuration.
        assert_same_module(&["--weights", "f32"]);
        assert_same_module(&["--slots", "4", "--capacity", "512", "--kv", "f16"]);
    }
}
