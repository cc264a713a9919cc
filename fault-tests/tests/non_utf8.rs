//! Issue 33, item 8, at run time: the variable naming each library's absolute path, when it is
//! not UTF-8, is loaded from its bytes, as the driver's is (issue 10, item 6): the runtime's,
//! NVRTC's and NCCL's, each against its fake (fakes/driver.c) in a folder named `caf\xe9`.
//!
//! Issue 41, item 17: the library folders of a root the build found (`NCCL_HOME`, `CUDNN_PATH`)
//! whose name is not UTF-8 are searched at run time too (they were left out of what the build
//! tells the loader, and the library was not found there).
//!
//! SAFETY of every `unsafe` block here: the calls reach a fake with valid out-pointers.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use fault_tests::{fake, Child, Libraries, TempDir};

const SCENARIOS: &[(&str, fn())] =
    &[("runtime", runtime), ("nvrtc", nvrtc), ("nccl", nccl), ("from_root", from_root)];

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

/// The library `$FAULT_LIBRARY` (its Rust path) of version `$FAULT_VERSION`, loaded by a loader
/// whose build found the folders `$FAULT_DIRS` (as cuda-bindings-build's `link_or_load_checked` writes
/// them): where from, or why not.
fn from_root() {
    use cuda_loader::{Bindings, Loader, Reach};
    let var = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("{name}"));
    let library = cuda_loader::by_rust_path(&var("FAULT_LIBRARY")).expect("a described library");
    let version: u32 = var("FAULT_VERSION").parse().unwrap();
    let file = library.file(library.major(version));
    let loader: &'static Loader = Box::leak(Box::new(Loader::new(
        library,
        Bindings {
            version,
            file: Box::leak(file.into_boxed_str()),
            toolkit_dirs: Box::leak(var("FAULT_DIRS").into_boxed_str()),
            reach: Reach::Loaded,
            renames: &[],
            codes: &[],
            own_version: None,
            not_loaded: 1,
            symbol_missing: 2,
            version_function: std::ptr::null,
            error_name: None,
            error_string: None,
            partner: None,
        },
    )));
    match loader.library_path() {
        Ok(path) => println!("loaded: {}", path.display()),
        Err(why) => println!("refused: {why}"),
    }
}

/// Issue 41, item 17: for every library with a root of its own (`NCCL_HOME`, `CUDNN_PATH`), a
/// fake of the root's release (with its parts, cuDNN's) in the root's `lib`, under a folder named
/// `caf\xe9`: the folders the build tells the loader ([`cuda_loader::join_folders`]) lead it
/// there, byte for byte; the same tree under a UTF-8 name, as before.
#[test]
fn item17_a_library_under_a_non_utf8_root_is_loaded_from_it() {
    let dir = TempDir::new("non-utf8-roots");
    let rooted: Vec<_> =
        cuda_loader::ALL.iter().filter(|library| library.build.found.home.is_some()).collect();
    assert!(rooted.len() >= 2, "{rooted:?}");
    for library in rooted {
        let cuda_loader::Role::Toolkit { toolkit_dirs, .. } = library.role else {
            panic!("{}", library.what)
        };
        // The header's version: NCCL's own code, cuDNN 9.12.0.
        let version = match library.version.scheme {
            s if s == cuda_loader::NCCL.version.scheme => fault_tests::nccl_version(),
            _ => 91200,
        };
        let function = library.version_function;
        let source = match function.call {
            cuda_loader::VersionCall::Single => {
                format!("int {}(int *v) {{ *v = {version}; return 0; }}\n", function.name)
            }
            cuda_loader::VersionCall::Returned => {
                format!("#include <stddef.h>\nsize_t {}(void) {{ return {version}; }}\n", function.name)
            }
            call => panic!("{}: a fake for {call:?} is not written here", library.what),
        };
        let file = library.file(library.major(version));
        let built = cuda_loader::child::fake_library(&file, &source);
        for name in [&b"caf\xe9"[..], b"cafe"] {
            let root = dir.path().join(library.build.link).join(OsStr::from_bytes(name));
            let lib = root.join("lib");
            std::fs::create_dir_all(&lib).unwrap();
            std::fs::copy(&built, lib.join(&file)).unwrap();
            cuda_loader::child::fake_parts(library, library.major(version), &lib.join(&file), &source);
            // The folders a root's build finds (those without a `*`, enough here).
            let dirs: Vec<PathBuf> =
                toolkit_dirs.iter().filter(|d| !d.contains('*')).map(|d| root.join(d)).collect();
            let text = cuda_loader::join_folders(&dirs, false).unwrap();
            let out = Child::new("from_root")
                .env("FAULT_LIBRARY", library.rust_path)
                .env("FAULT_VERSION", version.to_string())
                .env("FAULT_DIRS", &text)
                .run();
            let what = format!("{} under {}", library.what, root.display());
            assert!(out.contains(&format!("loaded: {}\n", lib.join(&file).display())), "{what}: {out}");
        }
        let _ = std::fs::remove_dir_all(built.parent().unwrap());
    }
}
