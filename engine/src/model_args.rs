//! The model arguments of the command-line tools (`generate`, `serve`, `bench`, `emit`):
//! which model, on which device, in which module shape and weight storage. Each tool flattens
//! [`ModelArgs`] into its own arguments and gets its [`ModelOptions`] from
//! [`ModelArgs::options`], so a flag means the same in every tool and `emit` writes the module
//! `generate` compiles.

use std::path::PathBuf;
use std::sync::Arc;

use clap::{Command, Parser};
use emitter::graph::{
    Activations, AttentionForm, DecodeKernels, ProductForm, Projections, WeightLayout,
};
use emitter::hlo::ElemType;
use loader::Precision;

use crate::compile::{Execution, Target};
use crate::device_sampling::SamplingMode;
use crate::error::EngineError;
use crate::model::{self, ModelOptions};
use crate::runtime::{Runtime, RuntimeError};

/// What the command-line tools ask of a model's module. The defaults are `generate`'s; a tool
/// whose defaults differ says so with [`parse_with_defaults`].
#[derive(clap::Args, Debug, Clone)]
pub struct ModelArgs {
    /// Model: a .gguf file or an HF directory (config.json + safetensors).
    /// Default: SmolLM2-135M-Instruct from the project venv.
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// IREE device URI; it also picks the compile target (local-task and local-sync: the
    /// CPU, cuda: sm_80, metal).
    #[arg(long, default_value = "local-task")]
    pub device: String,
    /// The NVIDIA architecture CUDA modules are built for (with a cuda device): sm_80 (PTX
    /// the driver compiles for any newer GPU) or a newer one such as sm_90 (Hopper: H100,
    /// H200), named in the module itself. [default: sm_80]
    #[arg(long, value_parser = parse_cuda_arch)]
    pub cuda_arch: Option<String>,
    /// Slots (concurrent sequences, requests decoded together) the module is built for: one
    /// request needs one.
    #[arg(long, default_value_t = 1)]
    pub slots: usize,
    /// Context capacity per slot (tokens): prompt plus generated. The decode windows are
    /// 256 and 1024 below it, plus the capacity itself.
    #[arg(long, default_value_t = 2048)]
    pub capacity: usize,
    /// Weight storage: native (the file's own block formats, dequantized inside the
    /// products), f32, f16 or bf16. Computation is f32 in every case.
    /// [default: native where the CPU kernels run, else f32]
    #[arg(long)]
    pub weights: Option<Precision>,
    /// Projection weight layout: rows (HF `[out, in]`) or tiled (`[out/16, in, 16]`, the fast
    /// one for CPU targets, and the only one native weights are read from).
    /// [default: tiled on the CPU or with native weights, else rows]
    #[arg(long)]
    pub weight_layout: Option<WeightLayout>,
    /// KV cache element type: f32, f16 or bf16 (rounded when written).
    #[arg(long, default_value = "f32", value_parser = parse_kv_dtype)]
    pub kv: ElemType,
    /// The layers' products with native weights on the CPU kernels, in prefill and decode:
    /// f32 (exact) or q8 (activations quantized to int8 per block, integer dot products:
    /// faster, lossy; needs AVX2, or on an AVX-512 CPU also VNNI, VBMI and BITALG).
    #[arg(long, default_value = "f32")]
    pub activations: Activations,
    /// The LM head's product where the CPU kernels run it: f32 (exact) or q8 (its input
    /// quantized as the layers' are with `--activations q8`, as llama.cpp's head is: faster,
    /// lossy, the price in `quality`'s `WEIGHTS:KV:ACTIVATIONS:HEAD` choices).
    #[arg(long, default_value = "f32")]
    pub head_activations: Activations,
    /// The exact kernels of decode rows: float (f32 FMAs at every row count), fixed (fixed
    /// point at every row count) or fastest (fixed point at one row, f32 at several). With
    /// float or fixed a sequence's numbers are the same bits whatever it is batched with;
    /// fastest is quickest at both ends but moves them (about 1e-5 on logits).
    /// [default: fixed with one slot, and with several where the CPU runs them at full rate
    /// (AMX-INT8, or AMD Zen 5 and later); float with several elsewhere, and with any number
    /// on a CPU without the fixed-point kernels (AVX2 only), where fixed takes f32 ones too]
    #[arg(long)]
    pub decode_kernels: Option<DecodeKernels>,
    /// Multiply native weights and run decode attention with the hand-written CPU kernels
    /// (x86-64 with AVX-512 only); `--cpu-kernels false` leaves them out. `emit` writes their
    /// object next to the module: compile with --iree-hal-executable-object-search-path=OUT.
    /// [default: where the target is this CPU and it runs them]
    #[arg(long, num_args = 0..=1, default_missing_value = "true")]
    pub cpu_kernels: Option<bool>,
    /// How dense products over rows are written: dot (a `dot_general`), reduce (with 2 to
    /// 16 columns, a decode batch: a sum of broadcast products, which IREE's CUDA code
    /// generation runs as one reduction per output), or half (lossy: the activations rounded
    /// to f16, and the weights unless stored as f16, sums in f32: tensor cores on CUDA).
    /// reduce and half are experiments the GPU run measures. Layer weights on the CPU are
    /// tiles, whose products are reductions in every form.
    #[arg(long, default_value = "dot")]
    pub products: ProductForm,
    /// Decode attention form: matmul (dot_general over the cache window in place; fastest on
    /// the CPU; compile without --iree-opt-data-tiling, which cannot handle it) or reduce
    /// (broadcast-multiply-reduce, never data-tiled: for builds that need data tiling, at
    /// 2-4x the attention cost on the CPU; iree-compile 3.13 fails to build it for CUDA), or
    /// fused (one IREE attention op: scores, softmax and values in one kernel, in prefill
    /// too; for GPUs, an experiment the GPU run measures).
    #[arg(long, default_value = "matmul", value_parser = parse_attention)]
    pub decode_attention: AttentionForm,
    /// A layer's q, k and v projections as a weight each (apart) or as one weight of their
    /// rows (fused: one product, so one kernel on a GPU instead of three; weights in rows only).
    /// [default: fused on GPUs with weights in rows, else apart]
    #[arg(long, value_parser = parse_projections)]
    pub projections: Option<Projections>,
    /// How the module's functions are called: sync (a call returns with its results ready)
    /// or fenced (a call queues its work behind a fence and the host waits once for the work
    /// and the copies of its results). [default: fenced on GPUs, sync on the CPU]
    #[arg(long, value_parser = parse_execution)]
    pub execution: Option<Execution>,
    /// With fenced functions and device sampling: queue each decode step before the one
    /// ahead of it is read, fed its tokens on the device (on), or call one step at a time
    /// (off, to measure what it saves). The tokens are the same.
    #[arg(long, default_value = "on", value_parser = parse_switch, action = clap::ArgAction::Set)]
    pub look_ahead: bool,
}

fn parse_switch(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("unknown switch {s:?} (on or off)")),
    }
}

fn parse_cuda_arch(s: &str) -> Result<String, String> {
    match s.strip_prefix("sm_").map(|n| n.parse::<u32>()) {
        Some(Ok(n)) if n >= 80 => Ok(s.to_string()),
        _ => Err(format!(
            "unknown CUDA architecture {s:?} (sm_80 or newer, such as sm_90)"
        )),
    }
}

fn parse_execution(s: &str) -> Result<Execution, String> {
    match s {
        "sync" => Ok(Execution::Sync),
        "fenced" => Ok(Execution::Fenced),
        _ => Err(format!("unknown execution {s:?} (sync or fenced)")),
    }
}

fn parse_projections(s: &str) -> Result<Projections, String> {
    match s {
        "apart" => Ok(Projections::Apart),
        "fused" => Ok(Projections::Fused),
        _ => Err(format!("unknown projections {s:?} (apart or fused)")),
    }
}

fn parse_attention(s: &str) -> Result<AttentionForm, String> {
    match s {
        "reduce" => Ok(AttentionForm::Reduce),
        "matmul" => Ok(AttentionForm::Matmul),
        "fused" => Ok(AttentionForm::Fused),
        _ => Err(format!(
            "unknown attention form {s:?} (matmul, reduce or fused)"
        )),
    }
}

/// Where tokens are drawn, for the tools that serve requests (`generate`, `serve`): it also
/// decides the module's heads.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct SamplingArgs {
    /// Where tokens are drawn: host (the logits are read back) or device (in the graph;
    /// penalties fall back to the host).
    #[arg(long, default_value = "host", value_parser = parse_sampling)]
    pub sampling: SamplingMode,
}

/// Model arguments that ask for what cannot be built.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ArgsError {
    /// Block formats are stored only as row tiles; rows would widen them to f32.
    #[error("native weights are read from row tiles: use --weight-layout tiled")]
    NativeNeedsTiles,
    /// Fused projections are read from rows; tiles keep them apart.
    #[error("fused projections are read from weights in rows: use --weight-layout rows")]
    FusedNeedsRows,
    /// `--cpu-kernels` was asked for where no kernels can go into the module.
    #[error("--cpu-kernels needs the generic (CPU) target on an x86-64 build")]
    NoCpuKernels,
    /// A `--kv` value other than f32, f16 or bf16.
    #[error("unknown KV cache type {0:?} (f32, f16 or bf16)")]
    KvType(String),
    /// A `--sampling` value other than host or device.
    #[error("unknown sampling mode {0:?} (host or device)")]
    Sampling(String),
    /// `--cuda-arch` with a device that is not CUDA.
    #[error("--cuda-arch {arch} needs a cuda device, not {device:?}")]
    CudaArchWithoutCuda { arch: String, device: String },
}

impl ModelArgs {
    /// The model: `--model`, or the default model from the project venv.
    pub fn model_path(&self) -> Result<PathBuf, loader::Error> {
        match &self.model {
            Some(path) => Ok(path.clone()),
            None => loader::default_model_path(),
        }
    }

    /// The runtime on `--device`.
    pub fn runtime(&self) -> Result<Arc<Runtime>, RuntimeError> {
        Runtime::new(&self.device)
    }

    /// The options for the module requests drawn in `sampling` mode need, built for the target
    /// of `--device`.
    pub fn options(&self, sampling: SamplingMode) -> Result<ModelOptions, EngineError> {
        self.options_for(self.target()?, sampling)
    }

    /// The compile target of `--device`, built for `--cuda-arch` where one is named.
    pub fn target(&self) -> Result<Target, EngineError> {
        let target = ModelOptions::for_device(&self.device)?.target;
        match (&self.cuda_arch, target) {
            (None, target) => Ok(target),
            (Some(arch), Target::Cuda { .. }) => Ok(Target::Cuda { sm: arch.clone() }),
            (Some(arch), _) => Err(ArgsError::CudaArchWithoutCuda {
                arch: arch.clone(),
                device: self.device.clone(),
            }
            .into()),
        }
    }

    /// As [`ModelArgs::options`], for `target` (which `emit` may name without a device).
    pub fn options_for(
        &self,
        target: Target,
        sampling: SamplingMode,
    ) -> Result<ModelOptions, EngineError> {
        let mut graphs = model::default_graph_options(self.slots, self.capacity);
        graphs.heads = model::heads_for(sampling);
        graphs.kv_dtype = self.kv;
        graphs.activations = self.activations;
        graphs.head_activations = self.head_activations;
        if let Some(kernels) = self.decode_kernels {
            graphs.decode_kernels = kernels;
        }
        graphs.products = self.products;
        graphs.decode_attention = self.decode_attention;
        let options = ModelOptions {
            weights: self
                .weights
                .unwrap_or_else(|| model::default_weights(&target)),
            weight_layout: self.weight_layout,
            projections: self.projections,
            execution: self.execution,
            look_ahead: self.look_ahead,
            cpu_kernels: self.cpu_kernels != Some(false),
            graphs,
            target,
            ..ModelOptions::cpu()
        };
        self.check(&options)?;
        Ok(options)
    }

    /// Refuses what was asked for explicitly and cannot be built.
    fn check(&self, options: &ModelOptions) -> Result<(), ArgsError> {
        if options.weights == Precision::Native && self.weight_layout == Some(WeightLayout::Rows) {
            return Err(ArgsError::NativeNeedsTiles);
        }
        let cpu = matches!(options.target, Target::Cpu { .. });
        // Rows are the GPUs' default for float weights; the CPU's is tiles.
        let rows = match self.weight_layout {
            Some(layout) => layout == WeightLayout::Rows,
            None => !cpu && options.weights != Precision::Native,
        };
        if self.projections == Some(Projections::Fused) && !rows {
            return Err(ArgsError::FusedNeedsRows);
        }
        if self.cpu_kernels == Some(true) && !(cpu && kernels::Object::get().is_some()) {
            return Err(ArgsError::NoCpuKernels);
        }
        Ok(())
    }
}

/// The `--kv` names of the KV cache types: `f32`, `f16`, `bf16`.
pub fn parse_kv_dtype(name: &str) -> Result<ElemType, ArgsError> {
    match name {
        "f32" => Ok(ElemType::F32),
        "f16" => Ok(ElemType::F16),
        "bf16" => Ok(ElemType::Bf16),
        _ => Err(ArgsError::KvType(name.to_owned())),
    }
}

/// The `--sampling` names: `host`, `device`.
pub fn parse_sampling(name: &str) -> Result<SamplingMode, ArgsError> {
    SamplingMode::parse(name).ok_or_else(|| ArgsError::Sampling(name.to_owned()))
}

/// `P`'s command with the default values of the model arguments in `defaults` (argument id,
/// value) replaced: a tool whose defaults differ from `generate`'s (`serve` and `bench`
/// build 8 slots) shows its own in `--help`.
pub fn command_with_defaults<P: Parser>(defaults: &[(&'static str, &'static str)]) -> Command {
    defaults.iter().fold(P::command(), |command, &(id, value)| {
        command.mut_arg(id, |arg| arg.default_value(value))
    })
}

/// Parses the command line into `P` as [`command_with_defaults`] describes it; exits with
/// clap's message on a bad command line.
pub fn parse_with_defaults<P: Parser>(defaults: &[(&'static str, &'static str)]) -> P {
    let mut command = command_with_defaults::<P>(defaults);
    let mut matches = command.get_matches_mut();
    P::from_arg_matches_mut(&mut matches).unwrap_or_else(|e| e.format(&mut command).exit())
}

#[cfg(test)]
mod tests {
    use clap::FromArgMatches;

    use super::*;

    #[derive(Parser, Debug)]
    struct Tool {
        #[command(flatten)]
        model: ModelArgs,
    }

    fn parse(defaults: &[(&'static str, &'static str)], args: &[&str]) -> ModelArgs {
        let mut matches = command_with_defaults::<Tool>(defaults)
            .try_get_matches_from(std::iter::once("tool").chain(args.iter().copied()))
            .unwrap();
        Tool::from_arg_matches_mut(&mut matches).unwrap().model
    }

    #[test]
    fn a_tool_can_default_to_other_values_and_still_take_the_flag() {
        assert_eq!(parse(&[], &[]).slots, 1);
        assert_eq!(parse(&[("slots", "8")], &[]).slots, 8);
        assert_eq!(parse(&[("slots", "8")], &["--slots", "2"]).slots, 2);
    }

    #[test]
    fn cpu_kernels_take_an_optional_value() {
        assert_eq!(parse(&[], &[]).cpu_kernels, None);
        assert_eq!(parse(&[], &["--cpu-kernels"]).cpu_kernels, Some(true));
        assert_eq!(
            parse(&[], &["--cpu-kernels", "false"]).cpu_kernels,
            Some(false)
        );
    }

    #[test]
    fn options_follow_the_flags() {
        let args = parse(&[], &["--slots", "4", "--capacity", "512", "--kv", "f16"]);
        let options = args.options(SamplingMode::Device).unwrap();
        assert_eq!(options.graphs.slots, 4);
        assert_eq!(options.graphs.capacity, 512);
        assert_eq!(options.graphs.kv_dtype, ElemType::F16);
        assert_eq!(options.graphs.heads, model::heads_for(SamplingMode::Device));
        assert_eq!(options.weights, model::default_weights(&options.target));
        assert!(options.cpu_kernels);
        let off = parse(&[], &["--cpu-kernels", "false"]);
        assert!(!off.options(SamplingMode::Host).unwrap().cpu_kernels);
    }

    #[test]
    fn execution_follows_the_target_unless_asked() {
        let cuda = Target::Cuda { sm: "sm_80".into() };
        let cpu = Target::Cpu { data_tiling: false };
        let plain = parse(&[], &[]);
        let of = |args: &ModelArgs, target: &Target| {
            args.options_for(target.clone(), SamplingMode::Host)
                .unwrap()
                .execution()
        };
        assert_eq!(of(&plain, &cuda), Execution::Fenced);
        assert_eq!(of(&plain, &cpu), Execution::Sync);
        let sync = parse(&[], &["--execution", "sync"]);
        assert_eq!(of(&sync, &cuda), Execution::Sync);
        let fenced = parse(&[], &["--execution", "fenced"]);
        assert_eq!(of(&fenced, &cpu), Execution::Fenced);
        assert!(parse_execution("async").is_err());
    }

    #[test]
    fn look_ahead_is_on_unless_turned_off() {
        let options = |args: &[&str]| {
            parse(&[], args)
                .options_for(Target::Cpu { data_tiling: false }, SamplingMode::Device)
                .unwrap()
                .look_ahead
        };
        assert!(options(&[]));
        assert!(options(&["--look-ahead", "on"]));
        assert!(!options(&["--look-ahead", "off"]));
        assert!(parse_switch("yes").is_err());
    }

    #[test]
    fn cuda_arch_names_the_cuda_target() {
        let sm90 = parse(&[], &["--device", "cuda", "--cuda-arch", "sm_90"]);
        assert_eq!(sm90.target().unwrap(), Target::Cuda { sm: "sm_90".into() });
        let plain = parse(&[], &["--device", "cuda"]);
        assert_eq!(plain.target().unwrap(), Target::Cuda { sm: "sm_80".into() });
        let cpu = parse(&[], &["--cuda-arch", "sm_90"]);
        assert!(matches!(
            cpu.target(),
            Err(EngineError::Args(ArgsError::CudaArchWithoutCuda { .. }))
        ));
        for bad in ["sm_75", "90", "sm_x"] {
            assert!(parse_cuda_arch(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn what_cannot_be_built_is_refused() {
        let rows = parse(&[], &["--weights", "native", "--weight-layout", "rows"]);
        let err = rows.options(SamplingMode::Host).unwrap_err().to_string();
        assert!(err.contains("--weight-layout tiled"), "{err}");
        let metal = parse(&[], &["--cpu-kernels"]);
        assert!(matches!(
            metal.options_for(Target::Metal, SamplingMode::Host),
            Err(EngineError::Args(ArgsError::NoCpuKernels))
        ));
        assert_eq!(parse_kv_dtype("f8"), Err(ArgsError::KvType("f8".into())));
        // Fused projections need rows: the CPU's default tiles and native weights have none.
        let fused_rows = [
            "--projections",
            "fused",
            "--weight-layout",
            "rows",
            "--weights",
            "f32",
        ];
        let cuda = Target::Cuda { sm: "sm_80".into() };
        for (args, target, ok) in [
            (
                &["--projections", "fused"][..],
                Target::Cpu { data_tiling: false },
                false,
            ),
            (&fused_rows[..], Target::Cpu { data_tiling: false }, true),
            (&["--projections", "fused"][..], cuda.clone(), true),
            (
                &["--projections", "fused", "--weights", "native"][..],
                cuda,
                false,
            ),
        ] {
            let options = parse(&[], args).options_for(target, SamplingMode::Host);
            match ok {
                true => assert!(options.is_ok(), "{args:?}"),
                false => assert!(
                    matches!(options, Err(EngineError::Args(ArgsError::FusedNeedsRows))),
                    "{args:?}"
                ),
            }
        }
    }
}
