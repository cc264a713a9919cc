//! nvinfer-sys's build script:
//!
//! 1. refuse Windows (TensorRT's vtables there are MSVC's, which these bindings do not lay out);
//! 2. find TensorRT's headers (`cuda_bindings_build::tensorrt::find`: `$TENSORRT_ROOT`, the CUDA
//!    toolkit cudart-sys found, NVIDIA's Debian packages, `/usr/local/tensorrt`);
//! 3. generate from them (feature `bindgen`, libclang), or use the bindings vendored from their
//!    release; without headers, the release `NVINFER_SYS_TENSORRT` names (default: the oldest
//!    of TensorRT 11);
//! 4. tell Cargo and dependents (`DEP_NVINFER_SYS_VERSION`, ...), and the loader which files to
//!    load and the TensorRT root's library folders.

use std::path::PathBuf;

use cuda_bindings_build::{choose, env, tensorrt};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if env::target_os() == "windows" {
        choose::fail(
            "nvinfer-sys: TensorRT's C++ interfaces are called through their vtables as the Itanium C++ ABI \
             (Linux) lays them out; Windows' MSVC ABI lays vtables and `this` out differently, which nvinfer-sys \
             does not bind, so it does not build for Windows",
        );
    }
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("run by cargo"));
    let dep = |key: &str| env::tracked(&format!("DEP_CUDART_SYS_{key}")).map(PathBuf::from);
    let vendored = tensorrt::vendored(&manifest_dir.join("src/vendored"));
    let vendored_dir = manifest_dir.join("src/vendored");
    // The vendored release, made from its edits (`cuda_bindings_build::edits`) into OUT_DIR.
    let vendored_of = |version: u32| {
        vendored.iter().any(|(v, _)| *v == version).then(|| {
            tensorrt::materialize(&vendored_dir, version, &out_dir)
                .unwrap_or_else(|why| choose::fail(&format!("nvinfer-sys: {why}")))
        })
    };
    let strict = env::strict();
    let found = tensorrt::find(dep("ROOT").as_deref());
    let (file, version, source) = match &found {
        Ok(found) => {
            let generated = generate(found, dep("INCLUDE"), &out_dir);
            match (generated, vendored.iter().any(|(v, _)| *v == found.version)) {
                (Ok(file), _) => (file, found.version, "generated"),
                (Err(why), true) => {
                    if let Some(why) = why {
                        if strict {
                            choose::fail(&format!("nvinfer-sys: {why} ({} is set)", cuda_bindings_build::STRICT_VAR));
                        }
                        println!(
                            "cargo::warning=nvinfer-sys: {why}; the bindings vendored from TensorRT {} are used (the same items)",
                            tensorrt::version_text(found.version)
                        );
                    }
                    (vendored_of(found.version).expect("a vendored release"), found.version, "vendored")
                }
                (Err(why), false) => choose::fail(&format!(
                    "nvinfer-sys: the TensorRT headers in {} ({}) are of TensorRT {}, which has no vendored bindings, and \
                     generating from them {}. Enable the `bindgen` feature with libclang installed, or point {} at \
                     the headers of a vendored release ({})",
                    found.include.display(),
                    found.found_by,
                    tensorrt::version_text(found.version),
                    why.map(|w| format!("failed: {w}")).unwrap_or_else(|| "needs the `bindgen` feature".into()),
                    tensorrt::ROOT_VAR,
                    vendored.iter().map(|(v, _)| tensorrt::version_text(*v)).collect::<Vec<_>>().join(", ")
                )),
            }
        }
        Err(tried) => {
            let wanted = env::tracked(tensorrt::RELEASE_VAR).map(|v| v.to_string_lossy().into_owned());
            let version = tensorrt::release_without_headers(&vendored, wanted.as_deref())
                .unwrap_or_else(|why| choose::fail(&format!("nvinfer-sys: {why}")));
            if wanted.is_none() {
                let text = format!(
                    "no TensorRT headers were found ({}); the bindings vendored from TensorRT {} are used. Set {} to a \
                     TensorRT root (the folder holding include/NvInfer.h), or {} to a release (11.4, or 10)",
                    tried.replace('\n', "; "),
                    tensorrt::version_text(version),
                    tensorrt::ROOT_VAR,
                    tensorrt::RELEASE_VAR
                );
                if strict {
                    choose::fail(&format!("nvinfer-sys: {text}"));
                }
                if std::env::var_os("CARGO_FEATURE_BINDGEN").is_some() {
                    println!("cargo::warning=nvinfer-sys: {text}");
                }
            }
            (vendored_of(version).expect("a vendored release"), version, "vendored")
        }
    };
    println!("cargo::rustc-env=NVINFER_BINDINGS={}", file.display());
    // Releases 10.2 to 10.13 kept NvOnnxParser.h out of their include/ (in the parser's own
    // repository): their bindings have no parser. `trt_onnx_parser` says they have one.
    println!("cargo::rustc-check-cfg=cfg(trt_onnx_parser)");
    if std::fs::read_to_string(&file).is_ok_and(|text| text.contains("\nnvonnxparser_fns! {")) {
        println!("cargo::rustc-cfg=trt_onnx_parser");
    }
    // The header's release as cfgs, for code that follows it: trt_major = "11", trt_ge = "10.7".
    println!("cargo::rustc-check-cfg=cfg(trt_major, values(any()))");
    println!("cargo::rustc-check-cfg=cfg(trt_ge, values(any()))");
    let (major, minor) = (version / 10000, version % 10000 / 100);
    println!("cargo::rustc-cfg=trt_major=\"{major}\"");
    for m in 10..=major {
        for n in 0..=if m == major { minor } else { 30 } {
            println!("cargo::rustc-cfg=trt_ge=\"{m}.{n}\"");
        }
    }
    // The loader's files and folders: TensorRT's libraries are loaded on first call.
    println!("cargo::rustc-check-cfg=cfg(cuda_reach, values(\"loaded\", \"link\", \"static\"))");
    println!("cargo::rustc-cfg=cuda_reach=\"loaded\"");
    let nvinfer = if std::env::var_os("CARGO_FEATURE_LEAN").is_some() {
        cuda_loader::NVINFER_LEAN
    } else {
        cuda_loader::NVINFER
    };
    println!("cargo::rustc-env=NVINFER_LIBRARY_FILE={}", nvinfer.files.of(major, false));
    println!(
        "cargo::rustc-env=NVONNXPARSER_LIBRARY_FILE={}",
        cuda_loader::NVONNXPARSER.files.of(major, false)
    );
    println!(
        "cargo::rustc-env=NVINFER_PLUGIN_LIBRARY_FILE={}",
        cuda_loader::NVINFER_PLUGIN.files.of(major, false)
    );
    let dirs = match &found {
        Ok(found) => {
            cuda_bindings_build::toolkit_library_dirs(&found.root, &["lib", "lib64", "targets/*/lib"])
        }
        Err(_) => Vec::new(),
    };
    let dirs = std::env::join_paths(&dirs).unwrap_or_default();
    println!("cargo::rustc-env=NVINFER_LIB_DIRS={}", dirs.to_string_lossy());
    // The headers the bindings come from, for the g++ probe (tests/probe.rs).
    let headers =
        found.as_ref().ok().filter(|f| f.version == version).and_then(|f| env::cargo_text(&f.include));
    println!("cargo::rustc-env=NVINFER_HEADERS={}", headers.unwrap_or(""));
    println!("cargo::metadata=version={version}");
    println!("cargo::metadata=bindings={source}");
    if let Ok(found) = &found {
        if let (Some(root), Some(include)) = (env::cargo_text(&found.root), env::cargo_text(&found.include)) {
            println!("cargo::metadata=root={root}");
            println!("cargo::metadata=include={include}");
        }
    }
}

/// The bindings generated from `found` into `out_dir`, or why not (`None`: the `bindgen`
/// feature is off, which is no failure to report).
#[cfg(feature = "bindgen")]
fn generate(
    found: &tensorrt::Found,
    cuda_include: Option<PathBuf>,
    out_dir: &std::path::Path,
) -> Result<PathBuf, Option<String>> {
    if std::env::var_os("CARGO_FEATURE_BINDGEN").is_none() {
        return Err(None);
    }
    env::track_clang_variables();
    let generated = cuda_bindings_build::generate::cpp::generate(&found.include, cuda_include.as_deref())
        .map_err(|e| Some(e.to_string()))?;
    for file in &generated.files {
        println!("cargo::rerun-if-changed={}", file.display());
    }
    let file = out_dir.join("nvinfer.rs");
    std::fs::write(&file, generated.text).map_err(|e| Some(format!("{}: {e}", file.display())))?;
    Ok(file)
}

#[cfg(not(feature = "bindgen"))]
fn generate(_: &tensorrt::Found, _: Option<PathBuf>, _: &std::path::Path) -> Result<PathBuf, Option<String>> {
    Err(None)
}
