//! Finding NPP (libnppc and its ten families) at run time, and saying why a call could not
//! reach it.
//!
//! NPP's files are named by CUDA's major: `libnppc.so.13` and `libnppif.so.13`, ...
//! (`nppc64_13.dll`, `nppif64_13.dll` on Windows). Each is loaded on the first call of one of
//! its functions, the first found of:
//!
//! 1. its variable when set ([`NPP_SYS_LIBNPPC_PATH`](LIBNPPC_PATH_VAR) for the core,
//!    `NPP_SYS_LIBNPPIF_PATH` for libnppif, ...), and then nothing else: an absolute path of a
//!    regular file (a relative one is refused), ignored in secure-execution mode, as
//!    libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. for a family, the folder its core was loaded from (one release);
//! 3. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 4. NVIDIA's NPP wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/npp/lib`), except in secure-execution mode;
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 5. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`nppGetLibVersion`, a pointer to its
//! `NppLibraryVersion`), which names it in sentences; an older one than the header is taken
//! (a function it lacks answers so when called). The names, folders and rules are NPP's
//! description in cuda-loader ([`cuda_loader::NPP`] and its `siblings`), which loads it.
//!
//! `nppdefs.h` has no code for "no library" or "no function", so a call that cannot reach NPP
//! returns [`NPP_ERROR`](crate::NPP_ERROR) (no library) or
//! [`NPP_NOT_IMPLEMENTED_ERROR`](crate::NPP_NOT_IMPLEMENTED_ERROR) (no such function) instead of
//! panicking, and [`explain`] (for a family, `explain_nppif`, ...) says whether the loader gave
//! it and why.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
