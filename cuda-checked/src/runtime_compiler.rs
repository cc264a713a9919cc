//! NVRTC's program log, which says why a compile failed.

use nvrtc_sys::{nvrtcGetProgramLog, nvrtcGetProgramLogSize, nvrtcProgram, nvrtcResult, NVRTC_SUCCESS};

use crate::NvrtcError;

impl NvrtcError {
    /// The error with NVRTC's log of `prog` attached, if it has one: after a failed
    /// `nvrtcCompileProgram`, the compiler's messages (`kernel.cu(10): error: identifier "idx"
    /// is undefined`), shown after the error's own lines. `check_nvrtc!(call, prog)` calls it
    /// on failure. The error's code stays whatever happens to the log; a log that cannot be
    /// read, or only in part, is said so after the message (see `program_log` in this module).
    ///
    /// # Safety
    /// `prog` is a program from `nvrtcCreateProgram` that is not destroyed yet.
    #[must_use]
    pub unsafe fn with_log(self, prog: nvrtcProgram) -> Self {
        // SAFETY: the caller's promise.
        let (log, note) = unsafe { program_log(prog) };
        let error = match log {
            Some(log) => self.with_log_text(&log),
            None => self,
        };
        match note {
            Some(note) => error.with_detail(&note),
            None => error,
        }
    }
}

/// The most of a log this reads. NVRTC's logs are a few KiB (a template error's, some hundred);
/// a size beyond this is no log's, and is not allocated.
const LARGEST_LOG: usize = 64 << 20;

/// `nvrtcGetProgramLog` of `prog`, and what could not be read of it, in a sentence: a size
/// NVRTC cannot mean (zero, which has no room for the final NUL, or more than
/// [`LARGEST_LOG`]) is not believed, and the log is then not asked for, as NVRTC would write
/// that many bytes; a failing call is named with its code; a log without its final NUL is kept
/// whole, and said to be perhaps cut short.
///
/// # Safety
/// `prog` is a live program.
unsafe fn program_log(prog: nvrtcProgram) -> (Option<String>, Option<String>) {
    let unreadable = |why: String| (None, Some(format!("NVRTC's log could not be read: {why}")));
    let failed = |call: &str, code: nvrtcResult| unreadable(format!("{call} returned {code:?}"));
    let mut size = 0;
    // SAFETY: a live program and a valid out-pointer.
    let code = unsafe { nvrtcGetProgramLogSize(prog, &mut size) };
    if code != NVRTC_SUCCESS {
        return failed("nvrtcGetProgramLogSize", code);
    }
    if size == 0 || size > LARGEST_LOG {
        return unreadable(format!(
            "nvrtcGetProgramLogSize gave {size} bytes, and a log has at least 1 (its final NUL) and at most \
             {LARGEST_LOG} are read"
        ));
    }
    let mut log = Vec::new();
    if log.try_reserve_exact(size).is_err() {
        return unreadable(format!("its {size} bytes could not be allocated"));
    }
    log.resize(size, 0u8);
    // SAFETY: the buffer has the size NVRTC gave for the log (which counts its final NUL).
    let code = unsafe { nvrtcGetProgramLog(prog, log.as_mut_ptr().cast()) };
    if code != NVRTC_SUCCESS {
        return failed("nvrtcGetProgramLog", code);
    }
    match log.iter().position(|&b| b == 0) {
        Some(end) => (Some(String::from_utf8_lossy(&log[..end]).into_owned()), None),
        None => (
            Some(String::from_utf8_lossy(&log).into_owned()),
            Some(format!(
                "NVRTC's log of {size} bytes lacks its final NUL: all {size} are shown, and it may be cut short"
            )),
        ),
    }
}
