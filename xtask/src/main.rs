//! Repository chores, run as `cargo xtask <command>`.
//!
//! - `headers [DIR]`: fetch `cuda.h` for every CUDA version CI builds against, from NVIDIA's
//!   runtime wheels on PyPI, into `DIR/<version>/include` (default `.cuda-headers`).
//! - `vendor [--check] [--include DIR]`: regenerate `libcuda-sys/src/vendored/` from CUDA 12.9's
//!   header (fetched, or the one in `DIR`); with `--check`, fail if the files differ.

use cuda_bindings_build::generate;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The CUDA versions CI builds against: (version, PyPI requirement, include dir in the wheel).
const HEADERS: &[(&str, &str, &str)] = &[
    ("11.8", "nvidia-cuda-runtime-cu11==11.8.89", "nvidia/cuda_runtime/include"),
    ("12.0", "nvidia-cuda-runtime-cu12==12.0.107", "nvidia/cuda_runtime/include"),
    ("12.9", "nvidia-cuda-runtime-cu12==12.9.79", "nvidia/cuda_runtime/include"),
    ("13.0", "nvidia-cuda-runtime==13.0.96", "nvidia/cu13/include"),
    ("13.5", "nvidia-cuda-runtime==13.5.37", "nvidia/cu13/include"),
];

/// The header the vendored bindings are made from.
const VENDORED: &str = "12.9";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let result = match args.first().map(String::as_str) {
        Some("headers") => {
            let dir = args.get(1).map(PathBuf::from).unwrap_or_else(|| root.join(".cuda-headers"));
            HEADERS.iter().try_for_each(|&(version, _, _)| {
                fetch(&dir, version).map(|include| println!("{}", include.display()))
            })
        }
        Some("vendor") => vendor(&root, &args[1..]),
        _ => Err("usage: cargo xtask headers [DIR] | cargo xtask vendor [--check] [--include DIR]".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `DIR/<version>/include`, holding `cuda.h`, downloaded and unpacked if not already there.
fn fetch(dir: &Path, version: &str) -> Result<PathBuf, String> {
    let &(_, requirement, inner) =
        HEADERS.iter().find(|h| h.0 == version).ok_or(format!("unknown CUDA version {version}"))?;
    let root = dir.join(version);
    let include = root.join("include");
    if include.join("cuda.h").is_file() {
        return Ok(include);
    }
    let wheels = dir.join("wheels");
    run(Command::new("python3")
        .args(["-m", "pip", "download", "--quiet", "--no-deps", "--dest"])
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
    let unpacked = root.join("wheel");
    run(Command::new("python3").args(["-m", "zipfile", "-e"]).arg(&wheel).arg(&unpacked))?;
    std::fs::rename(unpacked.join(inner), &include)
        .map_err(|e| format!("{inner} in {}: {e}", wheel.display()))?;
    std::fs::remove_dir_all(&unpacked).map_err(|e| e.to_string())?;
    Ok(include)
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    status.success().then_some(()).ok_or(format!("{command:?} failed: {status}"))
}

fn vendor(root: &Path, args: &[String]) -> Result<(), String> {
    let check = args.iter().any(|a| a == "--check");
    let include = match args.iter().position(|a| a == "--include") {
        Some(i) => PathBuf::from(args.get(i + 1).ok_or("--include needs a directory")?),
        None => fetch(&root.join(".cuda-headers"), VENDORED)?,
    };
    let wrapper = root.join("libcuda-sys/wrapper.h");
    let mut stale = Vec::new();
    for (ptds, file) in [(false, "cuda.rs"), (true, "cuda_ptds.rs")] {
        let text = generate::generate(&include, &wrapper, ptds).map_err(|e| e.to_string())?;
        let path = root.join("libcuda-sys/src/vendored").join(file);
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(path);
            }
        } else {
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("wrote {}", path.display());
        }
    }
    if stale.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = stale.iter().map(|p| p.display().to_string()).collect();
    Err(format!(
        "the vendored bindings differ from what the generator makes of CUDA {VENDORED}'s cuda.h: {}\n\
         run `cargo xtask vendor` and commit the result (never edit those files by hand)",
        list.join(", ")
    ))
}
