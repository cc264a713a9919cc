//! Finding the CUDA driver at run time, and saying why a call could not reach it.
//!
//! Every function of this crate loads the driver on its first call (without the `link`
//! feature). What is loaded is what a C program linked with `-lcuda` would run:
//!
//! 1. `$CUDA_SYS_LIBCUDA_PATH` when set, and then nothing else. It must be an absolute path
//!    (a relative one is refused: it would depend on the working directory). Its bytes are
//!    used as they are, UTF-8 or not. In secure-execution mode (a setuid or setgid program,
//!    or one with file capabilities: `AT_SECURE`) the variable is ignored, as glibc ignores
//!    `LD_LIBRARY_PATH` there, so that the user who runs such a program cannot choose the
//!    code it loads.
//! 2. Linux: `libcuda.so.1`, the driver's soname, through the dynamic loader's usual search;
//!    then WSL's `/usr/lib/wsl/lib/libcuda.so.1`. Never the unversioned `libcuda.so`: that
//!    name exists for the linker, and the toolkit's `lib64/stubs/libcuda.so` is NVIDIA's stub.
//!    Windows: `nvcuda.dll`, from the system directory only (never the current directory).
//!
//! A path that is not a regular file (or a link to one), such as a FIFO, is refused without
//! being opened. The names and rules are libcuda's description in cuda-loader
//! ([`cuda_loader::DRIVER`]), which loads it.
//!
//! A call that cannot reach the driver returns an error code instead of panicking:
//!
//! - no driver library could be loaded: [`CUDA_ERROR_STUB_LIBRARY`](crate::CUDA_ERROR_STUB_LIBRARY),
//!   the code NVIDIA's own stub library returns when no real driver is installed;
//! - the library lacks the function: [`CUDA_ERROR_NOT_FOUND`](crate::CUDA_ERROR_NOT_FOUND),
//!   the code `cuGetProcAddress` returns for a symbol the driver does not have.
//!
//! [`explain`] turns either into a sentence, for the thread whose call it was (cuda-checked adds
//! it to its error text). Loading is lock-free: threads racing the first call each load the library and the
//! first to finish is kept, so a `fork()` while another thread is loading cannot leave the
//! child waiting for that thread.
//!
//! Symbols are resolved inside this crate only; nothing public takes a symbol name:
//!
//! ```compile_fail
//! let _ = cuda_sys::loader::resolve("cuInit");
//! ```

use std::path::Path;

use crate::CUresult;

pub use cuda_loader::LoadError;

/// The variable naming the driver library's absolute path. When set, it is the only file
/// tried, except in secure-execution mode, where it is ignored.
pub const LIBCUDA_PATH_VAR: &str = cuda_loader::DRIVER.variable;

/// Every driver symbol these bindings call (each function's own symbol, so `cuMemAlloc_v2`,
/// not `cuMemAlloc`), in the header's order; the same with and without the `link` feature.
pub const SYMBOLS: &[&str] = crate::bindings::SYMBOLS;

/// Loads the driver now, if not yet done: where the dynamic loader found it (through links
/// as it reports them), or why it could not be loaded. With the `link` feature: the file the
/// dynamic linker loaded it from.
///
/// # Errors
/// Why no driver library could be loaded (each file tried, and the loader's message).
pub fn library_path() -> Result<&'static Path, &'static LoadError> {
    crate::LOADER.library_path()
}

/// Why this thread's last driver call returned `code`, when the reason is the loader's to give;
/// `None` otherwise, and then the driver's own text for `code` is the whole story.
///
/// - `CUDA_ERROR_STUB_LIBRARY`: when no library could be loaded, the [`LoadError`] (no driver
///   can have returned it). When the library that was loaded is NVIDIA's stub, where it was
///   loaded from and what to do.
/// - `CUDA_ERROR_NOT_FOUND`: only when this thread's last call that returned it could not
///   find its symbol in the loaded library (the call records the symbol, as `errno` records
///   a C call's error): which symbol, and how the library's CUDA version compares with the
///   header's. A `NOT_FOUND` the driver itself returned (`cuModuleGetFunction` with a wrong
///   kernel name) gets `None`; so does one from a call made before it on this thread, once a
///   later call failed or [`cuda_loader::clear_last_failure`] was called (cuda-checked's
///   macros call it before each call). With the `link` feature every symbol was bound at
///   start-up, so this is always `None`.
/// - Any other code: `None`.
pub fn explain(code: CUresult) -> Option<String> {
    crate::LOADER.explain(code.0)
}

/// The name and text for `code`, returned by this thread's last driver call, from the best
/// source at hand: the driver's own words, with [`explain`]'s reason after them when there is
/// one; without the driver's words, the header's, and why they are missing. What cuda-checked's
/// errors say.
pub fn describe(code: CUresult) -> (String, String) {
    crate::LOADER.describe(code.0)
}

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    use super::*;
    use crate::ALL_FUNCTIONS;
    use crate::{CUDA_ERROR_NOT_FOUND, CUDA_ERROR_STUB_LIBRARY};
    use cuda_loader::os;
    use std::path::PathBuf;
    use std::process::Command;

    #[test]
    fn symbols_follow_the_renames() {
        assert!(SYMBOLS.contains(&"cuInit") && SYMBOLS.contains(&"cuMemAlloc_v2"));
        assert!(!SYMBOLS.contains(&"cuMemAlloc"), "a C name, not a symbol");
        assert_eq!(SYMBOLS.len(), ALL_FUNCTIONS.len());
        assert!(crate::bindings::RENAMES.contains(&("cuMemAlloc", "cuMemAlloc_v2")));
        // Every name the header maps elsewhere maps to a function of these bindings.
        for (api, symbol) in crate::bindings::RENAMES.iter().chain(crate::bindings::PTDS_RENAMES) {
            assert!(SYMBOLS.contains(symbol), "{api} -> {symbol}, which is no symbol here");
        }
    }

    /// Set in the child process: the scene is set for the child's body.
    const CHILD: &str = "CUDA_SYS_TEST_CHILD";

    /// Runs `test` in a fresh copy of this test binary whose loader sees only `library`: the
    /// driver state is per process, and it is decided on the first call.
    fn in_child(test: &str, library: &Path) -> String {
        run_child(&std::env::current_exe().unwrap(), test, Some(library.as_os_str()), None)
    }

    /// Runs `test` of the test binary `exe` in `dir` (or here), with the loader's variable set
    /// to `library` (or unset).
    fn run_child(exe: &Path, test: &str, library: Option<&std::ffi::OsStr>, dir: Option<&Path>) -> String {
        let mut command = Command::new(exe);
        command
            .args([test, "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
            .env(CHILD, "1");
        match library {
            Some(library) => command.env(LIBCUDA_PATH_VAR, library),
            None => command.env_remove(LIBCUDA_PATH_VAR),
        };
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let out = command.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "child {test} failed:\n{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "child {test} did not run:\n{stdout}");
        stdout
    }

    /// The child's body, only where `in_child` set the scene: calling every function with null
    /// arguments is safe only because none can reach a driver.
    fn call_everything(expected: CUresult) -> Option<usize> {
        if !is_child() {
            return None;
        }
        for &(name, call) in ALL_FUNCTIONS {
            let code = CUresult::from(call().expect("every driver function returns a CUresult"));
            assert_eq!(code, expected, "{name}");
            let why = explain(code).unwrap_or_else(|| panic!("{name}: no explanation"));
            if expected == CUDA_ERROR_NOT_FOUND {
                // The wrapper asked the library for exactly its own symbol.
                assert!(why.contains(&format!("`{name}`")), "{name}: {why}");
                // Kept for the process: asked again, the same answer.
                assert_eq!(explain(code).as_ref(), Some(&why));
            }
        }
        Some(ALL_FUNCTIONS.len())
    }

    /// An absolute path that cannot be loaded, on this system.
    fn nowhere() -> PathBuf {
        if cfg!(windows) {
            PathBuf::from(r"C:\nonexistent\nvcuda.dll")
        } else {
            PathBuf::from("/nonexistent/libcuda.so.1")
        }
    }

    #[test]
    fn every_function_returns_stub_library_without_a_driver() {
        let out = in_child("loader::tests::child_no_library", &nowhere());
        assert!(out.contains(&format!("called {} functions", ALL_FUNCTIONS.len())), "{out}");
        assert!(ALL_FUNCTIONS.len() > 300, "only {} functions generated", ALL_FUNCTIONS.len());
    }

    #[test]
    #[ignore = "child of every_function_returns_stub_library_without_a_driver"]
    fn child_no_library() {
        if let Some(n) = call_everything(CUDA_ERROR_STUB_LIBRARY) {
            let why = explain(CUDA_ERROR_STUB_LIBRARY).unwrap();
            assert!(why.contains(&nowhere().display().to_string()), "{why}");
            assert!(why.contains("could not be loaded"), "{why}");
            assert!(why.contains(LIBCUDA_PATH_VAR), "{why}");
            assert_eq!(library_path().unwrap_err().attempts()[0].0, nowhere());
            // Any other code is not the loader's to explain.
            assert_eq!(explain(CUDA_ERROR_NOT_FOUND), None);
            println!("called {n} functions");
        }
    }

    #[test]
    fn every_function_returns_not_found_from_a_library_without_it() {
        // A real shared library with none of the driver's symbols: a "driver" too old for
        // every function of the header, or rather no driver at all.
        let out = in_child("loader::tests::child_wrong_library", &os::some_other_library());
        assert!(out.contains(&format!("called {} functions", ALL_FUNCTIONS.len())), "{out}");
    }

    #[test]
    #[ignore = "child of every_function_returns_not_found_from_a_library_without_it"]
    fn child_wrong_library() {
        if let Some(n) = call_everything(CUDA_ERROR_NOT_FOUND) {
            let library = os::some_other_library();
            assert_eq!(
                std::fs::canonicalize(library_path().unwrap()).ok(),
                std::fs::canonicalize(&library).ok()
            );
            assert_eq!(explain(CUDA_ERROR_STUB_LIBRARY), None, "the library did load");
            let mut pointer = 0;
            // SAFETY: the library has no cuMemAlloc, so nothing is written.
            assert_eq!(unsafe { crate::cuMemAlloc(&mut pointer, 8) }, CUDA_ERROR_NOT_FOUND);
            let why = explain(CUDA_ERROR_NOT_FOUND).unwrap();
            assert!(why.contains("is not a CUDA driver"), "{why}");
            assert!(why.contains("`cuMemAlloc_v2` (the function `cuMemAlloc` stands for"), "{why}");
            assert!(!why.contains("Update the NVIDIA driver"), "{why}");
            // Once the record is cleared (as cuda-checked does before each call), a code is
            // not the loader's: the next NOT_FOUND could be the driver's own.
            cuda_loader::clear_last_failure();
            assert_eq!(explain(CUDA_ERROR_NOT_FOUND), None);
            println!("called {n} functions");
        }
    }

    /// Whether this process is a child that `run_child` started.
    fn is_child() -> bool {
        std::env::var_os(CHILD).is_some()
    }

    /// What the loader's variable holds in `relative_variable_is_refused`.
    const RELATIVE: &str = if cfg!(windows) { r"drivers\nvcuda.dll" } else { "drivers/libcuda.so.1" };

    /// Issue 10, item 2 (on every system): a relative path in the variable is refused, not
    /// looked up from the working directory.
    #[test]
    fn relative_variable_is_refused() {
        in_child("loader::tests::child_relative_variable", Path::new(RELATIVE));
    }

    #[test]
    #[ignore = "child of relative_variable_is_refused"]
    fn child_relative_variable() {
        if !is_child() {
            return;
        }
        // SAFETY: no driver can be reached, so no argument is read.
        assert_eq!(unsafe { crate::cuInit(0) }, CUDA_ERROR_STUB_LIBRARY);
        let why = explain(CUDA_ERROR_STUB_LIBRARY).unwrap();
        assert!(why.contains(&format!("{LIBCUDA_PATH_VAR} is the relative path `{RELATIVE}`")), "{why}");
        let file = cuda_loader::DRIVER.files.pattern.get(cfg!(windows));
        assert!(why.contains(&format!("the absolute path of the CUDA driver's {file}")), "{why}");
        assert_eq!(library_path().unwrap_err().attempts()[0].0, Path::new(RELATIVE));
    }

    /// Windows: an `nvcuda.dll` planted in the program's folder and in the current directory
    /// is not loaded; only the system directory's is (`LOAD_LIBRARY_SEARCH_SYSTEM32`).
    #[cfg(windows)]
    #[test]
    fn a_planted_nvcuda_dll_is_not_loaded() {
        let dir = std::env::temp_dir().join(format!("cuda-sys-planted-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A real DLL without the driver's functions, where LoadLibrary would look first.
        std::fs::copy(os::some_other_library(), dir.join("nvcuda.dll")).unwrap();
        // This test binary, with the DLLs beside it (wine's stand-ins, if any), run from there.
        let exe = std::env::current_exe().unwrap();
        for entry in std::fs::read_dir(exe.parent().unwrap()).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("dll")) {
                std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
            }
        }
        let copy = dir.join(exe.file_name().unwrap());
        std::fs::copy(&exe, &copy).unwrap();
        let out = run_child(&copy, "loader::tests::child_planted", None, Some(&dir));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(out.contains("not the planted copy"), "{out}");
    }

    #[cfg(windows)]
    #[test]
    #[ignore = "child of a_planted_nvcuda_dll_is_not_loaded"]
    fn child_planted() {
        if !is_child() {
            return;
        }
        let planted = std::env::current_dir().unwrap().join("nvcuda.dll");
        // SAFETY: cuInit takes no pointer.
        let code = unsafe { crate::cuInit(0) };
        match library_path() {
            // A machine with the NVIDIA driver: the system directory's nvcuda.dll.
            Ok(path) => {
                let lower = |p: &Path| p.to_string_lossy().to_lowercase();
                assert_ne!(lower(path), lower(&planted), "loaded {}", path.display());
                assert_ne!(code, CUDA_ERROR_NOT_FOUND, "{:?}", explain(code));
            }
            // No driver installed (wine): nothing was loaded, and only the system's name tried.
            Err(e) => {
                assert_eq!(code, CUDA_ERROR_STUB_LIBRARY);
                assert_eq!(e.attempts().len(), 1, "{e}");
                assert_eq!(e.attempts()[0].0, Path::new("nvcuda.dll"), "{e}");
            }
        }
        println!("not the planted copy");
    }
}
