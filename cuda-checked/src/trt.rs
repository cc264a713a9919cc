//! `check_trt!`: TensorRT has no result codes. A call returns null or `false` and reports
//! through the program's `ILogger` and `IErrorRecorder`; `check_trt!(call)` makes that an
//! `ErrorCode` (success for a pointer that is not null or a `true` with no error reported) and
//! checks it as every check checks its code (`__check!`'s body, keeping the call's value), so a
//! [`TrtError`](crate::TrtError) has the other checks' format: the `ErrorCode` and text TensorRT reported during that call
//! (kept by nvinfer-sys's Rust loggers and recorders, see `nvinfer_sys::implement`), or why the
//! call could not reach TensorRT at all (nvinfer-sys's `ResultCode` for `ErrorCode` words it).

use nvinfer_sys::nvinfer1::ErrorCode;

use crate::TrtError;

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

/// Before each checked call: forget what earlier calls left (a missing library, an error, a
/// panic), so the error is this call's own.
#[doc(hidden)]
#[inline]
pub fn __trt_before() {
    cuda_loader::clear_last_failure();
    nvinfer_sys::implement::clear_last_error();
}

/// The call's outcome as a code: success for a pointer that is not null (a `bool` that is
/// true) with no error reported while it ran; otherwise the loader's `kFAILED_INITIALIZATION`
/// where TensorRT could not be reached, the `ErrorCode` TensorRT reported, or
/// `kUNSPECIFIED_ERROR`. (TensorRT 11.4's lean runtime, without a CUDA driver, logs "Error Code
/// 6: API Usage Error (CUDA initialization failure ...)" from `createInferRuntime` and returns
/// the non-null address 0x228, which no method may be called on.)
#[doc(hidden)]
#[inline]
pub fn __trt_code<R: Returned>(value: &R) -> ErrorCode {
    let reported = nvinfer_sys::implement::reported_code();
    if value.worked() && reported.is_none() {
        return ErrorCode::kSUCCESS;
    }
    if cuda_loader::last_unreached().is_some() {
        return ErrorCode::kFAILED_INITIALIZATION;
    }
    reported.unwrap_or(ErrorCode::kUNSPECIFIED_ERROR)
}

/// A panic a callback of the program's (a Rust `ILogger`, ...) had during the call, after the
/// error's message.
#[doc(hidden)]
#[cold]
pub fn __trt_panic(error: TrtError) -> TrtError {
    match nvinfer_sys::implement::take_panic() {
        Some(panic) => error.with_detail(&format!("a callback panicked: {panic}")),
        None => error,
    }
}
