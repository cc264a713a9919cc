//! libcuda-sys's build script:
//!
//! 1. find `cuda.h` (the README's "Finding CUDA");
//! 2. generate the bindings from it, or use the vendored ones of its major
//!    (`cuda_bindings_build::choose` has the table);
//! 3. tell Cargo and dependents (`DEP_LIBCUDA_SYS_VERSION`, `_BINDINGS`, `_ROOT`, `_INCLUDE`);
//! 4. with `link`, where the toolkit keeps libcuda to link against.

use cuda_bindings_build::{api, choose, find, publish};

fn main() {
    let search = find::toolkit();
    for ignored in search.ignored_settings() {
        println!("cargo::warning=libcuda-sys: {ignored}; looked further");
    }
    let header = search.toolkit.as_ref().map(|toolkit| choose::Header {
        include: toolkit.include.clone(),
        extra_includes: Vec::new(),
        version: toolkit.version,
        found_by: toolkit.found_by.clone(),
    });
    let no_header =
        choose::NoHeader { summary: search.summary(), details: search.to_string(), decided: None };
    let bindings = choose::bindings(&api::DRIVER, header.as_ref().ok_or(&no_header));
    publish(&bindings, search.toolkit.as_ref().map(|t| (t.root.as_path(), t.include.as_path(), t.version)));
    // Whether libcuda is linked, for dependents whose tests must know (DEP_LIBCUDA_SYS_LINK).
    let link = std::env::var_os("CARGO_FEATURE_LINK").is_some();
    println!("cargo::metadata=link={}", u8::from(link));
    if link {
        if let Some(toolkit) = &search.toolkit {
            cuda_bindings_build::link_search_paths(&toolkit.root);
        }
    }
}
