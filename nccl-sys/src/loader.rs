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
//!    then the conda environment's own libraries (`$CONDA_PREFIX/lib`; Windows
//!    `Library\bin`), where its packages (conda-forge's, NVIDIA's channel's) put them;
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

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
