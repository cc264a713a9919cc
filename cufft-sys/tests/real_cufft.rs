//! NVIDIA's real libcufft, without a GPU (run with `--ignored`, the library found as a user's
//! would be: CUDA_PATH at a toolkit or a wheel holding it): its version is the header's or newer,
//! and a call that needs a GPU answers a status the header names, with its sentence; so does
//! cufftXt.h's, which is libcufft's too.
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

/// cufftXt.h's plan API (`cufftXtMakePlanMany`, which NVIDIA's simpleCUFFT calls) is libcufft's:
/// the call reaches that library and what it answers is the library's, not the loader's.
#[test]
#[ignore = "needs NVIDIA's libcufft (a toolkit or the nvidia-cufft wheel): run with --ignored"]
fn the_xt_api_is_the_same_library() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no cuFFT to test against: {e}"));
    let mut plan: cufftHandle = 0;
    // SAFETY: a valid out-pointer.
    let created = unsafe { cufftCreate(&mut plan) };
    assert_eq!(loader::explain(created), None, "cufftCreate did not reach {}", path.display());
    // Without a GPU (CI) there is no plan: the call still reaches the library, which refuses the
    // handle in its own words.
    let mut n: [std::ffi::c_longlong; 1] = [1024];
    let mut work = 0usize;
    // SAFETY: a plan handle (made or refused), a rank-1 shape and a valid out-pointer; null
    // embeds are the basic layout.
    let status = unsafe {
        cufftXtMakePlanMany(
            plan,
            1,
            n.as_mut_ptr(),
            std::ptr::null_mut(),
            1,
            1024,
            cudart_sys::CUDA_C_32F,
            std::ptr::null_mut(),
            1,
            1024,
            cudart_sys::CUDA_C_32F,
            1,
            &mut work,
            cudart_sys::CUDA_C_32F,
        )
    };
    assert_eq!(loader::explain(status), None, "cufftXtMakePlanMany did not reach {}", path.display());
    let (name, text) = loader::describe(status);
    assert!(name.starts_with("CUFFT_"), "{name}: {text}");
    println!(
        "cufftCreate: {:?}; cufftXtMakePlanMany: {name}: {text} (work area {work} bytes)",
        loader::describe(created)
    );
    if created == CUFFT_SUCCESS {
        assert_eq!(status, CUFFT_SUCCESS, "a plan a GPU can make");
        // SAFETY: the plan created above.
        assert_eq!(unsafe { cufftDestroy(plan) }, CUFFT_SUCCESS);
    }
}
