//! What the fault tests share: the fake drivers and runtimes, and running a scenario in a
//! child process (cuda-loader's `child`, which the -sys crates' loader tests use too).
//!
//! The fakes are built from `fakes/driver.c`, once per defect ([`FAKES`]). A test binary finds
//! them in `fakes/` beside itself (where a bundle for another machine puts them, see
//! `.ci/test-bundle`), or else builds them where it runs, with the system's C compiler (`$CC`,
//! else `cc`), into a folder of the temporary directory named for what is built: nothing of the
//! machine that built the binary is needed.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub use cuda_loader::child::{dispatch, Child, SCENARIO};

/// The fakes' source, carried in the binary so that it can build them anywhere.
const SOURCE: &str = include_str!("../fakes/driver.c");

/// Each fake: its file and the defines it is built with. `OLDER` and `NEWER` stand for a
/// version one major below and above the bindings' header, `HEADER` for the header's own, and
/// `NCCL_CODE` for the `NCCL_VERSION_CODE` of nccl-sys's bindings.
pub const FAKES: &[(&str, &[&str])] = &[
    ("libfake_old.so", &["FAKE_VERSION=OLDER", "LACKS_CTX_CREATE_V4"]),
    ("libfake_newer.so", &["FAKE_VERSION=NEWER", "LACKS_CTX_CREATE_V4"]),
    ("libfake_no_error_string.so", &["NO_ERROR_STRING"]),
    ("libfake_reused_buffer.so", &["REUSED_BUFFER"]),
    ("libfake_stub.so", &["STUB"]),
    ("libfake_sleepy.so", &["CTOR_SLEEPS"]),
    ("libfake_marker.so", &["CTOR_MARKER"]),
    ("libfake_null_error_text.so", &["NULL_ERROR_TEXT"]),
    ("libfake_runtime.so", &["RUNTIME"]),
    ("libfake_runtime_marker.so", &["RUNTIME", "CTOR_MARKER"]),
    ("libfake_nvrtc.so", &["NVRTC", "FAKE_VERSION=HEADER"]),
    ("libfake_nccl.so", &["NCCL=NCCL_CODE"]),
    ("libfake_nccl_no_last_error.so", &["NCCL=NCCL_CODE", "NO_LAST_ERROR"]),
    ("libfake_runtime_absurd_occupancy.so", &["RUNTIME", "ABSURD_OCCUPANCY"]),
    ("libfake_cublas.so", &["CUBLAS", "FAKE_VERSION=HEADER"]),
    ("libfake_cublaslt.so", &["CUBLASLT", "FAKE_VERSION=HEADER"]),
    ("libfake_nvml.so", &["NVML", "FAKE_VERSION=HEADER"]),
    ("libfake_nvml_lacks_count.so", &["NVML", "FAKE_VERSION=HEADER", "LACKS_COUNT_V2"]),
];

/// A fake built from `fakes/driver.c` (see [`FAKES`]): `libfake_old.so`, ...
pub fn fake(name: &str) -> PathBuf {
    assert!(FAKES.iter().any(|(n, _)| *n == name), "no fake {name} in FAKES");
    let path = fakes_dir().join(name);
    assert!(path.is_file(), "no fake driver {}", path.display());
    path
}

/// `fakes/` beside this binary when it has every fake, else the folder they were built in here.
fn fakes_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test binary's path");
        let beside = exe.parent().expect("a folder").join("fakes");
        if FAKES.iter().all(|(name, _)| beside.join(name).is_file()) {
            return beside;
        }
        build_fakes().unwrap_or_else(|e| panic!("the fake drivers could not be built here: {e}"))
    })
}

/// Builds every fake into `<temp>/fault-tests-fakes-<what is built>` (reused when there), each
/// into a file of its own name and then renamed, so that racing test binaries never see half
/// a library.
pub fn build_fakes() -> Result<PathBuf, String> {
    let header = header_version();
    let key = {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (SOURCE, FAKES, header, nccl_version()).hash(&mut hasher);
        hasher.finish()
    };
    let dir = std::env::temp_dir().join(format!("fault-tests-fakes-{key:016x}"));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let source = dir.join(format!("driver-{}.c", std::process::id()));
    std::fs::write(&source, SOURCE).map_err(|e| format!("{}: {e}", source.display()))?;
    let compiler = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
    for (name, defines) in FAKES {
        let out = dir.join(name);
        if out.is_file() {
            continue;
        }
        let partial = dir.join(format!("{name}.{}", std::process::id()));
        let mut command = Command::new(&compiler);
        command
            .args(["-shared", "-fPIC", "-fvisibility=hidden", "-Wl,-soname,libcuda.so.1", "-o"])
            .arg(&partial)
            .arg(&source);
        for define in *defines {
            let define = define
                .replace("OLDER", &(header - 1000).to_string())
                .replace("NEWER", &(header + 1000).to_string())
                .replace("HEADER", &header.to_string())
                .replace("NCCL_CODE", &nccl_version().to_string());
            command.arg(format!("-D{define}"));
        }
        let status = command.status().map_err(|e| format!("{command:?}: {e} (set CC to a C compiler)"))?;
        if !status.success() {
            return Err(format!("{command:?} failed: {status}"));
        }
        std::fs::rename(&partial, &out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    let _ = std::fs::remove_file(&source);
    Ok(dir)
}

/// The `CUDA_VERSION` of the header the bindings come from.
pub fn header_version() -> i64 {
    i64::from(cuda_sys::CUDA_VERSION)
}

/// The `NCCL_VERSION_CODE` of the nccl.h nccl-sys's bindings come from.
pub fn nccl_version() -> u32 {
    nccl_sys::NCCL_VERSION_CODE
}

/// Where each scenario points the libraries' loaders.
pub trait Libraries {
    /// Points the driver's loader at `path`.
    fn driver(self, path: impl AsRef<std::ffi::OsStr>) -> Self;
    /// Points the runtime's loader at `path`.
    fn runtime(self, path: impl AsRef<std::ffi::OsStr>) -> Self;
    /// Points NVRTC's loader at `path`.
    fn nvrtc(self, path: impl AsRef<std::ffi::OsStr>) -> Self;
    /// Points NCCL's loader at `path`.
    fn nccl(self, path: impl AsRef<std::ffi::OsStr>) -> Self;
}

impl Libraries for Child {
    fn driver(self, path: impl AsRef<std::ffi::OsStr>) -> Self {
        self.env(cuda_sys::loader::LIBCUDA_PATH_VAR, path)
    }

    fn runtime(self, path: impl AsRef<std::ffi::OsStr>) -> Self {
        self.env(cudart_sys::loader::LIBCUDART_PATH_VAR, path)
    }

    fn nvrtc(self, path: impl AsRef<std::ffi::OsStr>) -> Self {
        self.env(nvrtc_sys::loader::LIBNVRTC_PATH_VAR, path)
    }

    fn nccl(self, path: impl AsRef<std::ffi::OsStr>) -> Self {
        self.env(nccl_sys::loader::LIBNCCL_PATH_VAR, path)
    }
}

/// A fresh, empty folder under the system's temporary folder, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("fault-tests-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Waits up to `limit` for `path` to exist.
pub fn wait_for_file(path: &Path, limit: Duration) -> bool {
    let start = Instant::now();
    while !path.exists() {
        if start.elapsed() > limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    true
}
