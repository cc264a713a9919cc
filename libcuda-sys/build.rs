//! cuda-sys's build script, as a decision table:
//!
//! | cuda.h found | `bindgen` feature | libclang | bindings used                          |
//! |--------------|-------------------|----------|----------------------------------------|
//! | yes          | on                | loads    | generated from that header into OUT_DIR |
//! | yes          | on                | missing  | vendored (CUDA 12.9), with a warning   |
//! | yes          | off               | -        | vendored, with a warning               |
//! | no           | -                 | -        | vendored, with a warning               |
//!
//! A header that clang cannot parse stops the build with clang's message.
//! Then: link search paths (feature `link`) and the `links = "cuda"` metadata.

use cuda_bindings_build::find;
#[cfg(feature = "bindgen")]
use cuda_bindings_build::generate;

use std::path::{Path, PathBuf};

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let ptds = std::env::var_os("CARGO_FEATURE_PER_THREAD_DEFAULT_STREAM").is_some();
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=wrapper.h");

    let found = find::cuda_h();
    let generated = match &found {
        Ok(cuda) => {
            for ignored in &cuda.ignored {
                println!("cargo::warning=cuda-sys: {ignored}; looked further");
            }
            generate_from(cuda, &manifest_dir, ptds)
        }
        Err(tried) => {
            println!(
                "cargo::warning=cuda-sys: no cuda.h found, so the bindings vendored from CUDA 12.9 are used. \
                 To use your toolkit's, set CUDA_PATH to its root (the folder holding include/cuda.h). \
                 Places tried: {}",
                tried.summary()
            );
            eprintln!("cuda-sys looked for cuda.h in:\n{tried}");
            None
        }
    };
    let (bindings, version) = match generated {
        Some(generated) => generated,
        None => {
            let vendored =
                manifest_dir.join("src/vendored").join(if ptds { "cuda_ptds.rs" } else { "cuda.rs" });
            println!("cargo::rerun-if-changed={}", vendored.display());
            let version = std::fs::read_to_string(&vendored).ok().as_deref().and_then(vendored_version);
            (vendored, version.expect("the vendored bindings define CUDA_VERSION"))
        }
    };
    println!("cargo::rustc-env=CUDA_SYS_BINDINGS={}", bindings.display());
    // For this crate's own tests, whose C spellings differ by major version (cuCtxCreate).
    println!("cargo::rustc-check-cfg=cfg(cuda_major, values(any()))");
    println!("cargo::rustc-cfg=cuda_major=\"{}\"", version / 1000);

    // Dependents' build scripts read these as DEP_CUDA_VERSION, DEP_CUDA_INCLUDE, DEP_CUDA_ROOT.
    println!("cargo::metadata=version={version}");
    if let Ok(cuda) = &found {
        if cuda.version == version {
            println!("cargo::metadata=include={}", cuda.include.display());
            println!("cargo::metadata=root={}", cuda.root.display());
        }
    }

    // Whether libcuda is linked, for dependents whose tests must know (DEP_LIBCUDA_SYS_LINK).
    let link = std::env::var_os("CARGO_FEATURE_LINK").is_some();
    println!("cargo::metadata=link={}", u8::from(link));
    if link {
        if let Ok(cuda) = &found {
            link_search_paths(&cuda.root);
        }
    }
}

/// Bindings generated from `cuda`'s header, or `None` (with a warning) to use the vendored ones.
#[cfg(feature = "bindgen")]
fn generate_from(cuda: &find::Cuda, manifest_dir: &Path, ptds: bool) -> Option<(PathBuf, u32)> {
    let header = cuda.header();
    println!("cargo::rerun-if-changed={}", header.display());
    match generate::generate(&cuda.include, &manifest_dir.join("wrapper.h"), ptds) {
        Ok(text) => {
            let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("cuda.rs");
            std::fs::write(&out, text)
                .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", out.display())));
            println!(
                "cargo::warning=cuda-sys: bindings generated from {} (CUDA_VERSION {}, found by {})",
                header.display(),
                cuda.version,
                cuda.found_by
            );
            Some((out, cuda.version))
        }
        Err(generate::Error::NoLibclang(why)) => {
            println!(
                "cargo::warning=cuda-sys: found {} (CUDA_VERSION {}) but libclang could not be loaded ({why}), \
                 so the bindings vendored from CUDA 12.9 are used. Install libclang (Debian: libclang-dev) \
                 or set LIBCLANG_PATH to generate from your header.",
                header.display(),
                cuda.version
            );
            None
        }
        Err(other) => fail(&format!(
            "{other}\n\nheader: {} (found by {})\n\
             Point CUDA_PATH at another toolkit, or build without the `bindgen` feature \
             (default-features = false) to use the bindings vendored from CUDA 12.9.",
            header.display(),
            cuda.found_by
        )),
    }
}

#[cfg(not(feature = "bindgen"))]
fn generate_from(cuda: &find::Cuda, _manifest_dir: &Path, _ptds: bool) -> Option<(PathBuf, u32)> {
    println!(
        "cargo::warning=cuda-sys: found {} (CUDA_VERSION {}) but the `bindgen` feature is off, \
         so the bindings vendored from CUDA 12.9 are used",
        cuda.header().display(),
        cuda.version
    );
    None
}

/// `pub const CUDA_VERSION: u32 = 12090;` in the vendored file.
fn vendored_version(text: &str) -> Option<u32> {
    text.lines()
        .find_map(|line| line.strip_prefix("pub const CUDA_VERSION: u32 = ")?.strip_suffix(';')?.parse().ok())
}

/// Where a toolkit or wheel keeps `libcuda.so` (the stub is enough to link; the driver's
/// `libcuda.so.1` is what runs).
fn link_search_paths(root: &Path) {
    for dir in [
        "lib64",
        "targets/x86_64-linux/lib",
        "lib",
        "lib64/stubs",
        "targets/x86_64-linux/lib/stubs",
        "lib/stubs",
    ] {
        let dir = root.join(dir);
        if dir.is_dir() {
            println!("cargo::rustc-link-search=native={}", dir.display());
        }
    }
}

/// Stops the build with a message and no backtrace.
#[cfg_attr(not(feature = "bindgen"), allow(dead_code))]
fn fail(message: &str) -> ! {
    eprintln!("\ncuda-sys {}: {message}\n", env!("CARGO_PKG_VERSION"));
    std::process::exit(1);
}
