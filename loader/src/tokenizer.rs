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
use tokenizers::processors::template::TemplateProcessing;
use tokenizers::AddedToken;

use crate::error::{Error, Result};
use crate::sentencepiece::{self, Spelling, Vocabulary};

/// GGUF `tokenizer.ggml.token_type` values (llama.cpp's llama_token_type).
const TOKEN_TYPE_CONTROL: i64 = 3;
const TOKEN_TYPE_USER_DEFINED: i64 = 4;

/// A tokenizer plus the special tokens a chat loop needs.
pub struct Tokenizer {
    inner: tokenizers::Tokenizer,
    bos: Option<u32>,
    eos: Option<u32>,
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
        Ok(Tokenizer { inner, bos, eos })
    }

    /// From GGUF metadata (`tokenizer.ggml.*`): byte-level BPE (`model = "gpt2"`, the
    /// pre-tokenizer following `tokenizer.ggml.pre`) or SentencePiece (`model = "llama"`).
    /// BOS/EOS are added as the file's `add_bos_token`/`add_eos_token` say (llama.cpp's
    /// defaults when absent: BOS for SentencePiece, nothing for byte-level BPE).
    pub fn from_gguf(file: &GgufFile) -> Result<Self> {
        let model = file.get_str("tokenizer.ggml.model")?;
        let tokens = string_array(file, "tokenizer.ggml.tokens")?;
        let (mut inner, add_bos_default) = match model {
            "gpt2" => (byte_level(file, &tokens)?, false),
            "llama" => (sentencepiece_model(file, &tokens)?, true),
            other => return Err(Error::UnsupportedTokenizer(format!("model {other:?}"))),
        };
        let id = |key: &str| special_id(file, key, tokens.len());
        let (bos, eos) = (
            id("tokenizer.ggml.bos_token_id")?,
            id("tokenizer.ggml.eos_token_id")?,
        );
        let named = [
            bos,
            eos,
            id("tokenizer.ggml.unknown_token_id")?,
            id("tokenizer.ggml.padding_token_id")?,
        ];
        add_special_tokens(&mut inner, file, &tokens, &named)?;
        let flag =
            |key: &str, default: bool| file.get(key).and_then(|v| v.as_bool()).unwrap_or(default);
        let add_bos = flag("tokenizer.ggml.add_bos_token", add_bos_default);
        let add_eos = flag("tokenizer.ggml.add_eos_token", false);
        let bos_eos = |add: bool, id: Option<u32>, what: &str| -> Result<Option<(String, u32)>> {
            match (add, id) {
                (false, _) => Ok(None),
                (true, Some(id)) => Ok(Some((tokens[id as usize].clone(), id))),
                (true, None) => Err(Error::Tokenizer(format!(
                    "tokenizer.ggml.add_{what}_token is set but the file names no {what} token"
                ))),
            }
        };
        let template =
            special_token_template(bos_eos(add_bos, bos, "bos")?, bos_eos(add_eos, eos, "eos")?)?;
        inner.with_post_processor(Some(template));
        Ok(Tokenizer { inner, bos, eos })
    }

    /// Token ids of `text`. Special-token text such as `<|im_start|>` always becomes its single
    /// id; `add_special_tokens` adds the model's BOS (when the model asks for one).
    pub fn encode(&self, text: &str, add_special_tokens: bool) -> Result<Vec<u32>> {
        let encoding = self
            .inner
            .encode(text, add_special_tokens)
            .map_err(tok_error)?;
        Ok(encoding.get_ids().to_vec())
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

/// Byte-level BPE with the file's merges.
fn byte_level(file: &GgufFile, tokens: &[String]) -> Result<tokenizers::Tokenizer> {
    let pre = file.get("tokenizer.ggml.pre").and_then(|v| v.as_str());
    let pre_tokenizer = pre_tokenizer(pre.unwrap_or("gpt2"))?;
    let merges = merges(file)?.ok_or_else(|| {
        Error::Tokenizer("tokenizer.ggml.merges is missing (byte-level BPE needs them)".into())
    })?;
    let vocab: Vocab = tokens
        .iter()
        .enumerate()
        .map(|(id, t)| (t.clone(), id as u32))
        .collect();
    let model = BPE::builder()
        .vocab_and_merges(vocab, merges)
        .build()
        .map_err(tok_error)?;
    let mut inner = tokenizers::Tokenizer::new(model);
    inner.with_pre_tokenizer(Some(pre_tokenizer));
    inner.with_decoder(Some(ByteLevelDecoder::default()));
    Ok(inner)
}

/// SentencePiece: the model and the token texts it uses (see [`sentencepiece`]).
fn sentencepiece_model(file: &GgufFile, tokens: &[String]) -> Result<tokenizers::Tokenizer> {
    let arch = file.architecture()?;
    let prefix_space = file
        .get("tokenizer.ggml.add_space_prefix")
        .and_then(|v| v.as_bool())
        .unwrap_or(true);
    let spelling = Spelling::for_architecture(arch, prefix_space)?;
    let scores = match file.get("tokenizer.ggml.scores") {
        None => None,
        Some(v) => Some(
            v.as_array()
                .and_then(|a| a.iter().map(|s| s.as_f64().map(|s| s as f32)).collect())
                .ok_or_else(|| {
                    Error::Tokenizer("tokenizer.ggml.scores is not an array of numbers".into())
                })?,
        ),
    };
    let scores: Option<Vec<f32>> = scores;
    let unknown = special_id(file, "tokenizer.ggml.unknown_token_id", tokens.len())?;
    sentencepiece::build(
        Vocabulary {
            tokens,
            scores: scores.as_deref(),
            merges: merges(file)?,
            unknown: unknown.map(|id| tokens[id as usize].as_str()),
        },
        spelling,
    )
}

/// `tokenizer.ggml.merges` as pairs, when the file has them.
fn merges(file: &GgufFile) -> Result<Option<Vec<(String, String)>>> {
    if file.get("tokenizer.ggml.merges").is_none() {
        return Ok(None);
    }
    string_array(file, "tokenizer.ggml.merges")?
        .iter()
        .map(|m| {
            m.split_once(' ')
                .map(|(a, b)| (a.to_owned(), b.to_owned()))
                .ok_or_else(|| Error::Tokenizer(format!("merge {m:?} is not two tokens")))
        })
        .collect::<Result<Vec<_>>>()
        .map(Some)
}

/// A token id the file names, checked against the vocabulary.
fn special_id(file: &GgufFile, key: &str, vocab_size: usize) -> Result<Option<u32>> {
    let Some(v) = file.get(key) else {
        return Ok(None);
    };
    match v.as_u64() {
        Some(id) if (id as usize) < vocab_size => Ok(Some(id as u32)),
        _ => Err(Error::Tokenizer(format!(
            "{key} = {v:?} is not a token id of the {vocab_size}-token vocabulary"
        ))),
    }
}

/// The post-processor that puts BOS before and EOS after a sequence, as the file asks.
fn special_token_template(
    bos: Option<(String, u32)>,
    eos: Option<(String, u32)>,
) -> Result<TemplateProcessing> {
    let mut single = Vec::new();
    let mut specials: Vec<(String, u32)> = Vec::new();
    if let Some(bos) = bos.clone() {
        single.push(bos.0.clone());
        specials.push(bos);
    }
    single.push("$A".to_owned());
    if let Some(eos) = eos {
        single.push(eos.0.clone());
        if !specials.contains(&eos) {
            specials.push(eos);
        }
    }
    TemplateProcessing::builder()
        .try_single(single)
        .map_err(tok_error)?
        .special_tokens(specials)
        .build()
        .map_err(tok_error)
}

/// Control tokens and the tokens the file names (BOS, EOS, unknown, padding) become special
/// added tokens, user-defined ones the model knows plain added tokens, so their text is matched
/// whole before normalization and pre-tokenization, as transformers does. Texts are the file's
/// (a Gemma whitespace token the model respells is not matched as an added token).
fn add_special_tokens(
    inner: &mut tokenizers::Tokenizer,
    file: &GgufFile,
    tokens: &[String],
    named: &[Option<u32>],
) -> Result<()> {
    let types: Vec<Option<i64>> = match file.get("tokenizer.ggml.token_type") {
        None => Vec::new(),
        Some(types) => types
            .as_array()
            .ok_or_else(|| Error::Tokenizer("tokenizer.ggml.token_type is not an array".into()))?
            .iter()
            .map(|t| t.as_i64())
            .collect(),
    };
    let token =
        |text: &str, special: bool| AddedToken::from(text.to_owned(), special).normalized(false);
    let mut special: Vec<AddedToken> = named
        .iter()
        .flatten()
        .map(|&id| token(&tokens[id as usize], true))
        .collect();
    let mut user = Vec::new();
    for (text, ty) in tokens.iter().zip(types) {
        match ty {
            Some(TOKEN_TYPE_CONTROL) => special.push(token(text, true)),
            Some(TOKEN_TYPE_USER_DEFINED) if inner.token_to_id(text).is_some() => {
                user.push(token(text, false))
            }
            _ => {}
        }
    }
    inner.add_special_tokens(&special);
    inner.add_tokens(&user);
    Ok(())
}
