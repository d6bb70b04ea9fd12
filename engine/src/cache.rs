//! The cache as a user sees it: compiled modules and converted parameter files under one
//! directory, bounded by a size limit with least-recently-used eviction.
//!
//! An entry's last use is its modification time: a cache hit touches it. Downloaded models
//! (`models/`) are inputs, not cache entries, and are never removed here. An entry whose
//! lock another process holds (being written, or waited for) is never removed.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The size limit when `LLM_IREE_CACHE_LIMIT` does not set one: room for an 8B model's
/// parameter file and modules next to a few small models'.
pub const DEFAULT_LIMIT: u64 = 20 << 30;

/// Leftovers of killed compiles or conversions older than this are removed by a prune.
const STALE: Duration = Duration::from_secs(24 * 3600);

/// What one cache entry holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// A compiled module (`.vmfb`).
    Module,
    /// A converted parameter file.
    Weights,
    /// A temporary file of a compile or conversion that did not finish.
    Leftover,
}

impl EntryKind {
    pub fn name(self) -> &'static str {
        match self {
            EntryKind::Module => "module",
            EntryKind::Weights => "weights",
            EntryKind::Leftover => "leftover",
        }
    }
}

/// One file of the cache.
#[derive(Debug, Clone)]
pub struct Entry {
    pub path: PathBuf,
    pub kind: EntryKind,
    pub bytes: u64,
    pub last_use: SystemTime,
}

#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error("I/O error at {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "cache size limit {0:?}: expected bytes with an optional K, M, G or T suffix (e.g. 20G)"
    )]
    BadLimit(String),
}

/// The subdirectories holding entries, and what their files are.
const DIRS: [(&str, EntryKind); 3] = [
    ("vmfb", EntryKind::Module),
    ("test-vmfb", EntryKind::Module),
    ("params", EntryKind::Weights),
];

fn kind_of(path: &Path, dir_kind: EntryKind) -> Option<EntryKind> {
    let name = path.file_name()?.to_str()?;
    if name.ends_with(".lock") {
        return None;
    }
    if name.ends_with(".partial")
        || name.contains(".partial.")
        || name.starts_with(".partial-")
        || name.ends_with(".mlir")
    {
        return Some(EntryKind::Leftover);
    }
    let complete = match dir_kind {
        EntryKind::Module => name.ends_with(".vmfb"),
        _ => name.ends_with(".safetensors") || name.ends_with(".irpa"),
    };
    complete.then_some(dir_kind)
}

/// Every entry under the cache directory `root`, least recently used first.
pub fn entries(root: &Path) -> Result<Vec<Entry>, CacheError> {
    let mut found = Vec::new();
    for (dir, dir_kind) in DIRS {
        let dir = root.join(dir);
        let listing = match std::fs::read_dir(&dir) {
            Ok(listing) => listing,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(source) => return Err(CacheError::Io { path: dir, source }),
        };
        for item in listing.flatten() {
            let path = item.path();
            let Some(kind) = kind_of(&path, dir_kind) else {
                continue;
            };
            let Ok(meta) = item.metadata() else { continue };
            if !meta.is_file() {
                continue;
            }
            found.push(Entry {
                path,
                kind,
                bytes: meta.len(),
                last_use: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            });
        }
    }
    found.sort_by_key(|e| e.last_use);
    Ok(found)
}

/// Marks `path` as used now. Failing loses only its place in the eviction order.
pub fn touch(path: &Path) {
    if let Ok(file) = std::fs::File::options().append(true).open(path) {
        let _ = file.set_modified(SystemTime::now());
    }
}

/// `LLM_IREE_CACHE_LIMIT` (bytes, or with a K/M/G/T suffix), else [`DEFAULT_LIMIT`].
pub fn limit() -> Result<u64, CacheError> {
    match std::env::var("LLM_IREE_CACHE_LIMIT") {
        Ok(text) => parse_size(&text),
        Err(_) => Ok(DEFAULT_LIMIT),
    }
}

/// `20G`, `512M`, `1.5T`, `1000` (bytes): binary multiples.
pub fn parse_size(text: &str) -> Result<u64, CacheError> {
    let bad = || CacheError::BadLimit(text.to_string());
    let trimmed = text.trim();
    let (number, shift) = match trimmed.char_indices().last().ok_or_else(bad)? {
        (i, 'K' | 'k') => (&trimmed[..i], 10),
        (i, 'M' | 'm') => (&trimmed[..i], 20),
        (i, 'G' | 'g') => (&trimmed[..i], 30),
        (i, 'T' | 't') => (&trimmed[..i], 40),
        _ => (trimmed, 0),
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    if !value.is_finite() || value < 0.0 {
        return Err(bad());
    }
    Ok((value * (1u64 << shift) as f64) as u64)
}

/// Removes entries, least recently used first, until the cache holds at most `limit` bytes;
/// leftovers older than a day go first. Entries in `keep` (what the caller is about to use)
/// and entries another process holds the lock of stay. Returns what was removed.
pub fn prune(root: &Path, limit: u64, keep: &[&Path]) -> Result<Vec<Entry>, CacheError> {
    let all = entries(root)?;
    let mut total: u64 = all.iter().map(|e| e.bytes).sum();
    let now = SystemTime::now();
    let stale = |e: &Entry| {
        e.kind == EntryKind::Leftover && now.duration_since(e.last_use).unwrap_or_default() > STALE
    };
    let (leftovers, rest): (Vec<Entry>, Vec<Entry>) = all.into_iter().partition(stale);
    let mut removed = Vec::new();
    for entry in leftovers.into_iter().chain(rest) {
        let is_stale = stale(&entry);
        // A fresh leftover is a compile or conversion still running.
        let in_flight = entry.kind == EntryKind::Leftover && !is_stale;
        if in_flight || keep.contains(&entry.path.as_path()) || !is_stale && total <= limit {
            continue;
        }
        let Ok(Some(_lock)) = loader::CacheLock::try_acquire(&entry.path) else {
            continue;
        };
        if let Err(source) = std::fs::remove_file(&entry.path) {
            return Err(CacheError::Io {
                path: entry.path,
                source,
            });
        }
        let _ = std::fs::remove_file(loader::CacheLock::path_of(&entry.path));
        total -= entry.bytes;
        removed.push(entry);
    }
    Ok(removed)
}

/// Holds the cache under its limit after new entries were written, keeping `keep`; what goes
/// is logged. A failure is logged, not returned: the entries the caller needs are in place.
pub fn enforce_limit(root: &Path, keep: &[&Path]) {
    let result = limit().and_then(|limit| prune(root, limit, keep));
    match result {
        Ok(removed) => {
            for entry in removed {
                tracing::info!(
                    "cache over its limit: removed the least recently used {} {} ({})",
                    entry.kind.name(),
                    entry.path.display(),
                    human_bytes(entry.bytes)
                );
            }
        }
        Err(error) => tracing::warn!("cache limit not enforced: {error}"),
    }
}

/// `1.5 GiB`, `320.0 MiB`, `12 B`.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    if value < 1024.0 {
        return format!("{bytes} B");
    }
    let mut unit = "B";
    for u in UNITS {
        if value < 1024.0 {
            break;
        }
        value /= 1024.0;
        unit = u;
    }
    format!("{value:.1} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(root: &Path, dir: &str, name: &str, bytes: usize, age_s: u64) -> PathBuf {
        let path = root.join(dir).join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, vec![0u8; bytes]).unwrap();
        let file = std::fs::File::options().append(true).open(&path).unwrap();
        file.set_modified(SystemTime::now() - Duration::from_secs(age_s))
            .unwrap();
        path
    }

    #[test]
    fn sizes_parse_with_binary_suffixes() {
        assert_eq!(parse_size("1000").unwrap(), 1000);
        assert_eq!(parse_size("20G").unwrap(), 20 << 30);
        assert_eq!(parse_size("512m").unwrap(), 512 << 20);
        assert_eq!(parse_size("1.5K").unwrap(), 1536);
        assert!(parse_size("lots").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("").is_err());
    }

    #[test]
    fn prune_removes_least_recently_used_first_and_keeps_what_is_asked() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let old = file(root, "params", "old.safetensors", 400, 300);
        let kept = file(root, "vmfb", "kept.vmfb", 300, 200);
        let middle = file(root, "vmfb", "middle.vmfb", 200, 100);
        let new = file(root, "params", "new.safetensors", 100, 0);
        file(root, "params", "new.safetensors.lock", 0, 0);
        // A GGUF under models/ is an input, never an entry.
        file(root, "models", "model.gguf", 5000, 1000);
        let listed: Vec<PathBuf> = entries(root).unwrap().into_iter().map(|e| e.path).collect();
        assert_eq!(
            listed,
            vec![old.clone(), kept.clone(), middle.clone(), new.clone()]
        );
        // 1000 bytes against a limit of 400: `old` and `middle` go (`kept` is kept); 400 remain.
        let removed = prune(root, 400, &[&kept]).unwrap();
        let removed: Vec<PathBuf> = removed.into_iter().map(|e| e.path).collect();
        assert_eq!(removed, vec![old.clone(), middle.clone()]);
        assert!(!old.exists() && !middle.exists());
        assert!(kept.exists() && new.exists());
        // Under the limit nothing goes.
        assert!(prune(root, 10_000, &[]).unwrap().is_empty());
    }

    #[test]
    fn an_entry_locked_by_its_writer_stays() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let busy = file(root, "params", "busy.safetensors", 100, 100);
        let _writer = loader::CacheLock::acquire(&busy, || {}).unwrap();
        // The lock is per open file description, so a second open in this process conflicts
        // as another process would.
        assert!(prune(root, 0, &[]).unwrap().is_empty());
        assert!(busy.exists());
    }

    #[test]
    fn stale_leftovers_go_and_fresh_ones_stay() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let stale = file(root, "vmfb", "m-abc.123-0.partial", 10, 3 * 24 * 3600);
        let fresh = file(root, "vmfb", "m-abc.456-0.mlir", 10, 10);
        let removed = prune(root, u64::MAX, &[]).unwrap();
        assert_eq!(removed.len(), 1);
        assert!(!stale.exists() && fresh.exists());
    }
}
