//! Every library's check in a process whose loaders find no library, on any machine, from one
//! table: a row per library, its check macro around one call (a stored code, a number no header
//! knows), and the same assertions for all, from the library's description.
#![cfg(not(feature = "link"))]

mod common;

use cuda_checked::CallError;
use cuda_loader::Library;

/// What a check's error said, with the description it must follow and where it was written.
struct Seen {
    library: &'static Library,
    code: u32,
    name: String,
    message: String,
    display: String,
    op: String,
    line: u32,
}

impl Seen {
    fn of<C: cuda_checked::Code + Into<u32>>(library: &'static Library, e: CallError<C>, line: u32) -> Seen {
        Seen {
            library,
            code: e.code().into(),
            name: e.name().to_string(),
            message: e.message().to_string(),
            display: e.to_string(),
            op: e.op().to_string(),
            line,
        }
    }
}

/// A call through each library's check that fails because its library is missing.
fn failed_calls() -> Vec<Seen> {
    let mut seen = Vec::new();
    {
        use cuda_sys::*;
        let line = line!() + 1;
        let e = unsafe { cuda_checked::check_driver!(cuInit(0)) }.unwrap_err();
        seen.push(Seen::of(&cuda_loader::DRIVER, e, line));
    }
    #[cfg(feature = "runtime")]
    {
        use cudart_sys::*;
        let mut buffer: *mut std::ffi::c_void = std::ptr::null_mut();
        let line = line!() + 1;
        let e = unsafe { cuda_checked::check_cuda!(cudaMalloc(&mut buffer, 100)) }.unwrap_err();
        seen.push(Seen::of(&cuda_loader::RUNTIME, e, line));
    }
    #[cfg(feature = "nvrtc")]
    {
        use nvrtc_sys::*;
        let mut prog: nvrtcProgram = std::ptr::null_mut();
        let line = line!() + 2;
        let e = unsafe {
            cuda_checked::check_nvrtc!(nvrtcCreateProgram(
                &mut prog,
                c"".as_ptr(),
                c"k.cu".as_ptr(),
                0,
                std::ptr::null(),
                std::ptr::null()
            ))
        }
        .unwrap_err();
        seen.push(Seen::of(&cuda_loader::NVRTC, e, line));
    }
    #[cfg(feature = "nccl")]
    {
        use nccl_sys::*;
        let mut version = 0;
        let line = line!() + 1;
        let e = unsafe { cuda_checked::check_nccl!(ncclGetVersion(&mut version)) }.unwrap_err();
        seen.push(Seen::of(&cuda_loader::NCCL, e, line));
    }
    #[cfg(feature = "cublas")]
    {
        use cublas_sys::*;
        let mut handle: cublasHandle_t = std::ptr::null_mut();
        let line = line!() + 1;
        let e = unsafe { cuda_checked::check_cublas!(cublasCreate(&mut handle)) }.unwrap_err();
        seen.push(Seen::of(&cuda_loader::CUBLAS, e, line));
        let mut lt: cublasLtHandle_t = std::ptr::null_mut();
        let line = line!() + 1;
        let e = unsafe { cuda_checked::check_cublas!(cublasLtCreate(&mut lt)) }.unwrap_err();
        seen.push(Seen::of(&cuda_loader::CUBLASLT, e, line));
    }
    seen
}

/// Each says, in the C++ samples' format, the description's "not loaded" code and why: which
/// library, the path tried and the variable to set.
#[test]
fn every_call_without_its_library_says_why_in_the_samples_format() {
    common::nothing_to_load();
    let seen = failed_calls();
    for s in &seen {
        let Library { what, variable, codes, .. } = s.library;
        assert_eq!(s.name, codes.not_loaded, "{}", s.display);
        let name = s.library.name.get(cfg!(windows));
        let nowhere = common::nowhere(s.library).display().to_string();
        assert!(s.message.starts_with(&format!("{what} ({name}) could not be loaded: ")), "{}", s.message);
        assert!(s.message.contains(&format!("{nowhere}: ")) && s.message.contains(variable), "{}", s.message);
        let expected =
            format!("{}:{} {} failed. \n code = {}, message = {}", file!(), s.line, s.op, s.name, s.message);
        assert_eq!(s.display, expected);
        assert_ne!(s.code, 0);
    }
    assert_eq!(
        seen.len(),
        1 + usize::from(cfg!(feature = "runtime"))
            + usize::from(cfg!(feature = "nvrtc"))
            + usize::from(cfg!(feature = "nccl"))
            + 2 * usize::from(cfg!(feature = "cublas"))
    );
}

/// Checks of a code from elsewhere (a stored one) and of a number no header knows, for every
/// library: a stored code is named by the header, described by the header's text where the
/// bindings carry it (else NVIDIA's page for the codes), with why the library could not say
/// more; an unknown one keeps its number.
#[test]
fn stored_and_unknown_codes_use_the_header() {
    common::nothing_to_load();
    // (description, the check's error for a stored code, its header description, for 987654)
    let mut rows: Vec<(&Library, Seen, Option<&str>, Seen)> = Vec::new();
    macro_rules! row {
        ($library:expr, $check:ident, $code:expr, $type:ty) => {{
            let stored = $check!($code).unwrap_err();
            let unknown = $check!(<$type>::from(987_654)).unwrap_err();
            rows.push((
                $library,
                Seen::of($library, stored, 0),
                $code.description(),
                Seen::of($library, unknown, 0),
            ));
        }};
    }
    {
        use cuda_checked::check_driver;
        row!(&cuda_loader::DRIVER, check_driver, cuda_sys::CUDA_ERROR_INVALID_CONTEXT, cuda_sys::CUresult);
    }
    #[cfg(feature = "runtime")]
    {
        use cuda_checked::check_cuda;
        row!(
            &cuda_loader::RUNTIME,
            check_cuda,
            cudart_sys::cudaErrorMemoryAllocation,
            cudart_sys::cudaError_t
        );
    }
    #[cfg(feature = "nvrtc")]
    {
        use cuda_checked::check_nvrtc;
        row!(&cuda_loader::NVRTC, check_nvrtc, nvrtc_sys::NVRTC_ERROR_COMPILATION, nvrtc_sys::nvrtcResult);
    }
    #[cfg(feature = "nccl")]
    {
        use cuda_checked::check_nccl;
        row!(&cuda_loader::NCCL, check_nccl, nccl_sys::ncclInvalidArgument, nccl_sys::ncclResult_t);
    }
    #[cfg(feature = "cublas")]
    {
        use cuda_checked::check_cublas;
        row!(
            &cuda_loader::CUBLAS,
            check_cublas,
            cublas_sys::CUBLAS_STATUS_ALLOC_FAILED,
            cublas_sys::cublasStatus_t
        );
    }
    for (library, stored, described, unknown) in rows {
        assert!(stored.message.contains("could not be loaded"), "{}", stored.display);
        match described {
            Some(text) => assert!(stored.message.starts_with(text), "{}", stored.display),
            None => assert!(stored.message.contains(library.codes.reference), "{}", stored.display),
        }
        assert_eq!(unknown.code, 987_654);
        assert_eq!(unknown.name, format!("{}(987654)", library.codes.unknown));
    }
}
