//! `check_nccl!` and `NcclError` in a process whose loader finds no NCCL, on any machine.
#![cfg(all(feature = "nccl", not(feature = "link")))]

mod common;

use cuda_checked::check_nccl;
use nccl_sys::*;

/// With a communicator, nothing is added where NCCL never saw the call: the loader's reason
/// is the whole story (NCCL's "last error" would be the loader's stand-in text).
#[test]
fn the_last_error_is_only_nccls_own() {
    common::nothing_to_load();
    let mut comms: [ncclComm_t; 1] = [std::ptr::null_mut()];
    let e = unsafe { check_nccl!(ncclCommInitAll(comms.as_mut_ptr(), 1, std::ptr::null()), comms[0]) }
        .unwrap_err();
    assert!(e.message().contains("could not be loaded"), "{e}");
    assert!(!e.message().contains("last error"), "{e}");
}
