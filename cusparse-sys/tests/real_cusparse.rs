//! NVIDIA's real libcusparse, without a GPU (run with `--ignored`, the library found as a user's
//! would be: CUDA_PATH at a toolkit or a wheel holding it): its version is the header's or newer,
//! and a call that needs a GPU answers a status the header names, in the library's own words.
#![cfg(cuda_reach = "loaded")]

// libraryPropertyType's values are the runtime's (library_types.h), as in C.
use cudart_sys::{MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL};
use cusparse_sys::*;

#[test]
#[ignore = "needs NVIDIA's libcusparse (a toolkit or the nvidia-cusparse wheel): run with --ignored"]
fn the_real_library_answers_in_the_headers_words() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no cuSPARSE to test against: {e}"));
    // cusparseGetVersion needs a handle (a GPU): the version a property at a time.
    let mut parts = [0; 3];
    for (property, part) in [MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL].into_iter().zip(&mut parts) {
        // SAFETY: a property the type has and a valid out-pointer.
        let status = unsafe { cusparseGetProperty(property, part) };
        assert_eq!(status, CUSPARSE_STATUS_SUCCESS, "{:?}", loader::describe(status));
    }
    let version = parts[0] * 1000 + parts[1] * 100 + parts[2];
    assert!(
        version as u32 >= CUSPARSE_VERSION,
        "{} is cuSPARSE {version}, older than the header's {CUSPARSE_VERSION}",
        path.display()
    );
    // Without a GPU (CI), making a handle fails with one of the header's statuses, the library's
    // own (not the loader's), worded by the library; with one, it succeeds.
    let mut handle: cusparseHandle_t = std::ptr::null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { cusparseCreate(&mut handle) };
    if status == CUSPARSE_STATUS_SUCCESS {
        // SAFETY: the handle just made.
        assert_eq!(unsafe { cusparseDestroy(handle) }, CUSPARSE_STATUS_SUCCESS);
        return;
    }
    assert_eq!(loader::explain(status), None, "the loader answered for the library");
    let (name, text) = loader::describe(status);
    assert!(name.starts_with("CUSPARSE_STATUS_"), "{name}: {text}");
    assert!(text.len() > 5 && !text.contains("unrecognized"), "{name} has no words: {text:?}");
    println!("{name}: {text}");
}
