//! The CUDA Driver API (`cuda.h`), raw and one-to-one.
//!
//! Every function, type and constant of `cuda.h` under the name C uses: `cuInit`,
//! `cuMemAlloc`, `CUcontext`, `CU_CTX_SCHED_AUTO`. The build script runs bindgen on the
//! `cuda.h` it finds on the machine (see the README's "Finding CUDA"), or uses the bindings
//! vendored from the same CUDA release's header. [`CUDA_VERSION`] says which header.
//! The reference is NVIDIA's: <https://docs.nvidia.com/cuda/cuda-driver-api/>.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from this machine's `cuda.h` at build time
//!   (needs libclang; without it, or without a header, the vendored bindings are used).
//! - `link`: link libcuda at link time. Without it (the default) libcuda is loaded on the
//!   first call; see [`loader`] for what a call returns when there is no driver.
//!
//! # Names
//! `cuda.h` renames many functions by macro (`#define cuMemAlloc cuMemAlloc_v2`). Both names
//! exist here: `cuMemAlloc` is the very function C's `cuMemAlloc` compiles to. What a name
//! maps to follows the header: with CUDA 12 headers `cuCtxCreate` is `cuCtxCreate_v2`
//! (3 arguments), with CUDA 13 headers `cuCtxCreate_v4` (4 arguments). [`ptds`] has the names
//! as C code compiled with `CUDA_API_PER_THREAD_DEFAULT_STREAM` calls them.
//!
//! Members keep C's names too: `prop.r#type` for C's `prop.type`, and the members of an
//! anonymous union read as in C (`location.id`), through `Deref`.
//!
//! [`launch!`] is `kernel<<<grid, block, shmem, stream>>>(args)` for a kernel loaded from PTX
//! or CUBIN, its parameter types declared once ([`launch::Kernel`]). `cudaProfiler.h`
//! (`cuProfilerStart`, `cuProfilerStop`) is bound too, where the toolkit has it:
//! `cfg(cuda_header = "cudaProfiler.h")`.
//!
//! # Soundness
//! Every function is `unsafe`, as in C. The caller keeps the driver's rules:
//! - `cuInit` comes first; memory, module and stream calls need a current context
//!   (`cuCtxCreate`, or `cuCtxSetCurrent` on a primary context).
//! - A `CUdeviceptr` is a device address, not a host pointer: never dereference it on the
//!   host. Host memory from `cuMemAllocHost`/`cuMemHostAlloc` is a host pointer.
//! - Out-parameters must point to writable memory of the right type.
//! - `CUresult` is `#[must_use]`: check it (cuda-checked's `check_driver!` does so).

pub mod launch;
pub mod loader;

cuda_loader::library!();
