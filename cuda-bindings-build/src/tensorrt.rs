//! nvinfer-sys's build: finding TensorRT's headers, reading their release without libclang,
//! and choosing generated or vendored bindings (the table is nvinfer-sys's README's "Binding
//! generation"). Its generator is [`generate::cpp`](crate::generate::cpp) (feature `bindgen`).

use std::path::{Path, PathBuf};

use crate::env;

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
