//! `check_cublas!` and `check_cublaslt!` in a process whose loaders find no cuBLAS, on any
//! machine: each error names its own library and why it could not be loaded.
#![cfg(all(feature = "cublas", not(feature = "link")))]

use std::sync::Once;

use cublas_sys::*;
use cuda_checked::{check_cublas, check_cublaslt, CublasError, CudaError};

const NO_CUBLAS: &str = "/nonexistent/libcublas.so.13";
const NO_CUBLASLT: &str = "/nonexistent/libcublasLt.so.13";

fn nothing_to_load() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        std::env::set_var(loader::LIBCUBLAS_PATH_VAR, NO_CUBLAS);
        std::env::set_var(loader::LIBCUBLASLT_PATH_VAR, NO_CUBLASLT);
    });
}

#[test]
fn a_cublas_call_without_libcublas_says_why_in_the_samples_format() {
    nothing_to_load();
    let mut handle: cublasHandle_t = std::ptr::null_mut();
    let line = line!() + 1;
    let e: CublasError = unsafe { check_cublas!(cublasCreate(&mut handle)) }.unwrap_err();
    assert_eq!(e.code(), CUBLAS_STATUS_NOT_INITIALIZED);
    assert_eq!(e.name(), "CUBLAS_STATUS_NOT_INITIALIZED");
    assert!(e.message().contains("cuBLAS (libcublas) could not be loaded"), "{e}");
    assert!(e.message().contains(&format!("{NO_CUBLAS}: ")), "{e}");
    assert!(e.message().contains(loader::LIBCUBLAS_PATH_VAR), "{e}");
    assert!(!e.message().contains("libcublasLt"), "{e}");
    assert_eq!(
        e.to_string(),
        format!(
            "{}:{line} cublasCreate(&mut handle) failed. \n code = CUBLAS_STATUS_NOT_INITIALIZED, message = {}",
            file!(),
            e.message()
        )
    );
}

#[test]
fn a_cublaslt_call_names_libcublaslt() {
    nothing_to_load();
    let mut handle: cublasLtHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cublaslt!(cublasLtCreate(&mut handle)) }.unwrap_err();
    assert_eq!(e.code(), CUBLAS_STATUS_NOT_INITIALIZED);
    assert_eq!(e.name(), "CUBLAS_STATUS_NOT_INITIALIZED");
    assert!(e.message().contains("cuBLASLt (libcublasLt) could not be loaded"), "{e}");
    assert!(e.message().contains(&format!("{NO_CUBLASLT}: ")), "{e}");
    assert!(e.message().contains(loader::LIBCUBLASLT_PATH_VAR), "{e}");
}

/// `check_cublas!` around a cuBLASLt call is routed as `check_cublaslt!` is: the failure is
/// libcublasLt's, and so are its words (issue 33: it was attributed to cuBLAS); the next check
/// of a cuBLAS call is cuBLAS's again.
#[test]
fn check_cublas_of_a_cublaslt_call_names_libcublaslt() {
    nothing_to_load();
    let mut handle: cublasLtHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cublas!(cublasLtCreate(&mut handle)) }.unwrap_err();
    assert!(e.message().contains("cuBLASLt (libcublasLt) could not be loaded"), "{e}");
    assert!(e.message().contains(loader::LIBCUBLASLT_PATH_VAR), "{e}");
    let mut blas: cublasHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cublas!(cublasCreate(&mut blas)) }.unwrap_err();
    assert!(e.message().contains("cuBLAS (libcublas) could not be loaded"), "{e}");
    assert!(!e.message().contains("libcublasLt"), "{e}");
}

/// A code from elsewhere (a stored one) is described by the header, with the reason the
/// library could not say more.
#[test]
fn a_stored_code_without_cublas_uses_the_header() {
    nothing_to_load();
    let e = check_cublas!(CUBLAS_STATUS_ALLOC_FAILED).unwrap_err();
    assert_eq!(e.name(), "CUBLAS_STATUS_ALLOC_FAILED");
    assert!(e.message().contains("could not be loaded"), "{e}");
    assert!(check_cublas!(CUBLAS_STATUS_SUCCESS).is_ok());
    assert!(check_cublaslt!(CUBLAS_STATUS_SUCCESS).is_ok());
}

/// `?` turns it into a CudaError, which prints as the error it holds.
#[test]
fn cublas_errors_convert_into_cuda_error() {
    nothing_to_load();
    fn run() -> Result<(), CudaError> {
        let mut handle: cublasHandle_t = std::ptr::null_mut();
        unsafe { check_cublas!(cublasCreate(&mut handle))? };
        Ok(())
    }
    let e = run().unwrap_err();
    assert!(matches!(e, CudaError::Cublas(_)), "{e:?}");
    assert!(e.to_string().contains("cublasCreate(&mut handle) failed."), "{e}");
}
