//! The error `check_driver!` returns, and where its text comes from.

use std::borrow::Cow;
use std::ffi::{c_char, CStr};
use std::fmt;

use cuda_sys::{cuGetErrorName, cuGetErrorString, loader, CUresult, CUDA_ERROR_STUB_LIBRARY, CUDA_SUCCESS};

/// `Result<T, DriverError>`.
pub type DriverResult<T> = Result<T, DriverError>;

/// A failed Driver API call: its code, the driver's name and text for it, the call as written
/// and where it was. Boxed, so a `DriverResult<()>` is one pointer wide.
#[derive(Clone)]
pub struct DriverError(Box<Inner>);

#[derive(Clone)]
struct Inner {
    code: CUresult,
    name: Cow<'static, str>,
    message: Cow<'static, str>,
    op: &'static str,
    file: &'static str,
    line: u32,
    column: u32,
}

impl DriverError {
    /// Builds the error for `code`, asking the driver for its name and text. `check_driver!`
    /// calls this on failure only.
    #[cold]
    #[inline(never)]
    pub fn new(code: CUresult, op: &'static str, file: &'static str, line: u32, column: u32) -> Self {
        let (name, message) = describe(code);
        DriverError(Box::new(Inner { code, name, message, op, file, line, column }))
    }

    /// The driver's code.
    pub fn code(&self) -> CUresult {
        self.0.code
    }
    /// `CUDA_ERROR_...`, from `cuGetErrorName` or, without a driver, from `cuda.h`.
    pub fn name(&self) -> &str {
        &self.0.name
    }
    /// `cuGetErrorString`'s text or, when the call never reached a driver, why.
    pub fn message(&self) -> &str {
        &self.0.message
    }
    /// The call as written at the `check_driver!` site.
    pub fn op(&self) -> &str {
        self.0.op
    }
    pub fn file(&self) -> &str {
        self.0.file
    }
    pub fn line(&self) -> u32 {
        self.0.line
    }
    pub fn column(&self) -> u32 {
        self.0.column
    }
}

/// The name and text for `code`, from the best source at hand.
fn describe(code: CUresult) -> (Cow<'static, str>, Cow<'static, str>) {
    // First, before any driver call can overwrite it: did this call never reach the driver?
    let never_reached = loader::explain(code);
    let name = driver_text(cuGetErrorName, code)
        .or_else(|| code.name().map(Cow::Borrowed))
        .unwrap_or_else(|| Cow::Owned(format!("CUDA_ERROR_UNKNOWN_CODE({})", code.0)));
    if let Some(why) = never_reached {
        return (name, Cow::Owned(why));
    }
    if let Some(text) = driver_text(cuGetErrorString, code) {
        return (name, text);
    }
    let described = code.description();
    let message = match (described, loader::explain(CUDA_ERROR_STUB_LIBRARY)) {
        (Some(text), Some(no_driver)) => format!("{text} (from cuda.h: {no_driver})"),
        (Some(text), None) => format!("{text} (from cuda.h: the driver does not know this code)"),
        (None, Some(no_driver)) => format!("no description at hand: {no_driver}"),
        (None, None) => {
            format!("neither the driver nor cuda.h (CUDA_VERSION {}) knows this code", cuda_sys::CUDA_VERSION)
        }
    };
    (name, Cow::Owned(message))
}

/// `cuGetErrorName`/`cuGetErrorString` for `code`, if the driver answers. Their strings are
/// the driver's static data, valid for the life of the process.
fn driver_text(
    get: unsafe extern "C" fn(CUresult, *mut *const c_char) -> CUresult,
    code: CUresult,
) -> Option<Cow<'static, str>> {
    let mut text: *const c_char = std::ptr::null();
    // SAFETY: a valid out-pointer; the driver writes a pointer to a static string or nothing.
    if unsafe { get(code, &mut text) } != CUDA_SUCCESS || text.is_null() {
        return None;
    }
    let text: &'static CStr = unsafe { CStr::from_ptr(text) };
    Some(text.to_string_lossy())
}

/// The seed's format: `FILE:LINE OP failed. \n code = NAME, message = TEXT`.
impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.0;
        write!(f, "{}:{} {} failed. \n code = {}, message = {}", e.file, e.line, e.op, e.name, e.message)
    }
}

/// What `fn main() -> Result<(), DriverError>` prints: the Display text, with the column.
/// `{:#?}` shows the fields.
impl fmt::Debug for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.0;
        if f.alternate() {
            return f
                .debug_struct("DriverError")
                .field("code", &e.code)
                .field("name", &e.name)
                .field("message", &e.message)
                .field("op", &e.op)
                .field("file", &e.file)
                .field("line", &e.line)
                .field("column", &e.column)
                .finish();
        }
        write!(
            f,
            "{}:{}:{} {} failed. \n code = {}, message = {}",
            e.file, e.line, e.column, e.op, e.name, e.message
        )
    }
}

impl std::error::Error for DriverError {}

/// Errors are equal when their codes are.
impl PartialEq for DriverError {
    fn eq(&self, other: &Self) -> bool {
        self.0.code == other.0.code
    }
}
impl Eq for DriverError {}

impl PartialEq<CUresult> for DriverError {
    fn eq(&self, code: &CUresult) -> bool {
        self.0.code == *code
    }
}

impl From<DriverError> for CUresult {
    fn from(error: DriverError) -> Self {
        error.0.code
    }
}
