//! Issue 33's NCCL faults, against a fake libnccl (fakes/driver.c, `-DNCCL=<code>`), each in
//! its own process: what `check_nccl!` makes of NCCL's last error (`ncclGetLastError`).
//!
//! SAFETY of every `unsafe` block here: the calls reach the fake NCCL with valid
//! out-pointers; the communicator is null, which NCCL's `ncclGetLastError` ignores.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use cuda_checked::check_nccl;
use fault_tests::{fake, Child, Libraries};
use nccl_sys::*;

const SCENARIOS: &[(&str, fn())] = &[("unique_id", unique_id), ("version", version)];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// `ncclGetUniqueId`, which the fake fails with `$FAKE_NCCL_RESULT`, checked both ways.
fn unique_id() {
    let mut id = ncclUniqueId { internal: [0; 128] };
    // SAFETY: see the note at the top of this file.
    let (plain, with) = unsafe {
        let plain = check_nccl!(ncclGetUniqueId(&mut id)).unwrap_err();
        let with = check_nccl!(ncclGetUniqueId(&mut id), std::ptr::null_mut()).unwrap_err();
        (plain, with)
    };
    for (how, e) in [("plain", plain), ("comm", with)] {
        println!("{how} code: {:?}\n{how} message: {}", e.code(), e.message());
    }
}

/// `ncclGetVersion` checked, and why when it fails.
fn version() {
    let mut version = 0;
    // SAFETY: see the note at the top of this file.
    match unsafe { check_nccl!(ncclGetVersion(&mut version)) } {
        Ok(()) => println!("version: {version}"),
        Err(e) => println!("code: {:?}\nmessage: {}", e.code(), e.message()),
    }
}

fn unique_id_with(library: &str, vars: &[(&str, &str)]) -> String {
    let mut child = Child::new("unique_id").nccl(fake(library));
    for (key, value) in vars {
        child = child.env(key, value);
    }
    child.run()
}

/// Issue 33, item 5: whatever code NCCL answers, the text its `ncclGetLastError` gives is
/// carried by the error, with or without a communicator (NCCL's last error is one for the
/// process; its communicator argument is unused): it was dropped by `check_nccl!(call)`.
#[test]
fn item5_the_last_error_is_carried_whenever_nccl_gives_one() {
    let last = "Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 0";
    for (code, name) in [
        ("1", "ncclUnhandledCudaError"),
        ("2", "ncclSystemError"),
        ("3", "ncclInternalError"),
        ("4", "ncclInvalidArgument"),
        ("5", "ncclInvalidUsage"),
        ("6", "ncclRemoteError"),
    ] {
        let out =
            unique_id_with("libfake_nccl.so", &[("FAKE_NCCL_RESULT", code), ("FAKE_NCCL_LAST_ERROR", last)]);
        for how in ["plain", "comm"] {
            assert!(out.contains(&format!("{how} code: {name}")), "{code}: {out}");
            let message = out.lines().find_map(|l| l.strip_prefix(&format!("{how} message: "))).unwrap();
            assert!(message.ends_with(&format!("; NCCL's last error: {last}")), "{code} {how}: {out}");
            assert_eq!(message.matches("last error").count(), 1, "{code} {how}: {out}");
        }
    }
}

/// Issue 33, item 5: an empty last error (or one of white space only) adds nothing.
#[test]
fn item5_an_empty_last_error_adds_nothing() {
    for last in ["", " \n"] {
        let out = unique_id_with("libfake_nccl.so", &[("FAKE_NCCL_LAST_ERROR", last)]);
        assert!(out.contains("plain code: ncclInvalidArgument"), "{out}");
        assert!(!out.contains("last error"), "{last:?}: {out}");
        assert!(
            out.contains("plain message: invalid argument (run with NCCL_DEBUG=WARN for details)\n"),
            "{out}"
        );
    }
}

/// Issue 33, item 5: a library without `ncclGetLastError` (NCCL before 2.13) has no last error:
/// the loader's stand-in text ("could not be reached") is not passed off as NCCL's.
#[test]
fn item5_the_loaders_stand_in_is_not_nccls_last_error() {
    let out = unique_id_with("libfake_nccl_no_last_error.so", &[]);
    assert!(out.contains("comm code: ncclInvalidArgument"), "{out}");
    assert!(!out.contains("last error"), "{out}");
    assert!(!out.contains("could not be reached"), "{out}");
}

/// Issue 33, item 4 (the loader's; it holds on this tree): an NCCL older than the header is
/// refused, and the sentence writes both versions as NCCL does (2.19.3, 2.28.3), for either
/// coding of the code (2.8.4 was 2804); a newer one is taken.
#[test]
fn item4_an_older_nccl_is_refused_with_both_versions_as_nccl_writes_them() {
    let header = fault_tests::nccl_version();
    let text = |code: u32| {
        if code >= 10000 {
            format!("{}.{}.{}", code / 10000, code % 10000 / 100, code % 100)
        } else {
            format!("{}.{}.{}", code / 1000, code % 1000 / 100, code % 100)
        }
    };
    for older in [21903, 2804, header - 100] {
        let out = Child::new("version")
            .nccl(fake("libfake_nccl.so"))
            .env("FAKE_NCCL_VERSION", older.to_string())
            .run();
        assert!(out.contains("code: ncclSystemError"), "{older}: {out}");
        assert!(out.contains(&format!("NCCL {}", text(older))), "{older}: {out}");
        assert!(out.contains(&format!("NCCL {}", text(header))), "{older}: {out}");
    }
    // A newer one is taken.
    let out = Child::new("version")
        .nccl(fake("libfake_nccl.so"))
        .env("FAKE_NCCL_VERSION", (header + 100).to_string())
        .run();
    assert!(out.contains(&format!("version: {}", header + 100)), "{out}");
}
