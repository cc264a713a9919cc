//! NVIDIA's own libcublas and libcublasLt, as the toolkit or wheel the build found has them
//! (CI: the 13.0 wheel unpacked by `cargo xtask headers`, with CUDA_PATH at it), on a machine
//! without a GPU: `cublasCreate` and `cublasLtCreate` fail in the libraries' own words, with
//! no loader reason added. Needs the libraries, not a GPU.
#![cfg(all(feature = "cublas", not(feature = "link")))]

use std::ffi::CStr;

use cublas_sys::*;
use cuda_checked::{check_cublas, check_cublaslt};

#[test]
#[ignore = "needs NVIDIA's libcublas (a toolkit or the nvidia-cublas wheel) and no GPU: run with --ignored"]
fn without_a_gpu_cublas_answers_in_its_own_words() {
    let cublas = loader::library_path().unwrap_or_else(|e| panic!("no cuBLAS to test against: {e}"));
    let lt = loader::lt_library_path().unwrap_or_else(|e| panic!("no cuBLASLt to test against: {e}"));
    if cuda_sys::loader::library_path().is_ok() {
        println!("skipped: this machine has a driver, so cuBLAS would initialize");
        return;
    }
    println!("cuBLAS from {}, cuBLASLt from {}", cublas.display(), lt.display());
    // The version the library was built for is the header's major.
    let cudart = unsafe { cublasGetCudartVersion() };
    assert_eq!(cudart as u32 / 1000, CUDA_VERSION / 1000, "cuBLAS built for CUDA {cudart}");
    assert!(unsafe { cublasLtGetVersion() } as u32 / 10000 >= CUDA_VERSION / 1000 - 1);

    // Its own names and texts, the same as the error's.
    let words = |code| unsafe {
        let name = CStr::from_ptr(cublasGetStatusName(code)).to_string_lossy().into_owned();
        let text = CStr::from_ptr(cublasGetStatusString(code)).to_string_lossy().into_owned();
        (name, text)
    };
    let mut handle: cublasHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cublas!(cublasCreate(&mut handle)) }.unwrap_err();
    assert_eq!(e.code(), CUBLAS_STATUS_NOT_INITIALIZED);
    let (name, text) = words(e.code());
    assert_eq!((e.name(), e.message()), (name.as_str(), text.as_str()));
    assert_eq!(e.message(), "the library was not initialized");
    println!("{e}");

    let mut lt_handle: cublasLtHandle_t = std::ptr::null_mut();
    let e = unsafe { check_cublaslt!(cublasLtCreate(&mut lt_handle)) }.unwrap_err();
    assert_eq!(e.code(), CUBLAS_STATUS_NOT_INITIALIZED);
    assert_eq!(e.message(), "the library was not initialized");
    println!("{e}");

    // cuBLASXt (cublasXt.h) is libcublas's own: its calls reach that library, and what they
    // answer is the library's, not the loader's.
    let mut xt: cublasXtHandle_t = std::ptr::null_mut();
    let status = unsafe { cublasXtCreate(&mut xt) };
    assert_eq!(loader::explain(status), None, "cublasXtCreate did not reach {}", cublas.display());
    if status == CUBLAS_STATUS_SUCCESS {
        assert_eq!(unsafe { cublasXtDestroy(xt) }, CUBLAS_STATUS_SUCCESS);
    }
    println!("cublasXtCreate: {:?}", loader::describe(status));

    // A code the library does not know: its name from nowhere, the header's words, and why.
    let unknown = check_cublas!(cublasStatus_t(2)).unwrap_err();
    assert_eq!(unknown.name(), "cublasStatus_t(2)");
    assert!(unknown.message().contains("does not know this code"), "{unknown}");
}
