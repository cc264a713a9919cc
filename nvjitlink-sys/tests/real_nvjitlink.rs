//! NVIDIA's real libnvJitLink, which runs on the CPU (run with `--ignored`, the library found as
//! a user's would be: CUDA_PATH at a toolkit or a wheel holding it): its version is the header's
//! or newer, a PTX kernel links into a cubin, and input that is no device code is refused with a
//! code the header names and an error log that says why.
#![cfg(cuda_reach = "loaded")]

use std::ffi::{c_char, CStr};

use nvjitlink_sys::*;

/// A kernel that does nothing, in PTX (ISA 7.8, CUDA 12.0's), for sm_90: a C string, whose size
/// counts its terminating NUL (as a runtime compiler's PTX size does); without it the linker
/// refuses it.
const PTX: &CStr = c".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry noop()\n{\n    ret;\n}\n";

/// A linker for sm_90, created and checked.
fn linker() -> nvJitLinkHandle {
    // (`const char **` before CUDA 13's header, `const char * const *` from it: a `*mut` is both.)
    let mut options = [c"-arch=sm_90".as_ptr()];
    let mut handle: nvJitLinkHandle = std::ptr::null_mut();
    // SAFETY: a valid out-pointer and one option, a C string.
    let result = unsafe { nvJitLinkCreate(&mut handle, 1, options.as_mut_ptr()) };
    assert_eq!(result, NVJITLINK_SUCCESS, "{:?} {:?}", loader::describe(result), loader::explain(result));
    handle
}

/// The linker's error log, as text.
fn error_log(handle: nvJitLinkHandle) -> String {
    let mut size = 0;
    // SAFETY: a live handle and a valid out-pointer.
    assert_eq!(unsafe { nvJitLinkGetErrorLogSize(handle, &mut size) }, NVJITLINK_SUCCESS);
    let mut log = vec![0 as c_char; size.max(1)];
    // SAFETY: a buffer of the size the library asked for.
    assert_eq!(unsafe { nvJitLinkGetErrorLog(handle, log.as_mut_ptr()) }, NVJITLINK_SUCCESS);
    // SAFETY: the library wrote a C string into it.
    unsafe { CStr::from_ptr(log.as_ptr()) }.to_string_lossy().into_owned()
}

// nvJitLinkVersion came with CUDA 12.3's header (12.0 to 12.2's library cannot say its version).
#[cfg(cuda_ge = "12.3")]
#[test]
#[ignore = "needs NVIDIA's libnvJitLink (a toolkit or the nvidia-nvjitlink wheel): run with --ignored"]
fn the_real_library_is_the_headers_release_or_newer() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no nvJitLink to test against: {e}"));
    let (mut major, mut minor) = (0, 0);
    // SAFETY: valid out-pointers.
    let result = unsafe { nvJitLinkVersion(&mut major, &mut minor) };
    assert_eq!(result, NVJITLINK_SUCCESS, "{:?}", loader::describe(result));
    assert!(
        major * 1000 + minor * 10 >= CUDA_VERSION,
        "{} is nvJitLink {major}.{minor}, older than the header's CUDA_VERSION {CUDA_VERSION}",
        path.display()
    );
}

#[test]
#[ignore = "needs NVIDIA's libnvJitLink (a toolkit or the nvidia-nvjitlink wheel): run with --ignored"]
fn ptx_links_into_a_cubin() {
    let mut handle = linker();
    let size = PTX.to_bytes_with_nul().len();
    // SAFETY: a live handle; the PTX and its size, and a C string for its name.
    let result = unsafe {
        nvJitLinkAddData(handle, NVJITLINK_INPUT_PTX, PTX.as_ptr().cast(), size, c"noop.ptx".as_ptr())
    };
    assert_eq!(result, NVJITLINK_SUCCESS, "{}", error_log(handle));
    // SAFETY: a live handle.
    assert_eq!(unsafe { nvJitLinkComplete(handle) }, NVJITLINK_SUCCESS, "{}", error_log(handle));
    let mut size = 0;
    // SAFETY: a live handle and a valid out-pointer.
    assert_eq!(unsafe { nvJitLinkGetLinkedCubinSize(handle, &mut size) }, NVJITLINK_SUCCESS);
    let mut cubin = vec![0u8; size];
    // SAFETY: a buffer of the size the library gave.
    assert_eq!(unsafe { nvJitLinkGetLinkedCubin(handle, cubin.as_mut_ptr().cast()) }, NVJITLINK_SUCCESS);
    // A cubin is an ELF file.
    assert!(cubin.starts_with(b"\x7fELF"), "{} bytes, not ELF", cubin.len());
    // SAFETY: the handle, destroyed once.
    assert_eq!(unsafe { nvJitLinkDestroy(&mut handle) }, NVJITLINK_SUCCESS);
    assert!(handle.is_null());
}

#[test]
#[ignore = "needs NVIDIA's libnvJitLink (a toolkit or the nvidia-nvjitlink wheel): run with --ignored"]
fn input_that_is_no_device_code_is_refused_with_a_log() {
    let mut handle = linker();
    // Text ended as PTX is (with its NUL), which is no PTX.
    let garbage = c"this is not PTX, nor a cubin";
    let size = garbage.to_bytes_with_nul().len();
    // SAFETY: a live handle; the text and its size, and a C string for its name.
    let mut result = unsafe {
        nvJitLinkAddData(handle, NVJITLINK_INPUT_PTX, garbage.as_ptr().cast(), size, c"garbage.ptx".as_ptr())
    };
    if result == NVJITLINK_SUCCESS {
        // Some releases read PTX only when the link completes.
        // SAFETY: a live handle.
        result = unsafe { nvJitLinkComplete(handle) };
    }
    assert_ne!(result, NVJITLINK_SUCCESS);
    // The library's own code, not the loader's.
    assert_eq!(loader::explain(result), None);
    let (name, text) = loader::describe(result);
    assert!(name.starts_with("NVJITLINK_ERROR_"), "{name}: {text}");
    let log = error_log(handle);
    assert!(!log.trim().is_empty(), "{name}, and an empty error log");
    println!("{name}: {text}\n{log}");
    // SAFETY: the handle, destroyed once.
    assert_eq!(unsafe { nvJitLinkDestroy(&mut handle) }, NVJITLINK_SUCCESS);
}
