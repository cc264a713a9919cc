//! Build-time support for libcuda-sys and cudart-sys: finding the CUDA toolkit, choosing or
//! generating the bindings, and telling Cargo and dependents what was chosen. Their build
//! scripts and `cargo xtask` use it, so there is one generator and one set of rules.
//!
//! It is a crate of its own because a published crate can only build-depend on published
//! crates: two build scripts and a tool cannot share source files any other way.
//!
//! - [`find`]: where `cuda.h` is (the order is the README's "Finding CUDA").
//! - [`choose`]: generated or vendored bindings, by the table in its docs.
//! - [`generate`] (feature `bindgen`): a header in, Rust bindings out.
//! - [`header`]: the one value read from a header without libclang, `CUDA_VERSION`.

pub mod api;
pub mod choose;
pub mod env;
pub mod find;
#[cfg(feature = "bindgen")]
pub mod generate;
pub mod header;

use std::path::Path;

pub use choose::{Bindings, Source};

/// `CUDA_SYS_STRICT=1`: a build that would fall back (no header, no libclang, a header that
/// cannot be used) fails instead, saying what to install.
pub const STRICT_VAR: &str = "CUDA_SYS_STRICT";

/// `CUDA_SYS_CUDA_MAJOR=13`: the major whose vendored bindings a build uses when it finds no
/// header. Without it, [`DEFAULT_MAJOR`]. With a header, the header decides; another major
/// named here gets a warning (strict mode: an error).
pub const MAJOR_VAR: &str = "CUDA_SYS_CUDA_MAJOR";

/// The vendored bindings a build without any header uses: CUDA 12's. Their functions exist in
/// every driver from CUDA 12.0 on (CUDA 13's bindings call `cuCtxCreate_v4`, which drivers
/// before 13.0 lack).
pub const DEFAULT_MAJOR: u32 = 12;

/// Tells Cargo which bindings the crate compiles and tells dependents (`links` metadata, read
/// as `DEP_<LINKS>_VERSION` and so on) what they are and where the toolkit is.
pub fn publish(bindings: &Bindings, toolkit: Option<(&Path, &Path, u32)>) {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-env=CUDA_BINDINGS={}", bindings.file.display());
    // For the crate's own tests, whose C spellings differ by version (cuCtxCreate in 13.0).
    version_cfgs(bindings.version);
    println!("cargo::metadata=version={}", bindings.version);
    println!("cargo::metadata=bindings={}", bindings.source.as_str());
    if let Some((root, include, version)) = toolkit {
        // A path metadata cannot hold is left out rather than published wrong.
        if let (Some(root), Some(include)) = (env::cargo_text(root), env::cargo_text(include)) {
            println!("cargo::metadata=root={root}");
            println!("cargo::metadata=include={include}");
        }
        println!("cargo::metadata=header_version={version}");
    }
}

/// `cfg`s for code that follows the header's version, as C code does with `#if CUDA_VERSION`:
/// `cuda_major = "12"`, and `cuda_ge = "M.m"` for every CUDA version from 11.0 up to this one,
/// so `#[cfg(cuda_ge = "12.2")]` reads "CUDA 12.2 or newer". libcuda-sys sets them for itself;
/// a dependent's build script calls this with `DEP_LIBCUDA_SYS_VERSION`. A number no CUDA
/// version has (outside [`header::VERSIONS`]) stops the build with a message.
pub fn version_cfgs(version: u32) {
    if let Err(why) = header::plausible("the version", version) {
        choose::fail(&format!("version_cfgs: {why}; no cuda_ge cfgs follow from it"));
    }
    println!("cargo::rustc-check-cfg=cfg(cuda_major, values(any()))");
    println!("cargo::rustc-check-cfg=cfg(cuda_ge, values(any()))");
    println!("cargo::rustc-cfg=cuda_major=\"{}\"", version / 1000);
    let (major, minor) = (version / 1000, version % 1000 / 10);
    for m in 11..=major {
        for n in 0..=if m == major { minor } else { 9 } {
            println!("cargo::rustc-cfg=cuda_ge=\"{m}.{n}\"");
        }
    }
}

/// With the crate's `link` feature: where the toolkit keeps the library to link against. On
/// Linux the toolkit's stub `libcuda.so` is enough to link; the driver's `libcuda.so.1` is what
/// runs.
pub fn link_search_paths(root: &Path) {
    let dirs: &[&str] = if env::target_os() == "windows" {
        &["lib/x64", "lib"]
    } else {
        &[
            "lib64",
            "targets/x86_64-linux/lib",
            "targets/sbsa-linux/lib",
            "lib",
            "lib64/stubs",
            "targets/x86_64-linux/lib/stubs",
            "lib/stubs",
        ]
    };
    for dir in dirs {
        let dir = root.join(dir);
        if dir.is_dir() {
            println!("cargo::rustc-link-search=native={}", dir.display());
        }
    }
}
