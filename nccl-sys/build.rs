//! nccl-sys's build script:
//!
//! 1. find `nccl.h` (`cuda_bindings_build::find::own_header`: `$NCCL_HOME`, the CUDA toolkit
//!    cudart-sys found, the Python environment's nvidia-nccl wheel, `/usr`);
//! 2. generate from it, with the CUDA toolkit's headers `nccl.h` includes (those cudart-sys
//!    found, so `cudaStream_t` is one type); otherwise use the vendored bindings of its
//!    `NCCL_VERSION_CODE` (without a header, the oldest vendored);
//! 3. tell Cargo and dependents (`DEP_NCCL_SYS_VERSION`, ...), and the loader the NCCL root's
//!    library folders; with `link`, link its libnccl.

use std::path::PathBuf;

use cuda_bindings_build::{api, choose, env, find, publish};

/// The NCCL root variable NVIDIA's own Makefiles (nccl-tests) read.
const HOME: &str = "NCCL_HOME";

fn main() {
    let dep =
        |key: &str| env::tracked(&format!("DEP_CUDART_SYS_{key}")).map(|v| v.to_string_lossy().into_owned());
    let cuda_root = dep("ROOT").map(PathBuf::from);
    let cuda_include = dep("INCLUDE").map(PathBuf::from);

    let own = find::own_header(&api::NCCL, HOME, cuda_root.as_deref());
    // The header found decides the bindings (its NCCL_VERSION_CODE); generating from it needs
    // the CUDA toolkit's headers it includes, those cudart-sys found (whose bindings, generated
    // or vendored, are that header's), so `cudaStream_t` is one type. Without them, generation
    // fails and says so, and the vendored bindings of that version are used.
    let header = own.as_ref().map(|own| choose::Header {
        include: own.include.clone(),
        extra_includes: cuda_include
            .iter()
            .cloned()
            .chain(cuda_root.as_deref().and_then(find::crt_include))
            .collect(),
        version: own.version,
        found_by: own.found_by.clone(),
    });
    // Without a header: the oldest NCCL vendored, whose functions every NCCL 2 since has, so
    // that it loads any libnccl it finds (nccl-sys refuses one older than its header).
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let oldest = choose::Vendored::list(&manifest_dir, &api::NCCL).oldest();
    let summary = match &own {
        Ok(_) => String::new(),
        Err(tried) => format!("no {} was found ({})", api::NCCL.header, tried.replace('\n', "; ")),
    };
    if own.is_err() && std::env::var_os("CARGO_FEATURE_BINDGEN").is_some() {
        println!(
            "cargo::warning=nccl-sys: {summary}; the bindings vendored from NCCL {oldest} are used. Set {HOME} to an \
             NCCL root (the folder holding include/nccl.h), or install NVIDIA's nvidia-nccl-cu13 wheel"
        );
    }
    let no_header = choose::NoHeader { summary, details: String::new(), decided: Some((oldest, false)) };
    let bindings = choose::bindings(&api::NCCL, header.as_ref().map_err(|_| &no_header));
    let own = own.ok();
    publish(&bindings, own.as_ref().map(|o| (o.root.as_path(), o.include.as_path(), o.version)));
    // How libnccl is reached (loaded or `link`), and the folders of the NCCL root the loader
    // looks in first: from its description.
    cuda_bindings_build::reach(api::NCCL.library, &bindings, own.as_ref().map(|o| o.root.as_path()));
}
