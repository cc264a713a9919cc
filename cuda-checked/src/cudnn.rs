//! What cuDNN said of a failure besides its code (`cudnnGetLastErrorString`).

use std::ffi::c_char;

use cudnn_sys::{cudnnGetLastErrorString, loader};

use crate::CudnnError;

/// The buffer cuDNN's last error is read into: its messages are a line or a few.
const LAST_ERROR_BYTES: usize = 4096;

impl CudnnError {
    /// The error with cuDNN's last error after its message (`message; cuDNN's last error:
    /// ...`), when cuDNN gave the code and its `cudnnGetLastErrorString` (cuDNN 9) gives a text
    /// that is not empty: `cudnnGetErrorString` only names the status, and the last error says
    /// what went wrong (`cudaGetDeviceCount(&count) != cudaSuccess`). `check_cudnn!` calls it
    /// on failure. The loader's own failures, which cuDNN never saw, stay as they are.
    ///
    /// cuDNN keeps the last error per thread
    /// (<https://docs.nvidia.com/deeplearning/cudnn/api/latest/api/cudnn-graph-library.html#cudnngetlasterrorstring>).
    #[must_use]
    pub fn with_last_error(self) -> Self {
        if loader::library_path().is_err() || loader::explain(self.code()).is_some() {
            return self;
        }
        let mut text = [0 as c_char; LAST_ERROR_BYTES];
        // SAFETY: a buffer of that many bytes, which cuDNN fills with a NUL-terminated text
        // (cut to fit). Without the function, the loader's stand-in writes nothing.
        unsafe { cudnnGetLastErrorString(text.as_mut_ptr(), text.len()) };
        // The stand-in noted the missing symbol for this thread: forgotten, so that no later
        // `explain` blames it.
        cuda_loader::clear_last_failure();
        let end = text.iter().position(|&c| c == 0).unwrap_or(text.len());
        let bytes: Vec<u8> = text[..end].iter().map(|&c| c as u8).collect();
        let last = String::from_utf8_lossy(&bytes);
        let last = last.trim();
        if last.is_empty() {
            return self;
        }
        self.with_detail(&format!("cuDNN's last error: {last}"))
    }
}
