//! Finding NCCL (libnccl) at run time, and saying why a call could not reach it.
//!
//! NCCL 2 has one ABI, so what is loaded is `libnccl.so.2`, the first found of:
//!
//! 1. `$NCCL_SYS_LIBNCCL_PATH` when set, and then nothing else: an absolute path (a relative
//!    one is refused), ignored in secure-execution mode (setuid, setgid, file capabilities),
//!    exactly as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the NCCL root the build found `nccl.h` in (`$NCCL_HOME`, the CUDA
//!    toolkit, the wheel: `lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's `nvidia-nccl-cu13` wheel in the active Python environment (`$VIRTUAL_ENV`,
//!    `$CONDA_PREFIX`: `nvidia/nccl/lib`), except in secure-execution mode;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`ncclGetVersion`) at once: one older than the
//! `nccl.h` these bindings come from ([`NCCL_VERSION_CODE`](crate::NCCL_VERSION_CODE)) is
//! refused, and the search goes on, because its functions and structs (`ncclConfig_t` grows
//! with each version) are older than the ones these bindings call. The [`LoadError`] names
//! each library passed over and its version. (With `link`, the dynamic linker chooses, and
//! nothing is checked.)
//!
//! A call that cannot reach NCCL returns [`ncclSystemError`](crate::ncclSystemError) instead
//! of panicking (`nccl.h` has no code for "no library"); [`explain`] tells that apart from
//! NCCL's own `ncclSystemError` and says why. (`ncclGetErrorString` and `ncclGetLastError`
//! return a static text saying so instead.) The names, folders and rules are libnccl's
//! description in cuda-loader ([`cuda_loader::NCCL`]), which loads it.

use std::path::Path;

use crate::ncclResult_t;

pub use cuda_loader::LoadError;

/// The variable naming libnccl's absolute path. When set, it is the only file tried, except in
/// secure-execution mode, where it is ignored.
pub const LIBNCCL_PATH_VAR: &str = cuda_loader::NCCL.variable;

/// Every NCCL symbol these bindings call, in the header's order; the same with and without
/// `link`.
pub const SYMBOLS: &[&str] = crate::bindings::SYMBOLS;

/// The library's file: `libnccl.so.2`.
pub const LIBRARY: &str = env!("CUDA_LIBRARY_FILE");

/// Loads NCCL now, if not yet done: where the dynamic loader found it, or why none could be
/// loaded (each file tried, with the reason: not there, or older than the header). Linked: the
/// file the dynamic linker loaded it from.
///
/// # Errors
/// Why no NCCL library could be loaded.
pub fn library_path() -> Result<&'static Path, &'static LoadError> {
    crate::LOADER.library_path()
}

/// Why this thread's last NCCL call returned `code`, when the reason is the loader's to give;
/// `None` otherwise, and then NCCL's own text for `code` (with `ncclGetLastError`'s) is the
/// whole story.
///
/// - `ncclSystemError`, when no library could be loaded: the [`LoadError`]; when this
///   thread's last call that returned it could not find its symbol in the loaded library:
///   which, and how the library's version compares with the header's.
/// - Any other code, and always when linked: `None`.
pub fn explain(code: ncclResult_t) -> Option<String> {
    crate::LOADER.explain(code.0)
}

/// The name and text for `code`, returned by this thread's last NCCL call, from the best
/// source at hand: NCCL's `ncclGetErrorString`, with [`explain`]'s reason after it when there
/// is one; without the library, the header's name and why. What cuda-checked's errors say.
pub fn describe(code: ncclResult_t) -> (String, String) {
    crate::LOADER.describe(code.0)
}
