//! Converts a model to its parameter file and reports timings.
//!
//! Usage: cargo run --release -p loader --example convert -- [MODEL] [CACHE_DIR] [f32|f16]
//! MODEL defaults to `loader::default_model_path()`, CACHE_DIR to a fresh temporary directory.

use std::time::Instant;

use loader::{ChatMessage, Dtype, Model};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = match args.first() {
        Some(p) => p.into(),
        None => loader::default_model_path()?,
    };
    let tmp = tempfile::tempdir()?;
    let cache = args
        .get(1)
        .map_or_else(|| tmp.path().to_path_buf(), Into::into);
    let dtype = match args.get(2).map(String::as_str) {
        Some("f16") => Dtype::F16,
        _ => Dtype::F32,
    };

    let t = Instant::now();
    let model = Model::open(&path)?;
    eprintln!(
        "open: {:.3} s ({})",
        t.elapsed().as_secs_f64(),
        path.display()
    );
    println!("{}", model.config_json());

    let t = Instant::now();
    let file = model.parameter_file(&cache, dtype)?;
    let size = std::fs::metadata(&file)?.len();
    eprintln!(
        "parameter file: {:.2} s, {:.1} MB -> {}",
        t.elapsed().as_secs_f64(),
        size as f64 / 1e6,
        file.display()
    );

    let t = Instant::now();
    let tokenizer = model.tokenizer()?;
    eprintln!("tokenizer build: {:.3} s", t.elapsed().as_secs_f64());
    let text = "The quick brown fox jumps over the lazy dog. 1234 ünïcödé 🦀\n".repeat(2000);
    let t = Instant::now();
    let ids = tokenizer.encode(&text, false)?;
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "encode: {} bytes -> {} tokens in {:.3} s ({:.2} MB/s, {:.0} tokens/s)",
        text.len(),
        ids.len(),
        secs,
        text.len() as f64 / secs / 1e6,
        ids.len() as f64 / secs
    );
    let t = Instant::now();
    let mut stream = loader::DecodeStream::new(false);
    let mut decoded = String::new();
    for &id in &ids {
        decoded.extend(stream.step(&tokenizer, id)?);
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!("stream decode: {:.0} tokens/s", ids.len() as f64 / secs);
    assert_eq!(decoded, text);

    if let Some(template) = model.chat_template()? {
        let prompt = template.render(&[ChatMessage::new("user", "Hi!")], true)?;
        eprintln!("chat prompt: {prompt:?}");
    }
    Ok(())
}
