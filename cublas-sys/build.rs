//! cublas-sys's build script:
//!
//! 1. take the toolkit cudart-sys found (its `links` metadata), so that cuBLAS's bindings and
//!    the runtime's they share types with come from one toolkit, as a C program including both
//!    does; `cublas_v2.h` is in its `include/`, or, for CUDA 11 and 12's wheels, in the `cublas`
//!    wheel beside the runtime's;
//! 2. generate from `cublas_v2.h` and `cublasLt.h` (`bindgen`), or use the vendored bindings of
//!    that toolkit's release, the same API (`cuda_bindings_build::choose` has the table);
//!    without a cuBLAS header, those of cudart-sys's release, or the newest of its major;
//! 3. tell Cargo, dependents and the two loaders what was chosen and where the libraries are.

use std::path::{Path, PathBuf};

use cuda_bindings_build::{api, choose, env, find, publish};

fn main() {
    let dep =
        |key: &str| env::tracked(&format!("DEP_CUDART_SYS_{key}")).map(|v| v.to_string_lossy().into_owned());
    let runtime_version: u32 = dep("VERSION").and_then(|v| v.parse().ok()).unwrap_or_else(|| {
        choose::fail("cudart-sys did not publish DEP_CUDART_SYS_VERSION (is cublas-sys built with another cudart-sys?)")
    });
    let root = dep("ROOT").map(PathBuf::from);
    let include = dep("INCLUDE").map(PathBuf::from);
    let header_version = dep("HEADER_VERSION").and_then(|v| v.parse().ok());

    // Where cublas_v2.h and libcublas are: the toolkit root, or the cuBLAS wheel's beside it.
    let cublas_root: Option<PathBuf> = root.as_ref().and_then(|root| {
        let beside = root.parent().unwrap_or(Path::new("")).join("cublas");
        [root.clone(), beside].into_iter().find(|r| r.join("include").join(api::CUBLAS.header).is_file())
    });
    // cuBLAS's header, with the version of the toolkit it ships in (the `CUDA_VERSION` of the
    // cuda.h beside it, which cudart-sys read): generated from (`bindgen`), or that release's
    // vendored bindings, which are the same API; a release without them is an error.
    let header = match (&root, &include, header_version, &cublas_root) {
        (Some(root), Some(include), Some(version), Some(cublas_root)) => Some(choose::Header {
            include: cublas_root.join("include"),
            extra_includes: extra_includes(root, include),
            version,
            found_by: "cudart-sys".into(),
        }),
        _ => None,
    };
    // No cuBLAS header: the vendored cuBLAS of the runtime's release, or else the newest of its
    // major (as a build that finds no header gets the newest of a major).
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let vendored = choose::Vendored::list(&manifest_dir, &api::CUBLAS);
    let decided = vendored
        .exact(runtime_version)
        .or_else(|| vendored.newest_of(runtime_version / 1000))
        .map_or(runtime_version, |(_, version)| version);
    let no_header = choose::NoHeader {
        summary: match (&root, &cublas_root) {
            (Some(root), None) => format!("the toolkit at {} has no {}", root.display(), api::CUBLAS.header),
            _ => "cudart-sys found no toolkit, so cublas-sys uses the vendored bindings of its CUDA release"
                .into(),
        },
        details: String::new(),
        decided: Some((decided, false)),
    };
    let bindings = choose::bindings(&api::CUBLAS, header.as_ref().ok_or(&no_header));
    publish(
        &bindings,
        cublas_root.as_deref().zip(header.as_ref()).map(|(r, h)| (r, h.include.as_path(), h.version)),
    );

    // libcublas (`CUDA_LIBRARY_FILE`, ...), then libcublasLt, whose loader reads `LT_`-prefixed
    // copies of the same variables.
    cuda_bindings_build::reach(api::CUBLAS.library, &bindings, cublas_root.as_deref());
    if let Some((_, _, lt)) = api::CUBLAS.also_library {
        cuda_bindings_build::reach_as("LT_", lt, &bindings, cublas_root.as_deref());
    }
}

/// The folders the headers' own includes need besides cuBLAS's: the runtime's `include/`
/// (cuda.h, driver_types.h, library_types.h, cuda_fp16.h), its `crt/` where a wheel keeps it
/// apart, and CCCL's, which cuda_fp16.h includes from CUDA 12 on (`<nv/target>`): a CUDA 13
/// toolkit keeps it in `include/cccl`, CUDA 12's wheels in `nvidia/cuda_cccl`.
fn extra_includes(root: &Path, include: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![include.to_path_buf()];
    dirs.extend(find::crt_include(root));
    let cccl =
        [include.join("cccl"), root.parent().unwrap_or(Path::new("")).join("cuda_cccl").join("include")];
    dirs.extend(cccl.into_iter().filter(|dir| dir.join("nv").join("target").is_file()));
    dirs
}
