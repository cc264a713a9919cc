//! Running a test's scenario in a fresh copy of its test binary: the loader's state is per
//! process and decided by the first call, so each scenario that sets a scene (a variable, a
//! working directory, a fake library) runs in its own process. For the -sys crates' loader tests
//! ([`loader_tests!`](crate::loader_tests)), the workspace's fault tests, and any test of code
//! that loads a CUDA library.
//!
//! A test binary has one ignored test that runs the scenario named by [`SCENARIO`]
//! ([`dispatch`]); the other tests start it with [`Child`] and read what it printed.

use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The variable naming the scenario a child runs.
pub const SCENARIO: &str = "CUDA_LOADER_SCENARIO";

/// Runs the scenario named by [`SCENARIO`] from `scenarios`; for the scenario test of each
/// binary, which only makes sense in a child started by [`Child`].
pub fn dispatch(scenarios: &[(&str, fn())]) {
    let name = std::env::var(SCENARIO).unwrap_or_else(|_| {
        panic!("this test is a scenario body: the other tests of its file run it in a child process with {SCENARIO} set")
    });
    let (_, body) =
        scenarios.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no scenario {name}"));
    body();
    println!("scenario {name} done");
}

/// The variable naming each described library's path: every library of
/// [`every`](crate::every), and each one's siblings.
pub fn library_variables() -> Vec<&'static str> {
    let mut variables = Vec::new();
    for library in crate::every() {
        for library in std::iter::once(library).chain(library.siblings.iter().copied()) {
            if !variables.contains(&library.variable) {
                variables.push(library.variable);
            }
        }
    }
    variables
}

/// A child process running one scenario of the current test binary.
pub struct Child {
    command: Command,
    name: String,
    timeout: Duration,
}

impl Child {
    /// Scenario `name`, run by the test `scenario` of a copy of this test binary.
    pub fn new(name: &str) -> Self {
        Self::of(&std::env::current_exe().expect("the test binary's path"), "scenario", name)
    }

    /// Scenario `name`, run by the test `test` (its path, `loader::tests::scenario`) of
    /// `binary`, with this process's environment less every library's variable and what else
    /// chooses a library (`LD_LIBRARY_PATH`, Python environments): each scenario sets its own.
    pub fn of(binary: &Path, test: &str, name: &str) -> Self {
        let mut command = Command::new(binary);
        command
            .args([test, "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
            .env(SCENARIO, name)
            .stdin(Stdio::null());
        for variable in library_variables() {
            command.env_remove(variable);
        }
        for chooser in ["LD_LIBRARY_PATH", "VIRTUAL_ENV", "CONDA_PREFIX"] {
            command.env_remove(chooser);
        }
        Child { command, name: name.into(), timeout: Duration::from_secs(120) }
    }

    pub fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> Self {
        self.command.env(key, value);
        self
    }

    pub fn current_dir(mut self, dir: &Path) -> Self {
        self.command.current_dir(dir);
        self
    }

    /// Gives up on it (a failure) after `limit` instead of two minutes.
    pub fn timeout(mut self, limit: Duration) -> Self {
        self.timeout = limit;
        self
    }

    /// Runs it to the end (killed after the time limit: a hang is a failure, not a wait); its
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
        let stdout = drain(Box::new(child.stdout.take().expect("piped")));
        let stderr = drain(Box::new(child.stderr.take().expect("piped")));
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("the child's status") {
                break Some(status);
            }
            if start.elapsed() > self.timeout {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let all = format!("{}{}", stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
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

/// A shared library named `file` built from the C `source` with the system's C compiler (`$CC`,
/// else `cc`), in a folder of the temporary directory of its own (named for the source and the
/// process), for a scenario's fake library.
pub fn fake_library(file: &str, source: &str) -> std::path::PathBuf {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (file, source).hash(&mut hasher);
    let dir = std::env::temp_dir().join(format!(
        "cuda-loader-fake-{:016x}-{}",
        hasher.finish(),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let c = dir.join("fake.c");
    std::fs::write(&c, source).unwrap_or_else(|e| panic!("{}: {e}", c.display()));
    let library = dir.join(file);
    let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
    let status = Command::new(&cc)
        .args(["-shared", "-fPIC", "-o"])
        .arg(&library)
        .arg(&c)
        .status()
        .unwrap_or_else(|e| panic!("a C compiler ({}) for a fake {file}: {e}", cc.to_string_lossy()));
    assert!(status.success(), "the C compiler failed to build a fake {file}");
    library
}

/// Beside the fake library at `main`, a fake of each of its description's parts (the
/// sub-libraries it loads from its folder) of the same release: each answers its check with 0, and the one with the
/// library's version function answers it as `version_source` (the fake library's own C for it)
/// does. A library without parts gets none.
pub fn fake_parts(library: &crate::Library, major: u32, main: &std::path::Path, version_source: &str) {
    let dir = main.parent().expect("a fake library's folder");
    for part in library.parts {
        let mut source = format!("int {}(void) {{ return 0; }}\n", part.check);
        if part.has_version_function {
            source.push_str(version_source);
        }
        let c = dir.join(format!("{}.c", part.check));
        std::fs::write(&c, &source).unwrap_or_else(|e| panic!("{}: {e}", c.display()));
        let file = part.file(major, cfg!(windows));
        let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
        let status = Command::new(&cc)
            .args(["-shared", "-fPIC", "-o"])
            .arg(dir.join(&file))
            .arg(&c)
            .status()
            .unwrap_or_else(|e| panic!("a C compiler ({}) for a fake {file}: {e}", cc.to_string_lossy()));
        assert!(status.success(), "the C compiler failed to build a fake {file}");
    }
}
