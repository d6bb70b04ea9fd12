//! Two workers behind vllm-router (the way to scale out, see
//! scripts/cluster.sh): one is killed while streaming requests run through
//! the router. Every request must end (completed or a clean error, never a
//! hang) and later requests must all be served by the live worker. Skips
//! when the router cannot be installed, unless `LOADER_REQUIRE_MODEL` is set.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::Server;
use serde_json::json;

/// Longer than any request on the tiny model takes: reaching it is a hang.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

fn required() -> bool {
    std::env::var_os("LOADER_REQUIRE_MODEL").is_some()
}

struct Router {
    child: std::process::Child,
    port: u16,
}

impl Drop for Router {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The router's executable, installed by the same script cluster.sh uses.
fn install_router() -> Option<String> {
    let root = engine::paths::workspace_root();
    let output = Command::new(root.join("scripts/install_router.sh"))
        .stderr(Stdio::inherit())
        .output()
        .expect("run scripts/install_router.sh");
    if output.status.success() {
        return Some(String::from_utf8_lossy(&output.stdout).trim().to_string());
    }
    assert!(
        !required(),
        "vllm-router could not be installed (LOADER_REQUIRE_MODEL is set)"
    );
    eprintln!("skipped: vllm-router could not be installed (is PyPI reachable?)");
    None
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port()
}

fn start_router(exe: &str, workers: [&Server; 2]) -> Router {
    let port = free_port();
    // Its metrics listener too: the default port is taken by any other router on the machine.
    let metrics_port = free_port();
    let urls = workers.map(|w| format!("http://127.0.0.1:{}", w.port));
    let child = Command::new(exe)
        .args(["--host", "127.0.0.1", "--port", &port.to_string()])
        .args(["--prometheus-port", &metrics_port.to_string()])
        .arg("--worker-urls")
        .args(&urls)
        .args([
            "--policy",
            "round_robin",
            "--health-check-endpoint",
            "/health",
        ])
        .args(["--health-check-interval-secs", "1"])
        .args(["--health-failure-threshold", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .expect("start vllm-router");
    let router = Router { child, port };
    let deadline = Instant::now() + Duration::from_secs(60);
    while !matches!(get(port, "/v1/models"), Ok(ref r) if r.status == 200) {
        assert!(Instant::now() < deadline, "the router did not become ready");
        std::thread::sleep(Duration::from_millis(100));
    }
    router
}

struct Reply {
    status: u16,
    body: String,
}

/// How a request through the router ended.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// 200 and a stream that ends with `[DONE]` and carries no error event.
    Completed,
    /// An HTTP error status, or a stream cut short or ended by an error event.
    CleanError,
}

/// One HTTP/1.0 exchange (the body runs to the end of the connection).
/// `Err` is a transport failure; a read that times out panics: a hang.
fn exchange(port: u16, method: &str, path: &str, body: &str) -> std::io::Result<Reply> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(REQUEST_TIMEOUT))?;
    let head = format!(
        "{method} {path} HTTP/1.0\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    let mut raw = Vec::new();
    if let Err(e) = stream.read_to_end(&mut raw) {
        assert!(
            !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
            "{method} {path} hung for {REQUEST_TIMEOUT:?}"
        );
        return Err(e);
    }
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Ok(Reply {
        status,
        body: body.to_string(),
    })
}

fn get(port: u16, path: &str) -> std::io::Result<Reply> {
    exchange(port, "GET", path, "")
}

fn stream_completion(port: u16) -> Outcome {
    let body = json!({"model": "tiny", "prompt": [5], "max_tokens": 40, "ignore_eos": true,
                      "stream": true});
    let reply = match exchange(port, "POST", "/v1/completions", &body.to_string()) {
        // A reset mid-stream is a terminated stream.
        Err(_) => return Outcome::CleanError,
        Ok(reply) => reply,
    };
    let events: Vec<&str> = reply
        .body
        .split("\n\n")
        .filter_map(|e| e.trim_start().strip_prefix("data: "))
        .collect();
    let errored = events.iter().any(|e| e.contains("\"error\""));
    if reply.status == 200 && events.last() == Some(&"[DONE]") && !errored {
        Outcome::Completed
    } else {
        assert!(
            reply.status == 200 || reply.status >= 400,
            "an unexpected status {}: {}",
            reply.status,
            reply.body
        );
        Outcome::CleanError
    }
}

/// Requests a worker has finished, whatever the reason.
fn finished_requests(server: &Server) -> f64 {
    server
        .get("/metrics")
        .body
        .lines()
        .filter(|l| l.starts_with("vllm:request_success_total{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

#[test]
fn the_router_routes_around_a_killed_worker() {
    let Some(exe) = install_router() else { return };
    let live = Server::ready(&[]);
    let mut doomed = Server::ready(&[]);
    let router = start_router(&exe, [&live, &doomed]);
    let port = router.port;

    // 6 clients, 5 streaming requests each, one after another.
    let (clients, per_client) = (6, 5);
    let done = Arc::new(AtomicUsize::new(0));
    let handles: Vec<_> = (0..clients)
        .map(|_| {
            let done = Arc::clone(&done);
            std::thread::spawn(move || {
                (0..per_client)
                    .map(|_| {
                        let outcome = stream_completion(port);
                        done.fetch_add(1, Ordering::SeqCst);
                        outcome
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    // Kill once the doomed worker has served some of them: both were in use.
    let deadline = Instant::now() + Duration::from_secs(60);
    while finished_requests(&doomed) < 2.0 {
        assert!(
            Instant::now() < deadline,
            "the router sent nothing to worker 2"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let done_at_kill = done.load(Ordering::SeqCst);
    doomed.child.kill().expect("SIGKILL worker 2");
    assert!(
        done_at_kill < clients * per_client,
        "the kill came after the run"
    );
    let outcomes: Vec<Outcome> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("client thread"))
        .collect();
    let completed = outcomes
        .iter()
        .filter(|o| **o == Outcome::Completed)
        .count();
    eprintln!(
        "during the kill: {completed} of {} completed, the rest ended with a clean error \
         ({done_at_kill} had ended before the kill)",
        outcomes.len()
    );
    // Both workers were healthy until the kill: what ended before it completed.
    assert!(completed >= done_at_kill, "{outcomes:?}");

    // After a health check has seen the dead worker, all go to the live one.
    std::thread::sleep(Duration::from_secs(3));
    let before = finished_requests(&live);
    let later = 8;
    let handles: Vec<_> = (0..later)
        .map(|_| std::thread::spawn(move || stream_completion(port)))
        .collect();
    for handle in handles {
        assert_eq!(handle.join().expect("client thread"), Outcome::Completed);
    }
    assert_eq!(finished_requests(&live) - before, later as f64);
}
