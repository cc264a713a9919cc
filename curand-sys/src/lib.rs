//! cuRAND (`curand.h`, the host API), raw and one-to-one: pseudo- and quasi-random numbers
//! generated on the GPU (or the host) into device memory.
//!
//! Every function, type and constant of `curand.h` under the name C uses: `curandCreateGenerator`,
//! `curandGenerateUniform`, `curandGenerator_t`, `CURAND_RNG_PSEUDO_MTGP32`. The build script
//! generates the bindings from the `curand.h` of the toolkit cudart-sys found (CUDA 11 and 12's
//! `nvidia-curand-cu12` wheel beside the runtime's), or uses those vendored from that CUDA
//! release (the same items). [`CUDA_VERSION`] says which toolkit; [`CURAND_VERSION`] which cuRAND.
//! The reference is NVIDIA's: <https://docs.nvidia.com/cuda/curand/>.
//!
//! `cudaStream_t` and `libraryPropertyType` are cudart-sys's, as C includes them from the
//! runtime's headers. cuRAND's device API (`curand_kernel.h`) is CUDA C++ for kernels, not bound.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the header found (needs libclang).
//! - `link`: link libcurand at link time. Without it (the default) `libcurand.so.10` is loaded on
//!   the first call; see [`loader`] for where it is looked for and what a call returns when there
//!   is none, or only one older than the header.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: output buffers are device memory (host memory for a
//! host generator, `curandCreateGeneratorHost`), a generator is used by one thread at a time, and
//! `curandStatus_t` must be checked (cuda-checked's `check_curand!` does so).

pub mod loader;

cuda_loader::library!();
