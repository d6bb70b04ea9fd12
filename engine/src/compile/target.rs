//! Compile targets: where a module runs, the iree-compile flags it needs and the module form
//! the emitter writes for it.

/// How a module's exported functions are called: IREE's execution model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Execution {
    /// IREE's default (`async-internal`): a call returns once its results are ready.
    Sync,
    /// `async-external`: a call takes a wait and a signal fence, queues its work and returns;
    /// the runtime queues the copies of its results behind the signal fence, so the host waits
    /// once a call instead of inside the call and again for the copies.
    Fenced,
}

impl Execution {
    /// The flag a module needs on top of its target's: none for IREE's default, so a
    /// synchronous module's cache key is what it was before fences.
    /// `LLM_IREE_COMPILE_FLAGS` may name `--iree-execution-model` again (iree-compile keeps a
    /// flag's last value), but the runtime calls a module as its reflection says either way.
    pub fn flag(self) -> Option<&'static str> {
        match self {
            Execution::Sync => None,
            Execution::Fenced => Some("--iree-execution-model=async-external"),
        }
    }
}

/// Where compiled modules run.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    /// llvm-cpu for this host's CPU. Data tiling packs weights at load
    /// (faster matmuls at M > 1, but a second resident copy of the weights).
    Cpu { data_tiling: bool },
    /// CUDA; `sm` such as "sm_80". sm_90 needs the module-level target
    /// attribute, which the emitter writes into the MLIR itself.
    Cuda { sm: String },
    /// Metal (the MSL source is embedded; no metallib on non-macOS hosts).
    Metal,
}

impl Target {
    /// The target whose modules run on the IREE device `uri` (`local-task`, `local-sync`,
    /// `cuda`, `cuda://GPU-...`, `metal`). CUDA modules are built for sm_80: IREE embeds PTX,
    /// which the driver compiles for any newer GPU; the sm_90 form is chosen through
    /// [`Target::Cuda`] itself.
    pub fn for_device(uri: &str) -> Option<Target> {
        let driver = uri.split("://").next().unwrap_or(uri);
        match driver {
            "local-task" | "local-sync" => Some(Target::Cpu { data_tiling: false }),
            "cuda" => Some(Target::Cuda { sm: "sm_80".into() }),
            "metal" => Some(Target::Metal),
            _ => None,
        }
    }

    /// The execution model a target's modules are built with: fenced on GPUs, where each
    /// host wait costs a round trip to the device; synchronous on the CPU, whose results the
    /// host reads in place (one wait either way).
    pub fn execution(&self) -> Execution {
        match self {
            Target::Cpu { .. } => Execution::Sync,
            Target::Cuda { .. } | Target::Metal => Execution::Fenced,
        }
    }

    /// A short name for messages and records: `cpu`, `cuda-sm_80`, `metal`.
    pub fn name(&self) -> String {
        match self {
            Target::Cpu { data_tiling: false } => "cpu".into(),
            Target::Cpu { data_tiling: true } => "cpu-data-tiling".into(),
            Target::Cuda { sm } => format!("cuda-{sm}"),
            Target::Metal => "metal".into(),
        }
    }

    /// How the graphs write the sums that decide a row's bits: the CPU keeps them in a fixed
    /// order (a row's bits do not depend on its batch); a GPU runs one reduction each, where
    /// the fixed order costs a kernel per halving (see `emitter::graph::Sums`).
    pub fn sums(&self) -> emitter::graph::Sums {
        match self {
            Target::Cpu { .. } => emitter::graph::Sums::Ordered,
            Target::Cuda { .. } | Target::Metal => emitter::graph::Sums::Compiler,
        }
    }

    /// Decode attention per kv head on the CPU, which reads each head's window in place, and
    /// over all heads at once on a GPU, where each head cost three kernels (see
    /// `emitter::graph::AttentionHeads`).
    pub fn attention_heads(&self) -> emitter::graph::AttentionHeads {
        match self {
            Target::Cpu { .. } => emitter::graph::AttentionHeads::Apart,
            Target::Cuda { .. } | Target::Metal => emitter::graph::AttentionHeads::Together,
        }
    }

    /// With weights in rows, a layer's projections of one input as one weight on a GPU, where
    /// each product is a kernel (see `emitter::graph::Projections`), and apart on the CPU,
    /// whose kernels multiply them in one dispatch anyway.
    pub fn projections(&self) -> emitter::graph::Projections {
        match self {
            Target::Cpu { .. } => emitter::graph::Projections::Apart,
            Target::Cuda { .. } | Target::Metal => emitter::graph::Projections::Fused,
        }
    }

    /// The device URI a runtime should open for modules of this target.
    pub fn device_uri(&self) -> &'static str {
        match self {
            Target::Cpu { .. } => "local-task",
            Target::Cuda { .. } => "cuda",
            Target::Metal => "metal",
        }
    }

    pub fn flags(&self) -> Vec<String> {
        let mut flags: Vec<String> = match self {
            Target::Cpu { data_tiling } => {
                let mut f = vec![
                    "--iree-hal-target-device=local".to_string(),
                    "--iree-hal-local-target-device-backends=llvm-cpu".to_string(),
                    "--iree-llvmcpu-target-cpu=host".to_string(),
                    // Without it float sums are not vectorised: the sampling heads' top-p
                    // search ran 3-4x slower (measured); decode speed is unchanged.
                    "--iree-llvmcpu-reassociate-fp-reductions=true".to_string(),
                    // Larger per-thread tiles than the default: SmolLM2 decode steps 5-10%
                    // faster at B=1 and B=8, prefill no slower (measured on 2 cores).
                    "--iree-llvmcpu-distribution-size=128".to_string(),
                ];
                if *data_tiling {
                    f.push("--iree-opt-data-tiling".to_string());
                }
                f
            }
            Target::Cuda { sm } => vec![
                "--iree-hal-target-device=cuda".to_string(),
                format!("--iree-cuda-target={sm}"),
            ],
            Target::Metal => vec![
                "--iree-hal-target-device=metal".to_string(),
                "--iree-metal-compile-to-metallib=false".to_string(),
            ],
        };
        flags.push("--iree-input-type=stablehlo".to_string());
        flags
    }

    /// Part of the cache key: `host` CPU modules are only valid on a CPU with
    /// the same features.
    pub(super) fn host_identity(&self) -> String {
        match self {
            Target::Cpu { .. } => host_cpu_identity(),
            _ => String::new(),
        }
    }
}

/// The module form a compile target needs from the emitter: every target names its own, so a
/// new target cannot compile a module shaped for another.
impl From<&Target> for emitter::ModuleForm {
    fn from(target: &Target) -> emitter::ModuleForm {
        match target {
            Target::Cpu { .. } => emitter::ModuleForm::Generic,
            // iree-compile 3.13 cannot select sm_90 by flag; the module names it itself.
            Target::Cuda { sm } if sm == "sm_90" => emitter::ModuleForm::CudaSm90,
            Target::Cuda { .. } => emitter::ModuleForm::Generic,
            Target::Metal => emitter::ModuleForm::Metal,
        }
    }
}

fn host_cpu_identity() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let pick = |key: &str| {
        cpuinfo
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_once(':'))
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    format!(
        "{} {} | {}",
        std::env::consts::ARCH,
        pick("model name"),
        pick("flags")
    )
}
