//! NVIDIA's real libcudnn, without a GPU (run with `--ignored`, the library found as a user's
//! would be: CUDNN_PATH at a cuDNN root or the wheel's `nvidia/cudnn`, or
//! CUDNN_SYS_LIBCUDNN_PATH): it and its parts load as one release, its version is the header's
//! or newer of the same major, and a call that needs a GPU answers a status the header names.
#![cfg(cuda_reach = "loaded")]

use cudnn_sys::*;

#[test]
#[ignore = "needs NVIDIA's libcudnn (the nvidia-cudnn-cu13 wheel or a cuDNN root): run with --ignored"]
fn the_real_library_answers_in_the_headers_words() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no cuDNN to test against: {e}"));
    // SAFETY: no arguments.
    let version = unsafe { cudnnGetVersion() };
    let scheme = cuda_loader::CUDNN.version.scheme;
    assert!(
        version >= CUDNN_VERSION as usize && scheme.major(version as u32) == CUDNN_MAJOR,
        "{} is {}, and the header {}",
        path.display(),
        scheme.text(version as i64),
        scheme.text(CUDNN_VERSION)
    );
    // The status's name, from the library, without a GPU.
    // SAFETY: any status may be asked about.
    let name = unsafe { std::ffi::CStr::from_ptr(cudnnGetErrorString(CUDNN_STATUS_BAD_PARAM)) };
    assert_eq!(name.to_str(), Ok("CUDNN_STATUS_BAD_PARAM"));
    // Without a GPU (CI), creating a handle fails with one of the header's statuses, the
    // library's own (not the loader's), with its last error saying why; with one, it succeeds.
    let mut handle: cudnnHandle_t = std::ptr::null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { cudnnCreate(&mut handle) };
    if status == CUDNN_STATUS_SUCCESS {
        // SAFETY: the handle just created.
        assert_eq!(unsafe { cudnnDestroy(handle) }, CUDNN_STATUS_SUCCESS);
        println!("{}: {} with a GPU", path.display(), scheme.text(version as i64));
        return;
    }
    let (name, text) = loader::describe(status);
    assert!(name.starts_with("CUDNN_STATUS_"), "{name}: {text}");
    let mut last = [0 as std::ffi::c_char; 1024];
    // SAFETY: a buffer of that many bytes.
    unsafe { cudnnGetLastErrorString(last.as_mut_ptr(), last.len()) };
    // SAFETY: the library wrote a NUL-terminated text into it.
    let last = unsafe { std::ffi::CStr::from_ptr(last.as_ptr()) }.to_string_lossy();
    assert!(!last.is_empty(), "{name}, and no last error");
    println!("{}: {}; cudnnCreate: {name} ({text}): {last}", path.display(), scheme.text(version as i64));
}
