//! Finding cuRAND (libcurand) at run time, and saying why a call could not reach it.
//!
//! cuRAND's ABI has been 10 since CUDA 10, so what is loaded is `libcurand.so.10`
//! (`curand64_10.dll` on Windows), the first found of:
//!
//! 1. [`CURAND_SYS_LIBCURAND_PATH`](LIBCURAND_PATH_VAR) when set, and then nothing else: an
//!    absolute path of a regular file (a relative one is refused), ignored in secure-execution
//!    mode (setuid, setgid, file capabilities), as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's cuRAND wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/curand/lib`), except in secure-execution mode;
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`curandGetVersion`) at once: one older than the
//! `curand.h` these bindings come from ([`CURAND_VERSION`](crate::CURAND_VERSION)) is refused
//! with both versions, and the search goes on. The names, folders and rules are libcurand's
//! description in cuda-loader ([`cuda_loader::CURAND`]), which loads it.
//!
//! `curand.h` has no code for "no library" or "no function", so a call that cannot reach
//! cuRAND returns [`CURAND_STATUS_INITIALIZATION_FAILED`](crate::CURAND_STATUS_INITIALIZATION_FAILED)
//! (no library) or [`CURAND_STATUS_VERSION_MISMATCH`](crate::CURAND_STATUS_VERSION_MISMATCH) (no
//! such function) instead of panicking, and [`explain`] says whether the loader gave it and why.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
