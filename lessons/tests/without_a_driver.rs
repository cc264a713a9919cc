//! Every lesson, on a machine where no driver can be loaded, exits 1 with the check macro's
//! message: no panic, no backtrace. A driver lesson fails at `cuInit(0)`, and so does an NVRTC
//! lesson (the driver says which GPU to compile for, before NVRTC is loaded); a runtime lesson
//! (`runtime_*`, and the cuBLAS, cuRAND, cuFFT, cuSPARSE and cuSOLVER ones, which start as
//! NVIDIA's samples do) at its first runtime call, `cudaSetDevice`, which fails in the runtime's
//! own words when the runtime loads but finds no driver, and in the loader's when no runtime
//! loads.
//! An NCCL lesson (`nccl_*`) starts with `ncclGetVersion`, which fails in the loader's words
//! when no NCCL loads; with NCCL and no driver it stops at `cudaGetDeviceCount`.
//! A course lesson (`course_*`) checks as the TensorRT course's C++ does, with `checkRuntime!`,
//! which prints the course's line and goes on: it prints that line for its first runtime call
//! and ends as the C++ ends, with status 0.
//! A TensorRT lesson (`trt_*`) stops at its first TensorRT call, `check_trt!` giving the loader's words.
//! An NVML lesson (`nvml_*`) stops at `nvmlInit`, in the loader's words when no NVML loads.
//! The NPP lessons (`*_npp`) start as NVIDIA's samples do: hist_equalization_npp at
//! `checkCudaErrors!(cudaGetDeviceCount(..))`, box_filter_npp at its unchecked `cudaGetDevice`,
//! printing the sample's line and returning its `NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY`, with the
//! runtime's words for the code on standard error. simple_cublasxt, as NVIDIA's simpleCUBLASXT,
//! starts by counting the devices, at `checkCudaErrors!(cudaGetDeviceCount(..))`.

mod common;

use std::ffi::CStr;

const NO_DRIVER: &str = "/nonexistent/libcuda.so.1";

/// An NCCL lesson: one that starts with `ncclGetVersion`.
fn is_nccl_lesson(name: &str) -> bool {
    name.starts_with("nccl_")
}

/// A course lesson: one that checks as the course's C++ does and goes on.
fn is_course_lesson(name: &str) -> bool {
    name.starts_with("course_")
}

/// A TensorRT lesson (`trt_*`): it starts with `createInferRuntime` or `createInferBuilder`,
/// which fails in the loader's words when no TensorRT loads (none is installed where this runs).
fn is_trt_lesson(name: &str) -> bool {
    name.starts_with("trt_")
}

/// An NVML lesson (`nvml_*`): it starts with `nvmlInit`, NVML being the driver's library.
fn is_nvml_lesson(name: &str) -> bool {
    name.starts_with("nvml_")
}

/// A runtime lesson: one that starts with the Runtime API (the math libraries' lessons
/// pick their device with `cudaSetDevice` before their library's first call, as NVIDIA's
/// samples do), with a check that exits 1.
fn is_runtime_lesson(name: &str) -> bool {
    name.starts_with("runtime_")
        || ["cublas", "curand_", "cufft_", "cusparse_", "cusolver_", "cudnn_"]
            .iter()
            .any(|library| name.contains(library))
        || name == "hist_equalization_npp"
}

/// The runtime call a runtime lesson stops at without a driver.
fn first_runtime_call(name: &str) -> &'static str {
    match name {
        "hist_equalization_npp" | "simple_cublasxt" => "cudaGetDeviceCount",
        _ => "cudaSetDevice",
    }
}

/// The lesson whose sample does not check its first runtime call (`cudaGetDevice`), and returns
/// `NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY` from `main` when it fails.
const UNCHECKED_GET_DEVICE: &str = "box_filter_npp";

/// box_filter_npp's end when `cudaGetDevice` fails: the sample's line on standard output, the
/// runtime's words for the code on standard error (`said`, what `cudaGetErrorString` answered
/// the same call: the port's addition), and the sample's status, `NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY`
/// (-1027) of which an exit status keeps the low byte.
fn assert_unchecked_get_device_failure(
    output: &std::process::Output,
    stdout: &str,
    stderr: &str,
    said: &str,
) {
    let lesson = UNCHECKED_GET_DEVICE;
    let status = npp_sys::NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY.0 & 0xff;
    assert_eq!(output.status.code(), Some(status), "{lesson}: {stdout}{stderr}");
    assert!(
        stdout.ends_with(" Starting...\n\nCUDA error: no devices supporting CUDA.\n"),
        "{lesson}: {stdout}"
    );
    assert_eq!(stderr, format!("cudaGetDevice: {said}"), "{lesson}");
}

/// The one source of what a lesson must print: the libraries' own `describe`, asked in a child
/// of this test binary with the lesson's environment (no driver, no runtime).
fn expected() {
    let (name, message) = cuda_sys::loader::describe(cuda_sys::CUDA_ERROR_STUB_LIBRARY);
    println!("driver: code = {name}, message = {message}\n");
    let (name, message) = cudart_sys::loader::describe(cudart_sys::cudaErrorSharedObjectInitFailed);
    println!("runtime: code = {name}, message = {message}\n");
    let (name, message) = nccl_sys::loader::describe(nccl_sys::ncclSystemError);
    println!("nccl: code = {name}, message = {message}\n");
    let (name, message) = nvml_sys::loader::describe(nvml_sys::NVML_ERROR_LIBRARY_NOT_FOUND);
    println!("nvml: code = {name}, message = {message}\n");
    println!("cudaGetDevice: {}\n", get_device_text());
}

/// What `cudaGetErrorString` says of the code `cudaGetDevice` answers in this process.
fn get_device_text() -> String {
    let mut device = 0;
    // SAFETY: a valid out-pointer; cudaGetErrorString gives a static C string for any code.
    unsafe {
        let code = cudart_sys::cudaGetDevice(&mut device);
        CStr::from_ptr(cudart_sys::cudaGetErrorString(code)).to_string_lossy().into_owned()
    }
}

/// What an NVRTC lesson must print when NVRTC cannot be loaded: nvrtc-sys's own words.
fn expected_nvrtc() {
    let (name, message) = nvrtc_sys::loader::describe(nvrtc_sys::NVRTC_ERROR_INTERNAL_ERROR);
    println!("nvrtc: code = {name}, message = {message}\n");
}

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    cuda_loader::child::dispatch(&[("expected", expected), ("expected_nvrtc", expected_nvrtc)]);
}

#[test]
fn every_lesson_fails_cleanly_without_a_driver() {
    let no_runtime = format!("/nonexistent/{}", cudart_sys::loader::LIBRARY);
    let no_nccl = format!("/nonexistent/{}", nccl_sys::loader::LIBRARY);
    let no_nvml = format!("/nonexistent/{}", nvml_sys::loader::LIBRARY);
    let exe = std::env::current_exe().unwrap();
    let said = cuda_loader::child::Child::of(&exe, "scenario", "expected")
        .env(cuda_sys::loader::LIBCUDA_PATH_VAR, NO_DRIVER)
        .env(cudart_sys::loader::LIBCUDART_PATH_VAR, &no_runtime)
        .env(nccl_sys::loader::LIBNCCL_PATH_VAR, &no_nccl)
        .env(nvml_sys::loader::LIBNVIDIA_ML_PATH_VAR, &no_nvml)
        .run();
    let line = |prefix: &str| -> String {
        let start = said.find(prefix).unwrap_or_else(|| panic!("{said}")) + prefix.len();
        said[start..].split("\n\n").next().unwrap().to_string() + "\n"
    };
    let (driver, runtime, nccl) = (line("driver: "), line("runtime: "), line("nccl: "));
    let nvml = line("nvml: ");
    let get_device = line("cudaGetDevice: ");
    assert!(driver.contains("could not be loaded"), "{driver}");
    assert!(nvml.contains("could not be loaded"), "{nvml}");
    assert!(nccl.contains("could not be loaded"), "{nccl}");
    for name in common::lessons() {
        let mut command = common::lesson(name);
        command
            .env(cuda_sys::loader::LIBCUDA_PATH_VAR, NO_DRIVER)
            // The runtime loads libcuda itself, not through cuda-sys's loader: on a machine
            // with a driver it would find one. So no runtime either.
            .env(cudart_sys::loader::LIBCUDART_PATH_VAR, &no_runtime)
            .env(nccl_sys::loader::LIBNCCL_PATH_VAR, &no_nccl)
            .env(nvml_sys::loader::LIBNVIDIA_ML_PATH_VAR, &no_nvml)
            .env("RUST_BACKTRACE", "1");
        let (output, stdout, stderr) = common::run(command);
        if is_course_lesson(name) {
            assert_eq!(output.status.code(), Some(0), "{name}: {stdout}{stderr}");
            if name != "course_error" {
                // The course's own line: `runtime error FILE:LINE  OP failed. \n  code = ...`.
                let first = format!("runtime error lessons/examples/{name}.rs:");
                assert!(stdout.contains(&first), "{name}: {stdout}");
                assert!(stdout.contains(&format!(" failed. \n  {runtime}")), "{name}: {stdout}");
            }
            assert!(!stderr.contains("panicked") && !stdout.contains("panicked"), "{name}: {stderr}");
            continue;
        }
        if name == UNCHECKED_GET_DEVICE {
            assert_unchecked_get_device_failure(&output, &stdout, &stderr, &get_device);
            continue;
        }
        assert_eq!(output.status.code(), Some(1), "{name}: {stdout}{stderr}");
        if is_trt_lesson(name) {
            assert!(stderr.starts_with("Error: "), "{name}: {stderr}");
            assert!(
                stderr.contains(") failed. \n code = kFAILED_INITIALIZATION, message = TensorRT ("),
                "{name}: {stderr}"
            );
            assert!(stderr.contains("could not be loaded"), "{name}: {stderr}");
        } else if is_nvml_lesson(name) {
            assert!(stderr.starts_with("Error: "), "{name}: {stderr}");
            assert!(stderr.contains(&format!(" nvmlInit() failed. \n {nvml}")), "{name}: {stderr}");
        } else if is_nccl_lesson(name) {
            assert!(stderr.starts_with("Error: "), "{name}: {stderr}");
            assert!(
                stderr.contains(&format!(" ncclGetVersion(&mut version) failed. \n {nccl}")),
                "{name}: {stderr}"
            );
        } else if is_runtime_lesson(name) {
            assert_runtime_failure(name, &stderr, &runtime);
        } else {
            assert!(stderr.starts_with("Error: "), "{name}: {stderr}");
            assert!(stderr.contains(&format!(" cuInit(0) failed. \n {driver}")), "{name}: {stderr}");
        }
        assert!(!stderr.contains("panicked") && !stderr.contains("stack backtrace"), "{name}: {stderr}");
    }
}

/// A runtime lesson's failure at its first runtime call ([`first_runtime_call`]: `cudaSetDevice`
/// for most), `said` being `code = NAME, message = TEXT\n`:
/// as `?` out of main prints it (`Error: ... failed. \n code = ...`), or, for the ports of
/// NVIDIA's samples, which check with `checkCudaErrors!`, as helper_cuda.h prints it
/// (`CUDA error at FILE:LINE code=N(NAME) "cudaSetDevice(...)" `), with the loader's reason on
/// the next line when no runtime could be loaded.
fn assert_runtime_failure(lesson: &str, stderr: &str, said: &str) {
    let call = first_runtime_call(lesson);
    let (name, message) = said
        .trim_end()
        .strip_prefix("code = ")
        .and_then(|s| s.split_once(", message = "))
        .unwrap_or_else(|| panic!("{said}"));
    if stderr.starts_with("Error: ") {
        assert!(stderr.contains(&format!(" {call}(")), "{lesson}: {stderr}");
        assert!(stderr.contains(&format!(") failed. \n {said}")), "{lesson}: {stderr}");
    } else {
        assert!(stderr.starts_with("CUDA error at "), "{lesson}: {stderr}");
        assert!(stderr.contains(&format!("({name}) \"{call}(")), "{lesson}: {stderr}");
        let reason = stderr.lines().nth(1).unwrap_or_default();
        assert!(reason.is_empty() || message.contains(reason), "{lesson}: {stderr}");
    }
}

/// With NVIDIA's real libcudart (the toolkit's, or the wheel's that CI builds against) and no
/// driver, a runtime lesson stops at `cudaSetDevice` with the code and text the runtime gives.
/// Where the runtime cannot be loaded, or a driver can, there is nothing to check: it says so.
#[test]
fn runtime_lessons_fail_cleanly_when_the_runtime_finds_no_driver() {
    if let Ok(driver) = cuda_sys::loader::library_path() {
        println!("skipped: this machine has a driver ({})", driver.display());
        return;
    }
    let runtime = match cudart_sys::loader::library_path() {
        Ok(path) => path.display().to_string(),
        Err(e) => {
            println!("skipped: no CUDA runtime to run the lessons with ({e})");
            return;
        }
    };
    // What the same runtime answers in this process: the lessons must say just that.
    let (code, name, text) = unsafe {
        let code = cudart_sys::cudaSetDevice(0);
        let name = CStr::from_ptr(cudart_sys::cudaGetErrorName(code)).to_string_lossy().into_owned();
        let text = CStr::from_ptr(cudart_sys::cudaGetErrorString(code)).to_string_lossy().into_owned();
        (code, name, text)
    };
    assert_ne!(code, cudart_sys::cudaSuccess, "{runtime} set up a device without a driver");
    let mut checked = 0;
    for name_of_lesson in common::lessons().into_iter().filter(|n| is_runtime_lesson(n)) {
        let mut command = common::lesson(name_of_lesson);
        command.env("RUST_BACKTRACE", "1");
        let (output, stdout, stderr) = common::run(command);
        let lesson = name_of_lesson;
        assert_eq!(output.status.code(), Some(1), "{lesson}: {stdout}{stderr}");
        assert_runtime_failure(lesson, &stderr, &format!("code = {name}, message = {text}\n"));
        assert!(!stderr.contains("panicked") && !stderr.contains("stack backtrace"), "{lesson}: {stderr}");
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} runtime lessons");
    // The runtime may answer cudaGetDevice without a driver (device 0); then box_filter_npp
    // goes on to a call that fails later, and there is nothing of this kind to check.
    let mut device = 0;
    if unsafe { cudart_sys::cudaGetDevice(&mut device) } != cudart_sys::cudaSuccess {
        let mut command = common::lesson(UNCHECKED_GET_DEVICE);
        command.env("RUST_BACKTRACE", "1");
        let (output, stdout, stderr) = common::run(command);
        assert_unchecked_get_device_failure(&output, &stdout, &stderr, &format!("{}\n", get_device_text()));
    } else {
        println!("{UNCHECKED_GET_DEVICE}: cudaGetDevice succeeds with {runtime} and no driver: not checked");
    }
    println!("{checked} runtime lessons with {runtime} and no driver: {name}: {text}");
}

/// With NVIDIA's real libnccl (CI: the wheel's, through the build's NCCL_HOME) and a runtime but
/// no driver, an NCCL lesson gets past `ncclGetVersion` and stops at `cudaGetDeviceCount` with
/// the runtime's code and text. Where NCCL or the runtime cannot be loaded, or a driver can,
/// there is nothing to check: it says so.
#[test]
fn nccl_lessons_fail_cleanly_with_nccl_and_no_driver() {
    if let Ok(driver) = cuda_sys::loader::library_path() {
        println!("skipped: this machine has a driver ({})", driver.display());
        return;
    }
    let nccl = match nccl_sys::loader::library_path() {
        Ok(path) => path.display().to_string(),
        Err(e) => {
            println!("skipped: no NCCL to run the lessons with ({e})");
            return;
        }
    };
    if let Err(e) = cudart_sys::loader::library_path() {
        println!("skipped: no CUDA runtime to run the lessons with ({e})");
        return;
    }
    let (name, text) = unsafe {
        let mut count = 0;
        let code = cudart_sys::cudaGetDeviceCount(&mut count);
        assert_ne!(code, cudart_sys::cudaSuccess, "a device count without a driver");
        let name = CStr::from_ptr(cudart_sys::cudaGetErrorName(code)).to_string_lossy().into_owned();
        let text = CStr::from_ptr(cudart_sys::cudaGetErrorString(code)).to_string_lossy().into_owned();
        (name, text)
    };
    let mut checked = 0;
    for lesson in common::lessons().into_iter().filter(|n| is_nccl_lesson(n)) {
        let mut command = common::lesson(lesson);
        command.env("RUST_BACKTRACE", "1");
        let (output, stdout, stderr) = common::run(command);
        assert_eq!(output.status.code(), Some(1), "{lesson}: {stdout}{stderr}");
        assert!(stderr.starts_with("Error: "), "{lesson}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "cudaGetDeviceCount(&mut n_dev) failed. \n code = {name}, message = {text}\n"
            )),
            "{lesson}: {stderr}"
        );
        assert!(!stderr.contains("panicked") && !stderr.contains("stack backtrace"), "{lesson}: {stderr}");
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} NCCL lessons");
    println!("{checked} NCCL lessons with {nccl} and no driver: {name}: {text}");
}

/// With a driver but no NVRTC, an NVRTC lesson (`*_nvrtc`) gets past `cuInit(0)` and the
/// device's compute capability, and stops at its first NVRTC call, `nvrtcCreateProgram`, with
/// the NVRTC loader's reason. Where no driver can be loaded there is nothing to check: it says so.
#[test]
fn nvrtc_lessons_fail_cleanly_with_a_driver_but_no_nvrtc() {
    if let Err(e) = cuda_sys::loader::library_path() {
        println!("skipped: no driver to reach NVRTC's first call with ({e})");
        return;
    }
    let nowhere = format!("/nonexistent/{}", nvrtc_sys::loader::LIBRARY);
    let exe = std::env::current_exe().unwrap();
    let said = cuda_loader::child::Child::of(&exe, "scenario", "expected_nvrtc")
        .env(nvrtc_sys::loader::LIBNVRTC_PATH_VAR, &nowhere)
        .run();
    let start = said.find("nvrtc: ").unwrap_or_else(|| panic!("{said}")) + "nvrtc: ".len();
    let nvrtc = said[start..].split("\n\n").next().unwrap().to_string() + "\n";
    assert!(nvrtc.contains("could not be loaded") && nvrtc.contains(&nowhere), "{nvrtc}");
    let mut checked = 0;
    for lesson in common::lessons().into_iter().filter(|n| n.ends_with("_nvrtc")) {
        let mut command = common::lesson(lesson);
        command.env(nvrtc_sys::loader::LIBNVRTC_PATH_VAR, &nowhere).env("RUST_BACKTRACE", "1");
        let (output, stdout, stderr) = common::run(command);
        assert_eq!(output.status.code(), Some(1), "{lesson}: {stdout}{stderr}");
        assert!(stderr.starts_with("Error: "), "{lesson}: {stderr}");
        assert!(stderr.contains(" nvrtcCreateProgram("), "{lesson}: {stderr}");
        assert!(stderr.contains(&format!(") failed. \n {nvrtc}")), "{lesson}: {stderr}");
        assert!(!stderr.contains("panicked") && !stderr.contains("stack backtrace"), "{lesson}: {stderr}");
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} NVRTC lessons");
}
