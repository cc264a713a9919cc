//! A library that is no NVRTC (libc, named by the variable): each call answers the "symbol
//! missing" code, and the loader names the very symbol the call lacked.
#![cfg(all(unix, not(feature = "link")))]

use std::ffi::c_int;

use nvrtc_sys::*;

#[test]
fn a_library_without_the_function_is_named_with_the_symbol() {
    let libc = cuda_loader::some_other_library();
    std::env::set_var(loader::LIBNVRTC_PATH_VAR, &libc);
    let (mut major, mut minor): (c_int, c_int) = (0, 0);
    // SAFETY: valid out-pointers; the library has no such function, so nothing is written.
    let code = unsafe { nvrtcVersion(&mut major, &mut minor) };
    assert_eq!(code, NVRTC_ERROR_INTERNAL_ERROR);
    let why = loader::explain(code).expect("the loader's reason");
    assert!(
        why.contains("has no function `nvrtcVersion`, nor nvrtcVersion: it is not an NVRTC library"),
        "{why}"
    );
    assert!(why.contains(loader::LIBNVRTC_PATH_VAR), "{why}");
    // Once cleared (cuda-checked does so before each call), the code is not the loader's.
    cuda_loader::clear_last_failure();
    assert_eq!(loader::explain(code), None);
}
