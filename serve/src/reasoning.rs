//! The reasoning of thinking models: which template families write it, where it starts given
//! the rendered prompt, how it is told apart from the answer as text streams in, and under
//! which fields it is reported.

use std::sync::Arc;

use engine::grammar::{Constraint, GrammarCompiler};
use loader::{ChatTemplate, Tokenizer, RESERVED_VARIABLES};
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::harmony::{HarmonyParser, Markers};
use crate::tools::Piece;

/// How a family marks its reasoning in the generated text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// `start ... end` before the answer. With `implicit_start` the model may leave the start
    /// tag out: everything before `end` is reasoning (DeepSeek-R1).
    Tags {
        start: &'static str,
        end: &'static str,
        implicit_start: bool,
    },
    /// gpt-oss's harmony channels (`crate::harmony`): `analysis` is the reasoning, `final`
    /// the answer, `commentary` to a function a tool call. Its markers are special tokens,
    /// found by id in the vocabulary.
    Harmony(Markers),
}

/// What a family's template holds, before the vocabulary is consulted.
#[derive(Debug, Clone, Copy)]
enum Form {
    Tags(Syntax),
    Harmony,
}

/// A template family that writes reasoning, recognised by strings its template holds.
struct Family {
    markers: &'static [&'static str],
    form: Form,
}

const THINK: &str = "<think>";
const END_THINK: &str = "</think>";

/// Checked in order; the first whose markers all occur in the template wins.
const FAMILIES: &[Family] = &[
    // gpt-oss: the prompt ends with `<|start|>assistant` and the reply names its channels.
    Family {
        markers: &["<|start|>", "<|channel|>", "<|message|>"],
        form: Form::Harmony,
    },
    // DeepSeek-R1 and its distills: the reply opens inside the reasoning.
    Family {
        markers: &["<｜Assistant｜>", END_THINK],
        form: Form::Tags(Syntax::Tags {
            start: THINK,
            end: END_THINK,
            implicit_start: true,
        }),
    },
    // Qwen3, QwQ, SmolLM3 and the like: the model opens the block itself.
    Family {
        markers: &[THINK, END_THINK],
        form: Form::Tags(Syntax::Tags {
            start: THINK,
            end: END_THINK,
            implicit_start: false,
        }),
    },
];

/// The reasoning syntax of the family `template` belongs to, if any. Harmony's markers must
/// be special tokens of `tokenizer`: spelled in plain text they would be ambiguous.
pub fn syntax_of(template: &ChatTemplate, tokenizer: Option<&Tokenizer>) -> Option<Syntax> {
    let family = FAMILIES
        .iter()
        .find(|f| f.markers.iter().all(|m| template.reads(m)))?;
    match family.form {
        Form::Tags(syntax) => Some(syntax),
        Form::Harmony => tokenizer.and_then(Markers::find).map(Syntax::Harmony),
    }
}

/// Where the reply starts, as the rendered prompt leaves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// The model may open a reasoning block first, or answer at once.
    Optional,
    /// The reply starts inside the reasoning (the template opened it, or the family omits
    /// the start tag).
    Open,
    /// The template wrote a closed, empty block (thinking switched off): all is answer.
    Closed,
}

impl Syntax {
    /// The texts after which an answer's grammar applies, in order: the closing tag, or
    /// harmony's final channel and the start of its message.
    pub fn answer_triggers(&self) -> Vec<&'static str> {
        match self {
            Syntax::Tags { end, .. } => vec![end],
            Syntax::Harmony(_) => vec!["<|channel|>final", "<|message|>"],
        }
    }

    /// `constraint` held back until the answer starts.
    pub fn hold_for_answer(
        &self,
        compiler: &GrammarCompiler,
        constraint: Constraint,
    ) -> Constraint {
        // `after` puts each trigger before those already held: the last is added first.
        self.answer_triggers()
            .into_iter()
            .rev()
            .fold(constraint, |c, trigger| compiler.after(c, trigger))
    }

    /// The text that opens a reasoning block in the prompt; none for harmony, whose reply
    /// starts in a message header.
    pub fn start(&self) -> Option<&'static str> {
        match self {
            Syntax::Tags { start, .. } => Some(start),
            Syntax::Harmony(_) => None,
        }
    }

    /// Where a reply to `prompt` (the rendered text) starts.
    pub fn opening(&self, prompt: &str) -> Opening {
        let Syntax::Tags {
            start,
            end,
            implicit_start,
        } = *self
        else {
            return crate::harmony::opening(prompt);
        };
        if prompt.trim_end().ends_with(end) {
            return Opening::Closed;
        }
        let opened = match (prompt.rfind(start), prompt.rfind(end)) {
            (Some(s), Some(e)) => s > e,
            (Some(_), None) => true,
            _ => false,
        };
        if opened || implicit_start {
            Opening::Open
        } else {
            Opening::Optional
        }
    }

    /// A parser for one reply; `names` are the functions a harmony call may address.
    fn parser(
        &self,
        opening: Opening,
        tokenizer: Option<&Arc<Tokenizer>>,
        names: &[String],
    ) -> Box<dyn Parser> {
        let (start, end) = match *self {
            Syntax::Tags { start, end, .. } => (start, end),
            Syntax::Harmony(markers) => {
                let tokenizer = tokenizer.expect("harmony is found through the tokenizer");
                return Box::new(HarmonyParser::new(
                    markers,
                    tokenizer.clone(),
                    names.to_vec(),
                    opening,
                ));
            }
        };
        let state = match opening {
            Opening::Optional => State::Before,
            Opening::Open => State::Reasoning { emitted: false },
            Opening::Closed => State::Answer,
        };
        Box::new(TagParser {
            start,
            end,
            state,
            held: String::new(),
        })
    }
}

/// Text sorted into reasoning and answer, and the tool calls of a family whose calls the
/// reasoning parser reads (harmony's).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Split {
    pub reasoning: String,
    pub content: String,
    pub calls: Vec<Piece>,
}

/// Sorts streamed text into reasoning and answer, holding back what is not yet decided (a
/// partial tag, whitespace that may end the reasoning).
pub trait Parser: Send {
    fn push(&mut self, text: &str) -> Split;
    /// One generated token and the text the engine released with it.
    fn token(&mut self, _id: u32, text: &str) -> Split {
        self.push(text)
    }
    /// The rest of what was held, once the text is complete.
    fn finish(&mut self) -> Split;
    fn in_reasoning(&self) -> bool;
    /// Tokens spent on reasoning, where the parser counts them itself (a header's tokens
    /// are known to be reasoning only once it ends).
    fn reasoning_tokens(&self) -> Option<usize> {
        None
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing decided: the reply may open a block.
    Before,
    /// Inside the reasoning; `emitted` once some of it went out (leading whitespace is not).
    Reasoning { emitted: bool },
    /// After the reasoning: whitespace before the answer is dropped.
    AfterReasoning,
    /// The answer.
    Answer,
}

struct TagParser {
    start: &'static str,
    end: &'static str,
    state: State,
    held: String,
}

impl Parser for TagParser {
    fn push(&mut self, text: &str) -> Split {
        self.held.push_str(text);
        let mut out = Split::default();
        loop {
            let before = self.state;
            self.step(&mut out);
            if self.state == before {
                return out;
            }
        }
    }

    fn finish(&mut self) -> Split {
        let held = std::mem::take(&mut self.held);
        match self.state {
            State::Reasoning { emitted } => {
                let text = if emitted {
                    held.trim_end()
                } else {
                    held.trim()
                };
                Split {
                    reasoning: text.to_string(),
                    ..Split::default()
                }
            }
            State::Before | State::Answer => Split {
                content: held,
                ..Split::default()
            },
            State::AfterReasoning => Split::default(),
        }
    }

    fn in_reasoning(&self) -> bool {
        matches!(self.state, State::Reasoning { .. })
    }
}

impl TagParser {
    /// Moves what is held into `out` as far as the current state decides it.
    fn step(&mut self, out: &mut Split) {
        match self.state {
            State::Before => {
                let lead = self.held.trim_start();
                if let Some(rest) = lead.strip_prefix(self.start) {
                    self.held = rest.to_string();
                    self.state = State::Reasoning { emitted: false };
                } else if !self.start.starts_with(lead) {
                    self.state = State::Answer;
                }
            }
            State::Reasoning { emitted } => {
                if !emitted {
                    let lead = self.held.trim_start();
                    // A family without a start tag may still write one (DeepSeek-R1-0528).
                    if let Some(rest) = lead.strip_prefix(self.start) {
                        self.held = rest.trim_start().to_string();
                    } else if self.start.starts_with(lead) {
                        return;
                    } else {
                        self.held = lead.to_string();
                    }
                }
                if let Some(at) = self.held.find(self.end) {
                    out.reasoning.push_str(self.held[..at].trim_end());
                    self.held.drain(..at + self.end.len());
                    self.state = State::AfterReasoning;
                    return;
                }
                let cut = undecided_from(&self.held, self.end);
                out.reasoning.push_str(&self.held[..cut]);
                let emitted = emitted || cut > 0;
                self.held.drain(..cut);
                self.state = State::Reasoning { emitted };
            }
            State::AfterReasoning => {
                let lead = self.held.trim_start();
                if !lead.is_empty() {
                    self.held = lead.to_string();
                    self.state = State::Answer;
                } else {
                    self.held.clear();
                }
            }
            State::Answer => out.content.push_str(&std::mem::take(&mut self.held)),
        }
    }
}

/// Where the undecided end of reasoning text starts: a tail that may grow into `end`, and
/// the whitespace before it (dropped if `end` follows).
fn undecided_from(text: &str, end: &str) -> usize {
    let partial = (1..end.len())
        .rev()
        .find(|&n| text.ends_with(&end[..n]))
        .unwrap_or(0);
    let body = &text[..text.len() - partial];
    body.trim_end().len()
}

/// `--reasoning-format`: where a separated reasoning goes in OpenAI's chat responses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReasoningFormat {
    /// Not separated: the raw text, tags included, is the content.
    None,
    /// `message.reasoning_content` and `delta.reasoning_content` (llama.cpp, SGLang,
    /// DeepSeek's API).
    ReasoningContent,
    /// `message.reasoning` and `delta.reasoning` (vLLM, Ollama, OpenRouter).
    Reasoning,
    /// Both fields.
    Both,
}

impl ReasoningFormat {
    /// The message fields the reasoning goes into.
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            ReasoningFormat::None => &[],
            ReasoningFormat::ReasoningContent => &["reasoning_content"],
            ReasoningFormat::Reasoning => &["reasoning"],
            ReasoningFormat::Both => &["reasoning_content", "reasoning"],
        }
    }
}

/// How one request's reasoning is handled.
#[derive(Debug, Clone, Copy)]
pub struct ReasoningPlan {
    pub syntax: Syntax,
    pub opening: Opening,
    /// Reasoning goes out in deltas as it comes (`stream_reasoning`), or whole once it ends.
    pub stream: bool,
}

impl ReasoningPlan {
    /// A fresh splitter for one choice; `names` are the functions its calls may address.
    pub fn separator(&self, tokenizer: Option<&Arc<Tokenizer>>, names: &[String]) -> Separated {
        Separated {
            parser: self.syntax.parser(self.opening, tokenizer, names),
            hold: !self.stream,
            held: String::new(),
            reasoning: String::new(),
            content: String::new(),
            calls: Vec::new(),
            reasoning_tokens: 0,
        }
    }

    /// Whether the engine must keep special tokens in the text, whatever the request asks:
    /// the harmony parser finds its markers' places there (and drops their text).
    pub fn keeps_special_tokens(&self) -> bool {
        matches!(self.syntax, Syntax::Harmony(_))
    }
}

/// One choice's reasoning and answer so far.
pub struct Separated {
    parser: Box<dyn Parser>,
    /// Reasoning is released whole when it ends.
    hold: bool,
    held: String,
    pub reasoning: String,
    pub content: String,
    /// The calls the parser read (harmony's), as they were told apart.
    pub calls: Vec<Piece>,
    /// Tokens generated inside the reasoning, its tags included.
    pub reasoning_tokens: usize,
}

impl Separated {
    /// One generated token and the text released with it.
    pub fn token(&mut self, id: u32, text: &str) -> Split {
        let was = self.parser.in_reasoning();
        let split = self.parser.token(id, text);
        if was || self.parser.in_reasoning() {
            self.reasoning_tokens += 1;
        }
        if let Some(count) = self.parser.reasoning_tokens() {
            self.reasoning_tokens = count;
        }
        self.record(split, false)
    }

    /// Whether the parser read any tool call.
    pub fn called(&self) -> bool {
        !self.calls.is_empty()
    }

    /// The last text of the choice (held back as a possible stop string) and all still held.
    pub fn finish(&mut self, tail: &str) -> Split {
        let mut split = self.parser.push(tail);
        let rest = self.parser.finish();
        split.reasoning.push_str(&rest.reasoning);
        split.content.push_str(&rest.content);
        split.calls.extend(rest.calls);
        self.record(split, true)
    }

    fn record(&mut self, split: Split, last: bool) -> Split {
        self.reasoning.push_str(&split.reasoning);
        self.content.push_str(&split.content);
        self.calls.extend(split.calls.iter().cloned());
        if !self.hold {
            return split;
        }
        self.held.push_str(&split.reasoning);
        let reasoning = if last || !self.parser.in_reasoning() {
            std::mem::take(&mut self.held)
        } else {
            String::new()
        };
        Split {
            reasoning,
            content: split.content,
            calls: split.calls,
        }
    }
}

/// OpenAI's `reasoning_effort` values, and Anthropic's `max`.
const EFFORTS: &[&str] = &["none", "minimal", "low", "medium", "high", "xhigh", "max"];

/// The template's keyword arguments: `chat_template_kwargs`, each one the template reads, and
/// `reasoning_effort` where the template reads it. A template that reads `enable_thinking`
/// but not `reasoning_effort` takes `none` as `enable_thinking: false`; any other effort it
/// cannot act on is refused rather than dropped.
pub fn template_kwargs(
    kwargs: Option<&Map<String, Value>>,
    effort: Option<&str>,
    template: &ChatTemplate,
) -> Result<Map<String, Value>, ApiError> {
    let mut out = kwargs.cloned().unwrap_or_default();
    for key in out.keys() {
        if RESERVED_VARIABLES.contains(&key.as_str()) {
            return Err(ApiError::invalid(
                "chat_template_kwargs",
                format!("chat_template_kwargs.{key} would replace a variable the server sets"),
            ));
        }
        if !template.reads(key) {
            return Err(ApiError::invalid(
                "chat_template_kwargs",
                format!(
                    "chat_template_kwargs.{key}: this model's chat template does not read {key:?}"
                ),
            ));
        }
    }
    let Some(effort) = effort else {
        return Ok(out);
    };
    if !EFFORTS.contains(&effort) {
        return Err(ApiError::invalid(
            "reasoning_effort",
            format!("reasoning_effort must be one of {EFFORTS:?}, got {effort:?}"),
        ));
    }
    if template.reads("reasoning_effort") {
        out.entry("reasoning_effort").or_insert(effort.into());
    } else if effort == "none" && template.reads("enable_thinking") {
        out.entry("enable_thinking").or_insert(false.into());
    } else {
        return Err(ApiError::invalid(
            "reasoning_effort",
            format!(
                "this model's chat template does not read reasoning_effort, so {effort:?} cannot change its answer{}",
                if template.reads("enable_thinking") {
                    "; \"none\" switches thinking off"
                } else {
                    ""
                }
            ),
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A harmony-style template: a system message with the reasoning effort, the tools in a
    /// developer message, earlier reasoning on the analysis channel, calls as commentary.
    const HARMONY_TEMPLATE: &str = concat!(
        "<|start|>system<|message|>Reasoning: {{ reasoning_effort | default('medium') }}<|end|>",
        "{% if tools %}<|start|>developer<|message|>{% for t in tools %}{{ t.function.name }};{% endfor %}<|end|>{% endif %}",
        "{% for m in messages %}{% if m.role == 'assistant' %}",
        "{% if m.thinking %}<|start|>assistant<|channel|>analysis<|message|>{{ m.thinking }}<|end|>{% endif %}",
        "{% if m.tool_calls %}{% for c in m.tool_calls %}<|start|>assistant to=functions.{{ c.function.name }}<|channel|>commentary json<|message|>{{ c.function.arguments | tojson }}<|call|>{% endfor %}",
        "{% else %}<|start|>assistant<|channel|>final<|message|>{{ m.content }}<|end|>{% endif %}",
        "{% else %}<|start|>{{ m.role }}<|message|>{{ m.content }}<|end|>{% endif %}{% endfor %}",
        "{% if add_generation_prompt %}<|start|>assistant{% endif %}"
    );

    const QWEN3: Syntax = Syntax::Tags {
        start: THINK,
        end: END_THINK,
        implicit_start: false,
    };
    const R1: Syntax = Syntax::Tags {
        start: THINK,
        end: END_THINK,
        implicit_start: true,
    };

    /// Feeds `text` in pieces of `size` bytes (at char boundaries) and returns the whole split
    /// and the pieces' concatenation, which must agree.
    fn run(syntax: Syntax, opening: Opening, text: &str, size: usize) -> Split {
        let plan = ReasoningPlan {
            syntax,
            opening,
            stream: true,
        };
        let mut parts = plan.separator(None, &[]);
        let mut streamed = Split::default();
        let chars: Vec<char> = text.chars().collect();
        for piece in chars.chunks(size) {
            let s = parts.token(0, &piece.iter().collect::<String>());
            streamed.reasoning.push_str(&s.reasoning);
            streamed.content.push_str(&s.content);
        }
        let s = parts.finish("");
        streamed.reasoning.push_str(&s.reasoning);
        streamed.content.push_str(&s.content);
        assert_eq!(streamed.reasoning, parts.reasoning, "{text:?} by {size}");
        assert_eq!(streamed.content, parts.content, "{text:?} by {size}");
        streamed
    }

    fn split(reasoning: &str, content: &str) -> Split {
        Split {
            reasoning: reasoning.into(),
            content: content.into(),
            calls: Vec::new(),
        }
    }

    #[test]
    fn think_blocks_split_the_same_in_any_pieces() {
        let cases = [
            (
                QWEN3,
                Opening::Optional,
                "<think>\nLet me see. 2 < 3.\n</think>\n\nYes.",
                split("Let me see. 2 < 3.", "Yes."),
            ),
            (
                QWEN3,
                Opening::Optional,
                "  Just an answer </th",
                split("", "  Just an answer </th"),
            ),
            (
                QWEN3,
                Opening::Closed,
                "<think>x</think>y",
                split("", "<think>x</think>y"),
            ),
            (
                QWEN3,
                Opening::Open,
                "\nhmm\n</think>\n\nok",
                split("hmm", "ok"),
            ),
            (
                R1,
                Opening::Open,
                "First, add.\n</think>\n\n4",
                split("First, add.", "4"),
            ),
            (
                R1,
                Opening::Open,
                "<think>\nFirst.</think>4",
                split("First.", "4"),
            ),
            (
                R1,
                Opening::Open,
                "never closed </thi",
                split("never closed </thi", ""),
            ),
            (
                QWEN3,
                Opening::Optional,
                "<think>a</think>b</think>c",
                split("a", "b</think>c"),
            ),
        ];
        for (syntax, opening, text, expected) in cases {
            for size in [1, 2, 3, 7, 1000] {
                assert_eq!(
                    run(syntax, opening, text, size),
                    expected,
                    "{text:?} by {size}"
                );
            }
        }
    }

    #[test]
    fn the_prompt_decides_where_the_reply_starts() {
        let history = "<|im_start|>assistant\n<think>\nold\n</think>\n\nA<|im_end|>\n";
        assert_eq!(
            QWEN3.opening(&format!("{history}<|im_start|>assistant\n")),
            Opening::Optional
        );
        assert_eq!(
            QWEN3.opening("<|im_start|>assistant\n<think>\n\n</think>\n\n"),
            Opening::Closed
        );
        assert_eq!(
            QWEN3.opening("<|im_start|>assistant\n<think>\n"),
            Opening::Open
        );
        assert_eq!(R1.opening("<｜Assistant｜>"), Opening::Open);
    }

    #[test]
    fn reasoning_tokens_count_and_held_reasoning_comes_whole() {
        let plan = ReasoningPlan {
            syntax: QWEN3,
            opening: Opening::Optional,
            stream: false,
        };
        let mut parts = plan.separator(None, &[]);
        let mut reasoning = Vec::new();
        for token in ["<think>", "a", " b", "</think>", "\n\n", "c"] {
            let s = parts.token(0, token);
            reasoning.push(s.reasoning);
        }
        assert_eq!(reasoning, ["", "", "", "a b", "", ""]);
        assert_eq!(parts.reasoning_tokens, 4);
        assert_eq!(parts.content, "c");
    }

    #[test]
    fn harmony_history_and_effort_reach_the_template() {
        let template = ChatTemplate::new(HARMONY_TEMPLATE, None, None).unwrap();
        let mut answer = loader::ChatMessage::new("assistant", "4");
        answer.reasoning_content = Some("add".into());
        let messages = [loader::ChatMessage::new("user", "2+2?"), answer];
        let effort = template_kwargs(None, Some("high"), &template).unwrap();
        let inputs = loader::RenderInputs {
            tools: None,
            kwargs: Some(&effort),
        };
        assert_eq!(
            template.render_with(&messages, &inputs, true).unwrap(),
            concat!(
                "<|start|>system<|message|>Reasoning: high<|end|>",
                "<|start|>user<|message|>2+2?<|end|>",
                "<|start|>assistant<|channel|>analysis<|message|>add<|end|>",
                "<|start|>assistant<|channel|>final<|message|>4<|end|>",
                "<|start|>assistant"
            )
        );
    }

    #[test]
    fn families_are_found_by_their_templates() {
        let qwen3 = "{%- if enable_thinking is defined and enable_thinking is false %}{{- '<think>\\n\\n</think>\\n\\n' }}{%- endif %}";
        let template = ChatTemplate::new(qwen3, None, None).unwrap();
        assert_eq!(syntax_of(&template, None), Some(QWEN3));
        let r1 = "{{ '<｜Assistant｜>' }}{% set c = content.split('</think>')[-1] %}";
        let template = ChatTemplate::new(r1, None, None).unwrap();
        assert_eq!(syntax_of(&template, None), Some(R1));
        let plain = ChatTemplate::new("{{ messages[0].content }}", None, None).unwrap();
        assert_eq!(syntax_of(&plain, None), None);
        let harmony = ChatTemplate::new(HARMONY_TEMPLATE, None, None).unwrap();
        let tokenizer = crate::harmony::tests::harmony_tokenizer();
        let markers = Markers::find(&tokenizer).unwrap();
        assert_eq!(
            syntax_of(&harmony, Some(&tokenizer)),
            Some(Syntax::Harmony(markers))
        );
        // Without the markers as tokens the channels cannot be told apart.
        assert_eq!(syntax_of(&harmony, None), None);
    }
}
