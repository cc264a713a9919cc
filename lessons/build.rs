//! Reads the CUDA version libcuda-sys was built against (its `links` metadata) so lessons can
//! follow the header as C code does with `#if CUDA_VERSION >= 13000`: `cfg(cuda_ge = "13.0")`.
//! Also lists the lessons (the files of `examples/`) for the tests, as `LESSONS`; writes the
//! kernels the tests compile (`kernels/*.cu`, `kernels/mistakes/*.cu`) into `OUT_DIR/kernels.rs`
//! as `include_str!`s: the tests carry them, so that they run from a bundle on another machine
//! (`.ci/test-bundle`) without this checkout (issue 33, item 20); and passes on where the
//! TensorRT and CUDA headers were found (`TRT_INCLUDE`, `CUDA_INCLUDE`).

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
    // `cfg(cuda_header = "cuda_profiler_api.h")`: the headers cudart-sys (and libcuda-sys) bound.
    cuda_bindings_build::dependent_header_cfgs("cudart_sys");

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

    println!("cargo::rerun-if-changed=kernels");
    let mut kernels = String::new();
    for (constant, folder) in [("KERNELS", "kernels"), ("MISTAKES", "kernels/mistakes")] {
        kernels.push_str(&format!("/// The `.cu` files of `lessons/{folder}/`, by name: (name, text).\n"));
        kernels.push_str(&format!("pub const {constant}: &[(&str, &str)] = &[\n"));
        for (name, path) in cu_files(folder) {
            // (The path is the compiler's, read at build time; the binary holds the text only.)
            kernels.push_str(&format!("    ({name:?}, include_str!({:?})),\n", path));
        }
        kernels.push_str("];\n");
    }
    let out =
        std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_else(|| fail("OUT_DIR is not set")));
    let file = out.join("kernels.rs");
    std::fs::write(&file, kernels).unwrap_or_else(|e| fail(&format!("{}: {e}", file.display())));
}

/// The `.cu` files of `folder` (relative to the package), by name, sorted, with their absolute
/// paths.
fn cu_files(folder: &str) -> Vec<(String, String)> {
    let dir = std::fs::canonicalize(folder)
        .unwrap_or_else(|e| fail(&format!("the lessons' folder {folder}/ cannot be read: {e}")));
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| fail(&format!("the lessons' folder {folder}/ cannot be read: {e}")));
    let mut files: Vec<(String, String)> = entries
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_name()?.to_str()?.strip_suffix(".cu")?.to_string();
            let path =
                path.to_str().unwrap_or_else(|| fail(&format!("{}: not UTF-8", path.display()))).to_string();
            Some((format!("{name}.cu"), path))
        })
        .collect();
    files.sort();
    files
}
