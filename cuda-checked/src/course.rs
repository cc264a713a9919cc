//! The check macros C++ CUDA code defines for itself, shipped so a port need not define them
//! again, each printing exactly what the C++ prints for the same failure: `checkDriver!` and
//! `checkRuntime!` of the course jinmin527/learning-cuda-trt (driver chapter 1.3, runtime
//! chapters), and `checkCudaErrors!` of NVIDIA's cuda-samples (`Common/helper_cuda.h`).
//! Each is a thin layer over [`CallError`]: the call is checked by the crate's one check body,
//! and only the printing is the C++'s.

use std::io::Write;

use crate::{CallError, Code};

/// `checkDriver(op)` as the course defines it: evaluates `op` (a `CUresult`, or `launch!`'s
/// `Status` of one) once; on failure prints, with C's `printf` to standard output (here Rust's,
/// the same as `println!`'s),
///
/// ```text
/// FILE:LINE  OP failed. \n  code = NAME, message = TEXT
/// ```
///
/// (two spaces after the line, a space before the line break, two before `code`: the course's
/// bytes), then gives `false`; `true` on success. The program goes on, as the course's does:
/// `if !checkDriver!(cuInit(0)) { return -1; }`.
///
/// ```no_run
/// use cuda_checked::checkDriver;
/// use cuda_sys::*;
///
/// unsafe {
///     checkDriver!(cuInit(0));
///     let mut version = 0;
///     if !checkDriver!(cuDriverGetVersion(&mut version)) {
///         std::process::exit(-1);
///     }
/// }
/// ```
#[macro_export]
macro_rules! checkDriver {
    ($op:expr $(,)?) => {
        match $crate::__check!($crate::sys::CUresult, $op) {
            ::core::result::Result::Ok(()) => true,
            ::core::result::Result::Err(error) => {
                $crate::course::print_stdout(&$crate::course::driver(&error));
                false
            }
        }
    };
}

/// `checkRuntime(op)` as the course defines it (`__check_cuda_runtime`): evaluates `op` (a
/// `cudaError_t`, or a `Status` of one, as `launch!` and `cudart_sys::cpp`'s functions give)
/// once; on failure prints to standard output
///
/// ```text
/// runtime error FILE:LINE  OP failed. \n  code = NAME, message = TEXT
/// ```
///
/// and gives `false`; `true` on success. Feature `runtime`.
///
/// ```no_run
/// use cuda_checked::checkRuntime;
/// use cudart_sys::cpp::*;
///
/// let mut device_count = 0;
/// unsafe { checkRuntime!(cudaGetDeviceCount(&mut device_count)) };
/// ```
#[cfg(feature = "runtime")]
#[macro_export]
macro_rules! checkRuntime {
    ($op:expr $(,)?) => {
        match $crate::__check!($crate::rt::cudaError_t, $op) {
            ::core::result::Result::Ok(()) => true,
            ::core::result::Result::Err(error) => {
                $crate::course::print_stdout(&$crate::course::runtime(&error));
                false
            }
        }
    };
}

/// `checkCudaErrors(val)` as NVIDIA's `helper_cuda.h` defines it: `val` is a `CUresult` or a
/// `cudaError_t` (the header's template takes either), or a `Status` of one, or the code of any
/// other library bound here (helper_cuda.h's `_cudaGetErrorEnum` names the math libraries' codes
/// when a sample includes their header first; every library's code prints the same way); on
/// failure it prints, to standard error,
///
/// ```text
/// CUDA error at FILE:LINE code=NUMBER(NAME) "VAL" \n
/// ```
///
/// and ends the process with `EXIT_FAILURE` (1), as `exit` does: no panic, no unwinding, other
/// values' destructors do not run. A statement: it gives `()`. For the places `?` cannot go
/// (`Drop`, `extern "C"` callbacks, threads), and for ports of the samples, whose failures then
/// print what the samples print. When the call never reached its library (no driver, a missing
/// function), which no C++ program gets that far with, a second line says why.
///
/// ```no_run
/// use cuda_checked::checkCudaErrors;
/// use cuda_sys::*;
///
/// extern "C" fn on_host(_data: *mut std::ffi::c_void) {
///     // No `?` in a callback the driver calls: check and exit instead.
///     checkCudaErrors!(unsafe { cuCtxSynchronize() });
/// }
/// ```
#[macro_export]
macro_rules! checkCudaErrors {
    ($val:expr $(,)?) => {{
        match $crate::__check!(_, $val) {
            ::core::result::Result::Ok(()) => {}
            ::core::result::Result::Err(error) => $crate::course::samples_exit(&error),
        }
    }};
}

/// A code the samples' `checkCudaErrors` prints: every library's ([`Code::number`], and
/// [`Code::unreached`] when the call could not reach its library at all).
pub use crate::Code as SampleCode;

/// The call as C's `#op` spells it: on one line (Rust's `stringify!` breaks a long one).
fn one_line(op: &str) -> String {
    op.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

/// The course's driver line (`__check_cuda_driver`'s `printf`).
pub fn driver<C: Code>(error: &CallError<C>) -> String {
    format!(
        "{}:{}  {} failed. \n  code = {}, message = {}\n",
        error.file(),
        error.line(),
        one_line(error.op()),
        error.name(),
        error.message()
    )
}

/// The course's runtime line (`__check_cuda_runtime`'s `printf`).
pub fn runtime<C: Code>(error: &CallError<C>) -> String {
    format!("runtime error {}", driver(error))
}

/// helper_cuda.h's line (`check`'s `fprintf(stderr, ...)`): `code=%d` of the code as an
/// `unsigned int`, and the name `_cudaGetErrorEnum` gives (the library's).
pub fn samples<C: SampleCode>(error: &CallError<C>) -> String {
    format!(
        "CUDA error at {}:{} code={}({}) \"{}\" \n",
        error.file(),
        error.line(),
        error.code().number() as i32,
        error.name(),
        one_line(error.op())
    )
}

/// Writes `text` to standard output, as `printf` does; an output that refuses it is ignored,
/// as `printf`'s result is.
pub fn print_stdout(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// `checkCudaErrors`' failure: the line, the reason when the library was never reached, exit 1.
pub fn samples_exit<C: SampleCode>(error: &CallError<C>) -> ! {
    let mut text = samples(error);
    if let Some(reason) = error.code().unreached() {
        text.push_str(&reason);
        text.push('\n');
    }
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
    std::process::exit(1)
}
