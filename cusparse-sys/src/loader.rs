//! Finding cuSPARSE (libcusparse) at run time, and saying why a call could not reach it.
//!
//! cuSPARSE's ABI major is its own, so what is loaded is `libcusparse.so.11` for CUDA 11 headers
//! and `libcusparse.so.12` for CUDA 12's and 13's (`cusparse64_11.dll`, `cusparse64_12.dll` on
//! Windows), the first found of:
//!
//! 1. [`CUSPARSE_SYS_LIBCUSPARSE_PATH`](LIBCUSPARSE_PATH_VAR) when set, and then nothing else:
//!    an absolute path of a regular file (a relative one is refused), ignored in
//!    secure-execution mode (setuid, setgid, file capabilities), as libcuda-sys treats
//!    `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's cuSPARSE wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/cusparse/lib`), except in secure-execution mode;
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! libcusparse needs libnvJitLink (CUDA 12.1 on), which it finds beside itself as a toolkit and
//! NVIDIA's wheels lay them out.
//!
//! A library that loads is asked its version at once (`cusparseGetProperty`, its major, minor
//! and patch: `cusparseGetVersion` needs a handle, which needs a GPU): one older than the
//! `cusparse.h` these bindings come from ([`CUSPARSE_VERSION`](crate::CUSPARSE_VERSION)) is
//! refused with both versions, and the search goes on. The names, folders and rules are
//! libcusparse's description in cuda-loader ([`cuda_loader::CUSPARSE`]), which loads it.
//!
//! `cusparse.h` has no code for "no library" or "no function", so a call that cannot reach
//! cuSPARSE returns [`CUSPARSE_STATUS_NOT_INITIALIZED`](crate::CUSPARSE_STATUS_NOT_INITIALIZED)
//! (no library) or [`CUSPARSE_STATUS_NOT_SUPPORTED`](crate::CUSPARSE_STATUS_NOT_SUPPORTED) (no
//! such function) instead of panicking, and [`explain`] says whether the loader gave it and why.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
