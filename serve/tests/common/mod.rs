//! A `serve` process on the tiny test model and a minimal HTTP/1.0 client.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A running server; killed when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
}

/// Runs `serve ARGS --compile-only` with `env` once per argument list in this process. A
/// server that starts on a cache without its full module serves a first module and compiles
/// the full one in the background; a test's server lives for seconds, so each was killed
/// mid-compile and the next one began the same compile again, on the cores the tests run on.
fn fill_cache(args: &[&str], env: &[(&str, &std::path::Path)]) {
    use std::collections::BTreeSet;
    use std::sync::Mutex;
    static FILLED: Mutex<BTreeSet<Vec<String>>> = Mutex::new(BTreeSet::new());
    let settings = env.iter().map(|(k, v)| format!("{k}={}", v.display()));
    let key: Vec<String> = args.iter().map(|a| a.to_string()).chain(settings).collect();
    if FILLED.lock().unwrap().contains(&key) {
        return;
    }
    let status = Command::new(env!("CARGO_BIN_EXE_serve"))
        .args(args)
        .arg("--compile-only")
        .envs(env.iter().copied())
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .expect("start serve --compile-only");
    assert!(status.success(), "serve {args:?} --compile-only: {status}");
    FILLED.lock().unwrap().insert(key);
}

/// Reads the server's stdout up to its `listening on http://ADDR` line and returns the
/// port; the rest of its output is copied to this process's stdout on a thread of its own.
/// The server binds port 0 itself: a port picked here and handed over could be taken by
/// another test's server in between.
fn bound_port(stdout: ChildStdout) -> u16 {
    let mut lines = BufReader::new(stdout).lines();
    let port = loop {
        let line = match lines.next() {
            Some(line) => line.expect("read serve's stdout"),
            None => panic!("serve exited before it bound a port"),
        };
        if let Some(address) = line.strip_prefix("listening on http://") {
            let address: SocketAddr = address.parse().expect("serve printed a socket address");
            break address.port();
        }
        println!("{line}");
    };
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            println!("{line}");
        }
    });
    port
}

impl Server {
    /// Starts `serve` on the tiny model (seeded weights, 8 slots of 64
    /// tokens) with `extra` arguments, without waiting for it to load.
    pub fn spawn(extra: &[&str]) -> Server {
        Server::spawn_with_env(extra, &[])
    }

    /// As [`Server::spawn`], with environment variables for the server.
    pub fn spawn_with_env(extra: &[&str], env: &[(&str, &std::path::Path)]) -> Server {
        Server::spawn_model(&tiny_with_tokenizer(), extra, env)
    }

    /// Starts `serve` on `model` (a tiny model directory), as [`Server::spawn`] does.
    pub fn spawn_model(
        model: &std::path::Path,
        extra: &[&str],
        env: &[(&str, &std::path::Path)],
    ) -> Server {
        let model = model.to_str().expect("a UTF-8 model path");
        let mut args = vec![
            "--model",
            model,
            "--served-model-name",
            "tiny",
            "--slots",
            "8",
            "--capacity",
            "64",
        ];
        args.extend(extra);
        Server::spawn_args(&args, env)
    }

    /// Starts `serve` with only `args` (and a port of its own choosing), without waiting
    /// for it to load: with none, on the default model (SmolLM2) and its default module.
    /// The server finds its full module in its cache ([`fill_cache`]), unless `env` gives it
    /// a cache of its own: a test of the first start.
    pub fn spawn_args(args: &[&str], env: &[(&str, &std::path::Path)]) -> Server {
        if !env.iter().any(|(name, _)| *name == "LLM_IREE_CACHE") {
            fill_cache(args, env);
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_serve"))
            .args(args)
            .args(["--port", "0"])
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start serve");
        let port = bound_port(child.stdout.take().expect("serve's stdout"));
        Server { child, port }
    }

    /// Starts the server and waits until `/health` answers 200.
    pub fn ready(extra: &[&str]) -> Server {
        let server = Server::spawn(extra);
        server.wait_ready();
        server
    }

    pub fn wait_ready(&self) {
        // The first run compiles the tiny module.
        let deadline = Instant::now() + Duration::from_secs(600);
        loop {
            if self.get("/health").status == 200 {
                return;
            }
            assert!(Instant::now() < deadline, "serve did not become ready");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn get(&self, path: &str) -> Response {
        self.request("GET", path, "")
    }

    pub fn post(&self, path: &str, body: &str) -> Response {
        self.request("POST", path, body)
    }

    pub fn post_json(&self, path: &str, body: &Value) -> Response {
        self.post(path, &body.to_string())
    }

    pub fn request(&self, method: &str, path: &str, body: &str) -> Response {
        self.request_with(method, path, body, &[])
    }

    /// A request with extra header lines (`Name: value`).
    pub fn request_with(&self, method: &str, path: &str, body: &str, headers: &[&str]) -> Response {
        let mut stream = self.send_with(method, path, body, headers);
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).expect("read response");
        Response::parse(&raw)
    }

    /// Sends a request and returns the open connection (HTTP/1.0: the body
    /// runs to the end of the connection, without chunking).
    pub fn send(&self, method: &str, path: &str, body: &str) -> TcpStream {
        self.send_with(method, path, body, &[])
    }

    fn send_with(&self, method: &str, path: &str, body: &str, headers: &[&str]) -> TcpStream {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("timeout");
        let extra: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
        let head = format!(
            "{method} {path} HTTP/1.0\r\nHost: localhost\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).expect("write head");
        stream.write_all(body.as_bytes()).expect("write body");
        stream
    }

    /// A metric's value (first sample whose name and labels start with `key`).
    pub fn metric(&self, key: &str) -> f64 {
        let text = self.get("/metrics").body;
        text.lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("metric {key} not found in:\n{text}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    fn parse(raw: &[u8]) -> Response {
        let text = String::from_utf8_lossy(raw).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").expect("a complete response");
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .expect("status line");
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        Response {
            status,
            headers,
            body: body.to_string(),
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// The `data:` payloads of an event stream, `[DONE]` included.
    pub fn events(&self) -> Vec<String> {
        self.body
            .split("\n\n")
            .filter_map(|e| e.strip_prefix("data: "))
            .map(str::to_string)
            .collect()
    }
}

/// Words of the tiny model's test vocabulary: `<unk>`, `<s>`, `</s>`, then
/// `w3` .. `w511`, so token id `i >= 3` reads as `wi`.
fn tiny_vocab() -> serde_json::Map<String, Value> {
    let mut vocab = serde_json::Map::new();
    for (i, special) in ["<unk>", "<s>", "</s>"].iter().enumerate() {
        vocab.insert(special.to_string(), i.into());
    }
    for i in 3..512 {
        vocab.insert(format!("w{i}"), i.into());
    }
    vocab
}

/// The tiny model's directory with a word-level tokenizer and a chat
/// template, so text prompts, chat and stop strings work on it.
pub fn tiny_with_tokenizer() -> std::path::PathBuf {
    let tokenizer = serde_json::json!({
        "version": "1.0",
        "truncation": null,
        "padding": null,
        "added_tokens": [
            {"id": 1, "content": "<s>", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true},
            {"id": 2, "content": "</s>", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true}
        ],
        "normalizer": null,
        "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": null,
        "decoder": null,
        "model": {"type": "WordLevel", "vocab": tiny_vocab(), "unk_token": "<unk>"}
    });
    let template = "{% for m in messages %}w10 {{ m['role'] }} {{ m['content'] }} w11 {% endfor %}{% if add_generation_prompt %}w12{% endif %}";
    tiny_dir(&tokenizer, template)
}

/// The tiny model's weights in a directory named `tiny` (the module cache is keyed by the
/// model's directory name: a fixed name lets every test reuse one compiled module), with
/// this tokenizer and chat template.
fn tiny_dir(tokenizer: &Value, template: &str) -> std::path::PathBuf {
    let dir = tests::tiny::hf_dir(7).join("tiny");
    std::fs::create_dir_all(&dir).expect("model dir");
    for file in ["config.json", "model.safetensors"] {
        std::fs::rename(dir.parent().unwrap().join(file), dir.join(file)).expect("move model file");
    }
    std::fs::write(dir.join("tokenizer.json"), tokenizer.to_string()).expect("write tokenizer");
    let config = serde_json::json!({
        "bos_token": "<s>",
        "eos_token": "</s>",
        "chat_template": template,
    });
    std::fs::write(dir.join("tokenizer_config.json"), config.to_string()).expect("write config");
    dir
}

/// GPT-2's printable character for each byte (what byte-level BPE vocabularies store).
fn byte_char(byte: u8) -> char {
    let printable =
        |b: u32| (33..=126).contains(&b) || (161..=172).contains(&b) || (174..=255).contains(&b);
    if printable(byte as u32) {
        return byte as char;
    }
    let rank = (0..byte as u32).filter(|&b| !printable(b)).count() as u32;
    char::from_u32(256 + rank).expect("a valid char")
}

/// Multi-byte tokens of the byte-level test vocabulary (ids from [`BYTE_PIECES_START`]), as
/// added tokens: JSON punctuation and the tool-call tags, so short structured answers fit
/// the tiny model's 64-token context.
pub const BYTE_PIECES: &[&str] = &[
    "<tool_call>",
    "</tool_call>",
    "{\"",
    "\":",
    ",\"",
    "\"}",
    "true",
    "false",
    "name",
    "arguments",
    "\":\"",
    "\",\"",
    "}}",
    "<think>",
    "</think>",
];
/// `<unk>`, `<s>`, `</s>`, then the 256 bytes, then [`BYTE_PIECES`].
pub const BYTE_PIECES_START: u32 = 3 + 256;

/// The tiny model (same weights, same directory name, so the same compiled module) with a
/// byte-level BPE tokenizer: every text has a spelling, as grammars need. Ids past the
/// pieces are filler words. The template renders `tools` (their names) when given.
pub fn tiny_with_byte_tokenizer() -> std::path::PathBuf {
    let template = "{% if tools %}{% for t in tools %}{{ t.function.name }};{% endfor %}{% endif %}{% for m in messages %}{{ m['role'][0] }}:{{ m['content'] }}\n{% endfor %}{% if add_generation_prompt %}a:{% endif %}";
    tiny_dir(&byte_tokenizer(), template)
}

/// The byte-level tiny model with a thinking template in Qwen3's manner: the reply opens a
/// `<think>` block, or with `enable_thinking: false` starts after an empty one; an earlier
/// turn's `reasoning_content` is rendered in its own block.
pub fn tiny_thinking() -> std::path::PathBuf {
    let template = "{% if tools %}{% for t in tools %}{{ t.function.name }};{% endfor %}{% endif %}{% for m in messages %}{{ m['role'][0] }}:{% if m.reasoning_content %}<think>{{ m.reasoning_content }}</think>{% endif %}{{ m['content'] }}\n{% endfor %}{% if add_generation_prompt %}a:{% if enable_thinking is defined and enable_thinking is false %}<think>\n\n</think>\n\n{% else %}<think>\n{% endif %}{% endif %}";
    tiny_dir(&byte_tokenizer(), template)
}

/// The byte-level tiny model with a template in Mistral's manner: it renders the tools and
/// names `[TOOL_CALLS]`, so calls take Mistral's list form (spelled in bytes here: the
/// vocabulary has no such control token).
pub fn tiny_mistral() -> std::path::PathBuf {
    let template = "{% if tools %}{% for t in tools %}{{ t.function.name }};{% endfor %}{% endif %}{% for m in messages %}{{ m['role'][0] }}:{{ m['content'] }}\n{% endfor %}{% if add_generation_prompt %}a:{% endif %}{# calls: [TOOL_CALLS][...] #}";
    tiny_dir(&byte_tokenizer(), template)
}

/// gpt-oss's harmony markers, special tokens of [`tiny_harmony`]'s vocabulary from id
/// [`HARMONY_START`] on, followed by `to=functions.` as a plain piece.
pub const HARMONY_MARKERS: &[&str] = &[
    "<|start|>",
    "<|channel|>",
    "<|message|>",
    "<|constrain|>",
    "<|end|>",
    "<|return|>",
    "<|call|>",
    "to=functions.",
];
pub const HARMONY_START: u32 = BYTE_PIECES_START + BYTE_PIECES.len() as u32;

/// The byte-level tiny model with harmony's markers as special tokens and a harmony-style
/// template: a system message with the reasoning effort when one is given, the number of
/// tools in a developer message (the tiny model's context is short), earlier reasoning on the analysis channel and calls as commentary.
/// Without tools the prompt opens the reply's analysis (the tiny model's random weights
/// would not open it themselves); with tools it ends with `<|start|>assistant`, as
/// gpt-oss's does.
pub fn tiny_harmony() -> std::path::PathBuf {
    let template = concat!(
        "{% if reasoning_effort is defined %}<|start|>system<|message|>{{ reasoning_effort }}<|end|>{% endif %}",
        "{% if tools %}<|start|>developer<|message|>{{ tools | length }}<|end|>{% endif %}",
        "{% for m in messages %}{% if m.role == 'assistant' %}",
        "{% if m.thinking %}<|start|>assistant<|channel|>analysis<|message|>{{ m.thinking }}<|end|>{% endif %}",
        "<|start|>assistant<|channel|>final<|message|>{{ m.content }}<|end|>",
        "{% else %}<|start|>{{ m.role }}<|message|>{{ m.content }}<|end|>{% endif %}{% endfor %}",
        "{% if add_generation_prompt %}<|start|>assistant{% if not tools %}<|channel|>analysis<|message|>{% endif %}{% endif %}"
    );
    let mut tokenizer = byte_tokenizer();
    for (i, marker) in HARMONY_MARKERS.iter().enumerate() {
        let id = HARMONY_START + i as u32;
        let vocab = tokenizer["model"]["vocab"].as_object_mut().unwrap();
        vocab.remove(&format!("x{id}"));
        vocab.insert(marker.to_string(), id.into());
        let special = marker.starts_with("<|");
        tokenizer["added_tokens"].as_array_mut().unwrap().push(serde_json::json!({"id": id, "content": marker, "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": special}));
    }
    tiny_dir(&tokenizer, template)
}

/// The id of a harmony marker of [`tiny_harmony`].
pub fn harmony_id(marker: &str) -> u32 {
    HARMONY_START
        + HARMONY_MARKERS
            .iter()
            .position(|m| *m == marker)
            .expect("a harmony marker") as u32
}

/// The id of a byte's token in the byte-level vocabulary.
pub fn byte_id(byte: u8) -> u32 {
    3 + byte as u32
}

/// The id of a multi-byte piece of the byte-level vocabulary.
pub fn piece_id(piece: &str) -> u32 {
    BYTE_PIECES_START
        + BYTE_PIECES
            .iter()
            .position(|p| *p == piece)
            .expect("a piece of the vocabulary") as u32
}

fn byte_tokenizer() -> Value {
    let mut vocab = serde_json::Map::new();
    for (i, special) in ["<unk>", "<s>", "</s>"].iter().enumerate() {
        vocab.insert(special.to_string(), i.into());
    }
    for byte in 0..=255u8 {
        vocab.insert(byte_char(byte).to_string(), (3 + byte as u32).into());
    }
    let mut added: Vec<Value> = ["<unk>", "<s>", "</s>"]
        .iter()
        .enumerate()
        .map(|(id, text)| serde_json::json!({"id": id, "content": text, "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true}))
        .collect();
    for (i, piece) in BYTE_PIECES.iter().enumerate() {
        // In the model's vocabulary too (the pieces are printable ASCII, which byte-level
        // spelling keeps): an added token the vocabulary lacks gets an id after it instead.
        vocab.insert(piece.to_string(), (BYTE_PIECES_START + i as u32).into());
        added.push(serde_json::json!({"id": BYTE_PIECES_START + i as u32, "content": piece, "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": false}));
    }
    for id in BYTE_PIECES_START + BYTE_PIECES.len() as u32..512 {
        vocab.insert(format!("x{id}"), id.into());
    }
    serde_json::json!({
        "version": "1.0",
        "truncation": null,
        "padding": null,
        "added_tokens": added,
        "normalizer": null,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},
        "post_processor": null,
        "decoder": {"type": "ByteLevel", "add_prefix_space": true, "trim_offsets": true, "use_regex": true},
        "model": {"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": null,
                  "end_of_word_suffix": null, "fuse_unk": false, "byte_fallback": false,
                  "ignore_merges": false, "vocab": vocab, "merges": []}
    })
}

/// The module options `serve` builds from these model arguments (its `--slots` default
/// given here), host sampling.
pub fn served_options(args: &[&str]) -> engine::model::ModelOptions {
    use clap::Parser;
    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        model: engine::model_args::ModelArgs,
    }
    let args = Args::parse_from(std::iter::once("serve").chain(args.iter().copied()));
    args.model
        .options(engine::device_sampling::SamplingMode::Host)
        .expect("module options")
}

/// `quality`'s teacher-forced log-probabilities of `tokens[1..]`: one decode step per token in
/// a module built with `options`, then `log softmax` in f64. Each row also gives the `top`
/// likeliest ids, ties to the lower id.
pub fn quality_logprobs(
    path: &std::path::Path,
    options: &engine::model::ModelOptions,
    tokens: &[u32],
    top: usize,
) -> Vec<(f32, Vec<(u32, f32)>)> {
    use engine::batch::GraphRunner;
    let runtime = engine::runtime::Runtime::new("local-task").expect("runtime");
    let mut loaded = engine::model::load(&runtime, path, options).expect("load the model");
    let vocab = loaded.graphs.vocab();
    let mut out = engine::graphs::DecodeOutput::default();
    let mut rows = Vec::new();
    for (pos, &token) in tokens[..tokens.len() - 1].iter().enumerate() {
        loaded
            .graphs
            .decode(
                emitter::graph::Head::Logits,
                &[token as i32],
                &[pos as i32],
                None,
                false,
                &mut out,
            )
            .expect("decode");
        let row = &out.logits[..vocab];
        // quality.rs's log_softmax, as written there.
        let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max) as f64;
        let lse = max
            + row
                .iter()
                .map(|&v| (v as f64 - max).exp())
                .sum::<f64>()
                .ln();
        let lp: Vec<f64> = row.iter().map(|&v| v as f64 - lse).collect();
        let mut ids: Vec<u32> = (0..vocab as u32).collect();
        ids.sort_by(|&a, &b| row[b as usize].total_cmp(&row[a as usize]).then(a.cmp(&b)));
        let best = ids[..top]
            .iter()
            .map(|&id| (id, lp[id as usize] as f32))
            .collect();
        rows.push((lp[tokens[pos + 1] as usize] as f32, best));
    }
    rows
}

/// Reasoning and content of a streamed answer, and whether all reasoning came before the
/// first content.
pub fn reassemble(events: &[String], field: &str) -> (String, String, bool) {
    let (mut reasoning, mut content, mut ordered) = (String::new(), String::new(), true);
    for event in events.iter().filter(|e| e.as_str() != "[DONE]") {
        let chunk: Value = serde_json::from_str(event).unwrap();
        let Some(delta) = chunk["choices"].get(0).map(|c| &c["delta"]) else {
            continue;
        };
        if let Some(text) = delta[field].as_str() {
            ordered &= content.is_empty();
            reasoning.push_str(text);
        }
        if let Some(text) = delta["content"].as_str() {
            content.push_str(text);
        }
    }
    (reasoning, content, ordered)
}
