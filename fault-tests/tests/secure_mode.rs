//! Issue 10, item 2: in secure-execution mode the loader ignores `CUDA_SYS_LIBCUDA_PATH`.
//! Needs root (CI runs as root and runs it explicitly): it makes a setuid copy of this test
//! binary owned by `nobody`, which runs with AT_SECURE=1 because its effective user differs
//! from its real one.
//!
//! SAFETY of every `unsafe` block here: the calls reach a fake from fakes/driver.c (or no
//! library at all) with valid out-pointers and null handles, which the fakes never read.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use cuda_checked::check_driver;
use cuda_sys::*;
use fault_tests::{fake, Child, Libraries, TempDir};

const SCENARIOS: &[(&str, fn())] = &[("report", report)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// What this process saw: its AT_SECURE, what cuInit returned and why.
fn report() {
    // SAFETY: reads the auxiliary vector.
    let secure = unsafe { libc::getauxval(libc::AT_SECURE) };
    // SAFETY: see the note at the top of this file.
    let result = unsafe { check_driver!(cuInit(0)) };
    println!("AT_SECURE={secure}");
    match result {
        Ok(()) => println!("cuInit=CUDA_SUCCESS"),
        Err(e) => println!("cuInit={:?}\nwhy={}", e.code(), e.message()),
    }
    if let Ok(path) = loader::library_path() {
        println!("loaded={}", path.display());
    }
}

/// Issue 10, item 2: a setuid program ignores the variable (as glibc ignores LD_LIBRARY_PATH),
/// so the library it names is never loaded and its constructor never runs; the reason says
/// the variable was ignored and why. Without setuid, the same copy does load it (the control).
#[test]
#[ignore = "needs root: makes a setuid copy of this test binary (CI runs it as root)"]
fn item2_a_setuid_program_ignores_the_variable() {
    // SAFETY: reads this process's effective user id.
    assert_eq!(unsafe { libc::geteuid() }, 0, "this test needs root, to make a setuid copy owned by nobody");
    // SAFETY: a NUL-terminated name; the result is read at once.
    let nobody = unsafe { libc::getpwnam(c"nobody".as_ptr()) };
    assert!(!nobody.is_null(), "no user `nobody`");
    // SAFETY: non-null, from getpwnam just above.
    let nobody = unsafe { (*nobody).pw_uid };

    // Everything the setuid copy (running as nobody) touches lives in one open folder.
    let dir = TempDir::new("setuid");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let driver = dir.path().join("libcuda.so.1");
    std::fs::copy(fake("libfake_marker.so"), &driver).unwrap();
    let plain = dir.path().join("plain");
    let setuid = dir.path().join("setuid");
    std::fs::copy(std::env::current_exe().unwrap(), &plain).unwrap();
    std::fs::copy(std::env::current_exe().unwrap(), &setuid).unwrap();
    std::os::unix::fs::chown(&setuid, Some(nobody), None).unwrap();
    std::fs::set_permissions(&setuid, std::fs::Permissions::from_mode(0o4755)).unwrap();

    // The control: not setuid, the variable is honoured and the constructor runs.
    let marker = dir.path().join("marker-plain");
    let out = run(&plain, &driver, &marker);
    assert!(out.contains("AT_SECURE=0"), "{out}");
    assert!(out.contains("cuInit=CUDA_SUCCESS"), "{out}");
    assert!(marker.exists(), "the fake's constructor did not run:\n{out}");

    let marker = dir.path().join("marker-setuid");
    let out = run(&setuid, &driver, &marker);
    println!("{out}");
    assert!(
        out.contains("AT_SECURE=1"),
        "could not establish secure-execution mode (is the folder on a nosuid mount?):\n{out}"
    );
    assert!(!marker.exists(), "the library named by the variable was loaded by a setuid program:\n{out}");
    assert!(!out.contains(&format!("loaded={}", driver.display())), "{out}");
    // Where the system has a driver, the setuid copy loads it instead; where it has none:
    if !out.contains("loaded=") {
        assert!(out.contains("cuInit=CUDA_ERROR_STUB_LIBRARY"), "{out}");
        assert!(out.contains("CUDA_SYS_LIBCUDA_PATH was ignored"), "{out}");
        assert!(
            out.contains(
                "secure-execution mode (AT_SECURE: it is setuid or setgid, or has file capabilities)"
            ),
            "{out}"
        );
    }
}

fn run(binary: &Path, driver: &Path, marker: &Path) -> String {
    Child::of(binary, "scenario", "report").driver(driver).env("FAKE_MARKER", marker).run()
}
