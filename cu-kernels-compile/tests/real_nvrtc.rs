//! NVIDIA's real NVRTC (the toolkit's, or the wheel's, as nvrtc-sys finds it), without a GPU:
//! cu-kernels' test `.cu` compiled for an H200 (9.0) and for a GPU newer than this NVRTC knows,
//! its kernels' lowered names, and a compile error whose log names the file and line. CI runs
//! these with `--ignored` and CUDA_PATH set.

use cu_kernels_compile::signature::check;
use cu_kernels_compile::{for_device, prepare, Arch, Error, Program, Signature};

/// cu-kernels' test kernels, compiled into this test (so that it runs where it was not built).
const SCALE_CU: &str = include_str!("../../cu-kernels/tests/kernels/scale.cu");
const BROKEN_CU: &str = include_str!("../../cu-kernels/tests/kernels/broken.cu");
const MISMATCH_CU: &str = include_str!("../../cu-kernels/tests/kernels/mismatch.cu");

#[test]
#[ignore = "needs NVRTC (a toolkit's or NVIDIA's wheel, as nvrtc-sys finds it); CI runs it"]
fn a_cu_with_host_code_compiles_for_the_device_and_gives_lowered_names() {
    let prepared = prepare("scale.cu", SCALE_CU).unwrap();
    let names = ["scale", "fill<int>"];
    let program = Program { name: "scale.cu", text: &prepared.text, names: &names, options: &[] };
    let (arch, compiled) = for_device(&program, 9, 0).expect("NVRTC compiles it");
    assert_eq!(arch.to_string(), "sm_90");
    assert!(compiled.image.starts_with(b"\x7fELF"), "a CUBIN is an ELF file");
    assert_eq!(compiled.lowered, ["_Z5scalePffi", "_Z4fillIiEvPT_S0_i"]);
    // What kernels.rs declares agrees with what NVRTC's names say.
    let fill = Signature::from_lowered(&compiled.lowered[1]).unwrap();
    assert_eq!(fill.to_string(), "fill<int>(int*, int, int)");
    assert_eq!(
        check("fill_int", &[("x", "*mut i32"), ("value", "i32"), ("n", "c_int")], &fill, "scale.cu"),
        Ok(())
    );
    // A GPU newer than this NVRTC knows: PTX of the newest architecture it does.
    let (arch, compiled) = for_device(&program, 99, 0).unwrap();
    assert!(!arch.cubin, "{arch}");
    assert!(compiled.image.starts_with(b"//") && compiled.image.ends_with(b"\0"), "PTX text with its NUL");
    let ptx = program.compile(Some(Arch::parse("compute_80").unwrap())).unwrap();
    assert!(String::from_utf8_lossy(&ptx.image).contains(".target sm_80"));
}

#[test]
#[ignore = "needs NVRTC (a toolkit's or NVIDIA's wheel, as nvrtc-sys finds it); CI runs it"]
fn a_compile_error_is_nvrtcs_log_naming_the_file_and_line() {
    let prepared = prepare("kernels/broken.cu", BROKEN_CU).unwrap();
    let program =
        Program { name: "kernels/broken.cu", text: &prepared.text, names: &["broken"], options: &[] };
    match program.compile(Some(Arch::parse("sm_90").unwrap())) {
        Err(Error::Compile(log)) => {
            assert!(
                log.contains("kernels/broken.cu(4): error: identifier \"undefined_name\" is undefined"),
                "{log}"
            )
        }
        other => panic!("{other:?}"),
    }
    let refused = program.compile(Some(Arch::parse("sm_12").unwrap())).unwrap_err();
    assert!(
        matches!(&refused, Error::Call(what) if what.contains("NVRTC refused the options")),
        "{refused:?}"
    );
}

/// Issue 41, item 11: NVRTC's lowered names encode the kernels' real types, through a typedef
/// too; a declaration of `f32` and `c_int` for `double` and `long` is an error naming both.
#[test]
#[ignore = "needs NVRTC (a toolkit's or NVIDIA's wheel, as nvrtc-sys finds it); CI runs it"]
fn lowered_names_say_what_a_declaration_must_be() {
    let prepared = prepare("kernels/mismatch.cu", MISMATCH_CU).unwrap();
    let names = ["scale", "scale_real", "scale_c"];
    let program = Program { name: "kernels/mismatch.cu", text: &prepared.text, names: &names, options: &[] };
    let compiled = program.compile(Some(Arch::parse("sm_90").unwrap())).unwrap();
    assert_eq!(compiled.lowered, ["_Z5scalePddl", "_Z10scale_realPddl", "scale_c"]);
    let wrong = [("x", "*mut f32"), ("factor", "f32"), ("n", "c_int")];
    let scale = Signature::from_lowered(&compiled.lowered[0]).unwrap();
    let (at, message) =
        check("scale", &wrong, &scale, "kernels/mismatch.cu, NVRTC's lowered name _Z5scalePddl").unwrap_err();
    assert_eq!(at, Some(0));
    assert!(
        message.starts_with(
            "`x: *mut f32` of `fn scale` does not match parameter 1 of C++'s kernel `scale(double*, double, long)` \
             (kernels/mismatch.cu, NVRTC's lowered name _Z5scalePddl)"
        ),
        "{message}"
    );
    let real = Signature::from_lowered(&compiled.lowered[1]).unwrap();
    assert_eq!(real.to_string(), "scale_real(double*, double, long)");
    assert!(check("scale_real", &wrong, &real, "").is_err());
    assert_eq!(Signature::from_lowered(&compiled.lowered[2]), None, "extern \"C\": the text says");
}
