//! Checks a `.safetensors` parameter file against the emitter's manifest.
//! IREE only notices a parameter that is too small; a wrong shape of the same
//! or larger size, or a wrong dtype, would run silently wrong.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use emitter::Manifest;

use crate::error::EngineError;

struct Entry {
    dtype: String,
    shape: Vec<i64>,
}

fn read_header(path: &Path) -> Result<HashMap<String, Entry>, EngineError> {
    let bad = |detail: String| EngineError::Parameters { path: path.to_path_buf(), detail };
    let mut file = std::fs::File::open(path).map_err(|e| bad(e.to_string()))?;
    let mut len = [0u8; 8];
    file.read_exact(&mut len).map_err(|e| bad(format!("header: {e}")))?;
    let len = u64::from_le_bytes(len);
    if len > 100 << 20 {
        return Err(bad(format!("header of {len} bytes is implausible")));
    }
    let mut header = vec![0u8; len as usize];
    file.read_exact(&mut header).map_err(|e| bad(format!("header: {e}")))?;
    let json: serde_json::Value = serde_json::from_slice(&header).map_err(|e| bad(format!("header json: {e}")))?;
    let object = json.as_object().ok_or_else(|| bad("header is not an object".into()))?;
    let mut entries = HashMap::new();
    for (name, value) in object {
        if name == "__metadata__" {
            continue;
        }
        let dtype = value["dtype"].as_str().unwrap_or_default().to_string();
        let shape = value["shape"]
            .as_array()
            .map(|dims| dims.iter().filter_map(|d| d.as_i64()).collect())
            .unwrap_or_default();
        entries.insert(name.clone(), Entry { dtype, shape });
    }
    Ok(entries)
}

fn safetensors_dtype(elem: &str) -> &'static str {
    match elem {
        "f32" => "F32",
        "f16" => "F16",
        "bf16" => "BF16",
        "i32" => "I32",
        _ => "?",
    }
}

/// Every manifest parameter must be present with the same shape and dtype.
pub fn check_against_manifest(path: &Path, manifest: &Manifest) -> Result<(), EngineError> {
    if path.extension().is_none_or(|e| e != "safetensors") {
        return Ok(());
    }
    let entries = read_header(path)?;
    for param in &manifest.parameters {
        let want_dtype = safetensors_dtype(param.ty.elem.mlir());
        let detail = match entries.get(&param.name) {
            None => Some(format!("missing parameter `{}`", param.name)),
            Some(e) if e.shape != param.ty.shape || e.dtype != want_dtype => Some(format!(
                "parameter `{}` is {} {:?}, the graphs need {} {:?}",
                param.name, e.dtype, e.shape, want_dtype, param.ty.shape
            )),
            Some(_) => None,
        };
        if let Some(detail) = detail {
            return Err(EngineError::Parameters { path: path.to_path_buf(), detail });
        }
    }
    Ok(())
}
