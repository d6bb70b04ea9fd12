//! Checks against the HF transformers oracle (tests/fixtures/oracle, made by
//! scripts/oracle/make_oracle.py) using the real default model, SmolLM2-135M-Instruct Q4_1.
//!
//! The model comes from the project venv (see `loader::default_model_path`). Without it these
//! tests print why and pass, unless `LOADER_REQUIRE_MODEL` is set, which makes that a failure.

use std::path::PathBuf;

use loader::{ChatMessage, DecodeStream, Dtype, Model};
use rayon::prelude::*;
use serde_json::Value;
use sha2::{Digest, Sha256};

fn model() -> Option<Model> {
    match loader::default_model_path() {
        Ok(path) => Some(Model::open(path).unwrap()),
        Err(e) if std::env::var_os("LOADER_REQUIRE_MODEL").is_none() => {
            eprintln!("skipping: {e}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

fn fixture(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/oracle")
        .join(name);
    serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap()
}

fn ids(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

#[test]
fn config_describes_smollm2() {
    let Some(model) = model() else { return };
    let c = model.config();
    let dims = [
        c.hidden_size,
        c.intermediate_size,
        c.num_hidden_layers,
        c.num_attention_heads,
        c.num_key_value_heads,
        c.head_dim,
        c.vocab_size,
        c.max_position_embeddings,
    ];
    assert_eq!(dims, [576, 1536, 30, 9, 3, 64, 49152, 8192]);
    assert_eq!(c.rope_theta, 100000.0);
    assert!(c.tie_word_embeddings);
    assert_eq!(model.tokenizer().unwrap().eos_token_id(), Some(2));
    let params = model.parameters(Dtype::F32).unwrap();
    assert_eq!(params.len(), 2 + 30 * 9);
    let embed = params
        .iter()
        .find(|p| p.name == "model.embed_tokens.weight")
        .unwrap();
    assert_eq!(embed.shape, vec![49152, 576]);
    let k = params
        .iter()
        .find(|p| p.name == "model.layers.7.self_attn.k_proj.weight")
        .unwrap();
    assert_eq!(k.shape, vec![192, 576]);
}

#[test]
fn tokenizer_ids_match_transformers() {
    let Some(model) = model() else { return };
    let tok = model.tokenizer().unwrap();
    for case in fixture("tokenizer.json")["cases"].as_array().unwrap() {
        let text = case["text"].as_str().unwrap();
        let expected = ids(&case["ids_reference"]);
        assert_eq!(tok.encode(text, false).unwrap(), expected, "{text:?}");
        assert_eq!(
            tok.encode(text, true).unwrap(),
            expected,
            "no BOS for SmolLM2: {text:?}"
        );
        // transformers' GGUF tokenizer ignores the "smollm" pre-tokenizer; that only matters
        // for number characters outside ASCII, which have merges with their neighbours.
        if ids(&case["ids"]) != expected {
            assert!(
                text.chars().any(|c| c.is_numeric() && !c.is_ascii()),
                "{text:?}"
            );
        }
        let decoded = tok.decode(&ids(&case["ids"]), false).unwrap();
        assert_eq!(decoded, case["decoded"].as_str().unwrap(), "{text:?}");
    }
    assert_eq!(tok.token_to_id("<|im_start|>"), Some(1));
    assert_eq!(tok.eos_token().as_deref(), Some("<|im_end|>"));
    assert_eq!(tok.vocab_size(), 49152);
}

#[test]
fn chat_prompts_match_transformers() {
    let Some(model) = model() else { return };
    let tok = model.tokenizer().unwrap();
    let template = model
        .chat_template()
        .unwrap()
        .expect("SmolLM2 has a chat template");
    for p in fixture("generation.json")["prompts"].as_array().unwrap() {
        let messages = [ChatMessage::new("user", p["prompt"].as_str().unwrap())];
        let text = template.render(&messages, true).unwrap();
        assert_eq!(text, p["prompt_text"].as_str().unwrap());
        assert_eq!(tok.encode(&text, false).unwrap(), ids(&p["prompt_ids"]));
        let greedy = ids(&p["greedy_ids"]);
        assert_eq!(
            tok.decode(&greedy, false).unwrap(),
            p["greedy_text"].as_str().unwrap()
        );
    }
}

#[test]
fn streaming_decode_reassembles_the_text() {
    let Some(model) = model() else { return };
    let tok = model.tokenizer().unwrap();
    let mut texts: Vec<String> = fixture("tokenizer.json")["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap().to_owned())
        .collect();
    texts.push("🦀 Rust ünïcödé 漢字 👨‍👩‍👧".into());
    for text in texts {
        let ids = tok.encode(&text, false).unwrap();
        let mut stream = DecodeStream::new(false);
        let mut out = String::new();
        for &id in &ids {
            if let Some(piece) = stream.step(&tok, id).unwrap() {
                assert!(
                    !piece.contains('\u{FFFD}'),
                    "{text:?}: partial character in {piece:?}"
                );
                out.push_str(&piece);
            }
        }
        out.extend(stream.finish(&tok).unwrap());
        assert_eq!(out, tok.decode(&ids, false).unwrap(), "{text:?}");
    }
}

/// The whole conversion, checked bit for bit against transformers' own dequantized weights.
#[test]
fn parameter_file_matches_transformers_weights() {
    let Some(model) = model() else { return };
    let dir = tempfile::tempdir().unwrap();
    let path = model.parameter_file(dir.path(), Dtype::F32).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let st = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    let expected = fixture("weights.json");
    let expected = expected["parameters"].as_object().unwrap();
    assert_eq!(st.len(), expected.len());
    expected
        .iter()
        .collect::<Vec<_>>()
        .par_iter()
        .for_each(|(name, want)| {
            let view = st.tensor(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            let shape: Vec<usize> = want["shape"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_u64().unwrap() as usize)
                .collect();
            assert_eq!(view.shape(), shape, "{name}");
            let hash: String = Sha256::digest(view.data())
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(hash, want["sha256"].as_str().unwrap(), "{name}");
        });
}

/// Byte-level BPE token bytes spell the encoded text exactly (what grammar masks are built on).
#[test]
fn token_bytes_spell_the_encoded_text() {
    let Some(model) = model() else { return };
    let tokenizer = model.tokenizer().unwrap();
    let bytes = tokenizer.token_bytes().unwrap();
    assert_eq!(bytes.spelling, loader::ByteSpelling::ByteLevel);
    assert!(bytes.special[tokenizer.eos_token_id().unwrap() as usize]);
    for text in [
        "Hello world",
        "  two\n\tspaces",
        "日本語 ok 🙂",
        "{\"a\": [1, 2]}",
    ] {
        let ids = tokenizer.encode(text, false).unwrap();
        let spelled: Vec<u8> = ids
            .iter()
            .flat_map(|&id| bytes.tokens[id as usize].clone())
            .collect();
        assert_eq!(spelled, text.as_bytes(), "{ids:?}");
    }
}
