//! cudart-sys's build script:
//!
//! 1. take the toolkit libcuda-sys found (its `links` metadata), so that both crates bind one
//!    toolkit's headers, as a C program including both does;
//! 2. generate from its `cuda_runtime_api.h` where libcuda-sys generated from its `cuda.h`;
//!    otherwise use the vendored bindings of libcuda-sys's CUDA major
//!    (`cuda_bindings_build::choose` has the table);
//! 3. tell Cargo and dependents (`DEP_CUDART_SYS_VERSION`, ...), and the loader where the
//!    toolkit keeps libcudart;
//! 4. with `link`, link that toolkit's libcudart; with `static`, its libcudart_static.a.

use std::path::PathBuf;

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

    // How libcudart is reached (loaded, `link`, `static`), and the file and folders the loader
    // looks in: from its description, for the bindings' major.
    cuda_bindings_build::reach(api::RUNTIME.library, &bindings, root.as_deref());
}
