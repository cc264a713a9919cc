//! `check_cublas!` and `check_cublaslt!` in a process whose loaders find no cuBLAS, on any
//! machine: each error names its own library and why it could not be loaded.
#![cfg(all(feature = "cublas", not(feature = "link")))]

mod common;

use cublas_sys::*;
use cuda_checked::{check_cublas, check_cublaslt, CudaError};

#[test]
fn a_cublaslt_call_names_libcublaslt() {
    common::nothing_to_load();
    let mut handle: cublasLtHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cublaslt!(cublasLtCreate(&mut handle)) }.unwrap_err();
    assert_eq!(e.code(), CUBLAS_STATUS_NOT_INITIALIZED);
    assert_eq!(e.name(), "CUBLAS_STATUS_NOT_INITIALIZED");
    assert!(e.message().contains("cuBLASLt (libcublasLt) could not be loaded"), "{e}");
    assert!(e.message().contains(&format!("{}: ", common::nowhere(&cuda_loader::CUBLASLT).display())), "{e}");
    assert!(e.message().contains(loader::LIBCUBLASLT_PATH_VAR), "{e}");
}

/// `check_cublas!` around a cuBLASLt call is routed as `check_cublaslt!` is: the failure is
/// libcublasLt's, and so are its words (issue 33: it was attributed to cuBLAS); the next check
/// of a cuBLAS call is cuBLAS's again.
#[test]
fn check_cublas_of_a_cublaslt_call_names_libcublaslt() {
    common::nothing_to_load();
    let mut handle: cublasLtHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cublas!(cublasLtCreate(&mut handle)) }.unwrap_err();
    assert!(e.message().contains("cuBLASLt (libcublasLt) could not be loaded"), "{e}");
    assert!(e.message().contains(loader::LIBCUBLASLT_PATH_VAR), "{e}");
    let mut blas: cublasHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cublas!(cublasCreate(&mut blas)) }.unwrap_err();
    assert!(e.message().contains("cuBLAS (libcublas) could not be loaded"), "{e}");
    assert!(!e.message().contains("libcublasLt"), "{e}");
}

/// `?` turns it into a CudaError, which prints as the error it holds.
#[test]
fn cublas_errors_convert_into_cuda_error() {
    common::nothing_to_load();
    fn run() -> Result<(), CudaError> {
        let mut handle: cublasHandle_t = std::ptr::null_mut();
        unsafe { check_cublas!(cublasCreate(&mut handle))? };
        Ok(())
    }
    let e = run().unwrap_err();
    assert!(matches!(e, CudaError::Cublas(_)), "{e:?}");
    assert!(e.to_string().contains("cublasCreate(&mut handle) failed."), "{e}");
}
