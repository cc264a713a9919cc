//! Issue 33, item 8, at run time: the variable naming each library's absolute path, when it is
//! not UTF-8, is loaded from its bytes, as the driver's is (issue 10, item 6): the runtime's,
//! NVRTC's and NCCL's, each against its fake (fakes/driver.c) in a folder named `caf\xe9`.
//!
//! SAFETY of every `unsafe` block here: the calls reach a fake with valid out-pointers.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use fault_tests::{fake, Child, Libraries, TempDir};

const SCENARIOS: &[(&str, fn())] = &[("runtime", runtime), ("nvrtc", nvrtc), ("nccl", nccl)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// The path the loader loaded is the variable's, byte for byte.
fn same_path(variable: &str, loaded: &Path) {
    let asked = std::env::var_os(variable).unwrap();
    assert_eq!(loaded.as_os_str(), asked, "{variable}");
    println!("loaded {}", loaded.display());
}

fn runtime() {
    let mut version = 0;
    // SAFETY: see the note at the top of this file.
    assert_eq!(unsafe { cudart_sys::cudaRuntimeGetVersion(&mut version) }, cudart_sys::cudaSuccess);
    same_path(cudart_sys::loader::LIBCUDART_PATH_VAR, cudart_sys::loader::library_path().unwrap());
}

fn nvrtc() {
    let (mut major, mut minor) = (0, 0);
    // SAFETY: see the note at the top of this file.
    assert_eq!(unsafe { nvrtc_sys::nvrtcVersion(&mut major, &mut minor) }, nvrtc_sys::NVRTC_SUCCESS);
    same_path(nvrtc_sys::loader::LIBNVRTC_PATH_VAR, nvrtc_sys::loader::library_path().unwrap());
}

fn nccl() {
    let mut version = 0;
    // SAFETY: see the note at the top of this file.
    assert_eq!(unsafe { nccl_sys::ncclGetVersion(&mut version) }, nccl_sys::ncclSuccess);
    same_path(nccl_sys::loader::LIBNCCL_PATH_VAR, nccl_sys::loader::library_path().unwrap());
}

/// `fake` copied into a folder whose name is not UTF-8, as `file`.
fn in_odd_folder(dir: &TempDir, fake: &str, file: &str) -> PathBuf {
    let folder = dir.path().join(OsStr::from_bytes(b"caf\xe9"));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(file);
    std::fs::copy(self::fake(fake), &path).unwrap();
    assert!(path.to_str().is_none());
    path
}

#[test]
fn item8_the_runtimes_variable_is_loaded_from_its_bytes() {
    let dir = TempDir::new("non-utf8-runtime");
    let path = in_odd_folder(&dir, "libfake_runtime.so", cudart_sys::loader::LIBRARY);
    Child::new("runtime").runtime(&path).run();
}

#[test]
fn item8_nvrtcs_variable_is_loaded_from_its_bytes() {
    let dir = TempDir::new("non-utf8-nvrtc");
    let path = in_odd_folder(&dir, "libfake_nvrtc.so", nvrtc_sys::loader::LIBRARY);
    Child::new("nvrtc").nvrtc(&path).run();
}

#[test]
fn item8_nccls_variable_is_loaded_from_its_bytes() {
    let dir = TempDir::new("non-utf8-nccl");
    let path = in_odd_folder(&dir, "libfake_nccl.so", nccl_sys::loader::LIBRARY);
    Child::new("nccl").nccl(&path).run();
}
