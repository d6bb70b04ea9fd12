//! Checks a `.safetensors` parameter file against the emitter's manifest.
//! IREE only notices a parameter that is too small; a wrong shape of the same
//! or larger size, or a wrong dtype, would run silently wrong.

use std::collections::HashMap;
use std::path::Path;

use emitter::Manifest;

use crate::error::EngineError;

/// The shape a parameter file stores: 4-bit elements are packed in pairs along the last axis.
fn stored_shape(ty: &emitter::hlo::TensorType) -> Vec<usize> {
    let mut shape: Vec<usize> = ty.shape.iter().map(|&d| d as usize).collect();
    if ty.elem.bits() == 4 {
        if let Some(last) = shape.last_mut() {
            *last /= 2;
        }
    }
    shape
}

/// Every manifest parameter must be present with the same shape and dtype.
pub fn check_against_manifest(path: &Path, manifest: &Manifest) -> Result<(), EngineError> {
    if path.extension().is_none_or(|e| e != "safetensors") {
        return Ok(());
    }
    let entries: HashMap<String, loader::ParameterInfo> = loader::read_parameter_list(path)?
        .into_iter()
        .map(|p| (p.name.clone(), p))
        .collect();
    for param in &manifest.parameters {
        let want_shape = stored_shape(&param.ty);
        let want_dtype = loader::Dtype::try_from(param.ty.elem).ok();
        let detail = match entries.get(&param.name) {
            None => Some(format!("missing parameter `{}`", param.name)),
            Some(e) if e.shape != want_shape || Some(e.dtype) != want_dtype => Some(format!(
                "parameter `{}` is {} {:?}, the graphs need {} {:?}",
                param.name, e.dtype, e.shape, param.ty.elem, param.ty.shape
            )),
            Some(_) => None,
        };
        if let Some(detail) = detail {
            return Err(EngineError::Parameters {
                path: path.to_path_buf(),
                detail,
            });
        }
    }
    Ok(())
}
