//! The `static` feature: libcudart_static.a is part of this test binary (CI: the runtime
//! wheel's, found through the toolkit the build used). Run with `--features static`; the
//! ignored test needs a machine without a driver (CI).
#![cfg(all(feature = "static", target_os = "linux"))]

use cudart_sys::*;

#[test]
fn the_runtime_is_part_of_this_program() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("{e}"));
    let exe = std::env::current_exe().unwrap();
    assert_eq!(std::fs::canonicalize(path).ok(), std::fs::canonicalize(&exe).ok(), "{}", path.display());
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    assert!(!maps.contains("libcudart.so"), "a shared libcudart is loaded too:\n{maps}");
    let mut runtime = 0;
    // SAFETY: a valid out-pointer.
    assert_eq!(unsafe { cudaRuntimeGetVersion(&mut runtime) }, cudaSuccess);
    assert_eq!(i64::from(runtime) / 1000, i64::from(CUDART_VERSION) / 1000, "the header's major");
    // Linked: every symbol was bound at start-up, so no code is the loader's.
    assert_eq!(loader::explain(cudaErrorSymbolNotFound), None);
}

#[test]
#[ignore = "needs a machine without a driver (CI): run with --ignored"]
fn without_a_driver_the_static_runtime_answers_insufficient_driver() {
    let mut count = -1;
    // SAFETY: a valid out-pointer.
    let code = unsafe { cudaGetDeviceCount(&mut count) };
    assert_eq!(code, cudaErrorInsufficientDriver);
    let (name, message) = loader::describe(code);
    assert_eq!(name, "cudaErrorInsufficientDriver");
    assert_eq!(message, "CUDA driver version is insufficient for CUDA runtime version");
}
