//! nvinfer-sys and check_trt! against TensorRT's real library: examples/lean_runtime.rs and
//! tests/trt_lean/lean_runtime.cpp (g++, the same headers, the same library) make the same
//! calls and must print the same lines. Needs the library (`NVINFER_SYS_LIBNVINFER_PATH`, e.g.
//! the lean runtime of `pip download tensorrt-lean-cu13-libs`), the headers the bindings come
//! from (`TENSORRT_ROOT`, at build and run time), g++, and the example built with
//! `--features trt,nvinfer-sys/lean` (as `.ci/tensorrt` does). Without a GPU, TensorRT stops at `createInferRuntime` (no CUDA driver), and both
//! sides say so; on a GPU they go through every `IRuntime` call that needs no engine.

use std::path::PathBuf;
use std::process::Command;

#[test]
#[ignore = "needs TensorRT's library (NVINFER_SYS_LIBNVINFER_PATH), its headers (TENSORRT_ROOT) and g++: .ci/tensorrt runs it"]
fn rust_and_cpp_make_the_same_calls_and_see_the_same_answers() {
    let library = PathBuf::from(std::env::var_os("NVINFER_SYS_LIBNVINFER_PATH").expect(
        "NVINFER_SYS_LIBNVINFER_PATH: the absolute path of libnvinfer_lean.so.<major> (or libnvinfer.so.<major>)",
    ));
    let include = PathBuf::from(
        std::env::var_os("TENSORRT_ROOT")
            .expect("TENSORRT_ROOT: the TensorRT root whose headers these bindings were built from"),
    )
    .join("include");
    // The example, built by `cargo build --example lean_runtime` beside this test
    // (target/<profile>/examples/lean_runtime), or else the newest lean_runtime-<hash> there.
    let exe = std::env::current_exe().unwrap();
    let examples = exe.parent().unwrap().parent().unwrap().join("examples");
    let built = Some(examples.join("lean_runtime")).filter(|p| p.is_file());
    let rust = built.into_iter().chain(std::fs::read_dir(&examples)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("lean_runtime") && !name.ends_with(".d") && p.is_file()
        })
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok()))
        .next()
        .unwrap_or_else(|| {
            panic!(
                "no lean_runtime in {}: run `cargo build -p cuda-checked --features trt,nvinfer-sys/lean --example lean_runtime` first",
                examples.display()
            )
        });

    let dir = std::env::temp_dir().join(format!("nvinfer-sys-lean-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cuda_runtime_api.h"), cuda_bindings_build_stand_in()).unwrap();
    let cpp = dir.join("lean_runtime");
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/trt_lean/lean_runtime.cpp");
    let built = Command::new(std::env::var_os("CXX").unwrap_or_else(|| "g++".into()))
        .args(["-std=c++17", "-w"])
        .arg(format!("-I{}", include.display()))
        .arg(format!("-I{}", dir.display()))
        .arg(&source)
        .arg("-o")
        .arg(&cpp)
        .arg(&library)
        .arg(format!("-Wl,-rpath,{}", library.parent().unwrap().display()))
        .output()
        .expect("g++");
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));

    let run = |program: &PathBuf| {
        let out = Command::new(program).env("NVINFER_SYS_LIBNVINFER_PATH", &library).output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (cpp_status, cpp_out) = run(&cpp);
    let (rust_status, rust_out) = run(&rust);
    std::fs::remove_dir_all(&dir).unwrap();
    println!("C++:\n{cpp_out}\nRust:\n{rust_out}");
    let common: Vec<&str> =
        rust_out.lines().filter(|l| !l.starts_with("check_trt:") && !l.starts_with(' ')).collect();
    assert_eq!(cpp_out.lines().collect::<Vec<_>>(), common, "the two sides differ");
    assert_eq!(cpp_status, rust_status);
    assert!(cpp_out.starts_with("getInferLibVersion "), "{cpp_out}");
    // Every failure the Rust side saw came with TensorRT's words through check_trt!.
    let failures = common.iter().filter(|l| l.ends_with(" failed") || l.contains("engine null")).count();
    let checked = rust_out.lines().filter(|l| l.starts_with("check_trt:")).count();
    assert_eq!(failures, checked, "{rust_out}");
}

fn cuda_bindings_build_stand_in() -> &'static str {
    "#pragma once\ntypedef struct CUstream_st *cudaStream_t;\ntypedef struct CUevent_st *cudaEvent_t;\n"
}
