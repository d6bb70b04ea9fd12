//! The per-model half of constrained decoding: the token trie over the model's vocabulary and
//! the llguidance parser factory that compiles each request's grammar against it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use llguidance::api::TopLevelGrammar;
use llguidance::{Matcher, ParserFactory};
use loader::Tokenizer;
use serde_json::{json, Value};
use toktrie::{TokEnv, TokRxInfo, TokTrie, TokenId, TokenizerEnv};

use super::{Constraint, Grammar, GrammarError};

/// Compiles grammars for one model; build it once (building the trie and the factory's token
/// slices takes tens of milliseconds at a 49k vocabulary) and share it.
#[derive(Clone)]
pub struct GrammarCompiler {
    factory: Arc<ParserFactory>,
    eos: TokenId,
}

impl std::fmt::Debug for GrammarCompiler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GrammarCompiler")
            .field("vocab", &self.factory.tok_env().tok_trie().vocab_size())
            .field("eos", &self.eos)
            .finish()
    }
}

/// The trie plus a way to tokenize text the grammar forces.
struct VocabEnv {
    trie: TokTrie,
    tokenizer: Option<Arc<Tokenizer>>,
}

impl TokenizerEnv for VocabEnv {
    fn tok_trie(&self) -> &TokTrie {
        &self.trie
    }

    fn tokenize_bytes(&self, bytes: &[u8]) -> Vec<TokenId> {
        match (&self.tokenizer, std::str::from_utf8(bytes)) {
            (Some(tokenizer), Ok(text)) => tokenizer
                .encode(text, false)
                .unwrap_or_else(|_| self.trie.greedy_tokenize(bytes)),
            _ => self.trie.greedy_tokenize(bytes),
        }
    }

    fn tokenize_is_canonical(&self) -> bool {
        self.tokenizer.is_some()
    }
}

impl GrammarCompiler {
    /// From the model's tokenizer; `vocab` is the width of the model's logits, which may exceed
    /// the tokenizer's (ids past it are never allowed).
    pub fn for_tokenizer(
        tokenizer: Arc<Tokenizer>,
        vocab: usize,
    ) -> Result<GrammarCompiler, GrammarError> {
        let bytes = tokenizer
            .token_bytes()
            .map_err(|e| GrammarError::Vocabulary(e.to_string()))?;
        let eos = tokenizer.eos_token_id().ok_or(GrammarError::NoEos)?;
        GrammarCompiler::new(bytes.tokens, &bytes.special, eos, vocab, Some(tokenizer))
    }

    /// From each token's bytes (indexed by id) and which are control tokens.
    pub fn new(
        mut tokens: Vec<Vec<u8>>,
        special: &[bool],
        eos: TokenId,
        vocab: usize,
        tokenizer: Option<Arc<Tokenizer>>,
    ) -> Result<GrammarCompiler, GrammarError> {
        if tokens.len() > vocab {
            return Err(GrammarError::Vocabulary(format!(
                "the tokenizer has {} tokens, more than the model's {vocab} logits",
                tokens.len()
            )));
        }
        if eos as usize >= vocab {
            return Err(GrammarError::Vocabulary(format!(
                "the end-of-sequence token {eos} is outside the vocabulary of {vocab}"
            )));
        }
        tokens.resize(vocab, Vec::new());
        for (bytes, &is_special) in tokens.iter_mut().zip(special) {
            // llguidance keeps control tokens apart by a 0xFF first byte, so that no text
            // spells them.
            if is_special && !bytes.is_empty() {
                bytes.insert(0, TokTrie::SPECIAL_TOKEN_MARKER);
            }
        }
        let info = TokRxInfo::new(vocab as u32, eos);
        let trie = catch_unwind(|| TokTrie::from(&info, &tokens)).map_err(|_| {
            GrammarError::Vocabulary("building the token trie failed (a token too long?)".into())
        })?;
        let env: TokEnv = Arc::new(VocabEnv { trie, tokenizer });
        let mut factory = catch_unwind(AssertUnwindSafe(|| ParserFactory::new_simple(&env)))
            .map_err(|_| GrammarError::Vocabulary("the parser factory panicked".into()))?
            .map_err(|e| GrammarError::Vocabulary(e.to_string()))?;
        // Errors go to the caller, not to stderr.
        factory.quiet();
        factory.limits_mut().verbose_errors = false;
        Ok(GrammarCompiler {
            factory: Arc::new(factory),
            eos,
        })
    }

    /// The logits width the masks cover.
    pub fn vocab(&self) -> usize {
        self.factory.tok_env().tok_trie().vocab_size()
    }

    pub fn eos(&self) -> TokenId {
        self.eos
    }

    /// Compiles `grammar` into a fresh matcher; a grammar that does not compile is an error
    /// whose message says why. Clone the constraint for more sequences under one grammar.
    pub fn compile(&self, grammar: &Grammar) -> Result<Constraint, GrammarError> {
        let top = match grammar {
            Grammar::JsonObject => {
                TopLevelGrammar::from_json_schema(compact(json!({"type": "object"})))
            }
            Grammar::JsonSchema(schema) => {
                if !(schema.is_object() || schema.is_boolean()) {
                    return Err(GrammarError::Compile(
                        "a JSON schema must be an object or a boolean".into(),
                    ));
                }
                TopLevelGrammar::from_json_schema(compact(schema.clone()))
            }
            Grammar::Regex(regex) => TopLevelGrammar::from_regex(regex),
            Grammar::Lark(lark) => TopLevelGrammar::from_lark(lark.clone()),
        };
        let parser = catch_unwind(AssertUnwindSafe(|| self.factory.create_parser(top)))
            .map_err(|_| GrammarError::Compile("the grammar compiler panicked".into()))?
            .map_err(|e| GrammarError::Compile(e.to_string()))?;
        let matcher = Matcher::new(Ok(parser));
        if let Some(error) = matcher.get_error() {
            return Err(GrammarError::Compile(error));
        }
        Ok(Constraint::new(matcher, self.eos, self.vocab()))
    }
}

impl GrammarCompiler {
    /// `constraint` held back until the generated text contains `trigger` (a thinking model's
    /// closing tag, a tool call's opening tag), so that the text before it is free and what
    /// follows it follows the grammar. On a constraint that already waits, `trigger` comes
    /// first: the reasoning's end, then a call's opening.
    pub fn after(&self, constraint: Constraint, trigger: &str) -> Constraint {
        constraint.after(trigger.as_bytes(), self.factory.tok_env().clone())
    }
}

/// JSON without free whitespace between tokens, unless the schema says otherwise
/// (`x-guidance`): small models otherwise pad with newlines until `max_tokens` runs out.
fn compact(mut schema: Value) -> Value {
    if let Some(object) = schema.as_object_mut() {
        object
            .entry("x-guidance")
            .or_insert_with(|| json!({"whitespace_flexible": false}));
    }
    schema
}
