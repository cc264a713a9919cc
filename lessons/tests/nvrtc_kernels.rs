//! Every CUDA C++ kernel of the lessons (`kernels/*.cu`) compiled by a real NVRTC through
//! nvrtc-sys and `check_nvrtc!`, on any machine, GPU or not: to PTX and to CUBIN for sm_80 and
//! sm_90. Each kernel of `kernels/mistakes/` must fail with the error its file announces. The
//! jitLto lesson's two sources (`kernels/lto/`) are compiled to LTO-IR and linked by a real
//! nvJitLink, which runs on the CPU too: together into a cubin, and one alone into the error
//! `check_nvjitlink!` gives, with the linker's log.
//!
//! NVRTC is a library of the toolkit or of NVIDIA's wheel (`nvidia-cuda-nvrtc`), not of the
//! driver: these tests need it and fail, saying why, without it. So they are `--ignored`:
//! `cargo test -p lessons --test nvrtc_kernels -- --ignored` (CI runs them with the 13.0 wheel).

use std::ffi::CString;

use lessons::nvrtc_helper::{compile, KernelFile, Output};
use nvrtc_sys::{NVRTC_ERROR_COMPILATION, NVRTC_ERROR_INVALID_OPTION};

// `KERNELS` and `MISTAKES`: the `.cu` files of `kernels/` and `kernels/mistakes/`, carried in
// this binary (build.rs), so that it runs from a bundle on a machine without this checkout.
include!(concat!(env!("OUT_DIR"), "/kernels.rs"));

const ARCHITECTURES: [u32; 2] = [80, 90];

/// A file of `folder` as a [`KernelFile`] named by its path under `kernels/`, as `kernel_file!`
/// names it.
fn kernel_file(folder: &str, (name, source): (&str, &str)) -> KernelFile {
    let name = if folder.is_empty() { name.to_string() } else { format!("{folder}/{name}") };
    // (Leaked: a test process compiles a handful of small files.)
    KernelFile::new(format!("{name}\0").leak(), format!("{source}\0").leak())
}

/// The kernel of `kernels/` named `name`.
fn kernel(name: &str) -> KernelFile {
    let found = KERNELS.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no kernels/{name}"));
    kernel_file("", *found)
}

/// The names of the file's `extern "C" __global__` kernels: what the lessons ask
/// cuModuleGetFunction for.
fn kernel_names(source: &str) -> Vec<String> {
    source
        .split("extern \"C\" __global__ void ")
        .skip(1)
        .map(|rest| rest.split('(').next().unwrap().trim().to_owned())
        .collect()
}

fn option(text: String) -> CString {
    CString::new(text).unwrap()
}

/// The real architecture a CUBIN is for, from its ELF header: NVIDIA's CUDA ELF keeps it in
/// `e_flags`, bits 8-15 from ABI version 8 (CUDA 12.8's NVRTC and later), bits 0-7 before.
fn cubin_architecture(cubin: &[u8]) -> u32 {
    assert_eq!(&cubin[..4], b"\x7fELF", "not an ELF file");
    assert_eq!(cubin[4], 2, "not a 64-bit ELF file");
    let machine = u16::from_le_bytes([cubin[18], cubin[19]]);
    assert_eq!(machine, 190, "e_machine is not EM_CUDA");
    let flags = u32::from_le_bytes(cubin[48..52].try_into().unwrap());
    if cubin[8] >= 8 {
        (flags >> 8) & 0xff
    } else {
        flags & 0xff
    }
}

#[test]
#[ignore = "needs NVRTC (libnvrtc): run with --ignored"]
fn every_lesson_kernel_compiles_to_ptx_and_cubin_for_sm_80_and_sm_90() {
    assert!(KERNELS.len() >= 4, "only {} kernels in kernels/", KERNELS.len());
    for &kernel in KERNELS {
        let file = kernel_file("", kernel);
        let names = kernel_names(file.source());
        assert!(!names.is_empty(), "{}: no extern \"C\" __global__ kernel", file.name());
        for sm in ARCHITECTURES {
            let ptx = compile(&file, &[&option(format!("--gpu-architecture=compute_{sm}"))], Output::Ptx)
                .unwrap_or_else(|e| panic!("{e}"));
            let ptx = std::str::from_utf8(ptx.strip_suffix(b"\0").expect("PTX ends in NUL")).unwrap();
            assert!(ptx.lines().any(|l| l.trim() == format!(".target sm_{sm}")), "{}: {ptx}", file.name());
            for name in &names {
                assert!(
                    ptx.contains(&format!(".entry {name}(")),
                    "{}: no .entry {name}:\n{ptx}",
                    file.name()
                );
            }

            let cubin = compile(&file, &[&option(format!("--gpu-architecture=sm_{sm}"))], Output::Cubin)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(cubin_architecture(&cubin), sm, "{}", file.name());
            for name in &names {
                let symbol = format!("\0{name}\0");
                assert!(
                    cubin.windows(symbol.len()).any(|w| w == symbol.as_bytes()),
                    "{}: sm_{sm} CUBIN has no symbol {name}",
                    file.name()
                );
            }
        }
        println!("{}: {} to PTX and CUBIN for sm_80 and sm_90", file.name(), names.join(", "));
    }
}

#[test]
#[ignore = "needs NVRTC (libnvrtc): run with --ignored"]
fn a_mistake_fails_with_the_log_its_file_announces() {
    assert!(!MISTAKES.is_empty());
    for &mistake in MISTAKES {
        let file = kernel_file("mistakes", mistake);
        let expected = file
            .source()
            .lines()
            .find_map(|l| l.split_once("NVRTC says: ").map(|(_, said)| said.trim()))
            .unwrap_or_else(|| panic!("{}: no line saying what NVRTC says", file.name()));
        let e = compile(&file, &[&option("--gpu-architecture=sm_90".into())], Output::Cubin).unwrap_err();
        assert_eq!(e.code(), NVRTC_ERROR_COMPILATION, "{e}");
        assert_eq!(e.name(), "NVRTC_ERROR_COMPILATION");
        let log = e.log().unwrap_or_else(|| panic!("no log: {e}"));
        assert!(log.contains(expected), "{}: the log lacks {expected:?}:\n{log}", file.name());
        // The log follows the error's own lines in what a user sees.
        let shown = e.to_string();
        assert!(
            shown.contains("nvrtcCompileProgram(")
                && shown.contains(" failed. \n code = NVRTC_ERROR_COMPILATION")
        );
        assert!(shown.ends_with(&format!("\n log:\n{log}")), "{shown}");
        assert!(format!("{e:?}").contains(expected), "{e:?}");
        println!("{e}");
    }
}

#[test]
#[ignore = "needs NVRTC (libnvrtc): run with --ignored"]
fn an_architecture_nvrtc_does_not_know_is_an_invalid_option_with_its_log() {
    let file = kernel("vectorAdd_kernel.cu");
    let e = compile(&file, &[&option("--gpu-architecture=sm_1".into())], Output::Cubin).unwrap_err();
    assert_eq!(e.code(), NVRTC_ERROR_INVALID_OPTION, "{e}");
    let log = e.log().unwrap_or_else(|| panic!("no log: {e}"));
    assert!(log.contains("--gpu-architecture"), "{log}");
}

/// The jitLto lesson's sources (`kernels/lto/`), NUL-terminated as NVRTC reads them.
#[cfg(cuda_ge = "12.0")]
const LTO_SOURCES: [(&str, &std::ffi::CStr); 2] = [
    (concat!(include_str!("../kernels/lto/lto_saxpy.cu"), "\0"), c"lto_saxpy.cu"),
    (concat!(include_str!("../kernels/lto/lto_compute.cu"), "\0"), c"lto_compute.cu"),
];

/// `source` compiled by NVRTC to LTO-IR, as the lesson compiles it (`-dlto`, relocatable device
/// code).
#[cfg(cuda_ge = "12.0")]
fn lto_ir((source, name): (&str, &std::ffi::CStr)) -> Vec<u8> {
    use cuda_checked::check_nvrtc;
    use nvrtc_sys::*;
    let options = [c"-dlto".as_ptr(), c"--relocatable-device-code=true".as_ptr()];
    let mut prog: nvrtcProgram = std::ptr::null_mut();
    // SAFETY: C strings; prog lives from its creation to its destruction; the buffer has the
    // size NVRTC gave.
    unsafe {
        check_nvrtc!(nvrtcCreateProgram(
            &mut prog,
            source.as_ptr().cast(),
            name.as_ptr(),
            0,
            std::ptr::null(),
            std::ptr::null()
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        check_nvrtc!(nvrtcCompileProgram(prog, 2, options.as_ptr()), prog).unwrap_or_else(|e| panic!("{e}"));
        let mut size = 0;
        check_nvrtc!(nvrtcGetLTOIRSize(prog, &mut size)).unwrap_or_else(|e| panic!("{e}"));
        let mut ir = vec![0u8; size];
        check_nvrtc!(nvrtcGetLTOIR(prog, ir.as_mut_ptr().cast())).unwrap_or_else(|e| panic!("{e}"));
        check_nvrtc!(nvrtcDestroyProgram(&mut prog)).unwrap_or_else(|e| panic!("{e}"));
        ir
    }
}

/// `inputs` (LTO-IR, and a name for each) linked by nvJitLink for sm_90 with link-time
/// optimization, as the lesson links: the cubin, or the error of the first call that failed.
#[cfg(cuda_ge = "12.0")]
fn link(inputs: &[(Vec<u8>, &std::ffi::CStr)]) -> Result<Vec<u8>, cuda_checked::NvjitlinkError> {
    use cuda_checked::check_nvjitlink;
    use nvjitlink_sys::*;
    let mut options = [c"-lto".as_ptr(), c"-arch=sm_90".as_ptr()];
    let mut handle: nvJitLinkHandle = std::ptr::null_mut();
    // SAFETY: C strings; the handle lives from its creation to its destruction; each input's
    // bytes and length; the buffer has the size the linker gave.
    unsafe {
        check_nvjitlink!(nvJitLinkCreate(&mut handle, 2, options.as_mut_ptr()))?;
        let linked = (|| {
            for (ir, name) in inputs {
                check_nvjitlink!(
                    nvJitLinkAddData(
                        handle,
                        NVJITLINK_INPUT_LTOIR,
                        ir.as_ptr().cast(),
                        ir.len(),
                        name.as_ptr()
                    ),
                    handle
                )?;
            }
            check_nvjitlink!(nvJitLinkComplete(handle), handle)?;
            let mut size = 0;
            check_nvjitlink!(nvJitLinkGetLinkedCubinSize(handle, &mut size), handle)?;
            let mut cubin = vec![0u8; size];
            check_nvjitlink!(nvJitLinkGetLinkedCubin(handle, cubin.as_mut_ptr().cast()), handle)?;
            Ok(cubin)
        })();
        check_nvjitlink!(nvJitLinkDestroy(&mut handle))?;
        linked
    }
}

#[cfg(cuda_ge = "12.0")]
#[test]
#[ignore = "needs NVRTC and nvJitLink (libnvrtc, libnvJitLink): run with --ignored"]
fn the_jit_lto_sources_link_into_one_cubin_for_sm_90() {
    let inputs: Vec<(Vec<u8>, &std::ffi::CStr)> = LTO_SOURCES.iter().map(|&s| (lto_ir(s), s.1)).collect();
    let cubin = link(&inputs).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cubin_architecture(&cubin), 90);
    assert!(cubin.windows(7).any(|w| w == b"\0saxpy\0"), "the cubin has no saxpy");
    println!(
        "{} bytes of LTO-IR linked into a {}-byte cubin",
        inputs.iter().map(|i| i.0.len()).sum::<usize>(),
        cubin.len()
    );
}

#[cfg(cuda_ge = "12.0")]
#[test]
#[ignore = "needs NVRTC and nvJitLink (libnvrtc, libnvJitLink): run with --ignored"]
fn the_kernel_alone_does_not_link_and_the_error_carries_the_linkers_log() {
    let saxpy = LTO_SOURCES[0];
    let e = link(&[(lto_ir(saxpy), saxpy.1)]).unwrap_err();
    assert!(e.name().starts_with("NVJITLINK_ERROR_"), "{e}");
    assert!(e.op().starts_with("nvJitLinkComplete("), "{e}");
    let log = e.log().unwrap_or_else(|| panic!("no log: {e}"));
    // The function nothing defines.
    assert!(log.contains("compute"), "{log}");
    assert!(e.to_string().ends_with(&format!("\n log:\n{log}")), "{e}");
    println!("{e}");
}
