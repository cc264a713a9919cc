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
//! A call that cannot reach the driver returns an error code instead of panicking:
//!
//! - no driver library could be loaded: [`CUDA_ERROR_STUB_LIBRARY`],
//!   the code NVIDIA's own stub library returns when no real driver is installed;
//! - the library lacks the function: [`CUDA_ERROR_NOT_FOUND`](crate::CUDA_ERROR_NOT_FOUND),
//!   the code `cuGetProcAddress` returns for a symbol the driver does not have.
//!
//! [`explain`] turns either into a sentence, given the call (cuda-checked adds it to its error
//! text). Loading is lock-free: threads racing the first call each load the library and the
//! first to finish is kept, so a `fork()` while another thread is loading cannot leave the
//! child waiting for that thread.
//!
//! Symbols are resolved inside this crate only; nothing public takes a symbol name:
//!
//! ```compile_fail
//! let _ = cuda_sys::loader::resolve("cuInit");
//! ```

use std::path::Path;

use crate::dylib::{self, os, Spec};
use crate::{CUresult, CUDA_ERROR_STUB_LIBRARY};

pub use crate::dylib::LoadError;

/// What the driver is on this system, and what is loaded: what a program linked with
/// `-lcuda` loads: the soname, through the dynamic loader's search (`LD_LIBRARY_PATH`, the
/// ld.so cache, the system folders), then WSL's copy, which is outside that search. Not
/// `libcuda.so`: that name is for the linker, and on a machine with a toolkit but no driver
/// it is NVIDIA's stub.
#[cfg(unix)]
#[cfg_attr(feature = "link", allow(dead_code))] // linked: nothing to search for
mod platform {
    pub const FILE: &str = "libcuda.so.1";
    pub const CANDIDATES: &[&str] = &["libcuda.so.1", "/usr/lib/wsl/lib/libcuda.so.1"];
    pub const STUB_ORIGIN: &str =
        "NVIDIA ships such a libcuda.so in a CUDA toolkit's lib64/stubs, for linking only, never to be loaded. ";
    pub const STUB_FIX: &str = "Install the NVIDIA driver, or take the stubs folder out of LD_LIBRARY_PATH";
}

static SPEC: Spec = Spec {
    what: "the CUDA driver",
    library: "libcuda",
    file: platform::FILE,
    variable: LIBCUDA_PATH_VAR,
    install: "Install the NVIDIA driver",
};

/// The variable naming the driver library's absolute path. When set, it is the only file
/// tried, except in secure-execution mode, where it is ignored.
pub const LIBCUDA_PATH_VAR: &str = "CUDA_SYS_LIBCUDA_PATH";

/// Every driver symbol these bindings call (each function's own symbol, so `cuMemAlloc_v2`,
/// not `cuMemAlloc`), in the header's order; the same with and without the `link` feature.
pub const SYMBOLS: &[&str] = crate::bindings::SYMBOLS;

/// What a stub library is, where it was `loaded` (or linked) from, and what to do.
fn stub_text(loaded: &str, path: &Path, from_variable: bool) -> String {
    let fix = if from_variable {
        format!("Set {LIBCUDA_PATH_VAR} to the absolute path of the driver's {}", platform::FILE)
    } else {
        platform::STUB_FIX.to_string()
    };
    format!(
        "the library {loaded} as the CUDA driver, {}, is a stub: it answers every call, even \
         cuDriverGetVersion, with CUDA_ERROR_STUB_LIBRARY. {}{fix}",
        os::describe_path(path),
        platform::STUB_ORIGIN
    )
}

#[cfg(not(feature = "link"))]
mod dynamic {
    use super::*;
    use crate::dylib::{called_name, cuda_version as cuda, symbols_of, Library};
    use crate::{CUDA_ERROR_NOT_FOUND, CUDA_SUCCESS};
    use std::ffi::{c_int, CStr, OsString};
    use std::sync::atomic::{AtomicBool, Ordering};

    /// `cuDriverGetVersion`'s answer: `None` if the library has no such function.
    fn driver_version(library: &Library) -> Option<Result<c_int, CUresult>> {
        let f = library.symbol(c"cuDriverGetVersion");
        if f.is_null() {
            return None;
        }
        // SAFETY: cuDriverGetVersion has had this signature since CUDA 2.2.
        let f: unsafe extern "C" fn(*mut c_int) -> CUresult = unsafe { std::mem::transmute(f) };
        let mut version = 0;
        // SAFETY: a valid out-pointer.
        let code = unsafe { f(&mut version) };
        Some(if code == CUDA_SUCCESS { Ok(version) } else { Err(code) })
    }

    /// What the stub's calls mean, when `library` answers `cuDriverGetVersion` with
    /// `CUDA_ERROR_STUB_LIBRARY` (a real driver never does).
    fn stub_note(library: &Library) -> Option<String> {
        if driver_version(library)? != Err(CUDA_ERROR_STUB_LIBRARY) {
            return None;
        }
        Some(stub_text("loaded", &library.path, library.from_variable))
    }

    static LIBRARY: dylib::Lazy = dylib::Lazy::new();

    /// The process-wide record of symbols the loaded library lacks, one flag per entry of
    /// [`SYMBOLS`]: set, never cleared (the library never changes), read by any thread.
    #[allow(clippy::declare_interior_mutable_const)] // a template for the array, never used alone
    const PRESENT: AtomicBool = AtomicBool::new(false);
    static MISSING: [AtomicBool; SYMBOLS.len()] = [PRESENT; SYMBOLS.len()];

    pub(super) fn library_path() -> Result<&'static Path, &'static LoadError> {
        library().map(|library| library.path.as_path())
    }

    fn library() -> Result<&'static Library, &'static LoadError> {
        LIBRARY.get(|| {
            let candidates: Vec<OsString> = platform::CANDIDATES.iter().map(OsString::from).collect();
            dylib::load(&SPEC, &candidates)
        })
    }

    /// The address of `symbol` in the driver, for the wrapper of that name (and only for it:
    /// nothing outside this crate can ask). An error is the code the call returns.
    pub(crate) fn resolve(symbol: &'static CStr) -> Result<*mut (), CUresult> {
        let library = library().map_err(|_| CUDA_ERROR_STUB_LIBRARY)?;
        let address = library.symbol(symbol);
        if address.is_null() {
            let name = symbol.to_bytes();
            if let Some(i) = SYMBOLS.iter().position(|s| s.as_bytes() == name) {
                MISSING[i].store(true, Ordering::Release);
            }
            return Err(CUDA_ERROR_NOT_FOUND);
        }
        Ok(address.cast())
    }

    fn recorded_missing(symbol: &str) -> bool {
        SYMBOLS.iter().position(|s| *s == symbol).is_some_and(|i| MISSING[i].load(Ordering::Acquire))
    }

    pub(super) fn explain(code: CUresult, call: &str) -> Option<String> {
        if code == CUDA_ERROR_STUB_LIBRARY {
            return match library() {
                Err(no_library) => Some(no_library.to_string()),
                Ok(library) => stub_note(library),
            };
        }
        if code != CUDA_ERROR_NOT_FOUND {
            return None;
        }
        let library = library().ok()?;
        let name = called_name(call);
        let renames: &[&[(&str, &str)]] = &[crate::bindings::RENAMES, crate::bindings::PTDS_RENAMES];
        let symbol = symbols_of(name, SYMBOLS, renames).find(|s| recorded_missing(s))?;
        Some(missing(library, name, symbol))
    }

    /// Why the library has no `symbol` (which the call `name` stands for), as far as it says.
    fn missing(library: &Library, name: &str, symbol: &str) -> String {
        let what = if name == symbol {
            format!("`{symbol}`")
        } else {
            format!("`{symbol}` (the function `{name}` stands for in these bindings)")
        };
        let path = os::describe_path(&library.path);
        let version = driver_version(library);
        if version.is_none() && library.symbol(c"cuInit").is_null() {
            let fix = if library.from_variable {
                format!("Set {LIBCUDA_PATH_VAR} to the absolute path of the NVIDIA driver's {}", platform::FILE)
            } else {
                format!(
                    "Something other than the NVIDIA driver is installed as {}: reinstall the driver",
                    platform::FILE
                )
            };
            return format!(
                "{path} is not a CUDA driver: it has neither `cuInit` nor `cuDriverGetVersion`, \
                 so it has no {what} either. {fix}"
            );
        }
        let header = crate::CUDA_VERSION;
        let h = cuda(header);
        match version {
            Some(Ok(v)) if (v as i64) < header as i64 => format!(
                "the CUDA driver ({path}) has no function {what}: the driver supports CUDA {} ({v}), \
                 older than the cuda.h these bindings come from (CUDA {h}, {header}). Update the \
                 NVIDIA driver, or build against the cuda.h of CUDA {} or older",
                cuda(v),
                cuda(v)
            ),
            Some(Ok(v)) => format!(
                "the CUDA driver ({path}) has no function {what}, although it supports CUDA {} ({v}), \
                 {} the cuda.h these bindings come from (CUDA {h}, {header}): the driver no longer \
                 has that function, or the library is not a complete NVIDIA driver",
                cuda(v),
                if v as i64 == header as i64 { "the same version as" } else { "newer than" }
            ),
            Some(Err(code)) => format!(
                "the CUDA driver ({path}) has no function {what}; its CUDA version is unknown \
                 (cuDriverGetVersion returned {code:?}); these bindings come from the cuda.h of CUDA {h}"
            ),
            None => format!(
                "the CUDA driver ({path}) has no function {what}; its CUDA version is unknown \
                 (it has no cuDriverGetVersion); these bindings come from the cuda.h of CUDA {h}"
            ),
        }
    }
}

#[cfg(not(feature = "link"))]
pub(crate) use dynamic::resolve;

#[cfg(feature = "link")]
mod linked {
    use super::*;
    use std::path::PathBuf;
    use std::ffi::c_void;

    static PATH: dylib::Published<Result<PathBuf, LoadError>> = dylib::Published::new();

    /// Where the dynamic linker found the driver: the file holding a linked symbol.
    pub(super) fn library_path() -> Result<&'static Path, &'static LoadError> {
        let path = PATH.get_or_publish(
            || {
                os::linked_from(crate::cuDriverGetVersion as *const c_void).ok_or_else(|| {
                    LoadError::linked(&SPEC, "the dynamic linker loaded it, but cannot say from which file")
                })
            },
            drop,
        );
        path.as_ref().map(PathBuf::as_path)
    }

    pub(super) fn explain(code: CUresult, _call: &str) -> Option<String> {
        // Every symbol was bound when the program started, so NOT_FOUND is always the
        // driver's own; only a stub needs saying.
        if code != CUDA_ERROR_STUB_LIBRARY {
            return None;
        }
        let mut version = 0;
        // SAFETY: a valid out-pointer.
        if unsafe { crate::cuDriverGetVersion(&mut version) } != CUDA_ERROR_STUB_LIBRARY {
            return None;
        }
        let path = library_path().map(Path::to_path_buf).unwrap_or_else(|_| PathBuf::from(platform::FILE));
        Some(stub_text("linked", &path, false))
    }
}

/// Loads the driver now, if not yet done: where the dynamic loader found it (through links
/// as it reports them), or why it could not be loaded. With the `link` feature: the file the
/// dynamic linker loaded it from.
pub fn library_path() -> Result<&'static Path, &'static LoadError> {
    #[cfg(not(feature = "link"))]
    return dynamic::library_path();
    #[cfg(feature = "link")]
    return linked::library_path();
}

/// Why `call` returned `code`, when the reason is the loader's to give; `None` otherwise, and
/// then the driver's own text for `code` is the whole story.
///
/// `call` is the function's name as the call was written (`"cuMemAlloc"`), or the whole call
/// as `stringify!` gives it (`"cuda_sys::cuMemAlloc(&mut p, 8)"`: the last path segment
/// before the first `(` is taken).
///
/// - `CUDA_ERROR_STUB_LIBRARY`: when no library could be loaded, the [`LoadError`] (no driver
///   can have returned it). When the library that was loaded is NVIDIA's stub, where it was
///   loaded from and what to do.
/// - `CUDA_ERROR_NOT_FOUND`: only when the called name, or the symbol `cuda.h` maps it to,
///   is one the loaded library lacks (recorded for the whole process, when a call first
///   looked for it): which symbol, and how the library's CUDA version compares with the
///   header's. A `NOT_FOUND` the driver itself returned (`cuModuleGetFunction` with a wrong
///   kernel name) gets `None`. With the `link` feature every symbol was bound at start-up,
///   so this is always `None`.
/// - Any other code: `None`.
pub fn explain(code: CUresult, call: &str) -> Option<String> {
    #[cfg(not(feature = "link"))]
    return dynamic::explain(code, call);
    #[cfg(feature = "link")]
    return linked::explain(code, call);
}

#[cfg(all(test, not(feature = "link")))]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use crate::ALL_FUNCTIONS;
    use crate::CUDA_ERROR_NOT_FOUND;
    use std::process::Command;

    #[test]
    fn symbols_follow_the_renames() {
        assert!(SYMBOLS.contains(&"cuInit") && SYMBOLS.contains(&"cuMemAlloc_v2"));
        assert!(!SYMBOLS.contains(&"cuMemAlloc"), "a C name, not a symbol");
        assert_eq!(SYMBOLS.len(), ALL_FUNCTIONS.len());
        let renames: &[&[(&str, &str)]] = &[crate::bindings::RENAMES, crate::bindings::PTDS_RENAMES];
        let of = |name| dylib::symbols_of(name, SYMBOLS, renames).collect::<Vec<_>>();
        assert_eq!(of("cuMemAlloc"), ["cuMemAlloc_v2"]);
        assert_eq!(of("cuInit"), ["cuInit"]);
        assert!(of("code").is_empty());
    }

    /// Set in the child process, with the loader pointed at `library`.
    const CHILD: &str = "CUDA_SYS_TEST_CHILD";

    /// Runs `test` in a fresh copy of this test binary whose loader sees only `library`: the
    /// driver state is per process, and it is decided on the first call.
    fn in_child(test: &str, library: &Path) -> String {
        let out = Command::new(std::env::current_exe().unwrap())
            .args([test, "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
            .env(LIBCUDA_PATH_VAR, library)
            .env(CHILD, library)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "child {test} failed:\n{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "child {test} did not run:\n{stdout}");
        stdout
    }

    /// The child's body, only where `in_child` set the scene: calling every function with null
    /// arguments is safe only because none can reach a driver.
    fn call_everything(expected: CUresult) -> Option<usize> {
        let library = std::env::var_os(CHILD)?;
        assert_eq!(std::env::var_os(LIBCUDA_PATH_VAR), Some(library));
        for &(name, call) in ALL_FUNCTIONS {
            let code = CUresult::from(call().expect("every driver function returns a CUresult"));
            assert_eq!(code, expected, "{name}");
            let why = explain(code, name).unwrap_or_else(|| panic!("{name}: no explanation"));
            if expected == CUDA_ERROR_NOT_FOUND {
                // The wrapper asked the library for exactly its own symbol.
                assert!(why.contains(&format!("`{name}`")), "{name}: {why}");
                // Kept for the process: asked again, the same answer.
                assert_eq!(explain(code, name).as_ref(), Some(&why));
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
            let why = explain(CUDA_ERROR_STUB_LIBRARY, "cuInit").unwrap();
            assert!(why.contains(&nowhere().display().to_string()), "{why}");
            assert!(why.contains("could not be loaded"), "{why}");
            assert!(why.contains(LIBCUDA_PATH_VAR), "{why}");
            assert_eq!(library_path().unwrap_err().attempts()[0].0, nowhere());
            // Any other code is not the loader's to explain.
            assert_eq!(explain(CUDA_ERROR_NOT_FOUND, "cuInit"), None);
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
            assert_eq!(std::fs::canonicalize(library_path().unwrap()).ok(), std::fs::canonicalize(&library).ok());
            assert_eq!(explain(CUDA_ERROR_STUB_LIBRARY, "cuInit"), None, "the library did load");
            let why = explain(CUDA_ERROR_NOT_FOUND, "cuda_sys::cuMemAlloc(&mut p, 8)").unwrap();
            assert!(why.contains("is not a CUDA driver"), "{why}");
            assert!(why.contains("`cuMemAlloc_v2` (the function `cuMemAlloc` stands for"), "{why}");
            assert!(!why.contains("Update the NVIDIA driver"), "{why}");
            // A code from a call of no driver function, or of one never called, is not ours.
            assert_eq!(explain(CUDA_ERROR_NOT_FOUND, "code"), None);
            println!("called {n} functions");
        }
    }
}
