//! SentencePiece vocabularies from GGUF (`tokenizer.ggml.model = "llama"`) against transformers'
//! tokenizer for the same file (tests/fixtures/sentencepiece, made by
//! scripts/oracle/make_sentencepiece_fixtures.py): ids with and without BOS, decoded text with
//! and without special tokens, on multilingual, code, whitespace and emoji strings.
//!
//! Two tiny vocabularies trained for the test (one with `<0xNN>` byte fallback, one without, so
//! text outside it becomes the unknown token) and Gemma 3's 262,144-token vocabulary. The Gemma
//! GGUF comes from `scripts/fetch_gemma3.sh`; the test fetches it when `LOADER_REQUIRE_MODEL` is
//! set and skips that file otherwise.

use std::path::{Path, PathBuf};

use gguf::GgufFile;
use loader::Tokenizer;
use serde_json::Value;
use sha2::{Digest, Sha256};

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn fixture_dir() -> PathBuf {
    root().join("tests/fixtures/sentencepiece")
}

fn ids(v: &Value) -> Vec<u32> {
    v.as_array()
        .expect("id array")
        .iter()
        .map(|x| x.as_u64().expect("id") as u32)
        .collect()
}

fn opt_id(v: &Value) -> Option<u32> {
    v.as_u64().map(|x| x as u32)
}

/// Count and sha256 of the BPE merges in rank order, as the fixture script hashes them.
fn merges_digest(tokenizer: &Tokenizer) -> (usize, String) {
    let json = tokenizer
        .inner()
        .to_string(false)
        .expect("serialize the tokenizer");
    let json: Value = serde_json::from_str(&json).unwrap();
    let merges = json["model"]["merges"].as_array().expect("BPE merges");
    let mut hasher = Sha256::new();
    for merge in merges {
        let pair: Vec<&str> = match merge {
            Value::Array(pair) => pair.iter().map(|t| t.as_str().unwrap()).collect(),
            other => other.as_str().unwrap().splitn(2, ' ').collect(),
        };
        hasher.update(pair[0]);
        hasher.update([0]);
        hasher.update(pair[1]);
        hasher.update([1]);
    }
    let hex = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    (merges.len(), hex)
}

/// Checks every fixture string; returns how many strings were checked.
fn check(gguf: &Path, fixture: &str) -> usize {
    let file = GgufFile::open(gguf).expect("open gguf");
    let tokenizer = Tokenizer::from_gguf(&file).expect("tokenizer from gguf");
    let text = std::fs::read_to_string(fixture_dir().join(fixture)).expect("fixture");
    let expected: Value = serde_json::from_str(&text).expect("fixture json");
    assert_eq!(
        tokenizer.vocab_size(),
        expected["vocab_size"].as_u64().unwrap() as usize
    );
    assert_eq!(tokenizer.bos_token_id(), opt_id(&expected["bos_token_id"]));
    assert_eq!(tokenizer.eos_token_id(), opt_id(&expected["eos_token_id"]));
    // The merges recovered from the vocabulary, in transformers' rank order.
    let (count, digest) = merges_digest(&tokenizer);
    assert_eq!(count as u64, expected["merges_count"].as_u64().unwrap());
    assert_eq!(
        digest,
        expected["merges_sha256"].as_str().unwrap(),
        "merges of {fixture}"
    );
    let cases = expected["cases"].as_array().expect("cases");
    for case in cases {
        let text = case["text"].as_str().unwrap();
        let with_special = tokenizer.encode(text, true).unwrap();
        let plain = tokenizer.encode(text, false).unwrap();
        // transformers drops text outside a vocabulary without byte fallback; we give the
        // file's unknown token, as sentencepiece and llama.cpp do (see the fixture script).
        let (want, want_decoded) = match case.get("ids_with_unk") {
            Some(with_unk) => (ids(with_unk), &case["decoded_with_unk"]),
            None => (ids(&case["ids"]), &case["decoded"]),
        };
        assert_eq!(with_special, want, "ids of {text:?} ({fixture})");
        let bos_len = ids(&case["ids"]).len() - ids(&case["ids_no_special"]).len();
        assert_eq!(
            plain,
            want[bos_len..],
            "ids without BOS of {text:?} ({fixture})"
        );
        assert_eq!(
            tokenizer.decode(&with_special, false).unwrap(),
            want_decoded.as_str().unwrap(),
            "decoded {text:?} ({fixture})"
        );
        if case.get("ids_with_unk").is_none() {
            assert_eq!(
                tokenizer.decode(&with_special, true).unwrap(),
                case["decoded_skip_special"].as_str().unwrap(),
                "decoded without special tokens {text:?} ({fixture})"
            );
        }
    }
    cases.len()
}

#[test]
fn tiny_vocabulary_with_byte_fallback_matches_transformers() {
    let gguf = fixture_dir().join("tiny-bytes.gguf");
    let n = check(&gguf, "tiny-bytes.json");
    assert!(n >= 20, "only {n} strings");
}

#[test]
fn tiny_vocabulary_without_byte_fallback_gives_the_unknown_token() {
    let gguf = fixture_dir().join("tiny-unk.gguf");
    check(&gguf, "tiny-unk.json");
    let file = GgufFile::open(&gguf).unwrap();
    let tokenizer = Tokenizer::from_gguf(&file).unwrap();
    // Characters the vocabulary lacks, consecutive ones fused into one unknown token.
    let unk = tokenizer.token_to_id("<unk>").unwrap();
    let ids = tokenizer.encode("hello 日本語 hello", false).unwrap();
    assert_eq!(ids.iter().filter(|&&id| id == unk).count(), 1, "{ids:?}");
}

/// The tiny byte-fallback vocabulary with some metadata keys dropped and others set.
fn tiny_with(drop: &[&str], set: &[(&str, gguf::Value)]) -> GgufFile {
    let bytes = std::fs::read(fixture_dir().join("tiny-bytes.gguf")).unwrap();
    let original = GgufFile::from_bytes(bytes).unwrap();
    let mut writer = gguf::Writer::new();
    for (key, value) in original.metadata() {
        let replaced = set.iter().any(|(k, _)| k == key);
        if !replaced && !drop.contains(&key.as_str()) {
            writer.metadata(key.clone(), value.clone());
        }
    }
    for (key, value) in set {
        writer.metadata(*key, value.clone());
    }
    GgufFile::from_bytes(writer.to_bytes()).unwrap()
}

/// BOS/EOS follow the file's `add_bos_token`/`add_eos_token`.
#[test]
fn bos_and_eos_follow_the_file() {
    let with_flags = |bos: bool, eos: bool| {
        let file = tiny_with(
            &[],
            &[
                ("tokenizer.ggml.add_bos_token", gguf::Value::Bool(bos)),
                ("tokenizer.ggml.add_eos_token", gguf::Value::Bool(eos)),
            ],
        );
        let t = Tokenizer::from_gguf(&file).unwrap();
        let plain = t.encode("hello", false).unwrap();
        let (b, e) = (t.bos_token_id().unwrap(), t.eos_token_id().unwrap());
        (t.encode("hello", true).unwrap(), plain, b, e)
    };
    let (ids, plain, bos, eos) = with_flags(true, true);
    assert_eq!(ids, [vec![bos], plain.clone(), vec![eos]].concat());
    let (ids, plain, _, eos) = with_flags(false, true);
    assert_eq!(ids, [plain, vec![eos]].concat());
    let (ids, plain, _, _) = with_flags(false, false);
    assert_eq!(ids, plain);
    // No flag: a SentencePiece file gets BOS, as in llama.cpp and transformers.
    let file = tiny_with(&["tokenizer.ggml.add_bos_token"], &[]);
    let t = Tokenizer::from_gguf(&file).unwrap();
    assert_eq!(
        t.encode("hello", true).unwrap()[0],
        t.bos_token_id().unwrap()
    );
}

/// What the tokenizer cannot honour is a typed error naming it.
#[test]
fn unusable_vocabularies_are_typed_errors() {
    let error = |file: GgufFile| Tokenizer::from_gguf(&file).unwrap_err().to_string();
    let e = error(tiny_with(&["tokenizer.ggml.scores"], &[]));
    assert!(e.contains("tokenizer.ggml.scores"), "{e}");
    let e = error(tiny_with(&["tokenizer.ggml.bos_token_id"], &[]));
    assert!(e.contains("add_bos_token") && e.contains("bos"), "{e}");
    let big = gguf::Value::U32(1_000_000);
    let e = error(tiny_with(&[], &[("tokenizer.ggml.unknown_token_id", big)]));
    assert!(e.contains("tokenizer.ggml.unknown_token_id"), "{e}");
    let phi3 = gguf::Value::String("phi3".into());
    let e = error(tiny_with(&[], &[("general.architecture", phi3)]));
    assert!(e.contains("phi3"), "{e}");
}

/// The Gemma 3 270M GGUF, fetched when the suite requires models; `None` (skip) otherwise.
fn gemma_path() -> Option<PathBuf> {
    let path = root().join(".cache/models/gemma-3-270m-q4_k_m.gguf");
    if path.exists() {
        return Some(path);
    }
    if std::env::var_os("LOADER_REQUIRE_MODEL").is_none() {
        eprintln!("skipped: no {} (scripts/fetch_gemma3.sh)", path.display());
        return None;
    }
    let status = std::process::Command::new(root().join("scripts/fetch_gemma3.sh"))
        .stdout(std::process::Stdio::null())
        .status()
        .expect("run scripts/fetch_gemma3.sh");
    assert!(status.success() && path.exists(), "fetching Gemma 3 failed");
    Some(path)
}

#[test]
fn gemma3_vocabulary_matches_transformers() {
    let Some(path) = gemma_path() else { return };
    let started = std::time::Instant::now();
    check(&path, "gemma3.json");
    eprintln!(
        "gemma3 tokenizer built and checked in {:.1?}",
        started.elapsed()
    );
}

/// Text's bytes as the token bytes a grammar engine reads spell them: the concatenated bytes of
/// the ids the tokenizer gives `text` (no BOS) are the text, after the prefix space the
/// Metaspace pre-tokenizer adds.
#[test]
fn token_bytes_spell_the_encoded_text() {
    let file = GgufFile::open(fixture_dir().join("tiny-bytes.gguf")).unwrap();
    let tokenizer = Tokenizer::from_gguf(&file).unwrap();
    let bytes = tokenizer.token_bytes().unwrap();
    assert_eq!(bytes.spelling, loader::ByteSpelling::Metaspace);
    assert_eq!(bytes.tokens.len(), tokenizer.vocab_size());
    let eos = tokenizer.eos_token_id().unwrap() as usize;
    assert!(bytes.special[eos], "EOS is a control token");
    for text in ["hello world", "a\nb  c", "日本語 ok", "🙂!", "x = f(1, 2);"] {
        let ids = tokenizer.encode(text, false).unwrap();
        let spelled: Vec<u8> = ids
            .iter()
            .flat_map(|&id| bytes.tokens[id as usize].clone())
            .collect();
        assert_eq!(
            String::from_utf8_lossy(&spelled),
            format!(" {text}"),
            "{ids:?}"
        );
    }
}
