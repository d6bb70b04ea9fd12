//! gpt-oss's harmony format: the reply is a run of messages, each a header (an optional
//! recipient, `<|channel|>` and the channel's name, an optional `<|constrain|>` format) and
//! a body after `<|message|>` that ends with `<|end|>`, `<|return|>` or `<|call|>`. The
//! `analysis` channel is the reasoning, `final` the answer, and a `commentary` message
//! addressed `to=functions.NAME` a tool call whose body is the arguments.
//!
//! The markers are special tokens, so they are told apart by id, never by text: text that
//! merely spells `<|channel|>` is text. The engine releases its text late when it may be a
//! stop string (or an incomplete character), so the text that arrives with a token need not
//! be that token's. The parser therefore decodes the ids itself, with the engine's decoder
//! and settings (special tokens kept: skipping them would join the bytes on either side of
//! a marker into one character), to learn where each marker's text falls, and routes the
//! engine's text by those offsets as it arrives; special tokens' own text is dropped.

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

use loader::{DecodeStream, Tokenizer};

use crate::reasoning::{Opening, Parser, Split};
use crate::tools::Piece;

/// The ids of the harmony markers in a model's vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Markers {
    pub start: u32,
    pub channel: u32,
    pub message: u32,
    pub constrain: u32,
    pub end: u32,
    pub return_: u32,
    pub call: u32,
}

impl Markers {
    /// The markers of `tokenizer`'s vocabulary; `None` unless it has every one.
    pub fn find(tokenizer: &Tokenizer) -> Option<Markers> {
        Markers::lookup(|text| tokenizer.token_to_id(text))
    }

    /// The markers as `id` finds tokens; `None` unless it finds every one.
    pub fn lookup(id: impl Fn(&str) -> Option<u32>) -> Option<Markers> {
        Some(Markers {
            start: id("<|start|>")?,
            channel: id("<|channel|>")?,
            message: id("<|message|>")?,
            constrain: id("<|constrain|>")?,
            end: id("<|end|>")?,
            return_: id("<|return|>")?,
            call: id("<|call|>")?,
        })
    }

    fn kind(&self, id: u32) -> Option<Marker> {
        Some(match id {
            _ if id == self.start => Marker::Start,
            _ if id == self.channel => Marker::Channel,
            _ if id == self.constrain => Marker::Constrain,
            _ if id == self.message => Marker::Message,
            _ if id == self.end || id == self.return_ || id == self.call => Marker::End,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    Start,
    Channel,
    Constrain,
    Message,
    End,
}

/// Where a stretch of text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    /// Header text, read by the parser itself and not passed on.
    Header,
    Reasoning,
    Content,
    /// The arguments of call `index`.
    Arguments(usize),
    /// A call to a function the request did not offer, or text between messages.
    Dropped,
}

/// Which part of a header text belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// Before `<|channel|>`: the role and perhaps the recipient.
    Role,
    /// After `<|channel|>`: the channel and perhaps the recipient.
    Channel,
    /// After `<|constrain|>`: the body's format.
    Format,
}

#[derive(Debug, Default)]
struct Header {
    role: String,
    channel: String,
    part: Option<Part>,
    /// Tokens the header took, markers included.
    tokens: usize,
}

impl Header {
    fn push(&mut self, text: &str) {
        match self.part.unwrap_or(Part::Role) {
            Part::Role => self.role.push_str(text),
            Part::Channel => self.channel.push_str(text),
            Part::Format => {}
        }
    }

    /// `to=NAME` in either place the format allows it.
    fn recipient(&self) -> Option<&str> {
        self.role
            .split_whitespace()
            .chain(self.channel.split_whitespace())
            .find_map(|word| word.strip_prefix("to="))
    }

    fn channel_name(&self) -> &str {
        self.channel.split_whitespace().next().unwrap_or("")
    }
}

/// What the parser decided, in the order of the text: text for a route, or a call's start.
#[derive(Debug)]
enum Out {
    Text { route: Route, len: usize },
    Call { index: usize, name: String },
}

/// Sorts a harmony reply into reasoning, answer and calls.
pub struct HarmonyParser {
    markers: Markers,
    /// The vocabulary's special tokens, whose text never reaches the output.
    specials: HashSet<u32>,
    tokenizer: Arc<Tokenizer>,
    /// The engine's decoder, replayed to learn where markers fall in the text.
    stream: DecodeStream,
    /// The functions the request offers; calls to others are dropped.
    names: Vec<String>,
    /// Inside a message's body, going to this route; `None` in a header or between messages.
    body: Option<Route>,
    header: Header,
    /// Routed text not yet received from the engine.
    pending: VecDeque<Out>,
    calls: usize,
    /// Any marker seen: a reply without one is not harmony and is all answer.
    marked: bool,
    /// The header text of a reply that may turn out not to be harmony.
    unmarked: String,
    reasoning_tokens: usize,
}

/// Where a reply to `prompt` starts: in a header (gpt-oss's template ends with
/// `<|start|>assistant`), or inside a message's body the prompt opened, the analysis
/// (`Open`) or the answer (`Closed`).
pub fn opening(prompt: &str) -> Opening {
    let last = prompt.rsplit("<|start|>").next().unwrap_or(prompt);
    let Some((header, body)) = last.split_once("<|message|>") else {
        return Opening::Optional;
    };
    let header = Header {
        channel: header
            .split_once("<|channel|>")
            .map_or("", |(_, c)| c)
            .into(),
        role: header.split("<|channel|>").next().unwrap_or("").into(),
        ..Header::default()
    };
    let ended = ["<|end|>", "<|return|>", "<|call|>"]
        .iter()
        .any(|m| body.contains(m));
    match (ended, header.recipient(), header.channel_name()) {
        // A call the prompt began is not read back; a fresh header is assumed.
        (true, ..) | (false, Some(_), _) => Opening::Optional,
        (false, None, "analysis") => Opening::Open,
        (false, None, _) => Opening::Closed,
    }
}

impl HarmonyParser {
    /// A parser for a reply that starts where `opening` says.
    pub fn new(
        markers: Markers,
        tokenizer: Arc<Tokenizer>,
        names: Vec<String>,
        opening: Opening,
    ) -> HarmonyParser {
        let body = match opening {
            Opening::Optional => None,
            Opening::Open => Some(Route::Reasoning),
            Opening::Closed => Some(Route::Content),
        };
        let specials = tokenizer
            .inner()
            .get_added_tokens_decoder()
            .iter()
            .filter(|(_, token)| token.special)
            .map(|(id, _)| *id)
            .collect();
        HarmonyParser {
            markers,
            specials,
            tokenizer,
            stream: DecodeStream::new(false),
            names,
            body,
            header: Header::default(),
            pending: VecDeque::new(),
            calls: 0,
            marked: body.is_some(),
            unmarked: String::new(),
            reasoning_tokens: 0,
        }
    }

    /// Routes the text a token completed: a special token's own text (a marker's, or any
    /// other control token's) is never passed on; text before it (a character it completed
    /// the decoding of) belongs where the token was written.
    fn route_token(&mut self, id: u32, piece: &str) {
        let own = self
            .specials
            .contains(&id)
            .then(|| self.tokenizer.decode(&[id], false));
        match own {
            Some(Ok(own)) if piece.ends_with(&own) => {
                let before = piece.len() - own.len();
                self.route(&piece[..before]);
                self.push_route(Route::Dropped, own.len());
            }
            _ => self.route(piece),
        }
    }

    /// Routes text the replayed decoder produced, under the current place.
    fn route(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        let route = match self.body {
            Some(route) => route,
            None => {
                self.header.push(text);
                if !self.marked {
                    self.unmarked.push_str(text);
                }
                Route::Header
            }
        };
        self.push_route(route, text.len());
    }

    fn push_route(&mut self, route: Route, len: usize) {
        if len == 0 {
            return;
        }
        match self.pending.back_mut() {
            Some(Out::Text {
                route: last,
                len: held,
            }) if *last == route => *held += len,
            _ => self.pending.push_back(Out::Text { route, len }),
        }
    }

    fn marker(&mut self, marker: Marker) {
        self.marked = true;
        match marker {
            Marker::Start => {
                self.body = None;
                self.header = Header::default();
            }
            Marker::Channel if self.body.is_none() => self.header.part = Some(Part::Channel),
            Marker::Constrain if self.body.is_none() => self.header.part = Some(Part::Format),
            Marker::Message if self.body.is_none() => self.open_body(),
            Marker::End => self.body = Some(Route::Dropped),
            // A header marker inside a body is out of place; the body goes on.
            _ => {}
        }
    }

    /// The header is complete: where its body goes.
    fn open_body(&mut self) {
        let route = match (self.header.recipient(), self.header.channel_name()) {
            (Some(recipient), _) => match recipient.strip_prefix("functions.") {
                Some(name) if self.names.iter().any(|n| n == name) => {
                    let index = self.calls;
                    self.calls += 1;
                    self.pending.push_back(Out::Call {
                        index,
                        name: name.to_string(),
                    });
                    Route::Arguments(index)
                }
                Some(_) => Route::Dropped,
                // A built-in tool's call (browser, python) is the model's own work.
                None => Route::Reasoning,
            },
            (None, "analysis") => Route::Reasoning,
            // `final`, and `commentary` without a recipient (a preamble shown to the user).
            (None, _) => Route::Content,
        };
        if route == Route::Reasoning {
            self.reasoning_tokens += self.header.tokens;
        }
        self.body = Some(route);
    }

    /// Moves `text`, the engine's next text, into `out` along the pending routes.
    fn release(&mut self, mut text: &str, out: &mut Split) {
        loop {
            match self.pending.front_mut() {
                Some(Out::Call { .. }) => {
                    if let Some(Out::Call { index, name }) = self.pending.pop_front() {
                        out.calls.push(Piece::Call { index, name });
                    }
                }
                Some(Out::Text { route, len }) if !text.is_empty() => {
                    let mut take = (*len).min(text.len());
                    while !text.is_char_boundary(take) {
                        take += 1;
                    }
                    let (piece, rest) = text.split_at(take);
                    deliver(*route, piece, out);
                    *len -= take.min(*len);
                    if *len == 0 {
                        self.pending.pop_front();
                    }
                    text = rest;
                }
                // Engine text past what was routed cannot occur with one decoder; it is
                // the answer rather than lost.
                None if !text.is_empty() => {
                    out.content.push_str(text);
                    return;
                }
                _ => return,
            }
        }
    }
}

fn deliver(route: Route, text: &str, out: &mut Split) {
    match route {
        Route::Reasoning => out.reasoning.push_str(text),
        Route::Content => out.content.push_str(text),
        Route::Arguments(index) => match out.calls.last_mut() {
            Some(Piece::Arguments {
                index: last,
                text: args,
            }) if *last == index => args.push_str(text),
            _ => out.calls.push(Piece::Arguments {
                index,
                text: text.to_string(),
            }),
        },
        Route::Header | Route::Dropped => {}
    }
}

impl Parser for HarmonyParser {
    fn push(&mut self, text: &str) -> Split {
        let mut out = Split::default();
        self.release(text, &mut out);
        out
    }

    fn token(&mut self, id: u32, text: &str) -> Split {
        let in_reasoning = self.in_reasoning();
        // A token that does not decode is the engine's error to report; its text is empty.
        if let Ok(Some(piece)) = self.stream.step(&self.tokenizer, id) {
            self.route_token(id, &piece);
        }
        let marker = self.markers.kind(id);
        if self.body.is_none() || marker == Some(Marker::Message) {
            self.header.tokens += 1;
        }
        if let Some(marker) = marker {
            self.marker(marker);
        }
        // A body's tokens and its end marker; the header's are added when it opens the body.
        if in_reasoning {
            self.reasoning_tokens += 1;
        }
        self.push(text)
    }

    fn finish(&mut self) -> Split {
        if let Ok(Some(piece)) = self.stream.finish(&self.tokenizer) {
            self.route(&piece);
        }
        let mut out = Split::default();
        self.release("", &mut out);
        // Text routed but never received was cut by a stop string.
        self.pending.clear();
        if !self.marked {
            out.content = std::mem::take(&mut self.unmarked);
        }
        out
    }

    fn in_reasoning(&self) -> bool {
        self.body == Some(Route::Reasoning)
    }

    fn reasoning_tokens(&self) -> Option<usize> {
        Some(self.reasoning_tokens)
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// The harmony markers with gpt-oss's names, after the fixture's 256 byte tokens.
    pub const MARKERS: [&str; 7] = [
        "<|start|>",
        "<|channel|>",
        "<|message|>",
        "<|constrain|>",
        "<|end|>",
        "<|return|>",
        "<|call|>",
    ];

    /// The gpt-oss fixture's byte-level tokenizer with the harmony markers added as special
    /// tokens (the fixture has none).
    pub fn harmony_tokenizer() -> Arc<Tokenizer> {
        let fixture = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/fixtures/families/gpt_oss/tokenizer.json"
        );
        let mut json: Value =
            serde_json::from_str(&std::fs::read_to_string(fixture).expect("fixture")).unwrap();
        let base = json["model"]["vocab"].as_object().unwrap().len();
        json["added_tokens"] = MARKERS
            .iter()
            .enumerate()
            .map(|(i, text)| json!({"id": base + i, "content": text, "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true}))
            .collect();
        // One directory per call: tests run side by side.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("harmony-tokenizer-{}-{call}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("tokenizer.json"), json.to_string()).unwrap();
        let tokenizer = Tokenizer::from_hf_dir(&dir, &json!({})).expect("tokenizer");
        std::fs::remove_dir_all(&dir).ok();
        Arc::new(tokenizer)
    }

    /// A grammar compiler over [`harmony_tokenizer`]'s vocabulary, `<|return|>` ending a
    /// reply (the fixture names no end-of-sequence token).
    pub fn harmony_compiler(tokenizer: &Arc<Tokenizer>) -> engine::grammar::GrammarCompiler {
        let markers = Markers::find(tokenizer).unwrap();
        let bytes = tokenizer.token_bytes().unwrap();
        let vocab = bytes.tokens.len();
        let (tokens, special) = (bytes.tokens, bytes.special);
        engine::grammar::GrammarCompiler::new(
            tokens,
            &special,
            markers.return_,
            vocab,
            Some(tokenizer.clone()),
        )
        .unwrap()
    }

    /// What one reply gave, pieces joined.
    #[derive(Debug, Default, PartialEq)]
    struct Whole {
        reasoning: String,
        content: String,
        calls: Vec<(String, String)>,
        reasoning_tokens: usize,
    }

    fn gather(whole: &mut Whole, split: Split) {
        whole.reasoning.push_str(&split.reasoning);
        whole.content.push_str(&split.content);
        for piece in split.calls {
            match piece {
                Piece::Call { index, name } => {
                    assert_eq!(index, whole.calls.len());
                    whole.calls.push((name, String::new()));
                }
                Piece::Arguments { index, text } => whole.calls[index].1.push_str(&text),
                Piece::Content(_) => unreachable!("calls carry no content"),
            }
        }
    }

    /// Ids of `raw`: each harmony marker its special token, the text between them byte by byte
    /// (so a marker spelled inside `spelled` stays text).
    fn ids(tokenizer: &Tokenizer, raw: &str, spelled: &str) -> Vec<u32> {
        let mut ids = Vec::new();
        let mut rest = raw;
        while !rest.is_empty() {
            if let Some(text) = rest.strip_prefix(spelled).filter(|_| !spelled.is_empty()) {
                ids.extend(bytes(tokenizer, spelled));
                rest = text;
                continue;
            }
            if let Some(marker) = MARKERS.iter().find(|m| rest.starts_with(*m)) {
                ids.push(tokenizer.token_to_id(marker).unwrap());
                rest = &rest[marker.len()..];
                continue;
            }
            let c = rest.chars().next().unwrap();
            ids.extend(bytes(tokenizer, &c.to_string()));
            rest = &rest[c.len_utf8()..];
        }
        ids
    }

    /// `text`'s byte tokens, one per byte (a character at a time, so that no marker is
    /// matched).
    fn bytes(tokenizer: &Tokenizer, text: &str) -> Vec<u32> {
        let ids: Vec<u32> = text
            .chars()
            .flat_map(|c| tokenizer.encode(&c.to_string(), false).unwrap())
            .collect();
        assert_eq!(
            ids.len(),
            text.len(),
            "{text:?} is not spelled byte by byte"
        );
        ids
    }

    /// Every way the engine may release a reply's text: `lag` tokens late, and from each
    /// byte on held back to the end (as a long stop-string prefix is).
    fn every_release(tokenizer: &Arc<Tokenizer>, ids: &[u32], names: &[&str]) -> Whole {
        let text = tokenizer.decode(ids, false).unwrap();
        let mut first: Option<Whole> = None;
        let cuts = (0..=text.len()).filter(|&c| text.is_char_boundary(c));
        for (lag, cut) in (0..4).flat_map(|lag| cuts.clone().map(move |cut| (lag, cut))) {
            let whole = run(tokenizer, ids, names, lag, cut);
            match &first {
                None => first = Some(whole),
                Some(first) => assert_eq!(&whole, first, "lag {lag}, cut at {cut} of {text:?}"),
            }
        }
        first.unwrap()
    }

    fn parser(tokenizer: &Arc<Tokenizer>, names: &[&str]) -> HarmonyParser {
        let markers = Markers::find(tokenizer).unwrap();
        let names = names.iter().map(|n| n.to_string()).collect();
        HarmonyParser::new(markers, tokenizer.clone(), names, Opening::Optional)
    }

    /// The engine's side: each id's text decoded with special tokens kept, released `lag`
    /// tokens late and never past byte `cut` until the end.
    fn run(
        tokenizer: &Arc<Tokenizer>,
        ids: &[u32],
        names: &[&str],
        lag: usize,
        cut: usize,
    ) -> Whole {
        let mut parser = parser(tokenizer, names);
        let mut engine = DecodeStream::new(false);
        let mut decoded = String::new();
        let mut ends: VecDeque<usize> = VecDeque::new();
        let mut released = 0;
        let mut whole = Whole::default();
        for &id in ids {
            decoded.push_str(&engine.step(tokenizer, id).unwrap().unwrap_or_default());
            ends.push_back(decoded.len());
            let mut upto = if ends.len() > lag {
                ends.pop_front().unwrap()
            } else {
                released
            };
            upto = upto.min(cut.max(released));
            while !decoded.is_char_boundary(upto) {
                upto -= 1;
            }
            let upto = upto.max(released);
            gather(&mut whole, parser.token(id, &decoded[released..upto]));
            released = upto;
        }
        decoded.push_str(&engine.finish(tokenizer).unwrap().unwrap_or_default());
        gather(&mut whole, parser.push(&decoded[released..]));
        gather(&mut whole, parser.finish());
        whole.reasoning_tokens = parser.reasoning_tokens;
        whole
    }

    fn whole(reasoning: &str, content: &str, calls: &[(&str, &str)], tokens: usize) -> Whole {
        Whole {
            reasoning: reasoning.into(),
            content: content.into(),
            calls: calls
                .iter()
                .map(|(n, a)| (n.to_string(), a.to_string()))
                .collect(),
            reasoning_tokens: tokens,
        }
    }

    #[test]
    fn channels_go_to_reasoning_answer_and_calls_however_the_text_arrives() {
        let tokenizer = harmony_tokenizer();
        let names = ["get_weather"];
        let think = "<|channel|>analysis<|message|>2 < 3, é.<|end|>";
        let cases = [
            (
                format!("{think}<|start|>assistant<|channel|>final<|message|>Yes: ü.<|return|>"),
                "",
                // `<|channel|>`, `analysis`'s 8 bytes, `<|message|>`, 10 bytes (é is two)
                // and `<|end|>`.
                whole("2 < 3, é.", "Yes: ü.", &[], 1 + 8 + 1 + 10 + 1),
            ),
            (
                format!("{think}<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{{\"city\":\"Paris\"}}<|call|>"),
                "",
                whole("2 < 3, é.", "", &[("get_weather", "{\"city\":\"Paris\"}")], 21),
            ),
            // The recipient in the role part, and no reasoning.
            (
                "<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{}<|call|>".to_string(),
                "",
                whole("", "", &[("get_weather", "{}")], 0),
            ),
            // A function the request did not offer, then a marker spelled in the answer.
            (
                "<|channel|>commentary to=functions.other<|message|>{}<|end|><|start|>assistant<|channel|>final<|message|>a <|channel|> b".to_string(),
                "<|channel|>",
                whole("", "a <|channel|> b", &[], 0),
            ),
            // No markers at all: not harmony, all answer.
            ("just text".to_string(), "", whole("", "just text", &[], 0)),
            // Cut inside the analysis: what came is reasoning.
            (
                "<|channel|>analysis<|message|>so far".to_string(),
                "",
                whole("so far", "", &[], 1 + 8 + 1 + 6),
            ),
        ];
        for (raw, spelled, expected) in cases {
            let ids = ids(&tokenizer, &raw, spelled);
            assert_eq!(every_release(&tokenizer, &ids, &names), expected, "{raw:?}");
        }
    }

    #[test]
    fn an_answer_grammar_waits_for_the_final_message() {
        use engine::grammar::Grammar;
        let tokenizer = harmony_tokenizer();
        let markers = Markers::find(&tokenizer).unwrap();
        let compiler = harmony_compiler(&tokenizer);
        let schema = json!({"type": "object", "properties": {"ok": {"type": "boolean"}},
                            "required": ["ok"], "additionalProperties": false});
        let constraint = compiler.compile(&Grammar::JsonSchema(schema)).unwrap();
        let mut constraint =
            crate::reasoning::Syntax::Harmony(markers).hold_for_answer(&compiler, constraint);
        // Free through the analysis (which names the final channel in its text, without the
        // marker) and the final header; the answer follows the schema and ends it.
        let free = "<|channel|>analysis<|message|>Not JSON: channel final, \"x\".<|end|><|start|>assistant<|channel|>final<|message|>";
        for id in tokenizer.encode(free, false).unwrap() {
            assert!(constraint.waiting());
            constraint.advance(id).unwrap();
        }
        assert!(!constraint.waiting());
        let refused = tokenizer.encode("x", false).unwrap()[0];
        assert!(!constraint.allowed().unwrap().is_allowed(refused));
        for id in tokenizer.encode("{\"ok\":true}", false).unwrap() {
            assert!(constraint.allowed().unwrap().is_allowed(id));
            constraint.advance(id).unwrap();
        }
        assert!(constraint.is_finished());
    }

    #[test]
    fn the_prompt_may_open_a_message() {
        let history = "<|start|>user<|message|>q<|end|><|start|>assistant<|channel|>analysis<|message|>a<|end|>";
        for (tail, expected) in [
            ("<|start|>assistant", Opening::Optional),
            (
                "<|start|>assistant<|channel|>analysis<|message|>",
                Opening::Open,
            ),
            (
                "<|start|>assistant<|channel|>final<|message|>",
                Opening::Closed,
            ),
            ("<|start|>assistant<|message|>", Opening::Closed),
            (
                "<|start|>assistant to=functions.f<|channel|>commentary<|message|>",
                Opening::Optional,
            ),
        ] {
            assert_eq!(
                super::opening(&format!("{history}{tail}")),
                expected,
                "{tail}"
            );
        }
        assert_eq!(super::opening(history), Opening::Optional);
    }

    #[test]
    fn a_stop_string_cut_keeps_only_what_the_engine_released() {
        let tokenizer = harmony_tokenizer();
        let raw = "<|channel|>analysis<|message|>a<|end|><|start|>assistant<|channel|>final<|message|>bc STOP d";
        let ids = ids(&tokenizer, raw, "");
        let mut parser = parser(&tokenizer, &[]);
        let mut engine = DecodeStream::new(false);
        let mut got = Whole::default();
        // The engine releases everything before the stop string and nothing after it.
        let mut decoded = String::new();
        let mut released = 0;
        for &id in &ids {
            decoded.push_str(&engine.step(&tokenizer, id).unwrap().unwrap_or_default());
            let stop = decoded.find(" STOP").unwrap_or(decoded.len());
            let upto = stop.min(decoded.len().saturating_sub(4)).max(released);
            gather(&mut got, parser.token(id, &decoded[released..upto]));
            released = upto;
        }
        let stop = decoded.find(" STOP").unwrap();
        gather(&mut got, parser.push(&decoded[released..stop]));
        gather(&mut got, parser.finish());
        assert_eq!((got.reasoning.as_str(), got.content.as_str()), ("a", "bc"));
    }
}
