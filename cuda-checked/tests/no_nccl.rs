//! `check_nccl!` and `NcclError` in a process whose loader finds no NCCL, on any machine.
#![cfg(all(feature = "nccl", not(feature = "link")))]

use std::sync::Once;

use cuda_checked::{check_nccl, NcclError};
use nccl_sys::*;

const NOWHERE: &str = "/nonexistent/libnccl.so.2";

fn nothing_to_load() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| std::env::set_var(loader::LIBNCCL_PATH_VAR, NOWHERE));
}

#[test]
fn a_call_without_nccl_says_why_in_the_samples_format() {
    nothing_to_load();
    let mut version = 0;
    let line = line!() + 1;
    let e: NcclError = unsafe { check_nccl!(ncclGetVersion(&mut version)) }.unwrap_err();
    assert_eq!(e.code(), ncclSystemError);
    assert_eq!(e.name(), "ncclSystemError");
    assert_eq!(e.op(), "ncclGetVersion(&mut version)");
    let text = e.to_string();
    assert!(
        text.starts_with(&format!("{}:{line} ncclGetVersion(&mut version) failed. \n", file!())),
        "{text}"
    );
    assert!(
        text.contains("code = ncclSystemError, message = the NCCL library (libnccl) could not be loaded: "),
        "{text}"
    );
    assert!(text.contains(NOWHERE) && text.contains(loader::LIBNCCL_PATH_VAR), "{text}");
}

/// With a communicator, nothing is added where NCCL never saw the call: the loader's reason
/// is the whole story (NCCL's "last error" would be the loader's stand-in text).
#[test]
fn the_last_error_is_only_nccls_own() {
    nothing_to_load();
    let mut comms: [ncclComm_t; 1] = [std::ptr::null_mut()];
    let e = unsafe { check_nccl!(ncclCommInitAll(comms.as_mut_ptr(), 1, std::ptr::null()), comms[0]) }
        .unwrap_err();
    assert!(e.message().contains("could not be loaded"), "{e}");
    assert!(!e.message().contains("last error"), "{e}");
}
