//! How a module is built unless told otherwise: the model options, the weight storage and
//! layout each target prefers, and the bucket ladder (prefill chunks and windows, decode
//! batches and windows).

use std::path::PathBuf;

use emitter::graph::{Head, Projections, WeightLayout};
use emitter::{GraphOptions, ModelConfig};
use loader::Precision;

use crate::compile::{cpu_kernels_available, Execution, Target};
use crate::device_sampling::SamplingMode;
use crate::error::EngineError;

/// How to build and load a model.
#[derive(Debug, Clone)]
pub struct ModelOptions {
    pub target: Target,
    pub graphs: GraphOptions,
    /// Overrides `graphs.weight_layout`; `None` picks by target: tiled on CPU when the
    /// model's sizes allow it, rows on GPUs.
    pub weight_layout: Option<WeightLayout>,
    /// Overrides `graphs.projections`; `None` picks by target: q/k/v as one weight on GPUs
    /// when weights are in rows, apart otherwise.
    pub projections: Option<Projections>,
    /// How weights are stored: `Native` keeps a GGUF file's blocks in every matrix;
    /// `F32` follows `graphs.weight_dtype` (f32 or f16).
    pub weights: Precision,
    /// Multiply grouped (native) weights with the hand-written CPU kernels where the target is
    /// this host's CPU and it runs them (see `compile::cpu_kernels_available`); otherwise, and
    /// when false, IREE's own code generation.
    pub cpu_kernels: bool,
    /// Overrides the target's execution model ([`Target::execution`]): how the CPU tests
    /// run the GPUs' fenced calls.
    pub execution: Option<Execution>,
    /// Whether a decode step sampled on the device queues the next one before its tokens are
    /// read, where the functions are fenced (see [`Graphs`](crate::graphs::Graphs)). The
    /// tokens are the same either way; off only to measure what it saves.
    pub look_ahead: bool,
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
            projections: None,
            weights: Precision::F32,
            cpu_kernels: true,
            execution: None,
            look_ahead: true,
            cache_dir: crate::paths::cache_dir(),
            verbose: true,
        }
    }

    /// The execution model modules are built with: the override, else the target's.
    pub fn execution(&self) -> Execution {
        self.execution.unwrap_or_else(|| self.target.execution())
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
        // The longest alone: it takes every input the full module takes.
        embed_lengths: full.embed_lengths.last().copied().into_iter().collect(),
        ..full.clone()
    }
}

/// The embedding chunk lengths a module gets when embeddings are asked for: 64 tokens for a
/// few short inputs, 512 for many packed together (or for one long input), at most the
/// capacity. 512 is also the longest input: the packed chunk attends over all its tokens, so
/// its attention grows with the square of its length.
pub fn embed_lengths(capacity: usize) -> Vec<usize> {
    let mut lengths: Vec<usize> = [64, 512].into_iter().filter(|&t| t < capacity).collect();
    if capacity <= 512 {
        lengths.push(capacity);
    }
    lengths
}

/// The decode kernels a module of `slots` takes unless told, each keeping a sequence's numbers
/// apart from its batch: the fixed-point ones for one slot (every step one row, the fastest),
/// and for several where the CPU runs them at several rows about as fast as the f32 ones
/// (`kernels::fixed_rows_at_full_rate`: the matrix unit, or AMD Zen 5 and later); the f32
/// ones for several elsewhere (Zen 4 issues `vpdpbusd` at half the rate of FMAs; before the
/// inputs were shared, fixed point took 2.1x the f32 time at 8 rows there, while one row of f32
/// took 1.05-1.3x the fixed-point time). Measured figures: `kernels::fixed_rows_at_full_rate`.
/// A CPU without the fixed-point family (AVX2 only) takes the f32 ones at any count, as
/// `fixed` would there too; named so, a report says which kernels ran.
pub fn decode_kernels_for(slots: usize) -> emitter::graph::DecodeKernels {
    match slots {
        _ if !kernels::fixed_host_supported() => emitter::graph::DecodeKernels::Float,
        1 => emitter::graph::DecodeKernels::Fixed,
        _ if kernels::fixed_rows_at_full_rate() => emitter::graph::DecodeKernels::Fixed,
        _ => emitter::graph::DecodeKernels::Float,
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
        head_activations: Default::default(),
        decode_kernels: decode_kernels_for(slots),
        products: Default::default(),
        embed_lengths: Vec::new(),
        sums: emitter::graph::Sums::Ordered,
        attention_heads: emitter::graph::AttentionHeads::Apart,
        projections: Projections::Apart,
        linear_chunk: emitter::graph::LINEAR_CHUNK,
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

/// The graph options for `config` on the compile target of `options`: the module form that
/// target needs and the weight layout it prefers (unless one is asked for).
pub fn module_options(options: &ModelOptions, config: &ModelConfig) -> GraphOptions {
    let weight_layout = options
        .weight_layout
        .unwrap_or_else(|| preferred_layout(&options.target, options.weights, config));
    // Fused projections are read from rows; tiles (the CPU's, and native weights anywhere)
    // keep them apart.
    let projections = options.projections.unwrap_or(match weight_layout {
        WeightLayout::Rows => options.target.projections(),
        WeightLayout::Tiled => Projections::Apart,
    });
    GraphOptions {
        form: (&options.target).into(),
        weight_layout,
        cpu_kernels: options.cpu_kernels && cpu_kernels_available(&options.target),
        sums: options.target.sums(),
        attention_heads: options.target.attention_heads(),
        projections,
        ..options.graphs.clone()
    }
}

/// The precision the weights are stored in: `weights`, narrowed by a float weight type asked
/// for in the graph options. A weight type no parameter file holds is refused here.
pub(super) fn precision(options: &ModelOptions) -> Result<Precision, EngineError> {
    use emitter::hlo::ElemType;
    match (options.weights, options.graphs.weight_dtype) {
        (precision, ElemType::F32) => Ok(precision),
        (Precision::F32 | Precision::F16, ElemType::F16) => Ok(Precision::F16),
        (Precision::F32 | Precision::Bf16, ElemType::Bf16) => Ok(Precision::Bf16),
        (_, other) => Err(emitter::graph::NotStored(other).into()),
    }
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
        // Flags select these devices. The CPU writes the norms' sums in a fixed order (a
        // row's bits do not depend on its batch), GPUs as one reduction each.
        assert_eq!(module_for(Target::Cpu { data_tiling: true }), cpu);
        let slices = |m: &str| m.matches("stablehlo.slice").count();
        assert!(slices(&sm80) < slices(&cpu));
        assert_eq!(slices(&sm80), slices(&sm90));
        assert_eq!(slices(&metal), slices(&sm80));
        // GPUs read q/k/v as one weight; the CPU's tiles keep them apart.
        let fused = |m: &str| m.contains("self_attn.qkv_proj.weight");
        assert!(fused(&sm80) && fused(&sm90) && fused(&metal) && !fused(&cpu));
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
