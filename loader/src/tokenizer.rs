//! Text <-> token ids, built either from an HF `tokenizer.json` or from GGUF vocabulary metadata.
//!
//! Both paths produce an HF `tokenizers::Tokenizer`, so the ids match HF transformers'.

use std::path::Path;

use gguf::GgufFile;
use tokenizers::decoders::byte_level::ByteLevel as ByteLevelDecoder;
use tokenizers::models::bpe::{Vocab, BPE};
use tokenizers::pre_tokenizers::byte_level::ByteLevel;
use tokenizers::pre_tokenizers::digits::Digits;
use tokenizers::pre_tokenizers::sequence::Sequence;
use tokenizers::pre_tokenizers::PreTokenizerWrapper;
use tokenizers::AddedToken;

use crate::error::{Error, Result};

/// GGUF `tokenizer.ggml.token_type` values (llama.cpp's llama_token_type).
const TOKEN_TYPE_CONTROL: i64 = 3;
const TOKEN_TYPE_USER_DEFINED: i64 = 4;

/// A tokenizer plus the special tokens a chat loop needs.
pub struct Tokenizer {
    inner: tokenizers::Tokenizer,
    bos: Option<u32>,
    eos: Option<u32>,
    /// Whether `encode(.., add_special_tokens = true)` prepends BOS itself (GGUF); an HF
    /// tokenizer.json does that through its own post-processor instead.
    prepend_bos: bool,
}

impl std::fmt::Debug for Tokenizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokenizer")
            .field("vocab_size", &self.vocab_size())
            .field("bos", &self.bos)
            .field("eos", &self.eos)
            .finish_non_exhaustive()
    }
}

fn tok_error(e: impl std::fmt::Display) -> Error {
    Error::Tokenizer(e.to_string())
}

impl Tokenizer {
    /// From an HF model directory: `tokenizer.json`, with BOS/EOS from `tokenizer_config.json`
    /// (else `config.json`'s ids) when present.
    pub fn from_hf_dir(dir: &Path, config: &serde_json::Value) -> Result<Self> {
        let inner =
            tokenizers::Tokenizer::from_file(dir.join("tokenizer.json")).map_err(tok_error)?;
        let tok_config = crate::hf_model::read_json(&dir.join("tokenizer_config.json")).ok();
        let id_of = |name: &str| {
            let by_text = tok_config
                .as_ref()
                .and_then(|c| special_token_text(&c[name]))
                .and_then(|t| inner.token_to_id(&t));
            by_text.or_else(|| config[format!("{name}_id")].as_u64().map(|v| v as u32))
        };
        let (bos, eos) = (id_of("bos_token"), id_of("eos_token"));
        Ok(Tokenizer {
            inner,
            bos,
            eos,
            prepend_bos: false,
        })
    }

    /// From GGUF metadata (`tokenizer.ggml.*`). Only byte-level BPE (`model = "gpt2"`) is
    /// supported; the pre-tokenizer follows `tokenizer.ggml.pre`.
    pub fn from_gguf(file: &GgufFile) -> Result<Self> {
        let model = file.get_str("tokenizer.ggml.model")?;
        if model != "gpt2" {
            return Err(Error::UnsupportedTokenizer(format!("model {model:?}")));
        }
        let pre = file.get("tokenizer.ggml.pre").and_then(|v| v.as_str());
        let pre_tokenizer = pre_tokenizer(pre.unwrap_or("gpt2"))?;
        let tokens = string_array(file, "tokenizer.ggml.tokens")?;
        let merges = string_array(file, "tokenizer.ggml.merges")?;
        let mut inner = tokenizers::Tokenizer::new(bpe(&tokens, &merges)?);
        inner.with_pre_tokenizer(Some(pre_tokenizer));
        inner.with_decoder(Some(ByteLevelDecoder::default()));
        add_special_tokens(&mut inner, file, &tokens)?;
        let id = |key: &str| file.get(key).and_then(|v| v.as_u64()).map(|v| v as u32);
        Ok(Tokenizer {
            inner,
            bos: id("tokenizer.ggml.bos_token_id"),
            eos: id("tokenizer.ggml.eos_token_id"),
            prepend_bos: file
                .get("tokenizer.ggml.add_bos_token")
                .and_then(|v| v.as_bool())
                .unwrap_or(false),
        })
    }

    /// Token ids of `text`. Special-token text such as `<|im_start|>` always becomes its single
    /// id; `add_special_tokens` adds the model's BOS (when the model asks for one).
    pub fn encode(&self, text: &str, add_special_tokens: bool) -> Result<Vec<u32>> {
        let encoding = self
            .inner
            .encode(text, add_special_tokens)
            .map_err(tok_error)?;
        let mut ids = Vec::with_capacity(encoding.len() + 1);
        if add_special_tokens && self.prepend_bos {
            ids.extend(self.bos);
        }
        ids.extend_from_slice(encoding.get_ids());
        Ok(ids)
    }

    pub fn decode(&self, ids: &[u32], skip_special_tokens: bool) -> Result<String> {
        self.inner
            .decode(ids, skip_special_tokens)
            .map_err(tok_error)
    }

    pub fn token_to_id(&self, token: &str) -> Option<u32> {
        self.inner.token_to_id(token)
    }

    pub fn id_to_token(&self, id: u32) -> Option<String> {
        self.inner.id_to_token(id)
    }

    /// Including added tokens.
    pub fn vocab_size(&self) -> usize {
        self.inner.get_vocab_size(true)
    }

    pub fn bos_token_id(&self) -> Option<u32> {
        self.bos
    }

    pub fn eos_token_id(&self) -> Option<u32> {
        self.eos
    }

    pub fn bos_token(&self) -> Option<String> {
        self.bos.and_then(|id| self.id_to_token(id))
    }

    pub fn eos_token(&self) -> Option<String> {
        self.eos.and_then(|id| self.id_to_token(id))
    }

    /// The underlying HF tokenizer, for anything this wrapper does not cover.
    pub fn inner(&self) -> &tokenizers::Tokenizer {
        &self.inner
    }
}

/// `tokenizer_config.json` writes special tokens either as a string or as `{"content": ...}`.
fn special_token_text(v: &serde_json::Value) -> Option<String> {
    v.as_str()
        .or_else(|| v["content"].as_str())
        .map(str::to_owned)
}

fn string_array(file: &GgufFile, key: &str) -> Result<Vec<String>> {
    file.get_array(key)?
        .iter()
        .map(|v| v.as_str().map(str::to_owned))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| Error::Tokenizer(format!("{key} is not an array of strings")))
}

/// Pre-tokenizers equivalent to the llama.cpp pre-tokenizer types, as HF tokenizer.json files
/// for those models define them.
fn pre_tokenizer(pre: &str) -> Result<PreTokenizerWrapper> {
    let byte_level = ByteLevel::new(false, true, true);
    Ok(match pre {
        "gpt2" | "default" => byte_level.into(),
        "smollm" => Sequence::new(vec![Digits::new(true).into(), byte_level.into()]).into(),
        other => {
            return Err(Error::UnsupportedTokenizer(format!(
                "pre-tokenizer {other:?}"
            )))
        }
    })
}

fn bpe(tokens: &[String], merges: &[String]) -> Result<BPE> {
    let vocab: Vocab = tokens
        .iter()
        .enumerate()
        .map(|(id, t)| (t.clone(), id as u32))
        .collect();
    let merges = merges
        .iter()
        .map(|m| {
            m.split_once(' ')
                .map(|(a, b)| (a.to_owned(), b.to_owned()))
                .ok_or_else(|| Error::Tokenizer(format!("merge {m:?} is not two tokens")))
        })
        .collect::<Result<Vec<_>>>()?;
    BPE::builder()
        .vocab_and_merges(vocab, merges)
        .build()
        .map_err(tok_error)
}

/// Control tokens become special added tokens and user-defined ones plain added tokens, so
/// their text is matched whole before pre-tokenization, as HF does.
fn add_special_tokens(
    inner: &mut tokenizers::Tokenizer,
    file: &GgufFile,
    tokens: &[String],
) -> Result<()> {
    let Some(types) = file.get("tokenizer.ggml.token_type") else {
        return Ok(());
    };
    let types = types
        .as_array()
        .ok_or_else(|| Error::Tokenizer("tokenizer.ggml.token_type is not an array".into()))?;
    let (mut special, mut user) = (Vec::new(), Vec::new());
    for (token, ty) in tokens.iter().zip(types.iter()) {
        match ty.as_i64() {
            Some(TOKEN_TYPE_CONTROL) => special.push(AddedToken::from(token.clone(), true)),
            Some(TOKEN_TYPE_USER_DEFINED) => user.push(AddedToken::from(token.clone(), false)),
            _ => {}
        }
    }
    inner.add_special_tokens(&special);
    inner.add_tokens(&user);
    Ok(())
}
