//! Implementing TensorRT's interfaces in Rust: `class Logger : public nvinfer1::ILogger` is a
//! Rust type implementing the trait [`ILogger`], made into an object TensorRT calls as a C++
//! object with [`ILoggerObject::new`] (hand-written; the slots it fills are the generated
//! vtables', by name).
//!
//! ```no_run
//! use std::ffi::CStr;
//! use std::io::Write;
//! use nvinfer_sys::{implement, nvinfer1};
//!
//! // class Logger : public ILogger { void log(Severity severity, const char* msg) noexcept override; };
//! struct Logger;
//! impl implement::ILogger for Logger {
//!     fn log(&self, severity: nvinfer1::ILogger_Severity, msg: &CStr) {
//!         if severity <= nvinfer1::ILogger_Severity::kWARNING {
//!             // Not eprintln!, which panics when stderr is a broken pipe (the panic is
//!             // caught, and the message lost).
//!             let _ = writeln!(std::io::stderr(), "{}", msg.to_string_lossy());
//!         }
//!     }
//! }
//! let logger = implement::ILoggerObject::new(Logger);
//! let runtime = unsafe { nvinfer1::createInferRuntime(&logger) }; // createInferRuntime(logger)
//! ```
//!
//! Each object is a `#[repr(C)]` struct whose first word points to a vtable laid out as the
//! Itanium C++ ABI lays out the C++ class's (the generated `*_vtbl`): `getAPILanguage` and
//! `getInterfaceInfo` answer what the header's inline versions answer (`kCPP`, and the
//! header's own interface name and version), the two destructor slots (complete, deleting) drop
//! the Rust value (and the box), and each method calls the trait's.
//!
//! TensorRT's methods are `noexcept`: a panic must not unwind into it. Each call is run under
//! `catch_unwind`; a panic is reported on stderr (when stderr can be written: a logger that
//! panics because stderr is a broken pipe is not reported there again), kept for
//! [`take_panic`] (and `check_trt!`), and TensorRT gets the C++ failure value: null, `false`,
//! 0, or nothing. A panic payload whose own `Drop` panics is caught as well.
//!
//! What TensorRT reports through these objects is also kept for the calling thread (the last
//! error a logger received at `kERROR` or worse, the last error a recorder was given): the
//! error `check_trt!` puts in its message, see [`take_last_error`].

// The C++ names, as the header has them.
#![allow(non_snake_case)]

use std::cell::RefCell;
use std::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::nvinfer1;

thread_local! {
    static LAST_ERROR: RefCell<Option<(nvinfer1::ErrorCode, String)>> = const { RefCell::new(None) };
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The first error TensorRT reported on this thread since [`clear_last_error`] through a Rust
/// logger (at `kERROR` or `kINTERNAL_ERROR`) or error recorder, taken: the
/// `ErrorCode` (read from the message's "Error Code N:" for a logger) and the text.
pub fn take_last_error() -> Option<(nvinfer1::ErrorCode, String)> {
    LAST_ERROR.try_with(|e| e.borrow_mut().take()).ok().flatten()
}

/// Whether TensorRT reported an error on this thread since [`clear_last_error`] (without
/// taking it).
pub fn error_reported() -> bool {
    LAST_ERROR.try_with(|e| e.borrow().is_some()).unwrap_or(false)
}

/// The `ErrorCode` of the error TensorRT reported on this thread since [`clear_last_error`]
/// (without taking it): what `check_trt!` checks.
pub fn reported_code() -> Option<nvinfer1::ErrorCode> {
    LAST_ERROR.try_with(|e| e.borrow().as_ref().map(|(code, _)| *code)).ok().flatten()
}

/// Forgets this thread's last error and panic (`check_trt!` calls it before each call).
pub fn clear_last_error() {
    let _ = LAST_ERROR.try_with(|e| e.borrow_mut().take());
    let _ = LAST_PANIC.try_with(|p| p.borrow_mut().take());
}

/// The last panic caught at the C++ boundary on this thread, taken: which method, and its
/// message.
pub fn take_panic() -> Option<String> {
    LAST_PANIC.try_with(|p| p.borrow_mut().take()).ok().flatten()
}

/// Keeps the first error since the last [`clear_last_error`]: TensorRT reports the cause
/// first, then what failed because of it.
fn keep_error(code: nvinfer1::ErrorCode, text: String) {
    let _ = LAST_ERROR.try_with(|e| {
        e.borrow_mut().get_or_insert((code, text));
    });
}

/// Runs a trait method for TensorRT: a panic becomes `failure`, reported once on stderr and
/// kept for [`take_panic`].
///
/// Nothing here may panic itself: it runs in an `extern "C"` frame that TensorRT called, where
/// a panic aborts the process. So the report is written without `eprintln!` (which panics when
/// stderr fails, as a broken pipe does: the very failure that made an `eprintln!` logger panic),
/// a write that fails is dropped (the panic is still kept for [`take_panic`]), and the panic's
/// payload is dropped under `catch_unwind` too, as its `Drop` is the program's code.
fn guard<R>(method: &str, failure: R, f: impl FnOnce() -> R) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(value) => value,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".into());
            drop_payload(payload);
            let text = format!("{method} panicked ({message}); TensorRT called it noexcept, so it got the C++ failure value instead");
            report(&text);
            let _ = LAST_PANIC.try_with(|p| {
                if let Ok(mut p) = p.try_borrow_mut() {
                    *p = Some(text);
                }
            });
            failure
        }
    }
}

/// Drops a panic's payload, whose `Drop` may panic in turn: that panic is caught, and its own
/// payload leaked rather than dropped (it may be of the same kind).
fn drop_payload(payload: Box<dyn std::any::Any + Send>) {
    if let Err(again) = catch_unwind(AssertUnwindSafe(move || drop(payload))) {
        std::mem::forget(again);
    }
}

/// Writes `text` on stderr if it can: a closed, full or broken stderr is no error of ours.
fn report(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "nvinfer-sys: {text}");
}

/// `ErrorCode::kFOO` from TensorRT's logged "Error Code 1: Serialization (...)".
fn code_in(message: &str) -> nvinfer1::ErrorCode {
    let number = message
        .split("Error Code ")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.trim().parse().ok());
    nvinfer1::ErrorCode(number.unwrap_or(nvinfer1::ErrorCode::kUNSPECIFIED_ERROR.0))
}

/// A Rust value made into a C++ object of the interface `nvinfer1::$class`: the vtable pointer
/// first, as C++ lays a polymorphic object out, pointing at the one vtable of the Rust type
/// (`$vtbl`). Its slots: `IVersionedInterface`'s two (where the interface derives from it, in
/// the releases the `#[cfg]`s after `versioned` name), the two destructors, and each method's
/// slot filled by the function of the object's `impl` named after it (`log: log`).
macro_rules! object {
    (
        $object:ident: $trait:ident as nvinfer1::$class:ident, nvinfer1::$vtbl:ident;
        versioned $(#[$versioned:meta])*;
        { $($slot:ident: $function:ident),* $(,)? }
    ) => {
        #[doc = concat!("A Rust [`", stringify!($trait), "`] as the C++ `nvinfer1::", stringify!($class), "` TensorRT calls: `&object` is a `&nvinfer1::", stringify!($class), "` (it derefs to it), `object.as_ptr()` a pointer to one.")]
        ///
        /// Boxed, so its address (which TensorRT keeps) does not move. TensorRT never deletes
        /// it: the program keeps it alive while TensorRT may call it, and drops it after.
        #[repr(C)]
        pub struct $object<T: $trait> {
            vtable: *const nvinfer1::$vtbl,
            /// The Rust value, which the trait's methods see.
            pub value: T,
        }

        impl<T: $trait> $object<T> {
            const VTABLE: &'static nvinfer1::$vtbl = &nvinfer1::$vtbl {
                $(#[$versioned])*
                getAPILanguage: Self::get_api_language,
                $(#[$versioned])*
                getInterfaceInfo: Self::get_interface_info,
                __complete_dtor: Self::complete_dtor,
                __deleting_dtor: Self::deleting_dtor,
                $($slot: Self::$function,)*
            };

            /// The object, boxed.
            pub fn new(value: T) -> Box<Self> {
                Box::new($object { vtable: Self::VTABLE, value })
            }

            /// A pointer to the C++ object, for the methods that take one (`setErrorRecorder(&recorder)`).
            pub fn as_ptr(&self) -> *mut nvinfer1::$class {
                self as *const Self as *mut nvinfer1::$class
            }

            /// The Rust value behind a `this` TensorRT passed.
            ///
            /// # Safety
            /// `this` is an object of this type.
            unsafe fn this<'a>(this: *mut c_void) -> &'a T {
                // SAFETY: the caller's.
                unsafe { &(*this.cast::<Self>()).value }
            }

            unsafe extern "C" fn complete_dtor(this: *mut c_void) {
                // SAFETY: C++ destroys the object once; the value is dropped, the memory is not freed.
                guard(concat!("nvinfer1::", stringify!($class), "::~", stringify!($class)), (), || unsafe {
                    std::ptr::drop_in_place(&mut (*this.cast::<Self>()).value)
                })
            }

            unsafe extern "C" fn deleting_dtor(this: *mut c_void) {
                // SAFETY: C++'s `delete p` of an object made by `new` (a Box): freed once.
                guard(concat!("nvinfer1::", stringify!($class), "::~", stringify!($class)), (), || unsafe {
                    drop(Box::from_raw(this.cast::<Self>()))
                })
            }
        }

        // `IVersionedInterface`'s two slots: the header's inline answers (applications must
        // not override them).
        $(#[$versioned])*
        impl<T: $trait> $object<T> {
            unsafe extern "C" fn get_api_language(_: *mut c_void) -> nvinfer1::APILanguage {
                nvinfer1::APILanguage::kCPP
            }

            unsafe extern "C" fn get_interface_info(_: *mut c_void) -> nvinfer1::InterfaceInfo {
                let (kind, major, minor) = nvinfer1::$class::INTERFACE_INFO;
                nvinfer1::InterfaceInfo { kind: kind.as_ptr(), major, minor }
            }
        }

        impl<T: $trait> std::ops::Deref for $object<T> {
            type Target = nvinfer1::$class;
            fn deref(&self) -> &nvinfer1::$class {
                // SAFETY: `#[repr(C)]` with the vtable pointer first: the C++ class's layout.
                unsafe { &*self.as_ptr() }
            }
        }

        // SAFETY: TensorRT calls the object from any thread; the trait requires `Sync`.
        unsafe impl<T: $trait> Sync for $object<T> {}
        // SAFETY: as above; the value is `Send`.
        unsafe impl<T: $trait + Send> Send for $object<T> {}
    };
}

/// `nvinfer1::ILogger`: TensorRT's messages. Called from any thread TensorRT runs on.
pub trait ILogger: Sync {
    /// `void log(Severity severity, AsciiChar const* msg) noexcept`.
    fn log(&self, severity: nvinfer1::ILogger_Severity, msg: &CStr);
}

object! {
    ILoggerObject: ILogger as nvinfer1::ILogger, nvinfer1::ILogger_vtbl;
    versioned #[cfg(trt_ge = "11.0")];
    { log: log }
}

impl<T: ILogger> ILoggerObject<T> {
    unsafe extern "C" fn log(this: *mut c_void, severity: nvinfer1::ILogger_Severity, msg: *const c_char) {
        guard("nvinfer1::ILogger::log", (), || {
            // SAFETY: TensorRT passes a NUL-terminated message, and this object.
            let msg = if msg.is_null() { c"" } else { unsafe { CStr::from_ptr(msg) } };
            if severity <= nvinfer1::ILogger_Severity::kERROR {
                let text = msg.to_string_lossy().into_owned();
                keep_error(code_in(&text), text);
            }
            // SAFETY: this object.
            unsafe { Self::this(this) }.log(severity, msg)
        })
    }
}

/// `nvinfer1::IErrorRecorder`: errors of the objects it is set on (`setErrorRecorder`), from
/// any thread. Reference counted by TensorRT (`incRefCount`, `decRefCount`); the program still
/// owns it.
pub trait IErrorRecorder: Sync {
    fn getNbErrors(&self) -> i32;
    fn getErrorCode(&self, errorIdx: i32) -> nvinfer1::ErrorCode;
    /// The text of error `errorIdx`, alive until [`clear`](Self::clear).
    fn getErrorDesc(&self, errorIdx: i32) -> *const c_char;
    fn hasOverflowed(&self) -> bool;
    fn clear(&self);
    /// `true` when TensorRT should stop (a fatal error).
    fn reportError(&self, val: nvinfer1::ErrorCode, desc: &CStr) -> bool;
    fn incRefCount(&self) -> i32;
    fn decRefCount(&self) -> i32;
}

object! {
    IErrorRecorderObject: IErrorRecorder as nvinfer1::IErrorRecorder, nvinfer1::IErrorRecorder_vtbl;
    versioned;
    {
        getNbErrors: get_nb_errors,
        getErrorCode: get_error_code,
        getErrorDesc: get_error_desc,
        hasOverflowed: has_overflowed,
        clear: clear,
        reportError: report_error,
        incRefCount: inc_ref_count,
        decRefCount: dec_ref_count,
    }
}

impl<T: IErrorRecorder> IErrorRecorderObject<T> {
    unsafe extern "C" fn get_nb_errors(this: *mut c_void) -> i32 {
        guard("nvinfer1::IErrorRecorder::getNbErrors", 0, || unsafe { Self::this(this) }.getNbErrors())
    }
    unsafe extern "C" fn get_error_code(this: *mut c_void, index: i32) -> nvinfer1::ErrorCode {
        guard("nvinfer1::IErrorRecorder::getErrorCode", nvinfer1::ErrorCode::kINTERNAL_ERROR, || {
            unsafe { Self::this(this) }.getErrorCode(index)
        })
    }
    unsafe extern "C" fn get_error_desc(this: *mut c_void, index: i32) -> *const c_char {
        guard("nvinfer1::IErrorRecorder::getErrorDesc", c"".as_ptr(), || {
            unsafe { Self::this(this) }.getErrorDesc(index)
        })
    }
    unsafe extern "C" fn has_overflowed(this: *mut c_void) -> bool {
        guard("nvinfer1::IErrorRecorder::hasOverflowed", false, || {
            unsafe { Self::this(this) }.hasOverflowed()
        })
    }
    unsafe extern "C" fn clear(this: *mut c_void) {
        guard("nvinfer1::IErrorRecorder::clear", (), || unsafe { Self::this(this) }.clear())
    }
    unsafe extern "C" fn report_error(
        this: *mut c_void,
        code: nvinfer1::ErrorCode,
        desc: *const c_char,
    ) -> bool {
        // A recorder that fails to record asks TensorRT to stop: the safe answer.
        guard("nvinfer1::IErrorRecorder::reportError", true, || {
            // SAFETY: TensorRT passes a NUL-terminated text.
            let desc = if desc.is_null() { c"" } else { unsafe { CStr::from_ptr(desc) } };
            keep_error(code, desc.to_string_lossy().into_owned());
            unsafe { Self::this(this) }.reportError(code, desc)
        })
    }
    unsafe extern "C" fn inc_ref_count(this: *mut c_void) -> i32 {
        guard("nvinfer1::IErrorRecorder::incRefCount", 0, || unsafe { Self::this(this) }.incRefCount())
    }
    unsafe extern "C" fn dec_ref_count(this: *mut c_void) -> i32 {
        guard("nvinfer1::IErrorRecorder::decRefCount", 0, || unsafe { Self::this(this) }.decRefCount())
    }
}

/// `nvinfer1::IGpuAllocator`: device memory for TensorRT (`setGpuAllocator`). The defaults are
/// the header's: `allocateAsync` calls `allocate`, `deallocateAsync` calls `deallocate`,
/// `reallocate` fails.
pub trait IGpuAllocator: Sync {
    /// `void* allocate(uint64_t size, uint64_t alignment, AllocatorFlags flags)`: null on failure.
    fn allocate(&self, size: u64, alignment: u64, flags: nvinfer1::AllocatorFlags) -> *mut c_void;
    /// `bool deallocate(void* memory)`.
    fn deallocate(&self, memory: *mut c_void) -> bool;
    fn reallocate(&self, _baseAddr: *mut c_void, _alignment: u64, _newSize: u64) -> *mut c_void {
        std::ptr::null_mut()
    }
    fn allocateAsync(
        &self,
        size: u64,
        alignment: u64,
        flags: nvinfer1::AllocatorFlags,
        _stream: cudart_sys::cudaStream_t,
    ) -> *mut c_void {
        self.allocate(size, alignment, flags)
    }
    fn deallocateAsync(&self, memory: *mut c_void, _stream: cudart_sys::cudaStream_t) -> bool {
        self.deallocate(memory)
    }
}

object! {
    IGpuAllocatorObject: IGpuAllocator as nvinfer1::IGpuAllocator, nvinfer1::IGpuAllocator_vtbl;
    versioned;
    {
        allocate: allocate,
        reallocate: reallocate,
        deallocate: deallocate,
        allocateAsync: allocate_async,
        deallocateAsync: deallocate_async,
    }
}

impl<T: IGpuAllocator> IGpuAllocatorObject<T> {
    unsafe extern "C" fn allocate(this: *mut c_void, size: u64, alignment: u64, flags: u32) -> *mut c_void {
        guard("nvinfer1::IGpuAllocator::allocate", std::ptr::null_mut(), || {
            unsafe { Self::this(this) }.allocate(size, alignment, flags)
        })
    }
    unsafe extern "C" fn reallocate(
        this: *mut c_void,
        base: *mut c_void,
        alignment: u64,
        size: u64,
    ) -> *mut c_void {
        guard("nvinfer1::IGpuAllocator::reallocate", std::ptr::null_mut(), || {
            unsafe { Self::this(this) }.reallocate(base, alignment, size)
        })
    }
    unsafe extern "C" fn deallocate(this: *mut c_void, memory: *mut c_void) -> bool {
        guard("nvinfer1::IGpuAllocator::deallocate", false, || unsafe { Self::this(this) }.deallocate(memory))
    }
    unsafe extern "C" fn allocate_async(
        this: *mut c_void,
        size: u64,
        alignment: u64,
        flags: u32,
        stream: cudart_sys::cudaStream_t,
    ) -> *mut c_void {
        guard("nvinfer1::IGpuAllocator::allocateAsync", std::ptr::null_mut(), || {
            unsafe { Self::this(this) }.allocateAsync(size, alignment, flags, stream)
        })
    }
    unsafe extern "C" fn deallocate_async(
        this: *mut c_void,
        memory: *mut c_void,
        stream: cudart_sys::cudaStream_t,
    ) -> bool {
        guard("nvinfer1::IGpuAllocator::deallocateAsync", false, || {
            unsafe { Self::this(this) }.deallocateAsync(memory, stream)
        })
    }
}

/// `nvinfer1::IStreamReaderV2` (TensorRT 10.7 on): an engine read in parts, for
/// `deserializeCudaEngine_1(reader)`.
#[cfg(trt_ge = "10.7")]
pub trait IStreamReaderV2: Sync {
    /// `int64_t read(void* destination, int64_t nbBytes, cudaStream_t stream)`: bytes read, or
    /// -1 on failure.
    fn read(&self, destination: *mut c_void, nbBytes: i64, stream: cudart_sys::cudaStream_t) -> i64;
    /// `bool seek(int64_t offset, SeekPosition where)`.
    fn seek(&self, offset: i64, r#where: nvinfer1::SeekPosition) -> bool;
}

#[cfg(trt_ge = "10.7")]
object! {
    IStreamReaderV2Object: IStreamReaderV2 as nvinfer1::IStreamReaderV2, nvinfer1::IStreamReaderV2_vtbl;
    versioned;
    { read: read, seek: seek }
}

#[cfg(trt_ge = "10.7")]
impl<T: IStreamReaderV2> IStreamReaderV2Object<T> {
    unsafe extern "C" fn read(
        this: *mut c_void,
        destination: *mut c_void,
        bytes: i64,
        stream: cudart_sys::cudaStream_t,
    ) -> i64 {
        guard("nvinfer1::IStreamReaderV2::read", -1, || {
            unsafe { Self::this(this) }.read(destination, bytes, stream)
        })
    }
    unsafe extern "C" fn seek(this: *mut c_void, offset: i64, r#where: nvinfer1::SeekPosition) -> bool {
        guard("nvinfer1::IStreamReaderV2::seek", false, || unsafe { Self::this(this) }.seek(offset, r#where))
    }
}

/// `nvinfer1::IOutputAllocator`: memory for outputs whose size is known only while running
/// (`setOutputAllocator`).
pub trait IOutputAllocator: Sync {
    /// `void* reallocateOutputAsync(char const* tensorName, void* currentMemory, uint64_t size,
    /// uint64_t alignment, cudaStream_t)`: null on failure.
    fn reallocateOutputAsync(
        &self,
        tensorName: &CStr,
        currentMemory: *mut c_void,
        size: u64,
        alignment: u64,
        stream: cudart_sys::cudaStream_t,
    ) -> *mut c_void;
    /// `void notifyShape(char const* tensorName, Dims const& dims)`.
    fn notifyShape(&self, tensorName: &CStr, dims: &nvinfer1::Dims);
}

object! {
    IOutputAllocatorObject: IOutputAllocator as nvinfer1::IOutputAllocator, nvinfer1::IOutputAllocator_vtbl;
    versioned;
    {
        reallocateOutput: reallocate_output,
        reallocateOutputAsync: reallocate_output_async,
        notifyShape: notify_shape,
    }
}

impl<T: IOutputAllocator> IOutputAllocatorObject<T> {
    /// The header's deprecated synchronous form: TensorRT calls the asynchronous one; this
    /// answers as the header's default does for a program that overrides only that one.
    unsafe extern "C" fn reallocate_output(
        this: *mut c_void,
        name: *const c_char,
        memory: *mut c_void,
        size: u64,
        alignment: u64,
    ) -> *mut c_void {
        // SAFETY: TensorRT's arguments, passed on.
        unsafe { Self::reallocate_output_async(this, name, memory, size, alignment, std::ptr::null_mut()) }
    }
    unsafe extern "C" fn reallocate_output_async(
        this: *mut c_void,
        name: *const c_char,
        memory: *mut c_void,
        size: u64,
        alignment: u64,
        stream: cudart_sys::cudaStream_t,
    ) -> *mut c_void {
        guard("nvinfer1::IOutputAllocator::reallocateOutputAsync", std::ptr::null_mut(), || {
            // SAFETY: a NUL-terminated tensor name.
            let name = unsafe { CStr::from_ptr(name) };
            unsafe { Self::this(this) }.reallocateOutputAsync(name, memory, size, alignment, stream)
        })
    }
    unsafe extern "C" fn notify_shape(this: *mut c_void, name: *const c_char, dims: *const nvinfer1::Dims) {
        guard("nvinfer1::IOutputAllocator::notifyShape", (), || {
            // SAFETY: TensorRT's name and dimensions.
            let (name, dims) = unsafe { (CStr::from_ptr(name), &*dims) };
            unsafe { Self::this(this) }.notifyShape(name, dims)
        })
    }
}

/// `nvinfer1::IProfiler`: each layer's time (`setProfiler`).
pub trait IProfiler: Sync {
    /// `void reportLayerTime(char const* layerName, float ms)`.
    fn reportLayerTime(&self, layerName: &CStr, ms: f32);
}

object! {
    IProfilerObject: IProfiler as nvinfer1::IProfiler, nvinfer1::IProfiler_vtbl;
    versioned #[cfg(trt_ge = "11.0")];
    { reportLayerTime: report_layer_time }
}

impl<T: IProfiler> IProfilerObject<T> {
    unsafe extern "C" fn report_layer_time(this: *mut c_void, name: *const c_char, ms: f32) {
        guard("nvinfer1::IProfiler::reportLayerTime", (), || {
            // SAFETY: a NUL-terminated layer name.
            let name = unsafe { CStr::from_ptr(name) };
            unsafe { Self::this(this) }.reportLayerTime(name, ms)
        })
    }
}
