//! cuBLAS (`cublas_v2.h`) and cuBLASLt (`cublasLt.h`), raw and one-to-one.
//!
//! Every function, type and constant of the two headers under the name C uses:
//! `cublasCreate`, `cublasSgemm`, `cublasGemmEx`, `cublasLtMatmul`, `cublasHandle_t`,
//! `CUBLAS_OP_N`, `CUBLAS_COMPUTE_32F`. The build script runs bindgen on the headers of the
//! toolkit cudart-sys found (or, for CUDA 11 and 12's wheels, of the `nvidia-cublas-cu12` wheel
//! beside the runtime's), or uses the bindings vendored from that release's headers (the same
//! items; a release without them is generated from, or the build stops and says so; without a
//! cuBLAS header, cudart-sys's release's, or the newest of its major). [`CUDA_VERSION`] says
//! which toolkit; [`CUBLAS_VERSION`] which cuBLAS. The
//! reference is NVIDIA's: <https://docs.nvidia.com/cuda/cublas/>.
//!
//! # Names
//! `cublas_v2.h` renames the functions of `cublas_api.h` by macro (`#define cublasSgemm
//! cublasSgemm_v2`); both names exist here, as in C, and the symbol called is the one C calls.
//!
//! # Shared with the Runtime API, as in C
//! `cublas_api.h` includes `driver_types.h` and `library_types.h`: `cudaStream_t`,
//! `cudaDataType` and the rest are cudart-sys's types, not copies, so a runtime stream passes to
//! `cublasSetStream` and `CUDA_R_16BF` to `cublasGemmEx` without a cast.
//!
//! # Two libraries
//! cuBLAS's functions are libcublas's, cuBLASLt's (`cublasLt...`) libcublasLt's: each is loaded
//! on its first call, by its own loader ([`loader`]), from the same toolkit or wheel. Both return
//! [`cublasStatus_t`].
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the toolkit's headers at build time
//!   (needs libclang; without it, or without a header, the vendored bindings are used).
//! - `link`: link libcublas and libcublasLt at link time. Without it (the default) the
//!   libraries of the header's major (`libcublas.so.13`, `libcublasLt.so.13`) are loaded on the
//!   first call; see [`loader`] for where they are looked for and what a call returns when there
//!   is none.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: a handle must come from `cublasCreate` (or
//! `cublasLtCreate`) and not be used after it is destroyed; matrix pointers are device
//! pointers, scalars (`alpha`, `beta`) host or device pointers as the handle's pointer mode
//! says; `cublasStatus_t` is `#[must_use]` (cuda-checked's `check_cublas!` checks it).

pub mod loader;

cuda_loader::library!();
