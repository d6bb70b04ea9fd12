//! Host memory read bandwidth, measured the way a decode step reads weights:
//! every core streaming through a buffer far larger than the caches, held in
//! the same kind of pages as the engine's resident weights.

use std::alloc::Layout;
use std::time::Instant;

/// The engine keeps CPU weights on transparent huge pages
/// (`ParameterMode::Resident`); the probe does too, so that both read memory
/// the same way and the ratio between them compares like with like.
const HUGE_PAGE: usize = 2 << 20;

/// A buffer far larger than the caches, to stream through.
pub struct Probe {
    buffer: HugeBuffer,
    threads: usize,
}

impl Probe {
    pub fn new(bytes: usize, threads: usize) -> Probe {
        let mut buffer = HugeBuffer::new(bytes / 8);
        for (i, word) in buffer.as_mut_slice().iter_mut().enumerate() {
            *word = (i as u64).wrapping_mul(0x9E37_79B9);
        }
        Probe {
            buffer,
            threads: threads.max(1),
        }
    }

    /// Best-of-`rounds` read bandwidth in bytes/s, the buffer split across the threads.
    pub fn read_bandwidth(&self, rounds: usize) -> f64 {
        let words = self.buffer.as_slice();
        let chunk = words.len().div_ceil(self.threads);
        let mut best = 0f64;
        for _ in 0..rounds {
            let started = Instant::now();
            let total: u64 = std::thread::scope(|scope| {
                let handles: Vec<_> = words
                    .chunks(chunk)
                    .map(|part| scope.spawn(move || sum(part)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("bandwidth thread"))
                    .fold(0, u64::wrapping_add)
            });
            std::hint::black_box(total);
            best = best.max((words.len() * 8) as f64 / started.elapsed().as_secs_f64());
        }
        best
    }
}

/// Four independent accumulators so the loop is bound by loads, not by the
/// add chain.
fn sum(data: &[u64]) -> u64 {
    let mut acc = [0u64; 4];
    let mut chunks = data.chunks_exact(4);
    for c in &mut chunks {
        acc[0] = acc[0].wrapping_add(c[0]);
        acc[1] = acc[1].wrapping_add(c[1]);
        acc[2] = acc[2].wrapping_add(c[2]);
        acc[3] = acc[3].wrapping_add(c[3]);
    }
    let tail: u64 = chunks.remainder().iter().fold(0, |a, &b| a.wrapping_add(b));
    acc.iter().fold(tail, |a, &b| a.wrapping_add(b))
}

/// `u64` words on memory aligned to, and advised onto, huge pages.
struct HugeBuffer {
    ptr: std::ptr::NonNull<u64>,
    len: usize,
}

impl HugeBuffer {
    fn new(len: usize) -> HugeBuffer {
        let layout = HugeBuffer::layout(len);
        // SAFETY: the layout has a non-zero size (at least one huge page).
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        let Some(ptr) = std::ptr::NonNull::new(raw.cast::<u64>()) else {
            std::alloc::handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        // SAFETY: the range is the allocation just made. The advice is only a
        // hint: without transparent huge pages the kernel refuses it and the
        // buffer stays on small pages, which the probe still measures.
        unsafe {
            libc::madvise(raw.cast(), layout.size(), libc::MADV_HUGEPAGE);
        }
        HugeBuffer { ptr, len }
    }

    fn layout(len: usize) -> Layout {
        let bytes = (len.max(1) * 8).next_multiple_of(HUGE_PAGE);
        Layout::from_size_align(bytes, HUGE_PAGE).expect("probe buffer layout")
    }

    fn as_slice(&self) -> &[u64] {
        // SAFETY: `len` zero-initialised words live at `ptr` until drop.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    fn as_mut_slice(&mut self) -> &mut [u64] {
        // SAFETY: as above, and `&mut self` makes this the only view.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for HugeBuffer {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this same layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), HugeBuffer::layout(self.len)) }
    }
}

// SAFETY: the buffer owns its memory; shared access only reads it.
unsafe impl Send for HugeBuffer {}
unsafe impl Sync for HugeBuffer {}
