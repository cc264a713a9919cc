//! `check_nccl!` with NVIDIA's real libnccl and no GPU (CI: the wheel's, found through the
//! build's NCCL_HOME): `cargo test -p cuda-checked --features nccl --test real_nccl -- --ignored`.
#![cfg(feature = "nccl")]

use cuda_checked::check_nccl;
use nccl_sys::*;

#[test]
#[ignore = "needs libnccl.so.2 and no usable GPU: CI's machine"]
fn without_a_gpu_the_last_error_says_what_the_code_does_not() {
    if let Err(e) = loader::library_path() {
        panic!("no NCCL to test with: {e}");
    }
    let mut comms: [ncclComm_t; 1] = [std::ptr::null_mut()];
    let plain = unsafe { check_nccl!(ncclCommInitAll(comms.as_mut_ptr(), 1, std::ptr::null())) }.unwrap_err();
    assert_eq!(plain.name(), "ncclUnhandledCudaError");
    assert!(plain.message().starts_with("unhandled cuda error"), "{plain}");
    assert!(plain.message().contains("; NCCL's last error: Cuda failure '"), "{plain}");
    // NCCL's last error is the process's: with a communicator, the same.
    let with = unsafe { check_nccl!(ncclCommInitAll(comms.as_mut_ptr(), 1, std::ptr::null()), comms[0]) }
        .unwrap_err();
    assert_eq!(with.message(), plain.message(), "{with}");
    println!("{with}");
}
