//! nccl-sys's build script:
//!
//! 1. find `nccl.h` (`cuda_bindings_build::find::own_header`: `$NCCL_HOME`, the CUDA toolkit
//!    cudart-sys found, the Python environment's nvidia-nccl wheel, `/usr`);
//! 2. generate from it, with the CUDA toolkit's headers `nccl.h` includes (those cudart-sys
//!    generated from, so `cudaStream_t` is one type); otherwise use the vendored bindings;
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
    let runtime_generated = dep("BINDINGS").as_deref() == Some("generated");

    let own = find::own_header(&api::NCCL, HOME, cuda_root.as_deref());
    // nccl.h includes cuda_runtime.h: generating needs the toolkit cudart-sys generated from.
    let header = match (&own, &cuda_root, &cuda_include) {
        (Ok(own), Some(root), Some(include)) if runtime_generated => Ok(choose::Header {
            include: own.include.clone(),
            extra_includes: std::iter::once(include.clone()).chain(find::crt_include(root)).collect(),
            version: own.version,
            found_by: own.found_by.clone(),
        }),
        _ => Err(()),
    };
    // One vendored file: NCCL's ABI is one for all of NCCL 2.
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let vendored_major = choose::Vendored::list(&manifest_dir, &api::NCCL).newest() / 1000;
    let summary = match &own {
        Ok(own) => format!(
            "{} was found ({}), but cudart-sys uses vendored bindings: there are no CUDA headers for it to include",
            own.include.join(api::NCCL.header).display(),
            own.found_by
        ),
        Err(tried) => format!("no {} was found ({})", api::NCCL.header, tried.replace('\n', "; ")),
    };
    let no_header =
        choose::NoHeader { summary, details: String::new(), decided: Some((vendored_major, false)) };
    if header.is_err() && runtime_generated && std::env::var_os("CARGO_FEATURE_BINDGEN").is_some() {
        println!(
            "cargo::warning=nccl-sys: {}; the vendored bindings are used. Set {HOME} to an NCCL root (the \
             folder holding include/nccl.h), or install NVIDIA's nvidia-nccl-cu13 wheel",
            no_header.summary
        );
    }
    let bindings = choose::bindings(&api::NCCL, header.as_ref().map_err(|()| &no_header));
    let own = own.ok();
    publish(&bindings, own.as_ref().map(|o| (o.root.as_path(), o.include.as_path(), o.version)));
    // How libnccl is reached (loaded or `link`), and the folders of the NCCL root the loader
    // looks in first: from its description.
    cuda_bindings_build::reach(api::NCCL.library, &bindings, own.as_ref().map(|o| o.root.as_path()));
}
