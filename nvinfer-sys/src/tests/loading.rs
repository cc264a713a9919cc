//! Loading TensorRT's libraries and bad input, each in a child process (a process loads a
//! library once): a library of another major than the header's, or older, is refused with both
//! versions; a newer minor is taken; a missing library or plugin library gives null and a
//! sentence; a panicking callback gives the C++ failure value and a report.

use std::path::PathBuf;

use cuda_loader::child::{dispatch, Child};

const SCENARIOS: &[(&str, fn())] = &[
    ("other_major", other_major),
    ("older", older),
    ("newer_minor", newer_minor),
    ("missing", missing),
    ("missing_plugin", missing_plugin),
    ("panicking_logger", panicking_logger),
];

#[test]
#[ignore = "a scenario body: the other tests of this module run it in a child process"]
fn scenario() {
    dispatch(SCENARIOS);
}

fn child(name: &str, variable: &str, library: impl AsRef<std::ffi::OsStr>) -> String {
    let exe = std::env::current_exe().expect("the test binary's path");
    Child::of(&exe, "tests::loading::scenario", name).env(variable, library).run()
}

const HEADER: i32 = crate::NV_TENSORRT_VERSION;

/// A fake libnvinfer whose `getInferLibVersion` answers `version` and whose
/// `createInferRuntime_INTERNAL` calls the logger's `log` slot (found by the generated vtable's
/// field offset) with an error, then returns null; built with the system's C compiler.
fn fake_nvinfer(version: i32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nvinfer-sys-fake-{version}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let slot = std::mem::offset_of!(crate::nvinfer1::ILogger_vtbl, log) / std::mem::size_of::<usize>();
    let source = format!(
        "typedef void (*log_t)(void *, int, const char *);\n\
         int getInferLibVersion(void) {{ return {version}; }}\n\
         void *createInferRuntime_INTERNAL(void *logger, int v) {{\n\
         \x20   log_t log = (*(log_t **)logger)[{slot}];\n\
         \x20   log(logger, 1, \"Error Code 3: API Usage Error (a fake TensorRT for the tests)\");\n\
         \x20   return (void *)0;\n}}\n"
    );
    std::fs::write(dir.join("fake.c"), source).unwrap();
    let library = dir.join(crate::loader::LIBRARY);
    let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
    let status = std::process::Command::new(cc)
        .args(["-shared", "-fPIC", "-o"])
        .arg(&library)
        .arg(dir.join("fake.c"))
        .status()
        .expect("a C compiler ($CC or cc) for the fake libnvinfer");
    assert!(status.success());
    library
}

fn version_text(v: i32) -> String {
    format!("TensorRT {}.{}.{}", v / 10000, v % 10000 / 100, v % 100)
}

#[test]
fn a_library_of_another_major_is_refused_with_both_versions() {
    let other = if HEADER / 10000 == 11 { 100300 } else { 110400 };
    let out = child("other_major", crate::loader::LIBNVINFER_PATH_VAR, fake_nvinfer(other));
    assert!(out.contains(&format!("{}, another major than the NvInfer.h", version_text(other))), "{out}");
    assert!(out.contains(&version_text(HEADER)), "{out}");
}

fn other_major() {
    assert_eq!(unsafe { crate::getInferLibVersion() }, 0, "a refused library is never called");
    cuda_loader::clear_last_failure();
    let runtime = unsafe { crate::createInferRuntime_INTERNAL(std::ptr::null_mut(), HEADER) };
    assert!(runtime.is_null());
    println!("{}", crate::loader::explain().expect("why the call returned null"));
}

#[test]
fn an_older_library_is_refused_and_a_newer_minor_is_taken() {
    // The patch before the header's (an x.0.0 header has no older release of its major: the
    // test then sees the other-major refusal, which is what such a library gets).
    let out = child("older", crate::loader::LIBNVINFER_PATH_VAR, fake_nvinfer(HEADER - 1));
    let why = if (HEADER - 1) / 10000 == HEADER / 10000 { "older than" } else { "another major than" };
    assert!(out.contains(&format!("{}, {why} the NvInfer.h", version_text(HEADER - 1))), "{out}");
    let out = child("newer_minor", crate::loader::LIBNVINFER_PATH_VAR, fake_nvinfer(HEADER + 100));
    assert!(out.contains(&format!("loaded {}", HEADER + 100)), "{out}");
}

fn older() {
    other_major();
}

fn newer_minor() {
    println!("loaded {}", unsafe { crate::getInferLibVersion() });
}

#[test]
fn no_library_gives_null_and_says_what_to_install() {
    let out = child("missing", crate::loader::LIBNVINFER_PATH_VAR, "/nonexistent/libnvinfer.so.11");
    assert!(out.contains("TensorRT (libnvinfer"), "{out}");
    assert!(out.contains("could not be loaded: /nonexistent/libnvinfer.so.11: "), "{out}");
    assert!(out.contains(crate::loader::LIBNVINFER_PATH_VAR), "{out}");
}

fn missing() {
    other_major();
}

#[test]
fn a_missing_plugin_library_gives_false_and_names_it() {
    let out =
        child("missing_plugin", cuda_loader::NVINFER_PLUGIN.variable, "/nonexistent/libnvinfer_plugin.so");
    assert!(out.contains("TensorRT's plugin library (libnvinfer_plugin) could not be loaded"), "{out}");
}

fn missing_plugin() {
    cuda_loader::clear_last_failure();
    assert!(!unsafe { crate::initLibNvInferPlugins(std::ptr::null_mut(), c"".as_ptr()) });
    println!("{}", crate::loader::explain().expect("why initLibNvInferPlugins returned false"));
}

#[test]
fn a_panicking_logger_is_caught_and_reported() {
    let out = child("panicking_logger", crate::loader::LIBNVINFER_PATH_VAR, fake_nvinfer(HEADER));
    assert!(out.contains("nvinfer1::ILogger::log panicked (the logger's own bug)"), "{out}");
    assert!(out.contains("after the call"), "{out}");
}

fn panicking_logger() {
    struct Panics;
    impl crate::implement::ILogger for Panics {
        fn log(&self, _: crate::nvinfer1::ILogger_Severity, _: &std::ffi::CStr) {
            panic!("the logger's own bug");
        }
    }
    let logger = crate::implement::ILoggerObject::new(Panics);
    crate::implement::clear_last_error();
    // The fake calls the logger, which panics inside TensorRT's (the fake's) frame.
    let runtime = unsafe { crate::nvinfer1::createInferRuntime(&logger) };
    assert!(runtime.is_null());
    let panic = crate::implement::take_panic().expect("the panic was kept");
    // The error was kept before the program's log ran: check_trt! still has TensorRT's words.
    let (code, text) = crate::implement::take_last_error().expect("the error the logger got");
    println!("{panic}; {code:?}: {text}; after the call");
}
