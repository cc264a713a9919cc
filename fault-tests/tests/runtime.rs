//! The runtime's loader against fake runtimes from fakes/driver.c (`-DRUNTIME`), each scenario
//! in its own process. Every test names the issue item it proves; each failed before the fix.
//!
//! SAFETY of every `unsafe` block here: the calls reach a fake runtime (or none) with valid
//! out-pointers, which the fakes never write.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use std::time::Duration;

use cudart_sys::*;
use fault_tests::{fake, Child, Libraries, TempDir};

const SCENARIOS: &[(&str, fn())] = &[("malloc_fails", malloc_fails), ("absurd_occupancy", absurd_occupancy)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// `cudaMalloc` must fail; prints what check_cuda! would say of it, as cuda-checked does.
fn malloc_fails() {
    let mut pointer = std::ptr::null_mut();
    cuda_loader_clear();
    // SAFETY: see the note at the top of this file.
    let code = unsafe { cudaMalloc(&mut pointer, 8) };
    let (name, message) = loader::describe(code);
    println!("name: {name}\nmessage: {message}");
}

/// cuda_runtime.h's occupancy search, computed by `cudart_sys::cpp`, on a runtime whose every
/// attribute and occupancy is INT_MAX; prints its status and answer.
fn absurd_occupancy() {
    let (mut grid, mut block) = (0, 0);
    let kernel = 1 as *const std::ffi::c_void;
    // SAFETY: see the note at the top of this file; the outputs are writable.
    let status =
        unsafe { cudart_sys::cpp::cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, kernel) };
    println!("status: {:?}, grid: {grid}, block: {block}", status.code());
}

/// What cuda-checked's macros do before a call.
fn cuda_loader_clear() {
    cuda_loader::clear_last_failure();
}

/// Issue 24, item 2: a runtime without cudaGetErrorName/-String that answered
/// cudaErrorMemoryAllocation is not called unreachable: the header's name, and what the
/// library lacks.
#[test]
fn item24_2_a_runtime_without_error_strings_is_not_called_unreachable() {
    let out = Child::new("malloc_fails").runtime(fake("libfake_runtime.so")).run();
    assert!(out.contains("name: cudaErrorMemoryAllocation"), "{out}");
    assert!(!out.contains("could not be reached"), "{out}");
    assert!(out.contains("the runtime has no cudaGetErrorString"), "{out}");
}

/// Issue 24, item 3: a relative `VIRTUAL_ENV` (or `CONDA_PREFIX`) is not searched: a runtime
/// planted under it in the working directory is not loaded, and the reason is given.
#[test]
fn item24_3_a_relative_virtual_env_is_not_searched() {
    let dir = TempDir::new("relative-venv");
    let marker = dir.path().join("marker");
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        let prefix = format!("env-{var}");
        for wheel in ["cuda_runtime", &format!("cu{}", CUDART_VERSION / 1000)] {
            let lib =
                dir.path().join(&prefix).join("lib/python3.11/site-packages/nvidia").join(wheel).join("lib");
            std::fs::create_dir_all(&lib).unwrap();
            std::fs::copy(fake("libfake_runtime_marker.so"), lib.join(loader::LIBRARY)).unwrap();
        }
        // And a conda environment's own `lib/`.
        let lib = dir.path().join(&prefix).join("lib");
        std::fs::copy(fake("libfake_runtime_marker.so"), lib.join(loader::LIBRARY)).unwrap();
        let out = Child::new("malloc_fails")
            .current_dir(dir.path())
            .env(var, &prefix)
            .env("FAKE_MARKER", &marker)
            .timeout(Duration::from_secs(60))
            .run();
        assert!(!marker.exists(), "{var}={prefix}: the planted runtime was loaded:\n{out}");
        // Where no other runtime is found, the error says why the environment was not searched.
        if out.contains("name: cudaErrorSharedObjectInitFailed") {
            assert!(
                out.contains(&format!("{var}={prefix}: a relative path, so the Python environment")),
                "{out}"
            );
        }
    }
}

/// Users' layouts: a conda environment's own runtime (conda-forge's or NVIDIA's channel's
/// `cuda-cudart`, which PyTorch's conda packages bring) is `$CONDA_PREFIX/lib/libcudart.so.N`,
/// not a wheel: it is loaded where the build found no toolkit (whose libraries come first).
#[test]
fn a_conda_environments_own_runtime_is_loaded() {
    let dir = TempDir::new("conda-prefix");
    let lib = dir.path().join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::copy(fake("libfake_runtime_marker.so"), lib.join(loader::LIBRARY)).unwrap();
    let marker = dir.path().join("marker");
    let out = Child::new("malloc_fails").env("CONDA_PREFIX", dir.path()).env("FAKE_MARKER", &marker).run();
    if env!("FAULT_TESTS_CUDART_ROOT").is_empty() {
        assert!(
            marker.exists(),
            "CONDA_PREFIX={}: its lib/{} was not loaded:\n{out}",
            dir.path().display(),
            loader::LIBRARY
        );
    } else {
        // The toolkit's runtime, where it has one, is loaded first; else the environment's.
        assert!(marker.exists() || !out.contains("cudaErrorSharedObjectInitFailed"), "{out}");
    }
}

/// Issue 24, item 4, the runtime's variable: a FIFO is refused without being opened.
#[test]
fn item24_4_a_fifo_named_for_the_runtime_is_not_opened() {
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new("runtime-fifo");
    let fifo = dir.path().join(loader::LIBRARY);
    let path = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0, "mkfifo");
    let out = Child::new("malloc_fails").runtime(&fifo).timeout(Duration::from_secs(20)).run();
    assert!(out.contains("name: cudaErrorSharedObjectInitFailed"), "{out}");
    assert!(out.contains("a FIFO (named pipe), not a regular file, so it was not opened"), "{out}");
}

/// Issue 33, item 14: the occupancy search overflowed (a panic in a debug build) on a runtime
/// reporting INT_MAX for its limits and occupancies; it answers, the grid saturated at INT_MAX.
#[test]
fn item33_14_the_occupancy_search_survives_absurd_attributes() {
    let out = Child::new("absurd_occupancy").runtime(fake("libfake_runtime_absurd_occupancy.so")).run();
    assert!(out.contains(&format!("status: cudaSuccess, grid: {}, block: {}", i32::MAX, i32::MAX)), "{out}");
    assert!(!out.contains("panicked"), "{out}");
}
