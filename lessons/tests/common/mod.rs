//! Finding and running the lesson binaries from a test.
// Each test file uses part of this module.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// Every lesson: the files of `examples/`, as the build script listed them.
pub fn lessons() -> Vec<&'static str> {
    env!("LESSONS").split(',').collect()
}

/// A lesson's binary: beside this test's folder, as Cargo (`target/<profile>/examples/NAME`)
/// or the GPU bundle (`.gpu/examples/lessons--NAME--NAME`) leaves it.
pub fn lesson(name: &str) -> Command {
    let exe = std::env::current_exe().unwrap();
    let dir: PathBuf = exe.parent().unwrap().parent().unwrap().join("examples");
    let path = [dir.join(name), dir.join(format!("lessons--{name}--{name}"))]
        .into_iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("no {name} binary in {}: build the examples first (cargo build --examples)", dir.display())
        });
    Command::new(path)
}

pub fn run(mut command: Command) -> (Output, String, String) {
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output, stdout, stderr)
}
