//! The Runtime API's version (cudart-sys's `links` metadata) as cfgs: `cudaLibraryLoadData` and
//! `cudaLibraryGetKernel`, which load the kernels, are in `cuda_runtime_api.h` from CUDA 12.8.

fn main() {
    println!("cargo::rerun-if-env-changed=DEP_CUDART_SYS_VERSION");
    let version = std::env::var("DEP_CUDART_SYS_VERSION").unwrap_or_default();
    match version.parse() {
        Ok(version) => cuda_bindings_build::version_cfgs(version),
        Err(_) => cuda_bindings_build::choose::fail(&format!(
            "cudart-sys published DEP_CUDART_SYS_VERSION={version:?}, which is not a CUDA version such as 13000"
        )),
    }
}
