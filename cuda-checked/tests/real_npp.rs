//! NPP's statuses through `check_npp!`: a warning is success, given back; an error (negative)
//! is the error with the description's sentence; and NVIDIA's own NPP (CI: the 13.0 wheel
//! unpacked by `cargo xtask headers`, with CUDA_PATH at it), on a machine without a GPU, answers
//! null images in the header's words, from the family the function belongs to.
#![cfg(all(feature = "npp", not(feature = "link")))]

use cuda_checked::check_npp;
use npp_sys::*;

#[test]
fn a_warning_is_given_back_and_an_error_is_worded() {
    // Positive codes are warnings: the call did its work, or did nothing and says why.
    assert_eq!(check_npp!(NPP_NO_ERROR).unwrap(), NPP_NO_ERROR);
    assert_eq!(check_npp!(NPP_NO_OPERATION_WARNING).unwrap(), NPP_NO_OPERATION_WARNING);
    assert_eq!(check_npp!(NPP_MISALIGNED_DST_ROI_WARNING).unwrap(), NPP_MISALIGNED_DST_ROI_WARNING);
    // Negative codes are errors, named and worded as the description words them.
    let e = check_npp!(NPP_STEP_ERROR).unwrap_err();
    assert_eq!((e.code(), e.name()), (NPP_STEP_ERROR, "NPP_STEP_ERROR"));
    assert!(e.message().contains("step"), "{e}");
    // One the header does not know prints as C writes it: negative.
    let unknown = check_npp!(NppStatus(-12345)).unwrap_err();
    assert_eq!(unknown.name(), "NppStatus(-12345)", "{unknown}");
}

#[test]
#[ignore = "needs NVIDIA's NPP (a toolkit or the nvidia-npp wheel) and no GPU: run with --ignored"]
fn without_a_gpu_npp_answers_in_the_headers_words() {
    let core = loader::library_path().unwrap_or_else(|e| panic!("no NPP to test against: {e}"));
    let size = NppiSize { width: 8, height: 8 };
    // SAFETY: all-zero is a valid NppStreamContext (numbers and a null stream).
    let context: NppStreamContext = unsafe { std::mem::zeroed() };
    // SAFETY: null images, which NPP refuses before touching memory.
    let e = unsafe {
        check_npp!(nppiFilterBoxBorder_8u_C1R_Ctx(
            std::ptr::null(),
            8,
            size,
            NppiPoint { x: 0, y: 0 },
            std::ptr::null_mut(),
            8,
            size,
            NppiSize { width: 3, height: 3 },
            NppiPoint { x: 1, y: 1 },
            NPP_BORDER_REPLICATE,
            context,
        ))
    }
    .unwrap_err();
    let family = loader::nppif_library_path().unwrap_or_else(|e| panic!("no libnppif: {e}"));
    println!("{} beside {}: {e}", family.display(), core.display());
    assert!(e.code().0 < 0, "{e}");
    assert!(e.name().starts_with("NPP_") && !e.message().contains("could not"), "{e}");
    assert_eq!(loader::explain_nppif(e.code()), None, "the loader answered for the library: {e}");
}
