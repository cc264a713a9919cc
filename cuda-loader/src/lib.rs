//! The run-time core under libcuda-sys, cudart-sys, nvrtc-sys and cublas-sys.
//!
//! Each CUDA library is described once ([`Library`]: [`DRIVER`], [`RUNTIME`], [`NVRTC`],
//! [`CUBLAS`], [`CUBLASLT`]): its
//! header, its file per OS and major, where toolkits and NVIDIA's wheels keep it, the variable
//! that names it, its "not loaded" and "symbol missing" codes, how it words a code. The
//! generator and the build scripts read the description through cuda-bindings-build; at run time
//! each -sys crate holds one [`Loader`] made of it, and this crate does the rest:
//!
//! - loading on the first call (`dlopen`, `LoadLibraryExW`), in the library's search order,
//!   with the secure-execution rules (the environment may not choose what a setuid program
//!   loads), without a lock (a `fork()` during the first load leaves no child waiting);
//! - resolving each symbol lazily, or finding where the linker put a linked library;
//! - recording the symbol a call could not find, for the thread that made the call;
//! - every sentence saying why a call could not reach its library, and what a code means when
//!   the library cannot say ([`Loader::explain`], [`Loader::describe`]).
//!
//! A -sys crate is its bindings, its description and its tests: it has no loader code.
//!
//! Nothing here takes a symbol name from outside: a -sys crate's functions are the only callers
//! of [`Loader::resolve`], each with its own symbol.

pub mod child;
mod codes;
mod functions;
mod library;
mod load;
mod loader;
#[cfg_attr(unix, path = "os/unix.rs")]
#[cfg_attr(windows, path = "os/windows.rs")]
mod os;
mod published;
mod record;
mod shell;
mod tensorrt;
mod tests;

use std::ffi::CStr;

pub use functions::Unreachable;
pub use library::{
    ErrorText, Files, Library, PerOs, Role, Search, VersionFunction, CUBLAS, CUBLASLT, DRIVER, NCCL, NVRTC,
    RUNTIME,
};
pub use load::LoadError;
pub use loader::{site_packages, Bindings, Function, Loader, Reach};
pub use record::{clear_last_failure, last_unreached};
pub use tensorrt::{NVINFER, NVINFER_LEAN, NVINFER_PLUGIN, NVONNXPARSER};

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
