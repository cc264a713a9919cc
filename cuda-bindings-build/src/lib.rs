//! Build-time support for every -sys crate: finding the CUDA toolkit and a library's header,
//! choosing or generating the bindings, and telling Cargo and dependents what was chosen. Every
//! -sys crate's build script is [`build()`], and `cargo xtask` uses the same generator, so there
//! is one generator and one set of rules; what differs between libraries is their description
//! ([`cuda_loader::Library`], every one in [`cuda_loader::ALL`]).
//!
//! It is a crate of its own because a published crate can only build-depend on published
//! crates: build scripts and a tool cannot share source files any other way.
//!
//! - [`build()`]: the build script.
//! - [`find`]: where `cuda.h` is (the order is the README's "Finding CUDA"), and a library's own
//!   header.
//! - [`choose`]: generated or vendored bindings, by the table in its docs.
//! - [`edits`]: the vendored bindings' store, one edit script per release.
//! - [`generate`] (feature `bindgen`): a header in, Rust bindings out.
//! - [`header`]: what is read from a header without libclang: its version.
//! - [`release`]: the header's release against the library file's the build found.

pub mod choose;
pub mod edits;
pub mod env;
pub mod find;
#[cfg(feature = "bindgen")]
pub mod generate;
pub mod header;
#[cfg(test)]
mod random;
pub mod release;
mod script;
pub mod tensorrt;

use std::path::{Path, PathBuf};

pub use choose::{Bindings, Source};
pub use cuda_loader::{Library, Scheme, ALL};
pub use script::{build, build_library, dependent_header_cfgs};

/// `CUDA_SYS_STRICT=1`: a build that would fall back (no header, no libclang, a header that
/// cannot be used) fails instead, saying what to install.
pub const STRICT_VAR: &str = "CUDA_SYS_STRICT";

/// `CUDA_SYS_TEST_EVERY_FUNCTION=1`: a -sys crate's own tests call every function of its
/// bindings without a library (the `cuda_every_function` cfg), not only the first (each symbol
/// is looked up by name either way). CI sets it where each release's bindings are tested once;
/// a closure per function is most of a large crate's test build.
pub const EVERY_FUNCTION_VAR: &str = "CUDA_SYS_TEST_EVERY_FUNCTION";

/// The `cuda_every_function` cfg, where [`EVERY_FUNCTION_VAR`] is set.
pub(crate) fn every_function_cfg() {
    println!("cargo::rustc-check-cfg=cfg(cuda_every_function)");
    if env::tracked(EVERY_FUNCTION_VAR).is_some() {
        println!("cargo::rustc-cfg=cuda_every_function");
    }
}

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
    // For the crate's own code and tests, whose C spellings differ by version (cuCtxCreate in
    // 13.0, a library's own functions by its release).
    cfgs(bindings.scheme, bindings.version);
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

/// The cfgs by which code follows a header's version in `scheme`: [`version_cfgs`] for CUDA's,
/// `<cfg>_ge = "M.m"` for every minor of the header's major up to its own for a library's own
/// (the scheme's `cfg`: `nccl_ge = "2.28"`), none where the scheme names no cfg. A number no
/// release of the library has stops the build with a message.
pub fn cfgs(scheme: Scheme, version: u32) {
    if scheme == Scheme::CUDA {
        version_cfgs(version)
    } else if let Some(cfg) = scheme.cfg {
        own_version_cfgs(cfg, scheme.name, scheme, version)
    }
}

/// `<cfg>_ge = "M.m"` for every minor of `version`'s major up to its own, in `scheme` (the
/// library's `name`'s).
fn own_version_cfgs(cfg: &str, name: &str, scheme: Scheme, version: u32) {
    if !scheme.plausible(i64::from(version)) {
        choose::fail(&format!(
            "{cfg}_ge: {version}, which no {name} release has ({}); no {cfg}_ge cfgs follow from it",
            scheme.coding()
        ));
    }
    let (major, minor, _) = scheme.parts(i64::from(version));
    println!("cargo::rustc-check-cfg=cfg({cfg}_ge, values(any()))");
    for m in 0..=minor {
        println!("cargo::rustc-cfg={cfg}_ge=\"{major}.{m}\"");
    }
}

/// `<library>_ge = "M.m"` for every minor of the header's major up to its own (`<library>_ge =
/// "11.3"` from 11.3.0 on), as C code writes `#if <LIBRARY>_VERSION >= 11300`, for a library with
/// a version of its own (`1000 * major + 100 * minor + patch`); `<library>` is its name in lower
/// case.
pub fn library_version_cfgs(prefix: &str, version: u32) {
    own_version_cfgs(&prefix.to_lowercase(), prefix, Scheme::library(""), version)
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

/// The [`cfgs`] of the header version a -sys crate this build script's crate depends on
/// published (`links`: its `links` key, `cudart_sys`), in that library's scheme: the whole of a
/// dependent's build script that follows the header, as `#[cfg(cuda_ge = "12.8")]` for the
/// toolkit's libraries, `#[cfg(nccl_ge = "2.28")]` for nccl-sys, `cudnn_ge` for libcudnn-sys.
pub fn dependent_version_cfgs(links: &str) {
    let var = format!("DEP_{}_VERSION", links.to_uppercase());
    println!("cargo::rerun-if-env-changed={var}");
    // A crate's `links` key is its Rust path (libcuda-sys's, `libcuda_sys`, is CUDA's scheme).
    let scheme = cuda_loader::by_rust_path(links).map_or(Scheme::CUDA, |library| library.version.scheme);
    let version = std::env::var(&var).unwrap_or_default();
    match version.parse() {
        Ok(version) => cfgs(scheme, version),
        Err(_) => choose::fail(&format!(
            "{var}={version:?}, which is not a {} version ({}): depend on the crate whose `links` is {links}",
            scheme.name,
            scheme.coding()
        )),
    }
}

/// `cudnn_ge = "M.m"` for every minor of the header's major up to its own (`cudnn_ge = "9.12"`
/// from 9.12.0 on), as C code writes `#if CUDNN_VERSION >= 91200`. libcudnn-sys sets them for
/// itself; a dependent's build script calls this with `DEP_CUDNN_SYS_VERSION` (or
/// `dependent_version_cfgs("cudnn_sys")`). A number no cuDNN
/// release has stops the build with a message.
pub fn cudnn_version_cfgs(version: u32) {
    cfgs(cuda_loader::CUDNN.version.scheme, version)
}

/// `nccl_ge = "2.M"` for every minor of NCCL 2 up to the header's (`NCCL_VERSION_CODE` is
/// `10000 * major + 100 * minor + patch` since 2.9, `1000 * major + 100 * minor + patch`
/// before), as C code writes `#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 22, 0)`. nccl-sys sets
/// them for itself; a dependent's build script calls this with `DEP_NCCL_SYS_VERSION` (or
/// `dependent_version_cfgs("nccl_sys")`).
/// A number no NCCL release has stops the build with a message.
pub fn nccl_version_cfgs(version: u32) {
    cfgs(cuda_loader::NCCL.version.scheme, version)
}

/// Links the crate's library or sets it up to be loaded: how the crate reaches it, decided here
/// and nowhere else, from its features: loaded on first call (the default), `link` (the shared
/// library, at link time) or `static` (the static library, where the description has one; it
/// wins over `link`). Tells the crate (`cfg(cuda_reach = "loaded" | "link" | "static")`, read by
/// `cuda_loader::reach!`), its loader (`CUDA_LIBRARY_FILE`, the file of the bindings' major on
/// the target, and `CUDA_TOOLKIT_LIB_DIRS`, the toolkit's folders holding it), the linker, and
/// dependents (`DEP_<LINKS>_LINK`, `DEP_<LINKS>_REACH`).
pub fn link_or_load(library: &cuda_loader::Library, bindings: &Bindings, toolkit_root: Option<&Path>) {
    link_or_load_prefixed("", library, bindings, toolkit_root);
}

/// The old name of [`link_or_load`].
#[deprecated(note = "renamed `link_or_load`")]
pub fn reach(library: &cuda_loader::Library, bindings: &Bindings, toolkit_root: Option<&Path>) {
    link_or_load(library, bindings, toolkit_root);
}

/// A header found: its folder (`include/`) and its version as the build read it, whose release
/// the library file found must be of ([`release::check`]).
pub type HeaderFound<'a> = (&'a Path, u32);

/// [`link_or_load`] for a crate's sibling library (its description's `siblings`): its loader's
/// variables are `prefix`ed (`LT_CUDA_LIBRARY_FILE`); the crate's `cuda_reach` cfg and metadata
/// are the first library's.
pub fn link_or_load_prefixed(
    prefix: &str,
    library: &cuda_loader::Library,
    bindings: &Bindings,
    toolkit_root: Option<&Path>,
) {
    link_or_load_checked(prefix, library, bindings, toolkit_root, None);
}

/// The old name of [`link_or_load_prefixed`].
#[deprecated(note = "renamed `link_or_load_prefixed`")]
pub fn reach_as(
    prefix: &str,
    library: &cuda_loader::Library,
    bindings: &Bindings,
    toolkit_root: Option<&Path>,
) {
    link_or_load_prefixed(prefix, library, bindings, toolkit_root);
}

/// [`link_or_load_prefixed`], and with the `header` found, checked: the library file the build
/// links (or the loader tries first, from the toolkit's folders) must be of the header's
/// release ([`release::check`]).
pub fn link_or_load_checked(
    prefix: &str,
    library: &cuda_loader::Library,
    bindings: &Bindings,
    toolkit_root: Option<&Path>,
    header: Option<HeaderFound>,
) {
    // The major in the library's own terms (CUDA's 13 of 13000, or its own scheme's).
    let major = library.major(bindings.version);
    let windows = env::target_os() == "windows";
    let file = library.files.of(major, windows);
    let dirs: Vec<PathBuf> = match (library.role, toolkit_root) {
        (cuda_loader::Role::Toolkit { toolkit_dirs, .. }, Some(root)) => {
            toolkit_library_dirs(root, toolkit_dirs)
        }
        _ => Vec::new(),
    };
    let feature = |name: &str| std::env::var_os(format!("CARGO_FEATURE_{name}")).is_some();
    let linked = feature("STATIC") || feature("LINK");
    // Cargo's instructions are UTF-8 text. The loader is told of any folder (paths are bytes on
    // Unix: `join_folders` writes them losslessly); the linker's search path is a path as it is,
    // so a folder that is not UTF-8 on one line cannot be named to it (a lossy copy would name
    // another folder, silently).
    let (dirs, unnamed): (Vec<PathBuf>, Vec<PathBuf>) = dirs.into_iter().partition(|dir| {
        let named = cuda_loader::join_folders(&[dir], windows).is_ok();
        named && (!linked || (env::cargo_text(dir).is_some() && std::env::join_paths([dir]).is_ok()))
    });
    for dir in &unnamed {
        let why = if env::cargo_text(dir).is_none() {
            "is not UTF-8 text on one line, which Cargo's instructions cannot hold"
        } else {
            "holds the character that separates folders in a list of them"
        };
        let what = format!("{}: the library folder {} {why}", library.crate_name, dir.display());
        let fix =
            format!("link it from a UTF-8 path (`ln -s`) and set {} to that", choose::root_variable(library));
        if linked {
            choose::fail(&format!("{what}, so the `link` and `static` features cannot link from it: {fix}"));
        }
        println!(
            "cargo::warning={what}, so the loader does not look there at run time: {fix}, or set {} to the \
             library's absolute path",
            library.variable
        );
    }
    println!("cargo::rustc-env={prefix}CUDA_LIBRARY_FILE={file}");
    let joined = cuda_loader::join_folders(&dirs, windows).unwrap_or_default();
    println!("cargo::rustc-env={prefix}CUDA_TOOLKIT_LIB_DIRS={joined}");

    let (reach, found) = if feature("STATIC") {
        ("static", Some((link_static(library, &dirs, windows), release::Use::Links)))
    } else if feature("LINK") {
        ("link", link_shared(library, &dirs, &file, toolkit_root).map(|file| (file, release::Use::Links)))
    } else {
        (
            "loaded",
            dirs.iter().map(|dir| dir.join(&file)).find(|f| f.is_file()).map(|f| (f, release::Use::Loads)),
        )
    };
    if let (Some((include, version)), Some((file, how))) = (header, found) {
        release::check(library, include, version, &file, how);
    }
    if !prefix.is_empty() {
        return;
    }
    println!("cargo::rustc-check-cfg=cfg(cuda_reach, values(\"loaded\", \"link\", \"static\"))");
    println!("cargo::rustc-cfg=cuda_reach=\"{reach}\"");
    every_function_cfg();
    println!("cargo::metadata=reach={reach}");
    // Whether the library is linked, for dependents whose tests must know.
    println!("cargo::metadata=link={}", u8::from(reach != "loaded"));
}

/// The old name of [`link_or_load_checked`].
#[deprecated(note = "renamed `link_or_load_checked`")]
pub fn reach_checked(
    prefix: &str,
    library: &cuda_loader::Library,
    bindings: &Bindings,
    toolkit_root: Option<&Path>,
    header: Option<HeaderFound>,
) {
    link_or_load_checked(prefix, library, bindings, toolkit_root, header);
}

/// A toolkit root's folders that exist among `patterns` (`*` is any one folder).
pub fn toolkit_library_dirs(root: &Path, patterns: &[&str]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for pattern in patterns {
        match pattern.split_once("/*/") {
            Some((parent, rest)) => {
                if let Ok(entries) = std::fs::read_dir(root.join(parent)) {
                    let mut found: Vec<PathBuf> =
                        entries.filter_map(|e| Some(e.ok()?.path().join(rest))).collect();
                    found.sort();
                    dirs.extend(found);
                }
            }
            None => dirs.push(root.join(pattern)),
        }
    }
    dirs.into_iter().filter(|d| d.is_dir()).collect()
}

/// Links the shared library: the driver through the toolkit's stubs (the driver's own
/// `libcuda.so.1` is what runs); a toolkit library from the first folder that has it, as
/// `-l<name>` would, or a wheel's only `lib<name>.so.<major>` by its full name; else the
/// linker's own search. The file linked, where it is known.
fn link_shared(
    library: &cuda_loader::Library,
    dirs: &[PathBuf],
    file: &str,
    toolkit_root: Option<&Path>,
) -> Option<PathBuf> {
    let name = library.build.link;
    if let cuda_loader::Role::Driver { .. } = library.role {
        if let Some(root) = toolkit_root {
            link_search_paths(root);
        }
        println!("cargo::rustc-link-lib=dylib={name}");
        return None;
    }
    for dir in dirs {
        for linked in [format!("lib{name}.so"), format!("{name}.lib")] {
            if dir.join(&linked).is_file() {
                println!("cargo::rustc-link-search=native={}", dir.display());
                println!("cargo::rustc-link-lib=dylib={name}");
                return Some(dir.join(linked));
            }
        }
        if dir.join(file).is_file() {
            println!("cargo::rustc-link-search=native={}", dir.display());
            println!("cargo::rustc-link-lib=dylib:+verbatim={file}");
            return Some(dir.join(file));
        }
    }
    println!("cargo::rustc-link-lib=dylib={name}");
    None
}

/// Links the static library (`libcudart_static.a`, which toolkits and the runtime wheel ship)
/// with the system libraries it needs (`-lrt -lpthread -ldl`, as NVIDIA's documentation says).
fn link_static(library: &cuda_loader::Library, dirs: &[PathBuf], windows: bool) -> PathBuf {
    let name = format!("{}_static", library.build.link);
    let file = if windows { format!("{name}.lib") } else { format!("lib{name}.a") };
    let Some(dir) = dirs.iter().find(|d| d.join(&file).is_file()) else {
        let looked = if dirs.is_empty() {
            "no toolkit was found".to_string()
        } else {
            format!("none in {}", dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", "))
        };
        choose::fail(&format!(
            "the `static` feature links {file}, and {looked}. Set CUDA_PATH to a CUDA toolkit (or NVIDIA's \
             runtime wheel) that has it, or use `link` or the default, loading on first call"
        ));
    };
    println!("cargo::rustc-link-search=native={}", dir.display());
    println!("cargo::rustc-link-lib=static={name}");
    if !windows {
        for system in ["rt", "pthread", "dl"] {
            println!("cargo::rustc-link-lib=dylib={system}");
        }
    }
    dir.join(file)
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
        if !dir.is_dir() {
            continue;
        }
        match env::cargo_text(&dir) {
            Some(text) => println!("cargo::rustc-link-search=native={text}"),
            // A lossy copy would name another folder: the linker's own search is left.
            None => println!(
                "cargo::warning=the toolkit folder {} is not UTF-8, which Cargo's instructions cannot hold, so the \
                 linker is not told of it: link the toolkit from a UTF-8 path (`ln -s`) and set CUDA_PATH to that",
                dir.display()
            ),
        }
    }
}
