//! The error every check returns, one shape for every library (the check itself is the
//! `__check!` body in lib.rs).

use std::fmt;

/// A result code of one of the libraries (`CUresult`, `cudaError_t`, ...): its
/// success value, and how to put it in words. Every -sys crate's code type has it (its
/// generated glue implements cuda-loader's `ResultCode`, which this is).
pub use cuda_loader::ResultCode as Code;

/// `code.is_success()` (success, or a library's warning), for the check body, which may name no
/// type to take it of (`checkCudaErrors!` takes the call's own).
#[doc(hidden)]
#[inline(always)]
pub fn __is_success<C: Code>(code: C) -> bool {
    code.is_success()
}

/// What the checks take: a code, or a code that may be dropped (`cuda_sys::launch::Status`, what
/// `launch!` and cudart-sys's `cpp` functions give), so `check_cuda!(launch!(...))` and
/// `check_cuda!(cudaFree(p))` read as `checkRuntime(...)` does in C++.
///
/// Each library's code type has it (cuda-checked's table of libraries), and [`Status`] of any.
///
/// [`Status`]: cuda_sys::launch::Status
pub trait IntoCode {
    /// The code.
    type Code: Code;
    fn into_code(self) -> Self::Code;
}

impl<C: Code> IntoCode for cuda_sys::launch::Status<C> {
    type Code = C;
    #[inline]
    fn into_code(self) -> C {
        self.code()
    }
}

/// A failed call: its code, the library's name and text for it, the call as written and
/// where it was, and the library's log of it when there is one (a runtime compiler's program log). Boxed, so a `Result<(), CallError<_>>` is one pointer wide. The texts are
/// copies: a library may reuse the buffer it returned them in.
///
/// [`DriverError`](crate::DriverError) is `CallError<CUresult>`; each library's feature adds its
/// own (`RuntimeError` is `CallError<cudaError_t>`).
#[derive(Clone)]
pub struct CallError<C: Code>(Box<Inner<C>>);

#[derive(Clone)]
struct Inner<C> {
    code: C,
    name: String,
    message: String,
    op: &'static str,
    file: &'static str,
    line: u32,
    column: u32,
    log: Option<String>,
}

impl<C: Code> CallError<C> {
    /// Builds the error for `code`, asking the library for its name and text
    /// ([`Code::describe`]), as the checks do on failure.
    #[cold]
    #[inline(never)]
    pub fn new(code: C, op: &'static str, file: &'static str, line: u32, column: u32) -> Self {
        Self::__failed(code, code.describe(), op, file, line, column)
    }

    /// The error of a failed check (`__check!`, on failure only): the code, its name and text
    /// (`describe`, which the check calls where a reader sees it), and the site.
    #[doc(hidden)]
    #[cold]
    #[inline(never)]
    pub fn __failed(
        code: C,
        (name, message): (String, String),
        op: &'static str,
        file: &'static str,
        line: u32,
        column: u32,
    ) -> Self {
        CallError(Box::new(Inner { code, name, message, op, file, line, column, log: None }))
    }

    /// The error with `log` attached (empty logs are not), shown after the message. (Used by
    /// the `log` module, there with the features of the libraries that keep logs.)
    #[allow(dead_code)]
    pub(crate) fn with_log_text(mut self, log: &str) -> Self {
        let log = log.trim_end();
        if !log.is_empty() {
            self.0.log = Some(log.to_owned());
        }
        self
    }

    /// The code the call returned.
    #[must_use]
    pub fn code(&self) -> C {
        self.0.code
    }
    /// The code's name (`CUDA_ERROR_OUT_OF_MEMORY`, `cudaErrorMemoryAllocation`): the
    /// library's, or without it, the header's.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.0.name
    }
    /// The library's text for the code or, when the call never reached the library, why.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.0.message
    }
    /// The call as written at the macro's site.
    #[must_use]
    pub fn op(&self) -> &str {
        self.0.op
    }
    #[must_use]
    pub fn file(&self) -> &str {
        self.0.file
    }
    #[must_use]
    pub fn line(&self) -> u32 {
        self.0.line
    }
    #[must_use]
    pub fn column(&self) -> u32 {
        self.0.column
    }

    /// The error with `detail` after its message (`message; detail`): what the library said
    /// of this failure besides the code's text, as a library's `GetLastError` function words it.
    #[must_use]
    pub fn with_detail(mut self, detail: &str) -> Self {
        self.0.message = format!("{}; {detail}", self.0.message);
        self
    }

    /// The library's log of the failed call, when it keeps one and it was asked for: a runtime
    /// compiler's program log, which says which line of the kernel is wrong, or a linker's
    /// error log, which says which input it refused and why.
    #[must_use]
    pub fn log(&self) -> Option<&str> {
        self.0.log.as_deref()
    }
}

/// The log, if any, on the lines after the error's own.
fn write_log(f: &mut fmt::Formatter<'_>, log: Option<&str>) -> fmt::Result {
    match log {
        Some(log) => write!(f, "\n log:\n{log}"),
        None => Ok(()),
    }
}

/// The shape of the C++ course's `checkDriver`/`checkRuntime` lines (one space where they have
/// two; `checkDriver!`/`checkRuntime!` print their exact bytes):
/// `FILE:LINE OP failed. \n code = NAME, message = TEXT`, then ` log:` and the log's lines if
/// there is one.
impl<C: Code> fmt::Display for CallError<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.0;
        write!(f, "{}:{} {} failed. \n code = {}, message = {}", e.file, e.line, e.op, e.name, e.message)?;
        write_log(f, e.log.as_deref())
    }
}

/// What `fn main() -> Result<(), DriverError>` prints: the Display text, with the column.
/// `{:#?}` shows the fields.
impl<C: Code> fmt::Debug for CallError<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.0;
        if f.alternate() {
            return f
                .debug_struct("CallError")
                .field("code", &e.code)
                .field("name", &e.name)
                .field("message", &e.message)
                .field("op", &e.op)
                .field("file", &e.file)
                .field("line", &e.line)
                .field("column", &e.column)
                .field("log", &e.log)
                .finish();
        }
        write!(
            f,
            "{}:{}:{} {} failed. \n code = {}, message = {}",
            e.file, e.line, e.column, e.op, e.name, e.message
        )?;
        write_log(f, e.log.as_deref())
    }
}

impl<C: Code> std::error::Error for CallError<C> {}

/// Errors are equal when their codes are.
impl<C: Code> PartialEq for CallError<C> {
    fn eq(&self, other: &Self) -> bool {
        self.0.code == other.0.code
    }
}
impl<C: Code> Eq for CallError<C> {}

impl<C: Code> PartialEq<C> for CallError<C> {
    fn eq(&self, code: &C) -> bool {
        self.0.code == *code
    }
}
