use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::rc::Rc;

use super::dispatch::{executable_name, ExternDispatch};
use super::error::{fail, types_of, Result};
use super::types::TensorType;

/// An SSA value and its type. Cloning is cheap: the name is shared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value {
    name: Rc<str>,
    ty: TensorType,
}

impl Value {
    pub fn ty(&self) -> &TensorType {
        &self.ty
    }

    pub fn shape(&self) -> &[i64] {
        &self.ty.shape
    }

    pub fn dim(&self, i: usize) -> i64 {
        self.ty.shape[i]
    }

    /// Result `i` of a multi-result op whose results are named after `self`.
    pub(crate) fn project(&self, i: usize, ty: TensorType) -> Value {
        Value {
            name: format!("{}#{i}", self.name).into(),
            ty,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.name)
    }
}

/// One `func.func`: its signature and the text of its body.
#[derive(Debug, Clone)]
pub struct Function {
    pub name: String,
    pub public: bool,
    pub args: Vec<(String, TensorType)>,
    pub results: Vec<TensorType>,
    body: String,
    /// Kernels this function dispatches (see [`FuncBuilder::dispatch`]).
    pub dispatches: Vec<ExternDispatch>,
}

impl Function {
    pub fn render(&self, out: &mut String) {
        let visibility = if self.public { "" } else { "private " };
        let args: Vec<String> = self
            .args
            .iter()
            .map(|(n, t)| format!("%{n}: {t}"))
            .collect();
        let results = match self.results.len() {
            0 => String::new(),
            1 => format!(" -> {}", self.results[0]),
            _ => format!(" -> ({})", join(&self.results)),
        };
        let _ = writeln!(
            out,
            "  func.func {visibility}@{}({}){results} {{",
            self.name,
            args.join(", ")
        );
        out.push_str(&self.body);
        out.push_str("  }\n");
    }
}

pub(crate) fn join<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a function writes a dense product of rows `[out, in]`. `Dot` and `Reduce` are the same
/// f32 sums and differ only for a few columns (2 to [`FEW_COLUMNS`]: a decode batch); one
/// column is a matvec and more are a matmul to every code generator, whatever the form.
/// `Half` rounds (lossy), for any column count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProductForm {
    /// A `dot_general`.
    #[default]
    Dot,
    /// A broadcast product summed over `in` (the same f32 sums in another order): IREE's CUDA
    /// code generation takes it as a reduction per output, with a warp per row of the
    /// weight as in a matvec, where a `dot_general` of f16 weights and f32 activations got
    /// the SIMT matmul tiles (a 32x128 tile over (out, B), mostly empty at B = 8; profiled
    /// on an H200).
    Reduce,
    /// Both operands rounded to f16, the sums kept in f32 (lossy: an activation keeps 11
    /// significant bits; f16 weights lose nothing): a product of two f16 operands is what
    /// IREE's CUDA code generation gives tensor-core tiles (`NV_MMA_SYNC_F32_16x8x16_F16`),
    /// in prefill and at B = 8, where f16 weights times f32 activations run on the SIMT
    /// tiles at about 4 TFLOP/s (profiled on an H200).
    Half,
}

/// How a function writes the sums whose order decides a row's bits (norms, routing weights).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sums {
    /// Halves added elementwise in an order the graph fixes (`FuncBuilder::sum_in_order`):
    /// a row's bits are the same whatever else its tensor holds. The CPU's form.
    #[default]
    Ordered,
    /// One `stablehlo.reduce`, in the order the compiler picks. On CUDA the ordered form is
    /// one kernel per halving (ten for a 2048-wide RMSNorm, 320 a Llama-3.2-1B decode step of
    /// about 1000, profiled on an H200), and a GPU step is bound by its kernel count; its
    /// products already sum one row in another order at B = 1 (a matvec) than among others.
    Compiler,
}

/// The most columns [`ProductForm::Reduce`] applies to.
pub const FEW_COLUMNS: i64 = 16;

/// The command-line names, `dot`, `reduce` and `half`.
impl std::str::FromStr for ProductForm {
    type Err = String;

    fn from_str(name: &str) -> std::result::Result<ProductForm, String> {
        match name {
            "dot" => Ok(ProductForm::Dot),
            "reduce" => Ok(ProductForm::Reduce),
            "half" => Ok(ProductForm::Half),
            _ => Err(format!(
                "unknown product form {name:?} (dot, reduce or half)"
            )),
        }
    }
}

/// What the columns of a function's `[features, M]` activations are, which decides how the
/// CPU kernels multiply them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Columns {
    /// Consecutive tokens of one prompt (prefill): multiplied together, the fastest way.
    #[default]
    Tokens,
    /// Sequences of their own (a decode step's rows), multiplied by these kernels.
    Sequences(crate::graph::DecodeKernels),
}

/// Builds one function body. Results are numbered in order (`%v0`, `%v1`, ...), so the same
/// construction always yields the same text.
pub struct FuncBuilder {
    name: String,
    public: bool,
    args: Vec<(String, TensorType)>,
    body: String,
    next: usize,
    dispatches: Vec<ExternDispatch>,
    products: ProductForm,
    sums: Sums,
    columns: Columns,
    /// Each value `convert` widened to f32 from a narrower float, by name: its source.
    widened: HashMap<Rc<str>, Value>,
}

impl FuncBuilder {
    pub fn new(name: impl Into<String>) -> Self {
        FuncBuilder {
            name: name.into(),
            public: true,
            args: Vec::new(),
            body: String::new(),
            next: 0,
            dispatches: Vec::new(),
            products: ProductForm::Dot,
            sums: Sums::Ordered,
            columns: Columns::Tokens,
            widened: HashMap::new(),
        }
    }

    /// This function's dense products over a few columns take `form`.
    pub fn with_products(mut self, form: ProductForm) -> Self {
        self.products = form;
        self
    }

    pub fn products(&self) -> ProductForm {
        self.products
    }

    /// This function's ordered sums take `sums`.
    pub fn with_sums(mut self, sums: Sums) -> Self {
        self.sums = sums;
        self
    }

    pub fn sums(&self) -> Sums {
        self.sums
    }

    /// The narrower float `v` was widened from by `convert`, if it was.
    pub fn widened_from(&self, v: &Value) -> Option<&Value> {
        self.widened.get(&v.name)
    }

    pub(crate) fn record_widening(&mut self, wide: &Value, source: &Value) {
        self.widened.insert(wide.name.clone(), source.clone());
    }

    /// This function's activation columns are `columns`.
    pub fn with_columns(mut self, columns: Columns) -> Self {
        self.columns = columns;
        self
    }

    pub fn columns(&self) -> Columns {
        self.columns
    }

    pub fn private(name: impl Into<String>) -> Self {
        FuncBuilder {
            public: false,
            ..FuncBuilder::new(name)
        }
    }

    pub fn arg(&mut self, name: &str, ty: TensorType) -> Value {
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !name.starts_with(|c: char| c.is_ascii_digit()),
            "argument name {name:?} is not a plain identifier"
        );
        assert!(
            self.args.iter().all(|(n, _)| n != name),
            "argument {name} declared twice"
        );
        self.args.push((name.to_string(), ty.clone()));
        Value {
            name: name.into(),
            ty,
        }
    }

    pub(crate) fn fresh(&mut self, ty: TensorType) -> Value {
        let v = Value {
            name: format!("v{}", self.next).into(),
            ty,
        };
        self.next += 1;
        v
    }

    pub(crate) fn line(&mut self, text: &str) {
        self.body.push_str("    ");
        self.body.push_str(text);
        self.body.push('\n');
    }

    /// Emits `%r = <rhs>` for a fresh result of type `ty`.
    pub(crate) fn define(&mut self, ty: TensorType, rhs: &str) -> Value {
        let v = self.fresh(ty);
        self.line(&format!("{v} = {rhs}"));
        v
    }

    pub fn global_load(&mut self, global: &str, ty: &TensorType) -> Value {
        self.define(ty.clone(), &format!("util.global.load @{global} : {ty}"))
    }

    /// Dispatches an object file's kernel on `operands`, whose types must be the export's
    /// operand bindings; returns its results.
    pub fn dispatch(&mut self, kernel: &ExternDispatch, operands: &[&Value]) -> Result<Vec<Value>> {
        let op = format!("flow.dispatch @{}", kernel.export);
        let given: Vec<&TensorType> = operands.iter().map(|v| v.ty()).collect();
        let (expected, results) = kernel.signature();
        let expected: Vec<&TensorType> = expected.iter().collect();
        if results.is_empty() || given != expected {
            return fail(
                &op,
                format!(
                    "operands ({}) do not match bindings ({})",
                    types_of(&given),
                    types_of(&expected)
                ),
            );
        }
        let names: Vec<String> = operands.iter().map(|v| v.to_string()).collect();
        let text = kernel.call_text(&executable_name(&kernel.object), &names);
        let base = self.fresh(results[0].clone());
        let n = results.len();
        let lhs = if n == 1 {
            base.to_string()
        } else {
            format!("{base}:{n}")
        };
        self.line(&format!("{lhs} = {text}"));
        if !self.dispatches.contains(kernel) {
            self.dispatches.push(kernel.clone());
        }
        let values = results.iter().enumerate().map(|(i, ty)| match n {
            1 => base.clone(),
            _ => base.project(i, ty.clone()),
        });
        Ok(values.collect())
    }

    pub fn global_store(&mut self, value: &Value, global: &str) {
        self.line(&format!(
            "util.global.store {value}, @{global} : {}",
            value.ty()
        ));
    }

    /// Calls a function built earlier, checking the operands against its signature.
    pub fn call(&mut self, callee: &Function, operands: &[&Value]) -> Result<Vec<Value>> {
        let op = format!("call @{}", callee.name);
        let given: Vec<&TensorType> = operands.iter().map(|v| v.ty()).collect();
        let expected: Vec<&TensorType> = callee.args.iter().map(|(_, t)| t).collect();
        if given != expected {
            return fail(
                &op,
                format!(
                    "operands ({}) do not match parameters ({})",
                    types_of(&given),
                    types_of(&expected)
                ),
            );
        }
        let base = self.fresh(TensorType::scalar(super::ElemType::I1));
        let names = join(&operands.iter().map(|v| v.to_string()).collect::<Vec<_>>());
        let sig = format!("({}) -> ({})", types_of(&given), join(&callee.results));
        let n = callee.results.len();
        let lhs = if n == 1 {
            base.to_string()
        } else {
            format!("{base}:{n}")
        };
        self.line(&format!("{lhs} = call @{}({names}) : {sig}", callee.name));
        let results = callee.results.iter().enumerate().map(|(i, ty)| {
            if n == 1 {
                Value {
                    ty: ty.clone(),
                    ..base.clone()
                }
            } else {
                base.project(i, ty.clone())
            }
        });
        Ok(results.collect())
    }

    /// `stablehlo.if` on a scalar `i1`: the ops `then` or `otherwise` build run, and the
    /// values each returns (of the same types) are the results. The regions may use values
    /// defined before; values defined inside stay inside. Lets a graph skip work that no row
    /// of a batch needs, at the price of reading the predicate back mid-call.
    pub fn if_else(
        &mut self,
        pred: &Value,
        then: impl FnOnce(&mut FuncBuilder) -> Result<Vec<Value>>,
        otherwise: impl FnOnce(&mut FuncBuilder) -> Result<Vec<Value>>,
    ) -> Result<Vec<Value>> {
        let op = "stablehlo.if";
        if pred.ty() != &TensorType::scalar(super::ElemType::I1) {
            return fail(
                op,
                format!("needs a tensor<i1> predicate, got {}", pred.ty()),
            );
        }
        let outer = std::mem::take(&mut self.body);
        let then_values = then(self);
        let then_body = std::mem::take(&mut self.body);
        let else_values = otherwise(self);
        let else_body = std::mem::replace(&mut self.body, outer);
        let (then_values, else_values) = (then_values?, else_values?);
        let tys: Vec<&TensorType> = then_values.iter().map(|v| v.ty()).collect();
        let else_tys: Vec<&TensorType> = else_values.iter().map(|v| v.ty()).collect();
        if tys != else_tys || tys.is_empty() {
            return fail(
                op,
                format!(
                    "branches return ({}) and ({})",
                    types_of(&tys),
                    types_of(&else_tys)
                ),
            );
        }
        let region = |body: &str, values: &[Value]| {
            let names = join(&values.iter().map(|v| v.to_string()).collect::<Vec<_>>());
            format!(
                "{body}      stablehlo.return {names} : {}\n",
                types_of(&tys)
            )
        };
        let n = tys.len();
        let base = self.fresh(tys[0].clone());
        let lhs = if n == 1 {
            base.to_string()
        } else {
            format!("{base}:{n}")
        };
        let text = format!(
            "{lhs} = \"{op}\"({pred}) ({{\n{}    }}, {{\n{}    }}) : (tensor<i1>) -> ({})",
            region(&then_body, &then_values),
            region(&else_body, &else_values),
            types_of(&tys)
        );
        self.line(&text);
        let results = tys.iter().enumerate().map(|(i, ty)| {
            if n == 1 {
                base.clone()
            } else {
                base.project(i, (*ty).clone())
            }
        });
        Ok(results.collect())
    }

    pub fn finish(mut self, results: &[&Value]) -> Function {
        let tys: Vec<TensorType> = results.iter().map(|v| v.ty().clone()).collect();
        if results.is_empty() {
            self.line("return");
        } else {
            let names = join(&results.iter().map(|v| v.to_string()).collect::<Vec<_>>());
            self.line(&format!("return {names} : {}", join(&tys)));
        }
        Function {
            name: self.name,
            public: self.public,
            args: self.args,
            results: tys,
            body: self.body,
            dispatches: self.dispatches,
        }
    }
}
