//! Compiling (cached), converting weights (cached) and loading a model on a device: whole, or
//! tiered (a small first module serves while the full one compiles).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use emitter::{GraphOptions, ModelConfig};

use super::options::{first_module_options, module_options, precision, ModelOptions};
use super::weights::{module_weights, ModuleWeights};
use crate::batch::RequestLimits;
use crate::batch::{GraphsLoader, NextModule};
use crate::compile::{module_flags, Compiler, Priority, Target};
use crate::error::{EngineError, ManifestError, Panicked};
use crate::graphs::Graphs;
use crate::runtime::Runtime;

/// A model ready to run, with its tokenizer and chat template.
pub struct LoadedModel {
    pub graphs: Graphs,
    pub config: ModelConfig,
    pub tokenizer: Option<Arc<loader::Tokenizer>>,
    pub chat_template: Option<loader::ChatTemplate>,
    pub eos: Option<u32>,
    pub parameter_file: PathBuf,
    pub vmfb: PathBuf,
}

/// A model whose configuration, tokenizer, chat template and module text are ready, before
/// anything expensive (compile, weight conversion, upload) has run: what a request must fit
/// is known here, so a caller can refuse it without waiting for the compile.
pub struct PreparedModel {
    model: loader::Model,
    pub config: ModelConfig,
    rendered: emitter::emit::Rendered,
    graph_options: GraphOptions,
    capacity: usize,
    plan: loader::WeightPlan,
    tiling: loader::Tiling,
    options: ModelOptions,
    pub tokenizer: Option<Arc<loader::Tokenizer>>,
    pub chat_template: Option<loader::ChatTemplate>,
    pub eos: Option<u32>,
}

/// Reads `path` (a `.gguf` file or an HF directory) and emits its module in memory: every
/// check that needs only the files and the options (architecture, unsupported features,
/// graph options) fails here, in well under a second.
pub fn prepare(path: &Path, options: &ModelOptions) -> Result<PreparedModel, EngineError> {
    for activations in [options.graphs.activations, options.graphs.head_activations] {
        crate::compile::check_activations(&options.target, activations)?;
    }
    let model = loader::Model::open(path)?;
    let config = model.config().clone();
    let ModuleWeights {
        rendered,
        graph_options,
        plan,
        tiling,
    } = module_weights(
        &model,
        precision(options)?,
        module_options(options, &config),
    )?;
    let tokenizer = model.tokenizer().ok().map(Arc::new);
    let chat_template = model.chat_template()?;
    let eos = tokenizer.as_ref().and_then(|t| t.eos_token_id());
    Ok(PreparedModel {
        model,
        config,
        rendered,
        graph_options,
        capacity: options.graphs.capacity,
        plan,
        tiling,
        options: options.clone(),
        tokenizer,
        chat_template,
        eos,
    })
}

impl PreparedModel {
    /// What the loaded engine will accept (the same checks `submit` makes).
    pub fn limits(&self) -> RequestLimits {
        RequestLimits {
            vocab: self.config.vocab_size,
            capacity: self.capacity,
            has_tokenizer: self.tokenizer.is_some(),
        }
    }

    /// The module text and manifest [`PreparedModel::load`] compiles and loads (what `emit`
    /// writes for the same options).
    pub fn rendered(&self) -> &emitter::emit::Rendered {
        &self.rendered
    }

    /// Compiles the module (cached) and nothing else: no weight conversion, no device. This
    /// fills a cache ahead of time for a machine without the compiler (`docs/gpu.md`), where
    /// [`PreparedModel::load`] of the same model and options then finds it. The cache file is
    /// named after the model's file or directory, so the other machine's copy must keep it.
    pub fn compile(&self) -> Result<PathBuf, EngineError> {
        let compiler = self.compiler(&self.rendered.manifest, Priority::Foreground)?;
        let label = self.model.name();
        Ok(compiler.compile_text(&label, &self.rendered.module, &self.options.target)?)
    }

    /// Compiles the full module and converts the weights into the cache, loading nothing: a
    /// later [`PreparedModel::load_tiered`] of the same model and options on this machine then
    /// starts on the full module at once. Returns the module's and the weights' paths.
    pub fn fill_cache(&self) -> Result<(PathBuf, PathBuf), EngineError> {
        let compiler = self.compiler(&self.rendered.manifest, Priority::Foreground)?;
        self.compile_and_convert(&compiler, &self.model.name(), &self.rendered.module)
    }

    /// Compiles (cached), converts the weights (cached) and loads both on `runtime`.
    pub fn load(self, runtime: &Arc<Runtime>) -> Result<LoadedModel, EngineError> {
        let started = Instant::now();
        let compiler = self.compiler(&self.rendered.manifest, Priority::Foreground)?;
        let (vmfb, parameter_file) =
            self.compile_and_convert(&compiler, &self.model.name(), &self.rendered.module)?;
        tracing::info!(
            "module ready: {} ({:.1} s)",
            vmfb.display(),
            started.elapsed().as_secs_f64()
        );
        let manifest = self.rendered.manifest.clone();
        let graphs = Graphs::load(runtime, manifest, &vmfb, &parameter_file)?
            .looking_ahead(self.options.look_ahead);
        tracing::info!("loaded in {:.1} s", started.elapsed().as_secs_f64());
        Ok(self.into_loaded(graphs, parameter_file, vmfb))
    }

    /// The loaded model: this model's identity (configuration, tokenizer, chat template, eos)
    /// with the module `vmfb` loaded as `graphs` over `parameter_file`.
    fn into_loaded(self, graphs: Graphs, parameter_file: PathBuf, vmfb: PathBuf) -> LoadedModel {
        LoadedModel {
            graphs,
            config: self.config,
            tokenizer: self.tokenizer,
            chat_template: self.chat_template,
            eos: self.eos,
            parameter_file,
            vmfb,
        }
    }

    /// Loads the full module if it is compiled already; otherwise compiles and loads a first
    /// module ([`first_module_options`]: about a third of the compile) and returns the rest
    /// of the work, the full module's compile, to run while the first one serves.
    pub fn load_tiered(self, runtime: &Arc<Runtime>) -> Result<Tiered, EngineError> {
        let label = self.model.name();
        let compiler = self.compiler(&self.rendered.manifest, Priority::Foreground)?;
        let target = self.options.target.clone();
        if compiler
            .cached(&label, &self.rendered.module, &target)
            .is_some()
        {
            return Ok(Tiered {
                loaded: self.load(runtime)?,
                rest: None,
            });
        }
        let started = Instant::now();
        let first = emitter::render(&self.config, &first_module_options(&self.graph_options))?;
        let (first_vmfb, parameter_file) =
            self.compile_and_convert(&compiler, &format!("{label}-first"), &first.module)?;
        tracing::info!(
            "first module ready ({} functions; the full module, {} functions, compiles next): {} ({:.1} s)",
            first.manifest.functions.len(),
            self.rendered.manifest.functions.len(),
            first_vmfb.display(),
            started.elapsed().as_secs_f64()
        );
        let graphs = Graphs::load(
            runtime,
            first.manifest.clone(),
            &first_vmfb,
            &parameter_file,
        )?
        .looking_ahead(self.options.look_ahead);
        tracing::info!(
            "first module loaded in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        let mut background = self.compiler(&self.rendered.manifest, Priority::Background)?;
        background.verbose = false;
        let rest = RestOfModel {
            compiler: background,
            label,
            target,
            runtime: runtime.clone(),
            // The module text is copied once (megabytes), so `self` can become the loaded model.
            full: self.rendered.clone(),
            first: (first.manifest, first_vmfb.clone()),
            parameter_file: parameter_file.clone(),
            cache_dir: self.options.cache_dir.clone(),
            look_ahead: self.options.look_ahead,
        };
        Ok(Tiered {
            loaded: self.into_loaded(graphs, parameter_file, first_vmfb),
            rest: Some(rest),
        })
    }

    /// A compiler for `manifest`'s module: its flags and kernel objects.
    fn compiler(
        &self,
        manifest: &emitter::Manifest,
        priority: Priority,
    ) -> Result<Compiler, EngineError> {
        let options = &self.options;
        let mut compiler = Compiler::new(options.cache_dir.join("vmfb"))?;
        compiler.verbose = options.verbose;
        compiler.priority = priority;
        compiler.extra_flags = module_flags(manifest, &options.target, options.execution());
        compiler.provide_objects(&manifest.kernel_objects)?;
        Ok(compiler)
    }

    /// Compiles `mlir` (cached) while the weights are converted (cached): the two take
    /// similar time on a new model and share the cores well (conversion is mostly memory
    /// traffic). The cache is then held under its limit, keeping both.
    fn compile_and_convert(
        &self,
        compiler: &Compiler,
        label: &str,
        mlir: &str,
    ) -> Result<(PathBuf, PathBuf), EngineError> {
        let options = &self.options;
        let (vmfb, parameters) = std::thread::scope(|scope| {
            let parameters = scope.spawn(|| {
                self.model.planned_parameter_file(
                    options.cache_dir.join("params"),
                    &self.plan,
                    &self.tiling,
                )
            });
            let vmfb = compiler.compile_text(label, mlir, &options.target);
            let parameters = parameters.join().map_err(|_| Panicked::WeightConversion);
            (vmfb, parameters)
        });
        let (vmfb, parameters) = (vmfb?, parameters??);
        crate::cache::touch(&parameters);
        tracing::info!("weights ready: {}", parameters.display());
        crate::cache::enforce_limit(&options.cache_dir, &[&parameters, &vmfb]);
        Ok((vmfb, parameters))
    }
}

/// A model loaded on its first module or its full one.
pub struct Tiered {
    pub loaded: LoadedModel,
    /// The full module still to compile; `None` when `loaded` is the full module.
    pub rest: Option<RestOfModel>,
}

/// The compile of a model's full module, left to run after its first module loaded.
pub struct RestOfModel {
    compiler: Compiler,
    label: String,
    target: Target,
    runtime: Arc<Runtime>,
    full: emitter::emit::Rendered,
    /// The first module's manifest and vmfb, to reload should the full one fail to load.
    first: (emitter::Manifest, PathBuf),
    parameter_file: PathBuf,
    cache_dir: PathBuf,
    look_ahead: bool,
}

impl RestOfModel {
    /// Compiles the full module at a lower priority, without a progress line (the first
    /// module's output owns the terminal), and returns it as an engine's next module.
    pub fn compile(self) -> Result<NextModule<Graphs>, EngineError> {
        let started = Instant::now();
        let vmfb = self
            .compiler
            .compile_text(&self.label, &self.full.module, &self.target)?;
        tracing::info!(
            "full module ready in the background: {} ({:.1} s)",
            vmfb.display(),
            started.elapsed().as_secs_f64()
        );
        crate::cache::enforce_limit(&self.cache_dir, &[&vmfb, &self.parameter_file]);
        let (runtime, parameters) = (self.runtime.clone(), self.parameter_file.clone());
        let (manifest, on) = (self.full.manifest, self.look_ahead);
        let load: GraphsLoader<Graphs> = Box::new(move || {
            Ok(Graphs::load(&runtime, manifest, &vmfb, &parameters)?.looking_ahead(on))
        });
        let (runtime, parameters) = (self.runtime, self.parameter_file);
        let (manifest, first_vmfb) = self.first;
        let restore: GraphsLoader<Graphs> = Box::new(move || {
            Ok(Graphs::load(&runtime, manifest, &first_vmfb, &parameters)?.looking_ahead(on))
        });
        Ok(NextModule { load, restore })
    }
}

/// Loads `path` (a `.gguf` file or an HF directory) on `runtime`: [`prepare`], then
/// [`PreparedModel::load`].
pub fn load(
    runtime: &Arc<Runtime>,
    path: &Path,
    options: &ModelOptions,
) -> Result<LoadedModel, EngineError> {
    prepare(path, options)?.load(runtime)
}

/// Loads pre-emitted assets (`manifest.json` + `model.mlir` in `dir`) with
/// an existing parameter file: what tests and custom pipelines use.
pub fn load_assets(
    runtime: &Arc<Runtime>,
    dir: &Path,
    parameters: &Path,
    options: &ModelOptions,
) -> Result<Graphs, EngineError> {
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).map_err(|source| EngineError::Io { path, source })
    };
    let manifest =
        emitter::Manifest::from_json(&read(emitter::MANIFEST_FILE)?).map_err(|source| {
            ManifestError::Unreadable {
                dir: dir.to_path_buf(),
                source,
            }
        })?;
    let mut compiler = Compiler::new(options.cache_dir.join("vmfb"))?;
    compiler.verbose = options.verbose;
    compiler.extra_flags = module_flags(&manifest, &options.target, options.execution());
    compiler.provide_objects(&manifest.kernel_objects)?;
    let label = dir
        .file_name()
        .map_or("model".into(), |n| n.to_string_lossy().into_owned());
    let vmfb = compiler.compile_text(&label, &read(emitter::MODULE_FILE)?, &options.target)?;
    Ok(Graphs::load(runtime, manifest, &vmfb, parameters)?.looking_ahead(options.look_ahead))
}
