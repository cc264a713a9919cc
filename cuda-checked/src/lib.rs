//! `check_driver!`: a CUDA Driver API call's `CUresult` as a `Result` whose error says where
//! the call was, what it was, and what the driver made of it.
//!
//! ```no_run
//! use cuda_checked::{check_driver, DriverResult};
//! use cuda_sys::*;
//!
//! fn main() -> DriverResult<()> {
//!     unsafe {
//!         check_driver!(cuInit(0))?;
//!         let mut count = 0;
//!         check_driver!(cuDeviceGetCount(&mut count))?;
//!         println!("{count} devices");
//!     }
//!     Ok(())
//! }
//! ```
//!
//! A failure reads as the C++ `checkDriver` macro's does:
//!
//! ```text
//! src/main.rs:12 cuMemAlloc(&mut ptr, 100) failed.
//!  code = CUDA_ERROR_INVALID_CONTEXT, message = invalid device context
//! ```
//!
//! The macro does not hide `unsafe`: a raw call stays in an `unsafe` block, as in any FFI code.
//!
//! ```compile_fail,E0133
//! use cuda_checked::check_driver;
//! use cuda_sys::cuInit;
//! fn main() {
//!     let _ = check_driver!(cuInit(0)); // error: call to unsafe function
//! }
//! ```
//!
//! It takes an expression of type `CUresult` and nothing else:
//!
//! ```compile_fail,E0308
//! use cuda_checked::check_driver;
//! let _ = check_driver!(0u32);
//! ```

mod error;

pub use cuda_sys as sys;
pub use error::{DriverError, DriverResult};

/// Evaluates `call` (any expression of type `CUresult`) once: `Ok(())` on `CUDA_SUCCESS`,
/// otherwise a [`DriverError`] holding the code, the call as written, and where it was.
///
/// The success path is one compare and one branch; everything else happens only on failure.
#[macro_export]
macro_rules! check_driver {
    ($call:expr $(,)?) => {{
        let code: $crate::sys::CUresult = $call;
        if code == $crate::sys::CUresult::CUDA_SUCCESS {
            ::core::result::Result::<(), $crate::DriverError>::Ok(())
        } else {
            ::core::result::Result::Err($crate::DriverError::new(
                code,
                ::core::stringify!($call),
                ::core::file!(),
                ::core::line!(),
                ::core::column!(),
            ))
        }
    }};
}
