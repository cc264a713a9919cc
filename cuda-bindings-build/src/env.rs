//! Reading the environment from a build script.
//!
//! Two kinds of variable: those that choose the bindings (`CUDA_PATH`, `CUDA_SYS_STRICT`, ...),
//! whose change must rebuild, and those only consulted as hints while searching (`PATH`,
//! `VIRTUAL_ENV`, `CONDA_PREFIX`), which an editor and a terminal often see differently: a
//! rebuild of every crate above ours each time would cost more than it is worth. A change of
//! those takes `cargo clean -p <crate>` to be seen, which the build's messages say.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// A variable that decides the build: read, and Cargo told to rebuild when it changes.
/// Set but empty counts as unset.
pub fn tracked(name: &str) -> Option<OsString> {
    println!("cargo::rerun-if-env-changed={name}");
    untracked(name)
}

/// A variable read as a hint only: no rebuild when it changes. Set but empty counts as unset.
pub fn untracked(name: &str) -> Option<OsString> {
    std::env::var_os(name).filter(|value| !value.is_empty())
}

/// `CUDA_SYS_STRICT=1`: any fallback is a build error.
pub fn strict() -> bool {
    tracked(crate::STRICT_VAR).is_some_and(|v| v != "0")
}

/// A path from a variable, absolute. A build script runs in its package's folder, not where
/// cargo was started, so a relative path is resolved against `$PWD` (the shell's folder when
/// cargo was started) or refused.
///
/// # Errors
/// A relative path when `$PWD` is unknown: the message says so.
pub fn absolute(name: &str, value: OsString) -> Result<PathBuf, String> {
    absolute_from(name, value, untracked("PWD").map(PathBuf::from))
}

fn absolute_from(name: &str, value: OsString, pwd: Option<PathBuf>) -> Result<PathBuf, String> {
    let path = PathBuf::from(value);
    if path.is_absolute() {
        return Ok(path);
    }
    match pwd.filter(|pwd| pwd.is_absolute()) {
        Some(pwd) => Ok(pwd.join(path)),
        None => Err(format!(
            "{name}={} is a relative path and the folder cargo was started in is unknown ($PWD is not set): \
             give an absolute path",
            path.display()
        )),
    }
}

/// `path` as Cargo's instructions can hold it: they are lines of UTF-8 text, so a path that is
/// not UTF-8 or holds a line break cannot be named to Cargo.
pub fn cargo_text(path: &Path) -> Option<&str> {
    path.to_str().filter(|text| !text.contains(['\n', '\r']))
}

/// The operating system the crate is being built for (`linux`, `windows`), which is not the
/// one the build script runs on when cross-compiling.
pub fn target_os() -> String {
    std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_text_is_one_line_of_utf8() {
        assert_eq!(
            cargo_text(Path::new("/usr/local/cuda/include/cuda.h")),
            Some("/usr/local/cuda/include/cuda.h")
        );
        assert_eq!(cargo_text(Path::new("/tmp/a\ncargo::rustc-cfg=x/cuda.h")), None);
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt as _;
            assert_eq!(cargo_text(Path::new(std::ffi::OsStr::from_bytes(b"/tmp/odd-\xff/cuda.h"))), None);
        }
    }

    #[test]
    fn a_relative_path_is_taken_from_where_cargo_was_started() {
        let pwd = std::env::temp_dir().join("project");
        let got = absolute_from("CUDA_PATH", "cuda/13.0".into(), Some(pwd.clone()));
        assert_eq!(got, Ok(pwd.join("cuda/13.0")));
        let absolute = std::env::temp_dir().join("cuda");
        assert_eq!(absolute_from("CUDA_PATH", absolute.clone().into(), None), Ok(absolute));
        let refused = absolute_from("CUDA_PATH", "cuda".into(), None).unwrap_err();
        assert!(
            refused.contains("CUDA_PATH=cuda is a relative path") && refused.contains("absolute"),
            "{refused}"
        );
    }
}
