//! Reads the CUDA version cuda-sys was built against (its `links` metadata) so lessons can
//! follow the header: `cfg(cuda_13)` when `cuda.h` is CUDA 13 or newer.

fn main() {
    println!("cargo::rerun-if-env-changed=DEP_LIBCUDA_SYS_VERSION");
    println!("cargo::rustc-check-cfg=cfg(cuda_13)");
    let version: u32 = std::env::var("DEP_LIBCUDA_SYS_VERSION")
        .expect("cuda-sys publishes DEP_LIBCUDA_SYS_VERSION")
        .parse()
        .expect("DEP_LIBCUDA_SYS_VERSION is a number such as 12090");
    if version >= 13000 {
        println!("cargo::rustc-cfg=cuda_13");
    }
}
