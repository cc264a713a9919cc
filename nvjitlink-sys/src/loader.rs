//! Finding nvJitLink (libnvJitLink) at run time, and saying why a call could not reach it.
//!
//! nvJitLink's ABI is per CUDA major, so what is loaded is the file of the header's major,
//! `libnvJitLink.so.13` (`nvJitLink_130_0.dll` on Windows), the first found of:
//!
//! 1. [`NVJITLINK_SYS_LIBNVJITLINK_PATH`](LIBNVJITLINK_PATH_VAR) when set, and then nothing
//!    else: an absolute path of a regular file (a relative one is refused), ignored in
//!    secure-execution mode (setuid, setgid, file capabilities), as libcuda-sys treats
//!    `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's nvJitLink wheel in the active Python environment (an absolute `$VIRTUAL_ENV` or
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/nvjitlink/lib`), except in secure-execution
//!    mode;
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`nvJitLinkVersion`, from CUDA 12.3 on) at once:
//! one older than the `nvJitLink.h` these bindings come from ([`CUDA_VERSION`](crate::CUDA_VERSION))
//! is refused with both versions, and the search goes on (it would lack the header's versioned
//! symbols). The names, folders and rules are libnvJitLink's description in cuda-loader
//! ([`cuda_loader::NVJITLINK`]), which loads it.
//!
//! `nvJitLink.h` has no code for "no library" or "no function", so a call that cannot reach
//! nvJitLink returns [`NVJITLINK_ERROR_INTERNAL`](crate::NVJITLINK_ERROR_INTERNAL) instead of
//! panicking, and [`explain`] says whether the loader gave it and why.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
