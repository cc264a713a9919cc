//! NVIDIA's real libcudart on a machine without a driver (CI: the runtime wheel's
//! `lib/libcudart.so.<major>`, found through the toolkit the build used): the runtime loads,
//! and its calls report the missing driver with its own codes and texts.
//! Run explicitly: `cargo test -p cudart-sys --test real_runtime -- --ignored`; it fails, not
//! skips, when no runtime can be loaded.

use std::ffi::CStr;

use cudart_sys::*;

#[test]
#[ignore = "needs NVIDIA's libcudart (a toolkit or the runtime wheel) and no driver: run with --ignored"]
fn the_real_runtime_without_a_driver_says_so() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no CUDA runtime to test against: {e}"));
    let mut runtime = 0;
    let mut count = -1;
    let mut driver = -1;
    unsafe {
        // CUDA 11's runtime answers even this with cudaErrorInsufficientDriver without a driver.
        let runtime_code = cudaRuntimeGetVersion(&mut runtime);
        let code = cudaGetDeviceCount(&mut count);
        // CUDA 12 and 13's runtimes report no driver as version 0; CUDA 11's as an error.
        let driver_code = cudaDriverGetVersion(&mut driver);
        let name = CStr::from_ptr(cudaGetErrorName(code)).to_string_lossy();
        let text = CStr::from_ptr(cudaGetErrorString(code)).to_string_lossy();
        println!(
            "{} (cudaRuntimeGetVersion -> {runtime_code:?}, {runtime}) without a driver: cudaGetDeviceCount -> {name} ({}): {text}; \
             cudaDriverGetVersion -> {driver_code:?}, {driver}",
            path.display(),
            u32::from(code)
        );
        assert_ne!(code, cudaSuccess, "a device was found: this test needs a machine without a driver");
        assert_eq!(name, format!("{code:?}"), "the runtime and the header name the code alike");
        assert!(
            (driver_code == cudaSuccess && driver == 0) || driver_code == cudaErrorInsufficientDriver,
            "{driver_code:?}, {driver}"
        );
        if runtime_code == cudaSuccess {
            assert_eq!(
                i64::from(runtime) / 1000,
                i64::from(CUDART_VERSION) / 1000,
                "the runtime of the header's major"
            );
        } else {
            assert_eq!(runtime_code, cudaErrorInsufficientDriver);
        }
    }
}
