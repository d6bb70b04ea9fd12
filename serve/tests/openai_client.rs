//! The official `openai` Python client against the server on SmolLM2 (the
//! script is tests/python/openai_client.py), then the official `anthropic`
//! client against the same server (tests/python/anthropic_client.py). Skips
//! when the model or a client is missing, unless `LOADER_REQUIRE_MODEL` is set.

mod common;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The server runs with `--api-key`, so every call of the script also tests the key.
const API_KEY: &str = "test-key";

fn required() -> bool {
    std::env::var_os("LOADER_REQUIRE_MODEL").is_some()
}

fn skip(why: &str) {
    assert!(!required(), "{why} (LOADER_REQUIRE_MODEL is set)");
    eprintln!("skipped: {why}");
}

struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `generate` from the same build, built here if this run did not build it.
fn generate_binary() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_BIN_EXE_serve")).with_file_name("generate");
    if !path.is_file() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--release", "-p", "engine", "--bin", "generate"])
            .status()
            .expect("run cargo");
        assert!(status.success(), "building generate failed");
    }
    path
}

#[test]
fn openai_client_on_smollm2() {
    let root = engine::paths::workspace_root();
    let python = root.join(".venv/bin/python");
    if loader::default_model_path().is_err() {
        return skip("the default model is not installed");
    }
    let has_client = |module: &str| {
        Command::new(&python)
            .args(["-c", &format!("import {module}")])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    for module in ["openai", "anthropic"] {
        if !has_client(module) {
            return skip(&format!(
                "the {module} client is not installed in .venv (scripts/setup.sh installs it)"
            ));
        }
    }
    let generate = generate_binary();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let _server = Child(
        Command::new(env!("CARGO_BIN_EXE_serve"))
            .args([
                "--served-model-name",
                "smollm2",
                "--port",
                &port.to_string(),
                "--api-key",
                API_KEY,
            ])
            .env("RUST_LOG", "warn")
            .spawn()
            .expect("start serve"),
    );
    let base = format!("http://127.0.0.1:{port}");
    wait_ready(port);
    // quality's teacher-forced log-probabilities of a prompt on the server's own module, for
    // the script to hold the echoed ones against.
    let model = loader::default_model_path().expect("the default model");
    let ids = [504, 2365, 6354, 16438, 30934, 690, 260, 23790, 3145, 30];
    let reference =
        common::quality_logprobs(&model, &common::served_options(&["--slots", "8"]), &ids, 3);
    let reference_file = tests::temp_dir("echo-reference").join("reference.json");
    let rows: Vec<serde_json::Value> = reference
        .iter()
        .map(|(lp, top)| serde_json::json!({"logprob": lp, "top": top.iter().map(|(_, l)| l).collect::<Vec<_>>()}))
        .collect();
    std::fs::write(
        &reference_file,
        serde_json::json!({"ids": ids, "rows": rows}).to_string(),
    )
    .expect("write the reference");
    let scripts = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/python");
    let status = Command::new(&python)
        .arg(scripts.join("openai_client.py"))
        .args([base.as_str(), "smollm2"])
        .arg(generate)
        .arg(API_KEY)
        .arg(&reference_file)
        .status()
        .expect("run python");
    assert!(status.success(), "the openai client tests failed");
    // The same server: no second model load.
    let status = Command::new(&python)
        .arg(scripts.join("anthropic_client.py"))
        .args([base.as_str(), "smollm2", API_KEY])
        .status()
        .expect("run python");
    assert!(status.success(), "the anthropic client tests failed");
}

fn wait_ready(port: u16) {
    use std::io::{Read, Write};
    // The first run compiles SmolLM2's module; later runs load it from the cache.
    let deadline = Instant::now() + Duration::from_secs(1200);
    loop {
        if let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            let _ = stream.write_all(b"GET /health HTTP/1.0\r\n\r\n");
            let mut reply = String::new();
            let _ = stream.read_to_string(&mut reply);
            if reply.starts_with("HTTP/1.0 200") || reply.starts_with("HTTP/1.1 200") {
                return;
            }
        }
        assert!(Instant::now() < deadline, "serve did not become ready");
        std::thread::sleep(Duration::from_millis(100));
    }
}
