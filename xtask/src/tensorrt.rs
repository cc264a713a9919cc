//! `cargo xtask tensorrt ...`: TensorRT's headers, and nvinfer-sys's vendored bindings.
//!
//! - `headers [DIR] [--git SNAPSHOT --onnx-git SNAPSHOT]`: every TensorRT release's headers
//!   this machine can have, into `DIR/<major.minor.patch>/include` (default
//!   `.tensorrt-headers`); prints each root. From crates.io (what CI can reach): the
//!   TensorRT Enterprise headers the `trtx-sys` crate ships ([`CRATES`]), read with
//!   `cargo info`. With `--git`, also every release of a git snapshot of NVIDIA/TensorRT (each
//!   tag's `include/`, and the last commit of each other `NvInferVersion.h`), with
//!   `NvOnnxParser.h` from an onnx/onnx-tensorrt snapshot (`--onnx-git`) where the release
//!   kept it in its `parsers/onnx` submodule.
//! - `vendor [--check] [--headers DIR]`: regenerate the vendored bindings of each release under
//!   DIR into the store `nvinfer-sys/src/vendored/nvinfer_<N>.edits` (`cuda_bindings_build::edits`:
//!   the newest release whole, each older one as its edits from the next newer); with `--check`,
//!   fail if a release the store makes differs from what the generator makes (only the releases
//!   DIR holds are compared).
//! - `stand-in [--check] [--headers DIR]`: the stand-in library's generated half
//!   (`lessons/trt-stand-in/trace_base.h`), from [`STAND_IN_RELEASE`]'s headers.
//! - `vendored VERSION`: one vendored release (`110400`) as a build makes it from the store, on
//!   stdout.
//! - `dump INCLUDE`: the bindings for one folder of headers, on stdout.

use std::path::{Path, PathBuf};
use std::process::Command;

use cuda_bindings_build::tensorrt::{header_version, version_text};

/// The release the stand-in library's generated half is made from (and the trace tests compile
/// against): the newest whose headers CI can download.
pub const STAND_IN_RELEASE: &str = "11.4.0";

/// crates.io packages that carry TensorRT's own headers: (crate, version, folder in it).
const CRATES: &[(&str, &str, &str)] = &[
    ("trtx-sys", "0.8.0+rtx1.5", "TensorRT-Headers/TRT-Enterprise-11.1"),
    ("trtx-sys", "0.9.1+rtx1.7", "TensorRT-Headers/TRT-Enterprise-11.4"),
];

pub fn main(root: &Path, args: &[String]) -> Result<(), String> {
    let option =
        |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(PathBuf::from);
    let positional = args.get(1).filter(|a| !a.starts_with("--")).map(PathBuf::from);
    match args.first().map(String::as_str) {
        Some("headers") => {
            let dir = positional.unwrap_or_else(|| root.join(".tensorrt-headers"));
            for release in headers(&dir, option("--git").as_deref(), option("--onnx-git").as_deref())? {
                println!("{}", release.display());
            }
            Ok(())
        }
        Some("vendor") => {
            let dir = option("--headers").unwrap_or_else(|| root.join(".tensorrt-headers"));
            vendor(root, &dir, args.iter().any(|a| a == "--check"))
        }
        Some("stand-in") => {
            // The stand-in's generated half, from the newest release CI has headers of.
            let dir = option("--headers").unwrap_or_else(|| root.join(".tensorrt-headers"));
            let include = dir.join(STAND_IN_RELEASE).join("include");
            let text = cuda_bindings_build::generate::cpp::stand_in_base(&include).map_err(|e| e.to_string())?;
            let file = root.join("lessons/trt-stand-in/trace_base.h");
            if args.iter().any(|a| a == "--check") {
                if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
                    return Err(format!("{} differs from the generator's: run `cargo xtask tensorrt stand-in`", file.display()));
                }
                return Ok(());
            }
            std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
            println!("wrote {}", file.display());
            Ok(())
        }
        Some("vendored") => {
            // One release as the store makes it for a build.
            let version = args.get(1).and_then(|v| v.parse().ok()).ok_or("vendored NV_TENSORRT_VERSION")?;
            let dir = root.join("nvinfer-sys/src/vendored");
            let release = cuda_bindings_build::edits::materialize(&dir, cuda_bindings_build::tensorrt::STEM, version)
                .map_err(|e| e.to_string())?;
            print!("{}", release.text);
            Ok(())
        }
        Some("dump") => {
            let include = positional.ok_or("dump INCLUDE")?;
            let generated = cuda_bindings_build::generate::cpp::generate(&include, None).map_err(|e| e.to_string())?;
            print!("{}", generated.text);
            Ok(())
        }
        _ => Err("usage: cargo xtask tensorrt headers [DIR] [--git SNAPSHOT --onnx-git SNAPSHOT] | vendor [--check] \
                  [--headers DIR] | stand-in [--check] [--headers DIR] | vendored VERSION | dump INCLUDE"
            .into()),
    }
}

/// Every release's root under `dir`, oldest first, after fetching what is missing.
fn headers(dir: &Path, git: Option<&Path>, onnx_git: Option<&Path>) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (krate, version, folder) in CRATES {
        let source = crate_source(krate, version)?.join(folder);
        let found = header_version(&source).ok_or(format!("{}: no NvInferVersion.h", source.display()))?;
        copy_headers(&source, &dir.join(version_text(found)).join("include"))?;
    }
    if let Some(git) = git {
        for (version, commit) in git_releases(git)? {
            let include = dir.join(version_text(version)).join("include");
            if include.join("NvInfer.h").is_file() {
                continue;
            }
            std::fs::create_dir_all(&include).map_err(|e| e.to_string())?;
            let archive = Command::new("git")
                .arg("--git-dir")
                .arg(git)
                .args(["archive", &commit, "include"])
                .output()
                .map_err(|e| format!("git: {e}"))?;
            untar(&archive.stdout, &include, 1)?;
            // Before 10.14 the ONNX parser's header was in the parsers/onnx submodule.
            if !include.join("NvOnnxParser.h").is_file() {
                if let Some(onnx) = onnx_git {
                    if let Some(text) = submodule_file(git, &commit, onnx) {
                        std::fs::write(include.join("NvOnnxParser.h"), text).map_err(|e| e.to_string())?;
                    }
                }
            }
        }
    }
    let mut roots: Vec<(u32, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .flatten()
        .filter_map(|e| Some((header_version(&e.path().join("include"))?, e.path())))
        .collect();
    roots.sort();
    Ok(roots.into_iter().map(|(_, p)| p).collect())
}

/// A crate's source as crates.io has it, through cargo itself (`cargo info` downloads it into
/// Cargo's registry folder).
fn crate_source(krate: &str, version: &str) -> Result<PathBuf, String> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let find = || -> Option<PathBuf> {
        std::fs::read_dir(home.join("registry/src"))
            .ok()?
            .flatten()
            .map(|d| d.path().join(format!("{krate}-{version}")))
            .find(|p| p.is_dir())
    };
    if let Some(found) = find() {
        return Ok(found);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["info", "--quiet", &format!("{krate}@{version}")])
        .current_dir(std::env::temp_dir())
        .stdout(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("cargo info: {e}"))?;
    if !status.success() {
        return Err(format!("cargo info {krate}@{version} failed: is crates.io reachable?"));
    }
    find().ok_or(format!(
        "cargo info {krate}@{version} left no source in {}",
        home.join("registry/src").display()
    ))
}

fn copy_headers(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?.flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy_headers(&path, &to.join(entry.file_name()))?;
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Each release of a TensorRT snapshot: each tag, then the last commit of each other version
/// `NvInferVersion.h` had. (version, commit).
fn git_releases(git: &Path) -> Result<Vec<(u32, String)>, String> {
    let run = |args: &[&str]| -> Result<String, String> {
        let out = Command::new("git")
            .arg("--git-dir")
            .arg(git)
            .args(args)
            .output()
            .map_err(|e| format!("git: {e}"))?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let version_at = |commit: &str| -> Option<u32> {
        let text = run(&["show", &format!("{commit}:include/NvInferVersion.h")]).ok()?;
        let dir = std::env::temp_dir().join(format!("xtask-trt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        std::fs::write(dir.join("NvInferVersion.h"), text).ok()?;
        let version = header_version(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        version
    };
    let mut releases: Vec<(u32, String)> = Vec::new();
    for tag in run(&["tag"])?.lines() {
        if let Some(version) = version_at(tag).filter(|v| *v >= 100000) {
            releases.push((version, tag.to_string()));
        }
    }
    for commit in run(&["rev-list", "--all", "--", "include/NvInferVersion.h"])?.lines() {
        if let Some(version) = version_at(commit).filter(|v| *v >= 100000) {
            // rev-list lists newest first: the first seen of a version is its last commit.
            if !releases.iter().any(|(v, _)| *v == version) {
                releases.push((version, commit.to_string()));
            }
        }
    }
    releases.sort();
    Ok(releases)
}

/// `NvOnnxParser.h` of the onnx-tensorrt commit a TensorRT commit's `parsers/onnx` points at.
fn submodule_file(git: &Path, commit: &str, onnx_git: &Path) -> Option<Vec<u8>> {
    let out = Command::new("git")
        .arg("--git-dir")
        .arg(git)
        .args(["ls-tree", commit, "parsers/onnx"])
        .output()
        .ok()?;
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    let submodule = line.split_whitespace().nth(2)?.to_string();
    let out = Command::new("git")
        .arg("--git-dir")
        .arg(onnx_git)
        .args(["show", &format!("{submodule}:NvOnnxParser.h")])
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout)
}

fn untar(archive: &[u8], to: &Path, strip: u32) -> Result<(), String> {
    use std::io::Write as _;
    let mut child = Command::new("tar")
        .args(["-x", &format!("--strip-components={strip}"), "-C"])
        .arg(to)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("tar: {e}"))?;
    child.stdin.take().ok_or("tar's stdin")?.write_all(archive).map_err(|e| e.to_string())?;
    let status = child.wait().map_err(|e| e.to_string())?;
    status.success().then_some(()).ok_or_else(|| "tar failed".into())
}

fn vendor(root: &Path, dir: &Path, check: bool) -> Result<(), String> {
    use cuda_bindings_build::{edits, tensorrt::STEM};
    let out = root.join("nvinfer-sys/src/vendored");
    // Every release the store holds, as a build makes it.
    let mut texts = std::collections::BTreeMap::new();
    for version in edits::releases(&out, STEM) {
        texts.insert(version, edits::materialize(&out, STEM, version).map_err(|e| e.to_string())?.text);
    }
    // LEGACY-MIGRATION
    for entry in std::fs::read_dir(&out).map_err(|e| e.to_string())?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(v) = name
            .strip_prefix("nvinfer_")
            .and_then(|n| n.strip_suffix(".rs"))
            .and_then(|n| n.parse::<u32>().ok())
        {
            texts.insert(v, std::fs::read_to_string(entry.path()).map_err(|e| e.to_string())?);
        }
    }
    let mut stale = Vec::new();
    let mut releases: Vec<(u32, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e} (run `cargo xtask tensorrt headers` first)", dir.display()))?
        .flatten()
        .filter_map(|e| Some((header_version(&e.path().join("include"))?, e.path().join("include"))))
        .collect();
    releases.sort();
    for (version, include) in releases {
        let generated = cuda_bindings_build::generate::cpp::generate(&include, None)
            .map_err(|e| format!("TensorRT {}: {e}", version_text(version)))?;
        if check {
            if texts.get(&version) != Some(&generated.text) {
                stale.push(out.join(edits::file_name(STEM, version)).display().to_string());
            }
        } else {
            texts.insert(version, generated.text);
        }
    }
    if !check {
        // The newest whole, each older one as its edits from the next newer.
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        let versions: Vec<u32> = texts.keys().copied().collect();
        for (i, version) in versions.iter().enumerate() {
            let parent = versions.get(i + 1).map(|p| (*p, texts[p].as_str()));
            let file = out.join(edits::file_name(STEM, *version));
            let encoded = edits::encode(STEM, *version, parent, &texts[version]);
            if std::fs::read_to_string(&file).ok().as_deref() != Some(encoded.as_str()) {
                std::fs::write(&file, encoded).map_err(|e| format!("{}: {e}", file.display()))?;
                println!("wrote {}", file.display());
            }
        }
    }
    if stale.is_empty() {
        return Ok(());
    }
    Err(format!(
        "nvinfer-sys's vendored bindings differ from what the generator makes of the headers: {}\n\
         run `cargo xtask tensorrt headers && cargo xtask tensorrt vendor` and commit the result (never edit them by hand)",
        stale.join(", ")
    ))
}
