//! Finding cuBLAS (libcublas) and cuBLASLt (libcublasLt) at run time, and saying why a call
//! could not reach them.
//!
//! cuBLAS's ABI is per CUDA major, so what is loaded is the library of the header's major
//! (`libcublas.so.13`, `libcublasLt.so.13`; Windows: `cublas64_13.dll`, `cublasLt64_13.dll`),
//! each the first found of:
//!
//! 1. its variable when set ([`LIBCUBLAS_PATH_VAR`], [`LIBCUBLASLT_PATH_VAR`]), and then
//!    nothing else: an absolute path of a regular file (a relative one is refused), ignored in
//!    secure-execution mode (setuid, setgid, file capabilities), as libcuda-sys treats
//!    `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's cuBLAS wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/cublas/lib`), except in secure-execution mode;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! libcublas needs libcublasLt and finds it beside itself. The names, folders and rules are
//! the descriptions in cuda-loader ([`cuda_loader::CUBLAS`], [`cuda_loader::CUBLASLT`]), which
//! loads them: this crate has no loader code of its own.
//!
//! `cublas_api.h` has no code for "no library" or "no function", so a call that cannot reach
//! its library returns [`CUBLAS_STATUS_NOT_INITIALIZED`](crate::CUBLAS_STATUS_NOT_INITIALIZED)
//! (no library) or [`CUBLAS_STATUS_NOT_SUPPORTED`](crate::CUBLAS_STATUS_NOT_SUPPORTED) (no such
//! function) instead of panicking, and [`explain`] (cuBLAS) or [`explain_lt`] (cuBLASLt) says
//! whether the loader gave it and why. `cublasGetStatusString` returns a static text saying so
//! instead; `cublasGetCudartVersion` and the like return 0.

use std::path::Path;

use crate::cublasStatus_t;

pub use cuda_loader::LoadError;

/// The variable naming libcublas's absolute path. When set, it is the only file tried, except
/// in secure-execution mode, where it is ignored.
pub const LIBCUBLAS_PATH_VAR: &str = cuda_loader::CUBLAS.variable;
/// The same for libcublasLt.
pub const LIBCUBLASLT_PATH_VAR: &str = cuda_loader::CUBLASLT.variable;

/// Every cuBLAS symbol these bindings call (`cublasSgemm_v2` for `cublasSgemm`), in the
/// header's order; the same with and without `link`.
pub const SYMBOLS: &[&str] = crate::bindings::SYMBOLS;
/// Every cuBLASLt symbol.
pub const LT_SYMBOLS: &[&str] = crate::bindings::lt::SYMBOLS;

/// cuBLAS's file, of the header's major: `libcublas.so.13`.
pub const LIBRARY: &str = env!("CUDA_LIBRARY_FILE");
/// cuBLASLt's: `libcublasLt.so.13`.
pub const LT_LIBRARY: &str = env!("LT_CUDA_LIBRARY_FILE");

/// Loads libcublas now, if not yet done: where the dynamic loader found it, or why it could
/// not be loaded. Linked: the file the dynamic linker loaded it from.
///
/// # Errors
/// Why no cuBLAS library could be loaded (each file tried, and the loader's message).
pub fn library_path() -> Result<&'static Path, &'static LoadError> {
    crate::LOADER.library_path()
}

/// [`library_path`] for libcublasLt.
///
/// # Errors
/// Why no cuBLASLt library could be loaded.
pub fn lt_library_path() -> Result<&'static Path, &'static LoadError> {
    crate::LT_LOADER.library_path()
}

/// Why this thread's last cuBLAS call returned `code`, when the reason is the loader's to
/// give; `None` otherwise, and then cuBLAS's own text for `code` is the whole story.
///
/// - `CUBLAS_STATUS_NOT_INITIALIZED`: when no libcublas could be loaded, the [`LoadError`].
///   (cuBLAS itself returns it too, from `cublasCreate` without a GPU: then `None`.)
/// - `CUBLAS_STATUS_NOT_SUPPORTED`: when this thread's last call that returned it could not
///   find its symbol in the loaded library (the call records it): which symbol, and how the
///   library's CUDA version compares with the header's.
/// - Any other code, and always when linked: `None`.
pub fn explain(code: cublasStatus_t) -> Option<String> {
    crate::LOADER.explain(code.0)
}

/// [`explain`] for a cuBLASLt call (`cublasLt...`).
pub fn explain_lt(code: cublasStatus_t) -> Option<String> {
    crate::LT_LOADER.explain(code.0)
}

/// The name and text for `code`, returned by this thread's last cuBLAS call, from the best
/// source at hand: `cublasGetStatusName` and `cublasGetStatusString`, with [`explain`]'s
/// reason after them when there is one; without cuBLAS's words, the header's, and why they are
/// missing.
pub fn describe(code: cublasStatus_t) -> (String, String) {
    crate::LOADER.describe(code.0)
}

/// [`describe`] for a cuBLASLt call, in cuBLASLt's words (`cublasLtGetStatusName`,
/// `cublasLtGetStatusString`).
pub fn describe_lt(code: cublasStatus_t) -> (String, String) {
    crate::LT_LOADER.describe(code.0)
}
