//! From a model path to a ready [`Graphs`]: read the configuration, emit the
//! graph module in process, compile it (cached), convert the weights to a
//! parameter file (cached; HF names and values, projections tiled on CPU), and
//! load everything on a device.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use emitter::graph::{Head, WeightFormat, WeightFormats, WeightLayout};
use emitter::{GraphOptions, ModelConfig};
use loader::Precision;

use crate::batch::RequestLimits;
use crate::batch::{GraphsLoader, NextModule};
use crate::compile::{cpu_kernels_available, module_flags, Compiler, Priority, Target};
use crate::device_sampling::SamplingMode;
use crate::error::{EngineError, ManifestError, Panicked};
use crate::graphs::Graphs;
use crate::runtime::Runtime;

/// How to build and load a model.
#[derive(Debug, Clone)]
pub struct ModelOptions {
    pub target: Target,
    pub graphs: GraphOptions,
    /// Overrides `graphs.weight_layout`; `None` picks by target: tiled on CPU when the
    /// model's sizes allow it, rows on GPUs.
    pub weight_layout: Option<WeightLayout>,
    /// How weights are stored: `Native` keeps a GGUF file's blocks in every matrix;
    /// `F32` follows `graphs.weight_dtype` (f32 or f16).
    pub weights: Precision,
    /// Multiply grouped (native) weights with the hand-written CPU kernels where the target is
    /// this host's CPU and it runs them (see `compile::cpu_kernels_available`); otherwise, and
    /// when false, IREE's own code generation.
    pub cpu_kernels: bool,
    /// Where vmfbs and converted weights are cached.
    pub cache_dir: PathBuf,
    /// Print progress to stderr.
    pub verbose: bool,
}

impl ModelOptions {
    /// CPU defaults: 8 slots of 2048 tokens, f32 weights, prefill chunks of
    /// 32/128/512, decode batches 1/4/8 over windows 256/1024/2048.
    pub fn cpu() -> ModelOptions {
        ModelOptions {
            target: Target::Cpu { data_tiling: false },
            graphs: default_graph_options(8, 2048),
            weight_layout: None,
            weights: Precision::F32,
            cpu_kernels: true,
            cache_dir: crate::paths::cache_dir(),
            verbose: true,
        }
    }

    /// The defaults for the IREE device `uri`: modules built for that device's target
    /// (see [`Target::for_device`]), rows rather than tiles on GPUs.
    pub fn for_device(uri: &str) -> Result<ModelOptions, EngineError> {
        let target = Target::for_device(uri)
            .ok_or_else(|| crate::compile::CompileError::NoTargetForDevice(uri.to_owned()))?;
        Ok(ModelOptions {
            target,
            ..ModelOptions::cpu()
        })
    }
}

/// The weight storage the command-line tools use unless told: the file's own blocks where
/// the CPU kernels multiply them (faster than f32 at every batch size, a fifth of the bytes),
/// f32 elsewhere (IREE's own grouped products are slower than f32 beyond one token).
pub fn default_weights(target: &Target) -> Precision {
    if cpu_kernels_available(target) {
        Precision::Native
    } else {
        Precision::F32
    }
}

/// The heads a module needs for requests drawn in `sampling` mode: the logits head always
/// (the host sampler and grammar masks read logits), the device sampling head only where
/// device sampling is asked for. No argmax head: the engine would use it only to skip reading
/// back the logits of a prompt chunk before the last, a few hundred kilobytes, while each head
/// adds a compiled function per bucket (a Llama-3.2-1B module with all three heads took 123 s
/// to compile here, with the logits head alone 35 s).
pub fn heads_for(sampling: SamplingMode) -> Vec<Head> {
    match sampling {
        SamplingMode::Host => vec![Head::Logits],
        SamplingMode::Device => vec![Head::Logits, Head::Sample],
    }
}

/// The buckets of the first module a never-seen model starts on while its full module
/// compiles: one slot, one-row decode over the whole capacity, the shortest prefill chunk,
/// and the same weights and heads (so both read one parameter file). It serves any request
/// the full module does, one at a time; at the Llama-3.2-1B shape it compiled in 10 s against
/// 35 s for the full logits module.
pub fn first_module_options(full: &GraphOptions) -> GraphOptions {
    let shortest = full.prefill_lengths.iter().copied().min();
    GraphOptions {
        slots: 1,
        decode_batches: vec![1],
        decode_windows: vec![full.capacity],
        prefill_lengths: shortest.into_iter().collect(),
        prefill_windows: Vec::new(),
        ..full.clone()
    }
}

/// The default bucket layout for `slots` x `capacity`.
pub fn default_graph_options(slots: usize, capacity: usize) -> GraphOptions {
    let keep = |list: &[usize]| -> Vec<usize> {
        let mut v: Vec<usize> = list.iter().copied().filter(|&x| x < capacity).collect();
        v.push(capacity);
        v
    };
    GraphOptions {
        slots,
        capacity,
        weight_dtype: emitter::hlo::ElemType::F32,
        weight_layout: WeightLayout::Rows,
        weight_formats: Default::default(),
        kv_dtype: emitter::hlo::ElemType::F32,
        prefill_lengths: [32usize, 128, 512]
            .iter()
            .copied()
            .filter(|&t| t <= capacity)
            .collect(),
        prefill_windows: prefill_windows(capacity),
        decode_batches: [1usize, 4, 8]
            .iter()
            .copied()
            .filter(|&b| b <= slots)
            .collect(),
        decode_windows: keep(&[256, 1024]),
        decode_attention: Default::default(),
        heads: heads_for(SamplingMode::Host),
        form: emitter::ModuleForm::Generic,
        cpu_kernels: false,
        activations: Default::default(),
    }
}

/// Prefill windows doubling from 512 positions up to the capacity: a chunk attends the
/// smallest window that holds its end instead of the whole capacity. Prefill attention grows
/// with the window: at a capacity of 2048 it is most of a small model's prefill, and at 8192
/// most of a 1B model's for a long prompt. None for a capacity up to 512.
fn prefill_windows(capacity: usize) -> Vec<usize> {
    let mut windows: Vec<usize> = std::iter::successors(Some(512usize), |w| Some(w * 2))
        .take_while(|&w| w < capacity)
        .collect();
    if !windows.is_empty() {
        windows.push(capacity);
    }
    windows
}

/// Tiles on CPU, where they make one-token decode 10-20% faster (see the emitter's
/// `linear`), and rows on GPUs, whose code generation is built around them, unless the
/// weights are native: block formats are read only from tiles.
fn preferred_layout(target: &Target, weights: Precision, config: &ModelConfig) -> WeightLayout {
    let cpu = matches!(target, Target::Cpu { data_tiling: false });
    let tiles = cpu || weights == Precision::Native;
    if tiles && WeightLayout::Tiled.check(config).is_ok() {
        WeightLayout::Tiled
    } else {
        WeightLayout::Rows
    }
}

/// The weights the graphs store as row tiles (dense or grouped).
fn tiled_weights(config: &ModelConfig, opts: &GraphOptions) -> Result<Vec<String>, EngineError> {
    let weights = emitter::graph::Weights::new(
        config,
        opts.weight_dtype,
        opts.weight_layout,
        &Default::default(),
    )
    .map_err(|e| emitter::EmitError::Graph(emitter::graph::GraphError::Options(e)))?;
    Ok(weights
        .all()
        .into_iter()
        .filter(|p| p.ty.rank() == 3)
        .map(|p| p.name.clone())
        .collect())
}

/// The loader's plan as the emitter's weight formats: each block format's group layout.
pub fn weight_formats(plan: &loader::WeightPlan) -> Result<WeightFormats, EngineError> {
    plan.iter()
        .map(|(name, format)| {
            let f = match (format.group_layout(), format) {
                (Some(layout), _) => WeightFormat::Groups(layout.into()),
                (None, loader::StoredFormat::Dense(d)) => WeightFormat::Dense((*d).into()),
                (None, _) => {
                    return Err(EngineError::NoGroupLayout {
                        name: name.clone(),
                        format: *format,
                    })
                }
            };
            Ok((name.clone(), f))
        })
        .collect()
}

/// Where the CPU kernels multiply, block formats keep the file's own bits per weight (5- and
/// 6-bit codes, K-quant super-block maps) instead of widened codes and one f32 scale and min
/// per group; the kernels also gather such an embedding's rows.
fn keep_file_bits(plan: &mut loader::WeightPlan) {
    for format in plan.values_mut() {
        *format = format.compact();
    }
}

/// The graph options for `config` on the compile target of `options`: the module form that
/// target needs and the weight layout it prefers (unless one is asked for).
pub fn module_options(options: &ModelOptions, config: &ModelConfig) -> GraphOptions {
    GraphOptions {
        form: (&options.target).into(),
        weight_layout: options
            .weight_layout
            .unwrap_or_else(|| preferred_layout(&options.target, options.weights, config)),
        cpu_kernels: options.cpu_kernels && cpu_kernels_available(&options.target),
        ..options.graphs.clone()
    }
}

/// The precision the weights are stored in: `weights`, narrowed by a float weight type asked
/// for in the graph options. A weight type no parameter file holds is refused here.
fn precision(options: &ModelOptions) -> Result<Precision, EngineError> {
    use emitter::hlo::ElemType;
    match (options.weights, options.graphs.weight_dtype) {
        (precision, ElemType::F32) => Ok(precision),
        (Precision::F32 | Precision::F16, ElemType::F16) => Ok(Precision::F16),
        (Precision::F32 | Precision::Bf16, ElemType::Bf16) => Ok(Precision::Bf16),
        (_, other) => Err(emitter::graph::NotStored(other).into()),
    }
}

/// A module and the parameter file that matches it: each weight's stored format and which
/// weights are stored as row tiles.
pub struct ModuleWeights {
    pub rendered: emitter::emit::Rendered,
    /// The options `rendered` was rendered with, weight formats included.
    pub graph_options: GraphOptions,
    pub plan: loader::WeightPlan,
    pub tiling: loader::Tiling,
}

/// Renders `model`'s module with `graph_options`, its weights stored as `precision` (the
/// weight formats of `graph_options` are replaced by the ones that implies); write the
/// parameter file with the returned plan and tiling.
pub fn module_weights(
    model: &loader::Model,
    precision: Precision,
    mut graph_options: GraphOptions,
) -> Result<ModuleWeights, EngineError> {
    let config = model.config();
    let groupable = emitter::graph::Weights::groupable(config, graph_options.weight_layout);
    let mut plan = model.weight_plan(precision, &loader::Tiling::of(groupable))?;
    if graph_options.cpu_kernels {
        keep_file_bits(&mut plan);
    }
    // Dense projections in tiles, and every grouped weight (groups are stored as tiles).
    let mut tiled = tiled_weights(config, &graph_options)?;
    let grouped: Vec<String> = plan
        .iter()
        .filter(|(name, format)| format.block_type().is_some() && !tiled.contains(name))
        .map(|(name, _)| name.clone())
        .collect();
    tiled.extend(grouped);
    // Weights in the graphs' default type go unnamed, so a dense f32 plan renders the same
    // module (and manifest) as options without formats.
    let default = WeightFormat::Dense(graph_options.weight_dtype);
    graph_options.weight_formats = weight_formats(&plan)?
        .into_iter()
        .filter(|(_, format)| *format != default)
        .collect();
    Ok(ModuleWeights {
        rendered: emitter::render(config, &graph_options)?,
        graph_options,
        plan,
        tiling: loader::Tiling::of(tiled),
    })
}

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
    crate::compile::check_activations(&options.target, options.graphs.activations)?;
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
        let graphs = Graphs::load(runtime, manifest, &vmfb, &parameter_file)?;
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
        )?;
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
        compiler.extra_flags = module_flags(manifest, &options.target);
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
        let manifest = self.full.manifest;
        let load: GraphsLoader<Graphs> =
            Box::new(move || Graphs::load(&runtime, manifest, &vmfb, &parameters));
        let (runtime, parameters) = (self.runtime, self.parameter_file);
        let (manifest, first_vmfb) = self.first;
        let restore: GraphsLoader<Graphs> =
            Box::new(move || Graphs::load(&runtime, manifest, &first_vmfb, &parameters));
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
    compiler.extra_flags = module_flags(&manifest, &options.target);
    compiler.provide_objects(&manifest.kernel_objects)?;
    let label = dir
        .file_name()
        .map_or("model".into(), |n| n.to_string_lossy().into_owned());
    let vmfb = compiler.compile_text(&label, &read(emitter::MODULE_FILE)?, &options.target)?;
    Graphs::load(runtime, manifest, &vmfb, parameters)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn prefill_windows_double_up_to_the_capacity() {
        assert_eq!(prefill_windows(256), Vec::<usize>::new());
        assert_eq!(prefill_windows(512), Vec::<usize>::new());
        assert_eq!(prefill_windows(1000), [512, 1000]);
        assert_eq!(prefill_windows(2048), [512, 1024, 2048]);
        assert_eq!(prefill_windows(8192), [512, 1024, 2048, 4096, 8192]);
        let options = default_graph_options(1, 2048);
        assert_eq!(options.prefill_windows, [512, 1024, 2048]);
        assert!(first_module_options(&options).prefill_windows.is_empty());
    }

    /// The module text `target` compiles, for the tiny test model, without the CPU kernels.
    fn module_for(target: Target) -> String {
        module_with(target, false)
    }

    fn module_with(target: Target, cpu_kernels: bool) -> String {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/tiny");
        let config = ModelConfig::load(&dir).unwrap();
        let mut graphs = default_graph_options(2, 64);
        graphs.heads = Head::ALL.to_vec();
        let options = ModelOptions {
            target,
            graphs,
            weight_layout: Some(WeightLayout::Rows),
            cpu_kernels,
            ..ModelOptions::cpu()
        };
        emitter::render(&config, &module_options(&options, &config))
            .unwrap()
            .module
    }

    #[test]
    fn native_weights_are_tiled_on_every_target() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/tiny");
        let config = ModelConfig::load(&dir).unwrap();
        let layout = |target: Target, weights: Precision| {
            let options = ModelOptions {
                target,
                weights,
                ..ModelOptions::cpu()
            };
            module_options(&options, &config).weight_layout
        };
        let cuda = || Target::Cuda { sm: "sm_80".into() };
        // Block formats are read only from tiles, so a GPU gets them too when asked for.
        assert_eq!(layout(cuda(), Precision::Native), WeightLayout::Tiled);
        assert_eq!(
            layout(Target::Metal, Precision::Native),
            WeightLayout::Tiled
        );
        // Dense weights keep the rows GPUs' code generation is built around.
        assert_eq!(layout(cuda(), Precision::F32), WeightLayout::Rows);
        let cpu = Target::Cpu { data_tiling: false };
        assert_eq!(layout(cpu, Precision::F32), WeightLayout::Tiled);
    }

    #[test]
    fn each_compile_target_emits_its_own_module_form() {
        let cpu = module_for(Target::Cpu { data_tiling: false });
        let sm80 = module_for(Target::Cuda { sm: "sm_80".into() });
        let sm90 = module_for(Target::Cuda { sm: "sm_90".into() });
        let metal = module_for(Target::Metal);
        // Flags select these devices; the module is the generic one.
        assert_eq!(sm80, cpu);
        assert_eq!(module_for(Target::Cpu { data_tiling: true }), cpu);
        // sm_90 names its target in the module, and only sm_90 does.
        let names_target = |m: &str| m.contains("hal.device.targets") && m.contains("\"sm_90\"");
        assert!(names_target(&sm90));
        assert!(!names_target(&cpu) && !names_target(&metal));
        // Metal takes the argmax form its workgroup memory allows, which no other target gets.
        assert_ne!(metal, cpu);
        assert_ne!(metal, sm90);
        // The CPU kernels go only into CPU modules, and only where the host runs them.
        let kernels = |m: &str| m.contains("flow.dispatch @extern_llm_kernels");
        let cpu_target = Target::Cpu { data_tiling: false };
        assert_eq!(
            kernels(&module_with(cpu_target.clone(), true)),
            crate::compile::cpu_kernels_available(&cpu_target)
        );
        assert!(!kernels(&module_with(
            Target::Cuda { sm: "sm_80".into() },
            true
        )));
        assert!(!kernels(&module_with(Target::Metal, true)));
    }

    #[test]
    fn each_device_gets_the_target_that_runs_on_it() {
        let target = |uri: &str| ModelOptions::for_device(uri).map(|o| o.target);
        let cpu = Target::Cpu { data_tiling: false };
        assert_eq!(target("local-task").unwrap(), cpu);
        assert_eq!(target("local-sync").unwrap(), cpu);
        let cuda = Target::Cuda { sm: "sm_80".into() };
        assert_eq!(target("cuda").unwrap(), cuda);
        assert_eq!(target("cuda://GPU-0").unwrap(), cuda);
        assert_eq!(target("metal").unwrap(), Target::Metal);
        let err = target("vulkan").unwrap_err().to_string();
        assert!(
            err.contains("no compile target for device \"vulkan\""),
            "{err}"
        );
    }
}
