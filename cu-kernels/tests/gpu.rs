//! `kernels!` on a GPU (`--features gpu-tests`; without a GPU every test here fails): kernels of
//! a `.cu` with C++ names, compiled at build time and at first use, launched as `<<<>>>` does,
//! their results read back, and a failed launch seen through `cudaGetLastError` as with nvcc.
#![cfg(feature = "gpu-tests")]
#![deny(unused_must_use)]

use std::ffi::c_int;

use cu_kernels::kernels;
use cuda_checked::checkRuntime;
use cudart_sys::cpp::*;

kernels!(
    "tests/kernels/scale.cu",
    arch = ["sm_80", "sm_90"],
    fn scale(x: *mut f32, factor: f32, n: c_int);,
    #[name = "fill<int>"]
    fn fill_int(x: *mut i32, value: i32, n: c_int);
);

kernels!(
    "tests/kernels/scale.cu",
    compile = "first-use",
    #[name = "scale"]
    fn scale_at_first_use(x: *mut f32, factor: f32, n: c_int);
);

fn ok(status: bool, what: &str) {
    assert!(status, "{what} failed (see above)");
}

#[test]
fn kernels_of_a_cu_run_with_their_cpp_names() {
    let n: c_int = 1000;
    let host: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut back = vec![0f32; n as usize];
    let mut ints = vec![0i32; n as usize];
    let (mut x, mut y): (*mut f32, *mut i32) = (nullptr.into(), nullptr.into());
    unsafe {
        ok(checkRuntime!(cudaMalloc(&mut x, n * 4)), "cudaMalloc");
        ok(checkRuntime!(cudaMalloc(&mut y, n * 4)), "cudaMalloc");
        ok(checkRuntime!(cudaMemcpy(x, host.as_ptr(), n * 4, cudaMemcpyHostToDevice)), "cudaMemcpy");
        let blocks = (n + 255) / 256;
        launch!(scale<<<blocks, 256>>>(x, 2.0, n));
        launch!(scale_at_first_use<<<blocks, 256, 0, nullptr>>>(x, 1.5, n));
        launch!(fill_int<<<blocks, 256>>>(y, 7, n));
        ok(checkRuntime!(cudaGetLastError()), "the launches");
        ok(checkRuntime!(cudaMemcpy(back.as_mut_ptr(), x, n * 4, cudaMemcpyDeviceToHost)), "cudaMemcpy back");
        ok(checkRuntime!(cudaMemcpy(ints.as_mut_ptr(), y, n * 4, cudaMemcpyDeviceToHost)), "cudaMemcpy back");
        cudaFree(x);
        cudaFree(y);
    }
    for (i, v) in back.iter().enumerate() {
        assert_eq!(*v, i as f32 * 3.0, "x[{i}]");
    }
    assert!(ints.iter().all(|&v| v == 7));
    assert!(scale_at_first_use.module().compiled_at_first_use().is_some());
    assert!(
        scale.module().compiled_at_first_use().is_none(),
        "CI builds the GPU tests with a toolkit's NVRTC"
    );
}

/// A launch C++ would get an error from gets the same, as the runtime's last error.
#[test]
fn a_bad_launch_is_the_runtimes_last_error() {
    let n: c_int = 10;
    // C++'s dim3(-1): 4294967295 blocks, more than maxGridSize[0] (2^31 - 1); the runtime
    // answers cudaErrorInvalidValue (as seen on the H200 with CUDA 13.0), to launch! as to <<<>>>.
    let blocks: i32 = -1;
    unsafe {
        let _ = cudaGetLastError();
        launch!(scale<<<blocks, 32>>>(std::ptr::null_mut(), 1.0, n));
        assert_eq!(cudaGetLastError(), cudaErrorInvalidValue);
        let status = launch!(scale<<<1, 4096>>>(std::ptr::null_mut(), 1.0, n));
        assert_eq!(status, cudaErrorInvalidConfiguration);
        assert_eq!(cudaGetLastError(), cudaErrorInvalidConfiguration);
        assert_eq!(cudaGetLastError(), cudaSuccess, "read once, as C++ reads it");
    }
}

/// The occupancy calculator takes a kernel of a `.cu` as C++'s templates take the function.
#[test]
fn the_occupancy_calculator_takes_the_kernel() {
    let (mut grid, mut block) = (0, 0);
    unsafe {
        ok(
            checkRuntime!(cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, &scale)),
            "cudaOccupancyMaxPotentialBlockSize",
        );
    }
    assert!(grid > 0 && block > 0 && block % 32 == 0, "{grid} {block}");
}
