//! What the Driver API's codes say: `CUresult` as a [`Code`], with the driver's own words.

use std::ffi::{c_char, CStr};

use cuda_sys::{
    cuGetErrorName, cuGetErrorString, loader, CUresult, CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_NOT_FOUND,
    CUDA_SUCCESS,
};

use crate::error::{CallError, Code};

/// A failed Driver API call (see [`CallError`]).
pub type DriverError = CallError<CUresult>;

/// `Result<T, DriverError>`.
pub type DriverResult<T> = Result<T, DriverError>;

impl Code for CUresult {
    const SUCCESS: Self = cuda_sys::CUDA_SUCCESS;

    fn describe(self, op: &str) -> (String, String) {
        describe(self, op)
    }
}

impl From<DriverError> for CUresult {
    fn from(error: DriverError) -> Self {
        error.code()
    }
}

/// The name and text for `code`, returned by `op` (the call as written), from the best source
/// at hand. A reason from the loader is used only for the call that caused it (see
/// [`loader::explain`]); a code the driver returned keeps the driver's text, with the loader's
/// note (a stub library, say) after it.
fn describe(code: CUresult, op: &str) -> (String, String) {
    let why = loader::explain(code, op);
    let name = driver_text(cuGetErrorName, code)
        .ok()
        .or_else(|| code.name().map(str::to_owned))
        .unwrap_or_else(|| format!("CUDA_ERROR_UNKNOWN_CODE({})", code.0));
    let message = match (driver_text(cuGetErrorString, code), why) {
        (Ok(text), None) => text,
        (Ok(text), Some(why)) => format!("{text}: {why}"),
        (Err(_), Some(why)) => why,
        (Err(failed), None) => from_header(code, failed),
    };
    (name, message)
}

/// The text for `code` when `cuGetErrorString` gave none (it returned `failed`): the header's
/// description, and why the driver's is missing.
fn from_header(code: CUresult, failed: CUresult) -> String {
    let described = code.description();
    let no_driver = match loader::library_path() {
        Err(no_driver) => Some(no_driver.to_string()),
        Ok(_) => None,
    };
    let why_not_the_driver = match (&no_driver, failed) {
        (Some(no_driver), _) => no_driver.clone(),
        (None, CUDA_ERROR_INVALID_VALUE) => "the driver does not know this code".into(),
        (None, CUDA_ERROR_NOT_FOUND) if loader::explain(failed, "cuGetErrorString").is_some() => {
            "the driver has no cuGetErrorString".into()
        }
        (None, other) => format!("the driver's cuGetErrorString returned {other:?}"),
    };
    match (described, no_driver) {
        (Some(text), _) => format!("{text} (from cuda.h: {why_not_the_driver})"),
        // Bindings vendored without NVIDIA's text: the code's name, the reason, and where
        // NVIDIA describes it.
        (None, Some(no_driver)) => format!(
            "{no_driver}. (Without a driver, only the header's text could describe the code, and these \
             bindings were built without one; NVIDIA describes every CUresult at \
             https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html)"
        ),
        (None, None) => format!(
            "neither the driver nor cuda.h (CUDA_VERSION {}) describes this code: {why_not_the_driver}",
            cuda_sys::CUDA_VERSION
        ),
    }
}

/// `cuGetErrorName`/`cuGetErrorString` for `code`: a copy of the driver's text, or the code
/// the call returned.
fn driver_text(
    get: unsafe extern "C" fn(CUresult, *mut *const c_char) -> CUresult,
    code: CUresult,
) -> Result<String, CUresult> {
    let mut text: *const c_char = std::ptr::null();
    // SAFETY: a valid out-pointer; the driver writes a pointer to a C string or nothing.
    let returned = unsafe { get(code, &mut text) };
    if returned != CUDA_SUCCESS {
        return Err(returned);
    }
    if text.is_null() {
        return Err(CUDA_ERROR_INVALID_VALUE);
    }
    // SAFETY: the driver's NUL-terminated string, copied at once (before another call can
    // reuse its buffer).
    Ok(unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned())
}
