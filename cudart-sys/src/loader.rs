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
//!    secure-execution mode, and only when the variable is an absolute path (a relative one
//!    would load a runtime from whatever the working directory is: it is skipped, and the
//!    reason is in the [`LoadError`] if nothing else loads);
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A path that is not a regular file (or a link to one), such as a FIFO, is refused without
//! being opened. The names, folders and rules are libcudart's description in cuda-loader
//! ([`cuda_loader::RUNTIME`]), which loads it.
//!
//! A call that cannot reach the runtime returns an error code instead of panicking:
//! [`cudaErrorSharedObjectInitFailed`] when no runtime could be loaded,
//! [`cudaErrorSymbolNotFound`] when the runtime lacks the function. [`explain`] says which and
//! why. (`cudaGetErrorName` and `cudaGetErrorString` return a static text saying so instead.)

use std::path::Path;

// The two codes are the loading path's, and named by the docs above.
#[allow(unused_imports)]
use crate::{cudaErrorSharedObjectInitFailed, cudaErrorSymbolNotFound, cudaError_t};

pub use cuda_loader::LoadError;

/// The variable naming libcudart's absolute path. When set, it is the only file tried, except
/// in secure-execution mode, where it is ignored.
pub const LIBCUDART_PATH_VAR: &str = cuda_loader::RUNTIME.variable;

/// Every runtime symbol these bindings call (each function's own symbol, so
/// `cudaGetDeviceProperties_v2`), in the header's order; the same with and without `link`.
pub const SYMBOLS: &[&str] = crate::bindings::SYMBOLS;

/// The runtime library's file, of the header's major: `libcudart.so.13`.
pub const LIBRARY: &str = env!("CUDA_LIBRARY_FILE");

/// Loads the runtime now, if not yet done: where the dynamic loader found it, or why it could
/// not be loaded. Linked: the file the dynamic linker loaded it from (with `static`, this
/// program).
///
/// # Errors
/// Why no runtime library could be loaded (each file tried, and the loader's message).
pub fn library_path() -> Result<&'static Path, &'static LoadError> {
    crate::LOADER.library_path()
}

/// Why this thread's last runtime call returned `code`, when the reason is the loader's to
/// give; `None` otherwise, and then the runtime's own text for `code` is the whole story (see
/// libcuda-sys's `loader::explain`: the call records the symbol it could not find).
///
/// - `cudaErrorSharedObjectInitFailed`: when no runtime could be loaded, the [`LoadError`].
/// - `cudaErrorSymbolNotFound`: when this thread's last call that returned it could not find
///   its symbol in the loaded runtime: which, and how the runtime's version compares with the
///   header's.
/// - Any other code, and always when linked: `None`.
pub fn explain(code: cudaError_t) -> Option<String> {
    crate::LOADER.explain(code.0)
}

/// The name and text for `code`, returned by this thread's last runtime call, from the best
/// source at hand: the runtime's own words, with [`explain`]'s reason after them when there is
/// one; without the runtime's words, the header's, and why they are missing. What cuda-checked's
/// errors say.
pub fn describe(code: cudaError_t) -> (String, String) {
    crate::LOADER.describe(code.0)
}

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    use super::*;
    use crate::ALL_FUNCTIONS;
    use cuda_loader::os;
    use std::path::PathBuf;
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
            let why = explain(code).unwrap_or_else(|| panic!("{name}: no explanation"));
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
            let why = explain(cudaErrorSharedObjectInitFailed).unwrap();
            assert!(why.contains("the CUDA runtime (libcudart) could not be loaded"), "{why}");
            assert!(why.contains(&nowhere().display().to_string()), "{why}");
            assert!(why.contains(LIBCUDART_PATH_VAR), "{why}");
            // Functions without a code answer with text, not a null pointer.
            let text = unsafe {
                std::ffi::CStr::from_ptr(crate::cudaGetErrorString(crate::cudaErrorMemoryAllocation))
            };
            assert!(text.to_string_lossy().contains("could not be reached"));
            assert_eq!(explain(cudaErrorSymbolNotFound), None);
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
            let mut pointer = std::ptr::null_mut();
            // SAFETY: the library has no cudaMalloc, so nothing is written.
            assert_eq!(unsafe { crate::cudaMalloc(&mut pointer, 8) }, cudaErrorSymbolNotFound);
            let why = explain(cudaErrorSymbolNotFound).unwrap();
            assert!(why.contains("`cudaMalloc`"), "{why}");
            assert!(why.contains("is not a CUDA runtime"), "{why}");
            cuda_loader::clear_last_failure();
            assert_eq!(explain(cudaErrorSymbolNotFound), None);
            println!("returned codes: {n}");
        }
    }
}
