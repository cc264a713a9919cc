//! Finding `cuda.h` where users keep it.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A `cuda.h` and where it came from.
pub struct Cuda {
    /// The toolkit (or wheel) root: `include/` and the libraries live under it.
    pub root: PathBuf,
    pub include: PathBuf,
    /// `CUDA_VERSION` as the header defines it, e.g. 12090.
    pub version: u32,
    /// How it was found, for the build's message: `CUDA_PATH`, `nvcc on PATH`, ...
    pub found_by: String,
    /// Root variables that were set but held no `cuda.h`: worth a word to the user.
    pub ignored: Vec<String>,
}

impl Cuda {
    pub fn header(&self) -> PathBuf {
        self.include.join("cuda.h")
    }
}

/// Every place looked at, for the message when nothing was found.
#[derive(Default)]
pub struct Tried {
    /// Root variables that were not set.
    unset: Vec<&'static str>,
    /// No `nvcc` on `PATH`.
    no_nvcc: bool,
    /// (how it was found, the `cuda.h` that was not there or not usable), in order.
    missing: Vec<(String, String)>,
}

impl Tried {
    /// One line: the unset variables, then every file that was not there.
    pub fn summary(&self) -> String {
        let mut parts = vec![format!("{} not set", self.unset.join(", "))];
        if self.no_nvcc {
            parts.push("no nvcc on PATH".into());
        }
        parts.extend(self.missing.iter().map(|(_, place)| place.clone()));
        parts.join(", ")
    }
}

impl fmt::Display for Tried {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for var in &self.unset {
            writeln!(f, "    {var:<28} (not set)")?;
        }
        if self.no_nvcc {
            writeln!(f, "    {:<28} (no nvcc)", "nvcc on PATH")?;
        }
        for (source, place) in &self.missing {
            writeln!(f, "    {source:<28} {place}")?;
        }
        Ok(())
    }
}

/// Reads an environment variable and tells Cargo to rebuild when it changes.
pub fn env(name: &str) -> Option<OsString> {
    println!("cargo:rerun-if-env-changed={name}");
    std::env::var_os(name).filter(|value| !value.is_empty())
}

/// The variables that may name a toolkit root, in the order they are read.
pub const ROOT_VARS: [&str; 4] = ["CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "CUDA_TOOLKIT_ROOT_DIR"];

/// Looks in the documented order; the first root holding `include/cuda.h` wins.
pub fn cuda_h() -> Result<Cuda, Tried> {
    let mut tried = Tried::default();
    let mut candidates: Vec<(String, PathBuf)> = Vec::new();
    for var in ROOT_VARS {
        match env(var) {
            Some(root) => candidates.push((var.to_string(), root.into())),
            None => tried.unset.push(var),
        }
    }
    match nvcc_root() {
        Some(root) => candidates.push(("nvcc on PATH".into(), root)),
        None => tried.no_nvcc = true,
    }
    candidates.push(("/usr/local/cuda".into(), "/usr/local/cuda".into()));
    if let Some(newest) = newest_versioned("/usr/local") {
        candidates.push(("newest /usr/local/cuda-*".into(), newest));
    }
    candidates.push(("/opt/cuda".into(), "/opt/cuda".into()));
    // Debian's nvidia-cuda-dev puts cuda.h straight into /usr/include.
    candidates.push(("Debian (/usr/include)".into(), "/usr".into()));
    if let Some(found) = first_with_header(candidates, &mut tried) {
        return Ok(found);
    }
    // Asking Python where its packages live costs a process: only when all else failed.
    let wheels = python_site_packages()
        .into_iter()
        .flat_map(|site| ["nvidia/cu13", "nvidia/cuda_runtime"].map(|wheel| site.join(wheel)))
        .map(|root| ("Python NVIDIA wheel".to_string(), root))
        .collect();
    first_with_header(wheels, &mut tried).ok_or(tried)
}

fn first_with_header(candidates: Vec<(String, PathBuf)>, tried: &mut Tried) -> Option<Cuda> {
    for (found_by, root) in candidates {
        let include = root.join("include");
        let header = include.join("cuda.h");
        match std::fs::read_to_string(&header) {
            Ok(text) => match cuda_version(&text) {
                Some(version) => {
                    let ignored = ignored_vars(tried);
                    return Some(Cuda { root, include, version, found_by, ignored });
                }
                None => {
                    tried.missing.push((found_by, format!("{} (no CUDA_VERSION in it)", header.display())))
                }
            },
            Err(_) => tried.missing.push((found_by, header.display().to_string())),
        }
    }
    None
}

/// The root variables tried so far that were set but held no `cuda.h`.
fn ignored_vars(tried: &Tried) -> Vec<String> {
    tried
        .missing
        .iter()
        .filter(|(source, _)| ROOT_VARS.contains(&source.as_str()))
        .map(|(source, place)| format!("{source} ({place} not found)"))
        .collect()
}

/// `#define CUDA_VERSION 12090` -> 12090.
pub fn cuda_version(header: &str) -> Option<u32> {
    header.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("#define")?.trim_start().strip_prefix("CUDA_VERSION")?;
        rest.trim().parse().ok()
    })
}

/// `nvcc` found on `PATH` lives in `<root>/bin`.
fn nvcc_root() -> Option<PathBuf> {
    let path = env("PATH")?;
    std::env::split_paths(&path).find_map(|dir| {
        let nvcc = dir.join("nvcc");
        let nvcc = nvcc.is_file().then(|| nvcc.canonicalize().unwrap_or(nvcc))?;
        Some(nvcc.parent()?.parent()?.to_path_buf())
    })
}

/// The highest-versioned `cuda-X.Y` directory in `dir`.
fn newest_versioned(dir: &str) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let name = entry.file_name().into_string().ok()?;
            let version: Vec<u32> =
                name.strip_prefix("cuda-")?.split('.').map(|n| n.parse().ok()).collect::<Option<_>>()?;
            Some((version, entry.path()))
        })
        .max()
        .map(|(_, path)| path)
}

/// The site-packages of the active virtualenv or conda environment, then of `python3` on PATH.
fn python_site_packages() -> Vec<PathBuf> {
    let mut sites = Vec::new();
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        if let Some(prefix) = env(var) {
            let lib = Path::new(&prefix).join("lib");
            if let Ok(entries) = std::fs::read_dir(&lib) {
                for entry in entries.flatten() {
                    if entry.file_name().to_string_lossy().starts_with("python3") {
                        sites.push(entry.path().join("site-packages"));
                    }
                }
            }
        }
    }
    let script = "import site, sys\nprint('\\n'.join(site.getsitepackages() + [site.getusersitepackages()]))";
    if let Ok(out) = Command::new("python3").args(["-c", script]).output() {
        if out.status.success() {
            sites.extend(String::from_utf8_lossy(&out.stdout).lines().map(PathBuf::from));
        }
    }
    sites
}
