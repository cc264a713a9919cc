//! The C++ generator (hand-written; what it writes is generated): TensorRT's headers in, Rust
//! out. TensorRT's API is C++ classes whose inline methods call virtual functions of an
//! implementation object (`apiv::VRuntime`), and abstract classes a program implements
//! (`ILogger`); bindgen's C++ mode gives neither the slot order nor the inline methods, so this
//! reads them with libclang itself:
//!
//! 1. `read`: every enum, record, polymorphic class (its vtable slots, Itanium order), alias,
//!    constant, `extern "C"` function and inline wrapper of the namespaces `nvinfer1` and
//!    `nvonnxparser`;
//! 2. `rust`: the bindings, one file per release (`nvinfer-sys/src/vendored/`);
//! 3. `probe`: a C++ program that prints what g++ makes of the same slots and layouts
//!    (pointer-to-member values, `offsetof`, `sizeof`), which nvinfer-sys's tests compare
//!    with what Rust makes of the generated tables.

mod cursor;
pub mod model;
mod probe;
mod read;
mod rust;
mod stand_in;

use std::path::{Path, PathBuf};

pub use read::HEADERS;

/// Bindings for one TensorRT release.
pub struct Generated {
    /// The Rust source (`include!`d by nvinfer-sys).
    pub text: String,
    /// The C++ probe's source: compiled with g++ against the same headers, it prints one line
    /// per slot, member and size (`slot nvinfer1::apiv::VRuntime::deserializeCudaEngine 3`).
    pub probe: String,
    /// The release, `[major, minor, patch, build]`.
    pub version: [u32; 4],
    /// Every header read.
    pub files: Vec<PathBuf>,
}

/// The folder of `cuda_runtime_api.h`'s stand-in: TensorRT's headers include it for
/// `cudaStream_t` and `cudaEvent_t` alone, which it declares as CUDA does.
pub fn stand_in() -> Result<PathBuf, super::Error> {
    let dir = std::env::temp_dir().join(format!("nvinfer-sys-stand-in-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| super::Error::Parse(format!("{}: {e}", dir.display())))?;
    let file = dir.join("cuda_runtime_api.h");
    std::fs::write(&file, STAND_IN).map_err(|e| super::Error::Parse(format!("{}: {e}", file.display())))?;
    Ok(dir)
}

/// What TensorRT's headers take from `cuda_runtime_api.h`, declared as CUDA declares it.
pub const STAND_IN: &str = "#pragma once\n\
    /* nvinfer-sys: what TensorRT's headers use of cuda_runtime_api.h, as CUDA declares it. */\n\
    typedef struct CUstream_st *cudaStream_t;\n\
    typedef struct CUevent_st *cudaEvent_t;\n";

/// Reads the TensorRT headers in `include` (`NvInfer.h`, and `NvInferPlugin.h` and
/// `NvOnnxParser.h` where present) and writes their bindings. `cuda_include` is a folder with
/// `cuda_runtime_api.h`; without one, the stand-in declares what TensorRT uses of it.
///
/// # Errors
/// No libclang, headers clang rejects, or a shape the reader does not know (multiple
/// inheritance, a member of a type it cannot spell).
pub fn generate(include: &Path, cuda_include: Option<&Path>) -> Result<Generated, super::Error> {
    super::clang::load().map_err(super::Error::NoLibclang)?;
    let include =
        include.canonicalize().map_err(|e| super::Error::Parse(format!("{}: {e}", include.display())))?;
    let mut extra: Vec<PathBuf> = cuda_include.map(Path::to_path_buf).into_iter().collect();
    let stand_in = stand_in()?;
    extra.push(stand_in.clone());
    let release = read::read(&include, &extra);
    let _ = std::fs::remove_dir_all(&stand_in);
    let release = release.map_err(super::Error::Parse)?;
    Ok(Generated {
        text: rust::write(&release),
        probe: probe::write(&release),
        version: release.version,
        files: release.files.clone(),
    })
}

/// The generated half of the stand-in library the trace tests load in TensorRT's place: a C++
/// header with a tracing class for every `apiv::V*` class and every abstract `nvonnxparser`
/// class of the headers in `include`.
///
/// # Errors
/// As [`generate`].
pub fn stand_in_base(include: &Path) -> Result<String, super::Error> {
    Ok(stand_in::write(&read_release(include)?))
}

/// The model of one release, for tools (the stand-in library's generator and the tests).
pub fn read_release(include: &Path) -> Result<model::Release, super::Error> {
    super::clang::load().map_err(super::Error::NoLibclang)?;
    let include =
        include.canonicalize().map_err(|e| super::Error::Parse(format!("{}: {e}", include.display())))?;
    let stand_in = stand_in()?;
    let release = read::read(&include, std::slice::from_ref(&stand_in));
    let _ = std::fs::remove_dir_all(&stand_in);
    release.map_err(super::Error::Parse)
}
