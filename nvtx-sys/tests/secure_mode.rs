//! A setuid program ignores `NVTX_INJECTION64_PATH` (secure-execution mode), as the dynamic
//! loader ignores `LD_PRELOAD` there: the environment may not choose a library such a program
//! runs. Needs root (CI runs it as root, by name): it makes a setuid copy of this test binary
//! owned by `nobody`, which runs with AT_SECURE=1. The control, the same copy without setuid,
//! attaches the recorder.
//!
//! SAFETY of every `unsafe` block here: NUL-terminated strings, and libc calls that only read.
#![cfg(target_os = "linux")]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use cuda_loader::child::{dispatch, fake_library, Child};
use nvtx_sys::*;

const SCENARIOS: &[(&str, fn())] = &[("report", report)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    dispatch(SCENARIOS);
}

fn report() {
    // SAFETY: see the note at the top of this file.
    let secure = unsafe { libc::getauxval(libc::AT_SECURE) };
    // SAFETY: as above.
    let depth = unsafe { nvtxRangePushA(c"step".as_ptr()) };
    println!("AT_SECURE={secure} depth={depth} status={:?}", loader::status());
}

#[test]
#[ignore = "needs root: makes a setuid copy of this test binary (CI runs it as root)"]
fn a_setuid_program_ignores_the_variable() {
    // SAFETY: see the note at the top of this file.
    assert_eq!(unsafe { libc::geteuid() }, 0, "this test needs root, to make a setuid copy owned by nobody");
    // SAFETY: as above; the result is read at once.
    let nobody = unsafe { libc::getpwnam(c"nobody".as_ptr()) };
    assert!(!nobody.is_null(), "no user `nobody`");
    // SAFETY: non-null, from getpwnam just above.
    let nobody = unsafe { (*nobody).pw_uid };

    // Everything the setuid copy (running as nobody) touches lives in one open folder.
    let dir = std::env::temp_dir().join(format!("nvtx-setuid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let recorder = dir.join("librecorder.so");
    std::fs::copy(fake_library("libnvtx_recorder.so", include_str!("recorder.c")), &recorder).unwrap();
    std::fs::set_permissions(&recorder, std::fs::Permissions::from_mode(0o755)).unwrap();
    let plain = dir.join("plain");
    let setuid = dir.join("setuid");
    std::fs::copy(std::env::current_exe().unwrap(), &plain).unwrap();
    std::fs::copy(std::env::current_exe().unwrap(), &setuid).unwrap();
    std::os::unix::fs::chown(&setuid, Some(nobody), None).unwrap();
    std::fs::set_permissions(&setuid, std::fs::Permissions::from_mode(0o4755)).unwrap();

    let record = dir.join("record-plain");
    let out = run(&plain, &recorder, &record);
    assert!(out.contains("AT_SECURE=0 depth=0 status=Some(0)"), "{out}");
    assert!(std::fs::read_to_string(&record).unwrap().contains("push step depth=0"), "{out}");

    let record = dir.join("record-setuid");
    let out = run(&setuid, &recorder, &record);
    assert!(
        out.contains("AT_SECURE=1"),
        "could not establish secure-execution mode (is the folder on a nosuid mount?):\n{out}"
    );
    assert!(
        out.contains(&format!(
            "depth={NVTX_NO_PUSH_POP_TRACKING} status=Some({NVTX_ERR_INIT_ACCESS_LIBRARY})"
        )),
        "{out}"
    );
    assert!(!record.exists(), "a setuid program attached the library the variable named:\n{out}");
    assert!(
        out.contains(&format!(
            "NVTX: {} is ignored, as this program runs in secure-execution mode",
            loader::NVTX_INJECTION_PATH_VAR
        )),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

fn run(binary: &Path, recorder: &Path, record: &Path) -> String {
    Child::of(binary, "scenario", "report")
        .env(loader::NVTX_INJECTION_PATH_VAR, recorder)
        .env("NVTX_RECORDER_OUT", record)
        .run()
}
