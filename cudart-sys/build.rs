//! cudart-sys's build script:
//!
//! 1. take the toolkit libcuda-sys found (its `links` metadata), so that both crates bind one
//!    toolkit's headers, as a C program including both does;
//! 2. generate from its `cuda_runtime_api.h` where libcuda-sys generated from its `cuda.h`;
//!    otherwise use the vendored bindings of libcuda-sys's CUDA major
//!    (`cuda_bindings_build::choose` has the table);
//! 3. tell Cargo and dependents (`DEP_CUDART_SYS_VERSION`, ...), and the loader where the
//!    toolkit keeps libcudart;
//! 4. with `link`, link that toolkit's libcudart.

use std::path::{Path, PathBuf};

use cuda_bindings_build::{api, choose, env, find, publish};

fn main() {
    let dep =
        |key: &str| env::tracked(&format!("DEP_LIBCUDA_SYS_{key}")).map(|v| v.to_string_lossy().into_owned());
    let driver_version: u32 = dep("VERSION").and_then(|v| v.parse().ok()).unwrap_or_else(|| {
        choose::fail("libcuda-sys did not publish DEP_LIBCUDA_SYS_VERSION (is cudart-sys built with another libcuda-sys?)")
    });
    let root = dep("ROOT").map(PathBuf::from);
    let include = dep("INCLUDE").map(PathBuf::from);
    let header_version = dep("HEADER_VERSION").and_then(|v| v.parse().ok());
    let driver_generated = dep("BINDINGS").as_deref() == Some("generated");

    let runtime_header = include.as_ref().map(|i| i.join(api::RUNTIME.header)).filter(|h| h.is_file());
    let header = match (&root, &include, header_version, &runtime_header) {
        (Some(root), Some(include), Some(version), Some(_)) if driver_generated => Some(choose::Header {
            include: include.clone(),
            extra_includes: find::crt_include(root).into_iter().collect(),
            version,
            found_by: "libcuda-sys".into(),
        }),
        _ => None,
    };
    let no_header = choose::NoHeader {
        summary: match (&include, &runtime_header) {
            (Some(include), None) => format!("{} has no {}", include.display(), api::RUNTIME.header),
            _ => "libcuda-sys uses vendored bindings, so cudart-sys uses those of the same CUDA major".into(),
        },
        details: String::new(),
        // Following libcuda-sys is no fallback of ours, unless its toolkit lacks our header.
        decided: Some((driver_version / 1000, driver_generated)),
    };
    let bindings = choose::bindings(&api::RUNTIME, header.as_ref().ok_or(&no_header));
    publish(
        &bindings,
        root.as_deref().zip(include.as_deref()).zip(header_version).map(|((r, i), v)| (r, i, v)),
    );

    // The runtime's file of the bindings' major (its ABI is per major), and where the loader
    // looks for it before the system's search (see src/loader.rs).
    let major = bindings.version / 1000;
    // CUDA 11's runtime is named for 11.0 (soname `libcudart.so.11.0`, `cudart64_110.dll`);
    // later ones by major alone.
    let abi = if major == 11 { "11.0".to_string() } else { major.to_string() };
    let library = if env::target_os() == "windows" {
        format!("cudart64_{}.dll", abi.replace('.', ""))
    } else {
        format!("libcudart.so.{abi}")
    };
    println!("cargo::rustc-env=CUDART_SYS_LIBRARY={library}");
    println!("cargo::rustc-env=CUDART_SYS_MAJOR={major}");
    let lib_dirs: Vec<PathBuf> = root.as_deref().map(library_dirs).unwrap_or_default();
    let joined = std::env::join_paths(&lib_dirs).unwrap_or_default();
    println!("cargo::rustc-env=CUDART_SYS_TOOLKIT_LIB_DIRS={}", joined.to_string_lossy());

    if std::env::var_os("CARGO_FEATURE_LINK").is_some() {
        link(&lib_dirs, &library);
    }
}

/// The toolkit's library folders that exist: `lib64`, `targets/*/lib`, `lib` (wheels), `bin`
/// (Windows keeps DLLs there).
fn library_dirs(root: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![root.join("lib64")];
    if let Ok(targets) = std::fs::read_dir(root.join("targets")) {
        dirs.extend(targets.filter_map(|t| Some(t.ok()?.path().join("lib"))));
    }
    dirs.push(root.join("lib"));
    dirs.push(root.join("lib").join("x64"));
    dirs.push(root.join("bin"));
    dirs.into_iter().filter(|d| d.is_dir()).collect()
}

/// Links libcudart from the first folder that has it: `libcudart.so` as `-lcudart` would, or a
/// wheel's only `libcudart.so.<major>` (`library`) by its full name.
fn link(dirs: &[PathBuf], library: &str) {
    for dir in dirs {
        let name = if dir.join("libcudart.so").is_file() || dir.join("cudart.lib").is_file() {
            "cudart".to_string()
        } else if dir.join(library).is_file() {
            format!(":{library}")
        } else {
            continue;
        };
        println!("cargo::rustc-link-search=native={}", dir.display());
        match name.strip_prefix(':') {
            Some(file) => println!("cargo::rustc-link-lib=dylib:+verbatim={file}"),
            None => println!("cargo::rustc-link-lib=dylib={name}"),
        }
        return;
    }
    // No toolkit found: the linker's own search, as `-lcudart` does.
    println!("cargo::rustc-link-lib=dylib=cudart");
}
