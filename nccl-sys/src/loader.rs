//! Finding NCCL (libnccl) at run time, and saying why a call could not reach it.
//!
//! NCCL 2 has one ABI, so what is loaded is `libnccl.so.2`, the first found of:
//!
//! 1. `$NCCL_SYS_LIBNCCL_PATH` when set, and then nothing else: an absolute path (a relative
//!    one is refused), ignored in secure-execution mode (setuid, setgid, file capabilities),
//!    exactly as libcuda-sys treats `CUDA_SYS_LIBCUDA_PATH`;
//! 2. the library folders of the NCCL root the build found `nccl.h` in (`$NCCL_HOME`, the CUDA
//!    toolkit, the wheel: `lib64`, `targets/*/lib`, `lib`);
//! 3. NVIDIA's `nvidia-nccl-cu13` wheel in the active Python environment (`$VIRTUAL_ENV`,
//!    `$CONDA_PREFIX`: `nvidia/nccl/lib`), except in secure-execution mode;
//! 4. the system's dynamic loader (`LD_LIBRARY_PATH`, the ld.so cache).
//!
//! A library that loads is asked its version (`ncclGetVersion`) at once: one older than the
//! `nccl.h` these bindings come from ([`NCCL_VERSION_CODE`](crate::NCCL_VERSION_CODE)) is
//! refused, and the search goes on, because its functions and structs (`ncclConfig_t` grows
//! with each version) are older than the ones these bindings call. The [`LoadError`] names
//! each library passed over and its version. (With `link`, the dynamic linker chooses, and
//! nothing is checked.)
//!
//! A call that cannot reach NCCL returns [`ncclSystemError`](crate::ncclSystemError) instead
//! of panicking (`nccl.h` has no code for "no library"); [`explain`] tells that apart from
//! NCCL's own `ncclSystemError` and says why. (`ncclGetErrorString` and `ncclGetLastError`
//! return a static text saying so instead.) The names, folders and rules are libnccl's
//! description in cuda-loader ([`cuda_loader::NCCL`]), which loads it.

use std::path::Path;

use crate::ncclResult_t;

pub use cuda_loader::LoadError;

/// The variable naming libnccl's absolute path. When set, it is the only file tried, except in
/// secure-execution mode, where it is ignored.
pub const LIBNCCL_PATH_VAR: &str = cuda_loader::NCCL.variable;

/// Every NCCL symbol these bindings call, in the header's order; the same with and without
/// `link`.
pub const SYMBOLS: &[&str] = crate::bindings::SYMBOLS;

/// The library's file: `libnccl.so.2`.
pub const LIBRARY: &str = env!("CUDA_LIBRARY_FILE");

/// Loads NCCL now, if not yet done: where the dynamic loader found it, or why none could be
/// loaded (each file tried, with the reason: not there, or older than the header). Linked: the
/// file the dynamic linker loaded it from.
///
/// # Errors
/// Why no NCCL library could be loaded.
pub fn library_path() -> Result<&'static Path, &'static LoadError> {
    crate::LOADER.library_path()
}

/// Why this thread's last NCCL call returned `code`, when the reason is the loader's to give;
/// `None` otherwise, and then NCCL's own text for `code` (with `ncclGetLastError`'s) is the
/// whole story.
///
/// - `ncclSystemError`, when no library could be loaded: the [`LoadError`]; when this
///   thread's last call that returned it could not find its symbol in the loaded library:
///   which, and how the library's version compares with the header's.
/// - Any other code, and always when linked: `None`.
pub fn explain(code: ncclResult_t) -> Option<String> {
    crate::LOADER.explain(code.0)
}

/// The name and text for `code`, returned by this thread's last NCCL call, from the best
/// source at hand: NCCL's `ncclGetErrorString`, with [`explain`]'s reason after it when there
/// is one; without the library, the header's name and why. What cuda-checked's errors say.
pub fn describe(code: ncclResult_t) -> (String, String) {
    crate::LOADER.describe(code.0)
}

#[cfg(all(test, cuda_reach = "loaded", unix))]
mod tests {
    use super::*;
    use crate::{ncclSystemError, ALL_FUNCTIONS};
    use cuda_loader::os;
    use std::path::PathBuf;
    use std::process::Command;

    /// Set in the child process, with the loader pointed at `library`.
    const CHILD: &str = "NCCL_SYS_TEST_CHILD";

    fn in_child(test: &str, library: &Path) -> String {
        let out = Command::new(std::env::current_exe().unwrap())
            .args([test, "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
            .env(LIBNCCL_PATH_VAR, library)
            .env(CHILD, library)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "child {test} failed:\n{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "child {test} did not run:\n{stdout}");
        stdout
    }

    /// Every function, in a child whose loader sees only `library`: each returns
    /// `ncclSystemError` (or, returning no code, does not panic), and the loader explains it;
    /// `check` reads each explanation.
    fn call_everything(check: impl Fn(&str, &str)) -> Option<usize> {
        std::env::var_os(CHILD)?;
        let mut codes = 0;
        for &(name, call) in ALL_FUNCTIONS {
            let Some(code) = call() else { continue };
            let code = ncclResult_t(code);
            assert_eq!(code, ncclSystemError, "{name}");
            let why = explain(code).unwrap_or_else(|| panic!("{name}: no explanation"));
            check(name, &why);
            codes += 1;
        }
        Some(codes)
    }

    #[test]
    fn every_function_fails_with_a_reason_without_nccl() {
        let out = in_child("loader::tests::child_no_nccl", Path::new("/nonexistent/libnccl.so.2"));
        assert!(out.contains("returned codes: "), "{out}");
        assert!(ALL_FUNCTIONS.len() > 60, "only {} functions generated", ALL_FUNCTIONS.len());
    }

    #[test]
    #[ignore = "child of every_function_fails_with_a_reason_without_nccl"]
    fn child_no_nccl() {
        let n = call_everything(|name, why| {
            assert!(why.contains("the NCCL library (libnccl) could not be loaded"), "{name}: {why}");
            assert!(why.contains("/nonexistent/libnccl.so.2"), "{name}: {why}");
            assert!(why.contains(LIBNCCL_PATH_VAR), "{name}: {why}");
        });
        if let Some(n) = n {
            // Functions returning text answer with a text saying so, never null.
            let text =
                unsafe { std::ffi::CStr::from_ptr(crate::ncclGetErrorString(crate::ncclInternalError)) };
            assert!(text.to_string_lossy().contains("could not be reached"));
            let text = unsafe { std::ffi::CStr::from_ptr(crate::ncclGetLastError(std::ptr::null_mut())) };
            assert!(text.to_string_lossy().contains("could not be reached"));
            println!("returned codes: {n}");
        }
    }

    #[test]
    fn every_function_names_its_symbol_from_a_library_without_it() {
        let out = in_child("loader::tests::child_wrong_library", &os::some_other_library());
        assert!(out.contains("returned codes: "), "{out}");
    }

    #[test]
    #[ignore = "child of every_function_names_its_symbol_from_a_library_without_it"]
    fn child_wrong_library() {
        let n = call_everything(|name, why| {
            assert!(why.contains(&format!("`{name}`")), "{name}: {why}");
            assert!(why.contains("nor ncclGetVersion: it is not an NCCL library"), "{name}: {why}");
        });
        if let Some(n) = n {
            println!("returned codes: {n}");
        }
    }

    /// A fake libnccl.so.2 whose `ncclGetVersion` answers `version`, built with the system's C
    /// compiler into a folder of its own.
    fn fake_nccl(version: u32) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nccl-sys-fake-{version}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("fake.c");
        std::fs::write(&source, format!("int ncclGetVersion(int *v) {{ *v = {version}; return 0; }}\n"))
            .unwrap();
        let library = dir.join(LIBRARY);
        let status = Command::new("cc")
            .args(["-shared", "-fPIC", "-o"])
            .arg(&library)
            .arg(&source)
            .status()
            .expect("a C compiler (cc) for the fake libnccl");
        assert!(status.success(), "cc failed to build the fake libnccl");
        library
    }

    /// A library older than the header is refused at load, with both versions, and a library
    /// as new as the header is taken.
    #[test]
    fn an_older_nccl_is_refused_with_both_versions() {
        let (older, current) = (fake_nccl(crate::NCCL_VERSION_CODE - 1), fake_nccl(crate::NCCL_VERSION_CODE));
        let refused = in_child("loader::tests::child_older_nccl", &older);
        let loaded = in_child("loader::tests::child_current_nccl", &current);
        for library in [older, current] {
            std::fs::remove_dir_all(library.parent().unwrap()).unwrap();
        }
        assert!(refused.contains("refused: "), "{refused}");
        assert!(loaded.contains("loaded: "), "{loaded}");
    }

    #[test]
    #[ignore = "child of an_older_nccl_is_refused_with_both_versions"]
    fn child_older_nccl() {
        if std::env::var_os(CHILD).is_none() {
            return;
        }
        let mut version = 0;
        assert_eq!(unsafe { crate::ncclGetVersion(&mut version) }, ncclSystemError);
        assert_eq!(version, 0, "a refused library is never called");
        let why = explain(ncclSystemError).unwrap();
        let function = cuda_loader::NCCL.version_function;
        let (old, header) =
            (function.text(crate::NCCL_VERSION_CODE - 1), function.text(crate::NCCL_VERSION_CODE));
        assert!(
            why.contains(&format!("{old}, older than the nccl.h these bindings come from ({header})")),
            "{why}"
        );
        println!("refused: {why}");
    }

    #[test]
    #[ignore = "child of an_older_nccl_is_refused_with_both_versions"]
    fn child_current_nccl() {
        if std::env::var_os(CHILD).is_none() {
            return;
        }
        let mut version = 0;
        assert_eq!(unsafe { crate::ncclGetVersion(&mut version) }, crate::ncclSuccess);
        assert_eq!(version as u32, crate::NCCL_VERSION_CODE);
        println!("loaded: {}", library_path().unwrap().display());
    }
}
