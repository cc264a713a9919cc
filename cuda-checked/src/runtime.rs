//! What the Runtime API's codes say: `cudaError_t` as a [`Code`], with the runtime's own words.

use std::ffi::{c_char, CStr};

use cudart_sys::{cudaError_t, cudaGetErrorName, cudaGetErrorString, loader};

use crate::error::{CallError, Code};
use crate::DriverError;

/// A failed Runtime API call (see [`CallError`]).
pub type RuntimeError = CallError<cudaError_t>;

/// `Result<T, RuntimeError>`.
pub type RuntimeResult<T> = Result<T, RuntimeError>;

impl Code for cudaError_t {
    const SUCCESS: Self = cudart_sys::cudaSuccess;

    /// The runtime's name and text for the code (`cudaGetErrorName`, `cudaGetErrorString`);
    /// without a runtime, the header's name and description and why there is none. A reason
    /// from the loader is used only for the call that caused it, as for the Driver API.
    fn describe(self, op: &str) -> (String, String) {
        let why = loader::explain(self, op);
        let reached = loader::library_path().is_ok();
        // SAFETY: the runtime returns static C strings ("unrecognized error code" for a code
        // it does not know); they are copied at once.
        let (name, text) = if reached {
            (
                runtime_text(unsafe { cudaGetErrorName(self) }),
                runtime_text(unsafe { cudaGetErrorString(self) }),
            )
        } else {
            (None, None)
        };
        let known = |s: &String| !s.starts_with("unrecognized");
        let name = name
            .filter(|n| known(n) && n.starts_with("cuda"))
            .or_else(|| self.name().map(str::to_owned))
            .unwrap_or_else(|| format!("{self:?}"));
        let message = match (text.filter(known), why) {
            (Some(text), None) => text,
            (Some(text), Some(why)) => format!("{text}: {why}"),
            (None, Some(why)) => why,
            (None, None) => from_header(self, reached),
        };
        (name, message)
    }
}

/// The text for a code the runtime did not describe: the header's description, and why.
fn from_header(code: cudaError_t, reached: bool) -> String {
    let no_runtime = loader::library_path().err().map(ToString::to_string);
    match (code.description(), no_runtime) {
        (Some(text), Some(no_runtime)) => format!("{text} (from cuda_runtime_api.h: {no_runtime})"),
        (Some(text), None) => {
            format!("{text} (from cuda_runtime_api.h: the runtime does not know this code)")
        }
        (None, Some(no_runtime)) => format!(
            "{no_runtime}. (Without a runtime, only the header's text could describe the code, and \
             these bindings were built without one; NVIDIA describes every cudaError_t at \
             https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html)"
        ),
        (None, None) => {
            debug_assert!(reached);
            format!(
                "neither the runtime nor cuda_runtime_api.h (CUDART_VERSION {}) describes this code",
                cudart_sys::CUDART_VERSION
            )
        }
    }
}

/// A copy of a C string the runtime returned, if any.
fn runtime_text(text: *const c_char) -> Option<String> {
    // SAFETY: null, or a NUL-terminated static string of the runtime.
    (!text.is_null()).then(|| unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned())
}

impl From<RuntimeError> for cudaError_t {
    fn from(error: RuntimeError) -> Self {
        error.code()
    }
}

/// An error of either API, for code that calls both (a TensorRT sample mixing
/// `cudaMemcpyAsync` and `cuLaunchKernel`): `?` converts [`DriverError`] and [`RuntimeError`]
/// into it. It prints as the error it holds.
#[derive(Clone, PartialEq, Eq)]
pub enum CudaError {
    Driver(DriverError),
    Runtime(RuntimeError),
}

impl From<DriverError> for CudaError {
    fn from(error: DriverError) -> Self {
        CudaError::Driver(error)
    }
}

impl From<RuntimeError> for CudaError {
    fn from(error: RuntimeError) -> Self {
        CudaError::Runtime(error)
    }
}

impl std::fmt::Display for CudaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CudaError::Driver(e) => e.fmt(f),
            CudaError::Runtime(e) => e.fmt(f),
        }
    }
}

/// What `fn main() -> Result<(), CudaError>` prints: the error's own Debug text.
impl std::fmt::Debug for CudaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CudaError::Driver(e) => std::fmt::Debug::fmt(e, f),
            CudaError::Runtime(e) => std::fmt::Debug::fmt(e, f),
        }
    }
}

impl std::error::Error for CudaError {}
