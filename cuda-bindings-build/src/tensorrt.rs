//! nvinfer-sys's build: finding TensorRT's headers, reading their release without libclang,
//! and choosing generated or vendored bindings (the table is nvinfer-sys's README's "Binding
//! generation"). Its generator is [`generate::cpp`](crate::generate::cpp) (feature `bindgen`).
//! [`build`] is nvinfer-sys's whole build script:
//!
//! 1. refuse Windows (TensorRT's vtables there are MSVC's, which these bindings do not lay out);
//! 2. find TensorRT's headers ([`find`]: `$TENSORRT_ROOT`, the CUDA toolkit cudart-sys found,
//!    NVIDIA's Debian packages, `/usr/local/tensorrt`);
//! 3. generate from them (feature `bindgen`, libclang), or use the bindings vendored from their
//!    release; without headers, the release `NVINFER_SYS_TENSORRT` names (default: the oldest
//!    of TensorRT 11);
//! 4. tell Cargo and dependents (`DEP_NVINFER_SYS_VERSION`, ...), and the loader which files to
//!    load and the TensorRT root's library folders.

use std::path::{Path, PathBuf};

use crate::{choose, env};

/// A TensorRT root (its tar file unpacked: `include/NvInfer.h`, `lib/libnvinfer.so.<major>`),
/// the variable NVIDIA's samples' Makefiles read.
pub const ROOT_VAR: &str = "TENSORRT_ROOT";

/// The release whose vendored bindings a build without headers uses: `11.4`, or a major (`10`)
/// for that major's oldest.
pub const RELEASE_VAR: &str = "NVINFER_SYS_TENSORRT";

/// Without headers and without [`RELEASE_VAR`]: the oldest vendored release of this major,
/// whose methods every library of the major has, so it loads any of them.
pub const DEFAULT_MAJOR: u32 = 11;

/// Headers found.
#[derive(Clone, Debug)]
pub struct Found {
    pub include: PathBuf,
    /// The root above `include/` (where the libraries are too).
    pub root: PathBuf,
    /// `NV_TENSORRT_VERSION`: 11.1.0 is 110100.
    pub version: u32,
    pub found_by: String,
}

/// `NV_TENSORRT_MAJOR`, `_MINOR`, `_PATCH` of an `NvInferVersion.h`, read as text (10.x and 11.x
/// write them through `TRT_MAJOR_ENTERPRISE` and the like; older ones directly), as
/// `NV_TENSORRT_VERSION`; `None` when [`read_header_version`] gives a reason instead.
pub fn header_version(include: &Path) -> Option<u32> {
    read_header_version(include).ok()
}

/// The largest each part of a TensorRT version can be: `NV_TENSORRT_VERSION` is
/// `10000 * major + 100 * minor + patch`, so a minor or patch of 100 would be read as the next
/// minor or major (a wrong binding), and cuda-loader's check of a library's version takes a
/// major below 100.
const LARGEST_PART: u32 = 99;

/// `NV_TENSORRT_VERSION` of the `NvInferVersion.h` in `include` (see [`header_version`]), or
/// why there is none, in one sentence naming the file: it is no regular file (a FIFO, which
/// would hang the build, a device, a folder), too large, missing, or one of the three macros
/// is missing or no number a release can have.
///
/// # Errors
/// As above.
pub fn read_header_version(include: &Path) -> Result<u32, String> {
    let path = include.join("NvInferVersion.h");
    let text = crate::header::read(&path)?;
    let refused = |is: String, what: &str| {
        format!(
            "{} defines {is}, {what} (NV_TENSORRT_VERSION is 10000 * major + 100 * minor + patch, each from 0 to \
             {LARGEST_PART} and the major from 1: 11.4.0 is NV_TENSORRT_MAJOR 11, NV_TENSORRT_MINOR 4, \
             NV_TENSORRT_PATCH 0)",
            path.display()
        )
    };
    let number = |name: &str| -> Result<u32, String> {
        let least = u32::from(name == "NV_TENSORRT_MAJOR");
        match crate::header::define_value(&text, name) {
            Some(n) if (least..=LARGEST_PART).contains(&n) => Ok(n),
            Some(n) => Err(refused(format!("{name} {n}"), "which no TensorRT release has")),
            None => match spelled(&text, name) {
                Some(spelled) => {
                    Err(refused(format!("{name} as {spelled}"), "which is no number a TensorRT release has"))
                }
                None => Err(format!("{} defines no {name}", path.display())),
            },
        }
    };
    let (major, minor, patch) =
        (number("NV_TENSORRT_MAJOR")?, number("NV_TENSORRT_MINOR")?, number("NV_TENSORRT_PATCH")?);
    Ok(major * 10000 + minor * 100 + patch)
}

/// How `name`'s `#define` is written, for a message, with the value of the macro it names (one
/// level): `TRT_MAJOR_ENTERPRISE (defined as 99999999999)`; `None` without one.
fn spelled(text: &str, name: &str) -> Option<String> {
    let body = |name: &str| {
        text.lines().find_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("define")?;
            let rest = rest.strip_prefix([' ', '\t'])?.trim_start().strip_prefix(name)?;
            if !rest.starts_with([' ', '\t']) {
                return None;
            }
            let rest = rest.split("//").next().unwrap_or_default();
            let rest = rest.split("/*").next().unwrap_or_default().trim();
            // Bounded: a message quotes a line, not a megabyte.
            Some(rest.chars().take(80).collect::<String>())
        })
    };
    let value = body(name)?;
    let is_name = !value.is_empty()
        && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !value.starts_with(|c: char| c.is_ascii_digit());
    Some(match is_name.then(|| body(&value)).flatten() {
        Some(inner) => format!("{value} (defined as {inner})"),
        None => value,
    })
}

/// `110100` as `11.1.0`.
pub fn version_text(version: u32) -> String {
    format!("{}.{}.{}", version / 10000, version % 10000 / 100, version % 100)
}

/// Where TensorRT's headers are looked for, in order: `$TENSORRT_ROOT/include`, the CUDA
/// toolkit cudart-sys found (`include/`, where NVIDIA's installers may put them), the
/// locations of NVIDIA's Debian packages (`/usr/include/<triple>`, `/usr/include`), and
/// `/usr/local/tensorrt`, `/opt/tensorrt`. The first with a readable `NvInferVersion.h`
/// beside `NvInfer.h` wins.
///
/// # Errors
/// Every place tried, one per line.
pub fn find(cuda_root: Option<&Path>) -> Result<Found, String> {
    let mut candidates: Vec<(String, PathBuf, PathBuf)> = Vec::new();
    if let Some(root) = env::tracked(ROOT_VAR) {
        match env::absolute(ROOT_VAR, root) {
            Ok(root) => candidates.push((format!("${ROOT_VAR}"), root.join("include"), root)),
            Err(why) => return Err(why),
        }
    }
    if let Some(root) = cuda_root {
        candidates.push(("the CUDA toolkit".into(), root.join("include"), root.to_path_buf()));
    }
    let triple = match std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default().as_str() {
        "aarch64" => "aarch64-linux-gnu",
        _ => "x86_64-linux-gnu",
    };
    // Debian's layout: headers in /usr/include/<triple>, libraries in /usr/lib/<triple>.
    candidates.push((
        "NVIDIA's Debian packages".into(),
        PathBuf::from(format!("/usr/include/{triple}")),
        PathBuf::from(format!("/usr/include/{triple}/..")),
    ));
    for root in ["/usr", "/usr/local/tensorrt", "/opt/tensorrt"] {
        candidates.push(("the system".into(), Path::new(root).join("include"), PathBuf::from(root)));
    }
    search(candidates)
}

/// The first of `candidates` (how it was found, its include folder, its root) with a usable
/// `NvInfer.h` and `NvInferVersion.h` of TensorRT 10 or later; else every place tried, one per
/// line, with why it was passed over.
fn search(candidates: Vec<(String, PathBuf, PathBuf)>) -> Result<Found, String> {
    let mut tried = Vec::new();
    for (how, include, root) in candidates {
        let nvinfer_h = include.join("NvInfer.h");
        if !nvinfer_h.is_file() {
            let why = match std::fs::metadata(&nvinfer_h) {
                Ok(_) => "an NvInfer.h that is no regular file",
                Err(_) => "no NvInfer.h",
            };
            tried.push(format!("{} ({how}): {why}", include.display()));
            continue;
        }
        // Watched whether it is taken or passed over (a header fixed later reruns the build);
        // not when missing, which Cargo would take as changed at every build.
        let version_h = include.join("NvInferVersion.h");
        if let Some(path) = env::cargo_text(&version_h).filter(|_| std::fs::metadata(&version_h).is_ok()) {
            println!("cargo::rerun-if-changed={path}");
        }
        match read_header_version(&include) {
            Ok(version) if version >= 100_000 => {
                // A root the user named that was passed over is said, though another was found.
                for ignored in tried.iter().filter(|t| t.contains(&format!("(${ROOT_VAR})"))) {
                    let text = format!("{ignored}; the headers in {} ({how}) are used", include.display());
                    println!("cargo::warning=nvinfer-sys: {}", text.replace(['\n', '\r'], " "));
                }
                return Ok(Found { include, root, version, found_by: how });
            }
            Ok(version) => tried.push(format!(
                "{} ({how}): TensorRT {}, older than 10.0, whose classes nvinfer-sys does not bind",
                include.display(),
                version_text(version)
            )),
            Err(why) => tried.push(format!("{} ({how}): {why}", include.display())),
        }
    }
    Err(tried.join("\n"))
}

/// The stem of the vendored files: `nvinfer_<NV_TENSORRT_VERSION>.edits`.
pub const STEM: &str = "nvinfer";

/// The vendored releases in `dir` (`nvinfer_<NV_TENSORRT_VERSION>.edits`, see [`crate::edits`]:
/// the newest whole, each older one as its edits from the next newer), oldest first, each with
/// its file.
pub fn vendored(dir: &Path) -> Vec<(u32, PathBuf)> {
    crate::edits::releases(dir, STEM)
        .into_iter()
        .map(|version| (version, dir.join(crate::edits::file_name(STEM, version))))
        .collect()
}

/// The vendored release `version` of `dir`, made from its edits into `out_dir/nvinfer.rs`;
/// Cargo is told to rerun if any file of its chain changes.
///
/// # Errors
/// A damaged store, or `out_dir` cannot be written.
pub fn materialize(dir: &Path, version: u32, out_dir: &Path) -> Result<PathBuf, String> {
    let release = crate::edits::materialize(dir, STEM, version).map_err(|e| e.to_string())?;
    for file in &release.files {
        println!("cargo::rerun-if-changed={}", file.display());
    }
    let file = out_dir.join("nvinfer.rs");
    write_whole(&file, &release.text)?;
    Ok(file)
}

/// Writes `text` to `file` whole: under another name first, then renamed over it, so that no
/// compiler reads half of it and whatever was there (a FIFO, which a plain write would wait on
/// for a reader) is replaced, not opened.
///
/// # Errors
/// The file cannot be written, naming it.
fn write_whole(file: &Path, text: &str) -> Result<(), String> {
    let partial = file.with_extension(format!("rs.{}", std::process::id()));
    std::fs::write(&partial, text).and_then(|()| std::fs::rename(&partial, file)).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        format!("cannot write {}: {e}", file.display())
    })
}

/// Which vendored release [`RELEASE_VAR`] names (`11.4`, `10`), or the default's.
///
/// # Errors
/// A value that names no vendored release: the message lists them.
pub fn release_without_headers(files: &[(u32, PathBuf)], wanted: Option<&str>) -> Result<u32, String> {
    let list = || files.iter().map(|(v, _)| version_text(*v)).collect::<Vec<_>>().join(", ");
    let parts: Vec<u32> = match wanted {
        Some(text) => {
            text.split('.').map(|p| p.trim().parse::<u32>()).collect::<Result<_, _>>().map_err(|_| {
                format!("{RELEASE_VAR}={text} is no TensorRT release (write 11.4, or 10 for a major)")
            })?
        }
        None => vec![DEFAULT_MAJOR],
    };
    let found = files.iter().map(|(v, _)| *v).find(|v| match parts.as_slice() {
        [major] => v / 10000 == *major,
        [major, minor] => v / 10000 == *major && v % 10000 / 100 == *minor,
        // Compared part by part: a part too large for the sum is no release, not an overflow.
        [major, minor, patch] => v / 10000 == *major && v % 10000 / 100 == *minor && v % 100 == *patch,
        _ => false,
    });
    found.ok_or_else(|| {
        format!(
            "{RELEASE_VAR}={} names no vendored TensorRT release; vendored are {}",
            wanted.unwrap_or("(default)"),
            list()
        )
    })
}

/// nvinfer-sys's build script (its `build.rs` is this call; see the module docs and the
/// crate's README): refuse Windows, find the headers, generate or take the vendored release,
/// and tell Cargo, dependents and the loader what was chosen.
pub fn build() {
    println!("cargo::rerun-if-changed=build.rs");
    if env::target_os() == "windows" {
        choose::fail(
            "nvinfer-sys: TensorRT's C++ interfaces are called through their vtables as the Itanium C++ ABI \
             (Linux) lays them out; Windows' MSVC ABI lays vtables and `this` out differently, which nvinfer-sys \
             does not bind, so it does not build for Windows",
        );
    }
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("run by cargo"));
    let dep = |key: &str| env::tracked(&format!("DEP_CUDART_SYS_{key}")).map(PathBuf::from);
    let vendored = vendored(&manifest_dir.join("src/vendored"));
    let vendored_dir = manifest_dir.join("src/vendored");
    // The vendored release, made from its edits ([`crate::edits`]) into OUT_DIR.
    let vendored_of = |version: u32| {
        vendored.iter().any(|(v, _)| *v == version).then(|| {
            materialize(&vendored_dir, version, &out_dir)
                .unwrap_or_else(|why| choose::fail(&format!("nvinfer-sys: {why}")))
        })
    };
    let strict = env::strict();
    let found = find(dep("ROOT").as_deref());
    let (file, version, source) = match &found {
        Ok(found) => {
            let generated = generate_bindings(found, dep("INCLUDE"), &out_dir);
            match (generated, vendored.iter().any(|(v, _)| *v == found.version)) {
                (Ok(file), _) => (file, found.version, "generated"),
                (Err(why), true) => {
                    if let Some(why) = why {
                        if strict {
                            choose::fail(&format!("nvinfer-sys: {why} ({} is set)", crate::STRICT_VAR));
                        }
                        println!(
                            "cargo::warning=nvinfer-sys: {why}; the bindings vendored from TensorRT {} are used (the same items)",
                            version_text(found.version)
                        );
                    }
                    (vendored_of(found.version).expect("a vendored release"), found.version, "vendored")
                }
                (Err(why), false) => choose::fail(&format!(
                    "nvinfer-sys: the TensorRT headers in {} ({}) are of TensorRT {}, which has no vendored bindings, and \
                     generating from them {}. Enable the `bindgen` feature with libclang installed, or point {} at \
                     the headers of a vendored release ({})",
                    found.include.display(),
                    found.found_by,
                    version_text(found.version),
                    why.map(|w| format!("failed: {w}")).unwrap_or_else(|| "needs the `bindgen` feature".into()),
                    ROOT_VAR,
                    vendored.iter().map(|(v, _)| version_text(*v)).collect::<Vec<_>>().join(", ")
                )),
            }
        }
        Err(tried) => {
            let wanted = env::tracked(RELEASE_VAR).map(|v| v.to_string_lossy().into_owned());
            let version = release_without_headers(&vendored, wanted.as_deref())
                .unwrap_or_else(|why| choose::fail(&format!("nvinfer-sys: {why}")));
            if wanted.is_none() {
                let text = format!(
                    "no TensorRT headers were found ({}); the bindings vendored from TensorRT {} are used. Set {} to a \
                     TensorRT root (the folder holding include/NvInfer.h), or {} to a release (11.4, or 10)",
                    tried.replace('\n', "; "),
                    version_text(version),
                    ROOT_VAR,
                    RELEASE_VAR
                );
                if strict {
                    choose::fail(&format!("nvinfer-sys: {text}"));
                }
                // Without `bindgen` no headers are needed, and none is no news; a root the user
                // named that could not be used always is.
                let named = tried.contains(&format!("(${ROOT_VAR})"));
                if named || std::env::var_os("CARGO_FEATURE_BINDGEN").is_some() {
                    println!("cargo::warning=nvinfer-sys: {text}");
                }
            }
            (vendored_of(version).expect("a vendored release"), version, "vendored")
        }
    };
    println!("cargo::rustc-env=NVINFER_BINDINGS={}", file.display());
    // Releases 10.2 to 10.13 kept NvOnnxParser.h out of their include/ (in the parser's own
    // repository): their bindings have no parser. `trt_onnx_parser` says they have one.
    println!("cargo::rustc-check-cfg=cfg(trt_onnx_parser)");
    let bindings = crate::header::read_bytes(&file, crate::header::LARGEST).unwrap_or_else(|e| {
        choose::fail(&format!("nvinfer-sys: the bindings {} cannot be read: {e}", file.display()))
    });
    if String::from_utf8_lossy(&bindings).contains("\nnvonnxparser_fns! {") {
        println!("cargo::rustc-cfg=trt_onnx_parser");
    }
    // The header's release as cfgs, for code that follows it: trt_major = "11", trt_ge = "10.7".
    println!("cargo::rustc-check-cfg=cfg(trt_major, values(any()))");
    println!("cargo::rustc-check-cfg=cfg(trt_ge, values(any()))");
    let (major, minor) = (version / 10000, version % 10000 / 100);
    println!("cargo::rustc-cfg=trt_major=\"{major}\"");
    for m in 10..=major {
        for n in 0..=if m == major { minor } else { 30 } {
            println!("cargo::rustc-cfg=trt_ge=\"{m}.{n}\"");
        }
    }
    // The loader's files and folders: TensorRT's libraries are loaded on first call.
    println!("cargo::rustc-check-cfg=cfg(cuda_reach, values(\"loaded\", \"link\", \"static\"))");
    println!("cargo::rustc-cfg=cuda_reach=\"loaded\"");
    crate::every_function_cfg();
    let nvinfer = if std::env::var_os("CARGO_FEATURE_LEAN").is_some() {
        cuda_loader::NVINFER_LEAN
    } else {
        cuda_loader::NVINFER
    };
    println!("cargo::rustc-env=NVINFER_LIBRARY_FILE={}", nvinfer.files.of(major, false));
    println!(
        "cargo::rustc-env=NVONNXPARSER_LIBRARY_FILE={}",
        cuda_loader::NVONNXPARSER.files.of(major, false)
    );
    println!(
        "cargo::rustc-env=NVINFER_PLUGIN_LIBRARY_FILE={}",
        cuda_loader::NVINFER_PLUGIN.files.of(major, false)
    );
    let dirs = match &found {
        Ok(found) => crate::toolkit_library_dirs(&found.root, &["lib", "lib64", "targets/*/lib"]),
        Err(_) => Vec::new(),
    };
    // Written as the loader reads them (cuda_loader::split_folders): any folder, whole.
    let dirs = cuda_loader::join_folders(&dirs, env::target_os() == "windows").unwrap_or_default();
    println!("cargo::rustc-env=NVINFER_LIB_DIRS={dirs}");
    // The headers the bindings come from, for the g++ probe (tests/probe.rs).
    let headers =
        found.as_ref().ok().filter(|f| f.version == version).and_then(|f| env::cargo_text(&f.include));
    println!("cargo::rustc-env=NVINFER_HEADERS={}", headers.unwrap_or(""));
    println!("cargo::metadata=version={version}");
    println!("cargo::metadata=bindings={source}");
    if let Ok(found) = &found {
        if let (Some(root), Some(include)) = (env::cargo_text(&found.root), env::cargo_text(&found.include)) {
            println!("cargo::metadata=root={root}");
            println!("cargo::metadata=include={include}");
        }
    }
}

/// The bindings generated from `found` into `out_dir`, or why not (`None`: the `bindgen`
/// feature is off, which is no failure to report).
#[cfg(feature = "bindgen")]
fn generate_bindings(
    found: &Found,
    cuda_include: Option<PathBuf>,
    out_dir: &std::path::Path,
) -> Result<PathBuf, Option<String>> {
    if std::env::var_os("CARGO_FEATURE_BINDGEN").is_none() {
        return Err(None);
    }
    env::track_clang_variables();
    if let Some((path, why)) = header_no_file(&found.include) {
        // Watched: a header put right later reruns the build.
        if let Some(path) = env::cargo_text(&path) {
            println!("cargo::rerun-if-changed={path}");
        }
        return Err(Some(why));
    }
    let generated = crate::generate::cpp::generate(&found.include, cuda_include.as_deref())
        .map_err(|e| Some(e.to_string()))?;
    for file in &generated.files {
        println!("cargo::rerun-if-changed={}", file.display());
    }
    let file = out_dir.join("nvinfer.rs");
    write_whole(&file, &generated.text).map_err(Some)?;
    Ok(file)
}

/// Why TensorRT's headers in `include` are not handed to libclang, if one of them (`Nv*.h`) is
/// no regular file: libclang would read a FIFO for ever (the build hangs) and a device
/// (`/dev/zero`) without end. The first such, and why, in words.
#[cfg(any(feature = "bindgen", test))]
fn header_no_file(include: &Path) -> Option<(PathBuf, String)> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(include)
        .ok()?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("Nv") && n.ends_with(".h"))
        })
        .collect();
    entries.sort();
    entries.into_iter().find_map(|path| {
        let kind = match std::fs::metadata(&path) {
            Ok(meta) if meta.is_file() => return None,
            Ok(meta) => crate::header::file_kind(&meta.file_type()),
            Err(_) => "a link to nothing",
        };
        let why = format!(
            "{} is {kind}, not a regular file, so the headers were not handed to libclang (it would wait on it, \
             or read it without end)",
            path.display()
        );
        Some((path, why))
    })
}

#[cfg(not(feature = "bindgen"))]
fn generate_bindings(_: &Found, _: Option<PathBuf>, _: &std::path::Path) -> Result<PathBuf, Option<String>> {
    Err(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_from_either_spelling_of_nvinferversion_h() {
        let dir = std::env::temp_dir().join(format!("trt-version-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("NvInferVersion.h"),
            "#define TRT_MAJOR_ENTERPRISE 11\n#define TRT_MINOR_ENTERPRISE 4\n#define TRT_PATCH_ENTERPRISE 0\n\
             #define NV_TENSORRT_MAJOR TRT_MAJOR_ENTERPRISE //!< major\n#define NV_TENSORRT_MINOR TRT_MINOR_ENTERPRISE\n\
             #define NV_TENSORRT_PATCH TRT_PATCH_ENTERPRISE\n",
        )
        .unwrap();
        assert_eq!(header_version(&dir), Some(110400));
        std::fs::write(
            dir.join("NvInferVersion.h"),
            "#define NV_TENSORRT_MAJOR 10\n#define NV_TENSORRT_MINOR 3\n#define NV_TENSORRT_PATCH 0\n",
        )
        .unwrap();
        assert_eq!(header_version(&dir), Some(100300));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A fresh folder for a test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("trt-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// [`read_header_version`] of `include`, given 20 seconds: a read that blocks is a failure.
    #[cfg(unix)]
    fn version_within_a_while(include: &Path) -> Result<u32, String> {
        let (send, receive) = std::sync::mpsc::channel();
        let include = include.to_path_buf();
        std::thread::spawn(move || {
            let _ = send.send(read_header_version(&include));
        });
        receive
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("reading NvInferVersion.h hung (a FIFO must be refused, not opened)")
    }

    #[cfg(unix)]
    extern "C" {
        fn mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
    }

    #[cfg(unix)]
    #[test]
    fn an_nvinferversion_h_that_is_no_regular_file_is_said_not_read() {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("not-a-file");
        let header = dir.join("NvInferVersion.h");
        // A FIFO nobody writes to: reading it would wait for ever.
        let c_path = std::ffi::CString::new(header.as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path in our own folder.
        assert_eq!(unsafe { mkfifo(c_path.as_ptr(), 0o600) }, 0);
        assert_eq!(
            version_within_a_while(&dir),
            Err(format!(
                "{}: a FIFO (named pipe), not a regular file, so it was not opened",
                header.display()
            ))
        );
        assert_eq!(header_version(&dir), None);
        // A character device (a link to /dev/zero: a read of it never ends), a folder, a link
        // to nothing.
        std::fs::remove_file(&header).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &header).unwrap();
        assert_eq!(
            version_within_a_while(&dir),
            Err(format!("{}: a device, not a regular file, so it was not opened", header.display()))
        );
        std::fs::remove_file(&header).unwrap();
        std::fs::create_dir(&header).unwrap();
        assert_eq!(
            version_within_a_while(&dir),
            Err(format!("{}: a folder, not a regular file, so it was not opened", header.display()))
        );
        std::fs::remove_dir(&header).unwrap();
        std::os::unix::fs::symlink(dir.join("gone.h"), &header).unwrap();
        let why = version_within_a_while(&dir).unwrap_err();
        assert!(why.starts_with(&format!("{}: ", header.display())), "{why}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_root_whose_nvinferversion_h_is_a_fifo_is_passed_over_with_the_reason() {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("fifo-root");
        let include = dir.join("include");
        std::fs::create_dir_all(&include).unwrap();
        std::fs::write(include.join("NvInfer.h"), "// TensorRT\n").unwrap();
        let c_path = std::ffi::CString::new(include.join("NvInferVersion.h").as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path in our own folder.
        assert_eq!(unsafe { mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let (send, receive) = std::sync::mpsc::channel();
        let candidates = vec![(format!("${ROOT_VAR}"), include.clone(), dir.clone())];
        std::thread::spawn(move || {
            let _ = send.send(search(candidates).map(|found| found.version));
        });
        let tried =
            receive.recv_timeout(std::time::Duration::from_secs(20)).expect("the search hung").unwrap_err();
        assert_eq!(
            tried,
            format!(
                "{} (${ROOT_VAR}): {}: a FIFO (named pipe), not a regular file, so it was not opened",
                include.display(),
                include.join("NvInferVersion.h").display()
            )
        );
        // An NvInfer.h that is a FIFO is no header either (it is only looked at, never opened).
        std::fs::remove_file(include.join("NvInfer.h")).unwrap();
        let c_path = std::ffi::CString::new(include.join("NvInfer.h").as_os_str().as_bytes()).unwrap();
        // SAFETY: as above.
        assert_eq!(unsafe { mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let tried = search(vec![("the system".into(), include.clone(), dir.clone())]).unwrap_err();
        assert_eq!(
            tried,
            format!("{} (the system): an NvInfer.h that is no regular file", include.display())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_header_libclang_would_read_that_is_no_regular_file_keeps_it_from_libclang() {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("libclang-fifo");
        for header in ["NvInfer.h", "NvInferRuntime.h", "NvInferVersion.h", "other.h"] {
            std::fs::write(dir.join(header), "// TensorRT\n").unwrap();
        }
        assert_eq!(header_no_file(&dir), None);
        // Only TensorRT's headers are looked at: another file of a shared folder (Debian's
        // /usr/include/<triple>) is none of its business.
        std::fs::remove_file(dir.join("other.h")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", dir.join("other.h")).unwrap();
        assert_eq!(header_no_file(&dir), None);
        std::fs::remove_file(dir.join("NvInferRuntime.h")).unwrap();
        let c_path = std::ffi::CString::new(dir.join("NvInferRuntime.h").as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path in our own folder.
        assert_eq!(unsafe { mkfifo(c_path.as_ptr(), 0o600) }, 0);
        assert_eq!(
            header_no_file(&dir).map(|(_, why)| why),
            Some(format!(
                "{} is a FIFO (named pipe), not a regular file, so the headers were not handed to libclang (it would \
                 wait on it, or read it without end)",
                dir.join("NvInferRuntime.h").display()
            ))
        );
        std::fs::remove_file(dir.join("NvInferRuntime.h")).unwrap();
        std::os::unix::fs::symlink(dir.join("gone.h"), dir.join("NvInferRuntime.h")).unwrap();
        let (path, why) = header_no_file(&dir).unwrap();
        assert_eq!(path, dir.join("NvInferRuntime.h"));
        assert!(why.contains("NvInferRuntime.h is a link to nothing, not a regular file"), "{why}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `NvInferVersion.h` of these lines, in a folder of its own; what reading it gives.
    fn version_of(name: &str, text: &str) -> (Result<u32, String>, PathBuf) {
        let dir = scratch(name);
        std::fs::write(dir.join("NvInferVersion.h"), text).unwrap();
        let read = read_header_version(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        (read, dir.join("NvInferVersion.h"))
    }

    #[test]
    fn every_part_of_the_version_that_no_release_has_is_said_with_the_file_and_the_number() {
        let rule =
            "(NV_TENSORRT_VERSION is 10000 * major + 100 * minor + patch, each from 0 to 99 and the major \
                    from 1: 11.4.0 is NV_TENSORRT_MAJOR 11, NV_TENSORRT_MINOR 4, NV_TENSORRT_PATCH 0)";
        let cases: &[(&str, &str, &str)] = &[
            // The issue's: 429497 * 10000 overflowed a u32 (a panic in the build script).
            ("major", "429497", "NV_TENSORRT_MAJOR 429497, which no TensorRT release has"),
            ("major", "100", "NV_TENSORRT_MAJOR 100, which no TensorRT release has"),
            ("major", "0", "NV_TENSORRT_MAJOR 0, which no TensorRT release has"),
            ("major", "4294967295", "NV_TENSORRT_MAJOR 4294967295, which no TensorRT release has"),
            (
                "major",
                "99999999999",
                "NV_TENSORRT_MAJOR as 99999999999, which is no number a TensorRT release has",
            ),
            ("major", "-1", "NV_TENSORRT_MAJOR as -1, which is no number a TensorRT release has"),
            ("major", "eleven", "NV_TENSORRT_MAJOR as eleven, which is no number a TensorRT release has"),
            // A minor or patch of 100 would read as the next major or minor: a wrong binding.
            ("minor", "100", "NV_TENSORRT_MINOR 100, which no TensorRT release has"),
            ("minor", "4294967295", "NV_TENSORRT_MINOR 4294967295, which no TensorRT release has"),
            ("patch", "100", "NV_TENSORRT_PATCH 100, which no TensorRT release has"),
            ("patch", "1e3", "NV_TENSORRT_PATCH as 1e3, which is no number a TensorRT release has"),
        ];
        for (i, (part, value, said)) in cases.iter().enumerate() {
            let [major, minor, patch] =
                ["major", "minor", "patch"].map(|p| if p == *part { *value } else { "1" });
            let text = format!(
                "#define NV_TENSORRT_MAJOR {major} //!< major\n#define NV_TENSORRT_MINOR {minor}\n#define NV_TENSORRT_PATCH {patch}\n"
            );
            let (read, header) = version_of(&format!("part-{i}"), &text);
            assert_eq!(read, Err(format!("{} defines {said} {rule}", header.display())), "{part} {value}");
        }
        // Through the macros 10.x and 11.x name: the number the macro it names has.
        let (read, header) = version_of(
            "through",
            "#define TRT_MAJOR_ENTERPRISE 429497\n#define TRT_MINOR_ENTERPRISE 4\n#define TRT_PATCH_ENTERPRISE 0\n\
             #define NV_TENSORRT_MAJOR TRT_MAJOR_ENTERPRISE\n#define NV_TENSORRT_MINOR TRT_MINOR_ENTERPRISE\n\
             #define NV_TENSORRT_PATCH TRT_PATCH_ENTERPRISE\n",
        );
        assert_eq!(
            read,
            Err(format!(
                "{} defines NV_TENSORRT_MAJOR 429497, which no TensorRT release has {rule}",
                header.display()
            ))
        );
        let (read, header) = version_of(
            "through-huge",
            "#define TRT_MAJOR_ENTERPRISE 99999999999\n#define NV_TENSORRT_MAJOR TRT_MAJOR_ENTERPRISE\n\
             #define NV_TENSORRT_MINOR 4\n#define NV_TENSORRT_PATCH 0\n",
        );
        assert_eq!(
            read,
            Err(format!(
                "{} defines NV_TENSORRT_MAJOR as TRT_MAJOR_ENTERPRISE (defined as 99999999999), which is no number a \
                 TensorRT release has {rule}",
                header.display()
            ))
        );
        // A part missing.
        let (read, header) =
            version_of("missing", "#define NV_TENSORRT_MAJOR 11\n#define NV_TENSORRT_PATCH 0\n");
        assert_eq!(read, Err(format!("{} defines no NV_TENSORRT_MINOR", header.display())));
        // The largest parts a release can have, and the smallest.
        let (read, _) = version_of(
            "largest",
            "#define NV_TENSORRT_MAJOR 99\n#define NV_TENSORRT_MINOR 99\n#define NV_TENSORRT_PATCH 99\n",
        );
        assert_eq!(read, Ok(999999));
        let (read, _) = version_of(
            "smallest",
            "#define NV_TENSORRT_MAJOR 10\n#define NV_TENSORRT_MINOR 0\n#define NV_TENSORRT_PATCH 0\n",
        );
        assert_eq!(read, Ok(100000));
    }

    #[test]
    fn a_tensorrt_older_than_10_is_passed_over_as_older() {
        // 8.6.1 reads as 80601, which is more than 10000 (what was checked) but no TensorRT 10.
        let dir = scratch("older");
        let include = dir.join("include");
        std::fs::create_dir_all(&include).unwrap();
        std::fs::write(include.join("NvInfer.h"), "// TensorRT\n").unwrap();
        std::fs::write(
            include.join("NvInferVersion.h"),
            "#define NV_TENSORRT_MAJOR 8\n#define NV_TENSORRT_MINOR 6\n#define NV_TENSORRT_PATCH 1\n",
        )
        .unwrap();
        let tried = search(vec![("the system".into(), include.clone(), dir.clone())]).unwrap_err();
        assert_eq!(
            tried,
            format!(
                "{} (the system): TensorRT 8.6.1, older than 10.0, whose classes nvinfer-sys does not bind",
                include.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_release_variable_with_parts_too_large_names_no_release_without_a_panic() {
        let files: Vec<(u32, PathBuf)> = [100000, 110400].iter().map(|v| (*v, PathBuf::new())).collect();
        for wanted in ["429497.0.0", "10.4294967295.0", "11.4.4294967295", "4294967295", "11.99999999999"] {
            let why = release_without_headers(&files, Some(wanted)).unwrap_err();
            assert!(why.starts_with(&format!("{RELEASE_VAR}={wanted} ")), "{why}");
        }
    }

    #[test]
    fn a_release_is_chosen_by_major_minor_or_patch() {
        let files: Vec<(u32, PathBuf)> =
            [100000, 100001, 100300, 110000, 110400].iter().map(|v| (*v, PathBuf::new())).collect();
        assert_eq!(release_without_headers(&files, None), Ok(110000));
        assert_eq!(release_without_headers(&files, Some("10")), Ok(100000));
        assert_eq!(release_without_headers(&files, Some("11.4")), Ok(110400));
        assert_eq!(release_without_headers(&files, Some("10.0.1")), Ok(100001));
        assert!(release_without_headers(&files, Some("9"))
            .unwrap_err()
            .contains("vendored are 10.0.0, 10.0.1"));
        assert!(release_without_headers(&files, Some("x")).is_err());
    }
}
