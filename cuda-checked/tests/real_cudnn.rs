//! `check_cudnn!` with NVIDIA's real libcudnn and no GPU (CI: the wheel's):
//! `cargo test -p cuda-checked --features cudnn --test real_cudnn -- --ignored`.
#![cfg(feature = "cudnn")]

use cuda_checked::check_cudnn;
use cudnn_sys::*;

#[test]
#[ignore = "needs libcudnn.so.9 and no usable GPU: CI's machine"]
fn without_a_gpu_the_last_error_says_what_the_status_does_not() {
    if let Err(e) = loader::library_path() {
        panic!("no cuDNN to test with: {e}");
    }
    let mut handle: cudnnHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cudnn!(cudnnCreate(&mut handle)) }.unwrap_err();
    assert_eq!(e.name(), "CUDNN_STATUS_NOT_INITIALIZED");
    assert!(e.message().starts_with("CUDNN_STATUS_NOT_INITIALIZED; cuDNN's last error: "), "{e}");
    println!("{e}");
}
