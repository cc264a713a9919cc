//! The exiting form of the checks (helper_cuda.h's `checkCudaErrors!` is in `course`): for the
//! places `?` cannot go (`Drop`, `extern "C"` callbacks, thread entry points, constructors), print the
//! error as `fn main() -> Result` prints it and exit with status 1. No panic: no backtrace, no
//! unwinding across C frames.

use crate::{CallError, Code};

impl<C: Code> CallError<C> {
    /// Prints `Error: ` and the error (what `fn main()` returning it would print) on stderr,
    /// then ends the process with status 1, as `checkCudaErrors` does with `exit(EXIT_FAILURE)`.
    /// Destructors of other values do not run, as with C's `exit`.
    pub fn exit(&self) -> ! {
        eprintln!("Error: {self:?}");
        std::process::exit(1)
    }
}

/// `check_driver!(call)`, exiting on failure instead of returning the error.
#[macro_export]
macro_rules! check_driver_or_exit {
    ($call:expr $(,)?) => {
        match $crate::check_driver!($call) {
            ::core::result::Result::Ok(()) => {}
            ::core::result::Result::Err(error) => error.exit(),
        }
    };
}

/// `check_cuda!(call)`, exiting on failure instead of returning the error. Feature `runtime`.
#[cfg(feature = "runtime")]
#[macro_export]
macro_rules! check_cuda_or_exit {
    ($call:expr $(,)?) => {
        match $crate::check_cuda!($call) {
            ::core::result::Result::Ok(()) => {}
            ::core::result::Result::Err(error) => error.exit(),
        }
    };
}
