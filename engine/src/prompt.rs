//! Prompt text to token ids, done the same way by every front end (`generate`
//! and the server), so the same prompt and seed give the same tokens.

use loader::{ChatMessage, ChatTemplate, RenderInputs, Tokenizer};

/// Why a prompt could not be turned into token ids.
#[derive(Debug, thiserror::Error)]
pub enum PromptError {
    #[error("the model has no tokenizer; send token ids")]
    NoTokenizer,
    #[error("the model has no chat template; send a raw prompt")]
    NoChatTemplate,
    #[error("chat template: {0}")]
    Template(loader::Error),
    #[error("tokenizer: {0}")]
    Tokenize(loader::Error),
}

/// Renders `messages` with the model's chat template, ready for the
/// assistant's reply, and tokenizes the result. The template writes the
/// special tokens itself, so the tokenizer adds none.
pub fn chat(
    template: Option<&ChatTemplate>,
    tokenizer: Option<&Tokenizer>,
    messages: &[ChatMessage],
) -> Result<Vec<u32>, PromptError> {
    chat_with_tools(template, tokenizer, messages, None)
}

/// [`chat`] with tool definitions (OpenAI's `tools` list) for templates that render them.
pub fn chat_with_tools(
    template: Option<&ChatTemplate>,
    tokenizer: Option<&Tokenizer>,
    messages: &[ChatMessage],
    tools: Option<&serde_json::Value>,
) -> Result<Vec<u32>, PromptError> {
    let inputs = RenderInputs {
        tools,
        kwargs: None,
    };
    chat_with(template, tokenizer, messages, &inputs).map(|p| p.ids)
}

/// A rendered chat prompt: its text (what a reasoning parser reads to learn whether the
/// template opened or closed a thinking block) and its token ids.
pub struct ChatPrompt {
    pub text: String,
    pub ids: Vec<u32>,
}

/// [`chat`] with tools and the template's keyword arguments.
pub fn chat_with(
    template: Option<&ChatTemplate>,
    tokenizer: Option<&Tokenizer>,
    messages: &[ChatMessage],
    inputs: &RenderInputs,
) -> Result<ChatPrompt, PromptError> {
    let template = template.ok_or(PromptError::NoChatTemplate)?;
    let tokenizer = tokenizer.ok_or(PromptError::NoTokenizer)?;
    let text = template
        .render_with(messages, inputs, true)
        .map_err(PromptError::Template)?;
    let ids = tokenizer
        .encode(&text, false)
        .map_err(PromptError::Tokenize)?;
    Ok(ChatPrompt { text, ids })
}

/// Tokenizes raw prompt text, with the BOS token when the model asks for one.
pub fn raw(tokenizer: Option<&Tokenizer>, text: &str) -> Result<Vec<u32>, PromptError> {
    let tokenizer = tokenizer.ok_or(PromptError::NoTokenizer)?;
    tokenizer.encode(text, true).map_err(PromptError::Tokenize)
}
