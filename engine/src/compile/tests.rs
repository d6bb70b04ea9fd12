//! A cache read without a compiler: keys from the recorded version, hits and misses.

use std::path::PathBuf;

use super::*;

const MLIR: &str = "func.func @f() { return }";

fn temp_cache(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "llm-iree-compile-{name}-{}-{}",
        std::process::id(),
        unique_suffix()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A cache folder that records `version` as its compiler.
fn recorded_cache(name: &str, version: &str) -> PathBuf {
    let dir = temp_cache(name);
    std::fs::write(dir.join(COMPILER_VERSION_FILE), version).unwrap();
    dir
}

fn cuda() -> Target {
    Target::Cuda { sm: "sm_80".into() }
}

#[test]
fn a_cache_without_a_recorded_compiler_cannot_be_read() {
    let dir = temp_cache("unrecorded");
    assert!(matches!(
        Compiler::from_cache(&dir),
        Err(CompileError::CompilerMissing)
    ));
}

#[test]
fn a_recorded_version_reads_back() {
    let dir = temp_cache("record");
    std::fs::write(
        dir.join(COMPILER_VERSION_FILE),
        "IREE compiler version 3.12.0\n",
    )
    .unwrap();
    let mut writer = Compiler::from_cache(&dir).unwrap();
    assert_eq!(writer.version(), "IREE compiler version 3.12.0");
    writer.version = "IREE compiler version 3.13.0".into();
    writer.record_version().unwrap();
    let reader = Compiler::from_cache(&dir).unwrap();
    assert_eq!(reader.version(), "IREE compiler version 3.13.0");
    assert!(reader.program().is_none());
}

#[test]
fn lookups_hit_what_the_recorded_compiler_made_and_refuse_the_rest() {
    let dir = recorded_cache("lookup", "IREE compiler version 3.13.0");
    let compiler = Compiler::from_cache(&dir).unwrap();
    // What a compile by that version would have written.
    let (path, _) = compiler.output_path("tiny", MLIR, &cuda());
    std::fs::write(&path, b"vmfb").unwrap();

    assert_eq!(compiler.cached("tiny", MLIR, &cuda()), Some(path.clone()));
    assert_eq!(compiler.compile_text("tiny", MLIR, &cuda()).unwrap(), path);
    let other = "func.func @g() { return }";
    match compiler.compile_text("tiny", other, &cuda()) {
        Err(CompileError::NotInCache { label, version, .. }) => {
            assert_eq!(label, "tiny");
            assert_eq!(version, "IREE compiler version 3.13.0");
        }
        result => panic!("expected NotInCache, got {result:?}"),
    }
    // Another compiler version keys every module differently.
    std::fs::write(
        dir.join(COMPILER_VERSION_FILE),
        "IREE compiler version 3.14.0",
    )
    .unwrap();
    let newer = Compiler::from_cache(&dir).unwrap();
    assert_eq!(newer.cached("tiny", MLIR, &cuda()), None);
}

#[test]
fn the_same_text_under_another_label_is_the_same_module() {
    let dir = recorded_cache("labels", "IREE compiler version 3.13.0");
    let compiler = Compiler::from_cache(&dir).unwrap();
    let (path, _) = compiler.output_path("model_a", MLIR, &cuda());
    std::fs::write(&path, b"vmfb").unwrap();
    assert_eq!(
        compiler.cached("model_b", MLIR, &cuda()),
        Some(path.clone())
    );
    assert_eq!(
        compiler
            .compile_text("model_b_first", MLIR, &cuda())
            .unwrap(),
        path
    );
    // Another text under the first label is still a miss.
    assert_eq!(
        compiler.cached("model_a", "func.func @g() { return }", &cuda()),
        None
    );
}

#[test]
fn the_object_directory_is_not_part_of_the_key() {
    let dir = recorded_cache("objects", "IREE compiler version 3.13.0");
    let key = |objects: &str| {
        let mut compiler = Compiler::from_cache(&dir).unwrap();
        compiler.extra_flags = vec![format!("{OBJECT_SEARCH_PATH}={objects}")];
        compiler.output_path("m", MLIR, &cuda()).0
    };
    assert_eq!(key("/one/cache/objects"), key("/another/objects"));
    let mut other_flag = Compiler::from_cache(&dir).unwrap();
    other_flag.extra_flags = vec!["--iree-opt-level=O3".into()];
    assert_ne!(other_flag.output_path("m", MLIR, &cuda()).0, key("/x"));
}

#[test]
fn user_flags_come_last_and_change_the_key() {
    let dir = recorded_cache("user-flags", "IREE compiler version 3.13.0");
    let mut plain = Compiler::from_cache(&dir).unwrap();
    plain.user_flags.clear();
    let mut tuned = plain.clone();
    tuned.user_flags = vec!["--iree-opt-level=O3".into()];
    tuned.extra_flags = vec!["--module-flag".into()];
    let (plain_path, _) = plain.output_path("m", MLIR, &cuda());
    let (tuned_path, flags) = tuned.output_path("m", MLIR, &cuda());
    assert_ne!(plain_path, tuned_path);
    assert_eq!(
        &flags[flags.len() - 2..],
        [
            "--module-flag".to_string(),
            "--iree-opt-level=O3".to_string()
        ]
    );
}
