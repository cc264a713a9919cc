//! Finding cuFFT (libcufft) at run time, and saying why a call could not reach it.
//!
//! cuFFT's ABI major is its own, one less than CUDA's, so what is loaded is `libcufft.so.10`
//! for CUDA 11 headers, `libcufft.so.11` for CUDA 12's and `libcufft.so.12` for CUDA 13's
//! (`cufft64_10.dll`, `cufft64_11.dll`, `cufft64_12.dll` on Windows), the first found of:
//!
//! 1. [`CUFFT_SYS_LIBCUFFT_PATH`](LIBCUFFT_PATH_VAR) when set, and then nothing else: an
//!    absolute path of a regular file (a relative one is refused), ignored in secure-execution
//!    mode (setuid, setgid, file capabilities), as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's cuFFT wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/cufft/lib`), except in secure-execution mode;
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`cufftGetVersion`) at once: one older than the
//! `cufft.h` these bindings come from ([`CUFFT_VERSION`](crate::CUFFT_VERSION)) is refused
//! with both versions, and the search goes on. The names, folders and rules are libcufft's
//! description in cuda-loader ([`cuda_loader::CUFFT`]), which loads it.
//!
//! `cufft.h` has no code for "no library" or "no function", so a call that cannot reach
//! cuFFT returns [`CUFFT_SETUP_FAILED`](crate::CUFFT_SETUP_FAILED) (no library) or
//! [`CUFFT_NOT_IMPLEMENTED`](crate::CUFFT_NOT_IMPLEMENTED) (no such function) instead of
//! panicking, and [`explain`] says whether the loader gave it and why.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
