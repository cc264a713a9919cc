//! cuFFT (`cufft.h`), raw and one-to-one: fast Fourier transforms of complex and real data, in
//! one to three dimensions and in batches, computed on the GPU.
//!
//! Every function, type and constant of `cufft.h` under the name C uses: `cufftPlan1d`,
//! `cufftExecC2C`, `cufftHandle`, `CUFFT_C2C`, `CUFFT_FORWARD`. The build script generates the
//! bindings from the `cufft.h` of the toolkit cudart-sys found (CUDA 11 and 12's
//! `nvidia-cufft-cu12` wheel beside the runtime's), or uses those vendored from that CUDA
//! release (the same items). [`CUDA_VERSION`] says which toolkit; [`CUFFT_VERSION`] which cuFFT.
//! The reference is NVIDIA's: <https://docs.nvidia.com/cuda/cufft/>.
//!
//! `cudaStream_t` and `libraryPropertyType` are cudart-sys's, as C includes them from the
//! runtime's headers; `cufftComplex` is `cuComplex.h`'s `float2`, bound here. The multi-GPU and
//! callback API (`cufftXt.h`) and the FFTW interface (`cufftw.h`, libcufftw) are not bound.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the header found (needs libclang).
//! - `link`: link libcufft at link time. Without it (the default) libcufft (`libcufft.so.12` for
//!   CUDA 13) is loaded on the first call; see [`loader`] for where it is looked for and what a
//!   call returns when there is none, or only one older than the header.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: the data a plan transforms is device memory of the
//! plan's size and type, a plan runs on the GPU it was made on, and `cufftResult` must be checked
//! (cuda-checked's `check_cufft!` does so).

pub mod loader;

cuda_loader::library!();
