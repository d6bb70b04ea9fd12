//! Chat templates (HF-style Jinja) rendered with minijinja.
//!
//! The environment mirrors the one transformers uses for `apply_chat_template`: blocks trimmed
//! and left-stripped, Python string methods available (`.strip()`, `.startswith()`, ...), the
//! `tojson` filter (tool-calling templates serialize tools and call arguments with it) and a
//! `raise_exception` function.
//!
//! Templates come with model files from anyone, so a render runs on a budget: a bounded number
//! of template instructions (minijinja's fuel) and a bounded output size. An endless or
//! exploding template is an error, not a hang.

use minijinja::{context, Environment, ErrorKind};
use serde::{Deserialize, Serialize};

use crate::error::Result;

const TEMPLATE_NAME: &str = "chat";

/// Template instructions one render may execute. Real chat templates need a few hundred per
/// message; a million lets conversations of thousands of turns through.
pub const RENDER_FUEL: u64 = 1_000_000;

/// Output bytes a render may produce beyond four times the messages' own text.
pub const RENDER_OUTPUT_SLACK: usize = 1 << 20;

/// One turn of a conversation. The tool fields are left out of what the template sees when
/// absent, so templates that test `message.tool_calls is defined` read them as HF's do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: String,
    pub content: String,
    /// An assistant turn's calls, `[{"id", "type": "function", "function": {"name",
    /// "arguments"}}]`, with `arguments` as an object (what HF templates serialize).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_calls: Option<serde_json::Value>,
    /// A `tool` turn: the call it answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
    /// A `tool` turn: the function's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// An assistant turn's reasoning, for templates that render it: Qwen3's read
    /// `reasoning_content`, gpt-oss's `thinking` (templates see it under both names).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning_content: Option<String>,
}

impl ChatMessage {
    pub fn new(role: impl Into<String>, content: impl Into<String>) -> Self {
        ChatMessage {
            role: role.into(),
            content: content.into(),
            tool_calls: None,
            tool_call_id: None,
            name: None,
            reasoning_content: None,
        }
    }
}

/// What a render takes besides the messages.
#[derive(Debug, Clone, Default)]
pub struct RenderInputs<'a> {
    /// The request's tool definitions (OpenAI's `tools` list), as the template's `tools`.
    pub tools: Option<&'a serde_json::Value>,
    /// Further variables, as `apply_chat_template`'s keyword arguments (`enable_thinking`,
    /// `reasoning_effort`...). They cannot replace the variables the renderer sets.
    pub kwargs: Option<&'a serde_json::Map<String, serde_json::Value>>,
}

/// The variables every render sets, which keyword arguments may not replace.
pub const RESERVED_VARIABLES: &[&str] = &[
    "messages",
    "add_generation_prompt",
    "bos_token",
    "eos_token",
    "tools",
];

/// A compiled chat template plus the special-token strings templates refer to.
pub struct ChatTemplate {
    env: Environment<'static>,
    source: String,
    bos_token: String,
    eos_token: String,
}

impl std::fmt::Debug for ChatTemplate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChatTemplate")
            .field("bos_token", &self.bos_token)
            .field("eos_token", &self.eos_token)
            .finish_non_exhaustive()
    }
}

impl ChatTemplate {
    /// Compiles `source`; a syntax error is reported here rather than at render time.
    pub fn new(source: &str, bos_token: Option<String>, eos_token: Option<String>) -> Result<Self> {
        let mut env = Environment::new();
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
        env.add_function("raise_exception", raise_exception);
        env.set_fuel(Some(RENDER_FUEL));
        env.add_template_owned(TEMPLATE_NAME, source.to_owned())?;
        Ok(ChatTemplate {
            env,
            source: source.to_owned(),
            bos_token: bos_token.unwrap_or_default(),
            eos_token: eos_token.unwrap_or_default(),
        })
    }

    /// The prompt text for `messages`; with `add_generation_prompt` it ends where the assistant's
    /// reply should begin. Tokenize the result without adding special tokens.
    pub fn render(&self, messages: &[ChatMessage], add_generation_prompt: bool) -> Result<String> {
        self.render_with_tools(messages, None, add_generation_prompt)
    }

    /// Whether the template renders a `tools` list itself (HF templates of tool-calling models
    /// do); otherwise a caller describes the tools in a message.
    pub fn reads_tools(&self) -> bool {
        self.reads("tools")
    }

    /// Whether the template's source names `variable` at all (a template that never names
    /// a keyword argument cannot act on it).
    pub fn reads(&self, variable: &str) -> bool {
        self.source.contains(variable)
    }

    /// [`ChatTemplate::render`] with the request's tool definitions (OpenAI's `tools` list) as
    /// the template's `tools` variable.
    pub fn render_with_tools(
        &self,
        messages: &[ChatMessage],
        tools: Option<&serde_json::Value>,
        add_generation_prompt: bool,
    ) -> Result<String> {
        let inputs = RenderInputs {
            tools,
            kwargs: None,
        };
        self.render_with(messages, &inputs, add_generation_prompt)
    }

    /// [`ChatTemplate::render`] with tools and keyword arguments. A keyword argument named
    /// like one of [`RESERVED_VARIABLES`] is an error.
    pub fn render_with(
        &self,
        messages: &[ChatMessage],
        inputs: &RenderInputs,
        add_generation_prompt: bool,
    ) -> Result<String> {
        let template = self.env.get_template(TEMPLATE_NAME)?;
        let kwargs = inputs.kwargs.cloned().unwrap_or_default();
        if let Some(name) = kwargs
            .keys()
            .find(|k| RESERVED_VARIABLES.contains(&k.as_str()))
        {
            let message =
                format!("the keyword argument {name:?} would replace a template variable");
            return Err(minijinja::Error::new(ErrorKind::InvalidOperation, message).into());
        }
        let text: usize = messages
            .iter()
            .map(|m| {
                m.role.len() + m.content.len() + m.reasoning_content.as_ref().map_or(0, String::len)
            })
            .sum::<usize>()
            + inputs.tools.map_or(0, |t| t.to_string().len())
            + serde_json::Value::Object(kwargs.clone()).to_string().len();
        let mut out = BoundedOutput {
            text: Vec::new(),
            limit: RENDER_OUTPUT_SLACK + 4 * text,
            exceeded: false,
        };
        let ctx = context! {
            messages => template_messages(messages),
            add_generation_prompt => add_generation_prompt,
            bos_token => self.bos_token,
            eos_token => self.eos_token,
            tools => inputs.tools,
            ..minijinja::Value::from_serialize(&kwargs)
        };
        let rendered = template.render_captured_to(ctx, &mut out);
        if out.exceeded {
            let message = format!("chat template output passed {} bytes", out.limit);
            return Err(minijinja::Error::new(ErrorKind::InvalidOperation, message).into());
        }
        rendered?;
        String::from_utf8(out.text).map_err(|_| {
            minijinja::Error::new(ErrorKind::InvalidOperation, "output is not UTF-8").into()
        })
    }

    pub fn source(&self) -> &str {
        &self.source
    }
}

/// Each message as templates read it: its reasoning also as `thinking`, the name gpt-oss's
/// template reads.
fn template_messages(messages: &[ChatMessage]) -> Vec<serde_json::Value> {
    messages
        .iter()
        .map(|m| {
            let mut value = serde_json::to_value(m).unwrap_or_default();
            if let (Some(reasoning), Some(map)) = (&m.reasoning_content, value.as_object_mut()) {
                map.insert("thinking".into(), reasoning.clone().into());
            }
            value
        })
        .collect()
}

/// Collects the rendered text and fails the render once it passes `limit` bytes.
struct BoundedOutput {
    text: Vec<u8>,
    limit: usize,
    exceeded: bool,
}

impl std::io::Write for BoundedOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.text.len() + buf.len() > self.limit {
            self.exceeded = true;
            return Err(std::io::Error::other("chat template output limit"));
        }
        self.text.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn raise_exception(message: String) -> std::result::Result<minijinja::Value, minijinja::Error> {
    Err(minijinja::Error::new(ErrorKind::InvalidOperation, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHATML: &str = "{% for m in messages %}{{ '<|im_start|>' + m['role'] + '\n' + m['content'].strip() + '<|im_end|>' + '\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

    #[test]
    fn renders_chatml_with_python_methods() {
        let t = ChatTemplate::new(CHATML, None, None).unwrap();
        let msgs = [ChatMessage::new("user", " Hi ")];
        assert_eq!(
            t.render(&msgs, true).unwrap(),
            "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"
        );
        assert_eq!(
            t.render(&msgs, false).unwrap(),
            "<|im_start|>user\nHi<|im_end|>\n"
        );
    }

    #[test]
    fn exposes_special_tokens_and_raise_exception() {
        let src = "{{ bos_token }}{% if messages|length == 0 %}{{ raise_exception('no messages') }}{% endif %}{{ eos_token }}";
        let t = ChatTemplate::new(src, Some("<s>".into()), Some("</s>".into())).unwrap();
        assert_eq!(
            t.render(&[ChatMessage::new("user", "x")], false).unwrap(),
            "<s></s>"
        );
        let err = t.render(&[], false).unwrap_err();
        assert!(err.to_string().contains("no messages"), "{err}");
    }

    /// Renders on another thread so that a missing budget fails the test instead of hanging it.
    fn render_within(src: &str, seconds: u64) -> Result<String> {
        let t = ChatTemplate::new(src, None, None).unwrap();
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(t.render(&[ChatMessage::new("user", "x")], true));
        });
        receive
            .recv_timeout(std::time::Duration::from_secs(seconds))
            .expect("the render stopped on its budget")
    }

    #[test]
    fn endless_templates_run_out_of_fuel() {
        let endless =
            "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}";
        let err = render_within(endless, 60).unwrap_err();
        assert!(err.to_string().contains("fuel"), "{err}");
        let recursive = "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}";
        assert!(render_within(recursive, 60).is_err());
    }

    #[test]
    fn exploding_output_is_cut() {
        let big = "{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}";
        let err = render_within(big, 60).unwrap_err();
        assert!(err.to_string().contains("output passed"), "{err}");
    }

    #[test]
    fn tools_and_tool_turns_reach_the_template() {
        let src = "{% if tools %}{% for t in tools %}[{{ t.function.name }}]{% endfor %}{% endif %}{% for m in messages %}{% if m.tool_calls is defined %}{% for c in m.tool_calls %}call {{ c.function.name }} {{ c.function.arguments | tojson }};{% endfor %}{% elif m.role == 'tool' %}result {{ m.tool_call_id }}: {{ m.content }};{% else %}{{ m.content }};{% endif %}{% endfor %}";
        let t = ChatTemplate::new(src, None, None).unwrap();
        assert!(t.reads_tools());
        let tools = serde_json::json!([{"type": "function", "function": {"name": "add"}}]);
        let mut call = ChatMessage::new("assistant", "");
        call.tool_calls = Some(serde_json::json!([
            {"id": "c1", "type": "function", "function": {"name": "add", "arguments": {"a": 1}}}
        ]));
        let mut result = ChatMessage::new("tool", "2");
        result.tool_call_id = Some("c1".into());
        let messages = [ChatMessage::new("user", "hi"), call, result];
        assert_eq!(
            t.render_with_tools(&messages, Some(&tools), false).unwrap(),
            "[add]hi;call add {\"a\":1};result c1: 2;"
        );
        assert_eq!(t.render(&messages[..1], false).unwrap(), "hi;");
    }

    #[test]
    fn reasoning_reaches_a_template_that_reads_thinking() {
        let src = "{% for m in messages %}{% if m.thinking %}[{{ m.thinking }}]{% endif %}{{ m.content }};{% endfor %}";
        let t = ChatTemplate::new(src, None, None).unwrap();
        let mut answer = ChatMessage::new("assistant", "4");
        answer.reasoning_content = Some("2+2".into());
        let messages = [ChatMessage::new("user", "2+2?"), answer];
        assert_eq!(t.render(&messages, false).unwrap(), "2+2?;[2+2]4;");
    }

    #[test]
    fn keyword_arguments_and_reasoning_reach_the_template() {
        let src = "{% for m in messages %}{% if m.reasoning_content %}<think>{{ m.reasoning_content }}</think>{% endif %}{{ m.content }};{% endfor %}{% if enable_thinking is defined and enable_thinking is false %}<think></think>{% endif %}";
        let t = ChatTemplate::new(src, None, None).unwrap();
        assert!(t.reads("enable_thinking") && !t.reads("reasoning_effort"));
        let mut answer = ChatMessage::new("assistant", "4");
        answer.reasoning_content = Some("2+2".into());
        let messages = [ChatMessage::new("user", "2+2?"), answer];
        let mut kwargs = serde_json::Map::new();
        kwargs.insert("enable_thinking".into(), false.into());
        let inputs = RenderInputs {
            tools: None,
            kwargs: Some(&kwargs),
        };
        assert_eq!(
            t.render_with(&messages, &inputs, true).unwrap(),
            "2+2?;<think>2+2</think>4;<think></think>"
        );
        assert_eq!(
            t.render(&messages, true).unwrap(),
            "2+2?;<think>2+2</think>4;"
        );
        kwargs.insert("messages".into(), serde_json::json!([]));
        let inputs = RenderInputs {
            tools: None,
            kwargs: Some(&kwargs),
        };
        let err = t.render_with(&messages, &inputs, true).unwrap_err();
        assert!(err.to_string().contains("\"messages\""), "{err}");
    }

    #[test]
    fn syntax_errors_surface_at_construction() {
        assert!(ChatTemplate::new("{% for %}", None, None).is_err());
    }

    #[test]
    fn blocks_are_trimmed_like_transformers() {
        let src = "{% for m in messages %}\n  {% if true %}\n{{ m.content }}\n  {% endif %}\n{% endfor %}";
        let t = ChatTemplate::new(src, None, None).unwrap();
        assert_eq!(
            t.render(&[ChatMessage::new("user", "a")], false).unwrap(),
            "a\n"
        );
    }
}
