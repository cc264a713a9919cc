//! A library that lacks a function the header declares: the error names the function, and
//! says when the library is no CUDA driver at all. libc stands in for such a library: a real
//! library with none of the driver's symbols. (The fault-tests crate covers real-looking
//! drivers: older, newer, stubs.)
#![cfg(all(target_os = "linux", not(feature = "link")))]

use cuda_checked::check_driver;
use cuda_sys::*;

/// The absolute path of the libc this process runs with, from its memory map.
fn libc_path() -> String {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    let path = maps.lines().filter_map(|l| l.split_whitespace().nth(5)).find(|p| p.contains("/libc.so"));
    path.expect("libc in /proc/self/maps").to_string()
}

#[test]
fn a_missing_function_is_named() {
    // The only test in this process: the variable is set before any driver call.
    let libc = libc_path();
    std::env::set_var(loader::LIBCUDA_PATH_VAR, &libc);
    let mut ptr: CUdeviceptr = 0;
    let e = unsafe { check_driver!(cuMemAlloc(&mut ptr, 100)) }.unwrap_err();
    assert_eq!(e.code(), CUDA_ERROR_NOT_FOUND);
    assert_eq!(e.name(), "CUDA_ERROR_NOT_FOUND");
    // (The loader names the file as the dynamic loader has it: libc was loaded before.)
    assert!(e.message().contains("/libc.so.6 is not a CUDA driver"), "{e}");
    assert!(e.message().contains("no `cuMemAlloc_v2` (the function `cuMemAlloc` stands for"), "{e}");
    assert!(e.message().contains(loader::LIBCUDA_PATH_VAR), "{e}");
    assert!(!e.message().contains("Update the NVIDIA driver"), "{e}");
    // Only the call that caused it gets the reason: a stored NOT_FOUND is not blamed on it.
    let later = check_driver!(CUDA_ERROR_NOT_FOUND).unwrap_err();
    assert!(!later.message().contains("cuMemAlloc_v2"), "{later}");
    // The same call, checked again, gets it again.
    let again = unsafe { check_driver!(cuMemAlloc(&mut ptr, 100)) }.unwrap_err();
    assert_eq!(again.message(), e.message());
}
