//! nvtx_memory_alloc under an NVTX tool of our own (nvtx-sys's tests/recorder.c, which writes
//! every call it gets to a file): without a driver here (its ranges up to the failing cuInit),
//! and on a GPU (`--features gpu-tests`: every step's range, nested in order, and the lines
//! memory_alloc prints). The recorder is built where the test runs, with the system's C
//! compiler (`$CC`, else `cc`).
#![cfg(target_os = "linux")]

mod common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const RECORDER: &str = include_str!("../../nvtx-sys/tests/recorder.c");

/// Runs nvtx_memory_alloc with the recorder attached; its status, stdout and stderr, and the
/// record's lines after the recorder's own two (init, modules).
fn under_the_recorder(
    configure: impl FnOnce(&mut std::process::Command),
) -> (std::process::Output, String, Vec<String>) {
    let recorder = cuda_loader::child::fake_library("libnvtx_recorder.so", RECORDER);
    // One file per run: the tests run side by side in one process.
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let record: PathBuf = std::env::temp_dir().join(format!("nvtx-lesson-{}-{run}", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let mut command = common::lesson("nvtx_memory_alloc");
    command.env(nvtx_sys::loader::NVTX_INJECTION_PATH_VAR, &recorder).env("NVTX_RECORDER_OUT", &record);
    configure(&mut command);
    let (output, stdout, stderr) = common::run(command);
    let lines = read(&record);
    let _ = std::fs::remove_file(&record);
    (output, format!("{stdout}{stderr}"), lines)
}

fn read(record: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(record).unwrap_or_default();
    let lines: Vec<String> = text.lines().map(String::from).collect();
    assert!(lines.len() >= 2 && lines[0].starts_with("init ") && lines[1].starts_with("modules "), "{text}");
    lines[2..].to_vec()
}

#[test]
fn without_a_driver_the_tool_sees_the_ranges_up_to_cuinit() {
    let (output, out, record) = under_the_recorder(|command| {
        command.env(cuda_sys::loader::LIBCUDA_PATH_VAR, "/nonexistent/libcuda.so.1");
    });
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains("cuInit(0) failed. "), "{out}");
    assert!(!out.contains("NVTX"), "{out}");
    assert_eq!(record, ["push memory_alloc depth=0", "push 1. cuInit depth=1"], "{out}");
}

#[cfg(feature = "gpu-tests")]
#[test]
fn on_a_gpu_the_tool_sees_every_step_in_order() {
    let (output, out, record) = under_the_recorder(|_| {});
    println!("--- nvtx_memory_alloc\n{out}\n--- the recorder's record\n{}", record.join("\n"));
    assert!(output.status.success(), "{out}");
    assert!(out.contains("host_page_locked_memory[0] = 555.000000"), "{out}");
    let expected = [
        "push memory_alloc depth=0",
        "push 1. cuInit depth=1",
        "pop depth=1",
        "push 2. cuCtxCreate depth=1",
        "name context lesson context",
        "pop depth=1",
        "push 3. cuMemAlloc depth=1",
        "pop depth=1",
        "push 4. cuMemAllocHost depth=1",
        "pop depth=1",
        "mark 5. the CPU wrote 123",
        "push 6. cuMemsetD32 depth=1",
        "pop depth=1",
        "push 7. free depth=1",
        "pop depth=1",
        "pop depth=0",
    ];
    assert_eq!(record, expected);
}
