//! A [`Runtime`]: one IREE device.

use std::ptr::NonNull;
use std::sync::{Arc, OnceLock};

use runtime_sys as sys;

use crate::error::{Result, RuntimeError, StatusCode};
use crate::ffi::{check, cstring};

/// One device. Every runtime in the process shares one IREE instance: creating an instance
/// rewrites process-wide VM type registrations, which would fail calls running elsewhere.
pub struct Runtime {
    pub(crate) raw: NonNull<sys::shim_runtime_t>,
    device_uri: String,
}

// SAFETY: IREE instances and HAL devices are internally synchronised; the
// shim only reads them after creation.
unsafe impl Send for Runtime {}
unsafe impl Sync for Runtime {}

impl Runtime {
    /// Creates a device from a URI such as `local-task`, `local-sync`,
    /// `cuda` or `metal`. The IREE runtime flags in [`RUNTIME_FLAGS_ENV`], if set, apply to
    /// every device of the process (the first creation sets them).
    pub fn new(device_uri: &str) -> Result<Arc<Runtime>> {
        flags_from_env()?;
        let uri = cstring("device URI", device_uri)?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: valid C string and out-pointer; written only on success.
        check(
            unsafe { sys::shim_runtime_create(uri.as_ptr(), &mut raw) },
            || format!("creating device `{device_uri}`"),
        )?;
        let raw = NonNull::new(raw).expect("shim returned success with a null runtime");
        Ok(Arc::new(Runtime {
            raw,
            device_uri: device_uri.to_string(),
        }))
    }

    pub fn device_uri(&self) -> &str {
        &self.device_uri
    }

    /// Starts or stops the CUDA profiler's collection, so a profiler started with collection
    /// off (`ncu --profile-from-start off`) records only the device work in between. Does
    /// nothing on other devices.
    pub fn profiler(&self, collect: bool) -> Result<()> {
        // SAFETY: `raw` is a live runtime.
        check(
            unsafe { sys::shim_runtime_profiler(self.raw.as_ptr(), collect) },
            || {
                format!(
                    "switching the profiler {}",
                    if collect { "on" } else { "off" }
                )
            },
        )
    }

    /// Whether the device runs on this host's CPU and reads host memory in
    /// place (`local-task`, `local-sync`).
    pub fn is_local(&self) -> bool {
        self.device_uri.starts_with("local")
    }
}

/// IREE runtime flags for every device of the process, separated by spaces, such as
/// `--cuda_use_streams=false` (CUDA graphs instead of streams) or
/// `--task_topology_max_group_count=2`: how one build compares runtime settings.
pub const RUNTIME_FLAGS_ENV: &str = "LLM_IREE_RUNTIME_FLAGS";

/// The runtime flags every process starts from, before [`RUNTIME_FLAGS_ENV`]'s (which can set
/// them otherwise: the last value of a flag holds).
///
/// `--task_worker_spin_us=20`: a CPU worker that runs out of tasks spins up to 20 µs for the
/// next one before it parks (IREE's default is 0, park at once). A decode step is a chain of
/// short dispatches with the host's sampling between steps, and a parked worker can wake a
/// scheduler tick late. On a 2-core Zen 5 VM, SmolLM2's one-row step (`bench --slots 8
/// --batch 1 --steps 64`, runs alternating): with 0, medians of 3.5-4.7 ms in 8 of 16 runs
/// and 5.4-8.0 ms in the other 8 (fastest steps 3.2-3.6 ms throughout); with 20, 3.7-4.2 ms in
/// 6 of 6; with 100, 3.8-4.4 ms in 10 of 10 (a spinning worker takes a core from the host's
/// thread), where 8 rows and the Llama-3.2-1B shape's steps were the same as with 0.
pub const DEFAULT_RUNTIME_FLAGS: &[&str] = &["--task_worker_spin_us=20"];

/// Applies [`DEFAULT_RUNTIME_FLAGS`], then [`RUNTIME_FLAGS_ENV`]'s, once per process; every
/// later call gets the same outcome.
fn flags_from_env() -> Result<()> {
    static APPLIED: OnceLock<std::result::Result<(), (StatusCode, String)>> = OnceLock::new();
    let outcome = APPLIED.get_or_init(|| {
        let text = std::env::var(RUNTIME_FLAGS_ENV).unwrap_or_default();
        let flags: Vec<&str> = DEFAULT_RUNTIME_FLAGS
            .iter()
            .copied()
            .chain(text.split_whitespace())
            .collect();
        set_flags(&flags).map_err(|e| match e {
            RuntimeError::Iree { code, message, .. } => (code, message),
            other => (StatusCode::InvalidArgument, other.to_string()),
        })
    });
    outcome
        .clone()
        .map_err(|(code, message)| RuntimeError::Iree {
            code,
            context: format!("applying DEFAULT_RUNTIME_FLAGS, then {RUNTIME_FLAGS_ENV}"),
            message,
        })
}

/// Sets IREE runtime flags for the devices created after this call (process-wide).
pub fn set_flags(flags: &[&str]) -> Result<()> {
    if flags.is_empty() {
        return Ok(());
    }
    let owned = flags
        .iter()
        .map(|f| cstring("runtime flag", f))
        .collect::<Result<Vec<_>>>()?;
    let pointers: Vec<*const std::ffi::c_char> = owned.iter().map(|f| f.as_ptr()).collect();
    // SAFETY: `pointers` holds `owned.len()` valid C strings that outlive the call; the shim
    // copies what it keeps.
    check(
        unsafe { sys::shim_runtime_flags(pointers.as_ptr(), pointers.len()) },
        || format!("setting runtime flags {flags:?}"),
    )
}

impl Drop for Runtime {
    fn drop(&mut self) {
        // SAFETY: created by shim_runtime_create; sessions hold an Arc to us.
        unsafe { sys::shim_runtime_free(self.raw.as_ptr()) }
    }
}
