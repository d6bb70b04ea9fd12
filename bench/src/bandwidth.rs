//! Host memory read bandwidth, measured the way a decode step reads weights:
//! every core streaming through a buffer far larger than the caches.

use std::time::Instant;

/// A buffer far larger than the caches, to stream through.
pub struct Probe {
    buffer: Vec<u64>,
    threads: usize,
}

impl Probe {
    pub fn new(bytes: usize, threads: usize) -> Probe {
        let buffer = (0..(bytes / 8) as u64).map(|i| i.wrapping_mul(0x9E37_79B9)).collect();
        Probe { buffer, threads: threads.max(1) }
    }

    /// Best-of-`rounds` read bandwidth in bytes/s, the buffer split across the threads.
    pub fn read_bandwidth(&self, rounds: usize) -> f64 {
        let chunk = self.buffer.len().div_ceil(self.threads);
        let mut best = 0f64;
        for _ in 0..rounds {
            let started = Instant::now();
            let total: u64 = std::thread::scope(|scope| {
                let handles: Vec<_> = self.buffer.chunks(chunk).map(|part| scope.spawn(move || sum(part))).collect();
                handles.into_iter().map(|h| h.join().expect("bandwidth thread")).fold(0, u64::wrapping_add)
            });
            std::hint::black_box(total);
            best = best.max((self.buffer.len() * 8) as f64 / started.elapsed().as_secs_f64());
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
