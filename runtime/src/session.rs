//! A [`Session`]: loaded modules and their parameters in one VM context.

use std::ffi::CString;
use std::path::PathBuf;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, MutexGuard};

use runtime_sys as sys;

use crate::device::Runtime;
use crate::error::{Result, RuntimeError};
use crate::ffi::{check, cstring};
use crate::function::Function;
use crate::tensor::{Element, Tensor};

/// How the parameter file is brought into memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ParameterMode {
    /// Memory-mapped; local devices use the weights in place.
    #[default]
    Mmap,
    /// Read into memory at load.
    Preload,
    /// Read through file I/O as needed.
    File,
    /// Copied once into anonymous memory on transparent huge pages where the
    /// kernel offers them; local devices then use it in place. Decode streams
    /// every weight each step, and that runs faster from huge anonymous pages
    /// than from a file mapping's 4 KiB pages.
    Resident,
}

impl ParameterMode {
    pub const ALL: [ParameterMode; 4] = [
        ParameterMode::Mmap,
        ParameterMode::Preload,
        ParameterMode::File,
        ParameterMode::Resident,
    ];

    fn raw(self) -> sys::shim_parameter_mode_e {
        match self {
            ParameterMode::Mmap => sys::shim_parameter_mode_e::SHIM_PARAMETER_MODE_MMAP,
            ParameterMode::Preload => sys::shim_parameter_mode_e::SHIM_PARAMETER_MODE_PRELOAD,
            ParameterMode::File => sys::shim_parameter_mode_e::SHIM_PARAMETER_MODE_FILE,
            ParameterMode::Resident => sys::shim_parameter_mode_e::SHIM_PARAMETER_MODE_RESIDENT,
        }
    }
}

/// What a session loads: modules in order and an optional parameter file.
#[derive(Debug, Clone)]
pub struct SessionOptions {
    pub modules: Vec<PathBuf>,
    pub parameters: Option<PathBuf>,
    /// Scope the graphs name their parameters under (`"model"`).
    pub parameter_scope: String,
    pub parameter_mode: ParameterMode,
    /// Reads every result through the session's staging buffer, as results in device memory
    /// are read, also where the host could read them in place: how that path is tested on a
    /// CPU. Off for real work.
    pub stage_results: bool,
}

impl SessionOptions {
    pub fn new(modules: impl IntoIterator<Item = impl Into<PathBuf>>) -> SessionOptions {
        SessionOptions {
            modules: modules.into_iter().map(Into::into).collect(),
            parameters: None,
            parameter_scope: "model".into(),
            parameter_mode: ParameterMode::default(),
            stage_results: false,
        }
    }

    pub fn parameters(mut self, path: impl Into<PathBuf>) -> SessionOptions {
        self.parameters = Some(path.into());
        self
    }

    pub fn parameter_mode(mut self, mode: ParameterMode) -> SessionOptions {
        self.parameter_mode = mode;
        self
    }

    pub fn stage_results(mut self, stage: bool) -> SessionOptions {
        self.stage_results = stage;
        self
    }
}

pub(crate) struct SessionInner {
    pub(crate) raw: NonNull<sys::shim_session_t>,
    lock: Mutex<()>,
    _runtime: Arc<Runtime>,
}

// SAFETY: every use of `raw` after creation happens under `lock`.
unsafe impl Send for SessionInner {}
unsafe impl Sync for SessionInner {}

impl SessionInner {
    pub(crate) fn guard(&self) -> MutexGuard<'_, ()> {
        // A panic while holding the lock cannot leave IREE state half-done
        // (the shim resets its call state), so poisoning is ignored.
        self.lock.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Drop for SessionInner {
    fn drop(&mut self) {
        // SAFETY: functions and tensors hold an Arc to us, so none remain.
        unsafe { sys::shim_session_free(self.raw.as_ptr()) }
    }
}

/// Loaded modules sharing one VM context (and so one set of globals).
#[derive(Clone)]
pub struct Session {
    inner: Arc<SessionInner>,
}

impl Session {
    pub fn new(runtime: &Arc<Runtime>, options: &SessionOptions) -> Result<Session> {
        let modules: Vec<CString> = options
            .modules
            .iter()
            .map(|p| cstring("module path", &p.to_string_lossy()))
            .collect::<Result<_>>()?;
        let module_ptrs: Vec<*const std::os::raw::c_char> =
            modules.iter().map(|m| m.as_ptr()).collect();
        let parameters = match &options.parameters {
            Some(p) => Some(cstring("parameter path", &p.to_string_lossy())?),
            None => None,
        };
        let scope = cstring("parameter scope", &options.parameter_scope)?;
        let raw_options = sys::shim_session_options_t {
            module_paths: module_ptrs.as_ptr(),
            module_count: module_ptrs.len(),
            parameter_path: parameters.as_ref().map_or(std::ptr::null(), |p| p.as_ptr()),
            parameter_scope: scope.as_ptr(),
            parameter_mode: options.parameter_mode.raw(),
            stage_results: options.stage_results,
        };
        let mut raw = std::ptr::null_mut();
        // SAFETY: all pointers outlive the call; out-pointer written on success.
        check(
            unsafe { sys::shim_session_create(runtime.raw.as_ptr(), &raw_options, &mut raw) },
            || format!("loading {} module(s)", options.modules.len()),
        )?;
        let raw = NonNull::new(raw).expect("shim returned success with a null session");
        Ok(Session {
            inner: Arc::new(SessionInner {
                raw,
                lock: Mutex::new(()),
                _runtime: runtime.clone(),
            }),
        })
    }

    /// Resolves an exported function (`module.name` or a bare name).
    pub fn function(&self, name: &str) -> Result<Function> {
        let c_name = cstring("function name", name)?;
        let mut raw = std::ptr::null_mut();
        let _guard = self.inner.guard();
        // SAFETY: session pointer valid; locked; out-pointer written on success.
        check(
            unsafe {
                sys::shim_function_lookup(self.inner.raw.as_ptr(), c_name.as_ptr(), &mut raw)
            },
            || format!("looking up function `{name}`"),
        )?;
        let raw = NonNull::new(raw).expect("shim returned success with a null function");
        let function = Function {
            raw,
            session: self.inner.clone(),
            name: name.to_string(),
            signature: None,
        };
        function.with_signature()
    }

    /// Uploads `data` as a device tensor of `shape`.
    pub fn tensor<T: Element>(&self, shape: &[usize], data: &[T]) -> Result<Tensor> {
        let expected: usize = shape.iter().product();
        if expected != data.len() {
            return Err(RuntimeError::Shape(format!(
                "tensor of shape {shape:?} needs {expected} elements, got {}",
                data.len()
            )));
        }
        let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        let mut raw = std::ptr::null_mut();
        let _guard = self.inner.guard();
        // SAFETY: dims/data valid for the stated lengths; locked.
        check(
            unsafe {
                sys::shim_tensor_create(
                    self.inner.raw.as_ptr(),
                    T::DTYPE.raw(),
                    dims.len(),
                    dims.as_ptr(),
                    data.as_ptr().cast(),
                    std::mem::size_of_val(data),
                    &mut raw,
                )
            },
            || format!("creating a {} tensor of shape {shape:?}", T::DTYPE),
        )?;
        let raw = NonNull::new(raw).expect("shim returned success with a null tensor");
        Ok(Tensor {
            raw,
            session: self.inner.clone(),
            dtype: T::DTYPE,
            shape: shape.to_vec(),
        })
    }
}
