//! nvrtc-sys's build script:
//!
//! 1. find the toolkit (the README's "Finding CUDA", as libcuda-sys does) and its `nvrtc.h`:
//!    in its `include/`, or, for CUDA 11 and 12's wheels, in the `cuda_nvrtc` wheel beside it;
//! 2. generate the bindings from it, or use the vendored ones of its major;
//! 3. tell Cargo, dependents and the loader what was chosen and where the library is.

use std::path::{Path, PathBuf};

use cuda_bindings_build::{api, choose, find, publish};

fn main() {
    let search = find::toolkit();
    // Where nvrtc.h and libnvrtc are: the toolkit root, or the NVRTC wheel's beside it.
    let nvrtc_root: Option<PathBuf> = search.toolkit.as_ref().and_then(|toolkit| {
        let roots = [toolkit.root.clone(), toolkit.root.parent().unwrap_or(Path::new("")).join("cuda_nvrtc")];
        roots.into_iter().find(|root| root.join("include").join(api::NVRTC.header).is_file())
    });
    let header = search.toolkit.as_ref().zip(nvrtc_root.as_ref()).map(|(toolkit, root)| choose::Header {
        include: root.join("include"),
        // cuda.h, which says the version, is the toolkit's.
        extra_includes: vec![toolkit.include.clone()],
        version: toolkit.version,
        found_by: toolkit.found_by.clone(),
    });
    let no_header = choose::NoHeader {
        summary: match &search.toolkit {
            Some(toolkit) => {
                format!("the toolkit at {} has no {}", toolkit.root.display(), api::NVRTC.header)
            }
            None => search.summary(),
        },
        details: search.to_string(),
        // A toolkit without NVRTC still says which major: its vendored bindings, reported.
        decided: search.toolkit.as_ref().map(|toolkit| (toolkit.version / 1000, true)),
    };
    let bindings = choose::bindings(&api::NVRTC, header.as_ref().ok_or(&no_header));
    publish(
        &bindings,
        nvrtc_root.as_deref().zip(header.as_ref()).map(|(r, h)| (r, h.include.as_path(), h.version)),
    );
    cuda_bindings_build::reach(api::NVRTC.library, &bindings, nvrtc_root.as_deref());
}
