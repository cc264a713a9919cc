//! libcuda-sys's build script:
//!
//! 1. find `cuda.h` (the README's "Finding CUDA");
//! 2. generate the bindings from it, or use the vendored ones of its major
//!    (`cuda_bindings_build::choose` has the table);
//! 3. tell Cargo and dependents (`DEP_LIBCUDA_SYS_VERSION`, `_BINDINGS`, `_ROOT`, `_INCLUDE`);
//! 4. how libcuda is reached: loaded on first call, or with `link`, linked (against the
//!    toolkit's stub, when there is one).

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
    cuda_bindings_build::reach(
        api::DRIVER.library,
        &bindings,
        search.toolkit.as_ref().map(|t| t.root.as_path()),
    );
}
