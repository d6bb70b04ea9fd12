//! Resident memory of this process, from /proc.

/// VmRSS and VmHWM in bytes (0 when /proc is unavailable).
pub fn resident() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map_or(0, |kb| kb * 1024)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Starts the peak (VmHWM) over from the current resident size, so that a buffer freed
/// before now (the bandwidth probe's) does not count as the model's peak. Linux only;
/// elsewhere the peak keeps counting from the start.
pub fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}
