//! What NCCL logged of a failure besides its code (`ncclGetLastError`).

use std::ffi::c_char;

use nccl_sys::{loader, ncclComm_t, ncclGetLastError};

use crate::NcclError;

/// The most of NCCL's last error read: NCCL keeps it in a buffer of 1024 bytes.
const LARGEST_LAST_ERROR: usize = 64 << 10;

impl NcclError {
    /// [`with_last_error`](Self::with_last_error) without a communicator (`check_nccl!(call)`):
    /// safe, as NCCL's last error is the process's and a null `comm` is what NCCL documents.
    #[must_use]
    pub fn with_process_last_error(self) -> Self {
        // SAFETY: a null communicator, which `ncclGetLastError` accepts.
        unsafe { self.with_last_error(std::ptr::null_mut()) }
    }

    /// The error with NCCL's last error after its message (`message; NCCL's last error: ...`),
    /// when NCCL gave the code and its `ncclGetLastError` gives a text that is not empty
    /// (`check_nccl!` calls it on failure). The loader's own failures, which NCCL never saw, stay
    /// as they are, and so does a library without `ncclGetLastError` (NCCL before 2.13), whose
    /// stand-in text is the loader's, not NCCL's.
    ///
    /// NCCL keeps one last error for the whole process (its most recent warning, whichever
    /// thread or communicator it came from), and its `ncclGetLastError` ignores `comm`
    /// (<https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api.html>).
    ///
    /// # Safety
    /// `comm` is null or a communicator NCCL made and has not destroyed, as for
    /// `ncclGetLastError` (`check_nccl!` is used inside `unsafe` anyway: its call is one).
    #[must_use]
    pub unsafe fn with_last_error(self, comm: ncclComm_t) -> Self {
        if loader::library_path().is_err() || loader::explain(self.code()).is_some() {
            return self;
        }
        // SAFETY: the caller's promise on `comm`; NCCL returns a NUL-terminated string of its
        // own, copied at once.
        let last = unsafe { ncclGetLastError(comm) };
        if last.is_null() {
            return self;
        }
        // SAFETY: non-null and NUL-terminated (see above); read up to its NUL, never further
        // than the bound.
        let last = unsafe { bounded(last) };
        if last.as_bytes() == cuda_loader::NCCL.unreachable_text.to_bytes() {
            // The loader's stand-in for a missing `ncclGetLastError`, which also noted the
            // missing symbol for this thread: forgotten, so that no later `explain` blames it.
            cuda_loader::clear_last_failure();
            return self;
        }
        let last = last.trim();
        if last.is_empty() {
            return self;
        }
        self.with_detail(&format!("NCCL's last error: {last}"))
    }
}

/// The C string at `text`, up to its NUL or [`LARGEST_LAST_ERROR`] bytes.
///
/// # Safety
/// `text` points at a NUL-terminated string.
unsafe fn bounded(text: *const c_char) -> String {
    let mut bytes = Vec::new();
    for i in 0..LARGEST_LAST_ERROR {
        // SAFETY: before its NUL, each byte of the string is readable (the caller's promise).
        let byte = unsafe { *text.add(i) } as u8;
        if byte == 0 {
            break;
        }
        bytes.push(byte);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}
