//! Without NVRTC (the loader pointed at a file that does not exist): the functions returning
//! text answer with a sentence, never null. (Every function's "not loaded" code and the loader's
//! reason are cuda-loader's tests, which every -sys crate runs.)
#![cfg(not(feature = "link"))]

use std::ffi::CStr;
use std::sync::Once;

use nvrtc_sys::*;

const NOWHERE: &str =
    if cfg!(windows) { r"C:\nonexistent\nvrtc64_130_0.dll" } else { "/nonexistent/libnvrtc.so.13" };

fn nothing_to_load() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| std::env::set_var(loader::LIBNVRTC_PATH_VAR, NOWHERE));
}

#[test]
fn the_error_string_function_answers_with_text_not_null() {
    nothing_to_load();
    // SAFETY: returns a static C string, never null.
    let text = unsafe { CStr::from_ptr(nvrtcGetErrorString(NVRTC_ERROR_COMPILATION)) };
    assert_eq!(
        text.to_str().unwrap(),
        "the NVRTC library could not be reached; nvrtc_sys::loader::explain says why"
    );
}

#[test]
fn every_function_is_bound_with_cs_names() {
    for name in [
        "nvrtcCreateProgram",
        "nvrtcCompileProgram",
        "nvrtcGetPTX",
        "nvrtcGetPTXSize",
        "nvrtcGetProgramLog",
        "nvrtcVersion",
    ] {
        assert!(loader::SYMBOLS.contains(&name), "{name}");
    }
    assert_eq!(NVRTC_SUCCESS.name(), Some("NVRTC_SUCCESS"));
    assert_eq!(format!("{NVRTC_ERROR_COMPILATION:?}"), "NVRTC_ERROR_COMPILATION");
    assert_eq!(nvrtcResult::known().next(), Some(NVRTC_SUCCESS));
}
