//! Issue 10's faults, each against a fake driver from fakes/driver.c and each in its own
//! process. Every test names the item it proves; each failed on the loader before the fix.
//!
//! SAFETY of every `unsafe` block here: the calls reach a fake from fakes/driver.c (or no
//! library at all) with valid out-pointers and null handles, which the fakes never read.
#![cfg(all(target_os = "linux", not(cuda_sys_link)))]

use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::time::Duration;

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;
use fault_tests::{fake, Child, Libraries, TempDir};

const SCENARIOS: &[(&str, fn())] = &[
    ("init", init),
    ("init_fails", init_fails),
    ("init_report", init_report),
    #[cfg(cuda_ge = "12.9")]
    ("probe_then_driver_not_found", probe_then_driver_not_found),
    ("no_error_string", no_error_string),
    #[cfg(cuda_ge = "12.9")]
    ("reason_on_another_thread", reason_on_another_thread),
    #[cfg(cuda_ge = "12.9")]
    ("newer_driver_lacks_a_symbol", newer_driver_lacks_a_symbol),
    ("not_a_driver", not_a_driver),
    ("reused_buffer", reused_buffer),
    ("stub", stub),
    ("non_utf8_path", non_utf8_path),
    ("fork_during_first_load", fork_during_first_load),
    ("ptds_probe_then_drivers_not_found", ptds_probe_then_drivers_not_found),
    ("null_error_text", null_error_text),
];

#[test]
#[ignore = "a scenario body: the other tests of this file run it in a child process"]
fn scenario() {
    fault_tests::dispatch(SCENARIOS);
}

/// `cuInit(0)` must succeed.
fn init() {
    // SAFETY: see the note at the top of this file.
    unsafe { check_driver!(cuInit(0)) }.unwrap();
    println!("loaded from {}", Path::new(loader::library_path().unwrap()).display());
}

/// `cuInit(0)`, whatever it returns: where the driver was loaded from, or the error.
fn init_report() {
    // SAFETY: see the note at the top of this file.
    match unsafe { check_driver!(cuInit(0)) } {
        Ok(()) => {}
        Err(e) => println!("code: {:?}\nmessage: {}", e.code(), e.message()),
    }
    if let Ok(path) = loader::library_path() {
        println!("loaded from {}", path.display());
    }
}

/// `cuInit(0)` must fail; prints the error.
fn init_fails() {
    // SAFETY: see the note at the top of this file.
    let e = unsafe { check_driver!(cuInit(0)) }.unwrap_err();
    println!("code: {:?}\nmessage: {}", e.code(), e.message());
}

/// Issue 10, item 2: a relative `CUDA_SYS_LIBCUDA_PATH` is refused, not resolved against the
/// working directory (the old loader loaded it and ran its constructor).
#[test]
fn item2_a_relative_path_is_refused() {
    let dir = TempDir::new("relative");
    std::fs::create_dir(dir.path().join("drivers")).unwrap();
    std::fs::copy(fake("libfake_marker.so"), dir.path().join("drivers/libcuda.so.1")).unwrap();
    let marker = dir.path().join("marker");

    let out = Child::new("init_fails")
        .driver("drivers/libcuda.so.1")
        .current_dir(dir.path())
        .env("FAKE_MARKER", &marker)
        .run();
    assert!(!marker.exists(), "the relative path was loaded:\n{out}");
    assert!(out.contains("code: CUDA_ERROR_STUB_LIBRARY"), "{out}");
    assert!(out.contains("CUDA_SYS_LIBCUDA_PATH is the relative path `drivers/libcuda.so.1`"), "{out}");
    assert!(out.contains("absolute path"), "{out}");

    // The control: the same file by its absolute path loads, and its constructor writes the marker.
    let out =
        Child::new("init").driver(dir.path().join("drivers/libcuda.so.1")).env("FAKE_MARKER", &marker).run();
    assert!(marker.exists(), "the fake's constructor did not run:\n{out}");
}

/// The application probes an optional newer entry point and handles the loader's NOT_FOUND
/// itself; later the driver returns its own NOT_FOUND.
#[cfg(cuda_ge = "12.9")]
fn probe_then_driver_not_found() {
    // SAFETY: see the note at the top of this file.
    unsafe {
        check_driver!(cuInit(0)).unwrap();
        let mut context: CUcontext = std::ptr::null_mut();
        let probe = cuCtxCreate_v4(&mut context, std::ptr::null_mut(), 0, 0);
        assert_eq!(probe, CUDA_ERROR_NOT_FOUND, "the fake lacks cuCtxCreate_v4");

        let mut kernel: CUfunction = std::ptr::null_mut();
        let module: CUmodule = std::ptr::null_mut();
        let e =
            check_driver!(cuModuleGetFunction(&mut kernel, module, c"no_such_kernel".as_ptr())).unwrap_err();
        assert_eq!(e.code(), CUDA_ERROR_NOT_FOUND);
        assert_eq!(e.message(), "named symbol not found", "{e}");

        // The probe itself, checked, gets the loader's reason, and "older" is true here.
        let e = check_driver!(cuCtxCreate_v4(&mut context, std::ptr::null_mut(), 0, 0)).unwrap_err();
        println!("{e}");
        assert!(e.message().contains("has no function `cuCtxCreate_v4`"), "{e}");
        let driver = cuda_version(fault_tests::header_version() - 1000);
        assert!(e.message().contains(&format!("supports CUDA {driver}")), "{e}");
        assert!(e.message().contains("older than the cuda.h"), "{e}");
        assert!(e.message().contains("Update the NVIDIA driver"), "{e}");

        // With CUDA 13's header, the C name cuCtxCreate is cuCtxCreate_v4: said so.
        #[cfg(cuda_major = "13")]
        {
            let e = check_driver!(cuCtxCreate(&mut context, std::ptr::null_mut(), 0, 0)).unwrap_err();
            assert!(e.message().contains("`cuCtxCreate_v4` (the function `cuCtxCreate` stands for"), "{e}");
        }
        // The driver's NOT_FOUND again, after all that: still the driver's text.
        let e =
            check_driver!(cuModuleGetFunction(&mut kernel, module, c"no_such_kernel".as_ptr())).unwrap_err();
        assert_eq!(e.message(), "named symbol not found", "{e}");
    }
}

#[cfg(cuda_ge = "12.9")]
fn cuda_version(v: i64) -> String {
    format!("{}.{}", v / 1000, v % 1000 / 10)
}

/// Issue 10, item 3: a loader NOT_FOUND the application handled itself does not relabel a
/// later NOT_FOUND the driver returned (`cuModuleGetFunction` with a wrong kernel name).
#[cfg(cuda_ge = "12.9")]
#[test]
fn item3_a_handled_loader_not_found_does_not_relabel_the_drivers_not_found() {
    Child::new("probe_then_driver_not_found").driver(fake("libfake_old.so")).run();
}

fn no_error_string() {
    // SAFETY: see the note at the top of this file.
    unsafe {
        check_driver!(cuInit(0)).unwrap();
        let mut kernel: CUfunction = std::ptr::null_mut();
        // The driver's own NOT_FOUND, twice: formatting the first finds cuGetErrorString missing.
        let errors: Vec<DriverError> = (0..2)
            .map(|_| {
                check_driver!(cuModuleGetFunction(&mut kernel, std::ptr::null_mut(), c"k".as_ptr()))
                    .unwrap_err()
            })
            .collect();
        for e in &errors {
            println!("{e}");
            assert_eq!(e.name(), "CUDA_ERROR_NOT_FOUND");
            assert!(!e.message().contains("no function"), "a stale reason: {e}");
        }
        for e in &errors {
            assert!(e.message().contains("the driver has no cuGetErrorString"), "{e}");
        }
        // And when it is the call: the reason is its own.
        let mut text = std::ptr::null();
        let e = check_driver!(cuGetErrorString(CUDA_ERROR_NOT_FOUND, &mut text)).unwrap_err();
        assert!(e.message().contains("has no function `cuGetErrorString`"), "{e}");
    }
}

/// Issue 10, item 3: a driver without `cuGetErrorString` leaves no stale reason behind: the
/// next NOT_FOUND the driver returns is not blamed on the missing `cuGetErrorString`.
#[test]
fn item3_a_driver_without_an_error_string_function_leaves_no_stale_reason() {
    Child::new("no_error_string").driver(fake("libfake_no_error_string.so")).run();
}

#[cfg(cuda_ge = "12.9")]
fn reason_on_another_thread() {
    // SAFETY: see the note at the top of this file.
    let (error, code) = std::thread::spawn(|| unsafe {
        let mut context: CUcontext = std::ptr::null_mut();
        let error = check_driver!(cuCtxCreate_v4(&mut context, std::ptr::null_mut(), 0, 0)).unwrap_err();
        (error, cuCtxCreate_v4(&mut context, std::ptr::null_mut(), 0, 0))
    })
    .join()
    .unwrap();
    // The error, made on the calling thread, keeps its reason wherever it goes.
    println!("{error}");
    assert!(error.message().contains("has no function `cuCtxCreate_v4`"), "{error}");
    // A bare code carries no symbol: checked on a thread that made no such call, it is not
    // blamed on a symbol (the record is the calling thread's, as errno is).
    assert_eq!(code, CUDA_ERROR_NOT_FOUND);
    let e = DriverError::new(code, "code", file!(), line!(), column!());
    assert!(!e.message().contains("has no function"), "{e}");
}

/// Issue 10, item 3, and issue 16: an error made where the call failed keeps its reason on
/// any thread; the reason is the failing call's own record, not a guess from the call's text.
#[cfg(cuda_ge = "12.9")]
#[test]
fn item3_an_error_sent_to_another_thread_keeps_its_reason() {
    Child::new("reason_on_another_thread").driver(fake("libfake_old.so")).run();
}

#[cfg(cuda_ge = "12.9")]
fn newer_driver_lacks_a_symbol() {
    // SAFETY: see the note at the top of this file.
    let e = unsafe {
        check_driver!(cuInit(0)).unwrap();
        let mut context: CUcontext = std::ptr::null_mut();
        check_driver!(cuCtxCreate_v4(&mut context, std::ptr::null_mut(), 0, 0)).unwrap_err()
    };
    println!("{e}");
    let driver = cuda_version(fault_tests::header_version() + 1000);
    let header = cuda_version(fault_tests::header_version());
    assert!(e.message().contains("has no function `cuCtxCreate_v4`"), "{e}");
    assert!(e.message().contains(&format!("supports CUDA {driver}")), "{e}");
    assert!(
        e.message().contains(&format!("newer than the cuda.h these bindings come from (CUDA {header}")),
        "{e}"
    );
    assert!(!e.message().contains("older"), "{e}");
    assert!(!e.message().contains("Update the NVIDIA driver"), "{e}");
}

/// Issue 10, item 3: a driver newer than the bindings' header that lacks a symbol is not
/// called older; the text says what is true.
#[cfg(cuda_ge = "12.9")]
#[test]
fn item3_a_newer_driver_is_not_called_older() {
    Child::new("newer_driver_lacks_a_symbol").driver(fake("libfake_newer.so")).run();
}

fn not_a_driver() {
    // SAFETY: see the note at the top of this file.
    let e = unsafe { check_driver!(cuInit(0)) }.unwrap_err();
    println!("{e}");
    assert_eq!(e.code(), CUDA_ERROR_NOT_FOUND);
    assert!(e.message().contains("is not a CUDA driver"), "{e}");
    assert!(e.message().contains("neither `cuInit` nor `cuDriverGetVersion`"), "{e}");
    assert!(e.message().contains("CUDA_SYS_LIBCUDA_PATH"), "{e}");
    assert!(!e.message().contains("Update the NVIDIA driver"), "{e}");
}

/// Issue 10, item 3: a library that is no CUDA driver at all (libc) is called that, not an
/// old driver to update.
#[test]
fn item3_a_library_that_is_no_driver_is_called_that() {
    Child::new("not_a_driver").driver(libc_path()).run();
}

/// The absolute path of the libc this process runs with, from its memory map.
fn libc_path() -> String {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    let path = maps.lines().filter_map(|l| l.split_whitespace().nth(5)).find(|p| p.contains("/libc.so"));
    path.expect("libc in /proc/self/maps").to_string()
}

fn reused_buffer() {
    // SAFETY: see the note at the top of this file.
    unsafe {
        check_driver!(cuInit(0)).unwrap();
        let mut pointer: CUdeviceptr = 0;
        let first = check_driver!(cuMemAlloc(&mut pointer, 8)).unwrap_err();
        let before = first.message().to_owned();
        assert!(before.starts_with("message number "), "{first}");
        let second = check_driver!(cuMemAlloc(&mut pointer, 8)).unwrap_err();
        assert_ne!(second.message(), before, "the fake reuses its buffer for a new text");
        assert_eq!(first.message(), before, "an existing error's text changed");
        assert_eq!(first.name(), "CUDA_ERROR_INVALID_CONTEXT");
    }
}

/// Issue 10, item 4: an error keeps the text it was made with when the driver reuses the
/// buffer it returned it in (the old error kept the driver's pointer).
#[test]
fn item4_an_error_keeps_its_text_when_the_driver_reuses_its_buffer() {
    Child::new("reused_buffer").driver(fake("libfake_reused_buffer.so")).run();
}

/// The stub is what loaded: the error keeps the code's text and says which file and what to do.
fn stub() {
    // SAFETY: see the note at the top of this file.
    let e = unsafe { check_driver!(cuInit(0)) }.unwrap_err();
    println!("{e}");
    assert_eq!(e.code(), CUDA_ERROR_STUB_LIBRARY);
    assert_eq!(e.name(), "CUDA_ERROR_STUB_LIBRARY");
    let expected = std::env::var("EXPECTED").unwrap();
    assert!(
        e.message().contains(&format!("the library loaded as the CUDA driver, {expected}, is a stub")),
        "{e}"
    );
    let fix = std::env::var("EXPECTED_FIX").unwrap();
    assert!(e.message().contains(&fix), "{e}");
}

/// Issue 10, item 5: the unversioned `libcuda.so` (the name of the toolkit's stub) is never
/// loaded: only `libcuda.so.1` and WSL's copy are tried.
#[test]
fn item5_the_unversioned_libcuda_so_is_never_loaded() {
    let dir = TempDir::new("unversioned");
    std::fs::copy(fake("libfake_stub.so"), dir.path().join("libcuda.so")).unwrap();
    let out = Child::new("init_report").env("LD_LIBRARY_PATH", dir.path()).run();
    assert!(!out.contains("is a stub"), "{out}");
    assert!(!out.contains(&format!("loaded from {}", dir.path().display())), "{out}");
    // On a machine with a driver, the system's libcuda.so.1 is what loads; without one:
    if out.contains("code: CUDA_ERROR_STUB_LIBRARY") {
        assert!(
            out.contains(
                "could not be loaded: libcuda.so.1, /usr/lib/wsl/lib/libcuda.so.1: cannot open shared object file"
            ),
            "{out}"
        );
    } else {
        assert!(out.contains("loaded from /"), "{out}");
    }
}

/// Issue 10, item 5: when a stub is what loaded (found as `libcuda.so.1`), the error says it
/// is a stub, where it was found, and what to do.
#[test]
fn item5_a_stub_that_loaded_is_named_with_its_path() {
    let dir = TempDir::new("stub");
    std::fs::create_dir(dir.path().join("stubs")).unwrap();
    let stub = dir.path().join("stubs/libcuda.so");
    std::fs::copy(fake("libfake_stub.so"), &stub).unwrap();
    std::os::unix::fs::symlink(&stub, dir.path().join("libcuda.so.1")).unwrap();
    // Found by the dynamic loader's search.
    let found = format!("{}/libcuda.so.1 (a link to {})", dir.path().display(), stub.display());
    Child::new("stub")
        .env("LD_LIBRARY_PATH", dir.path())
        .env("EXPECTED", &found)
        .env("EXPECTED_FIX", "take the stubs folder out of LD_LIBRARY_PATH")
        .run();
    // Named by the variable.
    Child::new("stub")
        .driver(&stub)
        .env("EXPECTED", stub.display().to_string())
        .env("EXPECTED_FIX", "Set CUDA_SYS_LIBCUDA_PATH to the absolute path of the driver's libcuda.so.1")
        .run();
}

fn non_utf8_path() {
    // SAFETY: see the note at the top of this file.
    unsafe { check_driver!(cuInit(0)) }.unwrap();
    let asked = std::env::var_os(loader::LIBCUDA_PATH_VAR).unwrap();
    let loaded = Path::new(loader::library_path().unwrap());
    assert_eq!(loaded.as_os_str(), asked);
}

/// Issue 10, item 6: a `CUDA_SYS_LIBCUDA_PATH` that is not UTF-8 is loaded from its bytes.
#[test]
fn item6_a_non_utf8_path_is_loaded_from_its_bytes() {
    let dir = TempDir::new("non-utf8");
    let folder = dir.path().join(std::ffi::OsStr::from_bytes(b"caf\xe9"));
    std::fs::create_dir(&folder).unwrap();
    let driver = folder.join("libcuda.so.1");
    std::fs::copy(fake("libfake_old.so"), &driver).unwrap();
    assert!(driver.to_str().is_none());
    Child::new("non_utf8_path").driver(&driver).run();
}

/// Thread A starts the first load, whose constructor sleeps; the main thread forks meanwhile;
/// the child's first call must return.
fn fork_during_first_load() {
    let entered = std::path::PathBuf::from(std::env::var_os("FAKE_CTOR_ENTERED").unwrap());
    // SAFETY: see the note at the top of this file.
    let loader = std::thread::spawn(|| unsafe { cuInit(0) });
    assert!(
        fault_tests::wait_for_file(&entered, Duration::from_secs(30)),
        "the fake's constructor never ran"
    );
    // SAFETY: the child calls only the loader and then _exit.
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0, "fork failed");
    if pid == 0 {
        // SAFETY: see the note at the top of this file.
        let code = unsafe { cuInit(0) };
        // SAFETY: leaves at once, without running this process's exit handlers in the copy.
        unsafe { libc::_exit(if code == CUDA_SUCCESS { 0 } else { 3 }) };
    }
    let start = std::time::Instant::now();
    let mut status = 0;
    loop {
        // SAFETY: waits for our own child, without blocking.
        let done = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        assert!(done >= 0, "waitpid failed");
        if done == pid {
            break;
        }
        if start.elapsed() > Duration::from_secs(10) {
            // SAFETY: our own child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            // SAFETY: reaps our own, now killed, child.
            unsafe { libc::waitpid(pid, &mut status, 0) };
            panic!("the forked child's cuInit hung for 10 s: it waits for a load that no thread of it runs");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "the child's cuInit failed: {status}");
    assert_eq!(loader.join().unwrap(), CUDA_SUCCESS);
}

/// Issue 10, item 7: `fork()` while another thread is inside the first load does not leave
/// the child waiting forever (the old loader's `OnceLock` did).
#[test]
fn item7_fork_during_the_first_load_does_not_hang_the_child() {
    let dir = TempDir::new("fork");
    Child::new("fork_during_first_load")
        .driver(fake("libfake_sleepy.so"))
        .env("FAKE_CTOR_ENTERED", dir.path().join("entered"))
        .env("FAKE_CTOR_SLEEP_MS", "2000")
        .run();
}

fn ptds_probe_then_drivers_not_found() {
    use std::ptr::null_mut;
    // SAFETY: see the note at the top of this file.
    unsafe {
        check_driver!(cuInit(0)).unwrap();
        // The application probes the per-thread entry point and handles the loader's answer.
        let probe = ptds::cuLaunchKernel(null_mut(), 1, 1, 1, 1, 1, 1, 0, null_mut(), null_mut(), null_mut());
        assert_eq!(probe, CUDA_ERROR_NOT_FOUND, "the fake lacks cuLaunchKernel_ptsz");
        // The default cuLaunchKernel exists; its NOT_FOUND (a null function) is the driver's own.
        let e = check_driver!(cuLaunchKernel(
            null_mut(),
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            null_mut(),
            null_mut(),
            null_mut()
        ))
        .unwrap_err();
        println!("{e}");
        assert_eq!(e.message(), "named symbol not found", "{e}");
        // The probe, checked, keeps its own reason: the per-thread symbol.
        let e = check_driver!(ptds::cuLaunchKernel(
            null_mut(),
            1,
            1,
            1,
            1,
            1,
            1,
            0,
            null_mut(),
            null_mut(),
            null_mut()
        ))
        .unwrap_err();
        println!("{e}");
        assert!(
            e.message().contains("`cuLaunchKernel_ptsz` (the function `cuLaunchKernel` stands for"),
            "{e}"
        );
    }
}

/// Issue 24, item 1: a per-thread symbol's missing reason stays with that symbol; the default
/// call's NOT_FOUND, which the driver returned, reads as the driver's.
#[test]
fn item24_1_a_per_thread_symbols_reason_stays_with_it() {
    Child::new("ptds_probe_then_drivers_not_found").driver(fake("libfake_old.so")).run();
}

/// Issue 24, item 4: a FIFO named by the variable is refused without being opened (dlopen
/// would wait on it forever), with the reason.
#[test]
fn item24_4_a_fifo_is_not_opened() {
    let dir = TempDir::new("fifo");
    let fifo = dir.path().join("libcuda.so.1");
    let path = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0, "mkfifo");
    let out = Child::new("init_fails").driver(&fifo).timeout(Duration::from_secs(20)).run();
    assert!(out.contains("code: CUDA_ERROR_STUB_LIBRARY"), "{out}");
    assert!(
        out.contains(&format!(
            "{}: a FIFO (named pipe), not a regular file, so it was not opened",
            fifo.display()
        )),
        "{out}"
    );
    assert!(out.contains("Check CUDA_SYS_LIBCUDA_PATH"), "{out}");
}

fn null_error_text() {
    // SAFETY: see the note at the top of this file.
    let e = unsafe {
        check_driver!(cuInit(0)).unwrap();
        let mut pointer: CUdeviceptr = 0;
        check_driver!(cuMemAlloc(&mut pointer, 8)).unwrap_err()
    };
    println!("{e}");
    assert_eq!(e.name(), "CUDA_ERROR_INVALID_CONTEXT");
    assert!(e.message().contains("the driver gave no text for"), "{e}");
    assert!(!e.message().contains("does not know this code"), "{e}");
}

/// Issue 24, "Also": a driver that answers CUDA_SUCCESS with null name and text for a code the
/// header knows is said to have given no text, not to not know the code.
#[test]
fn item24_also_a_null_text_is_called_that() {
    Child::new("null_error_text").driver(fake("libfake_null_error_text.so")).run();
}

/// Builds the fakes here and says where: `.ci/test-bundle` puts them beside the test binaries.
#[test]
#[ignore = "for .ci/test-bundle: builds the fake drivers and prints their folder"]
fn build_the_fakes() {
    println!("fakes: {}", fault_tests::build_fakes().unwrap_or_else(|e| panic!("{e}")).display());
}
