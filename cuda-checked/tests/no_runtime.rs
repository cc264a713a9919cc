//! `check_cuda!` and `RuntimeError` in a process whose loader finds no CUDA runtime, on any
//! machine; and `CudaError`, which both kinds of error convert into.
#![cfg(all(feature = "runtime", not(feature = "link")))]

use std::error::Error;
use std::sync::Once;

use cuda_checked::{check_cuda, check_driver, CudaError, RuntimeError, RuntimeResult};
use cudart_sys::*;

/// An absolute path where no runtime is.
const NOWHERE: &str = if cfg!(windows) { r"C:\nonexistent\cudart.dll" } else { "/nonexistent/libcudart.so" };

/// Points both loaders at nothing before anything in this process can load a library.
fn nothing_to_load() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        std::env::set_var(loader::LIBCUDART_PATH_VAR, NOWHERE);
        let no_driver =
            if cfg!(windows) { r"C:\nonexistent\nvcuda.dll" } else { "/nonexistent/libcuda.so.1" };
        std::env::set_var(cuda_sys::loader::LIBCUDA_PATH_VAR, no_driver);
    });
}

#[test]
fn a_call_without_a_runtime_says_why_in_the_samples_format() {
    nothing_to_load();
    let mut buffer: *mut std::ffi::c_void = std::ptr::null_mut();
    let line = line!() + 1;
    let e = unsafe { check_cuda!(cudaMalloc(&mut buffer, 100)) }.unwrap_err();
    assert_eq!(e.code(), cudaErrorSharedObjectInitFailed);
    assert_eq!(e.name(), "cudaErrorSharedObjectInitFailed");
    assert!(
        e.message().contains(&format!("the CUDA runtime (libcudart) could not be loaded: {NOWHERE}: ")),
        "{e}"
    );
    assert!(e.message().contains(loader::LIBCUDART_PATH_VAR), "{e}");
    assert_eq!(e.op(), "cudaMalloc(&mut buffer, 100)");
    let expected = format!(
        "{}:{line} cudaMalloc(&mut buffer, 100) failed. \n code = cudaErrorSharedObjectInitFailed, message = {}",
        file!(),
        e.message()
    );
    assert_eq!(e.to_string(), expected);
}

#[test]
fn a_stored_code_without_a_runtime_uses_the_header() {
    nothing_to_load();
    let stored = cudaErrorMemoryAllocation;
    let e = check_cuda!(stored).unwrap_err();
    assert_eq!(e.name(), "cudaErrorMemoryAllocation");
    assert!(e.message().contains("could not be loaded"), "{e}");
    match cudaErrorMemoryAllocation.description() {
        // Built from a header: its description of the code.
        Some(described) => assert!(e.message().starts_with(described), "{e}"),
        // Vendored: the reason, and where NVIDIA describes the code.
        None => assert!(e.message().contains("group__CUDART__TYPES.html"), "{e}"),
    }
}

#[test]
fn any_code_formats_and_unknown_ones_keep_their_number() {
    nothing_to_load();
    for value in [1, 2, 35, 999, 1000, 987_654, u32::MAX] {
        let e = check_cuda!(cudaError_t::from(value)).unwrap_err();
        match cudaError_t::from(value).name() {
            Some(name) => assert_eq!(e.name(), name),
            None => assert_eq!(e.name(), format!("cudaError({value})")),
        }
        let _ = (e.to_string(), format!("{e:?}"), format!("{e:#?}"));
    }
    assert_eq!(check_cuda!(cudaSuccess), Ok(()));
}

#[test]
fn both_kinds_of_error_go_through_one_question_mark() {
    nothing_to_load();
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
