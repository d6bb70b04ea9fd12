//! Tool calls on chat completions: the `tools` and `tool_choice` fields, how the tools reach
//! the prompt, the grammar that enforces `required` and named choices, and the calls parsed
//! back out of the generated text.

use engine::grammar::Grammar;
use loader::{ChatMessage, ChatTemplate};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;

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
    /// Calls are checked against `parameters` whenever a grammar enforces them.
    #[serde(default, rename = "strict")]
    _strict: Option<bool>,
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
}

/// One parsed call.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    pub name: String,
    /// The arguments as a JSON string, as OpenAI's API carries them.
    pub arguments: String,
}

/// Checks `tools` and `tool_choice`; `None` when the request cannot call tools (no tools, or
/// `tool_choice: "none"`).
pub fn tool_use(
    tools: Option<&Vec<Tool>>,
    choice: Option<&ToolChoiceField>,
    parallel: Option<bool>,
    template: Option<&ChatTemplate>,
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
    let format = if in_template && !source.contains("<tool_call>") && source.contains("parameters")
    {
        CallFormat::Json
    } else {
        CallFormat::Tagged
    };
    Ok(Some(ToolUse {
        tools,
        choice,
        format,
        in_template,
        parallel: parallel.unwrap_or(true),
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

    /// For `required` and named choices: the grammar every answer must follow, built from the
    /// tools' parameter schemas.
    pub fn grammar(&self) -> Option<Grammar> {
        let candidates: Vec<&Tool> = match &self.choice {
            ToolChoice::None | ToolChoice::Auto => return None,
            ToolChoice::Required => self.tools.iter().collect(),
            ToolChoice::Named(name) => self
                .tools
                .iter()
                .filter(|t| &t.function.name == name)
                .collect(),
        };
        let key = match self.format {
            CallFormat::Tagged => "arguments",
            CallFormat::Json => "parameters",
        };
        let schemas: Vec<Value> = candidates
            .iter()
            .map(|t| {
                json!({
                    "type": "object",
                    "properties": {"name": {"const": t.function.name}, key: parameters(t)},
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
        let call = match self.format {
            CallFormat::Tagged => "\"<tool_call>\\n\" body \"\\n</tool_call>\"",
            CallFormat::Json => "body",
        };
        let repeat = if self.parallel && self.choice == ToolChoice::Required {
            "(\"\\n\" call)*"
        } else {
            ""
        };
        Some(Grammar::Lark(format!(
            "start: call {repeat}\ncall: {call}\nbody: %json {schema}\n"
        )))
    }

    /// The calls in `text`, with the text outside them; no calls leaves the text as content.
    pub fn parse(&self, text: &str) -> (Option<String>, Vec<ToolCall>) {
        let names: Vec<&str> = self
            .tools
            .iter()
            .map(|t| t.function.name.as_str())
            .collect();
        parse_calls(text, &names)
    }
}

/// A tool's parameter schema (any object when it gives none).
fn parameters(tool: &Tool) -> Value {
    tool.function
        .parameters
        .clone()
        .unwrap_or_else(|| json!({"type": "object"}))
}

const OPEN: &str = "<tool_call>";
const CLOSE: &str = "</tool_call>";

/// Finds calls written as `<tool_call>` blocks, or the whole text as one Llama 3 style JSON
/// call (optionally after `<|python_tag|>`), to functions in `names`. Text that holds no
/// complete call is all content.
pub fn parse_calls(text: &str, names: &[&str]) -> (Option<String>, Vec<ToolCall>) {
    let content = |t: &str| (!t.is_empty()).then(|| t.to_string());
    if let Some(start) = text.find(OPEN) {
        let mut calls = Vec::new();
        let mut rest = &text[start..];
        while let Some(body) = rest.strip_prefix(OPEN) {
            let (inner, after) = match body.find(CLOSE) {
                Some(end) => (&body[..end], &body[end + CLOSE.len()..]),
                None => (body, ""),
            };
            match call_from_json(inner.trim(), names) {
                Some(call) => calls.push(call),
                None => return (content(text), Vec::new()),
            }
            rest = after.trim_start();
        }
        if calls.is_empty() {
            return (content(text), calls);
        }
        return (content(text[..start].trim()), calls);
    }
    let trimmed = text.trim();
    let bare = trimmed.strip_prefix("<|python_tag|>").unwrap_or(trimmed);
    match call_from_json(bare, names) {
        Some(call) => (None, vec![call]),
        None => (content(text), Vec::new()),
    }
}

/// `{"name": ..., "arguments" | "parameters": {...}}` naming a known function.
fn call_from_json(text: &str, names: &[&str]) -> Option<ToolCall> {
    let value: Value = serde_json::from_str(text).ok()?;
    let name = value["name"].as_str()?;
    if !names.contains(&name) {
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

/// Holds streamed text back while it may be the start of a call, so that no raw call reaches
/// `content`; the calls themselves are sent once the choice ends.
#[derive(Debug, Default)]
pub struct CallFilter {
    /// Text received and not yet released.
    held: String,
    /// A call has started: everything from here is held until the end.
    in_call: bool,
    /// Content has been released (a bare JSON call can only start the answer).
    released_any: bool,
}

impl CallFilter {
    /// Takes new text and returns what can go out as content now.
    pub fn push(&mut self, text: &str) -> String {
        self.held.push_str(text);
        if self.in_call {
            return String::new();
        }
        if !self.released_any {
            let start = self.held.trim_start();
            if start.starts_with('{') || start.starts_with("<|python_tag|>") {
                self.in_call = true;
                return String::new();
            }
            if start.is_empty() || "<|python_tag|>".starts_with(start) {
                return String::new();
            }
        }
        if let Some(at) = self.held.find(OPEN) {
            self.in_call = true;
            let out: String = self.held.drain(..at).collect();
            self.released_any |= !out.is_empty();
            return out;
        }
        // Keep back a tail that may grow into the opening tag.
        let keep = (1..OPEN.len())
            .rev()
            .find(|&n| self.held.ends_with(&OPEN[..n]))
            .unwrap_or(0);
        let cut = self.held.len() - keep;
        let out: String = self.held.drain(..cut).collect();
        self.released_any |= !out.is_empty();
        out
    }

    /// Whether text was held back as a possible call.
    #[cfg(test)]
    pub fn holding_call(&self) -> bool {
        self.in_call
    }

    /// What is still held, as content (when it held no call after all).
    pub fn take_held(&mut self) -> String {
        std::mem::take(&mut self.held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tagged_calls_are_parsed_and_content_kept_apart() {
        let text = "Let me check.\n<tool_call>\n{\"name\": \"weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n<tool_call>{\"name\": \"time\", \"arguments\": {}}</tool_call>";
        let (content, calls) = parse_calls(text, &["weather", "time"]);
        assert_eq!(content.as_deref(), Some("Let me check."));
        assert_eq!(calls.len(), 2);
        assert_eq!(calls[0].name, "weather");
        assert_eq!(calls[0].arguments, "{\"city\":\"Paris\"}");
        assert_eq!(calls[1].arguments, "{}");
    }

    #[test]
    fn llama3_json_and_unknown_names() {
        let text = "{\"name\": \"weather\", \"parameters\": {\"city\": \"Rome\"}}";
        let (content, calls) = parse_calls(text, &["weather"]);
        assert_eq!(content, None);
        assert_eq!(calls[0].arguments, "{\"city\":\"Rome\"}");
        let (content, calls) = parse_calls(text, &["other"]);
        assert_eq!(content.as_deref(), Some(text));
        assert!(calls.is_empty());
        let (content, calls) = parse_calls("<tool_call>{broken", &["weather"]);
        assert_eq!(content.as_deref(), Some("<tool_call>{broken"));
        assert!(calls.is_empty());
    }

    #[test]
    fn the_filter_never_releases_a_tag() {
        let mut filter = CallFilter::default();
        let text = "Sure. <tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>";
        let mut out = String::new();
        for piece in text.as_bytes().chunks(3) {
            out.push_str(&filter.push(std::str::from_utf8(piece).unwrap()));
        }
        assert_eq!(out, "Sure. ");
        assert!(filter.holding_call());
        let mut plain = CallFilter::default();
        let mut out = String::new();
        for piece in ["Hello <tool", "s are fine"] {
            out.push_str(&plain.push(piece));
        }
        out.push_str(&plain.take_held());
        assert_eq!(out, "Hello <tools are fine");
        assert!(!plain.holding_call());
    }

    #[test]
    fn required_grammar_names_every_tool() {
        let tools: Vec<Tool> = serde_json::from_value(json!([
            {"type": "function", "function": {"name": "a", "parameters": {"type": "object"}}},
            {"type": "function", "function": {"name": "b"}}
        ]))
        .unwrap();
        let choice = ToolChoiceField::Mode("required".into());
        let tool_use = tool_use(Some(&tools), Some(&choice), Some(false), None)
            .unwrap()
            .unwrap();
        let Some(Grammar::Lark(lark)) = tool_use.grammar() else {
            panic!("required tools have a grammar");
        };
        assert!(
            lark.contains("\"const\":\"a\"") && lark.contains("\"const\":\"b\""),
            "{lark}"
        );
        assert!(!lark.contains(")*"), "{lark}");
    }
}
