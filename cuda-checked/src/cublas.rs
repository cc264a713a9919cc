//! What cuBLAS's and cuBLASLt's codes say: `cublasStatus_t` as a [`Code`], in the library's
//! own words (see `cublas_sys::loader::describe` and `describe_lt`).

use cublas_sys::{cublasStatus_t, loader};

use crate::error::{CallError, Code};
use crate::CudaError;

/// A failed cuBLAS or cuBLASLt call (see [`CallError`]).
pub type CublasError = CallError<cublasStatus_t>;

/// `Result<T, CublasError>`.
pub type CublasResult<T> = Result<T, CublasError>;

/// cuBLAS's words (`cublasGetStatusName`, `cublasGetStatusString`); `check_cublaslt!` asks
/// cuBLASLt instead, whose codes these are too.
impl Code for cublasStatus_t {
    const SUCCESS: Self = cublas_sys::CUBLAS_STATUS_SUCCESS;

    fn describe(self) -> (String, String) {
        loader::describe(self)
    }
}

impl From<CublasError> for cublasStatus_t {
    fn from(error: CublasError) -> Self {
        error.code()
    }
}

impl From<CublasError> for CudaError {
    fn from(error: CublasError) -> Self {
        CudaError::Cublas(error)
    }
}
