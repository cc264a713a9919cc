//! `kernels!` without a GPU: the statics and their types, what was cut, how they were compiled,
//! and a launch or load that fails as the runtime says (there is no driver here). The GPU's side
//! is tests/gpu.rs.
#![deny(unused_must_use)]

use std::ffi::c_int;

use cu_kernels::{kernels, LoadError};
use cudart_sys::cpp::*;

kernels!(
    "tests/kernels/scale.cu",
    arch = ["sm_80", "sm_90"],
    fn scale(x: *mut f32, factor: f32, n: c_int);,
    #[name = "fill<int>"]
    fn fill_int(x: *mut i32, value: i32, n: c_int);
);

kernels!("tests/kernels/scale.cu", compile = "first-use", fn scale_at_first_use(x: *mut f32, factor: f32, n: c_int));

// Digit separators, a raw string over two lines, a Latin-1 comment, a header of its own: C++17,
// which NVRTC before 12 does not take by default (CUDA 11.8's: "digit separators not enabled").
kernels!("tests/kernels/literals.cu", options = ["--std=c++17"], fn count(out: *mut i64, real: *mut f64, n: c_int));

#[test]
fn each_kernel_has_its_cpp_name_and_the_host_code_is_noted() {
    assert_eq!(scale.name(), "scale");
    assert_eq!(fill_int.name(), "fill<int>");
    assert_eq!(scale.module().file(), "tests/kernels/scale.cu");
    let notes = scale.module().notes();
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(notes[0].starts_with("tests/kernels/scale.cu:5: #include <iostream> left out"), "{notes:?}");
    assert_eq!(
        notes[1],
        "tests/kernels/scale.cu:19-22: host function `launch_scale` (it launches with <<<>>>) left out of the device compile"
    );
    assert!(notes[2].starts_with("tests/kernels/scale.cu:24-27: host function `main`"), "{notes:?}");
}

/// Compiled at build time when the build machine had NVRTC (CI builds with a toolkit's), for the
/// architectures named and PTX for the oldest; at first use when asked to.
#[test]
fn compiled_at_build_time_where_nvrtc_was_there() {
    let module = scale.module();
    match module.compiled_at_first_use() {
        None => {
            let archs: Vec<String> = module.images().iter().map(|i| i.arch.to_string()).collect();
            assert_eq!(archs, ["sm_80", "sm_90", "compute_80"]);
            assert!(module.images()[2].data.ends_with(b"\0"), "PTX ends in its NUL");
        }
        Some(why) => {
            assert!(why.contains("the build machine had no NVRTC") || why.contains("first-use"), "{why}")
        }
    }
    let why = scale_at_first_use.module().compiled_at_first_use().expect("compile = \"first-use\"");
    assert!(why.contains("compile = \"first-use\""), "{why}");
    assert!(scale_at_first_use.module().images().is_empty());
}

/// Issue 41, items 9, 10 and 12: a `.cu` with C++14 and C++17 literals (a `'` in `10'000`, a raw
/// string over two lines in host code) and a Latin-1 byte in a comment builds as NVRTC reads
/// it, and the header it includes is tracked as the `.cu` is: rustc's dependency file for this
/// test names it, so that an edit to it rebuilds the test.
#[test]
fn a_cu_with_cpp17_literals_latin1_and_a_header_builds_and_tracks_the_header() {
    assert_eq!(
        count.module().notes(),
        ["tests/kernels/literals.cu:21-25: host function `print_usage` left out of the device compile"]
    );
    // Where NVRTC compiled scale.cu at build time, it compiled this too: it reads it as we do.
    if scale.module().compiled_at_first_use().is_none() {
        assert_eq!(count.module().compiled_at_first_use(), None);
    }
    // rustc's dependency file, beside the test's binary where cargo built it (a bundle run
    // elsewhere has none, and no CARGO_MANIFEST_DIR).
    // (The crate's folder as cargo gives it at run time: a path compiled in would name this
    // checkout in the bundle, which .ci/test-bundle refuses.)
    let dep_info = std::env::current_exe().unwrap().with_extension("d");
    let Some(crate_dir) = std::env::var_os("CARGO_MANIFEST_DIR").filter(|_| dep_info.exists()) else {
        eprintln!("not run by cargo where it was built: no dependency file to read");
        return;
    };
    let deps = std::fs::read_to_string(&dep_info).unwrap_or_else(|e| panic!("{}: {e}", dep_info.display()));
    let header = std::path::Path::new(&crate_dir).join("tests/kernels/literals.cuh");
    assert!(
        deps.contains(&*header.to_string_lossy()),
        "{} lists no {}:\n{deps}",
        dep_info.display(),
        header.display()
    );
}

/// With no GPU, loading fails on the runtime's own call, and the launch returns its code.
#[cfg(cuda_ge = "12.8")]
#[test]
#[cfg_attr(feature = "gpu-tests", ignore = "needs a machine without a GPU (the GPU tests are gpu.rs)")]
fn without_a_gpu_the_launch_fails_with_the_runtimes_error() {
    let error = scale.load().unwrap_err();
    let LoadError::Cuda { call, code, .. } = &error else { panic!("{error}") };
    assert_eq!(*call, "cudaGetDevice");
    assert_eq!(error.code(), *code);
    assert!(
        error.to_string().starts_with(
            "the kernels of tests/kernels/scale.cu could not be loaded: cudaGetDevice failed with "
        ),
        "{error}"
    );
    let (n, x): (c_int, *mut f32) = (10, std::ptr::null_mut());
    unsafe {
        launch!(scale<<<1, 32>>>(x, 2.0, n)); // a statement, as in C++
        assert_eq!(launch!(scale<<<1, 32, 0, nullptr>>>(x, 2.0, n)), *code);
        assert_eq!(launch!(fill_int<<<(n + 31) / 32, 32>>>(std::ptr::null_mut(), 7, n)), *code);
    }
}

/// Headers older than CUDA 12.8 have no `cudaLibraryLoadData`: loading says so, and the launch
/// returns `cudaErrorNotSupported`.
#[cfg(not(cuda_ge = "12.8"))]
#[test]
fn before_12_8_loading_says_the_headers_are_too_old() {
    let error = scale.load().unwrap_err();
    assert!(matches!(error, LoadError::Unsupported { .. }), "{error}");
    assert!(
        error.to_string().contains("cudaLibraryLoadData, which cuda_runtime_api.h has from CUDA 12.8"),
        "{error}"
    );
    let n: c_int = 1;
    unsafe { assert_eq!(launch!(scale<<<1, 32>>>(std::ptr::null_mut(), 2.0, n)), cudaErrorNotSupported) };
}
