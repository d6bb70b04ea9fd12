//! Dispatches of functions from an object file: a graph hands some of its work to a
//! hand-written kernel that iree-compile links into the module's CPU executable.
//!
//! Every dispatch a module makes becomes one export of a single `stream.executable` per
//! object file. An export's function receives its operands and result as bindings, views each
//! as bytes, and calls the object's C symbol with a base pointer and byte offset per binding
//! plus the export's constant arguments; the workgroup id is passed along so the kernel can
//! pick its share of the work.

use std::fmt::Write as _;

use super::function::join;
use super::types::TensorType;

/// One export: a call of `symbol` over `workgroups` workgroups.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ExternDispatch {
    /// The object file (found through iree-compile's object search path).
    pub object: String,
    /// The executable format the object is built for, such as `embedded-elf-x86_64`.
    pub format: String,
    /// The export's name, unique per (symbol, arguments, binding types) in a module.
    pub export: String,
    pub symbol: String,
    /// Operand types, then the results': one binding each.
    pub bindings: Vec<TensorType>,
    /// How many of the last bindings are results.
    pub results: usize,
    /// Constant arguments after the bindings; then the kernel receives the workgroup id.
    pub constants: Vec<i64>,
    pub workgroups: i64,
}

impl ExternDispatch {
    /// The symbol's declaration: `(ptr, offset)` per binding, then the constants and the
    /// workgroup id, every integer 64-bit.
    fn declaration(&self) -> String {
        format!(
            "      func.func private @{}({}) attributes {{hal.import.static, llvm.bareptr = true}}\n",
            self.symbol,
            self.symbol_arguments()
        )
    }

    /// The symbol's argument types: `(ptr, offset)` per binding, then an index per constant
    /// and the workgroup id.
    fn symbol_arguments(&self) -> String {
        let mut args = vec!["memref<i8>, index"; self.bindings.len()];
        args.extend(vec!["index"; self.constants.len() + 1]);
        args.join(", ")
    }

    fn export(&self) -> String {
        format!(
            "    stream.executable.export public @{e} workgroups() -> (index, index, index) {{\n\
             \x20     %x = arith.constant {w} : index\n\
             \x20     %one = arith.constant 1 : index\n\
             \x20     stream.return %x, %one, %one : index, index, index\n\
             \x20   }}\n",
            e = self.export,
            w = self.workgroups
        )
    }

    fn function(&self) -> String {
        let n = self.bindings.len();
        let params: Vec<String> = (0..n).map(|i| format!("%b{i}: !stream.binding")).collect();
        let mut body = String::new();
        let _ = writeln!(body, "        %c0 = arith.constant 0 : index");
        let mut call_args = Vec::new();
        for (i, ty) in self.bindings.iter().enumerate() {
            let bytes = ty.byte_size();
            let view = format!("memref<{bytes}xi8>");
            let _ = writeln!(
                body,
                "        %m{i} = stream.binding.subspan %b{i}[%c0] : !stream.binding -> {view}"
            );
            let _ = writeln!(
                body,
                "        %p{i}, %o{i}, %s{i}, %t{i} = iree_codegen.extract_strided_metadata %m{i} : {view} -> memref<i8>, index, index, index"
            );
            call_args.push(format!("%p{i}"));
            call_args.push(format!("%o{i}"));
        }
        for (i, c) in self.constants.iter().enumerate() {
            let _ = writeln!(body, "        %k{i} = arith.constant {c} : index");
            call_args.push(format!("%k{i}"));
        }
        let _ = writeln!(
            body,
            "        %wg = stream.dispatch.workgroup.id[0] : index"
        );
        call_args.push("%wg".into());
        let _ = writeln!(
            body,
            "        func.call @{}({}) : ({}) -> ()",
            self.symbol,
            call_args.join(", "),
            self.symbol_arguments()
        );
        format!(
            "      func.func @{}({}) {{\n{body}        return\n      }}\n",
            self.export,
            params.join(", ")
        )
    }

    /// The `flow.dispatch` of this export on `operands` (named SSA values) as `lhs = ...`.
    pub(crate) fn call_text(&self, executable: &str, operands: &[String]) -> String {
        let split = self.bindings.len() - self.results;
        let results = &self.bindings[split..];
        let results = match results.len() {
            1 => results[0].to_string(),
            _ => format!("({})", join(results)),
        };
        format!(
            "flow.dispatch @{executable}::@{}({}) : ({}) -> {results}",
            self.export,
            operands.join(", "),
            join(&self.bindings[..split]),
        )
    }

    /// Operand types, then result types.
    pub fn signature(&self) -> (&[TensorType], &[TensorType]) {
        self.bindings.split_at(self.bindings.len() - self.results)
    }
}

/// The executable's symbol for an object file's exports.
pub(crate) fn executable_name(object: &str) -> String {
    let stem: String = object
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("extern_{stem}")
}

/// One `stream.executable` per object with every distinct export (sorted, so the text does
/// not depend on the order functions were built in).
pub(crate) fn render_executables(dispatches: &[&ExternDispatch], out: &mut String) {
    let mut all: Vec<&ExternDispatch> = dispatches.to_vec();
    all.sort();
    all.dedup();
    let mut objects: Vec<(&str, &str)> = all
        .iter()
        .map(|d| (d.object.as_str(), d.format.as_str()))
        .collect();
    objects.dedup();
    for (object, format) in objects {
        let mine: Vec<&&ExternDispatch> = all.iter().filter(|d| d.object == object).collect();
        let _ = writeln!(
            out,
            "  stream.executable private @{} attributes {{\n    hal.executable.objects = #hal.executable.objects<{{#hal.executable.target<\"llvm-cpu\", \"{format}\"> = [#hal.executable.object<{{path = \"{object}\"}}>]}}>\n  }} {{",
            executable_name(object)
        );
        for d in &mine {
            out.push_str(&d.export());
        }
        out.push_str("    builtin.module {\n");
        let mut symbols: Vec<&&&ExternDispatch> = mine.iter().collect();
        symbols.sort_by(|a, b| a.symbol.cmp(&b.symbol));
        symbols.dedup_by(|a, b| a.symbol == b.symbol);
        for d in symbols {
            out.push_str(&d.declaration());
        }
        for d in &mine {
            out.push_str(&d.function());
        }
        out.push_str("    }\n  }\n");
    }
}
