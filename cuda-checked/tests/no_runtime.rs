//! `check_cuda!` and `RuntimeError` in a process whose loader finds no CUDA runtime, on any
//! machine; and `CudaError`, which both kinds of error convert into.
#![cfg(all(feature = "runtime", not(feature = "link")))]

mod common;

use std::error::Error;

use cuda_checked::{check_cuda, check_driver, CudaError, RuntimeError, RuntimeResult};
use cudart_sys::*;

#[test]
fn both_kinds_of_error_go_through_one_question_mark() {
    common::nothing_to_load();
    fn mixed() -> Result<(), CudaError> {
        let mut count = 0;
        unsafe {
            check_cuda!(cudaGetDeviceCount(&mut count))?;
            check_driver!(cuda_sys::cuInit(0))?;
        }
        Ok(())
    }
    fn driver_first() -> Result<(), CudaError> {
        unsafe { check_driver!(cuda_sys::cuInit(0))? };
        Ok(())
    }
    match mixed().unwrap_err() {
        CudaError::Runtime(e) => assert_eq!(e.code(), cudaErrorSharedObjectInitFailed),
        other => panic!("{other}"),
    }
    let e = driver_first().unwrap_err();
    assert!(matches!(&e, CudaError::Driver(d) if d.code() == cuda_sys::CUDA_ERROR_STUB_LIBRARY), "{e}");
    assert!(e.to_string().contains("cuInit(0) failed."), "{e}");
    fn boxed() -> Result<(), Box<dyn Error + Send + Sync>> {
        unsafe { check_cuda!(cudaDeviceSynchronize())? };
        Ok(())
    }
    assert!(boxed().unwrap_err().to_string().contains("cudaDeviceSynchronize() failed."));
    fn typed() -> RuntimeResult<()> {
        unsafe { check_cuda!(cudaDeviceReset()) }
    }
    let e: RuntimeError = typed().unwrap_err();
    assert_eq!(cudaError_t::from(e), cudaErrorSharedObjectInitFailed);
}
