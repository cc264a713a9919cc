//! The Rust side of nvinfer-sys's comparison with TensorRT's real library, line for line with
//! tests/trt_lean/lean_runtime.cpp: every `IRuntime` call that needs no engine, and engines that
//! are not engines, the errors arriving through a Rust `ILogger`, a Rust `IErrorRecorder` and
//! `check_trt!`. Each line the C++ prints, this prints too (and `check_trt:` lines of its own).
//!
//! ```sh
//! NVINFER_SYS_LIBNVINFER_PATH=/path/to/libnvinfer_lean.so.11 TENSORRT_ROOT=/path/to/tensorrt \
//!     cargo run -p cuda-checked --features trt,nvinfer-sys/lean --example lean_runtime
//! ```

// The C++ names (gLogger, getErrorDesc), as the C++ side has them.
#![allow(non_snake_case)]

use std::ffi::{c_char, CStr};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Mutex;

use cuda_checked::check_trt;
use nvinfer_sys::{implement, nvinfer1};

static ERROR_REPORTED: AtomicBool = AtomicBool::new(false);

// class Logger : public nvinfer1::ILogger
struct Logger;
impl implement::ILogger for Logger {
    fn log(&self, severity: nvinfer1::ILogger_Severity, msg: &CStr) {
        if severity <= nvinfer1::ILogger_Severity::kERROR {
            ERROR_REPORTED.store(true, Ordering::SeqCst);
        }
        if severity <= nvinfer1::ILogger_Severity::kWARNING {
            println!("log {}: {}", severity.0, msg.to_string_lossy());
        }
    }
}

// class Recorder : public nvinfer1::IErrorRecorder
#[derive(Default)]
struct Recorder {
    errors: Mutex<Vec<(nvinfer1::ErrorCode, std::ffi::CString)>>,
    refs: AtomicI32,
}
impl implement::IErrorRecorder for Recorder {
    fn getNbErrors(&self) -> i32 {
        self.errors.lock().unwrap().len() as i32
    }
    fn getErrorCode(&self, i: i32) -> nvinfer1::ErrorCode {
        self.errors.lock().unwrap()[i as usize].0
    }
    fn getErrorDesc(&self, i: i32) -> *const c_char {
        self.errors.lock().unwrap()[i as usize].1.as_ptr()
    }
    fn hasOverflowed(&self) -> bool {
        false
    }
    fn clear(&self) {
        self.errors.lock().unwrap().clear();
    }
    fn reportError(&self, val: nvinfer1::ErrorCode, desc: &CStr) -> bool {
        ERROR_REPORTED.store(true, Ordering::SeqCst);
        println!("recorded {}: {}", val.0, desc.to_string_lossy());
        self.errors.lock().unwrap().push((val, desc.to_owned()));
        false
    }
    fn incRefCount(&self) -> i32 {
        self.refs.fetch_add(1, Ordering::SeqCst) + 1
    }
    fn decRefCount(&self) -> i32 {
        self.refs.fetch_sub(1, Ordering::SeqCst) - 1
    }
}

fn main() {
    let gLogger = implement::ILoggerObject::new(Logger);
    let gRecorder = implement::IErrorRecorderObject::new(Recorder::default());
    unsafe {
        println!("getInferLibVersion {}", nvinfer_sys::getInferLibVersion());
        ERROR_REPORTED.store(false, Ordering::SeqCst);
        let runtime = match check_trt!(nvinfer1::createInferRuntime(&gLogger)) {
            Ok(runtime) => runtime,
            Err(error) => {
                println!("createInferRuntime failed");
                println!("check_trt: {error}");
                std::process::exit(1);
            }
        };
        println!("getNbDLACores {}", (*runtime).getNbDLACores());
        println!("getDLACore {}", (*runtime).getDLACore());
        println!("getMaxThreads {}", (*runtime).getMaxThreads());
        println!("setMaxThreads(2) {}", i32::from((*runtime).setMaxThreads(2)));
        println!("getMaxThreads {}", (*runtime).getMaxThreads());
        let directory = (*runtime).getTemporaryDirectory();
        let directory =
            if directory.is_null() { "(null)".into() } else { CStr::from_ptr(directory).to_string_lossy() };
        println!("getTemporaryDirectory {directory}");
        println!("getTempfileControlFlags {}", (*runtime).getTempfileControlFlags());
        println!("getEngineHostCodeAllowed {}", i32::from((*runtime).getEngineHostCodeAllowed()));
        println!("getLogger is ours {}", i32::from((*runtime).getLogger() == gLogger.as_ptr()));
        println!("getErrorRecorder is null {}", i32::from((*runtime).getErrorRecorder().is_null()));

        let junk = vec![b'x'; 4096];
        ERROR_REPORTED.store(false, Ordering::SeqCst);
        let engine = check_trt!((*runtime).deserializeCudaEngine(junk.as_ptr().cast(), junk.len()));
        let reported = i32::from(ERROR_REPORTED.load(Ordering::SeqCst));
        println!("junk: engine {}, error reported {reported}", if engine.is_ok() { "made" } else { "null" });
        if let Err(error) = &engine {
            println!("check_trt: {error}");
        }

        (*runtime).setErrorRecorder(gRecorder.as_ptr());
        println!(
            "getErrorRecorder is ours {}",
            i32::from((*runtime).getErrorRecorder() == gRecorder.as_ptr())
        );
        let truncated = b"ftrt";
        ERROR_REPORTED.store(false, Ordering::SeqCst);
        let engine = check_trt!((*runtime).deserializeCudaEngine(truncated.as_ptr().cast(), truncated.len()));
        let reported = i32::from(ERROR_REPORTED.load(Ordering::SeqCst));
        let recorded = implement::IErrorRecorder::getNbErrors(&gRecorder.value);
        println!(
            "truncated: engine {}, error reported {reported}, recorded {recorded}",
            if engine.is_ok() { "made" } else { "null" }
        );
        if let Err(error) = &engine {
            println!("check_trt: {error}");
        }
        (*runtime).setErrorRecorder(null_mut());
        nvinfer_sys::delete(runtime);
        println!("deleted");
    }
}
