//! `cuda_fns!`: each function of the generated list, loaded from libcudart on first call or
//! linked, made by libcuda-sys's shared macros (see libcuda-sys's `functions.rs`).

use std::ffi::c_char;

use crate::{cudaChannelFormatDesc, cudaError};
use cuda_sys::dylib::Unreachable;

#[cfg(not(feature = "link"))]
macro_rules! cuda_fns {
    ($($functions:tt)*) => {
        cuda_sys::__lazy_fns! { library: "libcudart", resolve: $crate::loader::resolve, $($functions)* }
    };
}

#[cfg(feature = "link")]
macro_rules! cuda_fns {
    // The library to link is the build script's choice (`cargo::rustc-link-lib`): a toolkit's
    // `libcudart.so`, or a wheel's `libcudart.so.<major>` by its full name.
    ($($functions:tt)*) => {
        cuda_sys::__linked_fns! { library: "libcudart", link: [], $($functions)* }
    };
}

/// What a call returns when the runtime cannot be reached: the loader's code.
impl Unreachable<cudaError> for cudaError {
    fn unreachable(error: cudaError) -> Self {
        error
    }

    fn code(&self) -> Option<u32> {
        Some(self.0)
    }
}

/// `cudaGetErrorName` and `cudaGetErrorString` without a runtime: a static C string that says
/// so, never null (C code passes their result straight to `printf`).
impl Unreachable<cudaError> for *const c_char {
    fn unreachable(_: cudaError) -> Self {
        c"the CUDA runtime could not be reached; cudart_sys::loader::explain says why".as_ptr()
    }

    fn code(&self) -> Option<u32> {
        None
    }
}

/// `cudaCreateChannelDesc` without a runtime: all zero, as `= {}` would be.
impl Unreachable<cudaError> for cudaChannelFormatDesc {
    fn unreachable(_: cudaError) -> Self {
        cudaChannelFormatDesc::default()
    }

    fn code(&self) -> Option<u32> {
        None
    }
}
