//! 64 threads racing the first calls, missing symbols and error formatting (through
//! `check_driver!`), each race in a fresh process so that the first call really is the first.
//! CI runs this file under ThreadSanitizer too, with and without the `link` feature.
//!
//! SAFETY of every `unsafe` block here: the calls reach a fake from fakes/driver.c (or no
//! library at all) with valid out-pointers and null handles, which the fakes never read.
#![cfg(target_os = "linux")]

use std::sync::Barrier;

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;
use fault_tests::Child;
#[cfg(not(cuda_sys_link))]
use fault_tests::Libraries;

const THREADS: usize = 64;
const ROUNDS: usize = 20;

const SCENARIOS: &[(&str, fn())] = &[
    #[cfg(not(cuda_sys_link))]
    ("old_driver", old_driver),
    #[cfg(not(cuda_sys_link))]
    ("no_library", no_library),
    #[cfg(not(cuda_sys_link))]
    ("not_a_driver", not_a_driver),
    #[cfg(cuda_sys_link)]
    ("linked", linked),
];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// Runs `body(thread)` on [`THREADS`] threads released together; their results.
fn race<T: Send>(body: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let start = Barrier::new(THREADS);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|i| {
                let (start, body) = (&start, &body);
                scope.spawn(move || {
                    start.wait();
                    body(i)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// Every thread's errors for the driver's own codes carry the driver's text; the missing
/// function's carry the loader's reason; all threads agree on the library.
fn driver_errors(thread: usize) -> Vec<DriverError> {
    let mut errors = Vec::new();
    for round in 0..ROUNDS {
        // SAFETY: see the note at the top of this file.
        unsafe {
            check_driver!(cuInit(0)).unwrap();
            let mut version = 0;
            check_driver!(cuDriverGetVersion(&mut version)).unwrap();
            // Threads differ in the order of their calls, so each kind of call is some thread's first.
            let calls: [&dyn Fn() -> DriverError; 2] = [
                &|| {
                    let mut kernel: CUfunction = std::ptr::null_mut();
                    check_driver!(cuModuleGetFunction(&mut kernel, std::ptr::null_mut(), c"k".as_ptr()))
                        .unwrap_err()
                },
                &|| {
                    let mut pointer: CUdeviceptr = 0;
                    check_driver!(cuMemAlloc(&mut pointer, 8)).unwrap_err()
                },
            ];
            for i in 0..calls.len() {
                errors.push(calls[(i + thread + round) % calls.len()]());
            }
        }
    }
    errors
}

fn check_driver_errors(errors: &[DriverError]) {
    for e in errors {
        match e.code() {
            CUDA_ERROR_NOT_FOUND => assert_eq!(e.message(), "named symbol not found", "{e}"),
            CUDA_ERROR_INVALID_CONTEXT => assert_eq!(e.message(), "invalid device context", "{e}"),
            other => panic!("unexpected {other:?}: {e}"),
        }
    }
}

#[cfg(not(cuda_sys_link))]
fn old_driver() {
    let results = race(|thread| {
        // (Only bindings that have cuCtxCreate_v4 add to it.)
        #[cfg_attr(not(cuda_ge = "12.9"), allow(unused_mut))]
        let mut errors = driver_errors(thread);
        errors.extend(missing_function_errors());
        (errors, loader::library_path().unwrap())
    });
    let first = results[0].1;
    for (errors, path) in &results {
        assert_eq!(*path, first, "threads saw different libraries");
        let (missing, driver): (Vec<DriverError>, Vec<DriverError>) =
            errors.iter().cloned().partition(|e| e.message().contains("has no function"));
        check_driver_errors(&driver);
        assert_eq!(missing.len(), if cfg!(cuda_ge = "12.9") { ROUNDS } else { 0 });
    }
    println!("{THREADS} threads agree: {}", std::path::Path::new(first).display());
}

/// The old fake lacks cuCtxCreate_v4: each call's error has the loader's reason.
#[cfg(all(cuda_ge = "12.9", not(cuda_sys_link)))]
fn missing_function_errors() -> Vec<DriverError> {
    (0..ROUNDS)
        .map(|_| {
            let mut context: CUcontext = std::ptr::null_mut();
            // SAFETY: see the note at the top of this file.
            let e = unsafe { check_driver!(cuCtxCreate_v4(&mut context, std::ptr::null_mut(), 0, 0)) }
                .unwrap_err();
            assert!(e.message().contains("has no function `cuCtxCreate_v4`"), "{e}");
            assert!(e.message().contains("older than the cuda.h"), "{e}");
            e
        })
        .collect()
}

/// Bindings without cuCtxCreate_v4 (before CUDA 12.9's header) have nothing to call here.
#[cfg(all(not(cuda_ge = "12.9"), not(cuda_sys_link)))]
fn missing_function_errors() -> Vec<DriverError> {
    Vec::new()
}

/// Issue 10's race through the no-library path: every thread's first call returns the same
/// load error, and the racing loads leave one result.
#[cfg(not(cuda_sys_link))]
fn no_library() {
    let messages = race(|_| {
        // SAFETY: see the note at the top of this file.
        let e = unsafe { check_driver!(cuInit(0)) }.unwrap_err();
        assert_eq!(e.code(), CUDA_ERROR_STUB_LIBRARY);
        e.message().to_owned()
    });
    assert!(
        messages[0].contains("/nonexistent/libcuda.so.1: cannot open shared object file"),
        "{}",
        messages[0]
    );
    assert!(messages.iter().all(|m| *m == messages[0]));
}

/// Threads record different missing symbols at once, and each reads back its own.
#[cfg(not(cuda_sys_link))]
fn not_a_driver() {
    // SAFETY: see the note at the top of this file.
    race(|thread| unsafe {
        let e = match thread % 4 {
            0 => check_driver!(cuInit(0)),
            1 => check_driver!(cuDeviceGetCount(&mut 0)),
            2 => check_driver!(cuMemAlloc(&mut 0, 8)),
            _ => check_driver!(cuCtxSynchronize()),
        }
        .unwrap_err();
        let symbol = ["`cuInit`", "`cuDeviceGetCount`", "`cuMemAlloc_v2`", "`cuCtxSynchronize`"][thread % 4];
        assert!(e.message().contains(symbol), "thread {thread}: {e}");
        assert!(e.message().contains("is not a CUDA driver"), "{e}");
    });
}

#[cfg(not(cuda_sys_link))]
#[test]
fn threads_race_the_first_calls_to_an_old_driver() {
    Child::new("old_driver").driver(fault_tests::fake("libfake_old.so")).run();
}

#[cfg(not(cuda_sys_link))]
#[test]
fn threads_race_the_first_calls_without_a_driver() {
    Child::new("no_library").driver("/nonexistent/libcuda.so.1").run();
}

#[cfg(not(cuda_sys_link))]
#[test]
fn threads_race_missing_symbols() {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    let libc =
        maps.lines().filter_map(|l| l.split_whitespace().nth(5)).find(|p| p.contains("/libc.so")).unwrap();
    Child::new("not_a_driver").driver(libc).run();
}

/// Linked against the fake (see build.rs): no loading, but the same formatting and the
/// loader's answers, from every thread at once.
#[cfg(cuda_sys_link)]
fn linked() {
    let results = race(|thread| {
        let errors = driver_errors(thread);
        let path = loader::library_path().unwrap();
        let why = loader::explain(CUDA_ERROR_NOT_FOUND);
        (errors, path, why)
    });
    for (errors, path, why) in &results {
        check_driver_errors(errors);
        assert_eq!(*path, results[0].1);
        assert_eq!(*why, None);
    }
}

#[cfg(cuda_sys_link)]
#[test]
fn threads_race_the_first_calls_to_a_linked_driver() {
    Child::new("linked").run();
}
