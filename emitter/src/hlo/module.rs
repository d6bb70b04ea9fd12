use std::fmt::Write as _;

use super::dispatch::{render_executables, ExternDispatch};
use super::function::Function;
use super::types::TensorType;

/// How a module global gets its initial value.
#[derive(Debug, Clone, PartialEq)]
pub enum GlobalInit {
    /// Loaded from a parameter archive at run time under `scope::key`.
    Parameter { scope: String, key: String },
    /// A mutable float global (f32, f16 or bf16) filled with zeros, give or take a subnormal (see [`Module::render`]).
    MutableZeros,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Global {
    pub name: String,
    pub ty: TensorType,
    pub init: GlobalInit,
}

/// A module: attribute aliases, optional module attributes, globals and functions, rendered in
/// the order they were added.
#[derive(Debug, Clone, Default)]
pub struct Module {
    pub name: String,
    pub aliases: Vec<String>,
    pub attributes: Option<String>,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
}

impl Module {
    pub fn new(name: &str) -> Self {
        Module {
            name: name.to_string(),
            ..Default::default()
        }
    }

    /// The object files the functions' dispatches link, each once.
    pub fn kernel_objects(&self) -> Vec<String> {
        let mut objects: Vec<String> = (self.functions.iter())
            .flat_map(|f| f.dispatches.iter().map(|d| d.object.clone()))
            .collect();
        objects.sort();
        objects.dedup();
        objects
    }

    /// Renders the module text. Zero-filled mutable globals get pairwise distinct fill bit
    /// patterns (+0.0, then the subnormals 1, 2, ... ulp): IREE 3.13 gives globals with equal
    /// splat initializers one shared buffer, and in-place updates of one then write through
    /// all of them.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for alias in &self.aliases {
            out.push_str(alias);
            out.push('\n');
        }
        let attrs = self
            .attributes
            .as_ref()
            .map(|a| format!(" attributes {{{a}}}"))
            .unwrap_or_default();
        let _ = writeln!(out, "module @{}{attrs} {{", self.name);
        let mut fills = 0u32..;
        for g in &self.globals {
            let _ = match &g.init {
                GlobalInit::Parameter { scope, key } => writeln!(
                    out,
                    "  util.global private @{} = #flow.parameter.named<\"{scope}\"::\"{key}\"> : {}",
                    g.name, g.ty
                ),
                GlobalInit::MutableZeros => {
                    // Each fill is a distinct tiny denormal bit pattern: IREE merges identical
                    // splat-initialised globals into one buffer.
                    let bits = fills.next().expect("fewer than 2^32 globals");
                    match g.ty.elem {
                        super::ElemType::F32 => writeln!(out, "  util.global private mutable @{} = dense<0x{bits:08X}> : {}", g.name, g.ty),
                        super::ElemType::F16 | super::ElemType::Bf16 => {
                            assert!(bits < 1 << 16, "fewer than 2^16 half-width globals");
                            writeln!(out, "  util.global private mutable @{} = dense<0x{bits:04X}> : {}", g.name, g.ty)
                        }
                        other => panic!("zero-filled globals are floats, not {other}"),
                    }
                }
            };
        }
        let dispatches: Vec<&ExternDispatch> =
            self.functions.iter().flat_map(|f| &f.dispatches).collect();
        if !dispatches.is_empty() {
            out.push('\n');
            render_executables(&dispatches, &mut out);
        }
        for f in &self.functions {
            out.push('\n');
            f.render(&mut out);
        }
        out.push_str("}\n");
        out
    }
}
