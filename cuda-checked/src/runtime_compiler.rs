//! NVRTC's program log, which says why a compile failed.

use std::ffi::c_char;

use nvrtc_sys::{nvrtcGetProgramLog, nvrtcGetProgramLogSize, nvrtcProgram, NVRTC_SUCCESS};

use crate::log::Log;
use crate::NvrtcError;

impl NvrtcError {
    /// The error with NVRTC's log of `prog` attached, if it has one: after a failed
    /// `nvrtcCompileProgram`, the compiler's messages (`kernel.cu(10): error: identifier "idx"
    /// is undefined`), shown after the error's own lines. `check_nvrtc!(call, prog)` calls it
    /// on failure. The error's code stays whatever happens to the log; a log that cannot be
    /// read, or only in part, is said so after the message (see the `log` module).
    ///
    /// # Safety
    /// `prog` is a program from `nvrtcCreateProgram` that is not destroyed yet.
    #[must_use]
    pub unsafe fn with_log(self, prog: nvrtcProgram) -> Self {
        let log = Log {
            owner: "NVRTC",
            success: NVRTC_SUCCESS,
            size_call: "nvrtcGetProgramLogSize",
            // SAFETY: the caller's live program, and a valid out-pointer.
            size: |size: &mut usize| unsafe { nvrtcGetProgramLogSize(prog, size) },
            text_call: "nvrtcGetProgramLog",
            // SAFETY: the caller's live program, and a buffer of the size NVRTC gave.
            text: |text: *mut c_char| unsafe { nvrtcGetProgramLog(prog, text) },
        };
        self.with_read_log(log.read())
    }
}
