//! NVIDIA's real libcurand, without a GPU (run with `--ignored`, the library found as a user's
//! would be: CUDA_PATH at a toolkit or a wheel holding it): its version is the header's or newer,
//! and a call that needs a GPU answers a status the header names, with its sentence.
#![cfg(cuda_reach = "loaded")]

use curand_sys::*;

#[test]
#[ignore = "needs NVIDIA's libcurand (a toolkit or the nvidia-curand wheel): run with --ignored"]
fn the_real_library_answers_in_the_headers_words() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no cuRAND to test against: {e}"));
    let mut version = 0;
    // SAFETY: a valid out-pointer.
    let status = unsafe { curandGetVersion(&mut version) };
    assert_eq!(status, CURAND_STATUS_SUCCESS, "{:?}", loader::describe(status));
    assert!(
        version as u32 >= CURAND_VERSION,
        "{} is cuRAND {version}, older than the header's {CURAND_VERSION}",
        path.display()
    );
    // Without a GPU (CI), creating a device generator fails with one of the header's statuses,
    // the library's own (not the loader's); with one, it succeeds.
    let mut generator: curandGenerator_t = std::ptr::null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { curandCreateGenerator(&mut generator, CURAND_RNG_PSEUDO_MTGP32) };
    if status == CURAND_STATUS_SUCCESS {
        // SAFETY: the generator just created.
        assert_eq!(unsafe { curandDestroyGenerator(generator) }, CURAND_STATUS_SUCCESS);
        return;
    }
    assert_eq!(loader::explain(status), None, "the loader answered for the library");
    let (name, text) = loader::describe(status);
    assert!(name.starts_with("CURAND_STATUS_"), "{name}: {text}");
    assert!(text.len() > 10, "{name} has no sentence: {text:?}");
    println!("{name}: {text}");
}
