//! cuSOLVER (`cusolverDn.h`, `cusolverSp.h`, `cusolverRf.h`), raw and one-to-one: dense linear
//! algebra (LU, QR, Cholesky, eigenvalues, singular values), sparse solvers and refactorization
//! on the GPU.
//!
//! Every function, type and constant of the three headers under the name C uses:
//! `cusolverDnCreate`, `cusolverDnSgetrf`, `cusolverSpCreate`, `cusolverRfCreate`,
//! `cusolverDnHandle_t`, `CUSOLVER_EIG_MODE_VECTOR`. The build script generates the bindings from
//! the headers of the toolkit cudart-sys found (CUDA 11 and 12's `nvidia-cusolver-cu12` wheel
//! beside the runtime's), or uses those vendored from that CUDA release (the same items); a
//! release without `cusolverSp.h` or `cusolverRf.h` binds what it has. [`CUDA_VERSION`] says
//! which toolkit; [`CUSOLVER_VERSION`] which cuSOLVER. The reference is NVIDIA's:
//! <https://docs.nvidia.com/cuda/cusolver/>.
//!
//! `cudaStream_t`, `cudaDataType` and `libraryPropertyType` are cudart-sys's, the fill modes,
//! operations and sides (`cublasFillMode_t`, ...) libcublas-sys's (`cusolverDn.h` includes
//! `cublas_v2.h`), and `cusparseMatDescr_t` cusparse-sys's (`cusolverSp.h` includes
//! `cusparse.h`), as C includes them.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the headers found (needs libclang).
//! - `link`: link libcusolver at link time. Without it (the default) libcusolver
//!   (`libcusolver.so.11` for CUDA 11 and 12, `.so.12` for CUDA 13) is loaded on the first call;
//!   see [`loader`] for where it is looked for and what a call returns when there is none, or
//!   only one older than the header.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: matrices, work areas and `devInfo` are device memory of
//! the sizes the call's arguments and its `_bufferSize` say, a handle is used by one host thread
//! at a time on the GPU it was made on, and `cusolverStatus_t` must be checked (cuda-checked's
//! `check_cusolver!` does so), as must `devInfo`, which the status does not report.

pub mod loader;

cuda_loader::library!();
