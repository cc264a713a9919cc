//! NVIDIA's real libcusolver, without a GPU (run with `--ignored`, the library found as a user's
//! would be: CUDA_PATH at a toolkit or a wheel holding it): its version is the header's or newer,
//! and a call that needs a GPU answers a status the header names, with its sentence.
#![cfg(cuda_reach = "loaded")]

// libraryPropertyType's values are the runtime's (library_types.h), as in C.
use cudart_sys::{MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL};
use cusolver_sys::*;

#[test]
#[ignore = "needs NVIDIA's libcusolver (a toolkit or the nvidia-cusolver wheel): run with --ignored"]
fn the_real_library_answers_in_the_headers_words() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no cuSOLVER to test against: {e}"));
    let mut parts = [0; 3];
    for (property, part) in [MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL].into_iter().zip(&mut parts) {
        // SAFETY: a property the type has and a valid out-pointer.
        let status = unsafe { cusolverGetProperty(property, part) };
        assert_eq!(status, CUSOLVER_STATUS_SUCCESS, "{:?}", loader::describe(status));
    }
    let version = parts[0] * 1000 + parts[1] * 100 + parts[2];
    assert!(
        version as u32 >= CUSOLVER_VERSION,
        "{} is cuSOLVER {version}, older than the header's {CUSOLVER_VERSION}",
        path.display()
    );
    // cusolverGetVersion needs no handle either, and says the same.
    let mut single = 0;
    // SAFETY: a valid out-pointer.
    assert_eq!(unsafe { cusolverGetVersion(&mut single) }, CUSOLVER_STATUS_SUCCESS);
    assert_eq!(single, version);
    // Without a GPU (CI), making a handle fails with one of the header's statuses, the library's
    // own (not the loader's), with our sentence for it; with one, it succeeds.
    let mut handle: cusolverDnHandle_t = std::ptr::null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { cusolverDnCreate(&mut handle) };
    if status == CUSOLVER_STATUS_SUCCESS {
        // SAFETY: the handle just made.
        assert_eq!(unsafe { cusolverDnDestroy(handle) }, CUSOLVER_STATUS_SUCCESS);
        return;
    }
    assert_eq!(loader::explain(status), None, "the loader answered for the library");
    let (name, text) = loader::describe(status);
    assert!(name.starts_with("CUSOLVER_STATUS_"), "{name}: {text}");
    assert!(text.len() > 5 && !text.contains("unrecognized"), "{name} has no words: {text:?}");
    println!("{name}: {text}");
}

/// cusolverMg (`cusolverMg.h`) is libcusolverMg's, found beside libcusolver: a handle is made
/// without a GPU (the devices are chosen later, by `cusolverMgDeviceSelect`), and what that call
/// answers is the library's, never the loader's.
#[test]
#[ignore = "needs NVIDIA's libcusolverMg (a toolkit or the nvidia-cusolver wheel): run with --ignored"]
fn cusolver_mg_is_its_own_library_beside_it() {
    let path = loader::mg_library_path().unwrap_or_else(|e| panic!("no cusolverMg to test against: {e}"));
    assert!(path.file_name().unwrap().to_string_lossy().starts_with("libcusolverMg"), "{}", path.display());
    let mut handle: cusolverMgHandle_t = std::ptr::null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { cusolverMgCreate(&mut handle) };
    assert_eq!(loader::explain_mg(status), None, "cusolverMgCreate did not reach {}", path.display());
    println!("{}: cusolverMgCreate: {:?}", path.display(), loader::describe_mg(status));
    if status == CUSOLVER_STATUS_SUCCESS {
        // With a GPU: one device selected, then the handle destroyed.
        let mut device = 0;
        // SAFETY: the handle just made, one device id.
        let selected = unsafe { cusolverMgDeviceSelect(handle, 1, &mut device) };
        println!("cusolverMgDeviceSelect: {:?}", loader::describe_mg(selected));
        // SAFETY: the handle just made.
        assert_eq!(unsafe { cusolverMgDestroy(handle) }, CUSOLVER_STATUS_SUCCESS);
    }
}
