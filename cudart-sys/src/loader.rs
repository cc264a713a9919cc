//! Finding the CUDA runtime (libcudart) at run time, and saying why a call could not reach it.
//!
//! The runtime's ABI is per CUDA major, so what is loaded is the runtime of the header's major
//! (`libcudart.so.13` for CUDA 13 bindings, `libcudart.so.11.0` for CUDA 11; Windows:
//! `cudart64_13.dll`), the first found of:
//!
//! 1. `$CUDART_SYS_LIBCUDART_PATH` when set, and then nothing else: an absolute path (a
//!    relative one is refused), ignored in secure-execution mode (setuid, setgid, file
//!    capabilities), exactly as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the toolkit the build found (`lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's runtime wheel in the active Python environment (`$VIRTUAL_ENV`,
//!    `$CONDA_PREFIX`: `nvidia/cu13/lib`, `nvidia/cuda_runtime/lib`), except in
//!    secure-execution mode, and only when the variable is an absolute path (a relative one
//!    would load a runtime from whatever the working directory is: it is skipped, and the
//!    reason is in the [`LoadError`] if nothing else loads);
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A path that is not a regular file (or a link to one), such as a FIFO, is refused without
//! being opened. The names, folders and rules are libcudart's description in cuda-loader
//! ([`cuda_loader::RUNTIME`]), which loads it.
//!
//! A call that cannot reach the runtime returns an error code instead of panicking:
//! [`cudaErrorSharedObjectInitFailed`](crate::cudaErrorSharedObjectInitFailed) when no runtime
//! could be loaded, [`cudaErrorSymbolNotFound`](crate::cudaErrorSymbolNotFound) when the runtime
//! lacks the function. [`explain`] says which and why. (`cudaGetErrorName` and
//! `cudaGetErrorString` return a static text saying so instead.)

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
