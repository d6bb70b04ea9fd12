//! A [`Function`]: a resolved entry point, checked against its reflected signature on each
//! call.

use std::ptr::NonNull;
use std::sync::Arc;

use runtime_sys as sys;

use crate::error::{Result, RuntimeError};
use crate::ffi::check;
use crate::output::{HostTensor, Output};
use crate::pending::Pending;
use crate::session::{Session, SessionInner};
use crate::signature::{DType, Signature, TensorType};
use crate::tensor::Tensor;

/// A resolved exported function with its reusable call state.
pub struct Function {
    pub(crate) raw: NonNull<sys::shim_function_t>,
    pub(crate) session: Arc<SessionInner>,
    pub(crate) name: String,
    pub(crate) signature: Option<Signature>,
}

// SAFETY: invocations take the session lock and `&mut self`.
unsafe impl Send for Function {}
unsafe impl Sync for Function {}

impl Function {
    pub(crate) fn with_signature(mut self) -> Result<Function> {
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

    /// Whether calls return once their work is queued (a module compiled with
    /// `--iree-execution-model=async-external`), so that [`Function::submit`] returns before
    /// the device has run the call. Otherwise the call runs to its end inside `submit`.
    pub fn is_fenced(&self) -> bool {
        // SAFETY: valid function.
        unsafe { sys::shim_function_fenced(self.raw.as_ptr()) }
    }

    /// Queues a call and returns its results still pending: the host may queue the next
    /// call, which may take one of these results as an input ([`Pending::result`]), before
    /// reading them ([`Pending::read`]). Calls of a session run in the order they are queued.
    ///
    /// `inputs` are read by the device until the results are read: rewrite them in place
    /// only after that.
    pub fn submit(&mut self, inputs: &[&Tensor]) -> Result<Pending> {
        self.validate_inputs(inputs)?;
        let input_ptrs: Vec<*mut sys::shim_tensor_t> =
            inputs.iter().map(|t| t.raw.as_ptr()).collect();
        let mut raw = std::ptr::null_mut();
        let _guard = self.session.guard();
        // SAFETY: pointers valid for the stated count; locked; out-pointer written on success.
        check(
            unsafe {
                sys::shim_function_submit(
                    self.raw.as_ptr(),
                    input_ptrs.as_ptr(),
                    input_ptrs.len(),
                    &mut raw,
                )
            },
            || format!("calling `{}`", self.name),
        )?;
        let raw = NonNull::new(raw).expect("shim returned success with a null pending call");
        Ok(Pending {
            raw,
            session: self.session.clone(),
            name: self.name.clone(),
            results: self.signature.as_ref().map(|s| s.results.clone()),
        })
    }

    /// Calls the function and copies each result into `outputs`, after
    /// checking inputs and buffers against the reflected signature.
    ///
    /// Reading the results waits for the work that made them. A function
    /// with no results may still be running on the device when this
    /// returns: do not rewrite its input tensors in place until a later
    /// call with results has returned (pass fresh tensors instead).
    pub fn call(&mut self, inputs: &[&Tensor], outputs: &mut [Output<'_>]) -> Result<()> {
        self.validate_inputs(inputs)?;
        validate_outputs(
            &self.name,
            self.signature.as_ref().map(|s| s.results.as_slice()),
            outputs,
        )?;
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

    fn validate_inputs(&self, inputs: &[&Tensor]) -> Result<()> {
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
        Ok(())
    }
}

/// Checks host buffers against the reflected result types of `function` (none: unchecked).
pub(crate) fn validate_outputs(
    function: &str,
    results: Option<&[TensorType]>,
    outputs: &[Output<'_>],
) -> Result<()> {
    let Some(results) = results else {
        return Ok(());
    };
    let err = |detail: String| RuntimeError::Signature {
        function: function.to_string(),
        detail,
    };
    if outputs.len() != results.len() {
        return Err(err(format!(
            "returns {} results, got {} buffers",
            results.len(),
            outputs.len()
        )));
    }
    for (i, (output, ty)) in outputs.iter().zip(results).enumerate() {
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
