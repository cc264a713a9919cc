//! NVIDIA's real libcurand, without a GPU (run with `--ignored`, the library found as a user's
//! would be: CUDA_PATH at a toolkit or a wheel holding it): its version is the header's or newer,
//! and a call that needs a GPU fails through `check_curand!` with the status's name and sentence.
#![cfg(all(feature = "curand", not(feature = "link")))]

use cuda_checked::check_curand;
use curand_sys::*;

#[test]
#[ignore = "needs NVIDIA's libcurand (a toolkit or the nvidia-curand wheel): run with --ignored"]
fn the_real_library_answers_and_its_failures_read_as_cs() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no cuRAND to test against: {e}"));
    let mut version = 0;
    // SAFETY: a valid out-pointer.
    unsafe { check_curand!(curandGetVersion(&mut version)) }.unwrap();
    assert!(
        version as u32 >= CURAND_VERSION,
        "{} is cuRAND {version}, older than the header's {CURAND_VERSION}",
        path.display()
    );
    // Without a GPU (CI), creating a device generator fails; with one, it succeeds.
    let mut generator: curandGenerator_t = std::ptr::null_mut();
    // SAFETY: a valid out-pointer.
    match unsafe { check_curand!(curandCreateGenerator(&mut generator, CURAND_RNG_PSEUDO_MTGP32)) } {
        Ok(()) => unsafe { check_curand!(curandDestroyGenerator(generator)) }.unwrap(),
        Err(e) => {
            assert!(e.name().starts_with("CURAND_STATUS_"), "{e}");
            assert!(
                e.to_string()
                    .contains("curandCreateGenerator(&mut generator, CURAND_RNG_PSEUDO_MTGP32) failed."),
                "{e}"
            );
            println!("{e}");
        }
    }
}
