//! Repository chores, run as `cargo xtask <command>`.
//!
//! - `headers [DIR]`: fetch every CUDA version CI builds against from NVIDIA's runtime wheels on
//!   PyPI into `DIR/<version>` (default `.cuda-headers`): `include/` (cuda.h,
//!   cuda_runtime_api.h, ...) and `lib/` (libcudart). Prints each toolkit root, one per line.
//! - `vendor [--check] [--headers DIR]`: regenerate the vendored bindings, one file per CUDA
//!   major from its newest version here; with `--check`, fail if the files differ.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use cuda_bindings_build::api::{Api, DRIVER};
use cuda_bindings_build::generate;

/// The CUDA versions CI builds against: (version, PyPI requirement, the toolkit root in the
/// wheel). The one list of versions in the repository: CI reads it from `cargo xtask headers`.
const VERSIONS: &[(&str, &str, &str)] = &[
    ("11.8", "nvidia-cuda-runtime-cu11==11.8.89", "nvidia/cuda_runtime"),
    ("12.0", "nvidia-cuda-runtime-cu12==12.0.107", "nvidia/cuda_runtime"),
    ("12.9", "nvidia-cuda-runtime-cu12==12.9.79", "nvidia/cuda_runtime"),
    ("13.0", "nvidia-cuda-runtime==13.0.96", "nvidia/cu13"),
    ("13.5", "nvidia-cuda-runtime==13.5.37", "nvidia/cu13"),
];

/// The crates with vendored bindings, and their APIs.
const VENDORED: &[(&str, &Api)] = &[("libcuda-sys", &DRIVER)];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let result = match args.first().map(String::as_str) {
        Some("headers") => {
            let dir = args.get(1).map(PathBuf::from).unwrap_or_else(|| root.join(".cuda-headers"));
            VERSIONS.iter().try_for_each(|&(version, _, _)| {
                fetch(&dir, version).map(|toolkit| println!("{}", toolkit.display()))
            })
        }
        Some("vendor") => vendor(&root, &args[1..]),
        _ => Err("usage: cargo xtask headers [DIR] | cargo xtask vendor [--check] [--headers DIR]".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `DIR/<version>`, a toolkit root holding `include/` and `lib/`, downloaded and unpacked if
/// not already there.
fn fetch(dir: &Path, version: &str) -> Result<PathBuf, String> {
    let &(_, requirement, inner) =
        VERSIONS.iter().find(|v| v.0 == version).ok_or(format!("unknown CUDA version {version}"))?;
    let root = dir.join(version);
    if root.join("include/cuda.h").is_file() {
        return Ok(root);
    }
    let wheels = dir.join("wheels");
    run(Command::new("python3")
        .args(["-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest"])
        .arg(&wheels)
        .arg(requirement))?;
    let (name, exact) = requirement.split_once("==").unwrap();
    let prefix = format!("{}-{exact}-", name.replace('-', "_"));
    let wheel = std::fs::read_dir(&wheels)
        .map_err(|e| e.to_string())?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| path.file_name().unwrap().to_string_lossy().starts_with(&prefix))
        .ok_or(format!("pip left no {prefix}*.whl in {}", wheels.display()))?;
    let unpacked = dir.join(format!("{version}.unpacked"));
    let _ = std::fs::remove_dir_all(&unpacked);
    run(Command::new("python3").args(["-m", "zipfile", "-e"]).arg(&wheel).arg(&unpacked))?;
    let _ = std::fs::remove_dir_all(&root);
    std::fs::rename(unpacked.join(inner), &root).map_err(|e| format!("{inner} in {}: {e}", wheel.display()))?;
    std::fs::remove_dir_all(&unpacked).map_err(|e| e.to_string())?;
    Ok(root)
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    status.success().then_some(()).ok_or(format!("{command:?} failed: {status}"))
}

/// The newest version of each major in [`VERSIONS`]: what the vendored bindings are made from.
fn newest_of_each_major() -> Vec<&'static str> {
    let mut newest: Vec<&str> = Vec::new();
    for &(version, _, _) in VERSIONS {
        let major = version.split('.').next();
        match newest.iter_mut().find(|v| v.split('.').next() == major) {
            Some(v) => *v = version, // VERSIONS is in increasing order
            None => newest.push(version),
        }
    }
    newest
}

fn vendor(root: &Path, args: &[String]) -> Result<(), String> {
    let check = args.iter().any(|a| a == "--check");
    let headers = match args.iter().position(|a| a == "--headers") {
        Some(i) => PathBuf::from(args.get(i + 1).ok_or("--headers needs a directory")?),
        None => root.join(".cuda-headers"),
    };
    let mut stale = Vec::new();
    for &(krate, api) in VENDORED {
        let dir = root.join(krate).join("src/vendored");
        let mut expected = Vec::new();
        for version in newest_of_each_major() {
            let toolkit = fetch(&headers, version)?;
            let generated =
                generate::generate(api, &toolkit.join("include"), false).map_err(|e| format!("CUDA {version}: {e}"))?;
            let path = dir.join(format!("{}_{}.rs", api.vendored_stem, generated.version));
            if check {
                if std::fs::read_to_string(&path).ok().as_deref() != Some(generated.text.as_str()) {
                    stale.push(path.display().to_string());
                }
            } else {
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                std::fs::write(&path, &generated.text).map_err(|e| format!("{}: {e}", path.display()))?;
                println!("wrote {}", path.display());
            }
            expected.push(path);
        }
        // Files of this API that the generator no longer makes.
        for entry in std::fs::read_dir(&dir).map_err(|e| e.to_string())?.filter_map(Result::ok) {
            let path = entry.path();
            let ours = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(&format!("{}_", api.vendored_stem)));
            if ours && !expected.contains(&path) {
                if check {
                    stale.push(format!("{} (no longer generated)", path.display()));
                } else {
                    std::fs::remove_file(&path).map_err(|e| e.to_string())?;
                    println!("removed {}", path.display());
                }
            }
        }
    }
    if stale.is_empty() {
        return Ok(());
    }
    Err(format!(
        "the vendored bindings differ from what the generator makes of the headers: {}\n\
         run `cargo xtask vendor` and commit the result (never edit those files by hand)",
        stale.join(", ")
    ))
}
