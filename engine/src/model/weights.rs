//! The handshake between the loader and the emitter: which weights the loader stores in which
//! format and layout, and the module that declares exactly those.

use emitter::graph::{WeightFormat, WeightFormats};
use emitter::{GraphOptions, ModelConfig};
use loader::Precision;

use crate::error::EngineError;

/// The weights the graphs store as row tiles (dense or grouped).
fn tiled_weights(config: &ModelConfig, opts: &GraphOptions) -> Result<Vec<String>, EngineError> {
    Ok(graph_weights(config, opts)?
        .all()
        .into_iter()
        .filter(|p| emitter::graph::is_tiled(&p.name, &p.ty))
        .map(|p| p.name.clone())
        .collect())
}

/// The weights the graphs declare, each dense in the graphs' weight type.
fn graph_weights(
    config: &ModelConfig,
    opts: &GraphOptions,
) -> Result<emitter::graph::Weights, EngineError> {
    emitter::graph::Weights::new(
        config,
        opts.weight_dtype,
        opts.weight_layout,
        &Default::default(),
        opts.projections,
    )
    .map_err(|e| emitter::EmitError::Graph(emitter::graph::GraphError::Options(e)).into())
}

/// The weights the graphs read fused (see `emitter::graph::Projections`), by full name.
fn fused_weights(config: &ModelConfig, opts: &GraphOptions) -> Result<Vec<String>, EngineError> {
    if opts.projections == emitter::graph::Projections::Apart {
        return Ok(Vec::new());
    }
    Ok(graph_weights(config, opts)?.fused())
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
    let groupable = emitter::graph::Weights::groupable(
        config,
        graph_options.weight_layout,
        graph_options.cpu_kernels,
    );
    let mut plan = model.weight_plan(precision, &loader::Tiling::of(groupable))?;
    if graph_options.cpu_kernels {
        keep_file_bits(&mut plan);
    }
    loader::fuse_rows(&mut plan, &fused_weights(config, &graph_options)?)?;
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
