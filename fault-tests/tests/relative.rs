//! Issue 41, item 3, for the libraries the fault tests reach: a library found through a relative
//! `LD_LIBRARY_PATH` (`lib`, `.`) is where the dynamic loader says it loaded it from, as an
//! absolute path (`RTLD_DI_ORIGIN`), not the relative name it was found by: what the loader
//! reports, and where it looks for what belongs beside the library (cuBLASLt beside cuBLAS,
//! even once the working directory changed). cuDNN's parts, which are opened from that folder,
//! are every -sys crate's `loader_tests!` (cuda-loader's tests.rs).
//!
//! SAFETY of every `unsafe` block here: the calls reach the fakes with valid out-pointers.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use std::path::Path;

use fault_tests::{fake, Child, TempDir};

const SCENARIOS: &[(&str, fn())] = &[("load", load), ("lt_elsewhere", lt_elsewhere)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// Loads the library `$FAULT_LIBRARY` names: where from, or why not.
fn load() {
    let path = match std::env::var("FAULT_LIBRARY").expect("FAULT_LIBRARY").as_str() {
        "driver" => cuda_sys::loader::library_path(),
        "runtime" => cudart_sys::loader::library_path(),
        "nvrtc" => nvrtc_sys::loader::library_path(),
        "nccl" => nccl_sys::loader::library_path(),
        "cublas" => cublas_sys::loader::library_path(),
        other => panic!("no library {other}"),
    };
    match path {
        Ok(path) => println!("loaded: {}", path.display()),
        Err(why) => println!("refused: {why}"),
    }
}

/// Loads cuBLAS, then, from another working directory (where the relative `LD_LIBRARY_PATH`
/// leads nowhere), cuBLASLt: where each came from, or why not.
fn lt_elsewhere() {
    match cublas_sys::loader::library_path() {
        Ok(path) => println!("loaded: {}", path.display()),
        Err(why) => println!("refused: {why}"),
    }
    std::env::set_current_dir("/").unwrap();
    match cublas_sys::loader::lt_library_path() {
        Ok(path) => println!("lt loaded: {}", path.display()),
        Err(why) => println!("lt refused: {why}"),
    }
}

/// `name`'s fake copied into `dir/lib` as `file`.
fn place(dir: &Path, name: &str, file: &str) -> std::path::PathBuf {
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::copy(fake(name), lib.join(file)).unwrap();
    lib.join(file)
}

/// Issue 41, item 3: the driver, the runtime, NVRTC, NCCL and cuBLAS, each found through
/// `LD_LIBRARY_PATH=lib` from the folder above and `LD_LIBRARY_PATH=.` from its own, say the
/// absolute path of the file they loaded (they said `lib/libnccl.so.2`, true only from the
/// working directory of the moment).
#[test]
fn item3_a_library_found_through_a_relative_search_path_has_its_absolute_path() {
    let dir = TempDir::new("relative");
    for (name, fake, file) in [
        ("driver", "libfake_marker.so", cuda_sys::loader::LIBRARY),
        ("runtime", "libfake_runtime.so", cudart_sys::loader::LIBRARY),
        ("nvrtc", "libfake_nvrtc.so", nvrtc_sys::loader::LIBRARY),
        ("nccl", "libfake_nccl.so", nccl_sys::loader::LIBRARY),
        ("cublas", "libfake_cublas.so", cublas_sys::loader::LIBRARY),
    ] {
        let path = std::fs::canonicalize(place(dir.path(), fake, file)).unwrap();
        let lib = path.parent().unwrap();
        for (cwd, search) in [(dir.path(), "lib"), (lib, ".")] {
            let out = Child::new("load")
                .env("FAULT_LIBRARY", name)
                .env("LD_LIBRARY_PATH", search)
                .current_dir(cwd)
                .run();
            if out.contains(&format!("loaded: {}\n", path.display())) {
                continue;
            }
            // A build that found a toolkit holding the library (CI builds against each release's)
            // tries that folder before the system's search: an absolute path too, not ours.
            // (The first line the scenario prints follows libtest's `test scenario ... `.)
            let loaded = out.lines().find_map(|l| l.split_once("loaded: ")).map(|(_, path)| Path::new(path));
            let toolkit = loaded.filter(|l| l.is_absolute() && l.is_file() && !l.starts_with(dir.path()));
            assert!(toolkit.is_some(), "{name} ({search}): {out}");
            println!("{name}: the build's toolkit has it: {}", toolkit.unwrap_or(Path::new("")).display());
        }
    }
}

/// Issue 41, item 3, one step further: cuBLASLt is looked for beside the cuBLAS loaded, which
/// was found through a relative `LD_LIBRARY_PATH`, after the working directory changed: the
/// folder is the one the dynamic loader reported (it was the relative `lib`, which then named
/// another folder, or none).
#[test]
fn item3_cublaslt_is_found_beside_a_cublas_found_through_a_relative_search_path() {
    let dir = TempDir::new("relative-lt");
    let cublas = std::fs::canonicalize(place(dir.path(), "libfake_cublas.so", cublas_sys::loader::LIBRARY));
    let lt = std::fs::canonicalize(place(dir.path(), "libfake_cublaslt.so", cublas_sys::loader::LT_LIBRARY));
    let (cublas, lt) = (cublas.unwrap(), lt.unwrap());
    let out = Child::new("lt_elsewhere").env("LD_LIBRARY_PATH", "lib").current_dir(dir.path()).run();
    assert!(out.contains(&format!("loaded: {}\n", cublas.display())), "{out}");
    assert!(out.contains(&format!("lt loaded: {}\n", lt.display())), "{out}");
}
