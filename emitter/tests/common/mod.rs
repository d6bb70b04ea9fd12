//! Set-up shared by the emitter's compile tests.

use std::path::{Path, PathBuf};

/// The workspace root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
}

/// `IREE_COMPILE`, else the project venv's iree-compile, if it exists.
pub fn iree_compile() -> Option<PathBuf> {
    let path = std::env::var_os("IREE_COMPILE")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join(".venv/bin/iree-compile"));
    path.exists().then_some(path)
}
