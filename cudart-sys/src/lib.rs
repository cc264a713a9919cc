//! The CUDA Runtime API (`cuda_runtime_api.h`), raw and one-to-one.
//!
//! Every function, type and constant of the Runtime API under the name C uses: `cudaMalloc`,
//! `cudaStream_t`, `cudaMemcpyHostToDevice`. The build script runs bindgen on the
//! `cuda_runtime_api.h` of the toolkit libcuda-sys found, or uses the bindings vendored from the
//! CUDA release libcuda-sys's bindings are of, so the two crates always bind one release.
//! [`CUDART_VERSION`] says which header. The reference is NVIDIA's:
//! <https://docs.nvidia.com/cuda/cuda-runtime-api/>.
//!
//! # Shared with the Driver API, as in C
//! `driver_types.h` makes `cudaStream_t` a `struct CUstream_st *`, the type `cuda.h` calls
//! `CUstream`; likewise events, graphs, functions, memory pools. Here those structs are
//! libcuda-sys's, so a runtime stream passes to `cuLaunchKernel` and a `CUstream` to
//! `cudaMemcpyAsync`, without a cast.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the toolkit's `cuda_runtime_api.h` at
//!   build time (needs libclang).
//! - `link`: link libcudart at link time. Without it (the default) the runtime of the header's
//!   major (`libcudart.so.13`) is loaded on the first call; see [`loader`] for what a call
//!   returns when there is none.
//! - `static`: link libcudart_static.a (with `-lrt -lpthread -ldl`) from the toolkit or runtime
//!   wheel found, so the program needs only the driver at run time. Wins over `link`.
//!
//! # Names
//! `cuda_runtime_api.h` renames functions by macro (`#define cudaGetDeviceProperties
//! cudaGetDeviceProperties_v2`); both names exist. [`ptds`] has the names as C code compiled
//! with `CUDA_API_PER_THREAD_DEFAULT_STREAM` calls them; [`cpp`] adds what C++ gets from
//! `cuda_runtime.h` (templates, overloads, the occupancy calculator), for ports of `.cu` code.
//! `cuda_profiler_api.h` (`cudaProfilerStart`, `cudaProfilerStop`) is bound too, where the
//! toolkit has it (NVIDIA's runtime wheel has not): `cfg(cuda_header = "cuda_profiler_api.h")`
//! says so, here and in [`cpp`]. `cudaError_t` is a `#[must_use]`
//! `#[repr(transparent)]` newtype over `u32` with C's constants (`cudaSuccess`) and a `Debug`
//! that prints the name.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: pointers are host or device as the documentation of
//! each call says, out-parameters must be writable, and `cudaError_t` must be checked
//! (cuda-checked's `check_cuda!` does so).

pub mod cpp;
mod functions;
pub mod loader;
mod vector_types;

cuda_loader::library!();

/// `limits.h`'s `UINT_MAX`, which `cuda_runtime_api.h` before CUDA 12.0 gives as
/// `cudaBindTexture`'s default size (`cudaBindTexture!`); the bindings have only CUDA's own names.
#[cfg(not(cuda_ge = "12.0"))]
pub const UINT_MAX: core::ffi::c_uint = core::ffi::c_uint::MAX;
