//! What the fault tests share: where the fake drivers are, and running a scenario in a child
//! process.
//!
//! The loader's state is per process and decided by the first call, so each scenario runs in
//! a fresh copy of its test binary (`std::env::current_exe()`), with the environment the
//! scenario needs. Each test file has one ignored test, `scenario`, that runs the scenario
//! named by [`SCENARIO`]; the file's other tests start it with [`Child`] and read what it did.
#![cfg(target_os = "linux")]

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The variable naming the scenario a child runs.
pub const SCENARIO: &str = "FAULT_TESTS_SCENARIO";

/// A fake driver built from `fakes/driver.c` (see build.rs): `libfake_old.so`, ...
pub fn fake(name: &str) -> PathBuf {
    let path = Path::new(env!("FAULT_TESTS_FAKES")).join(name);
    assert!(path.is_file(), "no fake driver {}", path.display());
    path
}

/// The `CUDA_VERSION` of the header the bindings come from.
pub fn header_version() -> i64 {
    env!("FAULT_TESTS_HEADER_VERSION").parse().unwrap()
}

/// Runs the scenario named by [`SCENARIO`] from `scenarios`; for the `scenario` test of each
/// file, which only makes sense in a child started by [`Child`].
pub fn dispatch(scenarios: &[(&str, fn())]) {
    let name = std::env::var(SCENARIO).unwrap_or_else(|_| {
        panic!("this test is a scenario body: the other tests of its file run it in a child process with {SCENARIO} set")
    });
    let (_, body) =
        scenarios.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no scenario {name}"));
    body();
    println!("scenario {name} done");
}

/// A child process running one scenario of the current test binary.
pub struct Child {
    command: Command,
    name: String,
    timeout: Duration,
}

impl Child {
    /// Scenario `name`, in a copy of this test binary, with this process's environment less the
    /// loader's variable.
    pub fn new(name: &str) -> Self {
        Self::of(&std::env::current_exe().unwrap(), name)
    }

    /// Scenario `name`, run by `binary` (a copy of this test binary).
    pub fn of(binary: &Path, name: &str) -> Self {
        let mut command = Command::new(binary);
        command
            .args(["scenario", "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
            .env(SCENARIO, name)
            .env_remove(cuda_sys::loader::LIBCUDA_PATH_VAR)
            .env_remove(cudart_sys::loader::LIBCUDART_PATH_VAR)
            .env_remove("VIRTUAL_ENV")
            .env_remove("CONDA_PREFIX")
            .env_remove("LD_LIBRARY_PATH")
            .stdin(Stdio::null());
        Child { command, name: name.into(), timeout: Duration::from_secs(120) }
    }

    /// Points the loader at `path`.
    pub fn driver(mut self, path: impl AsRef<OsStr>) -> Self {
        self.command.env(cuda_sys::loader::LIBCUDA_PATH_VAR, path);
        self
    }

    /// Points the runtime's loader at `path`.
    pub fn runtime(mut self, path: impl AsRef<OsStr>) -> Self {
        self.command.env(cudart_sys::loader::LIBCUDART_PATH_VAR, path);
        self
    }

    /// Gives up on it (a failure) after `limit` instead of two minutes.
    pub fn timeout(mut self, limit: Duration) -> Self {
        self.timeout = limit;
        self
    }

    pub fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Self {
        self.command.env(key, value);
        self
    }

    pub fn current_dir(mut self, dir: &Path) -> Self {
        self.command.current_dir(dir);
        self
    }

    /// Runs it to the end (killed after two minutes: a hang is a failure, not a wait); its
    /// status, and its stdout and stderr as one text.
    pub fn output(mut self) -> (ExitStatus, String) {
        let mut child = self
            .command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{:?}: {e}", self.command));
        // Drained while it runs: a child blocked on a full pipe would look hung.
        let drain = |mut pipe: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                String::from_utf8_lossy(&bytes).into_owned()
            })
        };
        let stdout = drain(Box::new(child.stdout.take().unwrap()));
        let stderr = drain(Box::new(child.stderr.take().unwrap()));
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if start.elapsed() > self.timeout {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let all = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
        match status {
            Some(status) => (status, all),
            None => panic!("scenario {} hung; killed after {:?}:\n{all}", self.name, self.timeout),
        }
    }

    /// Runs it and requires that it passed; its output.
    pub fn run(self) -> String {
        let name = self.name.clone();
        let (status, all) = self.output();
        assert!(status.success(), "scenario {name} failed ({status}):\n{all}");
        assert!(all.contains(&format!("scenario {name} done")), "scenario {name} did not run:\n{all}");
        all
    }
}

/// A fresh, empty folder under the system's temporary folder, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("fault-tests-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Waits up to `limit` for `path` to exist.
pub fn wait_for_file(path: &Path, limit: Duration) -> bool {
    let start = Instant::now();
    while !path.exists() {
        if start.elapsed() > limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    true
}
