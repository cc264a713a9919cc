//! A library that lacks a function the header declares: the error names the function, and
//! says when the library is no CUDA driver at all. libc (Linux) or kernel32.dll (Windows)
//! stands in for such a library: a real library with none of the driver's symbols. (The
//! fault-tests crate covers real-looking drivers: older, newer, stubs.)
#![cfg(all(any(target_os = "linux", windows), not(feature = "link")))]

use cuda_checked::check_driver;
use cuda_sys::*;

/// The absolute path of the libc this process runs with, from its memory map, and its name.
#[cfg(target_os = "linux")]
fn library_without_cuda() -> (String, &'static str) {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    let path = maps.lines().filter_map(|l| l.split_whitespace().nth(5)).find(|p| p.contains("/libc.so"));
    (path.expect("libc in /proc/self/maps").to_string(), "libc.so.6")
}

/// kernel32.dll in the system directory, and its name.
#[cfg(windows)]
fn library_without_cuda() -> (String, &'static str) {
    let root = std::env::var("SystemRoot").expect("SystemRoot is set on Windows");
    (format!(r"{root}\System32\kernel32.dll"), "kernel32.dll")
}

#[test]
fn a_missing_function_is_named() {
    // The only test in this process: the variable is set before any driver call.
    let (library, name) = library_without_cuda();
    std::env::set_var(loader::LIBCUDA_PATH_VAR, &library);
    let mut ptr: CUdeviceptr = 0;
    // SAFETY: a valid out-pointer (and no driver function is reached).
    let e = unsafe { check_driver!(cuMemAlloc(&mut ptr, 100)) }.unwrap_err();
    assert_eq!(e.code(), CUDA_ERROR_NOT_FOUND);
    assert_eq!(e.name(), "CUDA_ERROR_NOT_FOUND");
    // (The loader names the file as the system has it loaded, in its spelling.)
    let message = e.message().to_lowercase();
    assert!(message.contains(&format!("{name} is not a cuda driver")), "{e}");
    assert!(e.message().contains("no `cuMemAlloc_v2` (the function `cuMemAlloc` stands for"), "{e}");
    assert!(e.message().contains(loader::LIBCUDA_PATH_VAR), "{e}");
    assert!(!e.message().contains("Update the NVIDIA driver"), "{e}");
    // Only the call that caused it gets the reason: a stored NOT_FOUND is not blamed on it.
    let later = check_driver!(CUDA_ERROR_NOT_FOUND).unwrap_err();
    assert!(!later.message().contains("cuMemAlloc_v2"), "{later}");
    // The same call, checked again, gets it again.
    // SAFETY: as above.
    let again = unsafe { check_driver!(cuMemAlloc(&mut ptr, 100)) }.unwrap_err();
    assert_eq!(again.message(), e.message());
}
