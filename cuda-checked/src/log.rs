//! A library's log of a failed call, read through its two functions (the size, then the text):
//! a runtime compiler's program log, a linker's error log. One reader for all, so that every log that cannot
//! be read, or only in part, is said so the same way.

use std::ffi::c_char;

use crate::{CallError, Code};

/// The most of a log this reads. Logs are a few KiB (a template error's, some hundred); a size
/// beyond this is no log's, and is not allocated.
pub(crate) const LARGEST_LOG: usize = 64 << 20;

/// How a library gives a log: its name in sentences, and its two functions, named for the
/// sentences and called with the size's out-pointer and the buffer.
pub(crate) struct Log<C, S, T> {
    pub owner: &'static str,
    pub success: C,
    pub size_call: &'static str,
    pub size: S,
    pub text_call: &'static str,
    pub text: T,
}

impl<C, S, T> Log<C, S, T>
where
    C: Code,
    S: FnOnce(&mut usize) -> C,
    T: FnOnce(*mut c_char) -> C,
{
    /// The log, and what could not be read of it, in a sentence: a size the library cannot
    /// mean (zero, which has no room for the final NUL, or more than [`LARGEST_LOG`]) is not
    /// believed, and the text is then not asked for, as the library would write that many
    /// bytes; a failing call is named with its code; a log without its final NUL is kept
    /// whole, and said to be perhaps cut short.
    pub(crate) fn read(self) -> (Option<String>, Option<String>) {
        let owner = self.owner;
        let unreadable = |why: String| (None, Some(format!("{owner}'s log could not be read: {why}")));
        let failed = |call: &str, code: C| unreadable(format!("{call} returned {code:?}"));
        let mut size = 0;
        let code = (self.size)(&mut size);
        if code != self.success {
            return failed(self.size_call, code);
        }
        if size == 0 || size > LARGEST_LOG {
            return unreadable(format!(
                "{} gave {size} bytes, and a log has at least 1 (its final NUL) and at most {LARGEST_LOG} are read",
                self.size_call
            ));
        }
        let mut log = Vec::new();
        if log.try_reserve_exact(size).is_err() {
            return unreadable(format!("its {size} bytes could not be allocated"));
        }
        log.resize(size, 0u8);
        // (The buffer has the size the library gave for the log, which counts its final NUL.)
        let code = (self.text)(log.as_mut_ptr().cast());
        if code != self.success {
            return failed(self.text_call, code);
        }
        match log.iter().position(|&b| b == 0) {
            Some(end) => (Some(String::from_utf8_lossy(&log[..end]).into_owned()), None),
            None => (
                Some(String::from_utf8_lossy(&log).into_owned()),
                Some(format!(
                    "{owner}'s log of {size} bytes lacks its final NUL: all {size} are shown, and it may be cut short"
                )),
            ),
        }
    }
}

impl<C: Code> CallError<C> {
    /// The error with `log` attached (when read) and what could not be read of it after the
    /// message.
    pub(crate) fn with_read_log(self, (log, note): (Option<String>, Option<String>)) -> Self {
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

#[cfg(test)]
mod tests {
    use super::*;
    use cuda_sys::{CUresult, CUDA_ERROR_INVALID_VALUE, CUDA_SUCCESS};

    /// A library whose size function answers `(code, size)` and whose text function writes
    /// `text` (as many bytes as fit) and answers `code`.
    fn read(size: (CUresult, usize), text: (&'static [u8], CUresult)) -> (Option<String>, Option<String>) {
        Log {
            owner: "a library",
            success: CUDA_SUCCESS,
            size_call: "sizeOf",
            size: |out: &mut usize| {
                *out = size.1;
                size.0
            },
            text_call: "textOf",
            text: |buffer: *mut c_char| {
                let n = text.0.len().min(size.1);
                // SAFETY: the reader's buffer has `size.1` bytes.
                unsafe { std::ptr::copy_nonoverlapping(text.0.as_ptr(), buffer.cast(), n) };
                text.1
            },
        }
        .read()
    }

    #[test]
    fn a_log_is_read_to_its_nul() {
        assert_eq!(read((CUDA_SUCCESS, 6), (b"bad 1\0", CUDA_SUCCESS)), (Some("bad 1".into()), None));
    }

    #[test]
    fn a_failing_call_is_named_with_its_code() {
        let (log, note) = read((CUDA_ERROR_INVALID_VALUE, 6), (b"", CUDA_SUCCESS));
        assert_eq!(log, None);
        assert_eq!(
            note.as_deref(),
            Some("a library's log could not be read: sizeOf returned CUDA_ERROR_INVALID_VALUE")
        );
        let (log, note) = read((CUDA_SUCCESS, 6), (b"bad 1\0", CUDA_ERROR_INVALID_VALUE));
        assert_eq!(log, None);
        assert_eq!(
            note.as_deref(),
            Some("a library's log could not be read: textOf returned CUDA_ERROR_INVALID_VALUE")
        );
    }

    #[test]
    fn a_size_no_log_has_is_not_believed() {
        for size in [0, LARGEST_LOG + 1] {
            let (log, note) = read((CUDA_SUCCESS, size), (b"", CUDA_SUCCESS));
            assert_eq!(log, None);
            assert!(
                note.as_deref().is_some_and(|n| n.contains(&format!("sizeOf gave {size} bytes"))),
                "{note:?}"
            );
        }
    }

    #[test]
    fn a_log_without_its_nul_is_kept_and_said_to_be_cut() {
        let (log, note) = read((CUDA_SUCCESS, 5), (b"bad 1", CUDA_SUCCESS));
        assert_eq!(log.as_deref(), Some("bad 1"));
        assert!(note.is_some_and(|n| n.contains("lacks its final NUL")));
    }
}
