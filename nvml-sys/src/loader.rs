//! Finding NVML (libnvidia-ml) at run time, and saying why a call could not reach it.
//!
//! NVML is part of the NVIDIA driver, not of a toolkit (NVIDIA's `nvidia-nvml-dev` wheel has the
//! header only), so it is looked for as libcuda-sys looks for the driver: `libnvidia-ml.so.1`
//! (`nvml.dll` on Windows), the first found of:
//!
//! 1. [`NVML_SYS_LIBNVIDIA_ML_PATH`](LIBNVIDIA_ML_PATH_VAR) when set, and then nothing else: an
//!    absolute path of a regular file (a relative one is refused), ignored in secure-execution
//!    mode (setuid, setgid, file capabilities);
//! 2. the system's dynamic loader (`LD_LIBRARY_PATH` and the ld.so cache, where the driver
//!    installs it; on Windows the system directory only, never the current directory or
//!    `PATH`);
//! 3. WSL's copy, `/usr/lib/wsl/lib/libnvidia-ml.so.1`, outside that search.
//!
//! Never `libnvidia-ml.so`: a toolkit's `lib64/stubs` has a stub of that name, for linking only.
//!
//! A library that loads is asked which CUDA its driver supports
//! (`nvmlSystemGetCudaDriverVersion`, which needs no `nvmlInit`) at once. A toolkit's `nvml.h`
//! is the one of the driver that CUDA release shipped with, so a driver older than the
//! header's `CUDA_VERSION` lacks some of its functions and struct versions: it is refused with
//! both versions, and the search goes on. The names, folders and rules are NVML's description
//! in cuda-loader ([`cuda_loader::NVML`]), which loads it with the driver's own mechanism.
//!
//! A call that cannot reach NVML returns the header's own codes,
//! [`NVML_ERROR_LIBRARY_NOT_FOUND`](crate::NVML_ERROR_LIBRARY_NOT_FOUND) (no library) or
//! [`NVML_ERROR_FUNCTION_NOT_FOUND`](crate::NVML_ERROR_FUNCTION_NOT_FOUND) (no such function),
//! instead of panicking, and [`explain`] says whether the loader gave it and why.

pub use crate::bindings::__loader::*;

#[cfg(all(test, cuda_reach = "loaded"))]
mod tests {
    cuda_loader::loader_tests!();
}
