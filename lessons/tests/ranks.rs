//! The one-process-per-GPU lesson's hand-over of the `ncclUniqueId`, on any machine: this test
//! plays one rank over loopback TCP, the lesson (started as a single rank, `--rank R --nranks 2
//! --root ADDR`) the other. The id comes before any GPU is chosen, as in NVIDIA's example, so
//! the lesson gets through the exchange here and stops at `cudaSetDevice`, whose runtime is
//! pointed at nothing (on a GPU machine, too: a lone rank must not wait for a real peer).

mod common;

use lessons::ranks::{loopback_root, Rank};

const LESSON: &str = "nccl_rank_per_gpu";

/// The tests one at a time: each picks a free loopback port and lets it go for a rank to bind,
/// and two picks side by side can be the same port (one rank then talks to the other test's).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// This test's rank's result, or a panic that shows what the lesson's rank printed too.
fn or_show_lesson<T, E: std::fmt::Display>(
    result: Result<T, E>,
    child: std::process::Child,
) -> (T, std::process::Child) {
    match result {
        Ok(value) => (value, child),
        Err(e) => {
            let mut child = child;
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "{e}\n--- the lesson's rank:\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

fn no_runtime() -> String {
    format!("/nonexistent/{}", cudart_sys::loader::LIBRARY)
}

/// The lesson as rank `rank` of 2 at `root`, its runtime nowhere.
fn lesson_rank(rank: i32, root: std::net::SocketAddr) -> std::process::Command {
    let mut command = common::lesson(LESSON);
    command
        .args(Rank { rank, nranks: 2, root }.args())
        .env(cudart_sys::loader::LIBCUDART_PATH_VAR, no_runtime())
        .env("RUST_BACKTRACE", "1");
    command
}

fn stopped_at_set_device(stdout: &str, stderr: &str, status: std::process::ExitStatus) {
    assert_eq!(status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.starts_with("Error: "), "{stderr}");
    assert!(stderr.contains(" cudaSetDevice(device) failed. \n"), "{stderr}");
    assert!(stderr.contains(&no_runtime()), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The lesson as rank 1 receives rank 0's bytes (this test's) and goes on to its GPU.
#[test]
fn rank_1_receives_the_id_from_rank_0() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let root = loopback_root().unwrap();
    let child = lesson_rank(1, root)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let id: [u8; 128] = std::array::from_fn(|i| i as u8 ^ 0x5a);
    let (shared, child) = or_show_lesson(Rank { rank: 0, nranks: 2, root }.share(&id), child);
    assert_eq!(shared, id);
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains(&format!("rank 1: ncclUniqueId received from rank 0 at {root}")), "{stdout}");
    stopped_at_set_device(&stdout, &stderr, out.status);
}

/// The lesson as rank 0 makes an id with NVIDIA's libnccl (no GPU needed) and hands it to rank
/// 1 (this test). Where no libnccl can be loaded there is nothing to check: it says so.
#[test]
fn rank_0_makes_the_id_and_sends_it() {
    let nccl = match nccl_sys::loader::library_path() {
        Ok(path) => path.to_path_buf(),
        Err(e) => {
            println!("skipped: no NCCL to make an id with ({e})");
            return;
        }
    };
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let root = loopback_root().unwrap();
    let child = lesson_rank(0, root)
        .env(nccl_sys::loader::LIBNCCL_PATH_VAR, &nccl)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (id, child) = or_show_lesson(Rank { rank: 1, nranks: 2, root }.share(&[0u8; 128]), child);
    assert!(id.iter().any(|&b| b != 0), "an all-zero ncclUniqueId");
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains(&format!("rank 0: ncclUniqueId made and sent to 1 other ranks over {root}")),
        "{stdout}"
    );
    stopped_at_set_device(&stdout, &stderr, out.status);
    println!("rank 0 (the lesson, {}) sent a {}-byte id", nccl.display(), id.len());
}
