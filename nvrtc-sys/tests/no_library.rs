//! Without NVRTC (the loader pointed at a file that does not exist): every call answers the
//! description's "not loaded" code, and the loader says why, in its own process.
#![cfg(not(feature = "link"))]

use std::ffi::{c_int, CStr};
use std::sync::Once;

use nvrtc_sys::*;

const NOWHERE: &str =
    if cfg!(windows) { r"C:\nonexistent\nvrtc64_130_0.dll" } else { "/nonexistent/libnvrtc.so.13" };

fn nothing_to_load() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| std::env::set_var(loader::LIBNVRTC_PATH_VAR, NOWHERE));
}

#[test]
fn a_call_without_nvrtc_says_why() {
    nothing_to_load();
    let (mut major, mut minor): (c_int, c_int) = (0, 0);
    // SAFETY: valid out-pointers; without a library nothing is written.
    let code = unsafe { nvrtcVersion(&mut major, &mut minor) };
    assert_eq!(code, NVRTC_ERROR_INTERNAL_ERROR);
    let why = loader::explain(code).expect("the loader's code");
    assert!(why.starts_with("the NVRTC library (libnvrtc) could not be loaded: "), "{why}");
    assert!(why.contains(NOWHERE), "{why}");
    assert!(why.contains(&format!("Check {}", loader::LIBNVRTC_PATH_VAR)), "{why}");
    let (name, message) = loader::describe(code);
    assert_eq!(name, "NVRTC_ERROR_INTERNAL_ERROR");
    assert_eq!(message, why);
    assert_eq!(loader::library_path().unwrap_err().attempts()[0].0.to_str(), Some(NOWHERE));
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
