//! A driver that lacks a function the header declares: the error names the function.
//! libc stands in for such a driver: a real library with none of the driver's symbols.
#![cfg(not(feature = "link"))]

use cuda_checked::check_driver;
use cuda_sys::*;

#[test]
fn a_missing_function_is_named() {
    // The only test in this process: the variable is set before any driver call.
    std::env::set_var(loader::LIBCUDA_PATH_VAR, "libc.so.6");
    let mut ptr: CUdeviceptr = 0;
    let e = unsafe { check_driver!(cuMemAlloc(&mut ptr, 100)) }.unwrap_err();
    assert_eq!(e.code(), CUDA_ERROR_NOT_FOUND);
    assert_eq!(e.name(), "CUDA_ERROR_NOT_FOUND");
    assert!(e.message().contains("the CUDA driver has no function `cuMemAlloc_v2`"), "{e}");
    assert!(e.message().contains("Update the NVIDIA driver"), "{e}");
    // Taken once: a later, unrelated NOT_FOUND is not blamed on it.
    let later = check_driver!(CUDA_ERROR_NOT_FOUND).unwrap_err();
    assert!(!later.message().contains("cuMemAlloc_v2"), "{later}");
}
