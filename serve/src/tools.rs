//! Tool calls on chat completions: the `tools` and `tool_choice` fields, how the tools reach
//! the prompt, the grammar that enforces `required` and named choices (and `auto` once the
//! model opens a call), and the calls parsed back out of the generated text as it grows.

use engine::grammar::Grammar;
use loader::{ChatMessage, ChatTemplate};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::harmony::Markers;

/// One entry of `tools`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tool {
    #[serde(rename = "type")]
    pub kind: String,
    pub function: Function,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Function {
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub parameters: Option<Value>,
    /// `false` reads `parameters` as JSON Schema does (objects allow properties they do not
    /// name); otherwise as OpenAI's strict mode does (they allow none).
    #[serde(default)]
    pub strict: Option<bool>,
}

/// `tool_choice`: a mode or `{"type": "function", "function": {"name"}}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum ToolChoiceField {
    Mode(String),
    Named {
        #[serde(rename = "type")]
        kind: String,
        function: NamedFunction,
    },
}

#[derive(Debug, Clone, Deserialize)]
pub struct NamedFunction {
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolChoice {
    None,
    Auto,
    Required,
    Named(String),
}

/// How the model writes a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallFormat {
    /// `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` (Hermes, Qwen, and the
    /// generic instruction this server writes for templates without tools).
    Tagged,
    /// A bare `{"name": ..., "parameters": {...}}` (Llama 3).
    Json,
    /// `[TOOL_CALLS][{"name": ..., "arguments": {...}}, ...]` (Mistral); the newer
    /// `[TOOL_CALLS]name[ARGS]{...}` is read too.
    Mistral,
    /// gpt-oss's harmony: a `commentary` message to `functions.NAME` whose body is the
    /// arguments, read by the reasoning parser (`crate::harmony`) from the markers' ids.
    Harmony,
}

/// The tools of a request that may call them.
#[derive(Debug, Clone)]
pub struct ToolUse {
    pub tools: Vec<Tool>,
    pub choice: ToolChoice,
    pub format: CallFormat,
    /// The template renders `tools` itself.
    pub in_template: bool,
    pub parallel: bool,
    /// The id of Mistral's `[TOOL_CALLS]` token: a control token, which a grammar names by id
    /// (its text alone would spell it in plain pieces).
    pub opener_id: Option<u32>,
    /// Harmony's marker tokens, which its call grammar names by id.
    pub markers: Option<Markers>,
}

/// One parsed call.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    pub name: String,
    /// The arguments as a JSON string, as OpenAI's API carries them: the model's own text.
    pub arguments: String,
}

/// Checks `tools` and `tool_choice`; `None` when the request cannot call tools (no tools, or
/// `tool_choice: "none"`). `token_id` finds a control token's id in the model's vocabulary.
pub fn tool_use(
    tools: Option<&Vec<Tool>>,
    choice: Option<&ToolChoiceField>,
    parallel: Option<bool>,
    template: Option<&ChatTemplate>,
    token_id: impl Fn(&str) -> Option<u32>,
) -> Result<Option<ToolUse>, ApiError> {
    let tools = tools.cloned().unwrap_or_default();
    for (i, tool) in tools.iter().enumerate() {
        if tool.kind != "function" {
            return Err(ApiError::invalid(
                "tools",
                format!("tools[{i}].type must be \"function\", got {:?}", tool.kind),
            ));
        }
        if tool.function.name.is_empty() {
            return Err(ApiError::invalid(
                "tools",
                format!("tools[{i}].function.name is empty"),
            ));
        }
        if let Some(p) = &tool.function.parameters {
            if !p.is_object() {
                return Err(ApiError::invalid(
                    "tools",
                    format!("tools[{i}].function.parameters must be a JSON schema object"),
                ));
            }
        }
    }
    let choice = match choice {
        None if tools.is_empty() => ToolChoice::None,
        None => ToolChoice::Auto,
        Some(ToolChoiceField::Mode(mode)) => match mode.as_str() {
            "none" => ToolChoice::None,
            "auto" => ToolChoice::Auto,
            "required" => ToolChoice::Required,
            other => {
                return Err(ApiError::invalid(
                    "tool_choice",
                    format!(
                    "tool_choice must be none, auto, required or a named function, got {other:?}"
                ),
                ))
            }
        },
        Some(ToolChoiceField::Named { kind, function }) => {
            if kind != "function" {
                return Err(ApiError::invalid(
                    "tool_choice",
                    format!("tool_choice.type must be \"function\", got {kind:?}"),
                ));
            }
            if !tools.iter().any(|t| t.function.name == function.name) {
                return Err(ApiError::invalid(
                    "tool_choice",
                    format!(
                        "tool_choice names {:?}, which is not in tools",
                        function.name
                    ),
                ));
            }
            ToolChoice::Named(function.name.clone())
        }
    };
    if choice != ToolChoice::None && tools.is_empty() {
        return Err(ApiError::invalid("tool_choice", "tool_choice needs tools"));
    }
    if choice == ToolChoice::None {
        return Ok(None);
    }
    let in_template = template.is_some_and(ChatTemplate::reads_tools);
    let source = template.map_or("", ChatTemplate::source);
    let markers =
        Markers::lookup(&token_id).filter(|_| in_template && source.contains("<|channel|>"));
    let format = if markers.is_some() {
        CallFormat::Harmony
    } else if in_template && source.contains(MISTRAL_OPEN) {
        CallFormat::Mistral
    } else if in_template && !source.contains(OPEN) && source.contains("parameters") {
        CallFormat::Json
    } else {
        CallFormat::Tagged
    };
    let opener_id = (format == CallFormat::Mistral)
        .then(|| token_id(MISTRAL_OPEN))
        .flatten();
    Ok(Some(ToolUse {
        tools,
        choice,
        format,
        in_template,
        parallel: parallel.unwrap_or(true),
        opener_id,
        markers,
    }))
}

impl ToolUse {
    /// The `tools` list as the template reads it.
    pub fn template_tools(&self) -> Option<Value> {
        self.in_template.then(|| {
            Value::Array(
                self.tools
                    .iter()
                    .map(|t| {
                        json!({"type": "function", "function": {
                            "name": t.function.name,
                            "description": t.function.description,
                            "parameters": parameters(t),
                        }})
                    })
                    .collect(),
            )
        })
    }

    /// For a template that does not render tools: the tools and the call format in a system
    /// message (merged into the first one when there is one), and earlier calls written out
    /// in that format.
    pub fn prepare_messages(&self, messages: &mut Vec<ChatMessage>) {
        if self.in_template {
            return;
        }
        for message in messages.iter_mut() {
            if let Some(calls) = message.tool_calls.take() {
                for call in calls.as_array().into_iter().flatten() {
                    let function = &call["function"];
                    let block =
                        json!({"name": function["name"], "arguments": function["arguments"]});
                    message
                        .content
                        .push_str(&format!("<tool_call>\n{block}\n</tool_call>"));
                }
            }
        }
        let instruction = self.instruction();
        match messages.first_mut() {
            Some(first) if first.role == "system" => {
                first.content = format!("{}\n\n{instruction}", first.content);
            }
            _ => messages.insert(0, ChatMessage::new("system", instruction)),
        }
    }

    fn instruction(&self) -> String {
        let mut text = String::from(
            "You can call functions. Each function, with a JSON schema of its arguments:\n",
        );
        for tool in &self.tools {
            let f = &tool.function;
            let line = json!({"name": f.name, "description": f.description, "parameters": parameters(tool)});
            text.push_str(&format!("{line}\n"));
        }
        text.push_str(
            "To call a function, answer with\n<tool_call>\n{\"name\": NAME, \"arguments\": ARGUMENTS}\n</tool_call>\nwith ARGUMENTS a JSON object matching its schema, one block per call.",
        );
        if let ToolChoice::Named(name) = &self.choice {
            text.push_str(&format!(" Call {name} now."));
        } else if self.choice == ToolChoice::Required {
            text.push_str(" Call at least one function now.");
        }
        text
    }

    /// The grammar calls follow, and the text it waits for: `required` and named choices from
    /// the first token; `auto` from the moment the model writes a call's opening tag, so that
    /// it may answer in text but a call it opens names a tool and closes. `None` for `auto`
    /// in Llama 3's bare form, which has no opening tag to wait for.
    pub fn grammar(&self) -> Option<(Grammar, Option<&'static str>)> {
        let candidates: Vec<&Tool> = match &self.choice {
            ToolChoice::None => return None,
            ToolChoice::Auto | ToolChoice::Required => self.tools.iter().collect(),
            ToolChoice::Named(name) => self
                .tools
                .iter()
                .filter(|t| &t.function.name == name)
                .collect(),
        };
        if let (CallFormat::Harmony, Some(markers)) = (self.format, self.markers) {
            let gated = self.choice == ToolChoice::Auto;
            let grammar = harmony_grammar(&candidates, markers, gated);
            return Some((grammar, gated.then_some(HARMONY_CALL)));
        }
        let gated = self.choice == ToolChoice::Auto;
        let key = match self.format {
            CallFormat::Tagged | CallFormat::Mistral | CallFormat::Harmony => "arguments",
            CallFormat::Json => "parameters",
        };
        let schemas: Vec<Value> = candidates
            .iter()
            .map(|t| {
                json!({
                    "type": "object",
                    "properties": {"name": {"const": t.function.name}, key: call_parameters(t)},
                    "required": ["name", key],
                    "additionalProperties": false,
                })
            })
            .collect();
        let mut schema = match schemas.len() {
            1 => schemas.into_iter().next().expect("one"),
            _ => json!({"anyOf": schemas}),
        };
        // Compact JSON, as for response formats: no free whitespace for a model to loop on.
        schema["x-guidance"] = json!({"whitespace_flexible": false});
        // Parallel calls: more may follow the first, except for a named choice.
        let more = self.parallel && matches!(self.choice, ToolChoice::Auto | ToolChoice::Required);
        let lark = match (self.format, gated) {
            (CallFormat::Json, true) | (CallFormat::Harmony, _) => return None,
            (CallFormat::Json, false) => "start: body\n".to_string(),
            (CallFormat::Tagged, false) => {
                let repeat = if more { "(\"\\n\" call)*" } else { "" };
                format!("start: call {repeat}\ncall: \"<tool_call>\\n\" body \"\\n</tool_call>\"\n")
            }
            // After the opening tag, which the model wrote itself.
            (CallFormat::Tagged, true) => {
                let repeat = if more {
                    "(\"\\n<tool_call>\\n\" body \"\\n</tool_call>\")*"
                } else {
                    ""
                };
                format!("start: \"\\n\"? body \"\\n</tool_call>\" {repeat}\n")
            }
            (CallFormat::Mistral, gated) => {
                let opener = match (gated, self.opener_id) {
                    (true, _) => "\" \"?".to_string(),
                    (false, Some(id)) => format!("<[{id}]>"),
                    (false, None) => format!("{MISTRAL_OPEN:?}"),
                };
                let repeat = if more { "(\",\" body)*" } else { "" };
                format!("start: {opener} \"[\" body {repeat} \"]\"\n")
            }
        };
        let trigger = gated.then_some(match self.format {
            CallFormat::Mistral => MISTRAL_OPEN,
            _ => OPEN,
        });
        Some((
            Grammar::Lark(format!("{lark}body: %json {schema}\n")),
            trigger,
        ))
    }

    /// A parser for one choice's answer.
    pub fn parser(&self) -> CallParser {
        CallParser::new(
            self.format,
            self.tools.iter().map(|t| t.function.name.clone()).collect(),
        )
    }

    /// The calls in a whole answer, and the text outside them.
    pub fn parse(&self, text: &str) -> Parsed {
        let mut parser = self.parser();
        let mut pieces = parser.push(text);
        pieces.extend(parser.finish());
        Parsed::from_pieces(pieces)
    }
}

/// What a harmony call's header says before the function's name; its grammar applies after.
const HARMONY_CALL: &str = "to=functions.";

/// A harmony call from its function's name on: the rest of the header (the recipient may
/// come before `<|channel|>commentary` or after it, and `<|constrain|>json` may be left out)
/// and the arguments. The call ends with them; `<|call|>` would only end the reply.
/// `gated` (`auto`): the grammar waits for the model to address a function. Otherwise the
/// reply may think first, one analysis message, and must then address one.
fn harmony_grammar(tools: &[&Tool], markers: Markers, gated: bool) -> Grammar {
    let calls: Vec<String> = (0..tools.len()).map(|i| format!("call{i}")).collect();
    let calls = calls.join(" | ");
    let mut lark = if gated {
        format!("start: {calls}\n")
    } else {
        // The recipient after `<|channel|>commentary`, or (`<|start|>assistant` written)
        // before it.
        format!(
            "start: think? (<[{channel}]> \"commentary \" | \" \") \"{HARMONY_CALL}\" ({calls})\n\
             think: <[{channel}]> \"analysis\" <[{message}]> THOUGHT <[{end}]> <[{start}]> \"assistant\"\n\
             THOUGHT: /(?s:.*)/\n",
            channel = markers.channel,
            message = markers.message,
            end = markers.end,
            start = markers.start,
        )
    };
    for (i, tool) in tools.iter().enumerate() {
        let name = Value::String(tool.function.name.clone());
        let mut schema = call_parameters(tool);
        schema["x-guidance"] = json!({"whitespace_flexible": false});
        lark.push_str(&format!("call{i}: {name} head %json {schema}\n"));
    }
    lark.push_str(&format!(
        "head: (<[{}]> \"commentary\")? \" \"? (<[{}]> \"json\")? <[{}]>\n",
        markers.channel, markers.constrain, markers.message
    ));
    Grammar::Lark(lark)
}

/// A tool's parameter schema (any object when it gives none) as the model reads it.
fn parameters(tool: &Tool) -> Value {
    tool.function
        .parameters
        .clone()
        .unwrap_or_else(|| json!({"type": "object"}))
}

/// A tool's parameter schema as a call's grammar enforces it: as OpenAI's strict mode reads
/// it unless the tool says `strict: false`.
fn call_parameters(tool: &Tool) -> Value {
    let mut schema = parameters(tool);
    if tool.function.strict != Some(false) {
        close_objects(&mut schema);
    }
    schema
}

/// Every object schema that does not say which other properties it allows allows none, as
/// in OpenAI's strict mode. JSON Schema's default allows any, and a small model given that
/// freedom invents keys until `max_tokens` cuts the call. `allOf` branches are left as given:
/// closing each would refuse the properties the others name.
fn close_objects(schema: &mut Value) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let is_object = object.get("type").is_some_and(|t| {
        t == "object"
            || t.as_array()
                .is_some_and(|a| a.iter().any(|t| t == "object"))
    }) || object.contains_key("properties");
    let open = [
        "additionalProperties",
        "patternProperties",
        "unevaluatedProperties",
    ];
    if is_object && !open.iter().any(|k| object.contains_key(*k)) {
        object.insert("additionalProperties".into(), Value::Bool(false));
    }
    for key in ["properties", "patternProperties", "$defs", "definitions"] {
        if let Some(Value::Object(map)) = object.get_mut(key) {
            map.values_mut().for_each(close_objects);
        }
    }
    for key in ["items", "additionalProperties", "not"] {
        if let Some(value) = object.get_mut(key) {
            match value {
                Value::Array(list) => list.iter_mut().for_each(close_objects),
                other => close_objects(other),
            }
        }
    }
    for key in ["prefixItems", "anyOf", "oneOf"] {
        if let Some(Value::Array(list)) = object.get_mut(key) {
            list.iter_mut().for_each(close_objects);
        }
    }
}

const OPEN: &str = "<tool_call>";
const CLOSE: &str = "</tool_call>";
const MISTRAL_OPEN: &str = "[TOOL_CALLS]";
const MISTRAL_ARGS: &str = "[ARGS]";
const MISTRAL_CALL_ID: &str = "[CALL_ID]";
const PYTHON_TAG: &str = "<|python_tag|>";

/// What a stretch of generated text turned out to be.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// Answer text outside any call.
    Content(String),
    /// A call's name is known: call `index` (from 0 within the choice) begins.
    Call { index: usize, name: String },
    /// More of call `index`'s arguments, as the model writes them.
    Arguments { index: usize, text: String },
}

/// A whole answer's calls and content.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    /// The text outside the calls; `None` when there is none.
    pub content: Option<String>,
    pub calls: Vec<ToolCall>,
}

impl Parsed {
    pub fn from_pieces(pieces: Vec<Piece>) -> Parsed {
        let mut content = String::new();
        let mut calls: Vec<ToolCall> = Vec::new();
        for piece in pieces {
            match piece {
                Piece::Content(text) => content.push_str(&text),
                Piece::Call { name, .. } => calls.push(ToolCall {
                    name,
                    arguments: String::new(),
                }),
                Piece::Arguments { index, text } => calls[index].arguments.push_str(&text),
            }
        }
        Parsed {
            content: (!content.is_empty()).then_some(content),
            calls,
        }
    }
}

/// Where the parser is in the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Answer text; a call opens with the format's tag.
    Text,
    /// After an opening: `{"name": "...", "arguments": ` still to come. `list`: inside
    /// Mistral's `[...]`.
    Head { list: bool },
    /// Mistral's newer form: `name[ARGS]` still to come.
    NameArgs,
    /// Inside a call's arguments.
    Arguments { list: bool },
    /// After the arguments: the rest of the call's markup.
    Tail { list: bool },
    /// A call whose parts come in another order: held whole until its markup ends.
    Whole { list: bool },
    /// No call can follow: the rest is answer text.
    Plain,
}

/// Reads an answer as it is generated: text goes out as content except what may be the start
/// of a call, held back until it is told apart; a call goes out as its name and then its
/// arguments as they grow. The markup around calls never reaches the content, even when
/// `max_tokens` cuts a call; a call cut before its name is known is dropped.
#[derive(Debug)]
pub struct CallParser {
    format: CallFormat,
    names: Vec<String>,
    state: State,
    /// Text received and not yet read.
    held: String,
    /// Calls begun so far.
    calls: usize,
    /// Whether any answer text came before (a bare JSON call can only start the answer).
    wrote: bool,
    scan: JsonScan,
}

impl CallParser {
    pub fn new(format: CallFormat, names: Vec<String>) -> CallParser {
        CallParser {
            format,
            names,
            // Harmony's calls are messages of their own; the answer holds none.
            state: match format {
                CallFormat::Harmony => State::Plain,
                _ => State::Text,
            },
            held: String::new(),
            calls: 0,
            wrote: false,
            scan: JsonScan::default(),
        }
    }

    /// Whether any call has begun.
    pub fn called(&self) -> bool {
        self.calls > 0
    }

    /// Takes new text; returns what it has told apart.
    pub fn push(&mut self, text: &str) -> Vec<Piece> {
        self.held.push_str(text);
        let mut out = Vec::new();
        while self.step(&mut out) {}
        out
    }

    /// The end of the answer: held text that is not a call goes out as content; a call cut
    /// short ends where it was cut.
    pub fn finish(&mut self) -> Vec<Piece> {
        let mut out = Vec::new();
        match self.state {
            State::Text | State::Plain => {
                let rest = std::mem::take(&mut self.held);
                // Whitespace before a call was the call's; after the last one, it is nothing.
                if !(rest.is_empty() || self.called() && rest.trim().is_empty()) {
                    out.push(Piece::Content(rest));
                }
            }
            State::Whole { .. } => {
                let text = std::mem::take(&mut self.held);
                self.whole(&text, &mut out);
            }
            State::Head { .. } if self.format == CallFormat::Json && !self.called() => {
                // A bare JSON answer that never became a call is the answer.
                out.push(Piece::Content(std::mem::take(&mut self.held)));
            }
            _ => self.held.clear(),
        }
        self.state = State::Plain;
        out
    }

    /// Reads what it can of `held`; false when it needs more text.
    fn step(&mut self, out: &mut Vec<Piece>) -> bool {
        match self.state {
            State::Plain => {
                if !self.held.is_empty() {
                    out.push(Piece::Content(std::mem::take(&mut self.held)));
                }
                false
            }
            State::Text => self.text(out),
            State::Head { list } => self.head(list, out),
            State::NameArgs => self.name_args(out),
            State::Arguments { list } => self.arguments(list, out),
            State::Tail { list } => self.tail(list),
            State::Whole { list } => self.hold_whole(list, out),
        }
    }

    fn release(&mut self, upto: usize, out: &mut Vec<Piece>) {
        if upto > 0 {
            out.push(Piece::Content(self.held.drain(..upto).collect()));
            self.wrote = true;
        }
    }

    fn text(&mut self, out: &mut Vec<Piece>) -> bool {
        if self.format == CallFormat::Json {
            if self.wrote || self.called() {
                self.state = State::Plain;
                return true;
            }
            let start = self.held.trim_start();
            if let Some(rest) = start.strip_prefix(PYTHON_TAG) {
                self.held = rest.to_string();
                self.state = State::Head { list: false };
                return true;
            }
            if start.starts_with('{') {
                self.state = State::Head { list: false };
                return true;
            }
            if start.is_empty() || PYTHON_TAG.starts_with(start) {
                return false;
            }
            self.state = State::Plain;
            return true;
        }
        let open = match self.format {
            CallFormat::Mistral => MISTRAL_OPEN,
            _ => OPEN,
        };
        if let Some(at) = self.held.find(open) {
            // The whitespace before a call sets it apart; it is not part of the answer.
            let text_end = self.held[..at].trim_end().len();
            self.release(text_end, out);
            self.held.drain(..at - text_end + open.len());
            self.state = match self.format {
                CallFormat::Mistral => State::NameArgs,
                _ => State::Head { list: false },
            };
            return true;
        }
        // Keep back trailing whitespace and a tail that may grow into the opening tag.
        let partial = (1..open.len())
            .rev()
            .find(|&n| self.held.ends_with(&open[..n]))
            .unwrap_or(0);
        let keep = self.held[..self.held.len() - partial].trim_end().len();
        self.release(keep, out);
        false
    }

    /// `{"name": "NAME", "arguments": ` (or `"parameters"`), whitespace anywhere between.
    fn head(&mut self, list: bool, out: &mut Vec<Piece>) -> bool {
        match read_head(&self.held) {
            Head::More => false,
            Head::Other => {
                self.state = State::Whole { list };
                true
            }
            Head::Done { name, used } => {
                if !self.names.contains(&name) {
                    // Not a call to a tool of the request (only possible where no grammar
                    // holds calls to the tools): read whole, which drops it.
                    self.state = State::Whole { list };
                    return true;
                }
                self.held.drain(..used);
                self.begin(name, out);
                self.state = State::Arguments { list };
                true
            }
        }
    }

    fn begin(&mut self, name: String, out: &mut Vec<Piece>) {
        out.push(Piece::Call {
            index: self.calls,
            name,
        });
        self.calls += 1;
        self.scan = JsonScan::default();
    }

    /// After `[TOOL_CALLS]`: a JSON list of calls, or `NAME[ARGS]` (or
    /// `NAME[CALL_ID]ID[ARGS]`) and the arguments.
    fn name_args(&mut self, out: &mut Vec<Piece>) -> bool {
        let start = self.held.trim_start();
        if start.starts_with('[') && !start.starts_with(MISTRAL_ARGS) {
            let skip = self.held.len() - start.len() + 1;
            self.held.drain(..skip);
            self.state = State::Head { list: true };
            return true;
        }
        let Some(at) = self.held.find(MISTRAL_ARGS) else {
            return false;
        };
        let label = self.held[..at].trim();
        let name = label
            .split_once(MISTRAL_CALL_ID)
            .map_or(label, |(name, _)| name)
            .to_string();
        self.held.drain(..at + MISTRAL_ARGS.len());
        if !self.names.contains(&name) {
            // Not a call to a tool of the request (only possible where no grammar holds
            // calls to the tools): the rest is read whole, which drops it.
            self.state = State::Whole { list: false };
            return true;
        }
        self.begin(name, out);
        self.state = State::Arguments { list: false };
        true
    }

    /// The arguments object, passed on as it grows.
    fn arguments(&mut self, list: bool, out: &mut Vec<Piece>) -> bool {
        if !self.scan.started() {
            let start = self.held.trim_start();
            if start.is_empty() {
                return false;
            }
            if !start.starts_with('{') {
                // Arguments as a JSON string, or no object: read whole at the end.
                self.state = State::Whole { list };
                return true;
            }
            let skip = self.held.len() - start.len();
            self.held.drain(..skip);
        }
        let used = self.scan.feed(&self.held);
        let text: String = self.held.drain(..used).collect();
        if !text.is_empty() {
            out.push(Piece::Arguments {
                index: self.calls - 1,
                text,
            });
        }
        if self.scan.done() {
            self.state = match self.format {
                CallFormat::Mistral if !list => State::Text,
                _ => State::Tail { list },
            };
            return true;
        }
        false
    }

    /// The call's closing markup: `}` and `</tool_call>`, or `}` and `,` or `]` in a list.
    fn tail(&mut self, list: bool) -> bool {
        if list {
            let Some(at) = self.held.find([',', ']']) else {
                return false;
            };
            let next = self.held.as_bytes()[at];
            self.held.drain(..=at);
            self.state = if next == b',' {
                State::Head { list: true }
            } else {
                State::Text
            };
            return true;
        }
        match self.format {
            CallFormat::Json => {
                let Some(at) = self.held.find('}') else {
                    return false;
                };
                self.held.drain(..=at);
                self.state = State::Plain;
                // What follows a bare call is not part of it; only whitespace is expected.
                if self.held.trim().is_empty() {
                    self.held.clear();
                }
                true
            }
            _ => {
                let Some(at) = self.held.find(CLOSE) else {
                    return false;
                };
                self.held.drain(..at + CLOSE.len());
                self.state = State::Text;
                true
            }
        }
    }

    /// A call read whole: for the tagged form, up to its closing tag; for the others, to the
    /// end of the answer.
    fn hold_whole(&mut self, _list: bool, out: &mut Vec<Piece>) -> bool {
        if self.format != CallFormat::Tagged {
            return false;
        }
        let Some(at) = self.held.find(CLOSE) else {
            return false;
        };
        let text: String = self.held.drain(..at + CLOSE.len()).collect();
        self.whole(&text[..at], out);
        self.state = State::Text;
        true
    }

    /// Calls in `text`, which came after an opening: a call object (or a list of them) in
    /// any key order, its arguments an object or a JSON string. Anything else is dropped
    /// for the tagged and Mistral forms (markup the model opened is never content) and is the
    /// answer for a bare JSON one.
    fn whole(&mut self, text: &str, out: &mut Vec<Piece>) {
        let text = text.trim();
        let text = text.strip_suffix(CLOSE).unwrap_or(text).trim();
        let values: Vec<Value> = match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(list)) => list,
            Ok(value) => vec![value],
            // Inside Mistral's list, the `[` is already read.
            Err(_) => match serde_json::from_str::<Value>(&format!("[{text}")) {
                Ok(Value::Array(list)) => list,
                _ => Vec::new(),
            },
        };
        let calls: Vec<ToolCall> = values
            .iter()
            .map_while(|v| call_from_json(v, &self.names))
            .collect();
        if calls.len() != values.len() || calls.is_empty() {
            if self.format == CallFormat::Json && !self.called() {
                out.push(Piece::Content(text.to_string()));
            }
            return;
        }
        for call in calls {
            self.begin(call.name, out);
            out.push(Piece::Arguments {
                index: self.calls - 1,
                text: call.arguments,
            });
        }
    }
}

/// How far `read_head` got.
enum Head {
    More,
    Other,
    Done { name: String, used: usize },
}

/// Reads `{"name": "NAME", "arguments": ` (or `"parameters"`) at the start of `text`.
fn read_head(text: &str) -> Head {
    let mut at = 0;
    let bytes = text.as_bytes();
    let skip_ws = |at: &mut usize| {
        while *at < bytes.len() && bytes[*at].is_ascii_whitespace() {
            *at += 1;
        }
    };
    // Each literal: all there, cut short (wait), or something else.
    let literal = |at: &mut usize, options: &[&str]| -> Option<bool> {
        let rest = &text[*at..];
        for option in options {
            if rest.starts_with(option) {
                *at += option.len();
                return Some(true);
            }
        }
        options.iter().any(|o| o.starts_with(rest)).then_some(false)
    };
    for expected in [&["{"][..], &["\"name\""], &[":"]] {
        skip_ws(&mut at);
        match literal(&mut at, expected) {
            Some(true) => {}
            Some(false) => return Head::More,
            None => return Head::Other,
        }
    }
    skip_ws(&mut at);
    if at == bytes.len() {
        return Head::More;
    }
    if bytes[at] != b'"' {
        return Head::Other;
    }
    let mut scan = JsonScan::default();
    let used = scan.feed(&text[at..]);
    if !scan.done() {
        return Head::More;
    }
    let Ok(name) = serde_json::from_str::<String>(&text[at..at + used]) else {
        return Head::Other;
    };
    at += used;
    for expected in [&[","][..], &["\"arguments\"", "\"parameters\""], &[":"]] {
        skip_ws(&mut at);
        match literal(&mut at, expected) {
            Some(true) => {}
            Some(false) => return Head::More,
            None => return Head::Other,
        }
    }
    Head::Done { name, used: at }
}

/// Follows one JSON value (an object, an array or a string) through text that arrives in
/// pieces, to tell where it ends.
#[derive(Debug, Default, Clone)]
struct JsonScan {
    depth: usize,
    in_string: bool,
    escaped: bool,
    started: bool,
    done: bool,
}

impl JsonScan {
    fn started(&self) -> bool {
        self.started
    }

    fn done(&self) -> bool {
        self.done
    }

    /// Reads `text` up to the value's end; returns how many bytes belong to the value.
    fn feed(&mut self, text: &str) -> usize {
        for (i, c) in text.char_indices() {
            if self.done {
                return i;
            }
            self.started = true;
            if self.in_string {
                match (self.escaped, c) {
                    (true, _) => self.escaped = false,
                    (false, '\\') => self.escaped = true,
                    (false, '"') => {
                        self.in_string = false;
                        self.done = self.depth == 0;
                    }
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => self.in_string = true,
                '{' | '[' => self.depth += 1,
                '}' | ']' => {
                    self.depth = self.depth.saturating_sub(1);
                    self.done = self.depth == 0;
                }
                _ => {}
            }
        }
        text.len()
    }
}

/// `{"name": ..., "arguments" | "parameters": {...}}` naming a known function; arguments given
/// as a JSON string are read as the object they hold.
fn call_from_json(value: &Value, names: &[String]) -> Option<ToolCall> {
    let name = value["name"].as_str()?;
    if !names.iter().any(|n| n == name) {
        return None;
    }
    let arguments = match (&value["arguments"], &value["parameters"]) {
        (Value::Object(_), _) => value["arguments"].clone(),
        (Value::String(s), _) => serde_json::from_str(s).ok()?,
        (Value::Null, Value::Object(_)) => value["parameters"].clone(),
        _ => return None,
    };
    Some(ToolCall {
        name: name.to_string(),
        arguments: arguments.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    /// `text` fed in pieces of `size` bytes (at char boundaries), then finished.
    fn streamed(format: CallFormat, tools: &[&str], text: &str, size: usize) -> Vec<Piece> {
        let mut parser = CallParser::new(format, names(tools));
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let mut cut = size.min(rest.len());
            while !rest.is_char_boundary(cut) {
                cut += 1;
            }
            out.extend(parser.push(&rest[..cut]));
            rest = &rest[cut..];
        }
        out.extend(parser.finish());
        out
    }

    fn parsed(format: CallFormat, tools: &[&str], text: &str) -> Parsed {
        let whole = Parsed::from_pieces(streamed(format, tools, text, text.len().max(1)));
        // However the text arrives, the same calls and content come out.
        for size in [1, 2, 3, 7] {
            let pieces = streamed(format, tools, text, size);
            assert_eq!(
                Parsed::from_pieces(pieces),
                whole,
                "pieces of {size}: {text:?}"
            );
        }
        whole
    }

    fn call(name: &str, arguments: &str) -> ToolCall {
        ToolCall {
            name: name.into(),
            arguments: arguments.into(),
        }
    }

    #[test]
    fn tagged_calls_are_parsed_and_content_kept_apart() {
        let text = "Let me check.\n<tool_call>\n{\"name\": \"weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n<tool_call>{\"name\": \"time\", \"arguments\": {}}</tool_call>";
        let out = parsed(CallFormat::Tagged, &["weather", "time"], text);
        assert_eq!(out.content.as_deref(), Some("Let me check."));
        assert_eq!(
            out.calls,
            vec![call("weather", "{\"city\": \"Paris\"}"), call("time", "{}")]
        );
        // Keys in another order and arguments as a string are read whole.
        let text = "<tool_call>{\"arguments\": \"{\\\"a\\\": 1}\", \"name\": \"time\"}</tool_call>";
        let out = parsed(CallFormat::Tagged, &["time"], text);
        assert_eq!(out.calls, vec![call("time", "{\"a\":1}")]);
        assert_eq!(out.content, None);
    }

    #[test]
    fn arguments_stream_as_they_are_written() {
        let text =
            "<tool_call>\n{\"name\":\"weather\",\"arguments\":{\"city\":\"Par}is\"}}\n</tool_call>";
        let pieces = streamed(CallFormat::Tagged, &["weather"], text, 4);
        let arguments: Vec<&str> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Arguments { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(arguments.len() > 3, "{pieces:?}");
        assert_eq!(arguments.concat(), "{\"city\":\"Par}is\"}");
        assert_eq!(
            pieces[0],
            Piece::Call {
                index: 0,
                name: "weather".into()
            }
        );
    }

    #[test]
    fn markup_never_reaches_the_content_even_when_cut() {
        // Cut in its arguments: the call, as far as it got.
        let out = parsed(
            CallFormat::Tagged,
            &["f"],
            "Sure. <tool_call>\n{\"name\":\"f\",\"arguments\":{\"a\":\"lo",
        );
        assert_eq!(out.content.as_deref(), Some("Sure."));
        assert_eq!(out.calls, vec![call("f", "{\"a\":\"lo")]);
        // Cut before its name is known: no call and no markup.
        let out = parsed(CallFormat::Tagged, &["f"], "<tool_call>\n{\"na");
        assert_eq!(out, Parsed::default());
        let out = parsed(
            CallFormat::Tagged,
            &["f"],
            "<tool_call>{broken</tool_call> ok",
        );
        assert_eq!(out.content.as_deref(), Some(" ok"));
        assert!(out.calls.is_empty());
        // Text that only looks like a tag's start is content.
        let out = parsed(CallFormat::Tagged, &["f"], "Hello <tools are fine ");
        assert_eq!(out.content.as_deref(), Some("Hello <tools are fine "));
    }

    #[test]
    fn llama3_json_and_unknown_names() {
        let text = "{\"name\": \"weather\", \"parameters\": {\"city\": \"Rome\"}}";
        let out = parsed(CallFormat::Json, &["weather"], text);
        assert_eq!(out.content, None);
        assert_eq!(out.calls, vec![call("weather", "{\"city\": \"Rome\"}")]);
        let out = parsed(CallFormat::Json, &["other"], text);
        assert_eq!(out.content.as_deref(), Some(text));
        assert!(out.calls.is_empty());
        let out = parsed(CallFormat::Json, &["weather"], "The answer: {\"a\": 1}");
        assert_eq!(out.content.as_deref(), Some("The answer: {\"a\": 1}"));
        let out = parsed(
            CallFormat::Json,
            &["weather"],
            "<|python_tag|>{\"name\": \"weather\", \"parameters\": {}}",
        );
        assert_eq!(out.calls, vec![call("weather", "{}")]);
    }

    #[test]
    fn mistral_lists_and_args_tags() {
        let text = "[TOOL_CALLS] [{\"name\": \"f\", \"arguments\": {\"a\": [1, 2]}}, {\"name\": \"g\", \"arguments\": {}}]";
        let out = parsed(CallFormat::Mistral, &["f", "g"], text);
        assert_eq!(
            out.calls,
            vec![call("f", "{\"a\": [1, 2]}"), call("g", "{}")]
        );
        assert_eq!(out.content, None);
        let text =
            "I will look.[TOOL_CALLS]f[ARGS]{\"a\": 1}[TOOL_CALLS]g[CALL_ID]abc123XYZ[ARGS]{}";
        let out = parsed(CallFormat::Mistral, &["f", "g"], text);
        assert_eq!(out.content.as_deref(), Some("I will look."));
        assert_eq!(out.calls, vec![call("f", "{\"a\": 1}"), call("g", "{}")]);
        let out = parsed(
            CallFormat::Mistral,
            &["f"],
            "[TOOL_CALLS][{\"arguments\": {}, \"name\": \"f\"}]",
        );
        assert_eq!(out.calls, vec![call("f", "{}")]);
        // A name the request does not have: no call, and no markup in the content.
        let out = parsed(
            CallFormat::Mistral,
            &["f"],
            "Hm.[TOOL_CALLS]h[ARGS]{\"a\": 1}",
        );
        assert_eq!(out.content.as_deref(), Some("Hm."));
        assert!(out.calls.is_empty());
    }

    fn tools(value: Value) -> Vec<Tool> {
        serde_json::from_value(value).unwrap()
    }

    fn grammar(tools: &[Tool], choice: &str, parallel: bool) -> (String, Option<&'static str>) {
        let choice = ToolChoiceField::Mode(choice.into());
        let tool_use = tool_use(
            Some(&tools.to_vec()),
            Some(&choice),
            Some(parallel),
            None,
            |_| None,
        )
        .unwrap()
        .unwrap();
        let Some((Grammar::Lark(lark), trigger)) = tool_use.grammar() else {
            panic!("a grammar");
        };
        (lark, trigger)
    }

    #[test]
    fn required_grammar_names_every_tool() {
        let tools = tools(json!([
            {"type": "function", "function": {"name": "a", "parameters": {"type": "object"}}},
            {"type": "function", "function": {"name": "b"}}
        ]));
        let (lark, trigger) = grammar(&tools, "required", false);
        assert!(
            lark.contains("\"const\":\"a\"") && lark.contains("\"const\":\"b\""),
            "{lark}"
        );
        assert!(!lark.contains(")*"), "{lark}");
        assert_eq!(trigger, None);
        // `auto` waits for the opening tag and starts after it.
        let (lark, trigger) = grammar(&tools, "auto", true);
        assert_eq!(trigger, Some("<tool_call>"));
        assert!(
            lark.starts_with("start: \"\\n\"? body \"\\n</tool_call>\" ("),
            "{lark}"
        );
    }

    #[test]
    fn schemas_are_read_as_strict_mode_reads_them() {
        let schema = json!({"type": "object", "properties": {
            "city": {"type": "string"},
            "where": {"type": "object", "properties": {"lat": {"type": "number"}}},
            "tags": {"type": "array", "items": {"type": "object", "properties": {"k": {}}}},
            "free": {"type": "object", "additionalProperties": {"type": "integer"}},
            "either": {"anyOf": [{"type": "object", "properties": {"x": {}}}, {"type": "null"}]}
        }});
        let tools = tools(json!([
            {"type": "function", "function": {"name": "strict", "parameters": schema}},
            {"type": "function", "function": {"name": "loose", "parameters": schema, "strict": false}}
        ]));
        let closed = call_parameters(&tools[0]);
        assert_eq!(closed["additionalProperties"], false);
        let p = &closed["properties"];
        assert_eq!(p["where"]["additionalProperties"], false);
        assert_eq!(p["tags"]["items"]["additionalProperties"], false);
        assert_eq!(
            p["free"]["additionalProperties"],
            json!({"type": "integer"})
        );
        assert_eq!(p["either"]["anyOf"][0]["additionalProperties"], false);
        assert_eq!(p["city"].get("additionalProperties"), None);
        assert_eq!(call_parameters(&tools[1]), schema);
        // What the model reads is the schema as given.
        let tool_use = tool_use(Some(&tools), None, None, None, |_| None)
            .unwrap()
            .unwrap();
        assert_eq!(
            tool_use
                .instruction()
                .matches("additionalProperties")
                .count(),
            2
        );
    }
}

#[cfg(test)]
mod harmony_tests {
    use super::*;
    use crate::harmony::tests::{harmony_compiler, harmony_tokenizer};

    /// The tokens of `text`, harmony markers as their special tokens.
    fn ids(tokenizer: &loader::Tokenizer, text: &str) -> Vec<u32> {
        tokenizer.encode(text, false).unwrap()
    }

    #[test]
    fn a_harmony_call_follows_its_grammar_once_addressed() {
        let tokenizer = harmony_tokenizer();
        let template = ChatTemplate::new(
            "{% for t in tools %}{{ t.function.name }}{% endfor %}<|start|>assistant<|channel|>",
            None,
            None,
        )
        .unwrap();
        let tools: Vec<Tool> = serde_json::from_value(json!([
            {"type": "function", "function": {"name": "get_weather", "parameters":
                {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}},
            {"type": "function", "function": {"name": "get_time"}}
        ]))
        .unwrap();
        let token_id = |t: &str| tokenizer.token_to_id(t);
        let compiler = harmony_compiler(&tokenizer);
        // A fresh constraint for `choice`, held back by its trigger as the server holds it.
        let fresh = |choice: &str| {
            let choice = ToolChoiceField::Mode(choice.into());
            let tool_use = tool_use(Some(&tools), Some(&choice), None, Some(&template), token_id)
                .unwrap()
                .unwrap();
            assert_eq!(tool_use.format, CallFormat::Harmony);
            let (grammar, trigger) = tool_use.grammar().unwrap();
            let constraint = compiler.compile(&grammar).unwrap();
            match trigger {
                Some(trigger) => compiler.after(constraint, trigger),
                None => constraint,
            }
        };
        let weather = "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"city\":\"Oslo\"}";
        let think = "<|channel|>analysis<|message|>Think: {x}.<|end|><|start|>assistant";
        let cases = [
            // `auto`: anything before the recipient, then the call.
            ("auto", format!("Hi.<|end|><|start|>assistant{weather}")),
            ("auto", format!("{think}{weather}")),
            (
                "auto",
                "<|start|>assistant to=functions.get_time<|channel|>commentary<|message|>{}"
                    .to_string(),
            ),
            // `required`: thinking at most, then the recipient before or after the channel.
            ("required", format!("{think}{weather}")),
            (
                "required",
                " to=functions.get_time<|channel|>commentary<|message|>{}".to_string(),
            ),
            (
                "required",
                format!("{think} to=functions.get_time<|channel|>commentary<|message|>{{}}"),
            ),
        ];
        for (choice, call) in cases {
            let mut constraint = fresh(choice);
            for id in ids(&tokenizer, &call) {
                assert!(
                    constraint.allowed().unwrap().is_allowed(id),
                    "{call:?} at {id}"
                );
                constraint.advance(id).unwrap();
            }
            assert!(constraint.is_finished(), "{call:?}");
        }
        let refused = |constraint: &mut engine::grammar::Constraint, text: &str| {
            !constraint
                .allowed()
                .unwrap()
                .is_allowed(ids(&tokenizer, text)[0])
        };
        // `required` leaves no way to answer without a call: no final channel.
        let mut constraint = fresh("required");
        for id in ids(&tokenizer, "<|channel|>") {
            constraint.advance(id).unwrap();
        }
        assert!(refused(&mut constraint, "f"));
        assert!(!refused(&mut constraint, "a"));
        // Once addressed, only an offered function's name and its own arguments may follow.
        let mut constraint = fresh("auto");
        for id in ids(&tokenizer, "<|channel|>commentary to=functions.get_") {
            constraint.advance(id).unwrap();
        }
        assert!(refused(&mut constraint, "x"));
        for id in ids(&tokenizer, "weather <|constrain|>json<|message|>{\"") {
            constraint.advance(id).unwrap();
        }
        assert!(
            refused(&mut constraint, "n"),
            "a key the schema does not name"
        );
        // `json` without `<|constrain|>` is not a format.
        let mut constraint = fresh("auto");
        for id in ids(&tokenizer, "<|channel|>commentary to=functions.get_time ") {
            constraint.advance(id).unwrap();
        }
        assert!(refused(&mut constraint, "j"));
    }
}
