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
/// `NV_TENSORRT_VERSION`.
pub fn header_version(include: &Path) -> Option<u32> {
    let text = std::fs::read_to_string(include.join("NvInferVersion.h")).ok()?;
    let define = |name: &str| -> Option<String> {
        text.lines().find_map(|line| {
            let mut words = line.split_whitespace();
            (words.next() == Some("#define") && words.next() == Some(name))
                .then(|| words.next().map(String::from))?
        })
    };
    let number = |name: &str| -> Option<u32> {
        let value = define(name)?;
        value.parse().ok().or_else(|| define(&value)?.parse().ok())
    };
    let (major, minor, patch) =
        (number("NV_TENSORRT_MAJOR")?, number("NV_TENSORRT_MINOR")?, number("NV_TENSORRT_PATCH")?);
    Some(major * 10000 + minor * 100 + patch)
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
    let mut candidates: Vec<(String, PathBuf)> = Vec::new();
    if let Some(root) = env::tracked(ROOT_VAR) {
        match env::absolute(ROOT_VAR, root) {
            Ok(root) => candidates.push((format!("${ROOT_VAR}"), root)),
            Err(why) => return Err(why),
        }
    }
    if let Some(root) = cuda_root {
        candidates.push(("the CUDA toolkit".into(), root.to_path_buf()));
    }
    let triple = match std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default().as_str() {
        "aarch64" => "aarch64-linux-gnu",
        _ => "x86_64-linux-gnu",
    };
    // Debian's layout: headers in /usr/include/<triple>, libraries in /usr/lib/<triple>.
    candidates.push(("NVIDIA's Debian packages".into(), PathBuf::from(format!("/usr/include/{triple}/.."))));
    for root in ["/usr", "/usr/local/tensorrt", "/opt/tensorrt"] {
        candidates.push(("the system".into(), PathBuf::from(root)));
    }
    let mut tried = Vec::new();
    for (how, root) in candidates {
        let include = if how == "NVIDIA's Debian packages" {
            PathBuf::from(format!("/usr/include/{triple}"))
        } else {
            root.join("include")
        };
        if !include.join("NvInfer.h").is_file() {
            tried.push(format!("{} ({how}): no NvInfer.h", include.display()));
            continue;
        }
        match header_version(&include) {
            Some(version) if version >= 10000 => {
                println!("cargo::rerun-if-changed={}", include.join("NvInferVersion.h").display());
                return Ok(Found { include, root, version, found_by: how });
            }
            Some(version) => tried.push(format!(
                "{} ({how}): TensorRT {}, older than 10.0, whose classes nvinfer-sys does not bind",
                include.display(),
                version_text(version)
            )),
            None => tried.push(format!("{} ({how}): no readable NvInferVersion.h", include.display())),
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
    std::fs::write(&file, release.text).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(file)
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
        [major, minor, patch] => *v == major * 10000 + minor * 100 + patch,
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
                if std::env::var_os("CARGO_FEATURE_BINDGEN").is_some() {
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
    if std::fs::read_to_string(&file).is_ok_and(|text| text.contains("\nnvonnxparser_fns! {")) {
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
    let dirs = std::env::join_paths(&dirs).unwrap_or_default();
    println!("cargo::rustc-env=NVINFER_LIB_DIRS={}", dirs.to_string_lossy());
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
    let generated = crate::generate::cpp::generate(&found.include, cuda_include.as_deref())
        .map_err(|e| Some(e.to_string()))?;
    for file in &generated.files {
        println!("cargo::rerun-if-changed={}", file.display());
    }
    let file = out_dir.join("nvinfer.rs");
    std::fs::write(&file, generated.text).map_err(|e| Some(format!("{}: {e}", file.display())))?;
    Ok(file)
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
