//! The server's behaviour around requests: loading, a full queue, deadlines,
//! clients that leave, and shutdown.

mod common;

use std::io::Read;
use std::time::{Duration, Instant};

use common::Server;
use serde_json::json;

#[test]
fn health_is_503_until_the_model_is_loaded() {
    // A fresh cache makes the server compile its module, so loading is slow
    // enough to be seen from here.
    let cache = tests::temp_dir("serve-fresh-cache");
    let server = Server::spawn_with_env(&[], &[("LLM_IREE_CACHE", &cache)]);
    let health = server.get("/health");
    assert_eq!(health.status, 503, "{}", health.body);
    let early = server.post_json(
        "/v1/completions",
        &json!({"model": "tiny", "prompt": [5], "max_tokens": 2}),
    );
    assert_eq!(early.status, 503);
    assert_eq!(early.json()["error"]["code"], "model_loading");
    assert_eq!(early.header("retry-after"), Some("1"));
    server.wait_ready();
    assert_eq!(server.get("/health").status, 200);
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_full_queue_answers_429_with_retry_after() {
    let server = Server::ready(&["--max-queue", "2"]);
    // Three choices need three queue places.
    let response = server.post_json(
        "/v1/completions",
        &json!({"model": "tiny", "prompt": [5], "max_tokens": 2, "n": 3}),
    );
    assert_eq!(response.status, 429, "{}", response.body);
    assert_eq!(response.header("retry-after"), Some("1"));
    let error = &response.json()["error"];
    assert_eq!(error["type"], "rate_limit_error");
    assert_eq!(error["code"], "queue_full");
    assert_eq!(server.metric("serve:rejected_queue_full_total"), 1.0);
    // The places of the choices that were admitted are given back (when the
    // engine handles their cancels, at its next step).
    wait_idle(&server);
    let ok = server.post_json(
        "/v1/completions",
        &json!({"model": "tiny", "prompt": [5], "max_tokens": 2, "n": 2}),
    );
    assert_eq!(ok.status, 200, "{}", ok.body);
}

#[test]
fn the_request_deadline_ends_requests_with_an_error() {
    let server = Server::ready(&["--request-timeout", "0"]);
    let body = json!({"model": "tiny", "prompt": [5], "max_tokens": 60, "ignore_eos": true});
    let response = server.post_json("/v1/completions", &body);
    assert_eq!(response.status, 504, "{}", response.body);
    assert_eq!(response.json()["error"]["code"], "request_timeout");
    let mut streamed = body.clone();
    streamed["stream"] = json!(true);
    let response = server.post_json("/v1/completions", &streamed);
    assert_eq!(response.status, 200);
    let events = response.events();
    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
    let error: serde_json::Value = serde_json::from_str(&events[events.len() - 2]).unwrap();
    assert_eq!(error["error"]["code"], "request_timeout");
    wait_idle(&server);
}

/// Waits until the engine holds no request (cancelled ones included).
fn wait_idle(server: &Server) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.metric("vllm:num_requests_running") + server.metric("vllm:num_requests_waiting")
        > 0.0
    {
        assert!(
            Instant::now() < deadline,
            "requests were left in the engine"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// On the tiny model a request may finish before its client's close is
/// seen, so this checks the bookkeeping: every request ends (finished or
/// cancelled) and leaves no slot or queue place behind. That a close cancels
/// a long request promptly is checked on SmolLM2 (tests/python).
#[test]
fn clients_that_leave_leave_nothing_behind() {
    let server = Server::ready(&[]);
    let body = json!({"model": "tiny", "prompt": [5], "max_tokens": 60, "ignore_eos": true,
                      "stream": true})
    .to_string();
    for _ in 0..8 {
        let mut stream = server.send("POST", "/v1/completions", &body);
        let mut first = [0u8; 64];
        let _ = stream.read(&mut first).expect("the first bytes");
        drop(stream);
    }
    wait_idle(&server);
    let ended = |reason: &str| {
        server.metric(&format!(
            "vllm:request_success_total{{model_name=\"tiny\",finished_reason=\"{reason}\"}}"
        ))
    };
    assert_eq!(ended("abort") + ended("length"), 8.0);
}

/// A short version of the 64-client soak (`scripts/serve_soak.py` runs the
/// long one on SmolLM2): far more streams than slots, so most wait in the
/// queue; every one completes, and the engine is left holding nothing.
#[test]
fn sixty_four_concurrent_streams_complete_and_leave_nothing_behind() {
    const CLIENTS: usize = 64;
    const REQUESTS: usize = 3;
    let server = Server::ready(&[]);
    std::thread::scope(|scope| {
        for client in 0..CLIENTS {
            let server = &server;
            scope.spawn(move || {
                for i in 0..REQUESTS {
                    let tokens = 1 + (client + i) % 6;
                    let body = json!({"model": "tiny", "prompt": [5 + client as u32, 7],
                                      "max_tokens": tokens, "ignore_eos": true, "stream": true,
                                      "stream_options": {"include_usage": true}});
                    let response = server.post_json("/v1/completions", &body);
                    assert_eq!(response.status, 200, "{}", response.body);
                    let events = response.events();
                    assert_eq!(events.last().map(String::as_str), Some("[DONE]"));
                    let usage: serde_json::Value =
                        serde_json::from_str(&events[events.len() - 2]).unwrap();
                    assert_eq!(usage["usage"]["completion_tokens"], tokens, "{events:?}");
                }
            });
        }
    });
    wait_idle(&server);
    let ended = |reason: &str| {
        server.metric(&format!(
            "vllm:request_success_total{{model_name=\"tiny\",finished_reason=\"{reason}\"}}"
        ))
    };
    assert_eq!(ended("length"), (CLIENTS * REQUESTS) as f64);
    assert_eq!(ended("abort"), 0.0);
    assert_eq!(server.metric("vllm:kv_cache_usage_perc"), 0.0);
}

#[test]
fn sigterm_lets_requests_finish_and_exits_zero() {
    let mut server = Server::ready(&[]);
    let body = json!({"model": "tiny", "prompt": [5], "max_tokens": 60, "ignore_eos": true,
                      "stream": true})
    .to_string();
    let mut stream = server.send("POST", "/v1/completions", &body);
    // SIGTERM only once the server has taken the request (its first event arrived): a
    // connection not yet accepted when the listener closes is reset, which tests nothing here.
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"data: ") {
        let read = stream.read(&mut byte).expect("the stream starts");
        assert_eq!(read, 1, "the stream ended before its first event");
        head.push(byte[0]);
    }
    let pid = server.child.id().to_string();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    assert!(status.success());
    let mut rest = String::new();
    stream
        .read_to_string(&mut rest)
        .expect("the stream runs to its end");
    assert!(rest.ends_with("data: [DONE]\n\n"), "{rest}");
    assert!(rest.contains("\"finish_reason\":\"length\""), "{rest}");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(code) = server.child.try_wait().expect("wait") {
            assert!(code.success(), "{code:?}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "serve did not exit after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
