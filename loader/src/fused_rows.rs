//! Projections stored as one weight of their rows (see `weight_format::FUSED_ROWS`): a plan
//! names the fused weight in place of its parts, and the writer assembles it from them.

use weight_format::fused_parts;

use crate::error::{Error, Result};
use crate::parameters::{Assembly, Dtype, PlannedTensor};
use crate::weight_plan::{StoredFormat, WeightPlan};

/// Names each fused weight of `fused` in `plan` in place of its parts. The parts must be dense;
/// the fused weight is stored as they are, or as f32 where their float types differ (an f32
/// holds every f16 and bf16 value, so no value changes).
pub fn fuse_rows(plan: &mut WeightPlan, fused: &[String]) -> Result<()> {
    for name in fused {
        let parts = parts_of(name)?;
        let mut formats = Vec::with_capacity(parts.len());
        for part in &parts {
            match plan.get(part) {
                Some(StoredFormat::Dense(dtype)) => formats.push(*dtype),
                Some(other) => {
                    return Err(fused_error(
                        name,
                        format!("{part} is stored as {other}; only dense parts are fused"),
                    ))
                }
                None => return Err(fused_error(name, format!("the plan has no {part}"))),
            }
        }
        let dtype = match formats.iter().all(|d| *d == formats[0]) {
            true => formats[0],
            false => Dtype::F32,
        };
        for part in &parts {
            plan.remove(part);
        }
        plan.insert(name.clone(), StoredFormat::Dense(dtype));
    }
    Ok(())
}

/// `tensors` as `plan` stores them: each fused weight it names assembled from its parts, in
/// the first part's place.
pub(crate) fn assemble(
    mut tensors: Vec<PlannedTensor>,
    plan: &WeightPlan,
) -> Result<Vec<PlannedTensor>> {
    for name in plan.keys() {
        if tensors.iter().any(|t| &t.name == name) {
            continue;
        }
        let Some(parts) = fused_parts(name) else {
            continue;
        };
        let mut at = Vec::with_capacity(parts.len());
        for part in &parts {
            let found = tensors.iter().position(|t| &t.name == part);
            at.push(found.ok_or_else(|| fused_error(name, format!("the model has no {part}")))?);
        }
        let fused = rows_of(name, at.iter().map(|&i| &tensors[i]))?;
        let first = at[0];
        tensors[first] = fused;
        at.sort_unstable();
        for &i in at.iter().rev().filter(|&&i| i != first) {
            tensors.remove(i);
        }
    }
    Ok(tensors)
}

/// One tensor of the rows of `parts`: whole matrices of one width.
fn rows_of<'a>(
    name: &str,
    parts: impl Iterator<Item = &'a PlannedTensor>,
) -> Result<PlannedTensor> {
    let mut rows = 0;
    let mut width = None;
    let (mut sources, mut elements) = (Vec::new(), Vec::new());
    let mut first = None;
    for part in parts {
        let [r, w] = part.shape[..] else {
            return Err(fused_error(name, format!("{} is not a matrix", part.name)));
        };
        if *width.get_or_insert(w) != w || part.assembly != Assembly::Whole {
            return Err(fused_error(
                name,
                format!(
                    "{} is {:?}, not whole rows of the same width",
                    part.name, part.shape
                ),
            ));
        }
        if !crate::dequant::is_supported(part.source_type) {
            return Err(Error::Dequant {
                tensor: part.name.clone(),
                source: crate::dequant::DequantError::Unsupported(part.source_type),
            });
        }
        rows += r;
        sources.push(part.source_index);
        elements.push(part.n_elements());
        first.get_or_insert((part.source_index, part.source_type));
    }
    let (source_index, source_type) = first.expect("a fused weight has parts");
    Ok(PlannedTensor {
        name: name.to_string(),
        shape: vec![rows, width.unwrap_or(0)],
        source_index,
        source_type,
        assembly: Assembly::Rows { sources, elements },
    })
}

fn parts_of(name: &str) -> Result<Vec<String>> {
    fused_parts(name).ok_or_else(|| fused_error(name, "no fused weight has this name".into()))
}

fn fused_error(fused: &str, reason: String) -> Error {
    Error::Fused {
        fused: fused.to_string(),
        reason,
    }
}
