//! Issue 22, item 2: cudart-sys and libcuda-sys bind one CUDA release, as a C program including
//! `cuda_runtime_api.h` and `cuda.h` of one toolkit does, however each got its bindings
//! (generated from a toolkit or a runtime wheel, or vendored). CI runs this against every
//! header it tests, and `.ci/public-api` compares what both tell dependents for every release.

#[test]
fn the_runtime_and_the_driver_bindings_are_of_one_release() {
    assert_eq!(cudart_sys::CUDART_VERSION, cuda_sys::CUDA_VERSION);
}
