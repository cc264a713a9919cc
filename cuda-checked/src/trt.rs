//! `check_trt!`: TensorRT has no result codes. A call returns null or `false` and reports
//! through the program's `ILogger` and `IErrorRecorder`; `check_trt!(call)` turns null and
//! `false` into a [`TrtError`] in the format of the other checks, with the `ErrorCode` and the
//! text TensorRT reported during that call (kept by nvinfer-sys's Rust loggers and recorders,
//! see `nvinfer_sys::implement`), or why the call could not reach TensorRT at all.

use nvinfer_sys::nvinfer1::ErrorCode;

use crate::error::{CallError, Code};

/// A failed TensorRT call (see [`CallError`]): `code()` is the `ErrorCode` TensorRT reported.
pub type TrtError = CallError<ErrorCode>;

/// `Result<T, TrtError>`.
pub type TrtResult<T> = Result<T, TrtError>;

impl Code for ErrorCode {
    const SUCCESS: Self = ErrorCode::kSUCCESS;

    fn describe(self) -> (String, String) {
        // Only `check_trt!` makes a `TrtError`, with TensorRT's own words.
        (format!("{self:?}"), String::new())
    }
}

/// What a TensorRT call returns that says whether it worked: a pointer (null is failure) or a
/// `bool`.
#[doc(hidden)]
pub trait Returned {
    fn worked(&self) -> bool;
}

impl<T> Returned for *mut T {
    fn worked(&self) -> bool {
        !self.is_null()
    }
}

impl<T> Returned for *const T {
    fn worked(&self) -> bool {
        !self.is_null()
    }
}

impl Returned for bool {
    fn worked(&self) -> bool {
        *self
    }
}

/// Whether the call worked: a pointer that is not null (a `bool` that is true), and no error
/// reported while it ran. (TensorRT 11.4's lean runtime, without a CUDA driver, logs "Error
/// Code 6: API Usage Error (CUDA initialization failure ...)" from `createInferRuntime` and
/// returns the non-null address 0x228, which no method may be called on.)
#[doc(hidden)]
#[inline]
pub fn __trt_worked<R: Returned>(value: &R) -> bool {
    value.worked() && !nvinfer_sys::implement::error_reported()
}

/// Before each checked call: forget what earlier calls left (a missing library, an error, a
/// panic), so the error is this call's own.
#[doc(hidden)]
#[inline]
pub fn __trt_before() {
    cuda_loader::clear_last_failure();
    nvinfer_sys::implement::clear_last_error();
}

/// The error of a call that returned null or false: why it could not reach TensorRT, or what
/// TensorRT reported during it.
#[doc(hidden)]
#[cold]
#[inline(never)]
pub fn __trt_error(op: &'static str, file: &'static str, line: u32, column: u32) -> TrtError {
    let panic = nvinfer_sys::implement::take_panic();
    let (code, message) = match (nvinfer_sys::loader::explain(), nvinfer_sys::implement::take_last_error()) {
        (Some(why), _) => (ErrorCode::kFAILED_INITIALIZATION, why),
        (None, Some((code, text))) => (code, text.trim_end().to_string()),
        (None, None) => (
            ErrorCode::kUNSPECIFIED_ERROR,
            "it returned null (or false), and TensorRT reported no error through a Rust ILogger or IErrorRecorder \
             (nvinfer_sys::implement) on this thread"
                .to_string(),
        ),
    };
    let error = CallError::described(code, (format!("{code:?}"), message), op, file, line, column);
    match panic {
        Some(panic) => error.with_detail(&format!("a callback panicked: {panic}")),
        None => error,
    }
}
