//! Finding the CUDA toolkit (its `include/cuda.h`) where users keep it, in the order the README's
//! "Finding CUDA" gives.

use std::ffi::OsString;
use std::fmt;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::env;

/// A toolkit root holding `include/cuda.h`, and how it was found.
#[derive(Clone, Debug)]
pub struct Toolkit {
    /// The toolkit (or wheel) root: `include/` and the libraries live under it.
    pub root: PathBuf,
    pub include: PathBuf,
    /// `CUDA_VERSION` as its `cuda.h` defines it, e.g. 12090.
    pub version: u32,
    /// How it was found, for messages: `CUDA_PATH`, `nvcc on PATH`, ...
    pub found_by: String,
}

/// Why the search found no toolkit at one place it looked.
#[derive(Clone, Debug)]
pub enum NoToolkit {
    /// A variable that was not set.
    Unset,
    /// No `cuda.h` (or no `nvcc`) there.
    Missing(PathBuf),
    /// A `cuda.h` that cannot be used, and why.
    Unusable(PathBuf, String),
    /// A setting that was refused, and why.
    Refused(String),
}

/// The old name of [`NoToolkit`].
#[deprecated(note = "renamed `NoToolkit`")]
pub type Seen = NoToolkit;

/// The result of a search: the toolkit, if any, and every place looked at before it.
#[derive(Debug, Default)]
pub struct Search {
    pub toolkit: Option<Toolkit>,
    /// (where, why no toolkit there), in the order looked at.
    pub places: Vec<(String, NoToolkit)>,
}

impl Search {
    /// Settings the user made that were not used: a root variable set to a folder without a
    /// usable `cuda.h`. Worth a warning even when another toolkit was found.
    pub fn ignored_settings(&self) -> Vec<String> {
        self.places
            .iter()
            .filter(|(how, _)| is_variable(how))
            .filter_map(|(how, seen)| match seen {
                NoToolkit::Unset => None,
                NoToolkit::Missing(path) => Some(format!("{how}: no {} there", path.display())),
                NoToolkit::Unusable(path, why) => Some(format!("{how}: {} {why}", path.display())),
                NoToolkit::Refused(why) => Some(format!("{how}: {why}")),
            })
            .collect()
    }

    /// One line for a warning: the variables that were not set, then every place tried.
    pub fn summary(&self) -> String {
        let unset: Vec<&str> = self
            .places
            .iter()
            .filter(|(_, seen)| matches!(seen, NoToolkit::Unset))
            .map(|(h, _)| h.as_str())
            .collect();
        let mut parts = Vec::new();
        match unset.len() {
            0 => {}
            1 => parts.push(format!("{} is not set", unset[0])),
            _ => parts.push(format!("{} are not set", unset.join(", "))),
        }
        let missing: Vec<String> = self
            .places
            .iter()
            .filter_map(|(_, seen)| match seen {
                NoToolkit::Missing(path) => Some(path.display().to_string()),
                _ => None,
            })
            .collect();
        if !missing.is_empty() {
            parts.push(format!("no {}", missing.join(", ")));
        }
        for (how, seen) in &self.places {
            match seen {
                NoToolkit::Unusable(path, why) => parts.push(format!("{} {why}", path.display())),
                NoToolkit::Refused(why) => parts.push(format!("{how}: {why}")),
                NoToolkit::Unset | NoToolkit::Missing(_) => {}
            }
        }
        parts.join("; ")
    }
}

/// Every place, one per line, for the block printed on stderr.
impl fmt::Display for Search {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (how, seen) in &self.places {
            match seen {
                NoToolkit::Unset => writeln!(f, "    {how:<30} (not set)")?,
                NoToolkit::Missing(path) => writeln!(f, "    {how:<30} {} (not there)", path.display())?,
                NoToolkit::Unusable(path, why) => writeln!(f, "    {how:<30} {} {why}", path.display())?,
                NoToolkit::Refused(why) => writeln!(f, "    {how:<30} {why}")?,
            }
        }
        Ok(())
    }
}

/// The variables that may name a toolkit root, in the order they are read.
pub const ROOT_VARS: [&str; 4] = ["CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "CUDA_TOOLKIT_ROOT_DIR"];

/// How long the one external program the search may run (`python3`, to ask where its packages
/// are) gets before it is given up on.
const PYTHON_TIME_LIMIT: Duration = Duration::from_secs(10);

fn is_variable(how: &str) -> bool {
    ROOT_VARS.contains(&how) || how.starts_with("CUDA_PATH_V")
}

/// Looks in the documented order; the first root holding a usable `include/cuda.h` wins.
pub fn toolkit() -> Search {
    let mut search = Search::default();
    let mut candidates: Vec<(String, PathBuf)> = Vec::new();
    for var in ROOT_VARS {
        match env::tracked(var) {
            Some(value) => match env::absolute(var, value) {
                Ok(root) => candidates.push((var.into(), root)),
                Err(why) => search.places.push((var.into(), NoToolkit::Refused(why))),
            },
            None => search.places.push((var.into(), NoToolkit::Unset)),
        }
    }
    // NVIDIA's Windows installer sets one CUDA_PATH_V<major>_<minor> per installed version.
    for (var, value) in versioned_path_vars() {
        println!("cargo::rerun-if-env-changed={var}");
        match env::absolute(&var, value) {
            Ok(root) => candidates.push((var, root)),
            Err(why) => search.places.push((var, NoToolkit::Refused(why))),
        }
    }
    match nvcc_root() {
        Some(root) => candidates.push(("nvcc on PATH".into(), root)),
        None => search
            .places
            .push(("nvcc".into(), NoToolkit::Missing(PathBuf::from(format!("{} on PATH", nvcc_name()))))),
    }
    if cfg!(windows) {
        let program_files =
            env::untracked("ProgramFiles").unwrap_or_else(|| OsString::from(r"C:\Program Files"));
        let dir = Path::new(&program_files).join(r"NVIDIA GPU Computing Toolkit\CUDA");
        for root in versioned_dirs(&dir, "v") {
            candidates.push((dir.display().to_string(), root));
        }
    } else {
        candidates.push(("/usr/local/cuda".into(), "/usr/local/cuda".into()));
        if let Some(newest) = versioned_dirs(Path::new("/usr/local"), "cuda-").into_iter().next() {
            candidates.push(("newest /usr/local/cuda-*".into(), newest));
        }
        candidates.push(("/opt/cuda".into(), "/opt/cuda".into()));
        // Debian's nvidia-cuda-dev puts cuda.h straight into /usr/include.
        candidates.push(("Debian (/usr/include)".into(), "/usr".into()));
    }
    if first_usable(candidates, &mut search) {
        return search;
    }
    // A conda environment's own CUDA packages (its prefix, not its Python's packages).
    if first_usable(conda_roots(), &mut search) {
        return search;
    }
    // Asking Python where its packages live costs a process: only when all else failed.
    let mut wheels = Vec::new();
    for site in python_site_packages() {
        let roots = wheel_roots(&site);
        if roots.is_empty() {
            let pattern = site.join("nvidia").join("*").join("include").join("cuda.h");
            search.places.push(("Python NVIDIA wheel".into(), NoToolkit::Missing(pattern)));
        }
        wheels.extend(roots.into_iter().map(|root| ("Python NVIDIA wheel".to_string(), root)));
    }
    first_usable(wheels, &mut search);
    search
}

/// Tries each candidate root in turn; records what it saw. True once one is usable.
fn first_usable(candidates: Vec<(String, PathBuf)>, search: &mut Search) -> bool {
    for (found_by, root) in candidates {
        let include = root.join("include");
        let header = include.join("cuda.h");
        match crate::header::read_bytes(&header, crate::header::LARGEST) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                match crate::header::cuda_version(&text) {
                    Some(version) => match crate::header::plausible("CUDA_VERSION", version) {
                        Ok(version) => {
                            search.toolkit = Some(Toolkit { root, include, version, found_by });
                            return true;
                        }
                        Err(why) => search
                            .places
                            .push((found_by, NoToolkit::Unusable(header, format!("defines {why}")))),
                    },
                    None if bytes.iter().all(u8::is_ascii_whitespace) => {
                        search.places.push((found_by, NoToolkit::Unusable(header, "is empty".into())));
                    }
                    None => search
                        .places
                        .push((found_by, NoToolkit::Unusable(header, "defines no CUDA_VERSION".into()))),
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                search.places.push((found_by, NoToolkit::Missing(header)));
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
                search.places.push((found_by, NoToolkit::Unusable(header, format!("is {e}"))))
            }
            Err(e) => {
                search.places.push((found_by, NoToolkit::Unusable(header, format!("cannot be read: {e}"))))
            }
        }
    }
    false
}

/// Where `crt/host_defines.h` is, which `cuda_runtime_api.h` includes, when it is not in the
/// toolkit's own `include/`: CUDA 11 and 12's runtime wheel leaves it to the nvcc wheel
/// (`nvidia/cuda_nvcc/include`) beside it.
pub fn crt_include(toolkit_root: &Path) -> Option<PathBuf> {
    if toolkit_root.join("include/crt/host_defines.h").is_file() {
        return None;
    }
    let nvcc = toolkit_root.parent()?.join("cuda_nvcc").join("include");
    nvcc.join("crt/host_defines.h").is_file().then_some(nvcc)
}

/// `CUDA_PATH_V13_0`-style variables, newest version first.
fn versioned_path_vars() -> Vec<(String, OsString)> {
    let mut vars: Vec<(Vec<u32>, String, OsString)> = std::env::vars_os()
        .filter_map(|(name, value)| {
            let name = name.into_string().ok()?;
            let version = parse_version(name.strip_prefix("CUDA_PATH_V")?, '_')?;
            (!value.is_empty()).then_some((version, name, value))
        })
        .collect();
    vars.sort_by(|a, b| b.0.cmp(&a.0));
    vars.into_iter().map(|(_, name, value)| (name, value)).collect()
}

/// `12_9` or `12.9` -> [12, 9].
fn parse_version(text: &str, separator: char) -> Option<Vec<u32>> {
    text.split(separator).map(|n| n.parse().ok()).collect()
}

fn nvcc_name() -> &'static str {
    if cfg!(windows) {
        "nvcc.exe"
    } else {
        "nvcc"
    }
}

/// `nvcc` found on `PATH` lives in `<root>/bin`. `PATH` is a hint, not a setting: see `env`.
fn nvcc_root() -> Option<PathBuf> {
    let path = env::untracked("PATH")?;
    std::env::split_paths(&path).find_map(|dir| {
        let nvcc = dir.join(nvcc_name());
        let nvcc = nvcc.is_file().then(|| nvcc.canonicalize().unwrap_or(nvcc))?;
        Some(nvcc.parent()?.parent()?.to_path_buf())
    })
}

/// The `<prefix>X.Y` folders in `dir`, highest version first.
fn versioned_dirs(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<(Vec<u32>, PathBuf)> = entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let name = entry.file_name().into_string().ok()?;
            Some((parse_version(name.strip_prefix(prefix)?, '.')?, entry.path()))
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0));
    found.into_iter().map(|(_, path)| path).collect()
}

/// The CUDA major of NVIDIA's Python wheels installed where no toolkit (no `cuda.h`, the runtime
/// wheel's) was found: a CUDA 13 library's wheel installed alone. Their headers say no release;
/// their libraries' file names say the major (`lib<name>.so.13`), and so does a folder named for
/// it (`nvidia/cu13`, which a header-only wheel fills too). The major, of `majors`, and what said
/// it, where everything found says one major.
pub fn wheels_major(majors: &[u32]) -> Option<(u32, PathBuf)> {
    let windows = env::target_os() == "windows";
    let mut found: Option<(u32, PathBuf)> = None;
    for site in python_site_packages() {
        for library in cuda_loader::ALL {
            let cuda_loader::Role::Toolkit { wheels, .. } = library.role else { continue };
            for wheel in wheels {
                for &major in majors {
                    let root = site.join(wheel.replace("{major}", &major.to_string()));
                    // (A file named alike for another major says nothing: a library versioned apart from CUDA.)
                    let name = library.files.of(major, windows);
                    let unique =
                        majors.iter().filter(|m| library.files.of(**m, windows) == name).count() == 1;
                    let file = cuda_loader::wheel_dirs(&root)
                        .into_iter()
                        .map(|dir| dir.join(&name))
                        .find(|f| unique && f.is_file());
                    let Some(evidence) =
                        file.or_else(|| (wheel.contains("{major}") && root.is_dir()).then_some(root))
                    else {
                        continue;
                    };
                    match &found {
                        Some((seen, _)) if *seen != major => return None,
                        Some(_) => {}
                        None => found = Some((major, evidence)),
                    }
                }
            }
        }
    }
    found
}

/// The roots NVIDIA's runtime wheels install under a site-packages folder, where `cuda.h` is: the
/// runtime's description's wheel folders (`nvidia/cu{major}`: `cu13`, `cu14`, ..., newest
/// first; then CUDA 11 and 12's `nvidia/cuda_runtime`).
fn wheel_roots(site: &Path) -> Vec<PathBuf> {
    let cuda_loader::Role::Toolkit { wheels, .. } = cuda_loader::RUNTIME.role else { return Vec::new() };
    // No NVIDIA wheel at all here (no `nvidia/`): nothing to try; the search reports the pattern.
    let top = |wheel: &&str| Path::new(wheel).components().next().map(|c| site.join(c));
    if !wheels.iter().filter_map(top).any(|dir| dir.is_dir()) {
        return Vec::new();
    }
    let mut roots = Vec::new();
    for wheel in wheels {
        let Some((before, after)) = wheel.split_once("{major}") else {
            roots.push(site.join(wheel));
            continue;
        };
        let folder = site.join(Path::new(before).parent().unwrap_or(Path::new("")));
        let prefix =
            Path::new(before).file_name().map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        let mut majors: Vec<(u32, PathBuf)> = entries
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let name = entry.file_name().into_string().ok()?;
                let major = name.strip_prefix(&prefix)?.strip_suffix(after)?.parse().ok()?;
                Some((major, entry.path()))
            })
            .collect();
        majors.sort_by_key(|(major, _)| std::cmp::Reverse(*major));
        roots.extend(majors.into_iter().map(|(_, path)| path));
    }
    roots
}

/// The roots of the active conda environment's own CUDA packages (conda-forge's `cuda-cudart-dev`,
/// each library's `-dev` package, ..., and NVIDIA's channel's), a hint as `CONDA_PREFIX` is: on
/// Linux the prefix, whose `include/` the `-dev` packages link their headers into (and where the
/// packages of a library with a root of its own put theirs), then each `targets/<arch>-linux`,
/// where the toolkit's packages keep them (without those links: the "splayed" layout); on Windows
/// `Library`. Their libraries are the roots' `lib/` (see conda-forge's packages: <https://github.com/conda-forge/cuda-cudart-feedstock>).
fn conda_roots() -> Vec<(String, PathBuf)> {
    let Some(prefix) = env::untracked("CONDA_PREFIX").map(PathBuf::from).filter(|p| p.is_absolute()) else {
        return Vec::new();
    };
    let found_by = "the conda environment ($CONDA_PREFIX)".to_string();
    if cfg!(windows) {
        return vec![(found_by, prefix.join("Library"))];
    }
    let mut roots = vec![(found_by.clone(), prefix.clone())];
    if let Ok(entries) = std::fs::read_dir(prefix.join("targets")) {
        let mut targets: Vec<PathBuf> = entries.flatten().map(|entry| entry.path()).collect();
        targets.sort();
        roots.extend(targets.into_iter().map(|target| (found_by.clone(), target)));
    }
    roots
}

/// The site-packages of the active virtualenv or conda environment, then of `python3` on PATH:
/// asked once per build script (the toolkit search and the wheels' major both read them).
fn python_site_packages() -> Vec<PathBuf> {
    static SITES: std::sync::OnceLock<Vec<PathBuf>> = std::sync::OnceLock::new();
    SITES.get_or_init(ask_site_packages).clone()
}

fn ask_site_packages() -> Vec<PathBuf> {
    let mut sites = Vec::new();
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        let Some(prefix) = env::untracked(var) else { continue };
        // The same folders the loader searches at run time.
        sites.extend(cuda_loader::site_packages(Path::new(&prefix)));
    }
    let script = "import site\nprint('\\n'.join(site.getsitepackages() + [site.getusersitepackages()]))";
    let python = if cfg!(windows) { "python" } else { "python3" };
    if let Some(out) = output_within(Command::new(python).args(["-c", script]), PYTHON_TIME_LIMIT) {
        sites.extend(out.lines().map(PathBuf::from));
    }
    sites
}

/// The standard output of a command that succeeded within `limit`; `None` if it could not be
/// started, failed, or ran too long (then it is killed: a hanging program must not hang the build).
/// The limit holds for the output too: a program that exits but leaves a child of its own
/// holding the pipe (a daemon started by a `sitecustomize`) is given up on at the limit.
pub fn output_within(command: &mut Command, limit: Duration) -> Option<String> {
    let start = Instant::now();
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()?;
    let mut stdout = child.stdout.take()?;
    // Read on another thread, so a child that fills the pipe cannot block before it exits, and
    // so the wait for the pipe's end can stop at the limit. A reader given up on stays blocked
    // until the pipe closes; it holds nothing else.
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = sender.send(stdout.read_to_string(&mut text).ok().map(|_| text));
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() < limit => std::thread::sleep(Duration::from_millis(20)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    };
    if !status.success() {
        return None;
    }
    receiver.recv_timeout(limit.saturating_sub(start.elapsed())).ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_hanging_program_is_given_up_on() {
        let start = Instant::now();
        let out = output_within(Command::new("sh").args(["-c", "sleep 30"]), Duration::from_millis(300));
        assert_eq!(out, None);
        assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    }

    /// Issue 24, item 10: the program exits but leaves a child holding its stdout; the limit
    /// holds all the same (the pipe's end is not waited for).
    #[cfg(unix)]
    #[test]
    fn a_program_whose_child_holds_its_stdout_is_given_up_on() {
        let start = Instant::now();
        let out = output_within(
            Command::new("sh").args(["-c", "sleep 20 & echo hello"]),
            Duration::from_millis(300),
        );
        assert_eq!(out, None);
        assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    }

    #[cfg(unix)]
    #[test]
    fn a_quick_program_is_read() {
        let out = output_within(Command::new("sh").args(["-c", "echo hello"]), Duration::from_secs(10));
        assert_eq!(out.as_deref(), Some("hello\n"));
    }

    /// Issue 24, item 6: a `cuda.h` whose `CUDA_VERSION` no CUDA has is not used; the search
    /// says why and goes on.
    #[test]
    fn a_cuda_h_with_an_impossible_version_is_not_used() {
        let dir = std::env::temp_dir().join(format!("cuda-bindings-build-impossible-{}", std::process::id()));
        for (name, version) in [("absurd", "4294967295"), ("zero", "0"), ("tiny", "999"), ("huge", "100000")]
        {
            std::fs::create_dir_all(dir.join(name).join("include")).unwrap();
            let text = format!("#define CUDA_VERSION {version}\n");
            std::fs::write(dir.join(name).join("include/cuda.h"), text).unwrap();
        }
        std::fs::create_dir_all(dir.join("good/include")).unwrap();
        std::fs::write(dir.join("good/include/cuda.h"), "#define CUDA_VERSION 13050\n").unwrap();
        let mut search = Search::default();
        let candidates =
            ["absurd", "zero", "tiny", "huge", "good"].map(|name| (name.to_string(), dir.join(name)));
        let found = first_usable(candidates.into(), &mut search);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(found);
        assert_eq!(search.toolkit.as_ref().map(|t| t.version), Some(13050));
        let seen: Vec<String> = search.places.iter().map(|(how, seen)| format!("{how}: {seen:?}")).collect();
        assert_eq!(seen.len(), 4, "{seen:?}");
        for (line, version) in seen.iter().zip(["4294967295", "0", "999", "100000"]) {
            assert!(line.contains(&format!("CUDA_VERSION {version}, which no CUDA version has")), "{line}");
        }
    }

    #[test]
    fn wheel_roots_follow_the_runtimes_description() {
        let site = std::env::temp_dir().join(format!("cuda-bindings-build-wheels-{}", std::process::id()));
        for name in ["cu12", "cu13", "cuda_runtime", "cuX", "cufoo"] {
            std::fs::create_dir_all(site.join("nvidia").join(name)).unwrap();
        }
        let found: Vec<String> =
            wheel_roots(&site).iter().map(|p| p.strip_prefix(&site).unwrap().display().to_string()).collect();
        std::fs::remove_dir_all(&site).unwrap();
        assert_eq!(found, ["nvidia/cu13", "nvidia/cu12", "nvidia/cuda_runtime"]);
    }

    #[test]
    fn versioned_dirs_sort_by_number_not_text() {
        let dir = std::env::temp_dir().join(format!("cuda-bindings-build-versions-{}", std::process::id()));
        for name in ["cuda-12.9", "cuda-12.10", "cuda-9.2", "cuda-x", "other"] {
            std::fs::create_dir_all(dir.join(name)).unwrap();
        }
        let found: Vec<String> = versioned_dirs(&dir, "cuda-")
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found, ["cuda-12.10", "cuda-12.9", "cuda-9.2"]);
    }
}

/// Where a library that ships apart from the CUDA toolkit, in a root of its own, keeps its
/// header: the root the header's library folders hang from, its `include/`, and the
/// header's version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryRoot {
    pub root: PathBuf,
    pub include: PathBuf,
    pub version: u32,
    pub found_by: String,
}

/// Finds `library`'s header, in order: `$<home>/include` (`found.home`, as NVIDIA's own Makefiles
/// take their library's root), the CUDA toolkit found (`toolkit`: a CUDA install may carry it), the conda
/// environment's prefix, the Python environment's NVIDIA wheel of the library (its description's
/// wheel roots), then `/usr` (Debian's and NVIDIA's packages). `Err`: every place tried, one per
/// line.
pub fn library_root(
    library: &cuda_loader::Library,
    home: &str,
    toolkit: Option<&Path>,
) -> Result<LibraryRoot, String> {
    let mut candidates: Vec<(String, PathBuf)> = Vec::new();
    let mut tried = Vec::new();
    match env::tracked(home).map(|value| env::absolute(home, value)) {
        Some(Ok(root)) => candidates.push((home.to_string(), root)),
        Some(Err(why)) => tried.push(format!("{home}: {why}")),
        None => tried.push(format!("{home}: not set")),
    }
    if let Some(root) = toolkit {
        candidates.push(("the CUDA toolkit".into(), root.to_path_buf()));
        // Pip's layout: the library's wheel beside the CUDA wheel's root (nvidia/<library> beside
        // the nvidia/cu13 that CUDA_PATH names).
        for name in library.build.found.beside {
            if let Some(parent) = root.parent() {
                candidates.push(("the wheel beside the CUDA toolkit".into(), parent.join(name)));
            }
        }
    }
    // A conda environment's packages of it (the prefix's `include/`).
    candidates.extend(conda_roots().into_iter().take(1));
    if let cuda_loader::Role::Toolkit { wheels, .. } = library.role {
        for site in python_site_packages() {
            for wheel in wheels.iter().filter(|w| !w.contains('{')) {
                candidates.push(("Python NVIDIA wheel".into(), site.join(wheel)));
            }
        }
    }
    if !cfg!(windows) {
        candidates.push(("/usr".into(), "/usr".into()));
    }
    for (found_by, root) in candidates {
        let include = root.join("include");
        let header = include.join(library.header);
        if !header.exists() {
            tried.push(format!("{found_by}: no {}", header.display()));
            continue;
        }
        match crate::header::read_version(library, &include) {
            Ok(version) => {
                if let Some(path) = env::cargo_text(&header) {
                    println!("cargo::rerun-if-changed={path}");
                }
                return Ok(LibraryRoot { root, include, version, found_by });
            }
            Err(why) => tried.push(format!("{found_by}: {why}")),
        }
    }
    Err(tried.join("\n"))
}

/// The old name of [`LibraryRoot`].
#[deprecated(note = "renamed `LibraryRoot`")]
pub type Own = LibraryRoot;

/// The old name of [`library_root`].
#[deprecated(note = "renamed `library_root`")]
pub fn own_header(
    library: &cuda_loader::Library,
    home: &str,
    toolkit: Option<&Path>,
) -> Result<LibraryRoot, String> {
    library_root(library, home, toolkit)
}
