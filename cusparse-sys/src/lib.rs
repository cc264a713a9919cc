//! cuSPARSE (`cusparse.h`), raw and one-to-one: sparse matrices and vectors (CSR, CSC, COO,
//! blocked ELL) multiplied, converted and solved on the GPU.
//!
//! Every function, type and constant of `cusparse.h` under the name C uses: `cusparseCreate`,
//! `cusparseCreateCsr`, `cusparseSpMV`, `cusparseHandle_t`, `CUSPARSE_OPERATION_NON_TRANSPOSE`.
//! The build script generates the bindings from the `cusparse.h` of the toolkit cudart-sys found
//! (CUDA 11 and 12's `nvidia-cusparse-cu12` wheel beside the runtime's), or uses those vendored
//! from that CUDA release (the same items). [`CUDA_VERSION`] says which toolkit;
//! [`CUSPARSE_VERSION`] which cuSPARSE. The reference is NVIDIA's:
//! <https://docs.nvidia.com/cuda/cusparse/>.
//!
//! `cudaStream_t`, `cudaDataType` and `libraryPropertyType` are cudart-sys's, as C includes them
//! from the runtime's headers; `cuComplex` and `cuDoubleComplex` are `cuComplex.h`'s `float2` and
//! `double2`, bound here.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the header found (needs libclang).
//! - `link`: link libcusparse at link time. Without it (the default) libcusparse
//!   (`libcusparse.so.12` for CUDA 12 and 13) is loaded on the first call; see [`loader`] for
//!   where it is looked for and what a call returns when there is none, or only one older than
//!   the header.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: a matrix's and a vector's values and indices are device
//! memory of the sizes and types their descriptors say, a handle is used by one host thread at a
//! time on the GPU it was made on, and `cusparseStatus_t` must be checked (cuda-checked's
//! `check_cusparse!` does so).

pub mod loader;

cuda_loader::library!();
