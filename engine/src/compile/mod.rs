//! The compile driver: runs `iree-compile` with the flags each target needs
//! and caches the resulting vmfbs by content hash.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use sha2::{Digest, Sha256};

mod progress;
mod target;
#[cfg(test)]
mod tests;

pub use target::{Execution, Target};

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    #[error("no compile target for device {0:?} (local-task, local-sync, cuda or metal)")]
    NoTargetForDevice(String),
    #[error(
        "iree-compile not found, and the cache records no compiler to serve its modules without one: \
         install it with `make setup` (PyPI iree-base-compiler==3.13.0) or set IREE_COMPILE"
    )]
    CompilerMissing,
    /// No compiler here (or `IREE_COMPILE=none`) and the cache lacks the module: a cache made
    /// elsewhere holds only the modules it was built with.
    #[error(
        "no compiled module {label} for {target:?} in {cache_dir} (its modules are from {}), \
         and there is no iree-compile here to compile it: build the cache with the same model, \
         options and compiler, or install iree-compile",
        version_line(.version)
    )]
    NotInCache {
        label: String,
        target: Target,
        cache_dir: PathBuf,
        version: String,
    },
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
        "{0} activations need the CPU kernels on an x86-64 CPU with AVX2, or AVX-512 with VNNI, VBMI and BITALG (this target or host has neither)"
    )]
    ActivationsUnsupported(emitter::graph::Activations),
}

/// Finds iree-compile and compiles MLIR into a cache directory.
///
/// Without a compiler a cache can still be read: it records the `--version` of the compiler
/// that filled it ([`COMPILER_VERSION_FILE`]), which is all a cache key needs from the
/// compiler. So a cache built on one machine serves modules on another that has none (the
/// GPU bundle, `docs/gpu.md`).
#[derive(Debug, Clone)]
pub struct Compiler {
    /// `None`: lookups only, with the version the cache recorded.
    program: Option<PathBuf>,
    version: String,
    cache_dir: PathBuf,
    /// Show a progress line on stderr while compiling (records go to `tracing` either way).
    pub verbose: bool,
    /// Flags the module needs on top of its target's (see [`module_flags`]).
    pub extra_flags: Vec<String>,
    /// Flags from [`COMPILE_FLAGS_ENV`], after all others: part of every key, so modules
    /// compiled with other flags sit beside these in one cache.
    user_flags: Vec<String>,
    /// How `iree-compile` shares the CPU with the process's own work.
    pub priority: Priority,
}

/// The scheduling priority `iree-compile` runs at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Priority {
    /// The caller waits for the module.
    #[default]
    Foreground,
    /// A module compiled while an engine serves from another one: at a lower priority, so the
    /// serving steps keep the cores, and ended with this process.
    Background,
}

/// Flags a module's weight formats need. Grouped weights on CPU: IREE 3.13 fuses the widening
/// of integer codes into a product only when it does not try to fuse the product into its
/// own producers; otherwise it writes every dequantized weight out first (10-20x slower,
/// measured).
/// `execution` adds its flag (see [`Execution::flag`]).
pub fn module_flags(
    manifest: &emitter::Manifest,
    target: &Target,
    execution: Execution,
) -> Vec<String> {
    let grouped = manifest
        .weight_formats
        .values()
        .any(|f| matches!(f, emitter::graph::WeightFormat::Groups(_)));
    let mut flags = Vec::new();
    if grouped && matches!(target, Target::Cpu { .. }) {
        flags.push("--iree-dispatch-creation-block-matmul-producer-fusion=false".to_string());
    }
    flags.extend(execution.flag().map(str::to_string));
    flags
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

/// Extra `iree-compile` flags for every module, separated by spaces (such as
/// `--iree-opt-level=O3`): how one build compares two flag sets. They are hashed into the
/// cache key like every other flag.
pub const COMPILE_FLAGS_ENV: &str = "LLM_IREE_COMPILE_FLAGS";

fn user_flags() -> Vec<String> {
    std::env::var(COMPILE_FLAGS_ENV)
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The file in a module cache naming the compiler (its `--version` output) whose modules it
/// holds.
pub const COMPILER_VERSION_FILE: &str = "compiler-version";

impl Compiler {
    /// `IREE_COMPILE`, else the project venv, else `PATH`. The cache is
    /// `cache_dir` (created on demand). Where no compiler is found, or `IREE_COMPILE` is
    /// `none`, a cache that records its compiler is opened for lookups only.
    pub fn new(cache_dir: impl Into<PathBuf>) -> Result<Compiler, CompileError> {
        let cache_dir = cache_dir.into();
        let (program, version) = match locate_compiler() {
            Located::Program(program) => {
                let output = Command::new(&program)
                    .arg("--version")
                    .output()
                    .map_err(|_| CompileError::CompilerMissing)?;
                let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
                (Some(program), version)
            }
            Located::Refused | Located::Missing => return Compiler::from_cache(cache_dir),
        };
        Ok(Compiler {
            program,
            version,
            cache_dir,
            verbose: true,
            extra_flags: Vec::new(),
            user_flags: user_flags(),
            priority: Priority::Foreground,
        })
    }

    /// A compiler that only reads `cache_dir`, with the compiler version the cache recorded:
    /// a module it lacks is [`CompileError::NotInCache`]. A cache that recorded no compiler
    /// cannot be read ([`CompileError::CompilerMissing`]).
    pub fn from_cache(cache_dir: impl Into<PathBuf>) -> Result<Compiler, CompileError> {
        let cache_dir = cache_dir.into();
        Ok(Compiler {
            program: None,
            version: recorded_version(&cache_dir)?,
            cache_dir,
            verbose: true,
            extra_flags: Vec::new(),
            user_flags: user_flags(),
            priority: Priority::Foreground,
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
        self.extra_flags
            .push(format!("{OBJECT_SEARCH_PATH}={}", dir.display()));
        Ok(())
    }

    /// The compiler; `None` where the cache is only read.
    pub fn program(&self) -> Option<&Path> {
        self.program.as_deref()
    }

    pub fn version(&self) -> &str {
        &self.version
    }

    /// Notes in the cache which compiler made its modules, so a copy of it can be read where
    /// there is no compiler.
    fn record_version(&self) -> Result<(), CompileError> {
        let path = self.cache_dir.join(COMPILER_VERSION_FILE);
        if std::fs::read_to_string(&path).is_ok_and(|v| v.trim() == self.version) {
            return Ok(());
        }
        let partial = path.with_extension(unique_suffix());
        std::fs::write(&partial, &self.version).map_err(|e| io(&partial, e))?;
        std::fs::rename(&partial, &path).map_err(|e| io(&path, e))
    }

    /// Where the vmfb of `mlir` for `target` is (or will be) cached.
    fn output_path(&self, label: &str, mlir: &str, target: &Target) -> (PathBuf, Vec<String>) {
        let mut flags = target.flags();
        flags.extend(self.extra_flags.iter().cloned());
        flags.extend(self.user_flags.iter().cloned());
        let key = self.cache_key(mlir.as_bytes(), &flags, target);
        let stem: String = label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let output = self.cache_dir.join(format!("{stem}-{}.vmfb", &key[..16]));
        (output, flags)
    }

    /// The cached vmfb of `mlir` for `target`, if it was compiled before under any label.
    pub fn cached(&self, label: &str, mlir: &str, target: &Target) -> Option<PathBuf> {
        let (output, _) = self.output_path(label, mlir, target);
        let found = self.compiled_as(&output)?;
        crate::cache::touch(&found);
        Some(found)
    }

    /// The module with `output`'s key, whatever label named it: the key covers the text,
    /// flags, compiler and target, so the same text reached under another name (a renamed
    /// file, a first-token module equal to the whole one) is not compiled twice.
    fn compiled_as(&self, output: &Path) -> Option<PathBuf> {
        if output.is_file() {
            return Some(output.to_path_buf());
        }
        let suffix = format!("-{}", key_name(output));
        std::fs::read_dir(&self.cache_dir)
            .ok()?
            .flatten()
            .map(|entry| entry.path())
            .find(|path| {
                path.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.ends_with(&suffix))
                    && path.is_file()
            })
    }

    /// Compiles MLIR text, returning the cached vmfb path. `label` names
    /// the input in messages and in the cache file name.
    pub fn compile_text(
        &self,
        label: &str,
        mlir: &str,
        target: &Target,
    ) -> Result<PathBuf, CompileError> {
        if let Some(output) = self.cached(label, mlir, target) {
            if self.program.is_some() {
                // A cache filled before caches recorded their compiler learns it here.
                self.record_version()?;
            }
            return Ok(output);
        }
        let (output, flags) = self.output_path(label, mlir, target);
        let Some(program) = &self.program else {
            return Err(CompileError::NotInCache {
                label: label.to_string(),
                target: target.clone(),
                cache_dir: self.cache_dir.clone(),
                version: self.version.clone(),
            });
        };
        std::fs::create_dir_all(&self.cache_dir).map_err(|e| io(&self.cache_dir, e))?;
        // One lock per key, not per label: two labels for the same text wait for one compile.
        let key_entry = self.cache_dir.join(key_name(&output));
        let _lock = loader::CacheLock::acquire(&key_entry, || {
            tracing::info!("waiting for another process compiling {label}");
        })
        .map_err(|e| io(&output, e))?;
        if let Some(found) = self.compiled_as(&output) {
            return Ok(found);
        }
        // Private temporary names: concurrent compiles of the same module
        // (parallel tests, several processes) must not trample each other.
        let unique = unique_suffix();
        let input = output.with_extension(format!("{unique}.mlir"));
        std::fs::write(&input, mlir).map_err(|e| io(&input, e))?;
        let job = Job {
            program,
            label,
            input: &input,
            output: &output,
            unique: &unique,
            flags: &flags,
            target,
            mlir,
        };
        let result = self.run(&job);
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
            // The object's file name carries its digest and the module names the file, so
            // the directory would only tie the key to where this cache lives.
            let flag = flag
                .split_once('=')
                .filter(|(name, _)| *name == OBJECT_SEARCH_PATH)
                .map_or(flag.as_str(), |(name, _)| name);
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

    fn run(&self, job: &Job<'_>) -> Result<(), CompileError> {
        let started = Instant::now();
        let history = progress::History::in_dir(&self.cache_dir);
        let target_name = job.target.name();
        let functions = progress::count_functions(job.mlir);
        let what = format!("{} for {target_name}", job.label);
        let progress = progress::Progress::start(
            self.verbose,
            &what,
            functions,
            history.estimate(&target_name, job.mlir.len()),
        );
        // Write to a temporary name so a killed compile never leaves a
        // truncated vmfb in the cache.
        let partial = job.output.with_extension(format!("{}.partial", job.unique));
        let mut command = Command::new(job.program);
        command
            .args(job.flags)
            .arg(job.input)
            .arg("-o")
            .arg(&partial);
        if self.priority == Priority::Background {
            lower_priority(&mut command);
        }
        let result = command.output().map_err(|e| io(job.program, e))?;
        drop(progress);
        if !result.status.success() {
            let _ = std::fs::remove_file(&partial);
            return Err(CompileError::Rejected {
                input: job.label.to_string(),
                target: job.target.clone(),
                stderr: tail(&String::from_utf8_lossy(&result.stderr), 60),
            });
        }
        std::fs::rename(&partial, job.output).map_err(|e| io(job.output, e))?;
        self.record_version()?;
        let seconds = started.elapsed().as_secs_f64();
        history.record(&target_name, job.mlir.len(), seconds);
        tracing::info!(
            "compiled {what} in {seconds:.1} s: {}",
            job.output.display()
        );
        Ok(())
    }
}

/// One module on its way through `iree-compile`.
struct Job<'a> {
    program: &'a Path,
    label: &'a str,
    input: &'a Path,
    output: &'a Path,
    unique: &'a str,
    flags: &'a [String],
    target: &'a Target,
    mlir: &'a str,
}

/// Runs `command` at a lower CPU priority (nice 10), and ends it with this process: a
/// background compile must neither slow the steps being served nor outlive its server.
fn lower_priority(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec and calls only
    // async-signal-safe functions (setpriority, prctl); their failures are harmless (the
    // compile then runs at normal priority, or outlives the parent).
    unsafe {
        command.pre_exec(|| {
            libc::setpriority(libc::PRIO_PROCESS, 0, 10);
            #[cfg(target_os = "linux")]
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
            Ok(())
        });
    }
}

/// `<key>.vmfb`: what follows the label in a cached module's file name
/// ([`Compiler::output_path`] writes `<label>-<key>.vmfb`; labels hold no `-`).
fn key_name(output: &Path) -> String {
    let name = output.file_name().unwrap_or_default().to_string_lossy();
    name.rsplit_once('-')
        .map_or(&*name, |(_, key)| key)
        .to_string()
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

/// The line of `iree-compile --version` that names the version (the whole text otherwise).
fn version_line(version: &str) -> &str {
    version
        .lines()
        .find(|l| l.contains("compiler version"))
        .unwrap_or(version)
        .trim()
}

const OBJECT_SEARCH_PATH: &str = "--iree-hal-executable-object-search-path";

/// Where iree-compile is, if anywhere.
enum Located {
    Program(PathBuf),
    /// `IREE_COMPILE=none`: never compile, as on a machine without the compiler.
    Refused,
    Missing,
}

fn locate_compiler() -> Located {
    match std::env::var_os("IREE_COMPILE") {
        Some(path) if path == "none" => return Located::Refused,
        Some(path) => return Located::Program(PathBuf::from(path)),
        None => {}
    }
    let venv = crate::paths::workspace_root().join(".venv/bin/iree-compile");
    if venv.is_file() {
        return Located::Program(venv);
    }
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join("iree-compile"))
                .find(|p| p.is_file())
        })
        .map_or(Located::Missing, Located::Program)
}

/// The compiler version a cache recorded; without one the cache cannot be read, as no key
/// can be computed.
fn recorded_version(cache_dir: &Path) -> Result<String, CompileError> {
    let path = cache_dir.join(COMPILER_VERSION_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) if !text.trim().is_empty() => Ok(text.trim().to_string()),
        Ok(_) => Err(CompileError::CompilerMissing),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(CompileError::CompilerMissing),
        Err(e) => Err(io(&path, e)),
    }
}
