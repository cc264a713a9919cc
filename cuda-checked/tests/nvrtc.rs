//! `check_nvrtc!` and `NvrtcError`: the codes in words on any machine; with a real NVRTC
//! (`--ignored`: the toolkit's or the `nvidia-cuda-nvrtc` wheel's libnvrtc), a failed compile's
//! error carrying the program log, in the samples' format.
#![cfg(feature = "nvrtc")]

use std::ffi::CStr;

use cuda_checked::{check_nvrtc, NvrtcError, NvrtcResult};
use nvrtc_sys::*;

#[test]
fn a_stored_code_checks_and_formats_without_a_call() {
    assert_eq!(check_nvrtc!(NVRTC_SUCCESS), Ok(()));
    let line = line!() + 1;
    let e = check_nvrtc!(NVRTC_ERROR_COMPILATION).unwrap_err();
    assert_eq!(e.code(), NVRTC_ERROR_COMPILATION);
    assert_eq!(e, NVRTC_ERROR_COMPILATION);
    assert_eq!(e.name(), "NVRTC_ERROR_COMPILATION");
    assert_eq!(e.op(), "NVRTC_ERROR_COMPILATION");
    assert_eq!((e.file(), e.line()), (file!(), line));
    assert_eq!(e.log(), None);
    assert_eq!(
        e.to_string(),
        format!(
            "{}:{line} NVRTC_ERROR_COMPILATION failed. \n code = NVRTC_ERROR_COMPILATION, message = {}",
            file!(),
            e.message()
        )
    );
}

#[test]
fn unknown_codes_keep_their_number() {
    for value in [18, 999, u32::MAX] {
        let e = check_nvrtc!(nvrtcResult::from(value)).unwrap_err();
        match nvrtcResult::from(value).name() {
            Some(name) => assert_eq!(e.name(), name),
            None => assert_eq!(e.name(), format!("nvrtcResult({value})")),
        }
        assert!(!e.message().is_empty(), "{e:?}");
        let _ = (e.to_string(), format!("{e:?}"), format!("{e:#?}"));
    }
}

/// `kernel` compiled for sm_90 with `check_nvrtc!(.., prog)`, the program destroyed after.
fn compile(kernel: &CStr, name: &CStr, option: &CStr) -> NvrtcResult<()> {
    let mut prog: nvrtcProgram = std::ptr::null_mut();
    let options = [option.as_ptr()];
    unsafe {
        check_nvrtc!(nvrtcCreateProgram(
            &mut prog,
            kernel.as_ptr(),
            name.as_ptr(),
            0,
            std::ptr::null(),
            std::ptr::null()
        ))?;
        let compiled = check_nvrtc!(nvrtcCompileProgram(prog, 1, options.as_ptr()), prog);
        check_nvrtc!(nvrtcDestroyProgram(&mut prog))?;
        compiled
    }
}

#[test]
#[ignore = "needs NVRTC (libnvrtc): run with --ignored"]
fn a_failed_compile_carries_the_program_log() {
    let kernel = c"extern \"C\" __global__ void k(int *p)\n{\n    *p = x;\n}\n";
    let e = compile(kernel, c"k.cu", c"--gpu-architecture=sm_90").unwrap_err();
    assert_eq!(e.code(), NVRTC_ERROR_COMPILATION);
    assert_eq!(e.name(), "NVRTC_ERROR_COMPILATION");
    // NVRTC's own text for the code: its name.
    let text = unsafe { CStr::from_ptr(nvrtcGetErrorString(NVRTC_ERROR_COMPILATION)) };
    assert_eq!(e.message(), text.to_str().unwrap());
    let log = e.log().expect("the program log");
    assert!(log.starts_with("k.cu(3): error: identifier \"x\" is undefined\n"), "{log}");
    assert!(log.ends_with("1 error detected in the compilation of \"k.cu\"."), "{log:?}");
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!(
            "{}:{} nvrtcCompileProgram(prog, 1, options.as_ptr()) failed. \n code = NVRTC_ERROR_COMPILATION, \
             message = {}\n log:\n",
            file!(),
            e.line(),
            e.message()
        )),
        "{shown}"
    );
    assert!(shown.ends_with(log), "{shown}");
    assert!(format!("{e:?}").ends_with(log));
    assert!(format!("{e:#?}").contains("log: Some("));
}

#[test]
#[ignore = "needs NVRTC (libnvrtc): run with --ignored"]
fn a_bad_option_carries_nvrtcs_word_for_it_and_success_carries_nothing() {
    let kernel = c"extern \"C\" __global__ void k(int *p) { *p = 1; }";
    let e = compile(kernel, c"k.cu", c"--no-such-option").unwrap_err();
    assert_eq!(e.code(), NVRTC_ERROR_INVALID_OPTION);
    assert_eq!(e.log(), Some("nvrtc: error: unrecognized option --no-such-option found"), "{e}");
    assert_eq!(compile(kernel, c"k.cu", c"--gpu-architecture=sm_90"), Ok(()));
}

#[test]
#[ignore = "needs NVRTC (libnvrtc): run with --ignored"]
fn with_log_of_a_program_without_one_adds_nothing() {
    let mut prog: nvrtcProgram = std::ptr::null_mut();
    unsafe {
        check_nvrtc!(nvrtcCreateProgram(
            &mut prog,
            c"__global__ void k() {}".as_ptr(),
            c"k.cu".as_ptr(),
            0,
            std::ptr::null(),
            std::ptr::null()
        ))
        .unwrap();
        let e: NvrtcError = check_nvrtc!(NVRTC_ERROR_INTERNAL_ERROR).unwrap_err().with_log(prog);
        assert_eq!(e.log(), None);
        check_nvrtc!(nvrtcDestroyProgram(&mut prog)).unwrap();
    }
}

#[cfg(feature = "runtime")]
#[test]
fn an_nvrtc_error_converts_into_cuda_error_and_prints_as_itself() {
    use cuda_checked::CudaError;
    fn fails() -> Result<(), CudaError> {
        check_nvrtc!(NVRTC_ERROR_INVALID_INPUT)?;
        Ok(())
    }
    let e = fails().unwrap_err();
    let CudaError::Nvrtc(inner) = &e else { panic!("{e:?}") };
    assert_eq!(inner.code(), NVRTC_ERROR_INVALID_INPUT);
    assert_eq!(e.to_string(), inner.to_string());
    assert_eq!(format!("{e:?}"), format!("{inner:?}"));
}
