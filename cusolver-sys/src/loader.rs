//! Finding cuSOLVER (libcusolver) at run time, and saying why a call could not reach it.
//!
//! cuSOLVER's ABI major is its own, so what is loaded is `libcusolver.so.11` for CUDA 11 and 12
//! headers and `libcusolver.so.12` for CUDA 13's (`cusolver64_11.dll`, `cusolver64_12.dll` on
//! Windows), the first found of:
//!
//! 1. [`CUSOLVER_SYS_LIBCUSOLVER_PATH`](LIBCUSOLVER_PATH_VAR) when set, and then nothing else:
//!    an absolute path of a regular file (a relative one is refused), ignored in
//!    secure-execution mode (setuid, setgid, file capabilities), as libcuda-sys treats
//!    `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's cuSOLVER wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/cusolver/lib`), except in secure-execution mode;
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! libcusolver needs libcublas, libcublasLt, libcusparse and (CUDA 12.1 on) libnvJitLink, which
//! it finds by its RUNPATH as a toolkit and NVIDIA's wheels lay them out.
//!
//! A library that loads is asked its version at once (`cusolverGetProperty`, its major, minor
//! and patch): one older than the `cusolver_common.h` these bindings come from
//! ([`CUSOLVER_VERSION`](crate::CUSOLVER_VERSION)) is refused with both versions, and the search
//! goes on. The names, folders and rules are libcusolver's description in cuda-loader
//! ([`cuda_loader::CUSOLVER`]), which loads it.
//!
//! cusolverMg's functions (`cusolverMg.h`, module [`mg`](crate::mg), also at the crate root)
//! are libcusolverMg's (`libcusolverMg.so.11`, `.so.12`; `cusolverMg64_11.dll`, ...), looked for
//! in the same order, first [`CUSOLVER_SYS_LIBCUSOLVERMG_PATH`](LIBCUSOLVERMG_PATH_VAR), then
//! beside libcusolver: [`mg_library_path`], [`explain_mg`] and [`describe_mg`] are its. It has no
//! version function: libcusolver's version is checked for it.
//!
//! The headers have no code for "no library" or "no function", so a call that cannot reach
//! cuSOLVER returns [`CUSOLVER_STATUS_NOT_INITIALIZED`](crate::CUSOLVER_STATUS_NOT_INITIALIZED)
//! (no library) or [`CUSOLVER_STATUS_NOT_SUPPORTED`](crate::CUSOLVER_STATUS_NOT_SUPPORTED) (no
//! such function) instead of panicking, and [`explain`] says whether the loader gave it and why.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
