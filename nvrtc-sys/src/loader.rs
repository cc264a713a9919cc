//! Finding NVRTC (libnvrtc) at run time, and saying why a call could not reach it.
//!
//! NVRTC's ABI is per CUDA major, so what is loaded is the NVRTC of the header's major
//! (`libnvrtc.so.13`, `libnvrtc.so.12`, CUDA 11's `libnvrtc.so.11.2`; Windows:
//! `nvrtc64_130_0.dll`), the first found of:
//!
//! 1. `$NVRTC_SYS_LIBNVRTC_PATH` when set, and then nothing else: an absolute path of a regular
//!    file (a relative one is refused), ignored in secure-execution mode (setuid, setgid, file
//!    capabilities), as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's NVRTC wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/cuda_nvrtc/lib`), except in secure-execution
//!    mode;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! The names, folders and rules are NVRTC's description in cuda-loader
//! ([`cuda_loader::NVRTC`]), which loads it: this crate has no loader code of its own.
//!
//! `nvrtc.h` has no code for "no library", so a call that cannot reach NVRTC returns
//! [`NVRTC_ERROR_INTERNAL_ERROR`](crate::NVRTC_ERROR_INTERNAL_ERROR) instead of panicking, and
//! [`explain`] says whether the loader gave it and why (no library, or a function the library
//! lacks). `nvrtcGetErrorString` returns a static text saying so instead.

use std::path::Path;

use crate::nvrtcResult;

pub use cuda_loader::LoadError;

/// The variable naming libnvrtc's absolute path. When set, it is the only file tried, except
/// in secure-execution mode, where it is ignored.
pub const LIBNVRTC_PATH_VAR: &str = cuda_loader::NVRTC.variable;

/// Every NVRTC symbol these bindings call, in the header's order; the same with and without
/// `link`.
pub const SYMBOLS: &[&str] = crate::bindings::SYMBOLS;

/// NVRTC's file, of the header's major: `libnvrtc.so.13`.
pub const LIBRARY: &str = env!("CUDA_LIBRARY_FILE");

/// Loads NVRTC now, if not yet done: where the dynamic loader found it, or why it could not be
/// loaded. Linked: the file the dynamic linker loaded it from.
///
/// # Errors
/// Why no NVRTC library could be loaded (each file tried, and the loader's message).
pub fn library_path() -> Result<&'static Path, &'static LoadError> {
    crate::LOADER.library_path()
}

/// Why this thread's last NVRTC call returned `code`, when the reason is the loader's to give;
/// `None` otherwise, and then NVRTC's own text for `code` is the whole story.
///
/// For `NVRTC_ERROR_INTERNAL_ERROR`: when no library could be loaded, the [`LoadError`]; when
/// this thread's last call that returned it could not find its symbol in the loaded library
/// (the call records it), which symbol and how the library's version compares with the
/// header's. Any other code, and always when linked: `None`.
pub fn explain(code: nvrtcResult) -> Option<String> {
    crate::LOADER.explain(code.0)
}

/// The name and text for `code`, returned by this thread's last NVRTC call, from the best
/// source at hand: `nvrtcGetErrorString`'s words, with [`explain`]'s reason after them when
/// there is one; without NVRTC's words, the header's name, and why they are missing.
pub fn describe(code: nvrtcResult) -> (String, String) {
    crate::LOADER.describe(code.0)
}
