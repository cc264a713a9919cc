//! The Runtime API's version (cudart-sys's `links` metadata) as cfgs: `cudaLibraryLoadData` and
//! `cudaLibraryGetKernel`, which load the kernels, are in `cuda_runtime_api.h` from CUDA 12.8.

fn main() {
    cuda_bindings_build::dependent_version_cfgs("cudart_sys");
}
