//! On a machine with a CUDA GPU and driver (`--features gpu-tests`): the error text is the
//! driver's own. Without a driver these tests fail, loudly, at `cuInit`.
#![cfg(feature = "gpu-tests")]

use std::ffi::{c_char, CStr};

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;

fn init() {
    if let Err(e) = unsafe { check_driver!(cuInit(0)) } {
        panic!("the gpu-tests feature needs a CUDA GPU and driver:\n{e}");
    }
}

fn driver_string(
    get: unsafe extern "C" fn(CUresult, *mut *const c_char) -> CUresult,
    code: u32,
) -> Option<String> {
    let mut text: *const c_char = std::ptr::null();
    let ok = unsafe { get(CUresult::from(code), &mut text) } == CUDA_SUCCESS && !text.is_null();
    ok.then(|| unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned())
}

#[test]
fn names_and_messages_are_the_drivers_own() {
    init();
    let mut checked = 0;
    for code in 1..=1000u32 {
        let Some(name) = driver_string(cuGetErrorName, code) else { continue };
        let message = driver_string(cuGetErrorString, code).expect("a name but no string");
        let e = check_driver!(CUresult::from(code)).unwrap_err();
        assert_eq!(e.name(), name, "code {code}");
        assert_eq!(e.message(), message, "code {code}");
        checked += 1;
    }
    println!("{checked} codes in 1..=1000 named by the driver; name() and message() match for all");
    assert!(checked > 80, "the driver named only {checked} codes");
}

#[test]
fn memory_calls_without_a_context_fail_with_invalid_context() {
    init();
    // A fresh thread has no current context (lesson 1 calls this "context is null").
    let e: DriverError = std::thread::spawn(|| {
        let mut ptr: CUdeviceptr = 0;
        unsafe { check_driver!(cuMemAlloc(&mut ptr, 100)) }.unwrap_err()
    })
    .join()
    .unwrap();
    println!("{e}");
    assert_eq!(e.code(), CUDA_ERROR_INVALID_CONTEXT);
    assert_eq!(e.name(), "CUDA_ERROR_INVALID_CONTEXT");
    assert_eq!(e.message(), "invalid device context");
}

/// The runtime's own names and texts, for every code it names.
#[cfg(feature = "runtime")]
#[test]
fn runtime_names_and_messages_are_the_runtimes_own() {
    use cuda_checked::check_cuda;
    use cudart_sys::*;
    let mut count = 0;
    if let Err(e) = unsafe { check_cuda!(cudaGetDeviceCount(&mut count)) } {
        panic!("the gpu-tests feature needs a CUDA GPU, driver and runtime:\n{e}");
    }
    let mut checked = 0;
    for code in 1..=1000u32 {
        let code = cudaError_t::from(code);
        let name = unsafe { CStr::from_ptr(cudaGetErrorName(code)) }.to_string_lossy().into_owned();
        if !name.starts_with("cuda") {
            continue; // "unrecognized error code"
        }
        let message = unsafe { CStr::from_ptr(cudaGetErrorString(code)) }.to_string_lossy().into_owned();
        let e = check_cuda!(code).unwrap_err();
        assert_eq!(e.name(), name, "code {code:?}");
        assert_eq!(e.message(), message, "code {code:?}");
        checked += 1;
    }
    println!("{checked} codes in 1..=1000 named by the runtime; name() and message() match for all");
    assert!(checked > 80, "the runtime named only {checked} codes");
}
