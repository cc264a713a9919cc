//! `check_cudnn!` and `CudnnError` in a process whose loader finds no cuDNN, on any machine.
#![cfg(all(feature = "cudnn", not(feature = "link")))]

mod common;

use cuda_checked::check_cudnn;
use cudnn_sys::*;

/// Nothing is added where cuDNN never saw the call: the loader's reason is the whole story.
#[test]
fn the_last_error_is_only_cudnns_own() {
    common::nothing_to_load();
    let mut handle: cudnnHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cudnn!(cudnnCreate(&mut handle)) }.unwrap_err();
    assert_eq!(e.name(), "CUDNN_STATUS_NOT_INITIALIZED");
    assert!(e.message().contains("could not be loaded"), "{e}");
    assert!(!e.message().contains("last error"), "{e}");
}
