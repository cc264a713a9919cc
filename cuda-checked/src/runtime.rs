//! What the Runtime API's codes say: `cudaError_t` as a [`Code`], in the runtime's own words
//! (see `cudart_sys::loader::describe`).

use cudart_sys::{cudaError_t, loader};

use crate::error::{CallError, Code};
use crate::DriverError;

/// A failed Runtime API call (see [`CallError`]).
pub type RuntimeError = CallError<cudaError_t>;

/// `Result<T, RuntimeError>`.
pub type RuntimeResult<T> = Result<T, RuntimeError>;

impl Code for cudaError_t {
    const SUCCESS: Self = cudart_sys::cudaSuccess;

    fn describe(self) -> (String, String) {
        loader::describe(self)
    }
}

impl From<RuntimeError> for cudaError_t {
    fn from(error: RuntimeError) -> Self {
        error.code()
    }
}

/// An error of either API, for code that calls both (a TensorRT sample mixing
/// `cudaMemcpyAsync` and `cuLaunchKernel`): `?` converts [`DriverError`] and [`RuntimeError`]
/// into it, and with the `nvrtc` feature [`NvrtcError`](crate::NvrtcError) (a sample that
/// compiles its kernel with NVRTC and launches it with the driver). It prints as the error it
/// holds. Non-exhaustive: each library's feature adds its variant.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CudaError {
    Driver(DriverError),
    Runtime(RuntimeError),
    #[cfg(feature = "nvrtc")]
    Nvrtc(crate::NvrtcError),
    /// A cuBLAS or cuBLASLt call's (feature `cublas`).
    #[cfg(feature = "cublas")]
    Cublas(crate::CublasError),
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

#[cfg(feature = "nvrtc")]
impl From<crate::NvrtcError> for CudaError {
    fn from(error: crate::NvrtcError) -> Self {
        CudaError::Nvrtc(error)
    }
}

impl std::fmt::Display for CudaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CudaError::Driver(e) => e.fmt(f),
            CudaError::Runtime(e) => e.fmt(f),
            #[cfg(feature = "nvrtc")]
            CudaError::Nvrtc(e) => e.fmt(f),
            #[cfg(feature = "cublas")]
            CudaError::Cublas(e) => e.fmt(f),
        }
    }
}

/// What `fn main() -> Result<(), CudaError>` prints: the error's own Debug text.
impl std::fmt::Debug for CudaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CudaError::Driver(e) => std::fmt::Debug::fmt(e, f),
            CudaError::Runtime(e) => std::fmt::Debug::fmt(e, f),
            #[cfg(feature = "nvrtc")]
            CudaError::Nvrtc(e) => std::fmt::Debug::fmt(e, f),
            #[cfg(feature = "cublas")]
            CudaError::Cublas(e) => std::fmt::Debug::fmt(e, f),
        }
    }
}

impl std::error::Error for CudaError {}
