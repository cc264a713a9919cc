//! NVRTC's program log, which says why a compile failed.

use std::ffi::CStr;

use nvrtc_sys::{nvrtcGetProgramLog, nvrtcGetProgramLogSize, nvrtcProgram};

use crate::NvrtcError;

impl NvrtcError {
    /// The error with NVRTC's log of `prog` attached, if it has one: after a failed
    /// `nvrtcCompileProgram`, the compiler's messages (`kernel.cu(10): error: identifier "idx"
    /// is undefined`), shown after the error's own lines. `check_nvrtc!(call, prog)` calls it
    /// on failure. If the log cannot be read, the error is returned as it was.
    ///
    /// # Safety
    /// `prog` is a program from `nvrtcCreateProgram` that is not destroyed yet.
    #[must_use]
    pub unsafe fn with_log(self, prog: nvrtcProgram) -> Self {
        // SAFETY: the caller's promise.
        match unsafe { program_log(prog) } {
            Some(log) => self.with_log_text(&log),
            None => self,
        }
    }
}

/// `nvrtcGetProgramLog` of `prog`, or `None` if NVRTC could not give it.
///
/// # Safety
/// `prog` is a live program.
unsafe fn program_log(prog: nvrtcProgram) -> Option<String> {
    let mut size = 0;
    // SAFETY: a live program and a valid out-pointer; the buffer has the size NVRTC asked
    // for (which counts the final NUL).
    unsafe {
        if nvrtcGetProgramLogSize(prog, &mut size) != nvrtc_sys::NVRTC_SUCCESS {
            return None;
        }
        let mut log = vec![0u8; size.max(1)];
        if nvrtcGetProgramLog(prog, log.as_mut_ptr().cast()) != nvrtc_sys::NVRTC_SUCCESS {
            return None;
        }
        Some(CStr::from_bytes_until_nul(&log).ok()?.to_string_lossy().into_owned())
    }
}
