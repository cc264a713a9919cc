//! NVIDIA's real libcufft, without a GPU (run with `--ignored`, the library found as a user's
//! would be: CUDA_PATH at a toolkit or a wheel holding it): its version is the header's or newer,
//! and a call that needs a GPU answers a status the header names, with its sentence.
#![cfg(cuda_reach = "loaded")]

use cufft_sys::*;

#[test]
#[ignore = "needs NVIDIA's libcufft (a toolkit or the nvidia-cufft wheel): run with --ignored"]
fn the_real_library_answers_in_the_headers_words() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no cuFFT to test against: {e}"));
    let mut version = 0;
    // SAFETY: a valid out-pointer.
    let status = unsafe { cufftGetVersion(&mut version) };
    assert_eq!(status, CUFFT_SUCCESS, "{:?}", loader::describe(status));
    assert!(
        version as u32 >= CUFFT_VERSION,
        "{} is cuFFT {version}, older than the header's {CUFFT_VERSION}",
        path.display()
    );
    // Without a GPU (CI), making a plan fails with one of the header's statuses, the library's
    // own (not the loader's); with one, it succeeds.
    let mut plan: cufftHandle = 0;
    // SAFETY: a valid out-pointer.
    let status = unsafe { cufftPlan1d(&mut plan, 1024, CUFFT_C2C, 1) };
    if status == CUFFT_SUCCESS {
        // SAFETY: the plan just made.
        assert_eq!(unsafe { cufftDestroy(plan) }, CUFFT_SUCCESS);
        return;
    }
    assert_eq!(loader::explain(status), None, "the loader answered for the library");
    let (name, text) = loader::describe(status);
    assert!(name.starts_with("CUFFT_"), "{name}: {text}");
    assert!(text.len() > 10, "{name} has no sentence: {text:?}");
    println!("{name}: {text}");
}
