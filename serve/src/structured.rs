//! `response_format` and the `grammar` extension: what a request's output must match, checked
//! and compiled before anything is queued.

use engine::grammar::{Constraint, Grammar, GrammarCompiler, GrammarError};
use serde::Deserialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::request::Body;
use crate::tools::ToolUse;

/// OpenAI's `response_format`.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ResponseFormat {
    Text,
    JsonObject,
    JsonSchema { json_schema: JsonSchemaFormat },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonSchemaFormat {
    pub name: String,
    /// Accepted for compatibility; the model does not see it.
    #[serde(default, rename = "description")]
    _description: Option<String>,
    #[serde(default)]
    pub schema: Option<Value>,
    /// The schema is always enforced; `false` is accepted for compatibility.
    #[serde(default, rename = "strict")]
    _strict: Option<bool>,
}

/// The `grammar` extension: `{"type": "lark" | "regex" | "json_schema", "value": ...}`, read
/// as llguidance reads them (Lark dialect, Rust regex syntax matched whole, JSON schema).
#[derive(Debug, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum GrammarField {
    Lark(String),
    Regex(String),
    JsonSchema(Value),
}

/// The grammar the two fields ask for (at most one of them may) and the field it came from.
pub fn requested(
    response_format: Option<&ResponseFormat>,
    grammar: Option<&GrammarField>,
) -> Result<Option<(Grammar, &'static str)>, ApiError> {
    let from_format = match response_format {
        None | Some(ResponseFormat::Text) => None,
        Some(ResponseFormat::JsonObject) => Some(Grammar::JsonObject),
        Some(ResponseFormat::JsonSchema { json_schema }) => {
            if json_schema.name.is_empty() {
                return Err(ApiError::invalid(
                    "response_format",
                    "response_format.json_schema.name must not be empty",
                ));
            }
            match &json_schema.schema {
                Some(schema) => Some(Grammar::JsonSchema(schema.clone())),
                None => {
                    return Err(ApiError::invalid(
                        "response_format",
                        "response_format.json_schema.schema is required",
                    ))
                }
            }
        }
    };
    let from_grammar = grammar.map(|g| match g {
        GrammarField::Lark(text) => Grammar::Lark(text.clone()),
        GrammarField::Regex(text) => Grammar::Regex(text.clone()),
        GrammarField::JsonSchema(schema) => Grammar::JsonSchema(schema.clone()),
    });
    match (from_format, from_grammar) {
        (Some(_), Some(_)) => Err(ApiError::invalid(
            "grammar",
            "give either response_format (json_object or json_schema) or grammar, not both",
        )),
        (Some(g), None) => Ok(Some((g, "response_format"))),
        (None, Some(g)) => Ok(Some((g, "grammar"))),
        (None, None) => Ok(None),
    }
}

/// A compile failure as a 400 naming `field`; a model that cannot take grammars likewise.
pub fn compile_error(field: &str, error: GrammarError) -> ApiError {
    match error {
        GrammarError::Compile(reason) => {
            ApiError::invalid(field, format!("{field} does not compile: {reason}"))
        }
        other => ApiError::invalid(
            field,
            format!("{field} cannot be used with this model: {other}"),
        ),
    }
}

/// The constraint a request asks for, compiled: its `response_format` or `grammar`, or the
/// grammar that enforces a required or named tool choice (which cannot be combined). With
/// `tool_choice: auto` and no other grammar, calls follow their grammar once the model opens
/// one; a model whose vocabulary cannot back grammars then calls unconstrained.
pub async fn constraint(
    body: &Body,
    tool_use: Option<&ToolUse>,
    compiler: &Result<GrammarCompiler, GrammarError>,
) -> Result<Option<Constraint>, ApiError> {
    let tool_grammar = tool_use.and_then(ToolUse::grammar);
    let asked = requested(body.response_format.as_ref(), body.grammar.as_ref())?;
    match (asked, tool_grammar) {
        (Some((_, field)), Some((_, None))) => Err(ApiError::invalid(
            field,
            format!("{field} cannot be combined with tool_choice required or a named function"),
        )),
        (Some((grammar, field)), _) => compile(compiler, grammar, field).await.map(Some),
        (None, Some((grammar, None))) => compile(compiler, grammar, "tools").await.map(Some),
        (None, Some((grammar, Some(trigger)))) => {
            let Ok(ready) = compiler else {
                return Ok(None);
            };
            let constraint = compile(compiler, grammar, "tools").await?;
            Ok(Some(ready.after(constraint, trigger)))
        }
        (None, None) => Ok(None),
    }
}

/// Compiles off the async workers (a large schema takes milliseconds).
pub async fn compile(
    compiler: &Result<GrammarCompiler, GrammarError>,
    grammar: Grammar,
    field: &'static str,
) -> Result<Constraint, ApiError> {
    let compiler = compiler.clone().map_err(|e| compile_error(field, e))?;
    tokio::task::spawn_blocking(move || compiler.compile(&grammar))
        .await
        .map_err(|_| ApiError::invalid(field, format!("{field}: the grammar compiler failed")))?
        .map_err(|e| compile_error(field, e))
}
