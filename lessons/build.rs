//! Reads the CUDA version libcuda-sys was built against (its `links` metadata) so lessons can
//! follow the header as C code does with `#if CUDA_VERSION >= 13000`: `cfg(cuda_ge = "13.0")`.
//! Also lists the lessons (the files of `examples/`) for the tests, as `LESSONS`, and passes on
//! where the TensorRT and CUDA headers were found (`TRT_INCLUDE`, `CUDA_INCLUDE`).

use cuda_bindings_build::choose::fail;

fn main() {
    println!("cargo::rerun-if-env-changed=DEP_LIBCUDA_SYS_VERSION");
    let version = std::env::var("DEP_LIBCUDA_SYS_VERSION").unwrap_or_else(|_| {
        fail("libcuda-sys published no DEP_LIBCUDA_SYS_VERSION: is lessons built with another libcuda-sys?")
    });
    match version.parse() {
        Ok(version) => cuda_bindings_build::version_cfgs(version),
        Err(_) => fail(&format!("DEP_LIBCUDA_SYS_VERSION={version} is not a number")),
    }

    // The headers the TensorRT lessons' bindings and runtime came from, for the stand-in trace
    // test (tests/trt_stand_in.rs), which compiles the C++ twins against the same ones.
    for (dep, var) in [("DEP_NVINFER_SYS_INCLUDE", "TRT_INCLUDE"), ("DEP_CUDART_SYS_INCLUDE", "CUDA_INCLUDE")]
    {
        println!("cargo::rerun-if-env-changed={dep}");
        println!("cargo::rustc-env={var}={}", std::env::var(dep).unwrap_or_default());
    }

    println!("cargo::rerun-if-changed=examples");
    let entries = std::fs::read_dir("examples")
        .unwrap_or_else(|e| fail(&format!("the lessons' folder examples/ cannot be read: {e}")));
    let mut lessons: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.strip_suffix(".rs").map(String::from))
        .collect();
    lessons.sort();
    println!("cargo::rustc-env=LESSONS={}", lessons.join(","));
}
