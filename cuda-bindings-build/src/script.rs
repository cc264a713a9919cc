//! The build script of every -sys crate, the same for all: `fn main() { cuda_bindings_build::build() }`.
//! What differs between libraries is their description ([`cuda_loader::Library`]), which it
//! finds by the crate's package name.
//!
//! 1. The toolkit: the one the crate it follows found (its `links` metadata, so that crates
//!    sharing C types bind one toolkit's headers, as a C program including both does), or the
//!    crate's own search (the README's "Finding CUDA").
//! 2. The header: under a root of the library's own (`found.home`, the toolkit, the Python
//!    environment's wheel, `/usr`), or in the toolkit's `include/`, or in a wheel beside the
//!    toolkit's root (CUDA 11 and 12 keep each toolkit library in a wheel of its own).
//! 3. The bindings: generated from it, or the vendored ones of its version ([`choose`] has the
//!    table); without a header, those of the toolkit's version (or the newest of its major),
//!    or for a library of its own, its oldest vendored release.
//! 4. Cargo and dependents are told (`DEP_<LINKS>_VERSION`, ...), and how the library is
//!    reached: loaded on first call, `link` or `static`, for it and each sibling library.

use std::path::{Path, PathBuf};

use cuda_loader::Library;

use crate::choose::{self, fail, Header, NoHeader};
use crate::{env, find, link_or_load_checked, publish};

/// The build script of the -sys crate Cargo is building (see the module docs).
pub fn build() {
    let name = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    // TensorRT's C++ API has a generator of its own (the `tensorrt` module).
    if cuda_loader::TENSORRT.iter().any(|library| library.crate_name == name) {
        return crate::tensorrt::build();
    }
    let library = cuda_loader::ALL.iter().find(|library| library.crate_name == name).unwrap_or_else(|| {
        fail(&format!(
            "cuda_bindings_build::build() is the build script of a -sys crate described in cuda_loader::ALL, and \
             `{name}` is none of them; describe the library there first (CONTRIBUTING.md)"
        ))
    });
    build_library(library);
}

/// The CUDA toolkit a crate binds with.
struct Toolkit {
    root: PathBuf,
    include: PathBuf,
    /// Its `cuda.h`'s `CUDA_VERSION`.
    version: u32,
    found_by: String,
}

/// [`build`] for `library`.
pub fn build_library(library: &'static Library) {
    let crate_name = library.crate_name;
    // The toolkit, and the version whose vendored bindings a crate that follows another takes
    // when it has no header of its own (what the other crate bound).
    let (toolkit, followed, no_toolkit) = match library.build.found.follows {
        Some(links) => {
            let dep = |key: &str| {
                env::tracked(&format!("DEP_{}_{key}", links.to_uppercase()))
                    .map(|v| v.to_string_lossy().into_owned())
            };
            let version: u32 = dep("VERSION").and_then(|v| v.parse().ok()).unwrap_or_else(|| {
                fail(&format!(
                    "{crate_name} binds with the toolkit of the crate whose links key is `{links}`, which did not \
                     publish its version (DEP_{}_VERSION): is {crate_name} built with another version of it?",
                    links.to_uppercase()
                ))
            });
            let toolkit =
                match (dep("ROOT"), dep("INCLUDE"), dep("HEADER_VERSION").and_then(|v| v.parse().ok())) {
                    (Some(root), Some(include), Some(version)) => Some(Toolkit {
                        root: root.into(),
                        include: include.into(),
                        version,
                        found_by: links.replace('_', "-"),
                    }),
                    _ => None,
                };
            let summary = format!(
                "the crate {crate_name} follows ({}) found no toolkit, so {crate_name} uses the vendored bindings of \
                 its version",
                links.replace('_', "-")
            );
            (toolkit, Some(version), (summary, String::new()))
        }
        None => {
            let search = find::toolkit();
            for ignored in search.ignored_settings() {
                println!("cargo::warning={crate_name}: {ignored}; looked further");
            }
            let toolkit = search.toolkit.as_ref().map(|t| Toolkit {
                root: t.root.clone(),
                include: t.include.clone(),
                version: t.version,
                found_by: t.found_by.clone(),
            });
            (toolkit, None, (search.summary(), search.to_string()))
        }
    };

    // The header, and the root its library folders hang from.
    let own = library
        .build
        .found
        .home
        .map(|home| find::library_root(library, home, toolkit.as_ref().map(|t| t.root.as_path())));
    let found = match &own {
        Some(own) => own.as_ref().ok().map(|own| {
            let header = Header {
                include: own.include.clone(),
                extra_includes: toolkit
                    .as_ref()
                    .map(|t| cuda_includes(&t.root, &t.include))
                    .unwrap_or_default(),
                version: own.version,
                found_by: own.found_by.clone(),
            };
            (own.root.clone(), header)
        }),
        None => toolkit.as_ref().and_then(|t| in_toolkit(library, t)),
    };

    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let vendored = choose::Vendored::list(&manifest_dir, library);
    let generating = std::env::var_os("CARGO_FEATURE_BINDGEN").is_some();
    let no_header = match (library.build.found.home, &own, &toolkit) {
        // A library of its own: its oldest release, whose functions every later one has.
        (Some(home), Some(Err(tried)), _) => {
            let oldest = vendored.oldest();
            let summary = format!("no {} was found ({})", library.header, tried.replace('\n', "; "));
            if generating {
                println!(
                    "cargo::warning={crate_name}: {summary}; the bindings vendored from {} are used. Set {home} to \
                     the root holding include/{} of the {} you have",
                    library.version.scheme.text(oldest),
                    library.header,
                    library.short,
                );
            }
            NoHeader { summary, details: String::new(), decided: Some((oldest, false)), remedy: None }
        }
        // A toolkit older than the library (`found.since`): the oldest release's
        // bindings, and a warning that says which release the library needs.
        (_, _, Some(toolkit))
            if found.is_none()
                && library
                    .build
                    .found
                    .since
                    .is_some_and(|first| followed.unwrap_or(toolkit.version) < first) =>
        {
            let version = followed.unwrap_or(toolkit.version);
            let asked = format!(
                "the toolkit at {} is {}",
                toolkit.root.display(),
                library.version.scheme.text(version)
            );
            choose::came_later(library, &asked, env::strict());
            NoHeader {
                summary: asked,
                details: String::new(),
                decided: Some((vendored.oldest(), false)),
                remedy: None,
            }
        }
        // A toolkit without the header: the vendored bindings of its release, reported when
        // generation was asked for.
        (_, _, Some(toolkit)) => {
            let version = followed.unwrap_or(toolkit.version);
            NoHeader {
                summary: format!("the toolkit at {} has no {}", toolkit.root.display(), library.header),
                details: String::new(),
                decided: Some((vendored.of_release(version, library), generating || env::strict())),
                remedy: None,
            }
        }
        // No toolkit: those the followed crate bound; the oldest release of the major of NVIDIA's
        // wheels installed without the runtime's (whose cuda.h says the release), which every
        // library of that major loads (the newest's are refused by a library older than their
        // header); or the default major's.
        (_, _, None) => {
            let wheels = followed
                .is_none()
                .then(|| find::wheels_major(&vendored.majors()))
                .flatten()
                .and_then(|(major, file)| Some((major, file, vendored.oldest_of(major)?)));
            match wheels {
                Some((major, file, oldest)) => NoHeader {
                    summary: format!(
                        "no {} was found ({}), and NVIDIA's wheels of CUDA {major} are installed ({}): the \
                         release is the runtime wheel's cuda.h's to say",
                        library.header,
                        no_toolkit.0,
                        file.display(),
                    ),
                    details: no_toolkit.1,
                    decided: Some((oldest, true)),
                    remedy: Some(format!(
                        "For your release's bindings: install the CUDA runtime's wheel of your release beside them \
                         (`pip install \"{}=={major}.*\"`, then `cargo clean -p {crate_name}`), or set CUDA_PATH \
                         to a toolkit",
                        cuda_loader::wheel_project(cuda_loader::RUNTIME.build.wheel.unwrap_or_default(), major),
                    )),
                },
                None => NoHeader {
                    summary: no_toolkit.0,
                    details: no_toolkit.1,
                    decided: followed.map(|version| (vendored.of_release(version, library), false)),
                    remedy: None,
                },
            }
        }
    };
    let header = found.as_ref().map(|(_, header)| header);
    if let (Some(header), Some(toolkit)) = (header, &toolkit) {
        crate::release::check_cuda_major(
            library,
            &header.include,
            followed.unwrap_or(toolkit.version),
            &header.found_by,
        );
    }
    let bindings = choose::bindings(library, header.ok_or(&no_header));

    // What dependents bind with: the header's root, or else the toolkit's.
    let root = found.as_ref().map(|(root, _)| root.as_path()).or(toolkit.as_ref().map(|t| t.root.as_path()));
    let published = match (&found, &toolkit) {
        (Some((root, header)), _) => Some((root.as_path(), header.include.as_path(), header.version)),
        (None, Some(t)) => Some((t.root.as_path(), t.include.as_path(), t.version)),
        (None, None) => None,
    };
    publish(&bindings, published);
    header_cfgs(library, &bindings);
    // The library file found must be of the header's release (issue 33, items 13 and 16).
    let header = found.as_ref().map(|(_, header)| (header.include.as_path(), header.version));
    link_or_load_checked("", library, &bindings, root, header);
    for sibling in library.siblings {
        let module = library.sibling_module(sibling);
        link_or_load_checked(&format!("{}_", module.to_uppercase()), sibling, &bindings, root, header);
    }
}

/// The header in the toolkit's `include/`, or in a wheel beside its root, with its version.
fn in_toolkit(library: &Library, toolkit: &Toolkit) -> Option<(PathBuf, Header)> {
    let beside = library
        .build
        .found
        .beside
        .iter()
        .map(|name| toolkit.root.parent().unwrap_or(Path::new("")).join(name));
    let root = std::iter::once(toolkit.root.clone())
        .chain(beside)
        .find(|root| root.join("include").join(library.header).is_file())?;
    let include = root.join("include");
    // The version macro, from the header that defines it (the library's own, or the toolkit's
    // cuda.h).
    let version = match (library.version.header, crate::header::read_version(library, &include)) {
        (Some(_), _) => toolkit.version,
        (None, Ok(version)) => version,
        // A CUDA header's version is its toolkit's.
        (None, Err(_)) if library.version.scheme == cuda_loader::Scheme::CUDA => toolkit.version,
        (None, Err(why)) => fail(&format!("{}: {why}", library.crate_name)),
    };
    let header = Header {
        include,
        extra_includes: cuda_includes(&toolkit.root, &toolkit.include),
        version,
        found_by: toolkit.found_by.clone(),
    };
    Some((root, header))
}

/// The folders a library's header's own includes may need from the CUDA toolkit: its
/// `include/` (cuda.h, driver_types.h, cuda_runtime.h), its `crt/` where a wheel keeps it apart,
/// and CCCL's, which cuda_fp16.h includes from CUDA 12 on (`<nv/target>`): a CUDA 13 toolkit
/// keeps it in `include/cccl`, CUDA 12's wheels in `nvidia/cuda_cccl`; then the `include/` of
/// every -sys crate it depends on (`DEP_<LINKS>_INCLUDE`).
fn cuda_includes(root: &Path, include: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![include.to_path_buf()];
    dirs.extend(find::crt_include(root));
    let cccl =
        [include.join("cccl"), root.parent().unwrap_or(Path::new("")).join("cuda_cccl").join("include")];
    dirs.extend(cccl.into_iter().filter(|dir| dir.join("nv").join("target").is_file()));
    // The headers of the -sys crates this one depends on, as a C build adds its dependencies'
    // `-I`: NVIDIA's CUDA 12 wheels keep each library in a folder of its own, and a library's
    // header may include another's (`shares_types_with`: `nvidia/<other>/include`).
    let mut published: Vec<(String, PathBuf)> = std::env::vars_os()
        .filter_map(|(name, value)| {
            let name = name.into_string().ok()?;
            (name.starts_with("DEP_") && name.ends_with("_INCLUDE")).then(|| (name, PathBuf::from(value)))
        })
        .collect();
    published.sort();
    for (_, dir) in published {
        if dir.is_dir() && !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    dirs
}

/// `cfg(cuda_header = "<file>")` for every header the crate's bindings were made from, and every
/// one the crate it follows bound (cudart-sys's code sees libcuda-sys's `cudaProfiler.h`), as C
/// code can only call what it includes: a header bound beside the library's own only where the
/// toolkit has it (`cuda_profiler_api.h`, which NVIDIA's runtime wheel lacks) is one code must
/// follow. Published to dependents as `DEP_<LINKS>_HEADERS` (comma-separated), which
/// [`dependent_header_cfgs`] turns into the same cfgs.
fn header_cfgs(library: &Library, bindings: &choose::Bindings) {
    let mut headers =
        bindings.headers().unwrap_or_else(|why| fail(&format!("{}: {why}", library.crate_name)));
    if let Some(links) = library.build.found.follows {
        headers.extend(followed_headers(links));
    }
    headers.sort();
    headers.dedup();
    println!("cargo::rustc-check-cfg=cfg(cuda_header, values(any()))");
    for header in &headers {
        println!("cargo::rustc-cfg=cuda_header=\"{header}\"");
    }
    println!("cargo::metadata=headers={}", headers.join(","));
}

/// The headers the crate whose `links` key is `links` published (`DEP_<LINKS>_HEADERS`).
fn followed_headers(links: &str) -> Vec<String> {
    let var = format!("DEP_{}_HEADERS", links.to_uppercase());
    let value = env::tracked(&var).map(|v| v.to_string_lossy().into_owned()).unwrap_or_else(|| {
        fail(&format!(
            "{var} is not set: the crate whose `links` key is `{links}` published no headers (is it another version \
             of that crate?)"
        ))
    });
    value.split(',').filter(|h| !h.is_empty()).map(String::from).collect()
}

/// The `cfg(cuda_header = "...")` of every header a -sys crate this build script's crate depends
/// on bound (`links`: its `links` key, `cudart_sys`; what it published as `DEP_<LINKS>_HEADERS`):
/// `#[cfg(cuda_header = "cuda_profiler_api.h")]` on code that calls what only that header
/// declares, as a C program's `#include` would fail without it.
pub fn dependent_header_cfgs(links: &str) {
    println!("cargo::rustc-check-cfg=cfg(cuda_header, values(any()))");
    for header in followed_headers(links) {
        println!("cargo::rustc-cfg=cuda_header=\"{header}\"");
    }
}
