//! Where the project keeps its venv and caches.

use std::path::PathBuf;

/// The workspace root: `LLM_IREE_ROOT` if set, else the nearest ancestor of
/// the current directory holding `.venv`, else the source tree this crate
/// was built from.
pub fn workspace_root() -> PathBuf {
    if let Some(root) = std::env::var_os("LLM_IREE_ROOT") {
        return PathBuf::from(root);
    }
    if let Ok(cwd) = std::env::current_dir() {
        if let Some(dir) = cwd
            .ancestors()
            .find(|d| d.join(".venv").is_dir() && d.join("Cargo.toml").is_file())
        {
            return dir.to_path_buf();
        }
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

/// The cache directory for compiled modules and converted weights.
pub fn cache_dir() -> PathBuf {
    std::env::var_os("LLM_IREE_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join(".cache"))
}
