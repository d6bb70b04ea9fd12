//! The bytes each token id stands for, as a grammar engine needs them: a token's text in the
//! vocabulary is a spelling (GPT-2's byte-to-unicode map, SentencePiece's `▁` and `<0xNN>`),
//! not the bytes it decodes to, and decoding a token alone loses the partial UTF-8 sequences
//! byte-level vocabularies are full of.

use serde_json::Value;

use crate::error::{Error, Result};
use crate::tokenizer::Tokenizer;

/// How a vocabulary spells bytes, read from the tokenizer's decoder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteSpelling {
    /// GPT-2 byte-level BPE: each byte is one printable character.
    ByteLevel,
    /// SentencePiece: `▁` is a space and `<0xNN>` a raw byte (byte fallback).
    Metaspace,
}

/// Every token's bytes, with the special (control) tokens marked.
#[derive(Debug, Clone)]
pub struct TokenBytes {
    pub spelling: ByteSpelling,
    /// Indexed by token id; empty for ids the tokenizer does not know.
    pub tokens: Vec<Vec<u8>>,
    /// Indexed by token id: a control token such as `<|im_end|>`, which text never spells.
    pub special: Vec<bool>,
}

const META: char = '▁';

impl Tokenizer {
    /// The bytes of every token id of the tokenizer.
    pub fn token_bytes(&self) -> Result<TokenBytes> {
        let inner = self.inner();
        let spelling = spelling(inner.get_decoder().map(serde_json::to_value))?;
        let added = inner.get_added_tokens_decoder();
        let size = self.vocab_size();
        let mut tokens = vec![Vec::new(); size];
        let mut special = vec![false; size];
        let char_bytes = byte_level_chars();
        for id in 0..size as u32 {
            let slot = id as usize;
            if let Some(token) = added.get(&id) {
                special[slot] = token.special;
                tokens[slot] = token.content.as_bytes().to_vec();
                continue;
            }
            let Some(text) = inner.id_to_token(id) else {
                continue;
            };
            tokens[slot] = match spelling {
                ByteSpelling::ByteLevel => text
                    .chars()
                    .map(|c| {
                        char_bytes(c).ok_or_else(|| {
                            Error::Tokenizer(format!(
                                "token {id} ({text:?}) is not byte-level spelling"
                            ))
                        })
                    })
                    .collect::<Result<Vec<u8>>>()?,
                ByteSpelling::Metaspace => match fallback_byte(&text) {
                    Some(byte) => vec![byte],
                    None => text.replace(META, " ").into_bytes(),
                },
            };
        }
        Ok(TokenBytes {
            spelling,
            tokens,
            special,
        })
    }
}

/// The spelling the decoder undoes: a `ByteLevel` decoder, or a sequence that replaces `▁` or
/// falls back to bytes (or a `Metaspace` decoder).
fn spelling(decoder: Option<serde_json::Result<Value>>) -> Result<ByteSpelling> {
    let decoder = match decoder {
        None => return Err(Error::Tokenizer("the tokenizer has no decoder".into())),
        Some(Err(e)) => return Err(Error::Tokenizer(format!("reading the decoder: {e}"))),
        Some(Ok(v)) => v,
    };
    let kind = |v: &Value| v["type"].as_str().unwrap_or_default().to_owned();
    let kinds: Vec<String> = match decoder["decoders"].as_array() {
        Some(list) => list.iter().map(kind).collect(),
        None => vec![kind(&decoder)],
    };
    if kinds.iter().any(|k| k == "ByteLevel") {
        Ok(ByteSpelling::ByteLevel)
    } else if kinds
        .iter()
        .any(|k| matches!(k.as_str(), "ByteFallback" | "Metaspace" | "Replace"))
    {
        Ok(ByteSpelling::Metaspace)
    } else {
        Err(Error::UnsupportedTokenizer(format!(
            "decoder {kinds:?}: neither byte-level nor SentencePiece spelling"
        )))
    }
}

/// `<0xNN>`: one raw byte.
fn fallback_byte(text: &str) -> Option<u8> {
    let hex = text.strip_prefix("<0x")?.strip_suffix('>')?;
    if hex.len() != 2 {
        return None;
    }
    u8::from_str_radix(hex, 16).ok()
}

/// GPT-2's map from the printable character standing for a byte back to the byte: printable
/// Latin-1 bytes stand for themselves, the others take the code points from 256 on in order.
fn byte_level_chars() -> impl Fn(char) -> Option<u8> {
    let mut table = std::collections::HashMap::with_capacity(256);
    let mut next = 256u32;
    for byte in 0..=255u8 {
        let c = byte as char;
        let printable = matches!(c, '!'..='~' | '\u{a1}'..='\u{ac}' | '\u{ae}'..='\u{ff}');
        if printable {
            table.insert(c, byte);
        } else {
            table.insert(char::from_u32(next).expect("below the surrogates"), byte);
            next += 1;
        }
    }
    move |c| table.get(&c).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_level_map_is_a_bijection_with_gpt2_examples() {
        let map = byte_level_chars();
        assert_eq!(map('Ġ'), Some(b' '));
        assert_eq!(map('Ċ'), Some(b'\n'));
        assert_eq!(map('a'), Some(b'a'));
        assert_eq!(map('\u{ff}'), Some(0xff));
        assert_eq!(map(' '), None);
    }

    #[test]
    fn fallback_bytes_parse_only_their_form() {
        assert_eq!(fallback_byte("<0x0A>"), Some(b'\n'));
        assert_eq!(fallback_byte("<0xFF>"), Some(0xff));
        assert_eq!(fallback_byte("<0x0A"), None);
        assert_eq!(fallback_byte("<0x123>"), None);
        assert_eq!(fallback_byte("▁the"), None);
    }

    #[test]
    fn spelling_follows_the_decoder() {
        let ok = |v: Value| spelling(Some(Ok(v)));
        assert_eq!(
            ok(serde_json::json!({"type": "ByteLevel"})).unwrap(),
            ByteSpelling::ByteLevel
        );
        let seq = serde_json::json!({"type": "Sequence", "decoders": [
            {"type": "Replace"}, {"type": "ByteFallback"}, {"type": "Fuse"}]});
        assert_eq!(ok(seq).unwrap(), ByteSpelling::Metaspace);
        assert!(ok(serde_json::json!({"type": "WordPiece"})).is_err());
        assert!(spelling(None).is_err());
    }
}
