//! `check_nvrtc!` in a process whose loader finds no NVRTC, on any machine: the loader's reason
//! in the samples' format, and the log form leaves the error as it is (there is no log to read).
#![cfg(all(feature = "nvrtc", not(feature = "link")))]

mod common;

use cuda_checked::check_nvrtc;
use nvrtc_sys::*;

#[test]
fn the_log_form_without_nvrtc_is_the_plain_error() {
    common::nothing_to_load();
    let options = [c"--gpu-architecture=sm_90".as_ptr()];
    // No program could be created; a null one is what the failed create left.
    let prog: nvrtcProgram = std::ptr::null_mut();
    let e = unsafe { check_nvrtc!(nvrtcCompileProgram(prog, 1, options.as_ptr()), prog) }.unwrap_err();
    assert_eq!(e.code(), NVRTC_ERROR_INTERNAL_ERROR);
    assert_eq!(e.log(), None);
    assert!(e.message().contains("could not be loaded"), "{e}");
    assert!(!e.to_string().contains("\n log:"), "{e}");
}
