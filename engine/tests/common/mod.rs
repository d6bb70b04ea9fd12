//! What the engine's integration tests share.

use std::path::PathBuf;

/// The default model, or `None` (the test skips) unless `LOADER_REQUIRE_MODEL` asks for it.
pub fn default_model() -> Option<PathBuf> {
    match loader::default_model_path() {
        Ok(path) => Some(path),
        Err(e) if std::env::var_os("LOADER_REQUIRE_MODEL").is_none() => {
            eprintln!("skipping: {e}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}
