//! Issue 33's NVRTC faults, against a fake libnvrtc (fakes/driver.c, `-DNVRTC`), each in its
//! own process: a compile log (and a compiled program) whose size NVRTC reports as absurd, as
//! zero, or cannot report, and a log that lacks its final NUL. Each failed before the fix (an
//! abort, or a log dropped without a word).
//!
//! SAFETY of every `unsafe` block here: the calls reach the fake NVRTC with valid
//! out-pointers and the program it made.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use cuda_checked::{check_nvrtc, NvrtcError};
use fault_tests::{fake, Child, Libraries};
use nvrtc_sys::*;

const SCENARIOS: &[(&str, fn())] =
    &[("compile", compile), ("lesson_compile", lesson_compile), ("missing_function", missing_function)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// What the fake's log says when it can be read.
const LOG: &str = "kernel.cu(1): error: identifier \"x\" is undefined";

/// A compile that fails, checked with its program: the error as a user sees it.
fn compile() {
    let mut prog: nvrtcProgram = std::ptr::null_mut();
    // SAFETY: see the note at the top of this file.
    let e: NvrtcError = unsafe {
        check_nvrtc!(nvrtcCreateProgram(
            &mut prog,
            c"bad".as_ptr(),
            c"kernel.cu".as_ptr(),
            0,
            std::ptr::null(),
            std::ptr::null()
        ))
        .unwrap();
        let e = check_nvrtc!(nvrtcCompileProgram(prog, 0, std::ptr::null()), prog).unwrap_err();
        check_nvrtc!(nvrtcDestroyProgram(&mut prog)).unwrap();
        e
    };
    println!("code: {:?}\nmessage: {}\nlog: {:?}", e.code(), e.message(), e.log());
}

/// A compile through the lessons' helper: its error, or what it compiled.
fn lesson_compile() {
    let file = lessons::nvrtc_helper::VECTOR_ADD_KERNEL;
    let output = lessons::nvrtc_helper::Output::Ptx;
    match lessons::nvrtc_helper::compile(&file, &[c"--gpu-architecture=compute_90"], output) {
        Ok(code) => println!("compiled: {} bytes", code.len()),
        Err(e) => println!("code: {:?}\nmessage: {}\nlog: {:?}", e.code(), e.message(), e.log()),
    }
}

/// The compile's error with the fake's log as `FAKE_NVRTC_LOG` says.
fn with_log(mode: &str) -> String {
    Child::new("compile").nvrtc(fake("libfake_nvrtc.so")).env("FAKE_NVRTC_LOG", mode).run()
}

/// The control: a log NVRTC gives whole is the error's log, with nothing more said.
#[test]
fn a_log_given_whole_is_kept() {
    let out = with_log("");
    assert!(out.contains("code: NVRTC_ERROR_COMPILATION"), "{out}");
    assert!(out.contains(&format!("log: Some({LOG:?})")), "{out}");
    assert!(out.contains("message: NVRTC_ERROR_COMPILATION\n"), "{out}");
}

/// Issue 33, item 2: a log size larger than any memory (SIZE_MAX, 1 TiB) is not allocated,
/// nor is NVRTC asked to write it (the fake aborts if asked): the compile error stays, and the
/// message says the log could not be read and why.
#[test]
fn item2_an_absurd_log_size_keeps_the_compile_error() {
    for (mode, size) in [("absurd", usize::MAX.to_string()), ("huge", (1u64 << 40).to_string())] {
        let out = with_log(mode);
        assert!(out.contains("code: NVRTC_ERROR_COMPILATION"), "{mode}: {out}");
        assert!(out.contains("log: None"), "{mode}: {out}");
        assert!(out.contains("NVRTC's log could not be read"), "{mode}: {out}");
        assert!(out.contains(&format!("{size} bytes")), "{mode}: {out}");
    }
}

/// Issue 33, item 2: a size of 0 (a log holds at least its NUL) is not believed either.
#[test]
fn item2_a_zero_log_size_is_said() {
    let out = with_log("zero");
    assert!(out.contains("code: NVRTC_ERROR_COMPILATION"), "{out}");
    assert!(out.contains("log: None"), "{out}");
    assert!(out.contains("NVRTC's log could not be read: nvrtcGetProgramLogSize gave 0 bytes"), "{out}");
}

/// Issue 33, item 2: when asking for the log's size or the log fails, the message says so
/// (it was dropped without a word), and the compile error stays.
#[test]
fn item2_a_log_that_cannot_be_had_is_said() {
    for (mode, call) in [("size-fails", "nvrtcGetProgramLogSize"), ("log-fails", "nvrtcGetProgramLog")] {
        let out = with_log(mode);
        assert!(out.contains("code: NVRTC_ERROR_COMPILATION"), "{mode}: {out}");
        assert!(out.contains("log: None"), "{mode}: {out}");
        assert!(
            out.contains(&format!(
                "NVRTC's log could not be read: {call} returned NVRTC_ERROR_INTERNAL_ERROR"
            )),
            "{mode}: {out}"
        );
    }
}

/// Issue 33, item 2: a log without its final NUL is kept (every byte NVRTC wrote), and the
/// message says it may be cut short (it was dropped without a word).
#[test]
fn item2_a_log_without_its_nul_is_kept_and_said() {
    let out = with_log("no-nul");
    assert!(out.contains(&format!("log: Some({LOG:?})")), "{out}");
    assert!(out.contains("lacks its final NUL"), "{out}");
}

/// Issue 33, item 2, one step further: the lessons' compile helper asks NVRTC for the PTX's
/// size the same way; an absurd or zero size is an error that says so, never an abort, and
/// its warnings' log is read with the same care.
#[test]
fn item2_an_absurd_code_size_is_an_error_in_the_lessons_helper() {
    for (mode, said) in [
        ("absurd", format!("nvrtcGetPTXSize gave {} bytes", usize::MAX)),
        ("huge", format!("nvrtcGetPTXSize gave {} bytes", 1u64 << 40)),
        ("zero", "nvrtcGetPTXSize gave 0 bytes".to_string()),
    ] {
        let out = Child::new("lesson_compile")
            .nvrtc(fake("libfake_nvrtc.so"))
            .env("FAKE_NVRTC_COMPILES", "1")
            .env("FAKE_NVRTC_CODE", mode)
            .env("FAKE_NVRTC_LOG", "absurd")
            .run();
        assert!(out.contains(&said), "{mode}: {out}");
        assert!(!out.contains("compiled:"), "{mode}: {out}");
    }
    // The control: a size NVRTC can have is read.
    let out =
        Child::new("lesson_compile").nvrtc(fake("libfake_nvrtc.so")).env("FAKE_NVRTC_COMPILES", "1").run();
    assert!(out.contains("compiled: 28 bytes"), "{out}");
}

/// A function the fake lacks, checked: why it failed.
fn missing_function() {
    let mut count = 0;
    // SAFETY: see the note at the top of this file.
    let e = unsafe { check_nvrtc!(nvrtcGetNumSupportedArchs(&mut count)) }.unwrap_err();
    println!("code: {:?}\nmessage: {}", e.code(), e.message());
}

/// Issue 33, item 1 (the loader's): an `nvrtcVersion` answering an absurd major and minor
/// makes no arithmetic overflow (a panic in a debug build): the sentence names the file and the
/// numbers.
#[test]
fn item1_an_absurd_nvrtc_version_is_refused_with_the_numbers() {
    let library = fake("libfake_nvrtc.so");
    for (major, minor) in [("2147483647", "2147483647"), ("-2147483648", "0"), ("13", "2147483647")] {
        let out = Child::new("missing_function")
            .nvrtc(&library)
            .env("FAKE_NVRTC_MAJOR", major)
            .env("FAKE_NVRTC_MINOR", minor)
            .run();
        assert!(out.contains("code: NVRTC_ERROR_INTERNAL_ERROR"), "{major}.{minor}: {out}");
        assert!(out.contains(&library.display().to_string()), "{major}.{minor}: {out}");
        assert!(out.contains(major) && out.contains(minor), "{major}.{minor}: {out}");
    }
}
