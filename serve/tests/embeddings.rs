//! `/v1/embeddings` on the tiny Qwen3 checkpoint with a sentence-transformers pooling config
//! (mean), started with `--embeddings`: the answers against sentence-transformers' (the oracle
//! in tests/fixtures/embeddings/qwen3), the request forms, the refusals; then the official
//! `openai` client against the same server (tests/python/openai_embeddings.py; skipped when
//! the client is missing, unless `LOADER_REQUIRE_MODEL` is set). A server started without
//! the flag answers 400.

mod common;

use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::Server;
use serde_json::{json, Value};

/// The server's capacity (common::Server's), and so its longest embedding input.
const CAPACITY: usize = 64;

fn fixtures() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures"))
}

fn oracle_path() -> PathBuf {
    fixtures().join("embeddings/qwen3/oracle.json")
}

fn oracle() -> Value {
    serde_json::from_str(&std::fs::read_to_string(oracle_path()).unwrap()).unwrap()
}

/// The checkpoint with its pooling files, as a sentence-transformers directory holds them.
fn model_dir() -> PathBuf {
    let dir = tests::temp_dir("serve-embeddings");
    let weights = fixtures().join("families/qwen3");
    for name in [
        "config.json",
        "model.safetensors",
        "tokenizer.json",
        "tokenizer_config.json",
    ] {
        std::fs::copy(weights.join(name), dir.join(name)).unwrap();
    }
    let pooling = fixtures().join("embeddings/qwen3");
    std::fs::copy(pooling.join("modules.json"), dir.join("modules.json")).unwrap();
    std::fs::create_dir_all(dir.join("1_Pooling")).unwrap();
    std::fs::copy(
        pooling.join("1_Pooling/config.json"),
        dir.join("1_Pooling/config.json"),
    )
    .unwrap();
    dir
}

fn server() -> Server {
    let server = Server::spawn_model(&model_dir(), &["--embeddings"], &[]);
    server.wait_ready();
    server
}

fn vector(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

fn cosine_distance(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    let dot: f64 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    1.0 - dot / (norm(a) * norm(b))
}

/// The oracle's texts that fit the server, their ids and sentence-transformers' vectors
/// (`form`: `full` or `truncated`).
fn fitting(oracle: &Value, form: &str) -> Vec<(String, Vec<u64>, Vec<f64>)> {
    let mode = oracle["saved_mode"].as_str().unwrap();
    let texts = oracle["texts"].as_array().unwrap();
    let ids = oracle["token_ids"].as_array().unwrap();
    let vectors = oracle["embeddings"][mode][form].as_array().unwrap();
    texts
        .iter()
        .zip(ids)
        .zip(vectors)
        .map(|((t, i), v)| {
            let ids: Vec<u64> = i
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect();
            (t.as_str().unwrap().to_owned(), ids, vector(v))
        })
        .filter(|(_, ids, _)| ids.len() <= CAPACITY)
        .collect()
}

fn assert_matches(body: &Value, expected: &[Vec<f64>]) {
    let data = body["data"].as_array().unwrap();
    assert_eq!(data.len(), expected.len(), "{body}");
    for (i, (d, want)) in data.iter().zip(expected).enumerate() {
        assert_eq!(d["object"], "embedding");
        assert_eq!(d["index"], i);
        let got = vector(&d["embedding"]);
        let distance = cosine_distance(&got, want);
        assert!(distance <= 1e-5, "input {i}: cosine distance {distance:e}");
    }
}

#[test]
fn embeddings_over_http() {
    let oracle = oracle();
    let server = server();
    let pairs = fitting(&oracle, "full");
    let texts: Vec<&str> = pairs.iter().map(|p| p.0.as_str()).collect();
    let expected: Vec<Vec<f64>> = pairs.iter().map(|p| p.2.clone()).collect();
    let tokens: usize = pairs.iter().map(|p| p.1.len()).sum();

    let out = server.post_json(
        "/v1/embeddings",
        &json!({"model": "tiny", "input": texts, "encoding_format": "float"}),
    );
    assert_eq!(out.status, 200, "{}", out.body);
    let body = out.json();
    assert_eq!(body["object"], "list");
    assert_eq!(body["model"], "tiny");
    assert_eq!(body["usage"]["prompt_tokens"], tokens);
    assert_eq!(body["usage"]["total_tokens"], tokens);
    assert_matches(&body, &expected);

    // Token ids, one list and several, give the same vectors.
    let ids: Vec<&Vec<u64>> = pairs.iter().map(|p| &p.1).collect();
    let out = server.post_json("/v1/embeddings", &json!({"model": "tiny", "input": ids}));
    assert_matches(&out.json(), &expected);
    let out = server.post_json("/v1/embeddings", &json!({"model": "tiny", "input": ids[3]}));
    assert_matches(&out.json(), &expected[3..4]);

    // `dimensions`: the first values, normalised again.
    let short: Vec<Vec<f64>> = fitting(&oracle, "truncated")
        .into_iter()
        .map(|p| p.2)
        .collect();
    let dims = oracle["truncate_dim"].as_u64().unwrap();
    let out = server.post_json(
        "/v1/embeddings",
        &json!({"model": "tiny", "input": texts, "dimensions": dims}),
    );
    assert_matches(&out.json(), &short);

    // base64: the f32 values' little-endian bytes.
    let out = server.post_json(
        "/v1/embeddings",
        &json!({"model": "tiny", "input": texts[1], "encoding_format": "base64"}),
    );
    let text = out.json()["data"][0]["embedding"]
        .as_str()
        .unwrap()
        .to_owned();
    let values: Vec<f64> = decode_base64(&text)
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64)
        .collect();
    assert!(cosine_distance(&values, &expected[1]) <= 1e-5);
}

/// Requests for nothing, for too much, or with fields this server does not implement are
/// refused with a 400 naming the field, before any work.
#[test]
fn embedding_requests_refused() {
    let oracle = oracle();
    let server = server();
    let long = oracle["texts"]
        .as_array()
        .unwrap()
        .iter()
        .zip(oracle["token_ids"].as_array().unwrap())
        .find(|(_, ids)| ids.as_array().unwrap().len() > CAPACITY)
        .map(|(t, _)| t.clone())
        .expect("the oracle has a text longer than the capacity");
    let cases = [
        (json!({"model": "tiny"}), "input"),
        (json!({"model": "tiny", "input": []}), "input"),
        (json!({"model": "tiny", "input": ""}), "input"),
        (json!({"model": "tiny", "input": ["a", ""]}), "input"),
        (json!({"model": "tiny", "input": [[]]}), "input"),
        (json!({"model": "tiny", "input": [long]}), "input"),
        (json!({"model": "tiny", "input": [[1, 2, 256]]}), "input"),
        (
            json!({"model": "tiny", "input": "a", "dimensions": 0}),
            "dimensions",
        ),
        (
            json!({"model": "tiny", "input": "a", "dimensions": 65}),
            "dimensions",
        ),
        (
            json!({"model": "tiny", "input": "a", "encoding_format": "int8"}),
            "encoding_format",
        ),
        (
            json!({"model": "tiny", "input": "a", "truncate_prompt_tokens": 4}),
            "truncate_prompt_tokens",
        ),
        (json!({"model": "tiny", "input": 5}), "input"),
        (json!({"input": "a"}), "model"),
    ];
    for (body, param) in cases {
        let out = server.post_json("/v1/embeddings", &body);
        assert_eq!(out.status, 400, "{body}: {}", out.body);
        let error = &out.json()["error"];
        assert_eq!(error["param"], param, "{body}: {error}");
        assert_eq!(error["type"], "invalid_request_error");
    }
    let out = server.post_json("/v1/embeddings", &json!({"model": "other", "input": "a"}));
    assert_eq!(out.status, 404);
    assert_eq!(server.metric("vllm:num_requests_running"), 0.0);
}

#[test]
fn without_the_flag_embeddings_are_refused() {
    let server = Server::ready(&[]);
    let out = server.post_json("/v1/embeddings", &json!({"model": "tiny", "input": "a"}));
    assert_eq!(out.status, 400, "{}", out.body);
    assert_eq!(out.json()["error"]["code"], "embeddings_disabled");
}

fn required() -> bool {
    std::env::var_os("LOADER_REQUIRE_MODEL").is_some()
}

#[test]
fn openai_client_embeddings() {
    let python = engine::paths::workspace_root().join(".venv/bin/python");
    let has_client = Command::new(&python)
        .args(["-c", "import openai"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_client {
        assert!(!required(), "the openai client is not installed in .venv");
        eprintln!("skipped: the openai client is not installed in .venv (scripts/setup.sh)");
        return;
    }
    let server = server();
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/python/openai_embeddings.py");
    let status = Command::new(&python)
        .arg(script)
        .arg(format!("http://127.0.0.1:{}", server.port))
        .arg("tiny")
        .arg(oracle_path())
        .arg(CAPACITY.to_string())
        .status()
        .expect("run python");
    assert!(status.success(), "the openai embedding client tests failed");
}

/// Standard base64 (RFC 4648), for the test's own check of the server's.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a') as u32 + 26,
            b'0'..=b'9' => (c - b'0') as u32 + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let mut out = Vec::new();
    for group in text.as_bytes().chunks(4) {
        let digits: Vec<u32> = group
            .iter()
            .filter(|&&c| c != b'=')
            .map(|&c| value(c))
            .collect();
        let n = digits
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, d)| n | d << (18 - 6 * i));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..digits.len() - 1]);
    }
    out
}
