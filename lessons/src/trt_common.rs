//! What the TensorRT lessons share, ported from book/c/trt_common.h (our own version of what
//! NVIDIA's samples keep in samples/common): a logger, `SampleUniquePtr`, the volume of a shape,
//! a file read whole, a PGM digit read. Linux only, as nvinfer-sys is.

use std::ffi::CStr;
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::OnceLock;

use nvinfer_sys::implement::{ILogger, ILoggerObject};
use nvinfer_sys::nvinfer1::{self, ILogger_Severity};
use nvinfer_sys::Delete;

// ANCHOR: logger
/// TensorRT's messages at `reportable` or more severe, on stdout: `[TRT] [W] text`.
pub struct Logger {
    reportable: ILogger_Severity,
}

impl Logger {
    pub const fn new(reportable: ILogger_Severity) -> Self {
        Logger { reportable }
    }
}

impl ILogger for Logger {
    fn log(&self, severity: ILogger_Severity, msg: &CStr) {
        if severity > self.reportable {
            return;
        }
        const TAGS: [&str; 5] = ["[F]", "[E]", "[W]", "[I]", "[V]"];
        let tag = TAGS.get(severity.0 as usize).copied().unwrap_or("[?]");
        println!("[TRT] {tag} {}", msg.to_string_lossy());
    }
}

/// `sample::gLogger`: one logger for the program, as the samples' global is (TensorRT keeps
/// its address, so it lives as long as the program).
pub fn gLogger() -> &'static ILoggerObject<Logger> {
    static LOGGER: OnceLock<Box<ILoggerObject<Logger>>> = OnceLock::new();
    LOGGER.get_or_init(|| ILoggerObject::new(Logger::new(ILogger_Severity::kINFO)))
}
// ANCHOR_END: logger

// ANCHOR: unique_ptr
/// `SampleUniquePtr<T>` (`std::unique_ptr<T>`): owns a TensorRT object and deletes it (its
/// virtual destructor, through its vtable) when dropped. Derefs to the object, so
/// `builder->createNetworkV2(0)` is `builder.createNetworkV2(0)`.
pub struct SampleUniquePtr<T: Delete>(NonNull<T>);

impl<T: Delete> SampleUniquePtr<T> {
    /// Owns `object`, which `check_trt!` said is not null.
    ///
    /// # Safety
    /// `object` is a live object TensorRT made, owned by no one else.
    ///
    /// # Panics
    /// If `object` is null (check it with `check_trt!` first).
    pub unsafe fn new(object: *mut T) -> Self {
        SampleUniquePtr(
            NonNull::new(object).expect("SampleUniquePtr::new of null: check the call with check_trt!"),
        )
    }

    /// `ptr.get()`.
    pub fn get(&self) -> *mut T {
        self.0.as_ptr()
    }
}

impl<T: Delete> Deref for SampleUniquePtr<T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: alive until dropped (`new`'s contract).
        unsafe { self.0.as_ref() }
    }
}

impl<T: Delete> Drop for SampleUniquePtr<T> {
    fn drop(&mut self) {
        // SAFETY: owned, deleted once.
        unsafe { nvinfer_sys::delete(self.0.as_ptr()) }
    }
}
// ANCHOR_END: unique_ptr

/// `samplesCommon::volume`: the number of elements of a shape.
pub fn volume(d: &nvinfer1::Dims) -> i64 {
    d.d[..d.nbDims.max(0) as usize].iter().product()
}

/// `Dims2(d0, d1)`: C++'s `Dims2` constructor, a 2-D shape.
pub fn Dims2(d0: i64, d1: i64) -> nvinfer1::Dims {
    let mut dims = nvinfer1::Dims { nbDims: 2, ..Default::default() };
    dims.d[0] = d0;
    dims.d[1] = d1;
    dims
}

/// `samplesCommon::readFile`: a file's bytes, or nothing if it cannot be read.
pub fn read_file(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_default()
}

/// `samplesCommon::readPGMFile`: a binary PGM (P5) image of `h` x `w` bytes.
pub fn read_pgm_file(file_name: &str, h: usize, w: usize) -> Option<Vec<u8>> {
    let bytes = std::fs::read(file_name).ok()?;
    // "P5\n<w> <h>\n<max>\n" then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 && at < bytes.len() {
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    let pixels = bytes.get(at + 1..at + 1 + h * w)?;
    (fields[0] == "P5" && fields[1] == w.to_string() && fields[2] == h.to_string()).then(|| pixels.to_vec())
}

/// A shape as the lessons print it: `[1,1,28,28]`.
pub fn shape(d: &nvinfer1::Dims) -> String {
    let dims: Vec<String> = d.d[..d.nbDims.max(0) as usize].iter().map(i64::to_string).collect();
    format!("[{}]", dims.join(","))
}
