//! The compile driver: runs `iree-compile` with the flags each target needs
//! and caches the resulting vmfbs by content hash.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use sha2::{Digest, Sha256};

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
    fn host_identity(&self) -> String {
        match self {
            Target::Cpu { .. } => host_cpu_identity(),
            _ => String::new(),
        }
    }
}

/// The module form a compile target needs from the emitter: every target names its own, so a
/// new target cannot compile a module shaped for another.
impl From<&Target> for emitter::Target {
    fn from(target: &Target) -> emitter::Target {
        match target {
            Target::Cpu { .. } => emitter::Target::Generic,
            // iree-compile 3.13 cannot select sm_90 by flag; the module names it itself.
            Target::Cuda { sm } if sm == "sm_90" => emitter::Target::CudaSm90,
            Target::Cuda { .. } => emitter::Target::Generic,
            Target::Metal => emitter::Target::Metal,
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

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error("no compile target for device {0:?} (local-task, local-sync, cuda or metal)")]
    NoTargetForDevice(String),
    #[error(
        "iree-compile not found: install it with `make setup` (PyPI iree-base-compiler==3.13.0) or set IREE_COMPILE"
    )]
    CompilerMissing,
    #[error("iree-compile rejected {input} for {target:?}:\n{stderr}")]
    Rejected {
        input: String,
        target: Target,
        stderr: String,
    },
    #[error("the module links kernel object {object}, which this build does not have (it has {available:?})")]
    MissingObject {
        object: String,
        available: Option<String>,
    },
    #[error("I/O error at {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{0} activations need the CPU kernels on a CPU with AVX-512 VNNI, VBMI and BITALG (this target or host has none)"
    )]
    ActivationsUnsupported(emitter::graph::Activations),
}

/// Finds iree-compile and compiles MLIR into a cache directory.
#[derive(Debug, Clone)]
pub struct Compiler {
    program: PathBuf,
    version: String,
    cache_dir: PathBuf,
    /// Print progress lines to stderr.
    pub verbose: bool,
    /// Flags the module needs on top of its target's (see [`module_flags`]).
    pub extra_flags: Vec<String>,
}

/// Flags a module's weight formats need. Grouped weights on CPU: IREE 3.13 fuses the widening
/// of integer codes into a product only when it does not try to fuse the product into its
/// own producers; otherwise it writes every dequantized weight out first (10-20x slower,
/// measured).
pub fn module_flags(manifest: &emitter::Manifest, target: &Target) -> Vec<String> {
    let grouped = manifest
        .weight_formats
        .values()
        .any(|f| matches!(f, emitter::graph::WeightFormat::Groups(_)));
    if grouped && matches!(target, Target::Cpu { .. }) {
        vec!["--iree-dispatch-creation-block-matmul-producer-fusion=false".to_string()]
    } else {
        Vec::new()
    }
}

/// Whether CPU modules for this host may call the hand-written kernels: this build has them
/// and this CPU runs them.
pub fn cpu_kernels_available(target: &Target) -> bool {
    matches!(target, Target::Cpu { .. })
        && kernels::Object::get().is_some()
        && kernels::host_supported()
}

/// Whether `activations` can multiply on `target`: f32 anywhere; q8 only where the CPU
/// kernels run and this CPU has the 8-bit kernels' instructions.
pub fn check_activations(
    target: &Target,
    activations: emitter::graph::Activations,
) -> Result<(), CompileError> {
    use emitter::graph::Activations;
    match activations {
        Activations::F32 => Ok(()),
        Activations::Q8 if cpu_kernels_available(target) && kernels::q8_host_supported() => Ok(()),
        Activations::Q8 => Err(CompileError::ActivationsUnsupported(activations)),
    }
}

impl Compiler {
    /// `IREE_COMPILE`, else the project venv, else `PATH`. The cache is
    /// `cache_dir` (created on demand).
    pub fn new(cache_dir: impl Into<PathBuf>) -> Result<Compiler, CompileError> {
        let program = locate_compiler().ok_or(CompileError::CompilerMissing)?;
        let output = Command::new(&program)
            .arg("--version")
            .output()
            .map_err(|_| CompileError::CompilerMissing)?;
        let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
        Ok(Compiler {
            program,
            version,
            cache_dir: cache_dir.into(),
            verbose: true,
            extra_flags: Vec::new(),
        })
    }

    /// Makes the object files a module links findable: writes this build's kernel object into
    /// the cache and adds its directory to the search path. A module naming another object
    /// (emitted by another build) is refused before any compile.
    pub fn provide_objects(&mut self, objects: &[String]) -> Result<(), CompileError> {
        if objects.is_empty() {
            return Ok(());
        }
        let ours = kernels::Object::get();
        let name = ours.map(|o| o.file_name());
        if let Some(missing) = objects.iter().find(|o| Some(*o) != name.as_ref()) {
            return Err(CompileError::MissingObject {
                object: missing.clone(),
                available: name,
            });
        }
        let dir = self.cache_dir.join("objects");
        let object = ours.expect("matched above");
        object.write_into(&dir).map_err(|e| io(&dir, e))?;
        self.extra_flags.push(format!(
            "--iree-hal-executable-object-search-path={}",
            dir.display()
        ));
        Ok(())
    }

    pub fn program(&self) -> &Path {
        &self.program
    }

    pub fn version(&self) -> &str {
        &self.version
    }

    /// Compiles MLIR text, returning the cached vmfb path. `label` names
    /// the input in messages and in the cache file name.
    pub fn compile_text(
        &self,
        label: &str,
        mlir: &str,
        target: &Target,
    ) -> Result<PathBuf, CompileError> {
        let mut flags = target.flags();
        flags.extend(self.extra_flags.iter().cloned());
        let key = self.cache_key(mlir.as_bytes(), &flags, target);
        let stem: String = label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let output = self.cache_dir.join(format!("{stem}-{}.vmfb", &key[..16]));
        if output.is_file() {
            return Ok(output);
        }
        std::fs::create_dir_all(&self.cache_dir).map_err(|e| io(&self.cache_dir, e))?;
        let _lock = loader::CacheLock::acquire(&output, || {
            if self.verbose {
                eprintln!("waiting for another process compiling {label} ...");
            }
        })
        .map_err(|e| io(&output, e))?;
        if output.is_file() {
            return Ok(output);
        }
        // Private temporary names: concurrent compiles of the same module
        // (parallel tests, several processes) must not trample each other.
        let unique = unique_suffix();
        let input = self
            .cache_dir
            .join(format!("{stem}-{}.{unique}.mlir", &key[..16]));
        std::fs::write(&input, mlir).map_err(|e| io(&input, e))?;
        let result = self.run(label, &input, &output, &unique, &flags, target);
        let _ = std::fs::remove_file(&input);
        result.map(|()| output)
    }

    /// Compiles an MLIR file (see [`Compiler::compile_text`]).
    pub fn compile_file(&self, path: &Path, target: &Target) -> Result<PathBuf, CompileError> {
        let mlir = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
        let label = path
            .file_stem()
            .map_or("module".into(), |s| s.to_string_lossy().into_owned());
        self.compile_text(&label, &mlir, target)
    }

    fn cache_key(&self, mlir: &[u8], flags: &[String], target: &Target) -> String {
        let mut hasher = Sha256::new();
        hasher.update(self.version.as_bytes());
        for flag in flags {
            hasher.update(flag.as_bytes());
            hasher.update([0]);
        }
        hasher.update(target.host_identity().as_bytes());
        hasher.update(mlir);
        hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    fn run(
        &self,
        label: &str,
        input: &Path,
        output: &Path,
        unique: &str,
        flags: &[String],
        target: &Target,
    ) -> Result<(), CompileError> {
        let started = Instant::now();
        if self.verbose {
            eprintln!("compiling {label} for {target:?} ...");
        }
        // Write to a temporary name so a killed compile never leaves a
        // truncated vmfb in the cache.
        let partial = output.with_extension(format!("{unique}.partial"));
        let result = Command::new(&self.program)
            .args(flags)
            .arg(input)
            .arg("-o")
            .arg(&partial)
            .output()
            .map_err(|e| io(&self.program, e))?;
        if !result.status.success() {
            let _ = std::fs::remove_file(&partial);
            return Err(CompileError::Rejected {
                input: label.to_string(),
                target: target.clone(),
                stderr: tail(&String::from_utf8_lossy(&result.stderr), 60),
            });
        }
        std::fs::rename(&partial, output).map_err(|e| io(output, e))?;
        if self.verbose {
            eprintln!(
                "compiled {label} in {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
        Ok(())
    }
}

fn unique_suffix() -> String {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}-{n}", std::process::id())
}

fn io(path: &Path, source: std::io::Error) -> CompileError {
    CompileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

fn locate_compiler() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("IREE_COMPILE") {
        return Some(PathBuf::from(path));
    }
    let venv = crate::paths::workspace_root().join(".venv/bin/iree-compile");
    if venv.is_file() {
        return Some(venv);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("iree-compile"))
            .find(|p| p.is_file())
    })
}
