//! The run-time core under the -sys crates that bind an NVIDIA library: the library's one
//! description, its loading on the first call (or its linking), and every sentence saying why a
//! call could not reach it.
//!
//! Each CUDA library is described once ([`Library`], every one in [`ALL`]): its crate, its
//! header and how the build finds it, what the generator binds, its result codes and how it
//! words them, its file per OS and major, where toolkits and NVIDIA's wheels keep it, the
//! variable that names it. The generator, the build scripts and `cargo xtask` read the
//! description through cuda-bindings-build; at run time each -sys crate holds one [`Loader`]
//! made of it, and this crate does the rest:
//!
//! - loading on the first call (`dlopen`, `LoadLibraryExW`), in the library's search order,
//!   with the secure-execution rules (the environment may not choose what a setuid program
//!   loads), without a lock (a `fork()` during the first load leaves no child waiting);
//! - resolving each symbol lazily, or finding where the linker put a linked library;
//! - recording the symbol a call could not find, for the thread that made the call;
//! - every sentence saying why a call could not reach its library, and what a code means when
//!   the library cannot say ([`Loader::explain`], [`Loader::describe`]).
//!
//! A -sys crate is its bindings, its description and its tests: it has no loader code
//! ([`library!`], and the [`glue!`] the generator writes from the description).
//!
//! Nothing here takes a symbol name from outside: a -sys crate's functions are the only callers
//! of [`Loader::resolve`], each with its own symbol.

pub mod child;
mod codes;
mod folders;
mod functions;
mod libraries;
mod library;
mod load;
mod loader;
#[cfg_attr(unix, path = "os/unix.rs")]
#[cfg_attr(windows, path = "os/windows.rs")]
mod os;
mod published;
mod record;
mod sys_crate;
mod tests;

use std::ffi::CStr;

pub use folders::{join_folders, split_folders};
#[doc(hidden)]
pub use functions::{__not_called, __returned};
pub use functions::{Slot, Unreachable};
pub use libraries::*;
#[cfg(feature = "build")]
pub use library::{wheel_project, Binding, Build, Found, OwnReleases, WholeWheel};
pub use library::{
    Codes, ErrorText, Files, Library, Part, PerOs, Role, Scheme, Search, Version, VersionCall,
    VersionFunction,
};
pub use load::LoadError;
pub use loader::{site_packages, wheel_dirs, Bindings, Function, Loader, Reach};
pub use record::{clear_last_failure, last_unreached};

/// A result code type of a -sys crate (`CUresult`, `cudaError_t`, ...), as the generated glue
/// implements it: what cuda-checked needs to check a call and word its failure.
pub trait ResultCode: Copy + PartialEq + std::fmt::Debug + Send + Sync + 'static {
    /// The code for success.
    const SUCCESS: Self;
    /// Whether the call did its work: [`SUCCESS`](Self::SUCCESS), or a warning where the library
    /// has them (positive codes, [`Codes::positive_warnings`](crate::Codes)).
    fn is_success(self) -> bool {
        self == Self::SUCCESS
    }
    /// The code's name and text, from the best source at hand, for the call that this thread
    /// made last (its library's loader keeps what that call could not find).
    fn describe(self) -> (String, String);
    /// The code's number, as C's `static_cast<unsigned int>(code)` has it (what the samples'
    /// `checkCudaErrors` prints).
    fn number(self) -> u32;
    /// Why this thread's last call, which returned this code, never reached its library (none
    /// could be loaded, or it lacks the function), when that is why; `None` when the library's
    /// own answer is the whole story.
    fn unreached(self) -> Option<String>;
}

/// The description of the -sys crate whose crate name (Rust path) is `crate_name`, at compile
/// time: what the generated glue finds its library by (`env!("CARGO_CRATE_NAME")`). A crate
/// with no description stops the build.
#[doc(hidden)]
pub const fn description(crate_name: &str) -> &'static Library {
    let mut i = 0;
    while i < ALL.len() {
        if same(ALL[i].rust_path.as_bytes(), crate_name.as_bytes()) {
            return ALL[i];
        }
        i += 1;
    }
    panic!("this crate has no description in cuda_loader::ALL")
}

/// `a == b`, in a `const fn`.
const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `name\0` as a `&'static CStr`, at compile time: what the loader hands to `dlsym`. A name
/// with a NUL inside stops the build (no generated name has one).
#[doc(hidden)]
pub const fn symbol(name: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(name.as_bytes()) {
        Ok(symbol) => symbol,
        Err(_) => panic!("a symbol name must end in its only NUL"),
    }
}

/// A real shared library that has none of CUDA's symbols (libc; Windows: kernel32.dll), for
/// tests of what a loader says of a library that is not the one it wanted.
pub fn some_other_library() -> std::path::PathBuf {
    os::some_other_library()
}

/// `12090` as `12.9`.
pub fn cuda_version(version: impl Into<i64>) -> String {
    let version = version.into();
    format!("{}.{}", version / 1000, version % 1000 / 10)
}

#[cfg(test)]
mod unit_tests {
    use super::*;

    #[test]
    fn versions_read_as_people_write_them() {
        assert_eq!(cuda_version(12090), "12.9");
        assert_eq!(cuda_version(13000), "13.0");
        assert_eq!(cuda_version(11080u32), "11.8");
    }
}
