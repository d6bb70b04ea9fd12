//! Host memory read bandwidth, measured the way a decode step reads weights:
//! every core streaming through a buffer far larger than the caches.

use std::time::Instant;

/// Best-of-`rounds` read bandwidth in bytes/s over a `bytes` buffer split
/// across `threads`.
pub fn read_bandwidth(bytes: usize, threads: usize, rounds: usize) -> f64 {
    let words = bytes / 8;
    let buffer: Vec<u64> = (0..words as u64).map(|i| i.wrapping_mul(0x9E37_79B9)).collect();
    let chunk = words.div_ceil(threads.max(1));
    let mut best = 0f64;
    for _ in 0..rounds {
        let started = Instant::now();
        let total: u64 = std::thread::scope(|scope| {
            let handles: Vec<_> = buffer.chunks(chunk).map(|part| scope.spawn(move || sum(part))).collect();
            handles.into_iter().map(|h| h.join().expect("bandwidth thread")).fold(0, u64::wrapping_add)
        });
        std::hint::black_box(total);
        best = best.max((words * 8) as f64 / started.elapsed().as_secs_f64());
    }
    best
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
