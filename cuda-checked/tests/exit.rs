//! The exiting checks (`checkCudaErrors!`, `check_driver_or_exit!`, `check_cuda_or_exit!`):
//! each child test below fails one call and must end its process with status 1, having printed
//! helper_cuda.h's line (`checkCudaErrors!`) or what `fn main() -> Result` would print for the
//! same error (the others), with no panic.
#![cfg(not(feature = "link"))]

use std::process::Command;

use cuda_checked::{checkCudaErrors, check_driver, check_driver_or_exit};
use cuda_sys::*;

/// An absolute path where no driver is.
#[cfg(unix)]
const NOWHERE: &str = "/nonexistent/libcuda.so.1";
#[cfg(windows)]
const NOWHERE: &str = r"C:\nonexistent\nvcuda.dll";

/// Runs the ignored test `child` of this binary in a process of its own, without a driver.
fn run_child(child: &str) -> (Option<i32>, String) {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", child, "--nocapture", "--test-threads=1"])
        .env(loader::LIBCUDA_PATH_VAR, NOWHERE)
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

fn assert_exited_with(child: &str, expected: &str) {
    let (code, stderr) = run_child(child);
    assert_eq!(code, Some(1), "{child}: {stderr}");
    assert!(stderr.contains(expected), "{child}: expected {expected:?} in {stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"), "{child}: {stderr}");
}

#[test]
fn check_cuda_errors_prints_what_main_would_and_exits_1() {
    // helper_cuda.h's line, then, as no driver was reached, why (what `?` out of main says).
    std::env::set_var(loader::LIBCUDA_PATH_VAR, NOWHERE);
    let error = check_driver!(unsafe { cuInit(0) }).unwrap_err();
    let reason = loader::explain(error.code()).expect("no driver: the loader's reason");
    let (_, stderr) = run_child("child_check_cuda_errors");
    let line = stderr.lines().next().unwrap_or_default();
    assert!(line.starts_with("CUDA error at ") && line.contains("tests/exit.rs:"), "{stderr}");
    assert!(line.ends_with(" code=34(CUDA_ERROR_STUB_LIBRARY) \"unsafe { cuInit(0) }\" "), "{stderr}");
    assert_exited_with("child_check_cuda_errors", &format!("\" \n{reason}\n"));
}

#[test]
#[ignore = "run by check_cuda_errors_prints_what_main_would_and_exits_1"]
fn child_check_cuda_errors() {
    checkCudaErrors!(unsafe { cuInit(0) });
    unreachable!("checkCudaErrors! returned after a failure");
}

#[test]
fn exiting_from_drop_and_from_a_thread_is_no_panic() {
    assert_exited_with(
        "child_in_drop",
        " unsafe { cuCtxSynchronize() } failed. \n code = CUDA_ERROR_STUB_LIBRARY",
    );
    assert_exited_with("child_in_thread", " unsafe { cuInit(0) } failed. \n code = CUDA_ERROR_STUB_LIBRARY");
}

#[test]
#[ignore = "run by exiting_from_drop_and_from_a_thread_is_no_panic"]
fn child_in_drop() {
    struct Guard;
    impl Drop for Guard {
        fn drop(&mut self) {
            check_driver_or_exit!(unsafe { cuCtxSynchronize() });
        }
    }
    drop(Guard);
    unreachable!("the check in drop returned after a failure");
}

#[test]
#[ignore = "run by exiting_from_drop_and_from_a_thread_is_no_panic"]
fn child_in_thread() {
    std::thread::spawn(|| check_driver_or_exit!(unsafe { cuInit(0) })).join().unwrap();
    unreachable!("the check in a thread returned after a failure");
}

#[test]
fn success_passes_through() {
    checkCudaErrors!(CUDA_SUCCESS);
    check_driver_or_exit!(CUDA_SUCCESS);
}

#[cfg(feature = "runtime")]
#[test]
fn the_runtime_form_names_the_runtime_code() {
    assert_exited_with(
        "child_runtime",
        " code=1(cudaErrorInvalidValue) \"cudart_sys::cudaErrorInvalidValue\" \n",
    );
}

#[cfg(feature = "runtime")]
#[test]
#[ignore = "run by the_runtime_form_names_the_runtime_code"]
fn child_runtime() {
    cuda_checked::check_cuda_or_exit!(cudart_sys::cudaSuccess);
    checkCudaErrors!(cudart_sys::cudaErrorInvalidValue);
}

#[cfg(feature = "cusolver")]
#[test]
fn a_cusolver_status_is_printed_as_the_samples_print_it() {
    assert_exited_with(
        "child_cusolver",
        " code=3(CUSOLVER_STATUS_INVALID_VALUE) \"cusolver_sys::CUSOLVER_STATUS_INVALID_VALUE\" \n",
    );
}

#[cfg(feature = "cusolver")]
#[test]
#[ignore = "run by a_cusolver_status_is_printed_as_the_samples_print_it"]
fn child_cusolver() {
    checkCudaErrors!(cusolver_sys::CUSOLVER_STATUS_SUCCESS);
    checkCudaErrors!(cusolver_sys::CUSOLVER_STATUS_INVALID_VALUE);
}

/// helper_cuda.h's `checkCudaErrors` takes a `cusparseStatus_t` too (its `_cudaGetErrorEnum`
/// overload for cuSPARSE): the status's number and its `CUSPARSE_STATUS_*` name.
#[cfg(feature = "cusparse")]
#[test]
fn the_cusparse_form_names_the_cusparse_status() {
    assert_exited_with(
        "child_cusparse",
        " code=3(CUSPARSE_STATUS_INVALID_VALUE) \"cusparse_sys::CUSPARSE_STATUS_INVALID_VALUE\" \n",
    );
}

#[cfg(feature = "cusparse")]
#[test]
#[ignore = "run by the_cusparse_form_names_the_cusparse_status"]
fn child_cusparse() {
    checkCudaErrors!(cusparse_sys::CUSPARSE_STATUS_SUCCESS);
    checkCudaErrors!(cusparse_sys::CUSPARSE_STATUS_INVALID_VALUE);
}

/// After a call the program handled itself left the loader's record of a missing symbol, the
/// next `checkCudaErrors!` reports its own call only: it clears the record before its call, as
/// every check does (issue 30: it did not, and named the earlier call's symbol).
#[test]
fn check_cuda_errors_never_reports_an_earlier_calls_symbol() {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "child_after_a_handled_failure", "--nocapture", "--test-threads=1"])
        // A library without any of the driver's functions: each call records its own symbol.
        .env(loader::LIBCUDA_PATH_VAR, cuda_loader::some_other_library())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("code=500(CUDA_ERROR_NOT_FOUND)"), "{stderr}");
    assert!(!stderr.contains("cuDeviceGetCount"), "an earlier call's symbol was reported: {stderr}");
}

#[test]
#[ignore = "run by check_cuda_errors_never_reports_an_earlier_calls_symbol"]
fn child_after_a_handled_failure() {
    let mut count = 0;
    // SAFETY: a valid out-pointer; the library lacks the function, so nothing is written.
    let handled = unsafe { cuDeviceGetCount(&mut count) };
    assert_eq!(handled, CUDA_ERROR_NOT_FOUND);
    assert!(loader::explain(handled).is_some_and(|why| why.contains("cuDeviceGetCount")));
    // The same code, from no call into the library at all.
    checkCudaErrors!(CUDA_ERROR_NOT_FOUND);
    unreachable!("checkCudaErrors! returned after a failure");
}

/// Another library's codes, as helper_cuda.h prints them when a sample includes that library's
/// header first (`_cudaGetErrorEnum`): the code's number and the header's name, through the same
/// check as the driver's; where the call reached no library, the loader's reason on the next
/// line, from the loader of the library called (here cuBLASLt, its crate's sibling library).
#[cfg(all(unix, feature = "cublas"))]
#[test]
fn another_librarys_codes_print_as_the_samples_do() {
    assert_exited_with(
        "child_cublas",
        " code=3(CUBLAS_STATUS_ALLOC_FAILED) \"cublas_sys::CUBLAS_STATUS_ALLOC_FAILED\" \n",
    );
    let (code, stderr) = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "child_cublaslt_unloaded", "--nocapture", "--test-threads=1"])
        .env(cublas_sys::loader::LIBCUBLASLT_PATH_VAR, "/nonexistent/libcublasLt.so")
        .output()
        .map(|o| (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned()))
        .unwrap();
    assert_eq!(code, Some(1), "{stderr}");
    let mut lines = stderr.lines();
    let line = lines.next().unwrap_or_default();
    assert!(line.contains(" code=1(CUBLAS_STATUS_NOT_INITIALIZED) \"unsafe {"), "{stderr}");
    let reason = lines.next().unwrap_or_default();
    assert!(reason.contains("cuBLASLt") && reason.contains("/nonexistent/libcublasLt.so"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[cfg(feature = "cublas")]
#[test]
#[ignore = "run by another_librarys_codes_print_as_the_samples_do"]
fn child_cublas() {
    checkCudaErrors!(cublas_sys::CUBLAS_STATUS_SUCCESS);
    checkCudaErrors!(cublas_sys::CUBLAS_STATUS_ALLOC_FAILED);
}

#[cfg(all(unix, feature = "cublas"))]
#[test]
#[ignore = "run by another_librarys_codes_print_as_the_samples_do"]
fn child_cublaslt_unloaded() {
    let mut handle: cublas_sys::cublasLtHandle_t = std::ptr::null_mut();
    checkCudaErrors!(unsafe { cublas_sys::cublasLtCreate(&mut handle) });
    unreachable!("checkCudaErrors! returned after a failure");
}
