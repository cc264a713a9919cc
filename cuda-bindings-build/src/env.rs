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

/// What bindgen and clang-sys read while generating, besides the header: where libclang is
/// (`LIBCLANG_PATH`; `LLVM_CONFIG_PATH`, the `llvm-config` to ask), where clang is (`CLANG_PATH`,
/// for its own headers), and clang's extra arguments (`BINDGEN_EXTRA_CLANG_ARGS`, or
/// `BINDGEN_EXTRA_CLANG_ARGS_<target>` with the target's triple as is or with `_` for `-`,
/// which wins). All are tracked: a change regenerates. (clang-sys also searches `PATH` and
/// `LD_LIBRARY_PATH`: hints, as above, not tracked.)
///
/// Tells Cargo to rerun when one changes.
pub fn track_clang_variables() {
    for name in ["LIBCLANG_PATH", "LLVM_CONFIG_PATH", "CLANG_PATH"]
        .into_iter()
        .map(String::from)
        .chain(extra_args_names())
    {
        tracked(&name);
    }
}

/// The names of clang's extra arguments, the first set wins: the target's, then the plain one.
fn extra_args_names() -> Vec<String> {
    let mut names: Vec<String> = std::env::var("TARGET")
        .ok()
        .iter()
        .flat_map(|t| {
            [format!("{EXTRA_CLANG_ARGS}_{t}"), format!("{EXTRA_CLANG_ARGS}_{}", t.replace('-', "_"))]
        })
        .collect();
    names.push(EXTRA_CLANG_ARGS.to_string());
    names
}

/// clang's extra arguments (see [`track_clang_variables`]), split as bindgen splits them (shell
/// quoting), so that the generator's own parse sees what bindgen's does.
///
/// # Errors
/// The variable is not UTF-8: bindgen leaves such a value out without a word, so a parse made
/// without what the user asked for is refused instead.
pub fn extra_clang_args() -> Result<Vec<String>, String> {
    let Some((name, value)) =
        extra_args_names().into_iter().find_map(|name| Some((name.clone(), untracked(&name)?)))
    else {
        return Ok(Vec::new());
    };
    match value.to_str() {
        Some(text) => Ok(split_arguments(text)),
        None => Err(format!(
            "{name}={} is not UTF-8, and bindgen would leave it out without a word: give the arguments in UTF-8",
            value.to_string_lossy()
        )),
    }
}

/// bindgen's variable of extra clang arguments.
pub const EXTRA_CLANG_ARGS: &str = "BINDGEN_EXTRA_CLANG_ARGS";

#[cfg(feature = "bindgen")]
fn split_arguments(value: &str) -> Vec<String> {
    shlex::split(value).unwrap_or_else(|| vec![value.to_string()])
}

#[cfg(not(feature = "bindgen"))]
fn split_arguments(value: &str) -> Vec<String> {
    value.split_whitespace().map(str::to_string).collect()
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
