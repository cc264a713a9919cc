//! Every lesson, on a machine where no driver can be loaded, exits non-zero with the
//! `check_driver!` message: no panic, no backtrace.

mod common;

#[test]
fn every_lesson_fails_cleanly_without_a_driver() {
    for name in common::lessons() {
        let mut command = common::lesson(name);
        command
            .env(cuda_sys::loader::LIBCUDA_PATH_VAR, "/nonexistent/libcuda.so.1")
            .env("RUST_BACKTRACE", "1");
        let (output, stdout, stderr) = common::run(command);
        assert_eq!(output.status.code(), Some(1), "{name}: {stdout}{stderr}");
        assert!(stderr.starts_with("Error: "), "{name}: {stderr}");
        assert!(
            stderr.contains("cuInit(0) failed. \n code = CUDA_ERROR_STUB_LIBRARY, message = "),
            "{name}: {stderr}"
        );
        assert!(
            stderr.contains("/nonexistent/libcuda.so.1: cannot open shared object file"),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("panicked") && !stderr.contains("stack backtrace"), "{name}: {stderr}");
    }
}
