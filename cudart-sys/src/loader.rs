//! Finding the CUDA runtime (libcudart) at run time, and saying why a call could not reach it.
//!
//! The runtime's ABI is per CUDA major, so what is loaded is the runtime of the header's major
//! (`libcudart.so.13` for CUDA 13 bindings, `libcudart.so.11.0` for CUDA 11; Windows:
//! `cudart64_13.dll`), the first found of:
//!
//! 1. `$CUDART_SYS_LIBCUDART_PATH` when set, and then nothing else: an absolute path (a
//!    relative one is refused), ignored in secure-execution mode (setuid, setgid, file
//!    capabilities), exactly as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's runtime wheel in the active Python environment (`$VIRTUAL_ENV`,
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/cuda_runtime/lib`), except in
//!    secure-execution mode;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A call that cannot reach the runtime returns an error code instead of panicking:
//! [`cudaErrorSharedObjectInitFailed`] when no runtime could be loaded,
//! [`cudaErrorSymbolNotFound`] when the runtime lacks the function. [`explain`] says which and
//! why. (`cudaGetErrorName` and `cudaGetErrorString` return a static text saying so instead.)

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use cuda_sys::dylib::{self, os, Spec};

// The two codes are the loading path's, and named by the docs above in both builds.
#[cfg_attr(feature = "link", allow(unused_imports))]
use crate::{cudaErrorSharedObjectInitFailed, cudaErrorSymbolNotFound, cudaError_t};

pub use cuda_sys::dylib::LoadError;

/// The variable naming libcudart's absolute path. When set, it is the only file tried, except
/// in secure-execution mode, where it is ignored.
pub const LIBCUDART_PATH_VAR: &str = "CUDART_SYS_LIBCUDART_PATH";

/// Every runtime symbol these bindings call (each function's own symbol, so
/// `cudaGetDeviceProperties_v2`), in the header's order; the same with and without `link`.
pub const SYMBOLS: &[&str] = crate::bindings::SYMBOLS;

/// The runtime library's file, of the header's major: `libcudart.so.13`.
pub const LIBRARY: &str = env!("CUDART_SYS_LIBRARY");

static SPEC: Spec = Spec {
    what: "the CUDA runtime",
    library: "libcudart",
    file: LIBRARY,
    variable: LIBCUDART_PATH_VAR,
    install: concat!(
        "Install the CUDA ",
        env!("CUDART_SYS_MAJOR"),
        " runtime (a CUDA toolkit, or NVIDIA's nvidia-cuda-runtime wheel)"
    ),
    // Applications ship the runtime's DLL beside themselves on Windows.
    search: dylib::Search::ApplicationAndSystem,
};

/// The places to try, in order, after the variable: the toolkit's folders, the Python
/// environment's wheel, then the bare name for the dynamic loader's own search.
#[cfg_attr(feature = "link", allow(dead_code))]
fn candidates() -> Vec<OsString> {
    let major = env!("CUDART_SYS_MAJOR");
    let mut dirs: Vec<PathBuf> = std::env::split_paths(env!("CUDART_SYS_TOOLKIT_LIB_DIRS")).collect();
    // The environment names the Python environment: not to be trusted in secure mode.
    if os::secure_execution().is_none() {
        for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
            let Some(prefix) = std::env::var_os(var).filter(|p| !p.is_empty()) else { continue };
            for site in site_packages(Path::new(&prefix)) {
                for wheel in [format!("cu{major}"), "cuda_runtime".to_string()] {
                    dirs.push(site.join("nvidia").join(&wheel).join("lib"));
                    dirs.push(site.join("nvidia").join(&wheel).join("bin"));
                }
            }
        }
    }
    let mut out: Vec<OsString> = dirs
        .into_iter()
        .map(|d| d.join(LIBRARY))
        .filter(|f| f.is_file())
        .map(PathBuf::into_os_string)
        .collect();
    out.push(OsString::from(LIBRARY));
    out
}

/// A Python environment's site-packages folders.
fn site_packages(prefix: &Path) -> Vec<PathBuf> {
    let mut sites = vec![prefix.join("Lib").join("site-packages")];
    if let Ok(entries) = std::fs::read_dir(prefix.join("lib")) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with("python3") {
                sites.push(entry.path().join("site-packages"));
            }
        }
    }
    sites
}

#[cfg(not(feature = "link"))]
mod dynamic {
    use super::*;
    use cuda_sys::dylib::{cuda_version, Library};
    use std::ffi::{c_int, CStr};

    static LIBRARY: dylib::Lazy = dylib::Lazy::new();

    /// Which of [`SYMBOLS`] the runtime lacks, for the whole process.
    static TABLE: dylib::Symbols<{ SYMBOLS.len() }> = dylib::Symbols::new(SYMBOLS);

    fn library() -> Result<&'static Library, &'static LoadError> {
        LIBRARY.get(|| dylib::load(&SPEC, &candidates()))
    }

    pub(super) fn library_path() -> Result<&'static Path, &'static LoadError> {
        library().map(|library| library.path.as_path())
    }

    /// The address of `symbol` in the runtime, for the wrapper of that name. An error is the
    /// code the call returns.
    pub(crate) fn resolve(symbol: &'static CStr) -> Result<*mut (), cudaError_t> {
        let library = library().map_err(|_| cudaErrorSharedObjectInitFailed)?;
        TABLE.resolve(library, symbol).ok_or(cudaErrorSymbolNotFound)
    }

    /// `cudaRuntimeGetVersion`'s answer, if the library has it and answers.
    fn runtime_version(library: &Library) -> Option<c_int> {
        let f = library.symbol(c"cudaRuntimeGetVersion");
        if f.is_null() {
            return None;
        }
        // SAFETY: cudaRuntimeGetVersion(int*) has had this signature since CUDA 2.2.
        let f: unsafe extern "C" fn(*mut c_int) -> cudaError_t = unsafe { std::mem::transmute(f) };
        let mut version = 0;
        // SAFETY: a valid out-pointer.
        (unsafe { f(&mut version) } == crate::cudaSuccess).then_some(version)
    }

    pub(super) fn explain(code: cudaError_t, call: &str) -> Option<String> {
        if code == cudaErrorSharedObjectInitFailed {
            return library().err().map(ToString::to_string);
        }
        if code != cudaErrorSymbolNotFound {
            return None;
        }
        let library = library().ok()?;
        let (name, symbol) =
            TABLE.missing_for(call, &[crate::bindings::RENAMES, crate::bindings::PTDS_RENAMES])?;
        let what = if name == symbol {
            format!("`{symbol}`")
        } else {
            format!("`{symbol}` (the function `{name}` stands for in these bindings)")
        };
        let header = cuda_version(crate::CUDART_VERSION);
        let path = os::describe_path(&library.path);
        Some(match runtime_version(library) {
            Some(v) if i64::from(v) < i64::from(crate::CUDART_VERSION) => format!(
                "the CUDA runtime ({path}) has no function {what}: it is CUDA {}'s, older than the \
                 cuda_runtime_api.h these bindings come from (CUDA {header}). Load the runtime of CUDA \
                 {header} or newer ({LIBCUDART_PATH_VAR}), or build against an older toolkit",
                cuda_version(v)
            ),
            Some(v) => format!(
                "the CUDA runtime ({path}) has no function {what}, although it is CUDA {}'s and these \
                 bindings come from CUDA {header}'s cuda_runtime_api.h",
                cuda_version(v)
            ),
            None => format!(
                "{path} has no function {what}, nor cudaRuntimeGetVersion: it is not a CUDA runtime. \
                 Check {LIBCUDART_PATH_VAR}"
            ),
        })
    }
}

#[cfg(not(feature = "link"))]
pub(crate) use dynamic::resolve;

/// Loads the runtime now, if not yet done: where the dynamic loader found it, or why it could
/// not be loaded. With the `link` feature: the file the dynamic linker loaded it from.
///
/// # Errors
/// Why no runtime library could be loaded (each file tried, and the loader's message).
pub fn library_path() -> Result<&'static Path, &'static LoadError> {
    #[cfg(not(feature = "link"))]
    return dynamic::library_path();
    #[cfg(feature = "link")]
    {
        static PATH: dylib::Published<Result<PathBuf, LoadError>> = dylib::Published::new();
        let path = PATH.get_or_publish(
            || {
                os::linked_from(crate::cudaRuntimeGetVersion as *const std::ffi::c_void).ok_or_else(|| {
                    LoadError::linked(&SPEC, "the dynamic linker loaded it, but cannot say from which file")
                })
            },
            drop,
        );
        path.as_ref().map(PathBuf::as_path)
    }
}

/// Why `call` returned `code`, when the reason is the loader's to give; `None` otherwise, and
/// then the runtime's own text for `code` is the whole story. `call` is the function's name or
/// the whole call as written (see libcuda-sys's `loader::explain`).
///
/// - `cudaErrorSharedObjectInitFailed`: when no runtime could be loaded, the [`LoadError`].
/// - `cudaErrorSymbolNotFound`: when the called name stands for a symbol the loaded runtime
///   lacks: which, and how the runtime's version compares with the header's.
/// - Any other code, and always with the `link` feature: `None`.
pub fn explain(code: cudaError_t, call: &str) -> Option<String> {
    #[cfg(not(feature = "link"))]
    return dynamic::explain(code, call);
    #[cfg(feature = "link")]
    {
        let _ = (code, call);
        None
    }
}

#[cfg(all(test, not(feature = "link")))]
mod tests {
    use super::*;
    use crate::ALL_FUNCTIONS;
    use std::process::Command;

    /// Set in the child process, with the loader pointed at `library`.
    const CHILD: &str = "CUDART_SYS_TEST_CHILD";

    fn in_child(test: &str, library: &Path) -> String {
        let out = Command::new(std::env::current_exe().unwrap())
            .args([test, "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
            .env(LIBCUDART_PATH_VAR, library)
            .env(CHILD, library)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "child {test} failed:\n{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "child {test} did not run:\n{stdout}");
        stdout
    }

    /// Every function, in a child whose loader sees only `library`: each returns `expected`
    /// (or, returning no code, does not panic), and the loader explains it.
    fn call_everything(expected: cudaError_t) -> Option<usize> {
        std::env::var_os(CHILD)?;
        let mut codes = 0;
        for &(name, call) in ALL_FUNCTIONS {
            let Some(code) = call() else { continue };
            let code = cudaError_t::from(code);
            assert_eq!(code, expected, "{name}");
            let why = explain(code, name).unwrap_or_else(|| panic!("{name}: no explanation"));
            if expected == cudaErrorSymbolNotFound {
                assert!(why.contains(&format!("`{name}`")), "{name}: {why}");
            }
            codes += 1;
        }
        Some(codes)
    }

    fn nowhere() -> PathBuf {
        if cfg!(windows) {
            PathBuf::from(r"C:\nonexistent").join(LIBRARY)
        } else {
            PathBuf::from("/nonexistent").join(LIBRARY)
        }
    }

    #[test]
    fn every_function_fails_with_a_reason_without_a_runtime() {
        let out = in_child("loader::tests::child_no_runtime", &nowhere());
        assert!(out.contains("returned codes: "), "{out}");
        assert!(ALL_FUNCTIONS.len() > 300, "only {} functions generated", ALL_FUNCTIONS.len());
    }

    #[test]
    #[ignore = "child of every_function_fails_with_a_reason_without_a_runtime"]
    fn child_no_runtime() {
        if let Some(n) = call_everything(cudaErrorSharedObjectInitFailed) {
            let why = explain(cudaErrorSharedObjectInitFailed, "cudaMalloc").unwrap();
            assert!(why.contains("the CUDA runtime (libcudart) could not be loaded"), "{why}");
            assert!(why.contains(&nowhere().display().to_string()), "{why}");
            assert!(why.contains(LIBCUDART_PATH_VAR), "{why}");
            // Functions without a code answer with text, not a null pointer.
            let text = unsafe {
                std::ffi::CStr::from_ptr(crate::cudaGetErrorString(crate::cudaErrorMemoryAllocation))
            };
            assert!(text.to_string_lossy().contains("could not be reached"));
            assert_eq!(explain(cudaErrorSymbolNotFound, "cudaMalloc"), None);
            println!("returned codes: {n}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn every_function_names_its_symbol_from_a_library_without_it() {
        let out = in_child("loader::tests::child_wrong_library", &os::some_other_library());
        assert!(out.contains("returned codes: "), "{out}");
    }

    #[test]
    #[ignore = "child of every_function_names_its_symbol_from_a_library_without_it"]
    fn child_wrong_library() {
        if let Some(n) = call_everything(cudaErrorSymbolNotFound) {
            let why = explain(cudaErrorSymbolNotFound, "cudart_sys::cudaMalloc(&mut p, 8)").unwrap();
            assert!(why.contains("is not a CUDA runtime"), "{why}");
            assert_eq!(explain(cudaErrorSymbolNotFound, "code"), None);
            println!("returned codes: {n}");
        }
    }
}
