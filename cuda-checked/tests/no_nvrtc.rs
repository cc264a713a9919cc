//! `check_nvrtc!` in a process whose loader finds no NVRTC, on any machine: the loader's reason
//! in the samples' format, and the log form leaves the error as it is (there is no log to read).
#![cfg(all(feature = "nvrtc", not(feature = "link")))]

use std::sync::Once;

use cuda_checked::check_nvrtc;
use nvrtc_sys::*;

/// An absolute path where no NVRTC is.
const NOWHERE: &str =
    if cfg!(windows) { r"C:\nonexistent\nvrtc64_130_0.dll" } else { "/nonexistent/libnvrtc.so.13" };

fn nothing_to_load() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| std::env::set_var(loader::LIBNVRTC_PATH_VAR, NOWHERE));
}

#[test]
fn a_call_without_nvrtc_says_why_in_the_samples_format() {
    nothing_to_load();
    let mut prog: nvrtcProgram = std::ptr::null_mut();
    let line = line!() + 2;
    let e = unsafe {
        check_nvrtc!(nvrtcCreateProgram(
            &mut prog,
            c"".as_ptr(),
            c"k.cu".as_ptr(),
            0,
            std::ptr::null(),
            std::ptr::null()
        ))
    }
    .unwrap_err();
    assert_eq!(e.code(), NVRTC_ERROR_INTERNAL_ERROR);
    assert_eq!(e.name(), "NVRTC_ERROR_INTERNAL_ERROR");
    assert!(e.message().starts_with("the NVRTC library (libnvrtc) could not be loaded: "), "{e}");
    assert!(e.message().contains(NOWHERE) && e.message().contains(loader::LIBNVRTC_PATH_VAR), "{e}");
    assert_eq!(
        e.to_string(),
        format!(
            "{}:{line} {} failed. \n code = NVRTC_ERROR_INTERNAL_ERROR, message = {}",
            file!(),
            e.op(),
            e.message()
        )
    );
    assert!(e.op().starts_with("nvrtcCreateProgram(&mut prog,"), "{}", e.op());
    assert!(prog.is_null());
}

#[test]
fn the_log_form_without_nvrtc_is_the_plain_error() {
    nothing_to_load();
    let options = [c"--gpu-architecture=sm_90".as_ptr()];
    // No program could be created; a null one is what the failed create left.
    let prog: nvrtcProgram = std::ptr::null_mut();
    let e = unsafe { check_nvrtc!(nvrtcCompileProgram(prog, 1, options.as_ptr()), prog) }.unwrap_err();
    assert_eq!(e.code(), NVRTC_ERROR_INTERNAL_ERROR);
    assert_eq!(e.log(), None);
    assert!(e.message().contains("could not be loaded"), "{e}");
    assert!(!e.to_string().contains("\n log:"), "{e}");
}
