//! What NCCL logged of a failure besides its code (`ncclGetLastError`).

use std::ffi::CStr;

use nccl_sys::{loader, ncclComm_t, ncclGetLastError};

use crate::NcclError;

impl NcclError {
    /// The error with NCCL's last error for `comm` after its message, when NCCL gave the code
    /// and logged something (`check_nccl!(call, comm)`): the loader's own failures, which NCCL
    /// never saw, stay as they are.
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
        // SAFETY: non-null, NUL-terminated, see above.
        let last = unsafe { CStr::from_ptr(last) }.to_string_lossy().trim().to_string();
        if last.is_empty() {
            return self;
        }
        self.with_detail(&format!("NCCL's last error: {last}"))
    }
}
