//! Finding libcuda at run time, and saying why a call could not reach it.
//!
//! Every function of this crate loads the driver on its first call: `$CUDA_SYS_LIBCUDA_PATH`
//! when set (and then nothing else), else `libcuda.so.1`, `libcuda.so` (the dynamic linker's
//! usual search), else WSL's `/usr/lib/wsl/lib/libcuda.so.1`. A call that cannot reach the
//! driver returns an error code instead of panicking:
//!
//! - no driver library could be loaded: [`CUDA_ERROR_STUB_LIBRARY`](crate::CUDA_ERROR_STUB_LIBRARY),
//!   the code NVIDIA's own stub `libcuda.so` returns when no real driver is installed;
//! - the driver lacks the function (it is older than the header):
//!   [`CUDA_ERROR_NOT_FOUND`](crate::CUDA_ERROR_NOT_FOUND), the code `cuGetProcAddress`
//!   returns for a symbol the driver does not have.
//!
//! [`explain`] turns either into a sentence (cuda-checked adds it to its error text).

use crate::CUresult;

/// The variable naming libcuda's full path. When set, it is the only file tried.
pub const LIBCUDA_PATH_VAR: &str = "CUDA_SYS_LIBCUDA_PATH";

/// Why the driver library could not be loaded: each file tried and the loader's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    attempts: Vec<(String, String)>,
    explicit: bool,
}

impl LoadError {
    /// The files tried, each with the dynamic loader's message.
    pub fn attempts(&self) -> &[(String, String)] {
        &self.attempts
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the CUDA driver (libcuda) could not be loaded: ")?;
        // "a: no such file; b: no such file" reads as "a, b: no such file".
        let mut groups: Vec<(Vec<&str>, &str)> = Vec::new();
        for (path, message) in &self.attempts {
            let reason =
                message.strip_prefix(path.as_str()).and_then(|m| m.strip_prefix(": ")).unwrap_or(message);
            match groups.last_mut() {
                Some((paths, last)) if *last == reason => paths.push(path),
                _ => groups.push((vec![path], reason)),
            }
        }
        for (i, (paths, reason)) in groups.iter().enumerate() {
            let sep = if i == 0 { "" } else { "; " };
            write!(f, "{sep}{}: {reason}", paths.join(", "))?;
        }
        if self.explicit {
            write!(f, ". Check {LIBCUDA_PATH_VAR}: it must name the driver's libcuda.so.1")
        } else {
            write!(
                f,
                ". Install the NVIDIA driver, or set {LIBCUDA_PATH_VAR} to the full path of its libcuda.so.1"
            )
        }
    }
}

impl std::error::Error for LoadError {}

#[cfg(not(feature = "link"))]
mod dynamic {
    use super::*;
    use crate::{CUDA_ERROR_NOT_FOUND, CUDA_ERROR_STUB_LIBRARY};
    use std::cell::Cell;
    use std::ffi::{c_void, CStr, CString};
    use std::sync::OnceLock;

    struct Library {
        handle: *mut c_void,
        path: String,
    }
    // The handle is only ever passed to dlsym, which is thread-safe.
    unsafe impl Send for Library {}
    unsafe impl Sync for Library {}

    static LIBRARY: OnceLock<Result<Library, LoadError>> = OnceLock::new();

    thread_local! {
        /// The last symbol this thread asked for and the driver lacked.
        static MISSING: Cell<Option<&'static str>> = const { Cell::new(None) };
    }

    fn library() -> Result<&'static Library, &'static LoadError> {
        LIBRARY.get_or_init(open).as_ref()
    }

    fn open() -> Result<Library, LoadError> {
        let explicit = std::env::var_os(LIBCUDA_PATH_VAR).filter(|p| !p.is_empty());
        let candidates: Vec<String> = match &explicit {
            Some(path) => vec![path.to_string_lossy().into_owned()],
            None => {
                ["libcuda.so.1", "libcuda.so", "/usr/lib/wsl/lib/libcuda.so.1"].map(String::from).to_vec()
            }
        };
        let mut attempts = Vec::new();
        for path in candidates {
            let Ok(c_path) = CString::new(path.as_str()) else {
                attempts.push((path.clone(), format!("{path}: the path contains a NUL byte")));
                continue;
            };
            // SAFETY: dlopen with a valid C string; RTLD_NOW surfaces missing dependencies here.
            let handle = unsafe { libc::dlopen(c_path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
            if !handle.is_null() {
                return Ok(Library { handle, path });
            }
            // SAFETY: dlerror returns this thread's message for the dlopen that just failed.
            let message = unsafe { libc::dlerror() };
            let message = if message.is_null() {
                format!("{path}: could not be opened")
            } else {
                unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
            };
            attempts.push((path, message));
        }
        Err(LoadError { attempts, explicit: explicit.is_some() })
    }

    /// The address of `symbol` (NUL-terminated) in libcuda. Called once per function by the
    /// generated wrappers; an error is the code that call returns.
    #[doc(hidden)]
    pub fn resolve(symbol: &'static str) -> Result<*mut (), CUresult> {
        let library = library().map_err(|_| CUDA_ERROR_STUB_LIBRARY)?;
        // SAFETY: a live handle and a NUL-terminated name.
        let address = unsafe { libc::dlsym(library.handle, symbol.as_ptr().cast()) };
        if address.is_null() {
            MISSING.with(|m| m.set(Some(symbol.trim_end_matches('\0'))));
            return Err(CUDA_ERROR_NOT_FOUND);
        }
        Ok(address.cast())
    }

    /// Loads the driver now, if not yet done: the path it was loaded from, or why it could not be.
    pub fn library_path() -> Result<&'static str, &'static LoadError> {
        library().map(|l| l.path.as_str())
    }

    pub fn explain(code: CUresult) -> Option<String> {
        if code == CUDA_ERROR_STUB_LIBRARY {
            return library().err().map(ToString::to_string);
        }
        if code != CUDA_ERROR_NOT_FOUND {
            return None;
        }
        let symbol = MISSING.with(Cell::take)?;
        let driver = match driver_version() {
            Some(v) => format!("CUDA {}.{} ({v})", v / 1000, v % 1000 / 10),
            None => "an unknown CUDA version".into(),
        };
        let header = crate::CUDA_VERSION;
        Some(format!(
            "the CUDA driver has no function `{symbol}`: the driver supports {driver}, older than the \
             cuda.h these bindings come from (CUDA {}.{}, {header}). Update the NVIDIA driver, or build \
             against the cuda.h of an older toolkit",
            header / 1000,
            header % 1000 / 10
        ))
    }

    fn driver_version() -> Option<i32> {
        let library = library().ok()?;
        // SAFETY: cuDriverGetVersion has had this signature since CUDA 2.2.
        let f = unsafe { libc::dlsym(library.handle, c"cuDriverGetVersion".as_ptr()) };
        if f.is_null() {
            return None;
        }
        let f: unsafe extern "C" fn(*mut i32) -> CUresult = unsafe { std::mem::transmute(f) };
        let mut version = 0;
        (unsafe { f(&mut version) } == crate::CUDA_SUCCESS).then_some(version)
    }
}

#[cfg(not(feature = "link"))]
pub use dynamic::{library_path, resolve};

/// Why a call returned `code` without reaching the driver, if that is what happened: the
/// loader's message when libcuda could not be loaded
/// ([`CUDA_ERROR_STUB_LIBRARY`](crate::CUDA_ERROR_STUB_LIBRARY)), or the function this thread
/// last asked for that the driver lacks ([`CUDA_ERROR_NOT_FOUND`](crate::CUDA_ERROR_NOT_FOUND);
/// taking it clears it). `None` for any other code, and always with the `link` feature.
pub fn explain(code: CUresult) -> Option<String> {
    #[cfg(not(feature = "link"))]
    return dynamic::explain(code);
    #[cfg(feature = "link")]
    {
        let _ = code;
        None
    }
}

#[cfg(all(test, not(feature = "link")))]
mod tests {
    use super::*;
    use crate::{ALL_FUNCTIONS, CUDA_ERROR_NOT_FOUND, CUDA_ERROR_STUB_LIBRARY};
    use std::process::Command;

    /// Set in the child process, with the loader pointed at `library`.
    const CHILD: &str = "CUDA_SYS_TEST_CHILD";

    /// Runs `test` in a fresh copy of this test binary whose loader sees only `library`: the
    /// driver state is per process, and it is decided on the first call.
    fn in_child(test: &str, library: &str) -> String {
        let out = Command::new(std::env::current_exe().unwrap())
            .args([test, "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
            .env(LIBCUDA_PATH_VAR, library)
            .env(CHILD, library)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "child {test} failed:\n{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "child {test} did not run:\n{stdout}");
        stdout
    }

    /// The child's body, only where `in_child` set the scene: calling every function with null
    /// arguments is safe only because none can reach a driver.
    fn call_everything(expected: CUresult) -> Option<usize> {
        let library = std::env::var(CHILD).ok()?;
        assert_eq!(std::env::var(LIBCUDA_PATH_VAR).ok(), Some(library));
        for &(name, call) in ALL_FUNCTIONS {
            let code = call();
            assert_eq!(code, expected, "{name}");
            let why = explain(code).unwrap_or_else(|| panic!("{name}: no explanation"));
            if expected == CUDA_ERROR_NOT_FOUND {
                // The wrapper asked the library for exactly its own symbol.
                assert!(why.contains(&format!("`{name}`")), "{name}: {why}");
                assert_eq!(explain(code), None, "explain takes the missing symbol");
            }
        }
        Some(ALL_FUNCTIONS.len())
    }

    #[test]
    fn every_function_returns_stub_library_without_a_driver() {
        let out = in_child("loader::tests::child_no_library", "/nonexistent/libcuda.so.1");
        assert!(out.contains(&format!("called {} functions", ALL_FUNCTIONS.len())), "{out}");
        assert!(ALL_FUNCTIONS.len() > 300, "only {} functions generated", ALL_FUNCTIONS.len());
    }

    #[test]
    #[ignore = "child of every_function_returns_stub_library_without_a_driver"]
    fn child_no_library() {
        if let Some(n) = call_everything(CUDA_ERROR_STUB_LIBRARY) {
            let why = explain(CUDA_ERROR_STUB_LIBRARY).unwrap();
            assert!(why.contains("/nonexistent/libcuda.so.1: cannot open shared object file"), "{why}");
            assert!(why.contains(LIBCUDA_PATH_VAR), "{why}");
            assert!(library_path().is_err());
            println!("called {n} functions");
        }
    }

    #[test]
    fn every_function_returns_not_found_from_a_library_without_it() {
        // libc is a real shared library with none of the driver's symbols: a driver too old for
        // every function of the header.
        let out = in_child("loader::tests::child_wrong_library", "libc.so.6");
        assert!(out.contains(&format!("called {} functions", ALL_FUNCTIONS.len())), "{out}");
    }

    #[test]
    #[ignore = "child of every_function_returns_not_found_from_a_library_without_it"]
    fn child_wrong_library() {
        if let Some(n) = call_everything(CUDA_ERROR_NOT_FOUND) {
            assert_eq!(library_path(), Ok("libc.so.6"));
            assert_eq!(explain(CUDA_ERROR_STUB_LIBRARY), None, "the library did load");
            println!("called {n} functions");
        }
    }
}
