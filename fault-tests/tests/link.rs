//! With the `link` feature, linked against the fake driver build.rs made (`OUT_DIR/link`,
//! through the rpath): every public item of `cuda_sys::loader` is there and says what is true.
//!
//! SAFETY of every `unsafe` block here: the calls reach a fake from fakes/driver.c (or no
//! library at all) with valid out-pointers and null handles, which the fakes never read.
#![cfg(all(target_os = "linux", cuda_sys_link))]

use std::path::{Path, PathBuf};

use cuda_checked::check_driver;
use cuda_sys::loader::{self, LoadError};
use cuda_sys::*;
use fault_tests::{fake, Child};

const SCENARIOS: &[(&str, fn())] = &[("stub", stub)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

#[test]
fn library_path_is_the_file_the_dynamic_linker_loaded() {
    let path: Result<&'static Path, &'static LoadError> = loader::library_path();
    let expected = PathBuf::from(env!("FAULT_TESTS_LINKED"));
    let path = path.unwrap();
    assert_eq!(
        std::fs::canonicalize(path).unwrap(),
        std::fs::canonicalize(&expected).unwrap(),
        "{}",
        path.display()
    );
}

#[test]
fn every_not_found_is_the_drivers_own() {
    let mut kernel: CUfunction = std::ptr::null_mut();
    // SAFETY: see the note at the top of this file.
    let e = unsafe { check_driver!(cuModuleGetFunction(&mut kernel, std::ptr::null_mut(), c"k".as_ptr())) }
        .unwrap_err();
    assert_eq!(e.message(), "named symbol not found", "{e}");
    assert_eq!(loader::explain(CUDA_ERROR_NOT_FOUND), None);
    // The linked fake is a driver, not a stub: its STUB_LIBRARY would be its own to explain.
    assert_eq!(loader::explain(CUDA_ERROR_STUB_LIBRARY), None);
}

#[test]
fn the_symbol_list_and_the_variable_exist_with_link_too() {
    assert!(loader::SYMBOLS.contains(&"cuModuleGetFunction"));
    assert!(loader::SYMBOLS.contains(&"cuMemAlloc_v2"));
    assert_eq!(loader::LIBCUDA_PATH_VAR, "CUDA_SYS_LIBCUDA_PATH");
}

fn stub() {
    // SAFETY: see the note at the top of this file.
    let e = unsafe { check_driver!(cuInit(0)) }.unwrap_err();
    println!("{e}");
    assert_eq!(e.code(), CUDA_ERROR_STUB_LIBRARY);
    let stub = std::env::var("LD_PRELOAD").unwrap();
    assert!(
        e.message().contains(&format!("the library linked as the CUDA driver, {stub}, is a stub")),
        "{e}"
    );
    assert!(e.message().contains("LD_LIBRARY_PATH"), "{e}");
}

/// Issue 10, item 5, with `link`: when the library the dynamic linker bound is a stub (here
/// preloaded in front of the linked fake), the error says so and names its file.
#[test]
fn a_linked_stub_is_named_with_its_path() {
    Child::new("stub").env("LD_PRELOAD", fake("libfake_stub.so")).run();
}
