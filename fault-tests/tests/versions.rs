//! Issue 41, items 15 and 16: a library whose version function fails (returns a code instead
//! of its version), against the fakes (fakes/driver.c, `$FAKE_VERSION_RESULT`), each in its own
//! process, for every library the fault tests reach: the driver, the runtime, NVRTC, NCCL and
//! NVML. One rule for all: a version call that fails when the library is loaded refuses it,
//! naming the call and its code (NCCL's was taken as new enough); one that fails later, when a
//! missing function is explained, is said as it is (NVRTC's was called no NVRTC library).
//!
//! SAFETY of every `unsafe` block here: the calls reach the fakes with valid out-pointers (a
//! null communicator for NCCL's `ncclCommCount`, which the fake lacks).
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use std::path::PathBuf;

use fault_tests::{fake, Child};

const SCENARIOS: &[(&str, fn())] = &[("load", load), ("missing", missing)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// The library `$FAULT_LIBRARY` names.
fn which() -> String {
    std::env::var("FAULT_LIBRARY").expect("FAULT_LIBRARY")
}

/// Loads `$FAULT_LIBRARY`: where from, or why not.
fn load() {
    let path = match which().as_str() {
        "driver" => cuda_sys::loader::library_path(),
        "runtime" => cudart_sys::loader::library_path(),
        "nvrtc" => nvrtc_sys::loader::library_path(),
        "nccl" => nccl_sys::loader::library_path(),
        "nvml" => nvml_sys::loader::library_path(),
        other => panic!("no library {other}"),
    };
    match path {
        Ok(path) => println!("loaded: {}", path.display()),
        Err(why) => println!("refused: {why}"),
    }
}

/// Calls a function `$FAULT_LIBRARY`'s fake lacks: why it failed, as the loader says it.
fn missing() {
    let mut count = 0;
    // SAFETY: see the note at the top of this file.
    let why = unsafe {
        match which().as_str() {
            "driver" => cuda_sys::loader::explain(cuda_sys::cuCtxSynchronize()),
            "runtime" => cudart_sys::loader::explain(cudart_sys::cudaDeviceSynchronize()),
            "nvrtc" => nvrtc_sys::loader::explain(nvrtc_sys::nvrtcGetNumSupportedArchs(&mut count)),
            "nccl" => nccl_sys::loader::explain(nccl_sys::ncclCommCount(std::ptr::null_mut(), &mut count)),
            "nvml" => nvml_sys::loader::explain(nvml_sys::nvmlShutdown()),
            other => panic!("no library {other}"),
        }
    };
    println!("why: {}", why.unwrap_or_else(|| "nothing".into()));
}

/// Each library: its name here, its fake, its variable, its version function, and a code that
/// function may fail with (not the "not loaded" code, which a driver's stub answers) and its name.
fn libraries() -> [(&'static str, PathBuf, &'static str, &'static str, &'static str, &'static str); 5] {
    [
        (
            "driver",
            fake("libfake_marker.so"),
            cuda_sys::loader::LIBCUDA_PATH_VAR,
            "cuDriverGetVersion",
            "3",
            "CUDA_ERROR_NOT_INITIALIZED",
        ),
        (
            "runtime",
            fake("libfake_runtime.so"),
            cudart_sys::loader::LIBCUDART_PATH_VAR,
            "cudaRuntimeGetVersion",
            "3",
            "cudaErrorInitializationError",
        ),
        (
            "nvrtc",
            fake("libfake_nvrtc.so"),
            nvrtc_sys::loader::LIBNVRTC_PATH_VAR,
            "nvrtcVersion",
            "1",
            "NVRTC_ERROR_OUT_OF_MEMORY",
        ),
        (
            "nccl",
            fake("libfake_nccl.so"),
            nccl_sys::loader::LIBNCCL_PATH_VAR,
            "ncclGetVersion",
            "3",
            "ncclInternalError",
        ),
        (
            "nvml",
            fake("libfake_nvml.so"),
            nvml_sys::loader::LIBNVIDIA_ML_PATH_VAR,
            "nvmlSystemGetCudaDriverVersion",
            "3",
            "NVML_ERROR_NOT_SUPPORTED",
        ),
    ]
}

/// Issue 41, item 15: a library whose version function fails when it is loaded is refused,
/// whatever the library (NCCL's `ncclGetVersion` returning `ncclInternalError` was taken as new
/// enough), with a sentence naming the file, the call and its code; without the failure, the
/// same fake is taken.
#[test]
fn item15_a_version_call_that_fails_refuses_every_library() {
    for (name, library, variable, function, code, code_name) in libraries() {
        let out = Child::new("load")
            .env("FAULT_LIBRARY", name)
            .env(variable, &library)
            .env("FAKE_VERSION_RESULT", code)
            .run();
        assert!(out.contains("refused: "), "{name}: {out}");
        assert!(out.contains(&library.display().to_string()), "{name}: {out}");
        assert!(out.contains(&format!("its {function} returned {code_name}")), "{name}: {out}");
        let out = Child::new("load").env("FAULT_LIBRARY", name).env(variable, &library).run();
        assert!(out.contains(&format!("loaded: {}", library.display())), "{name}: {out}");
    }
}

/// Issue 41, item 16: NVRTC's `nvrtcVersion` failing is said as a failure with its code, not as
/// a library without the function ("it is not an NVRTC library"): when it fails at once (the
/// library is refused, item 15), and when it fails only later, as a missing function is
/// explained; and so for every library.
#[test]
fn item16_a_version_call_that_fails_is_said_as_a_failure_with_its_code() {
    for (name, library, variable, function, code, code_name) in libraries() {
        for ok_calls in ["0", "1"] {
            let out = Child::new("missing")
                .env("FAULT_LIBRARY", name)
                .env(variable, &library)
                .env("FAKE_VERSION_RESULT", code)
                .env("FAKE_VERSION_OK_CALLS", ok_calls)
                .run();
            let what = format!("{name}, {ok_calls} calls answered");
            assert!(out.contains(&format!("{function} returned {code_name}")), "{what}: {out}");
            assert!(!out.contains("is not a"), "{what}: {out}");
            assert!(!out.contains(&format!("nor {function}")), "{what}: {out}");
        }
    }
}

/// Issue 41, item 15, one step further: a library that works but not on this system says so
/// through its version call (CUDA 11's runtime without a driver answers
/// `cudaErrorInsufficientDriver`; a driver's stub its "not loaded" code): the codes its
/// description lists (`unavailable`) keep it loaded, so that each call answers in its own words,
/// where every other code refuses it. CI's CUDA 11.8 step refused NVIDIA's real runtime so, and
/// the GPU machine driver 580's NVML (`NVML_ERROR_UNINITIALIZED` before `nvmlInit`).
#[test]
fn item15_a_version_call_saying_the_system_lacks_something_keeps_the_library() {
    let described = [
        ("driver", &cuda_loader::DRIVER),
        ("runtime", &cuda_loader::RUNTIME),
        ("nvrtc", &cuda_loader::NVRTC),
        ("nccl", &cuda_loader::NCCL),
        ("nvml", &cuda_loader::NVML),
    ];
    let mut kept = 0;
    for (name, library, variable, _, _, _) in libraries() {
        let description = described.iter().find(|(n, _)| *n == name).map(|(_, d)| d).unwrap();
        for code_name in description.version_function.unavailable {
            let code = match *code_name {
                "CUDA_ERROR_STUB_LIBRARY" => cuda_sys::CUDA_ERROR_STUB_LIBRARY.0,
                "cudaErrorInsufficientDriver" => cudart_sys::cudaErrorInsufficientDriver.0,
                "NVML_ERROR_LIBRARY_NOT_FOUND" => nvml_sys::NVML_ERROR_LIBRARY_NOT_FOUND.0,
                "NVML_ERROR_UNINITIALIZED" => nvml_sys::NVML_ERROR_UNINITIALIZED.0,
                other => panic!("{name}: a code to test is described, {other}: add its value here"),
            };
            let out = Child::new("load")
                .env("FAULT_LIBRARY", name)
                .env(variable, &library)
                .env("FAKE_VERSION_RESULT", code.to_string())
                .run();
            assert!(out.contains(&format!("loaded: {}", library.display())), "{name}, {code_name}: {out}");
            kept += 1;
        }
    }
    assert_eq!(kept, 4, "the driver's, the runtime's and NVML's two");
}
