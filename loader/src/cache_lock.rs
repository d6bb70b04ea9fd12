//! A cross-process lock around filling one cache entry.
//!
//! Compiles and conversions take minutes; two processes asking for the same entry at once (parallel
//! tests, a server and a bench) should do the work once, the second waiting and then reading the
//! first's result.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// Holds an exclusive advisory lock on `<entry>.lock` until dropped.
pub struct CacheLock {
    _file: File,
}

impl CacheLock {
    /// Blocks until no other process fills `entry`. `on_wait` runs once if it has to wait. The lock
    /// file is left behind: removing it would race with a process that just opened it.
    pub fn acquire(entry: &Path, on_wait: impl FnOnce()) -> std::io::Result<CacheLock> {
        let file = open_lock_file(entry)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                on_wait();
                file.lock()?;
            }
            Err(TryLockError::Error(e)) => return Err(e),
        }
        Ok(CacheLock { _file: file })
    }

    /// The lock if no other process holds it now, without waiting: what a cache pruner takes
    /// before removing an entry, so an entry being filled is never removed under its writer.
    pub fn try_acquire(entry: &Path) -> std::io::Result<Option<CacheLock>> {
        let file = open_lock_file(entry)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(CacheLock { _file: file })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(e)) => Err(e),
        }
    }

    /// The lock file of `entry`, left behind by [`CacheLock::acquire`].
    pub fn path_of(entry: &Path) -> PathBuf {
        lock_path(entry)
    }
}

fn open_lock_file(entry: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock_path(entry))
}

fn lock_path(entry: &Path) -> PathBuf {
    let mut name = entry.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn a_second_holder_waits_for_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let entry = dir.path().join("module.vmfb");
        let first = CacheLock::acquire(&entry, || panic!("nobody holds it yet")).unwrap();
        let (tx, rx) = mpsc::channel();
        let waiter = std::thread::spawn({
            let entry = entry.clone();
            move || {
                let mut waited = false;
                let _second = CacheLock::acquire(&entry, || waited = true).unwrap();
                tx.send(waited).unwrap();
            }
        });
        assert!(
            rx.recv_timeout(Duration::from_millis(300)).is_err(),
            "lock not exclusive"
        );
        drop(first);
        assert!(
            rx.recv_timeout(Duration::from_secs(10)).unwrap(),
            "waiter never waited"
        );
        waiter.join().unwrap();
    }
}
