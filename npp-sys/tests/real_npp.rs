//! NVIDIA's real NPP, without a GPU (run with `--ignored`, the libraries found as a user's would
//! be: CUDA_PATH at a toolkit or a wheel holding them): the core says its version in its struct,
//! a family is loaded beside the core, and a call with null images answers a status the header
//! names, the library's own, with its sentence.
#![cfg(cuda_reach = "loaded")]

use npp_sys::*;

#[test]
#[ignore = "needs NVIDIA's NPP (a toolkit or the nvidia-npp wheel): run with --ignored"]
fn the_real_libraries_answer_in_the_headers_words() {
    let core = loader::library_path().unwrap_or_else(|e| panic!("no NPP to test against: {e}"));
    // SAFETY: no arguments; the library's own static struct.
    let version = unsafe { &*nppGetLibVersion() };
    assert_eq!(
        version.major as u32,
        NPP_VERSION / 1000,
        "{} is NPP {}.{}, not of the header's major ({NPP_VERSION})",
        core.display(),
        version.major,
        version.minor
    );

    // The filtering family: its own library, from beside the core.
    let size = NppiSize { width: 8, height: 8 };
    let offset = NppiPoint { x: 0, y: 0 };
    // SAFETY: all-zero is a valid NppStreamContext (plain numbers and a null stream).
    let context: NppStreamContext = unsafe { std::mem::zeroed() };
    // SAFETY: null images, which NPP refuses before touching memory.
    let status = unsafe {
        nppiFilterBoxBorder_8u_C1R_Ctx(
            std::ptr::null(),
            8,
            size,
            offset,
            std::ptr::null_mut(),
            8,
            size,
            NppiSize { width: 3, height: 3 },
            NppiPoint { x: 1, y: 1 },
            NPP_BORDER_REPLICATE,
            context,
        )
    };
    let family = loader::nppif_library_path().unwrap_or_else(|e| panic!("no libnppif: {e}"));
    assert_eq!(family.parent(), core.parent(), "libnppif is not beside libnppc");
    assert!(status.0 < 0, "null images gave {status:?}, not an error");
    assert_eq!(loader::explain_nppif(status), None, "the loader answered for the library");
    let (name, text) = loader::describe_nppif(status);
    assert!(name.starts_with("NPP_"), "{name}: {text}");
    assert!(text.len() > 10, "{name} has no sentence: {text:?}");
    println!("{} {}.{}: {name} ({}): {text}", family.display(), version.major, version.minor, status.0);
}
