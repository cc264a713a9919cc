//! `kernels!` on a GPU (`--features gpu-tests`; without a GPU every test here fails): kernels of
//! a `.cu` with C++ names, compiled at build time and at first use, launched as `<<<>>>` does,
//! their results read back, and a failed launch seen through `cudaGetLastError` as with nvcc.
#![cfg(feature = "gpu-tests")]
#![deny(unused_must_use)]

use std::ffi::c_int;

use cu_kernels::{kernels, LoadError};
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

// C++14 and C++17 literals, a Latin-1 comment, a header of its own (issue 41, items 9, 10, 12):
// C++17, which NVRTC before 12 does not take by default.
kernels!(
    "tests/kernels/literals.cu",
    arch = ["sm_90"],
    options = ["--std=c++17"],
    fn count(out: *mut i64, real: *mut f64, n: c_int);
);

// Declared wrongly on purpose, behind a typedef that only NVRTC reads: compiled at first use,
// the check is the load's (issue 41, item 11).
kernels!(
    "tests/kernels/mismatch.cu",
    compile = "first-use",
    fn scale_real(x: *mut f32, factor: f32, n: c_int);
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
    // C++'s dim3(-1): 4294967295 blocks, more than maxGridSize[0] (2^31 - 1), and 4096 threads
    // a block, more than 1024: nvcc's <<<>>> gets cudaErrorInvalidValue for both on the H200
    // with CUDA 13.0 (a .cu built there beside this test), and so does launch!.
    let blocks: i32 = -1;
    unsafe {
        let _ = cudaGetLastError();
        launch!(scale<<<blocks, 32>>>(std::ptr::null_mut(), 1.0, n));
        assert_eq!(cudaGetLastError(), cudaErrorInvalidValue);
        let status = launch!(scale<<<1, 4096>>>(std::ptr::null_mut(), 1.0, n));
        assert_eq!(status, cudaErrorInvalidValue);
        assert_eq!(cudaGetLastError(), cudaErrorInvalidValue);
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

/// NVRTC reads `10'000`, `0x7FFF'FFFF`, `.5'0`, `'\''` and a user-defined literal as C++ does,
/// beside a raw string over two lines and a Latin-1 comment (issue 41, items 9 and 10).
#[test]
fn literals_compile_to_their_values() {
    let (mut out, mut real): (*mut i64, *mut f64) = (nullptr.into(), nullptr.into());
    let (mut big, mut d) = (0i64, 0f64);
    unsafe {
        ok(checkRuntime!(cudaMalloc(&mut out, 8)), "cudaMalloc");
        ok(checkRuntime!(cudaMalloc(&mut real, 8)), "cudaMalloc");
        launch!(count<<<1, 1>>>(out, real, 1));
        ok(checkRuntime!(cudaGetLastError()), "the launch");
        ok(checkRuntime!(cudaMemcpy(&mut big, out, 8, cudaMemcpyDeviceToHost)), "cudaMemcpy back");
        ok(checkRuntime!(cudaMemcpy(&mut d, real, 8, cudaMemcpyDeviceToHost)), "cudaMemcpy back");
        cudaFree(out);
        cudaFree(real);
    }
    let expected = 10_000
        + 0x7FFF_FFFF
        + 0b1010_1010
        + 0o17
        + 1_000
        + 2 * 1_000
        + 1
        + i64::from(b'\'')
        + i64::from(b'{');
    assert_eq!(big, expected);
    assert!((d - (1_000.000_1 + 12.0 + 1e-5 + 0.5)).abs() < 1e-9, "{d}");
}

/// A declaration that disagrees with what NVRTC compiled at first use fails the load, naming
/// both, and the launch returns the code (issue 41, item 11).
#[test]
fn a_declaration_checked_at_first_use_fails_the_load_naming_both() {
    let error = scale_real.load().unwrap_err();
    assert!(matches!(error, LoadError::Declaration { .. }), "{error}");
    assert!(
        error.to_string().contains(
            "`x: *mut f32` of `fn scale_real` does not match parameter 1 of C++'s kernel `scale_real(double*, double, \
             long)` (tests/kernels/mismatch.cu, NVRTC's lowered name _Z10scale_realPddl)"
        ),
        "{error}"
    );
    let n: c_int = 1;
    unsafe {
        assert_eq!(launch!(scale_real<<<1, 32>>>(std::ptr::null_mut(), 1.0, n)), cudaErrorInvalidSource)
    };
}
