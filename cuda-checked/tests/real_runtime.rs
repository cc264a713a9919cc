//! `check_cuda!` with NVIDIA's real libcudart on a machine without a driver: the runtime's
//! own name and text. Run explicitly (`-- --ignored`); it fails when no runtime can be loaded.
#![cfg(all(feature = "runtime", not(feature = "link")))]

use cuda_checked::check_cuda;
use cudart_sys::*;

#[test]
#[ignore = "needs NVIDIA's libcudart (a toolkit or the runtime wheel) and no driver: run with --ignored"]
fn the_runtimes_own_words() {
    loader::library_path().unwrap_or_else(|e| panic!("no CUDA runtime to test against: {e}"));
    let mut count = 0;
    let e = unsafe { check_cuda!(cudaGetDeviceCount(&mut count)) }.unwrap_err();
    println!("{e}");
    assert_eq!(e.code(), cudaErrorInsufficientDriver);
    assert_eq!(e.name(), "cudaErrorInsufficientDriver");
    assert_eq!(e.message(), "CUDA driver version is insufficient for CUDA runtime version");
    // A code the runtime does not know keeps its number, and the header's name where it has one.
    let unknown = check_cuda!(cudaError_t::from(987_654)).unwrap_err();
    assert_eq!(unknown.name(), "cudaError(987654)");
}
