//! SentencePiece vocabularies stored in GGUF (`tokenizer.ggml.model = "llama"`), as a
//! byte-fallback BPE of the `tokenizers` crate, shaped the way transformers' GGUF converter
//! shapes them:
//!
//! - A SentencePiece BPE model merges the pair whose result scores best. GGUF files carry no
//!   merge list for these vocabularies, so the merges are recovered from the vocabulary: every
//!   split of a token into two tokens is a merge, ranked by the token's score (best first; ties
//!   by the longer left, then right, piece; then in vocabulary order).
//! - Llama-style files mark word starts with `▁` through a Metaspace pre-tokenizer that prepends
//!   one to the text; the decoder turns `▁` back into spaces and drops the first.
//! - Gemma files replace every space by `▁` and split after each, with no prefix. Their scores
//!   do not follow the merge order, the position in the vocabulary does, and their tokens made
//!   only of whitespace store real spaces where the model sees `▁`.
//! - `<0xNN>` tokens spell bytes that have no token of their own (byte fallback).

use std::collections::HashMap;

use tokenizers::decoders::byte_fallback::ByteFallback;
use tokenizers::decoders::fuse::Fuse;
use tokenizers::decoders::sequence::Sequence as DecoderSequence;
use tokenizers::decoders::strip::Strip;
use tokenizers::decoders::DecoderWrapper;
use tokenizers::models::bpe::{Vocab, BPE};
use tokenizers::normalizers::replace::Replace;
use tokenizers::pre_tokenizers::metaspace::{Metaspace, PrependScheme};
use tokenizers::pre_tokenizers::split::{Split, SplitPattern};
use tokenizers::SplitDelimiterBehavior;

use crate::error::{Error, Result};

const META: char = '▁';

/// How a SentencePiece vocabulary writes spaces; chosen by the file's architecture, as nothing
/// else in a GGUF file tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// Llama, Mistral, TinyLlama...: a `▁` prepended to the text unless the file's
    /// `tokenizer.ggml.add_space_prefix` is false.
    Metaspace { prefix_space: bool },
    /// Gemma: spaces become `▁`, no prefix, whitespace-only tokens respelled.
    Gemma,
}

impl Spelling {
    pub fn for_architecture(arch: &str, prefix_space: bool) -> Result<Self> {
        match arch {
            "gemma" | "gemma2" | "gemma3" => Ok(Spelling::Gemma),
            // Phi-3 puts its prefix space in a normalizer instead, which differs on text that
            // starts with a space.
            "phi3" => Err(Error::UnsupportedTokenizer(
                "SentencePiece vocabulary of architecture \"phi3\"".into(),
            )),
            _ => Ok(Spelling::Metaspace { prefix_space }),
        }
    }
}

/// The vocabulary as the file gives it.
pub struct Vocabulary<'a> {
    pub tokens: &'a [String],
    /// `tokenizer.ggml.scores`; needed unless the file lists merges or spells like Gemma.
    pub scores: Option<&'a [f32]>,
    /// `tokenizer.ggml.merges`, when the file has them.
    pub merges: Option<Vec<(String, String)>>,
    /// Text of the unknown token: what a character with neither a token nor byte tokens becomes.
    pub unknown: Option<&'a str>,
}

/// The model, normalizer, pre-tokenizer and decoder; special tokens and BOS/EOS are added by
/// the caller.
pub fn build(vocab: Vocabulary<'_>, spelling: Spelling) -> Result<tokenizers::Tokenizer> {
    let tokens: Vec<String> = match spelling {
        Spelling::Gemma => vocab.tokens.iter().map(|t| respell_whitespace(t)).collect(),
        Spelling::Metaspace { .. } => vocab.tokens.to_vec(),
    };
    let merges = match vocab.merges {
        Some(merges) => merges,
        None => {
            let ranks = match spelling {
                // Earlier in the file merges first.
                Spelling::Gemma => (0..tokens.len()).map(|i| -(i as f64)).collect(),
                Spelling::Metaspace { .. } => {
                    let scores = vocab.scores.ok_or_else(|| {
                        Error::Tokenizer(
                            "tokenizer.ggml.scores is missing (needed to rank the merges)".into(),
                        )
                    })?;
                    if scores.len() != tokens.len() {
                        return Err(Error::Tokenizer(format!(
                            "tokenizer.ggml.scores has {} entries for {} tokens",
                            scores.len(),
                            tokens.len()
                        )));
                    }
                    scores.iter().map(|&s| f64::from(s)).collect::<Vec<_>>()
                }
            };
            merges_from_scores(&tokens, &ranks)?
        }
    };
    let vocab_map: Vocab = tokens
        .iter()
        .enumerate()
        .map(|(id, t)| (t.clone(), id as u32))
        .collect();
    let mut builder = BPE::builder()
        .vocab_and_merges(vocab_map, merges)
        .byte_fallback(true)
        .fuse_unk(true);
    if let Some(unknown) = vocab.unknown {
        builder = builder.unk_token(unknown.to_owned());
    }
    let model = builder
        .build()
        .map_err(|e| Error::Tokenizer(e.to_string()))?;
    let mut tokenizer = tokenizers::Tokenizer::new(model);
    let mut decoders: Vec<DecoderWrapper> = vec![
        replace(&META.to_string(), " ")?.into(),
        ByteFallback::default().into(),
        Fuse::default().into(),
    ];
    match spelling {
        Spelling::Gemma => {
            tokenizer.with_normalizer(Some(replace(" ", &META.to_string())?));
            let split = Split::new(
                SplitPattern::String(" ".into()),
                SplitDelimiterBehavior::MergedWithPrevious,
                false,
            )
            .map_err(|e| Error::Tokenizer(e.to_string()))?;
            tokenizer.with_pre_tokenizer(Some(split));
        }
        Spelling::Metaspace { prefix_space } => {
            let scheme = if prefix_space {
                PrependScheme::First
            } else {
                PrependScheme::Never
            };
            tokenizer.with_pre_tokenizer(Some(Metaspace::new(META, scheme, false)));
            if prefix_space {
                decoders.push(Strip::new(' ', 1, 0).into());
            }
        }
    }
    tokenizer.with_decoder(Some(DecoderSequence::new(decoders)));
    Ok(tokenizer)
}

fn replace(pattern: &str, content: &str) -> Result<Replace> {
    Replace::new(pattern, content).map_err(|e| Error::Tokenizer(e.to_string()))
}

/// Gemma stores a token of spaces (and other whitespace) with real spaces; its model looks it
/// up with one `▁` per character.
fn respell_whitespace(token: &str) -> String {
    if token.contains(' ') && token.chars().all(is_python_space) {
        META.to_string().repeat(token.chars().count())
    } else {
        token.to_owned()
    }
}

/// Python's `str.isspace`, which the converter's rule uses: Unicode White_Space plus the four
/// ASCII separators U+001C..U+001F.
fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Every way to cut a token into two tokens of the vocabulary, best rank first: rank is the
/// token's score; ties go to the longer left piece, then the longer right piece, then to the
/// token that comes first in the vocabulary, and within a token to the lower ids.
fn merges_from_scores(tokens: &[String], ranks: &[f64]) -> Result<Vec<(String, String)>> {
    if let Some(i) = ranks.iter().position(|r| r.is_nan()) {
        return Err(Error::Tokenizer(format!(
            "tokenizer.ggml.scores[{i}] is NaN"
        )));
    }
    // A token listed twice has its last id and last rank, at its first place in the order.
    let mut id_of: HashMap<&str, usize> = HashMap::with_capacity(tokens.len());
    let mut order = Vec::with_capacity(tokens.len());
    for (id, token) in tokens.iter().enumerate() {
        if id_of.insert(token.as_str(), id).is_none() {
            order.push(token.as_str());
        }
    }
    struct Merge<'a> {
        left: &'a str,
        right: &'a str,
        rank: f64,
        left_chars: usize,
        right_chars: usize,
    }
    let mut merges = Vec::new();
    let mut local = Vec::new();
    for token in order {
        let rank = ranks[id_of[token]];
        let chars = token.chars().count();
        local.clear();
        for (left_chars, (cut, _)) in token.char_indices().enumerate().skip(1) {
            let (left, right) = token.split_at(cut);
            if let (Some(&l), Some(&r)) = (id_of.get(left), id_of.get(right)) {
                local.push(((l, r), (left, right, left_chars)));
            }
        }
        local.sort_by_key(|(ids, _)| *ids);
        merges.extend(local.iter().map(|&(_, (left, right, left_chars))| Merge {
            left,
            right,
            rank,
            left_chars,
            right_chars: chars - left_chars,
        }));
    }
    // Stable, descending.
    merges.sort_by(|a, b| {
        b.rank
            .partial_cmp(&a.rank)
            .expect("NaN ranks refused above")
            .then(b.left_chars.cmp(&a.left_chars))
            .then(b.right_chars.cmp(&a.right_chars))
    });
    Ok(merges
        .into_iter()
        .map(|m| (m.left.to_owned(), m.right.to_owned()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn merges_rank_by_score_then_piece_lengths() {
        let tokens = strings(&["a", "b", "c", "ab", "bc", "abc"]);
        let scores = [0.0, 0.0, 0.0, -1.0, -0.5, -2.0];
        let merges = merges_from_scores(&tokens, &scores).unwrap();
        let pairs: Vec<(&str, &str)> = merges
            .iter()
            .map(|(l, r)| (l.as_str(), r.as_str()))
            .collect();
        // "bc" outranks "ab"; "abc" has two cuts of equal score: the longer left piece first.
        assert_eq!(pairs, [("b", "c"), ("a", "b"), ("ab", "c"), ("a", "bc")]);
    }

    #[test]
    fn nan_scores_are_refused() {
        let tokens = strings(&["a", "b", "ab"]);
        assert!(merges_from_scores(&tokens, &[0.0, 0.0, f64::NAN]).is_err());
    }

    #[test]
    fn gemma_whitespace_tokens_are_respelled() {
        assert_eq!(respell_whitespace("  "), "▁▁");
        assert_eq!(respell_whitespace(" \t"), "▁▁");
        assert_eq!(respell_whitespace("\n\n"), "\n\n");
        assert_eq!(respell_whitespace(" a"), " a");
    }
}
