//! The Rust objects TensorRT calls ([`crate::implement`]), called here through their vtables as
//! TensorRT calls them, each scenario in a child process (a panic that escapes a callback aborts
//! the process): every callback of every interface that panics gives the C++ failure value and
//! a kept report, also when stderr is a broken pipe (an `eprintln!` logger panics then, and the
//! report must not panic in turn) or closed; a panic payload whose `Drop` panics is caught too;
//! a destructor that panics is caught.
//!
//! SAFETY of every `unsafe` block here: the objects are alive and of the vtable's class, and
//! the arguments are what the slot's C++ signature takes (nothing is dereferenced by the
//! panicking methods).

use std::ffi::{c_void, CStr};
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::implement::{self, take_panic};
use crate::nvinfer1;

const SCENARIOS: &[(&str, fn())] = &[
    ("eprintln_logger", eprintln_logger),
    ("every_callback", every_callback),
    ("payload_drop_panics", payload_drop_panics),
    ("destructors", destructors),
];

#[test]
#[ignore = "a scenario body: the other tests of this module run it in a child process"]
fn scenario() {
    cuda_loader::child::dispatch(SCENARIOS);
}

/// How the child's stderr is set up.
#[derive(Clone, Copy, PartialEq)]
enum Stderr {
    /// A pipe we read, as usual.
    Read,
    /// A pipe whose reading end we closed: every write fails with EPIPE.
    Broken,
    /// Closed before the child starts (the Rust runtime then opens /dev/null there).
    Closed,
}

/// Runs scenario `name` with its stderr as `stderr`; its exit status and stdout (and stderr,
/// when read). Killed after a minute: a hang is a failure.
fn child(name: &str, stderr: Stderr) -> (ExitStatus, String) {
    let exe = std::env::current_exe().expect("the test binary's path");
    let mut command = Command::new(exe);
    command
        .args([
            "tests::callbacks::scenario",
            "--exact",
            "--include-ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(cuda_loader::child::SCENARIO, name)
        .env("NVINFER_SYS_STDERR_BROKEN", if stderr == Stderr::Broken { "1" } else { "0" })
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(if stderr == Stderr::Closed { Stdio::null() } else { Stdio::piped() });
    if stderr == Stderr::Closed {
        use std::os::unix::process::CommandExt;
        extern "C" {
            fn close(fd: i32) -> i32;
        }
        // SAFETY: close(2) is async-signal-safe; it runs in the child between fork and exec.
        unsafe {
            command.pre_exec(|| {
                close(2);
                Ok(())
            })
        };
    }
    let mut process = command.spawn().expect("the test binary, again");
    let mut stderr_pipe = process.stderr.take();
    if stderr == Stderr::Broken {
        drop(stderr_pipe.take()); // The reading end closed: the child's writes get EPIPE.
    }
    // Each pipe drained while it runs: a child blocked on a full pipe would look hung.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_string(&mut text);
            }
            text
        })
    };
    let stdout = drain(process.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = drain(stderr_pipe.map(|p| Box::new(p) as Box<dyn Read + Send>));
    let out = || format!("{}{}", stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = process.try_wait().expect("the child's status") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = process.kill();
            let _ = process.wait();
            panic!("scenario {name} hung; killed after a minute:\n{}", out());
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (status, out())
}

/// Runs scenario `name` and requires that it finished (no abort, no panic outside a callback).
fn passes(name: &str, stderr: Stderr) -> String {
    let (status, out) = child(name, stderr);
    assert!(status.success(), "scenario {name} failed ({status}):\n{out}");
    assert!(out.contains(&format!("scenario {name} done")), "scenario {name} did not finish:\n{out}");
    out
}

/// In a child told its stderr is broken: waits until a write to it fails (the parent closes
/// the reading end just after the start), so that what follows meets the broken pipe.
fn stderr_broken_when_told() {
    if std::env::var("NVINFER_SYS_STDERR_BROKEN").as_deref() != Ok("1") {
        return;
    }
    for _ in 0..1000 {
        if std::io::stderr().write_all(b"probe\n").is_err() {
            println!("stderr is broken");
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("stderr never became a broken pipe");
}

/// The README's logger: `eprintln!`, which panics when stderr is a broken pipe.
struct EprintlnLogger;
impl implement::ILogger for EprintlnLogger {
    fn log(&self, _: nvinfer1::ILogger_Severity, msg: &CStr) {
        eprintln!("{}", msg.to_string_lossy());
    }
}

fn eprintln_logger() {
    stderr_broken_when_told();
    let logger = implement::ILoggerObject::new(EprintlnLogger);
    implement::clear_last_error();
    for _ in 0..3 {
        // SAFETY: see the module's.
        unsafe {
            (logger.vtable().log)(
                logger.as_ptr().cast(),
                nvinfer1::ILogger_Severity::kERROR,
                c"Error Code 3: API Usage Error (from the test)".as_ptr(),
            )
        };
    }
    // The error was kept before the logger ran; the logger's panic (if any) was kept too.
    let (code, text) = implement::take_last_error().expect("the error the logger got");
    println!("error {}: {text}", code.0);
    println!("panic: {}", take_panic().unwrap_or_else(|| "none".into()));
}

#[test]
fn an_eprintln_logger_on_a_broken_stderr_is_caught_not_aborted() {
    let out = passes("eprintln_logger", Stderr::Broken);
    assert!(out.contains("stderr is broken"), "{out}");
    assert!(out.contains("error 3: Error Code 3: API Usage Error (from the test)"), "{out}");
    assert!(out.contains("panic: nvinfer1::ILogger::log panicked (failed printing to stderr"), "{out}");
}

#[test]
fn an_eprintln_logger_on_a_closed_or_working_stderr_just_logs() {
    let out = passes("eprintln_logger", Stderr::Closed);
    assert!(out.contains("panic: none"), "{out}");
    let out = passes("eprintln_logger", Stderr::Read);
    assert!(out.contains("panic: none"), "{out}");
    assert!(out.contains("\nError Code 3: API Usage Error (from the test)\n"), "{out}");
}

/// Panics in every method, of every interface.
struct Panics;
const BUG: &str = "the program's own bug";

impl implement::ILogger for Panics {
    fn log(&self, _: nvinfer1::ILogger_Severity, _: &CStr) {
        panic!("{BUG}")
    }
}
impl implement::IErrorRecorder for Panics {
    fn getNbErrors(&self) -> i32 {
        panic!("{BUG}")
    }
    fn getErrorCode(&self, _: i32) -> nvinfer1::ErrorCode {
        panic!("{BUG}")
    }
    fn getErrorDesc(&self, _: i32) -> *const std::ffi::c_char {
        panic!("{BUG}")
    }
    fn hasOverflowed(&self) -> bool {
        panic!("{BUG}")
    }
    fn clear(&self) {
        panic!("{BUG}")
    }
    fn reportError(&self, _: nvinfer1::ErrorCode, _: &CStr) -> bool {
        panic!("{BUG}")
    }
    fn incRefCount(&self) -> i32 {
        panic!("{BUG}")
    }
    fn decRefCount(&self) -> i32 {
        panic!("{BUG}")
    }
}
impl implement::IGpuAllocator for Panics {
    fn allocate(&self, _: u64, _: u64, _: nvinfer1::AllocatorFlags) -> *mut c_void {
        panic!("{BUG}")
    }
    fn deallocate(&self, _: *mut c_void) -> bool {
        panic!("{BUG}")
    }
    fn reallocate(&self, _: *mut c_void, _: u64, _: u64) -> *mut c_void {
        panic!("{BUG}")
    }
}
#[cfg(trt_ge = "10.7")]
impl implement::IStreamReaderV2 for Panics {
    fn read(&self, _: *mut c_void, _: i64, _: cudart_sys::cudaStream_t) -> i64 {
        panic!("{BUG}")
    }
    fn seek(&self, _: i64, _: nvinfer1::SeekPosition) -> bool {
        panic!("{BUG}")
    }
}
impl implement::IOutputAllocator for Panics {
    fn reallocateOutputAsync(
        &self,
        _: &CStr,
        _: *mut c_void,
        _: u64,
        _: u64,
        _: cudart_sys::cudaStream_t,
    ) -> *mut c_void {
        panic!("{BUG}")
    }
    fn notifyShape(&self, _: &CStr, _: &nvinfer1::Dims) {
        panic!("{BUG}")
    }
}
impl implement::IProfiler for Panics {
    fn reportLayerTime(&self, _: &CStr, _: f32) {
        panic!("{BUG}")
    }
}

/// Requires that the last call's panic was kept under `method`'s name; prints it.
fn kept(method: &str) {
    let panic = take_panic().unwrap_or_else(|| panic!("no panic kept for {method}"));
    assert!(panic.starts_with(&format!("{method} panicked ({BUG})")), "{panic}");
    println!("kept {method}");
}

fn every_callback() {
    stderr_broken_when_told();
    let null = std::ptr::null_mut();
    let stream: cudart_sys::cudaStream_t = std::ptr::null_mut();
    // SAFETY: see the module's.
    unsafe {
        let logger = implement::ILoggerObject::new(Panics);
        (logger.vtable().log)(logger.as_ptr().cast(), nvinfer1::ILogger_Severity::kINFO, c"x".as_ptr());
        kept("nvinfer1::ILogger::log");

        let recorder = implement::IErrorRecorderObject::new(Panics);
        let (v, this) = (recorder.vtable(), recorder.as_ptr().cast());
        assert_eq!((v.getNbErrors)(this), 0);
        kept("nvinfer1::IErrorRecorder::getNbErrors");
        assert_eq!((v.getErrorCode)(this, 0), nvinfer1::ErrorCode::kINTERNAL_ERROR);
        kept("nvinfer1::IErrorRecorder::getErrorCode");
        assert_eq!(CStr::from_ptr((v.getErrorDesc)(this, 0)), c"");
        kept("nvinfer1::IErrorRecorder::getErrorDesc");
        assert!(!(v.hasOverflowed)(this));
        kept("nvinfer1::IErrorRecorder::hasOverflowed");
        (v.clear)(this);
        kept("nvinfer1::IErrorRecorder::clear");
        assert!((v.reportError)(this, nvinfer1::ErrorCode::kFAILED_EXECUTION, c"x".as_ptr()));
        kept("nvinfer1::IErrorRecorder::reportError");
        assert_eq!((v.incRefCount)(this), 0);
        kept("nvinfer1::IErrorRecorder::incRefCount");
        assert_eq!((v.decRefCount)(this), 0);
        kept("nvinfer1::IErrorRecorder::decRefCount");

        let allocator = implement::IGpuAllocatorObject::new(Panics);
        let (v, this) = (allocator.vtable(), allocator.as_ptr().cast());
        assert!((v.allocate)(this, 256, 256, 0).is_null());
        kept("nvinfer1::IGpuAllocator::allocate");
        assert!((v.reallocate)(this, null, 256, 512).is_null());
        kept("nvinfer1::IGpuAllocator::reallocate");
        assert!(!(v.deallocate)(this, null));
        kept("nvinfer1::IGpuAllocator::deallocate");
        // The defaults call the panicking synchronous forms: the panic is the async slot's.
        assert!((v.allocateAsync)(this, 256, 256, 0, stream).is_null());
        kept("nvinfer1::IGpuAllocator::allocateAsync");
        assert!(!(v.deallocateAsync)(this, null, stream));
        kept("nvinfer1::IGpuAllocator::deallocateAsync");

        #[cfg(trt_ge = "10.7")]
        {
            let reader = implement::IStreamReaderV2Object::new(Panics);
            let (v, this) = (reader.vtable(), reader.as_ptr().cast());
            assert_eq!((v.read)(this, null, 16, stream), -1);
            kept("nvinfer1::IStreamReaderV2::read");
            assert!(!(v.seek)(this, 0, nvinfer1::SeekPosition::kSET));
            kept("nvinfer1::IStreamReaderV2::seek");
        }

        let output = implement::IOutputAllocatorObject::new(Panics);
        let (v, this) = (output.vtable(), output.as_ptr().cast());
        assert!((v.reallocateOutput)(this, c"out".as_ptr(), null, 64, 256).is_null());
        kept("nvinfer1::IOutputAllocator::reallocateOutputAsync");
        assert!((v.reallocateOutputAsync)(this, c"out".as_ptr(), null, 64, 256, stream).is_null());
        kept("nvinfer1::IOutputAllocator::reallocateOutputAsync");
        let dims: nvinfer1::Dims = std::mem::zeroed();
        (v.notifyShape)(this, c"out".as_ptr(), &dims);
        kept("nvinfer1::IOutputAllocator::notifyShape");

        let profiler = implement::IProfilerObject::new(Panics);
        (profiler.vtable().reportLayerTime)(profiler.as_ptr().cast(), c"layer".as_ptr(), 1.5);
        kept("nvinfer1::IProfiler::reportLayerTime");
    }
}

#[test]
fn every_callback_that_panics_gives_the_failure_value_even_on_a_broken_stderr() {
    for stderr in [Stderr::Read, Stderr::Broken, Stderr::Closed] {
        let out = passes("every_callback", stderr);
        assert!(out.contains("kept nvinfer1::IProfiler::reportLayerTime"), "{out}");
        if stderr == Stderr::Read {
            // Reported on a working stderr, once per panic.
            let reported = "nvinfer-sys: nvinfer1::IErrorRecorder::getNbErrors panicked (the program's own bug); TensorRT called it noexcept";
            assert_eq!(out.matches(reported).count(), 1, "{out}");
        }
    }
}

/// A panic payload whose `Drop` panics: with a message, or (`again`) with a payload of its own
/// kind, whose `Drop` panics again.
struct Nasty {
    again: bool,
}
impl Drop for Nasty {
    fn drop(&mut self) {
        if self.again {
            std::panic::panic_any(Nasty { again: true });
        }
        panic!("the payload's own drop");
    }
}

struct PanicsWithNasty {
    again: bool,
}
impl implement::ILogger for PanicsWithNasty {
    fn log(&self, _: nvinfer1::ILogger_Severity, _: &CStr) {
        std::panic::panic_any(Nasty { again: self.again });
    }
}

fn payload_drop_panics() {
    stderr_broken_when_told();
    for again in [false, true] {
        let logger = implement::ILoggerObject::new(PanicsWithNasty { again });
        // SAFETY: see the module's.
        unsafe {
            (logger.vtable().log)(logger.as_ptr().cast(), nvinfer1::ILogger_Severity::kINFO, c"x".as_ptr())
        };
        let panic = take_panic().expect("the panic was kept");
        assert!(panic.starts_with("nvinfer1::ILogger::log panicked (a panic without a message)"), "{panic}");
        println!("survived again={again}");
    }
}

#[test]
fn a_panic_whose_payload_panics_when_dropped_is_caught() {
    for stderr in [Stderr::Read, Stderr::Broken] {
        let out = passes("payload_drop_panics", stderr);
        assert!(out.contains("survived again=true"), "{out}");
    }
}

/// A value whose `Drop` panics, destroyed by TensorRT (the complete and the deleting destructor).
struct DropPanics;
impl Drop for DropPanics {
    fn drop(&mut self) {
        panic!("{BUG}");
    }
}
impl implement::IProfiler for DropPanics {
    fn reportLayerTime(&self, _: &CStr, _: f32) {}
}

fn destructors() {
    stderr_broken_when_told();
    // SAFETY: see the module's; each object is destroyed once, by the slot C++ would call.
    unsafe {
        let object = Box::into_raw(implement::IProfilerObject::new(DropPanics));
        ((*object).vtable().__deleting_dtor)(object.cast());
        kept("nvinfer1::IProfiler::~IProfiler");
        let object = implement::IProfilerObject::new(DropPanics);
        (object.vtable().__complete_dtor)(object.as_ptr().cast());
        kept("nvinfer1::IProfiler::~IProfiler");
        // Its value was dropped once already: the box is freed without dropping it again.
        let object = Box::into_raw(object);
        std::alloc::dealloc(
            object.cast(),
            std::alloc::Layout::new::<implement::IProfilerObject<DropPanics>>(),
        );
    }
}

#[test]
fn a_destructor_that_panics_is_caught() {
    for stderr in [Stderr::Read, Stderr::Broken] {
        let out = passes("destructors", stderr);
        assert_eq!(out.matches("kept nvinfer1::IProfiler::~IProfiler").count(), 2, "{out}");
    }
}
