//! `generate` refuses what the model files and the request already show, before it compiles
//! the module or converts the weights: a prompt longer than the capacity, an unknown device.

mod common;

use std::path::Path;
use std::process::{Command, Output};

/// Runs `generate` with an empty private cache, which must still be empty afterwards.
fn generate(model: &Path, args: &[&str]) -> Output {
    let cache = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_generate"))
        .arg("--model")
        .arg(model)
        .args(args)
        .env("LLM_IREE_CACHE", cache.path())
        .output()
        .unwrap();
    let left: Vec<_> = std::fs::read_dir(cache.path()).unwrap().collect();
    assert!(left.is_empty(), "nothing compiled or converted: {left:?}");
    out
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn prompt_longer_than_the_capacity_is_refused_before_the_compile() {
    let Some(model) = common::default_model() else {
        return;
    };
    let prompt = "one two three four ".repeat(50);
    let out = generate(&model, &["--raw", "--capacity", "64", "--prompt", &prompt]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("exceeds the context capacity of 64"), "{err}");
    assert!(!err.contains("[model]"), "no load step started: {err}");
}

#[test]
fn unknown_device_is_refused_before_the_compile() {
    let Some(model) = common::default_model() else {
        return;
    };
    let out = generate(&model, &["--device", "no-such-device", "--prompt", "Hi"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("no-such-device"), "{}", stderr(&out));
}
