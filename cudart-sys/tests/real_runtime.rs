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
        assert_eq!(cudaRuntimeGetVersion(&mut runtime), cudaSuccess);
        let code = cudaGetDeviceCount(&mut count);
        assert_eq!(cudaDriverGetVersion(&mut driver), cudaSuccess, "the runtime reports no driver as 0");
        let name = CStr::from_ptr(cudaGetErrorName(code)).to_string_lossy();
        let text = CStr::from_ptr(cudaGetErrorString(code)).to_string_lossy();
        println!(
            "{} (CUDA runtime {runtime}) without a driver: cudaGetDeviceCount -> {name} ({}): {text}; \
             cudaDriverGetVersion -> {driver}",
            path.display(),
            u32::from(code)
        );
        assert_ne!(code, cudaSuccess, "a device was found: this test needs a machine without a driver");
        assert_eq!(name, format!("{code:?}"), "the runtime and the header name the code alike");
        assert_eq!(driver, 0);
        assert_eq!(runtime / 1000, CUDART_VERSION as i32 / 1000, "the runtime of the header's major");
    }
}
