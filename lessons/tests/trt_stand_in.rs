//! The TensorRT lessons against a stand-in TensorRT (lessons/trt-stand-in: C++, compiled here
//! with g++ against the same TensorRT headers as the bindings): each C++ twin (book/c/trt_*.cpp)
//! and its Rust port make the same calls, with the same arguments, in the same order, and the
//! objects are deleted in the same order, so the stand-in's two traces are equal, and so is
//! what each program prints. The stand-in calls the programs' loggers (and recorders), so the
//! Rust vtables are exercised as TensorRT exercises them; CUDA's runtime is a fake of the few
//! functions the programs call, on host memory.
//!
//! Needs g++, and the TensorRT headers of the stand-in's release (`cargo xtask tensorrt
//! headers`, then `TENSORRT_ROOT=.tensorrt-headers/11.4.0`) and a CUDA toolkit's headers
//! (`CUDA_PATH`) at build time; `.ci/tensorrt` runs it.
#![cfg(not(windows))]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

struct StandIn {
    dir: PathBuf,
    nvinfer: PathBuf,
    cudart: PathBuf,
}

fn includes() -> (PathBuf, PathBuf) {
    let trt = option_env!("TRT_INCLUDE").filter(|s| !s.is_empty()).expect(
        "the TensorRT headers the lessons were built against: TENSORRT_ROOT=.tensorrt-headers/11.4.0 (cargo xtask tensorrt headers)",
    );
    let cuda = option_env!("CUDA_INCLUDE")
        .filter(|s| !s.is_empty())
        .expect("a CUDA toolkit's headers for the C++ twins: set CUDA_PATH (cargo xtask headers)");
    (PathBuf::from(trt), PathBuf::from(cuda))
}

fn gxx(args: &[&std::ffi::OsStr]) {
    let cxx = std::env::var_os("CXX").unwrap_or_else(|| "g++".into());
    let out = Command::new(&cxx)
        .args(["-std=c++17", "-w"])
        .args(args)
        .output()
        .expect("g++ for the stand-in and the C++ twins");
    assert!(out.status.success(), "g++ failed:\n{}", String::from_utf8_lossy(&out.stderr));
}

/// The stand-in libnvinfer (which is the parser too) and the fake libcudart, named as the
/// bindings load them.
fn stand_in() -> StandIn {
    let (trt, cuda) = includes();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("lessons-trt-stand-in-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let nvinfer = dir.join(nvinfer_sys::loader::LIBRARY);
    let cudart = dir.join(cudart_sys::loader::LIBRARY);
    for (source, library) in [("stand_in.cpp", &nvinfer), ("fake_cudart.cpp", &cudart)] {
        let soname = format!("-Wl,-soname,{}", library.file_name().unwrap().to_string_lossy());
        gxx(&[
            "-fPIC".as_ref(),
            "-shared".as_ref(),
            soname.as_ref(),
            format!("-I{}", trt.display()).as_ref(),
            format!("-I{}", cuda.display()).as_ref(),
            manifest.join("trt-stand-in").join(source).as_os_str(),
            "-o".as_ref(),
            library.as_os_str(),
        ]);
    }
    StandIn { dir, nvinfer, cudart }
}

/// The C++ twin of lesson `name`, linked with the stand-in.
fn twin(stand_in: &StandIn, name: &str) -> PathBuf {
    let (trt, cuda) = includes();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../book/c").join(format!("{name}.cpp"));
    let exe = stand_in.dir.join(format!("{name}-cpp"));
    gxx(&[
        format!("-I{}", trt.display()).as_ref(),
        format!("-I{}", cuda.display()).as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        exe.as_os_str(),
        stand_in.nvinfer.as_os_str(),
        stand_in.cudart.as_os_str(),
        format!("-Wl,-rpath,{}", stand_in.dir.display()).as_ref(),
    ]);
    exe
}

/// (status, stdout, trace) of `command` run against the stand-in.
fn traced(stand_in: &StandIn, mut command: Command, tag: &str) -> (Option<i32>, String, String) {
    let trace = stand_in.dir.join(format!("{tag}.trace"));
    let _ = std::fs::remove_file(&trace);
    let out = command
        .current_dir(&stand_in.dir)
        .env("NVINFER_STAND_IN_TRACE", &trace)
        .env(nvinfer_sys::loader::LIBNVINFER_PATH_VAR, &stand_in.nvinfer)
        .env(cuda_loader::NVONNXPARSER.variable, &stand_in.nvinfer)
        .env(cudart_sys::loader::LIBCUDART_PATH_VAR, &stand_in.cudart)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{tag}: {stderr}");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        std::fs::read_to_string(trace).unwrap_or_default(),
    )
}

fn same(stand_in: &StandIn, name: &str, args: &[&str]) -> (String, String) {
    let mut cpp = Command::new(twin(stand_in, name));
    cpp.args(args);
    let mut rust = common::lesson(name);
    rust.args(args);
    let (cpp_status, cpp_out, cpp_trace) = traced(stand_in, cpp, &format!("{name}-cpp"));
    let (rust_status, rust_out, rust_trace) = traced(stand_in, rust, &format!("{name}-rust"));
    assert!(cpp_trace.lines().count() > 10, "{name}: the C++ twin left a short trace:\n{cpp_trace}");
    assert_eq!(
        cpp_trace.lines().collect::<Vec<_>>(),
        rust_trace.lines().collect::<Vec<_>>(),
        "{name}: the traces differ"
    );
    assert_eq!(cpp_out, rust_out, "{name}: what they print differs");
    assert_eq!(cpp_status, rust_status, "{name}");
    (rust_out, rust_trace)
}

#[test]
#[ignore = "needs g++, TensorRT's headers (TENSORRT_ROOT) and CUDA's (CUDA_PATH) at build time: .ci/tensorrt runs it"]
fn the_lessons_and_their_cpp_twins_leave_the_same_trace() {
    let stand_in = stand_in();
    let engine = "nvinfer-sys stand-in engine\ninput input 1 4\noutput output 1 4\n";
    std::fs::write(stand_in.dir.join("model.engine"), engine).unwrap();
    let (out, trace) = same(&stand_in, "trt_runtime", &["model.engine"]);
    assert!(out.contains("output: 0 0.5 1 1.5"), "{out}");
    assert!(trace.contains("VExecutionContext::enqueueV3(ptr)"), "{trace}");

    // Not an engine: TensorRT's error (the stand-in's words) through the logger and check_trt!.
    std::fs::write(stand_in.dir.join("bad.engine"), "garbage").unwrap();
    let mut rust = common::lesson("trt_runtime");
    rust.arg("bad.engine");
    let out = rust
        .current_dir(&stand_in.dir)
        .env(nvinfer_sys::loader::LIBNVINFER_PATH_VAR, &stand_in.nvinfer)
        .env(cudart_sys::loader::LIBCUDART_PATH_VAR, &stand_in.cudart)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("runtime.deserializeCudaEngine(blob.as_ptr().cast(), blob.len()) failed."),
        "{stderr}"
    );
    assert!(stderr.contains("code = kUNSPECIFIED_ERROR, message = Error Code 1: Serialization"), "{stderr}");

    let mnist = stand_in.dir.join("mnist");
    std::fs::create_dir_all(&mnist).unwrap();
    std::fs::write(
        mnist.join("mnist.onnx"),
        "stand-in onnx\ninput Input3 1 1 28 28\noutput Plus214_Output_0 1 10\n",
    )
    .unwrap();
    let mut digit = b"P5\n28 28\n255\n".to_vec();
    digit.extend((0..28 * 28).map(|i| if (i / 28) % 7 == 3 || i % 28 == 17 { 0u8 } else { 255 }));
    std::fs::write(mnist.join("3.pgm"), digit).unwrap();
    let (out, trace) = same(&stand_in, "trt_onnx_mnist", &["--datadir", "mnist", "--digit", "3"]);
    assert!(out.contains("input [1,1,28,28], output [1,10]"), "{out}");
    assert!(trace.contains("IParser::parseFromFile(\"mnist/mnist.onnx\", 2)"), "{trace}");
    assert!(trace.contains("delete(N12nvonnxparser7IParserE)"), "{trace}");

    let named = stand_in.dir.join("named");
    std::fs::create_dir_all(&named).unwrap();
    std::fs::write(
        named.join("concat_layer.onnx"),
        "stand-in onnx\ninput input0 -1 8\ninput input1 -1 8\noutput output -1 8\n",
    )
    .unwrap();
    let (out, trace) = same(&stand_in, "trt_named_dimensions", &["--datadir", "named"]);
    assert!(out.contains("input0 [-1,8], input1 [-1,8], output [-1,8]"), "{out}");
    assert!(out.ends_with("&&&& PASSED\n"), "{out}");
    assert!(trace.contains("VOptimizationProfile::setDimensions(\"input1\", 1, [3,8])"), "{trace}");
    assert!(trace.contains("VExecutionContext::executeV2(ptr)"), "{trace}");
    std::fs::remove_dir_all(&stand_in.dir).unwrap();
}
