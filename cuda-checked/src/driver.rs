//! What the Driver API's codes say: `CUresult` as a [`Code`], in the driver's own words (see
//! `cuda_sys::loader::describe`).

use cuda_sys::{loader, CUresult};

use crate::error::{CallError, Code};

/// A failed Driver API call (see [`CallError`]).
pub type DriverError = CallError<CUresult>;

/// `Result<T, DriverError>`.
pub type DriverResult<T> = Result<T, DriverError>;

impl Code for CUresult {
    const SUCCESS: Self = cuda_sys::CUDA_SUCCESS;

    fn describe(self) -> (String, String) {
        loader::describe(self)
    }
}

impl From<DriverError> for CUresult {
    fn from(error: DriverError) -> Self {
        error.code()
    }
}
