//! Issue 33's cuBLAS faults, against a fake libcublas and libcublasLt (fakes/driver.c,
//! `-DCUBLAS`, `-DCUBLASLT`), each in its own process: a cuBLAS that says an absurd CUDA
//! version (it was believed), and a cuBLASLt looked for on its own, from any release (it is
//! now taken from beside libcublas first, and refused when of another release).
//!
//! SAFETY of every `unsafe` block here: the calls reach the fakes with valid out-pointers.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use std::path::Path;

use cublas_sys::loader::{LIBCUBLASLT_PATH_VAR, LIBCUBLAS_PATH_VAR, LT_LIBRARY};
use cublas_sys::*;
use cuda_checked::check_cublas;
use fault_tests::{fake, Child, TempDir};

const SCENARIOS: &[(&str, fn())] = &[("create", create), ("lt_create", lt_create)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// `cublasCreate` checked: `ok`, or the error.
fn create() {
    let mut handle: cublasHandle_t = std::ptr::null_mut();
    // SAFETY: see the note at the top of this file.
    match unsafe { check_cublas!(cublasCreate_v2(&mut handle)) } {
        Ok(()) => println!("created"),
        Err(e) => println!("code: {:?}\nmessage: {}", e.code(), e.message()),
    }
}

/// `cublasLtCreate` checked: `ok` and where cuBLASLt came from, or the error.
fn lt_create() {
    let mut handle: cublasLtHandle_t = std::ptr::null_mut();
    // SAFETY: see the note at the top of this file.
    match unsafe { check_cublas!(cublasLtCreate(&mut handle)) } {
        Ok(()) => println!("created from {}", cublas_sys::loader::lt_library_path().unwrap().display()),
        Err(e) => println!("code: {:?}\nmessage: {}", e.code(), e.message()),
    }
}

/// Issue 33, item 10: a cuBLAS whose `cublasGetCudartVersion` says a number no CUDA release has
/// is refused when loaded, with a sentence naming the file and the number; one that says the
/// header's is taken.
#[test]
fn item10_an_absurd_cudart_version_is_refused_with_the_number() {
    let library = fake("libfake_cublas.so");
    for said in [u64::MAX.to_string(), "5".into(), "2147483648000".into(), "12345".into()] {
        let out =
            Child::new("create").env(LIBCUBLAS_PATH_VAR, &library).env("FAKE_CUBLAS_CUDART", &said).run();
        assert!(!out.contains("created"), "{said}: {out}");
        assert!(out.contains(&library.display().to_string()), "{said}: {out}");
        assert!(out.contains(&format!("cublasGetCudartVersion answers {said}")), "{said}: {out}");
    }
    let out = Child::new("create").env(LIBCUBLAS_PATH_VAR, &library).run();
    assert!(out.contains("... created\n"), "{out}");
}

/// A folder holding the fake cuBLAS and, under the file name the loader looks for, cuBLASLt.
fn release(dir: &Path) -> std::path::PathBuf {
    std::fs::copy(fake("libfake_cublas.so"), dir.join("libcublas.so")).unwrap();
    std::fs::copy(fake("libfake_cublaslt.so"), dir.join(LT_LIBRARY)).unwrap();
    dir.join("libcublas.so")
}

/// Issue 33, item 11: with libcublas loaded from a folder, cuBLASLt is taken from beside it
/// (it was searched for on its own, and not found there, or found in another toolkit).
#[test]
fn item11_cublaslt_is_taken_from_beside_libcublas() {
    let dir = TempDir::new("cublas-beside");
    let cublas = release(dir.path());
    let out = Child::new("lt_create").env(LIBCUBLAS_PATH_VAR, &cublas).run();
    assert!(out.contains(&format!("created from {}\n", dir.path().join(LT_LIBRARY).display())), "{out}");
}

/// Issue 33, item 11: a cuBLASLt of another release than the libcublas loaded (named by its
/// variable, from elsewhere) is refused, with both versions.
#[test]
fn item11_a_cublaslt_of_another_release_is_refused_with_both_versions() {
    let (first, second) = (TempDir::new("cublas-first"), TempDir::new("cublas-second"));
    let cublas = release(first.path());
    release(second.path());
    let lt = second.path().join(LT_LIBRARY);
    let header = fault_tests::header_version();
    let other = header - 10;
    let out = Child::new("lt_create")
        .env(LIBCUBLAS_PATH_VAR, &cublas)
        .env(LIBCUBLASLT_PATH_VAR, &lt)
        .env("FAKE_CUBLASLT_CUDART", other.to_string())
        .run();
    let text = |v: i64| format!("CUDA {}.{}", v / 1000, v % 1000 / 10);
    assert!(!out.contains("created from"), "{out}");
    assert!(out.contains(&lt.display().to_string()), "{out}");
    assert!(out.contains(&text(other)) && out.contains(&text(header)), "{out}");
    assert!(out.contains("two releases"), "{out}");
    // The same pair of one release is taken.
    let out = Child::new("lt_create").env(LIBCUBLAS_PATH_VAR, &cublas).env(LIBCUBLASLT_PATH_VAR, &lt).run();
    assert!(out.contains(&format!("created from {}\n", lt.display())), "{out}");
}
