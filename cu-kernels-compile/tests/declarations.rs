//! A `kernels!` declaration against the C++ kernel (issue 41, item 11), without NVRTC: the
//! `.cu`'s text spells the types, and a declaration of `f32` and `c_int` for C++'s `double` and
//! `long` is an error naming both. (With NVRTC's lowered names: real_nvrtc.rs.)

use cu_kernels_compile::signature::check;
use cu_kernels_compile::{prepare, Signature};

const MISMATCH_CU: &str = include_str!("../../cu-kernels/tests/kernels/mismatch.cu");
const SCALE_CU: &str = include_str!("../../cu-kernels/tests/kernels/scale.cu");

/// The declaration.
const WRONG: &[(&str, &str)] = &[("x", "*mut f32"), ("factor", "f32"), ("n", "c_int")];

fn from_source(source: &str, name: &str) -> Option<Signature> {
    let prepared = prepare("kernels/mismatch.cu", source).unwrap();
    let kernel = prepared.kernels.iter().find(|k| k.name == name).unwrap();
    Signature::from_source(&kernel.name, &kernel.params)
}

#[test]
fn a_declaration_that_disagrees_with_the_cu_is_an_error_naming_both() {
    let scale = from_source(MISMATCH_CU, "scale").unwrap();
    assert_eq!(scale.to_string(), "scale(double*, double, long)");
    let (at, message) = check("scale", WRONG, &scale, "kernels/mismatch.cu:5").unwrap_err();
    assert_eq!(at, Some(0));
    assert_eq!(
        message,
        "`x: *mut f32` of `fn scale` does not match parameter 1 of C++'s kernel `scale(double*, double, long)` \
         (kernels/mismatch.cu:5): it points to a 4-byte float, C++'s to an 8-byte float (double); declare `x: \
         *mut f64`"
    );
    // An extern "C" kernel is read the same way; a typedef is NVRTC's to resolve.
    assert_eq!(from_source(MISMATCH_CU, "scale_c").unwrap().to_string(), "scale_c(double*, double, long)");
    assert_eq!(from_source(MISMATCH_CU, "scale_real"), None);
    let right = [("x", "*mut f64"), ("factor", "f64"), ("n", "core::ffi::c_long")];
    assert_eq!(check("scale", &right, &scale, "kernels/mismatch.cu:5"), Ok(()));
}

#[test]
fn the_test_kernels_declarations_agree() {
    let scale = from_source(SCALE_CU, "scale").unwrap();
    assert_eq!(check("scale", WRONG, &scale, "scale.cu"), Ok(()));
    let prepared = prepare("scale.cu", SCALE_CU).unwrap();
    let fill = prepared.kernels.iter().find(|k| k.name == "fill").unwrap();
    assert!(fill.template, "a template's parameters are NVRTC's to read");
}
