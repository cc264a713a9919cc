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
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! The names, folders and rules are NVRTC's description in cuda-loader
//! ([`cuda_loader::NVRTC`]), which loads it: this crate has no loader code of its own.
//!
//! `nvrtc.h` has no code for "no library", so a call that cannot reach NVRTC returns
//! [`NVRTC_ERROR_INTERNAL_ERROR`](crate::NVRTC_ERROR_INTERNAL_ERROR) instead of panicking, and
//! [`explain`] says whether the loader gave it and why (no library, or a function the library
//! lacks). `nvrtcGetErrorString` returns a static text saying so instead.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
