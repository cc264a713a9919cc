//! NVML against fake libnvidia-ml (fakes/driver.c, `-DNVML`), each in its own process: no
//! library, a library of a driver older than the header, a function the library lacks, and
//! `check_nvml!`'s text, which is `nvmlErrorString`'s.
//!
//! SAFETY of every `unsafe` block here: the calls reach the fake NVML with valid out-pointers.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use cuda_checked::check_nvml;
use fault_tests::{fake, Child, TempDir};
use nvml_sys::loader::LIBNVIDIA_ML_PATH_VAR;
use nvml_sys::*;

const SCENARIOS: &[(&str, fn())] = &[("count", count)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// `nvmlInit` and `nvmlDeviceGetCount`, the names C code writes, checked: the count, or the
/// error's code, name and message.
fn count() {
    let mut count = 0;
    // SAFETY: see the note at the top of this file.
    let result =
        unsafe { check_nvml!(nvmlInit()).and_then(|()| check_nvml!(nvmlDeviceGetCount(&mut count))) };
    match result {
        Ok(()) => println!("count: {count}"),
        Err(e) => println!("code: {}\nname: {}\nmessage: {}", e.code().0, e.name(), e.message()),
    }
}

/// `count` run against `library`, its driver supporting CUDA `cuda`, with `vars`.
fn count_with(library: &std::path::Path, cuda: u32, vars: &[(&str, &str)]) -> String {
    let mut child =
        Child::new("count").env(LIBNVIDIA_ML_PATH_VAR, library).env("FAKE_NVML_CUDA", cuda.to_string());
    for (key, value) in vars {
        child = child.env(key, value);
    }
    child.run()
}

/// "CUDA 12.9", as the loader writes a CUDA version.
fn cuda(version: u32) -> String {
    format!("CUDA {}.{}", version / 1000, version % 1000 / 10)
}

/// No library where the variable points: the header's "library not found" code, and a sentence
/// naming the file.
#[test]
fn no_library_is_the_headers_library_not_found() {
    let dir = TempDir::new("nvml-none");
    let missing = dir.path().join("libnvidia-ml.so.1");
    let out = count_with(&missing, CUDA_VERSION, &[]);
    assert!(out.contains(&format!("code: {}\n", NVML_ERROR_LIBRARY_NOT_FOUND.0)), "{out}");
    assert!(out.contains("name: NVML_ERROR_LIBRARY_NOT_FOUND\n"), "{out}");
    assert!(out.contains(&missing.display().to_string()), "{out}");
}

/// The NVML of a driver older than the header (its CUDA one step below the header's) is
/// refused when loaded, in one sentence with both versions; the header's own is taken.
#[test]
fn an_older_drivers_nvml_is_refused_with_both_versions() {
    let library = fake("libfake_nvml.so");
    let older = CUDA_VERSION - 10;
    let out = count_with(&library, older, &[]);
    assert!(out.contains("name: NVML_ERROR_LIBRARY_NOT_FOUND\n"), "{out}");
    let sentence =
        format!("{}, older than the nvml.h these bindings come from ({})", cuda(older), cuda(CUDA_VERSION));
    assert!(out.contains(&sentence), "{out}");
    assert!(out.contains(&library.display().to_string()), "{out}");
    // A newer driver is taken: the fake's count fails with its own code.
    let out = count_with(&library, CUDA_VERSION + 1000, &[]);
    assert!(out.contains("name: NVML_ERROR_DRIVER_NOT_LOADED\n"), "{out}");
}

/// A library without the symbol `nvmlDeviceGetCount` stands for (`nvmlDeviceGetCount_v2`): the
/// header's "function not found" code, and a sentence naming both names.
#[test]
fn a_missing_symbol_is_named_with_the_name_c_calls() {
    let out = count_with(&fake("libfake_nvml_lacks_count.so"), CUDA_VERSION, &[]);
    assert!(out.contains("name: NVML_ERROR_FUNCTION_NOT_FOUND\n"), "{out}");
    assert!(out.contains("`nvmlDeviceGetCount_v2` (the function `nvmlDeviceGetCount` stands for"), "{out}");
}

/// check_nvml!'s text is nvmlErrorString's, for a code the header knows and for one it does not.
#[test]
fn the_text_is_nvml_error_strings() {
    let library = fake("libfake_nvml.so");
    let out = count_with(&library, CUDA_VERSION, &[]);
    assert!(out.contains(&format!("code: {}\n", NVML_ERROR_DRIVER_NOT_LOADED.0)), "{out}");
    assert!(
        out.contains("name: NVML_ERROR_DRIVER_NOT_LOADED\nmessage: fake NVML: the driver is not loaded\n"),
        "{out}"
    );
    let out = count_with(&library, CUDA_VERSION, &[("FAKE_NVML_RESULT", "15")]);
    assert!(out.contains("name: NVML_ERROR_GPU_IS_LOST\nmessage: fake NVML: the GPU is lost\n"), "{out}");
    let out = count_with(&library, CUDA_VERSION, &[("FAKE_NVML_RESULT", "4242")]);
    assert!(out.contains("name: nvmlReturn_t(4242)\nmessage: fake NVML: unknown error\n"), "{out}");
}
