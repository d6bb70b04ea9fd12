//! Safe API over the IREE runtime shim: a [`Runtime`] owns a device, a
//! [`Session`] holds loaded modules and parameters, a [`Function`] is a
//! resolved entry point and a [`Tensor`] is a device-resident input.
//!
//! All types are `Send + Sync`. IREE's VM context is not safe for concurrent
//! invocation, so every call into a session takes that session's lock.

mod error;
mod ffi;
mod signature;

use std::ffi::CString;
use std::path::PathBuf;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, MutexGuard};

pub use error::{Result, RuntimeError, StatusCode};
use ffi::{check, cstring};
pub use signature::{DType, Signature, TensorType};

use runtime_sys as sys;

/// One device. Every runtime in the process shares one IREE instance: creating an instance
/// rewrites process-wide VM type registrations, which would fail calls running elsewhere.
pub struct Runtime {
    raw: NonNull<sys::shim_runtime_t>,
    device_uri: String,
}

// SAFETY: IREE instances and HAL devices are internally synchronised; the
// shim only reads them after creation.
unsafe impl Send for Runtime {}
unsafe impl Sync for Runtime {}

impl Runtime {
    /// Creates a device from a URI such as `local-task`, `local-sync`,
    /// `cuda` or `metal`.
    pub fn new(device_uri: &str) -> Result<Arc<Runtime>> {
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

    /// Whether the device runs on this host's CPU and reads host memory in
    /// place (`local-task`, `local-sync`).
    pub fn is_local(&self) -> bool {
        self.device_uri.starts_with("local")
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        // SAFETY: created by shim_runtime_create; sessions hold an Arc to us.
        unsafe { sys::shim_runtime_free(self.raw.as_ptr()) }
    }
}

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
}

impl SessionOptions {
    pub fn new(modules: impl IntoIterator<Item = impl Into<PathBuf>>) -> SessionOptions {
        SessionOptions {
            modules: modules.into_iter().map(Into::into).collect(),
            parameters: None,
            parameter_scope: "model".into(),
            parameter_mode: ParameterMode::default(),
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
}

struct SessionInner {
    raw: NonNull<sys::shim_session_t>,
    lock: Mutex<()>,
    _runtime: Arc<Runtime>,
}

// SAFETY: every use of `raw` after creation happens under `lock`.
unsafe impl Send for SessionInner {}
unsafe impl Sync for SessionInner {}

impl SessionInner {
    fn guard(&self) -> MutexGuard<'_, ()> {
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

/// Element types that can cross into IREE.
pub trait Element: Copy + Default + sealed::Sealed + 'static {
    const DTYPE: DType;
}
impl Element for i32 {
    const DTYPE: DType = DType::I32;
}
impl Element for i64 {
    const DTYPE: DType = DType::I64;
}
impl Element for f32 {
    const DTYPE: DType = DType::F32;
}
mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
    impl Sealed for f32 {}
}

/// A device-resident tensor, reusable across calls; rewrite it in place with
/// [`Tensor::write`] to avoid allocating per step.
pub struct Tensor {
    raw: NonNull<sys::shim_tensor_t>,
    session: Arc<SessionInner>,
    dtype: DType,
    shape: Vec<usize>,
}

// SAFETY: all uses of the buffer view go through the session lock.
unsafe impl Send for Tensor {}
unsafe impl Sync for Tensor {}

impl Tensor {
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// Overwrites the contents; `data` must have the tensor's element count.
    pub fn write<T: Element>(&mut self, data: &[T]) -> Result<()> {
        let len: usize = self.shape.iter().product();
        if T::DTYPE != self.dtype || data.len() != len {
            return Err(RuntimeError::Shape(format!(
                "write of {} x {} into a {} tensor of shape {:?}",
                data.len(),
                T::DTYPE,
                self.dtype,
                self.shape
            )));
        }
        let _guard = self.session.guard();
        // SAFETY: pointers valid for the stated byte length; locked.
        check(
            unsafe {
                sys::shim_tensor_write(
                    self.session.raw.as_ptr(),
                    self.raw.as_ptr(),
                    data.as_ptr().cast(),
                    std::mem::size_of_val(data),
                )
            },
            || "writing a tensor".to_string(),
        )
    }
}

impl Drop for Tensor {
    fn drop(&mut self) {
        let _guard = self.session.guard();
        // SAFETY: created by shim_tensor_create; not used after this.
        unsafe { sys::shim_tensor_free(self.raw.as_ptr()) }
    }
}

/// A caller-owned host buffer receiving one result.
pub enum Output<'a> {
    I32(&'a mut [i32]),
    I64(&'a mut [i64]),
    F32(&'a mut [f32]),
}

impl Output<'_> {
    fn dtype(&self) -> DType {
        match self {
            Output::I32(_) => DType::I32,
            Output::I64(_) => DType::I64,
            Output::F32(_) => DType::F32,
        }
    }

    fn len(&self) -> usize {
        match self {
            Output::I32(b) => b.len(),
            Output::I64(b) => b.len(),
            Output::F32(b) => b.len(),
        }
    }

    fn raw(&mut self) -> sys::shim_host_output_t {
        let (data, bytes): (*mut std::ffi::c_void, usize) = match self {
            Output::I32(b) => (b.as_mut_ptr().cast(), std::mem::size_of_val(*b)),
            Output::I64(b) => (b.as_mut_ptr().cast(), std::mem::size_of_val(*b)),
            Output::F32(b) => (b.as_mut_ptr().cast(), std::mem::size_of_val(*b)),
        };
        sys::shim_host_output_t {
            data,
            capacity_bytes: bytes,
            dtype: self.dtype().raw(),
            ..Default::default()
        }
    }
}

/// A host copy of a result, for callers that do not manage buffers.
#[derive(Debug, Clone, PartialEq)]
pub enum HostTensor {
    I32 { shape: Vec<usize>, data: Vec<i32> },
    I64 { shape: Vec<usize>, data: Vec<i64> },
    F32 { shape: Vec<usize>, data: Vec<f32> },
}

impl HostTensor {
    pub fn shape(&self) -> &[usize] {
        match self {
            HostTensor::I32 { shape, .. }
            | HostTensor::I64 { shape, .. }
            | HostTensor::F32 { shape, .. } => shape,
        }
    }

    pub fn as_f32(&self) -> Option<&[f32]> {
        match self {
            HostTensor::F32 { data, .. } => Some(data),
            _ => None,
        }
    }

    pub fn as_i32(&self) -> Option<&[i32]> {
        match self {
            HostTensor::I32 { data, .. } => Some(data),
            _ => None,
        }
    }
}

/// A resolved exported function with its reusable call state.
pub struct Function {
    raw: NonNull<sys::shim_function_t>,
    session: Arc<SessionInner>,
    name: String,
    signature: Option<Signature>,
}

// SAFETY: invocations take the session lock and `&mut self`.
unsafe impl Send for Function {}
unsafe impl Sync for Function {}

impl Function {
    fn with_signature(mut self) -> Result<Function> {
        let (mut text, mut len, mut args, mut results) = (std::ptr::null(), 0usize, 0usize, 0usize);
        // SAFETY: valid function; the text lives as long as the function.
        unsafe {
            sys::shim_function_signature(
                self.raw.as_ptr(),
                &mut text,
                &mut len,
                &mut args,
                &mut results,
            )
        };
        if !text.is_null() && len > 0 {
            // SAFETY: the shim reports `len` readable bytes at `text`.
            let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) };
            let signature = Signature::parse(&self.name, &String::from_utf8_lossy(bytes))?;
            if signature.arguments.len() != args || signature.results.len() != results {
                return Err(RuntimeError::Signature {
                    function: self.name.clone(),
                    detail: format!("declaration disagrees with calling convention ({args} args, {results} results)"),
                });
            }
            self.signature = Some(signature);
        }
        Ok(self)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The reflected signature; `None` for modules built without reflection.
    pub fn signature(&self) -> Option<&Signature> {
        self.signature.as_ref()
    }

    /// Calls the function and copies each result into `outputs`, after
    /// checking inputs and buffers against the reflected signature.
    ///
    /// Reading the results waits for the work that made them. A function
    /// with no results may still be running on the device when this
    /// returns: do not rewrite its input tensors in place until a later
    /// call with results has returned (pass fresh tensors instead).
    pub fn call(&mut self, inputs: &[&Tensor], outputs: &mut [Output<'_>]) -> Result<()> {
        self.validate(inputs, outputs)?;
        self.call_unvalidated(inputs, outputs)
    }

    /// Calls without the host-side signature check; IREE still checks every
    /// argument and reports a mismatch as an error.
    pub fn call_unvalidated(
        &mut self,
        inputs: &[&Tensor],
        outputs: &mut [Output<'_>],
    ) -> Result<()> {
        let input_ptrs: Vec<*mut sys::shim_tensor_t> =
            inputs.iter().map(|t| t.raw.as_ptr()).collect();
        let mut raw_outputs: Vec<sys::shim_host_output_t> =
            outputs.iter_mut().map(Output::raw).collect();
        let _guard = self.session.guard();
        // SAFETY: pointers valid for the stated counts; output buffers are
        // exclusively borrowed; locked.
        check(
            unsafe {
                sys::shim_function_invoke(
                    self.raw.as_ptr(),
                    input_ptrs.as_ptr(),
                    input_ptrs.len(),
                    raw_outputs.as_mut_ptr(),
                    raw_outputs.len(),
                )
            },
            || format!("calling `{}`", self.name),
        )
    }

    /// Uploads host inputs, calls, and returns owned results. Convenient for
    /// tests and one-off calls; the engine's hot path uses [`Function::call`].
    pub fn call_host(
        &mut self,
        session: &Session,
        inputs: &[HostTensor],
    ) -> Result<Vec<HostTensor>> {
        let tensors = inputs
            .iter()
            .map(|input| match input {
                HostTensor::I32 { shape, data } => session.tensor(shape, data),
                HostTensor::I64 { shape, data } => session.tensor(shape, data),
                HostTensor::F32 { shape, data } => session.tensor(shape, data),
            })
            .collect::<Result<Vec<_>>>()?;
        let signature = self
            .signature
            .clone()
            .ok_or_else(|| RuntimeError::Signature {
                function: self.name.clone(),
                detail: "no reflected signature to size outputs".into(),
            })?;
        let mut results = signature
            .results
            .iter()
            .map(|ty| host_tensor_for(&self.name, ty))
            .collect::<Result<Vec<_>>>()?;
        let mut outputs: Vec<Output<'_>> = results
            .iter_mut()
            .map(|r| match r {
                HostTensor::I32 { data, .. } => Output::I32(data),
                HostTensor::I64 { data, .. } => Output::I64(data),
                HostTensor::F32 { data, .. } => Output::F32(data),
            })
            .collect();
        let refs: Vec<&Tensor> = tensors.iter().collect();
        self.call(&refs, &mut outputs)?;
        drop(outputs);
        Ok(results)
    }

    fn validate(&self, inputs: &[&Tensor], outputs: &[Output<'_>]) -> Result<()> {
        let Some(signature) = &self.signature else {
            return Ok(());
        };
        let err = |detail: String| RuntimeError::Signature {
            function: self.name.clone(),
            detail,
        };
        if inputs.len() != signature.arguments.len() {
            return Err(err(format!(
                "takes {} arguments, got {}",
                signature.arguments.len(),
                inputs.len()
            )));
        }
        for (i, (input, ty)) in inputs.iter().zip(&signature.arguments).enumerate() {
            if !ty.matches(input.dtype, &input.shape) {
                return Err(err(format!(
                    "argument {i} must be {ty}, got {} of shape {:?}",
                    input.dtype, input.shape
                )));
            }
        }
        if outputs.len() != signature.results.len() {
            return Err(err(format!(
                "returns {} results, got {} buffers",
                signature.results.len(),
                outputs.len()
            )));
        }
        for (i, (output, ty)) in outputs.iter().zip(&signature.results).enumerate() {
            if ty.dtype != Some(output.dtype()) {
                return Err(err(format!(
                    "result {i} is {ty}, buffer is {}",
                    output.dtype()
                )));
            }
            if let Some(len) = ty.static_len() {
                if output.len() < len {
                    return Err(err(format!(
                        "result {i} is {ty}, buffer holds {} elements",
                        output.len()
                    )));
                }
            }
        }
        Ok(())
    }
}

fn host_tensor_for(function: &str, ty: &TensorType) -> Result<HostTensor> {
    let shape: Vec<usize> = ty.dims.iter().map(|d| d.unwrap_or(0)).collect();
    let len = ty.static_len().ok_or_else(|| RuntimeError::Signature {
        function: function.to_string(),
        detail: format!("result {ty} has dynamic dims; use Function::call with a sized buffer"),
    })?;
    Ok(match ty.dtype {
        Some(DType::I32) => HostTensor::I32 {
            shape,
            data: vec![0; len],
        },
        Some(DType::I64) => HostTensor::I64 {
            shape,
            data: vec![0; len],
        },
        Some(DType::F32) => HostTensor::F32 {
            shape,
            data: vec![0.0; len],
        },
        None => {
            return Err(RuntimeError::Signature {
                function: function.to_string(),
                detail: format!("result type {ty} cannot be read by the host"),
            })
        }
    })
}

impl Drop for Function {
    fn drop(&mut self) {
        let _guard = self.session.guard();
        // SAFETY: created by shim_function_lookup; not used after this.
        unsafe { sys::shim_function_free(self.raw.as_ptr()) }
    }
}
