//! `checkDriver!`, `checkRuntime!` and `checkCudaErrors!` print the C++'s bytes: each child test
//! below fails a call the way a C++ program (tests/course/check.cpp, the course's and
//! helper_cuda.h's check functions with their formats) fails it, against the same libraries: a
//! fake driver without a device (fault-tests/fakes/driver.c) and NVIDIA's libcudart where no
//! driver is; the C++ is given the call's text, file and line the Rust printed, and both outputs
//! must be the same bytes. Needs g++ and a CUDA toolkit's headers and libcudart: CUDA_PATH, as CI
//! sets it.
#![cfg(all(feature = "runtime", not(feature = "link"), target_os = "linux"))]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cuda_checked::{checkCudaErrors, checkDriver, checkRuntime};

/// The toolkit the C++ is compiled against, and whose libcudart both sides load.
fn toolkit() -> PathBuf {
    let root = std::env::var_os("CUDA_PATH").map(PathBuf::from).expect(
        "set CUDA_PATH to a CUDA toolkit root with include/cuda.h and lib/libcudart.so.* \
         (`cargo xtask headers DIR gpu` makes one) and build with it",
    );
    assert!(root.join("include/cuda.h").is_file(), "CUDA_PATH={} has no include/cuda.h", root.display());
    root
}

/// The file of `dir` whose name starts with `prefix` (`libcudart.so.13`).
fn library(dir: &Path, prefix: &str) -> PathBuf {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .find(|path| path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(prefix)))
        .unwrap_or_else(|| panic!("no {prefix}* in {}", dir.display()))
}

fn run(command: &mut Command) -> Output {
    let output = command.output().unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        output.status.success(),
        "{command:?}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// A folder of this test run's own.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cuda-checked-course-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The fake driver (`libcuda.so`, soname `libcuda.so.1`) and the two C++ programs: one linked
/// against it, one against the toolkit's libcudart.
fn build(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let root = toolkit();
    let lib = ["lib", "lib64"].iter().map(|l| root.join(l)).find(|d| d.is_dir()).expect("the toolkit's lib/");
    let cudart = library(&lib, "libcudart.so.");
    let fake = dir.join("libcuda.so");
    // The sources, compiled into this test so that it runs where it was not built.
    let source = dir.join("driver.c");
    std::fs::write(&source, include_str!("../../fault-tests/fakes/driver.c")).unwrap();
    run(Command::new("gcc")
        .args(["-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-o"])
        .arg(&fake)
        .arg(&source));
    std::fs::copy(&fake, dir.join("libcuda.so.1")).unwrap();
    let cpp = dir.join("check.cpp");
    std::fs::write(&cpp, include_str!("course/check.cpp")).unwrap();
    let compile = |out: &Path, driver: bool| {
        let mut g = Command::new("g++");
        g.args(["-std=c++17", "-O0", "-o"])
            .arg(out)
            .arg(&cpp)
            .arg(format!("-I{}", root.join("include").display()));
        if driver {
            g.arg("-DWITH_DRIVER").arg(&fake).arg(format!("-Wl,-rpath,{}", dir.display()));
        }
        g.arg(&cudart).arg(format!("-Wl,-rpath,{}", lib.display()));
        run(&mut g);
    };
    let (with_driver, runtime_only) = (dir.join("check-driver"), dir.join("check-runtime"));
    compile(&with_driver, true);
    compile(&runtime_only, false);
    (fake, with_driver, runtime_only)
}

/// Runs the ignored test `child` of this binary in a process of its own.
fn child(name: &str, fake_driver: Option<&Path>) -> Output {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args(["--ignored", "--exact", name, "--nocapture", "--test-threads=1"]);
    match fake_driver {
        Some(fake) => command.env(cuda_sys::loader::LIBCUDA_PATH_VAR, fake),
        None => command.env_remove(cuda_sys::loader::LIBCUDA_PATH_VAR),
    };
    command.output().unwrap()
}

/// The checks' own output in a child's standard output: from `prefix` and this file's name
/// (where the check line starts; the test harness writes before it) to the end of the
/// `returned` line.
fn check_output(stdout: &[u8], prefix: &str) -> String {
    let text = String::from_utf8_lossy(stdout);
    let start =
        text.find(&format!("{prefix}{}", file!())).unwrap_or_else(|| panic!("no check line in {text:?}"));
    let text = &text[start..];
    let end = text.find("returned ").and_then(|at| Some(at + text[at..].find('\n')? + 1));
    text[..end.unwrap_or_else(|| panic!("no `returned` line in {text:?}"))].to_string()
}

/// `FILE:LINE` and the call, as the check printed them between `prefix` and `middle`.
fn site<'a>(line: &'a str, middle: &str) -> (&'a str, &'a str, &'a str) {
    let (place, rest) = line.split_once(middle).unwrap_or_else(|| panic!("{middle:?} in {line:?}"));
    let (file, number) = place.rsplit_once(':').unwrap();
    (file, number, rest)
}

#[test]
#[ignore = "needs g++ and a CUDA toolkit (CUDA_PATH, built with it); CI runs it with --ignored"]
fn the_course_and_the_samples_checks_print_the_cpp_bytes() {
    let dir = scratch();
    let (fake, with_driver, runtime_only) = build(&dir);

    // checkDriver! and checkRuntime!: standard output, `false`, the program goes on.
    for (kind, prefix, name, driver, program) in [
        ("driver", "", "child_check_driver", Some(fake.as_path()), &with_driver),
        ("runtime", "runtime error ", "child_check_runtime", None, &runtime_only),
    ] {
        let output = child(name, driver);
        assert!(output.status.success(), "{name}: {}", String::from_utf8_lossy(&output.stderr));
        let ours = check_output(&output.stdout, prefix);
        let first = ours.lines().next().unwrap();
        let (file, line, rest) = site(&first[prefix.len()..], "  ");
        let op = rest.strip_suffix(" failed. ").unwrap_or_else(|| panic!("{first:?}"));
        let cpp = run(Command::new(program).args([kind, op, file, line]).env_remove("LD_LIBRARY_PATH"));
        assert_eq!(ours, String::from_utf8_lossy(&cpp.stdout), "{kind}: the course's bytes");
        assert!(ours.ends_with("returned false\n"));
    }

    // checkCudaErrors!: standard error, exit 1.
    for (kind, name, driver, program) in [
        ("samples-driver", "child_samples_driver", Some(fake.as_path()), &with_driver),
        ("samples-runtime", "child_samples_runtime", None, &runtime_only),
    ] {
        let output = child(name, driver);
        assert_eq!(output.status.code(), Some(1), "{name}");
        let ours = String::from_utf8_lossy(&output.stderr).into_owned();
        let line = ours.strip_prefix("CUDA error at ").unwrap_or_else(|| panic!("{ours:?}"));
        let (file, number, _) = site(line, " code=");
        let op = line.split_once(") \"").and_then(|(_, op)| op.strip_suffix("\" \n")).unwrap();
        let cpp = Command::new(program).args([kind, op, file, number]).output().unwrap();
        assert_eq!(cpp.status.code(), Some(1), "{kind}: helper_cuda.h exits with EXIT_FAILURE");
        assert_eq!(ours, String::from_utf8_lossy(&cpp.stderr), "{kind}: helper_cuda.h's bytes");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
#[ignore = "run by the_course_and_the_samples_checks_print_the_cpp_bytes"]
fn child_check_driver() {
    let mut device = 0;
    let ok = unsafe {
        let _ = cuda_sys::cuInit(0);
        checkDriver!(cuda_sys::cuDeviceGet(&mut device, 0))
    };
    println!("returned {ok}");
}

#[test]
#[ignore = "run by the_course_and_the_samples_checks_print_the_cpp_bytes"]
fn child_check_runtime() {
    let ok = unsafe { checkRuntime!(cudart_sys::cudaSetDevice(0)) };
    println!("returned {ok}");
}

#[test]
#[ignore = "run by the_course_and_the_samples_checks_print_the_cpp_bytes"]
fn child_samples_driver() {
    let mut device = 0;
    unsafe {
        let _ = cuda_sys::cuInit(0);
        checkCudaErrors!(cuda_sys::cuDeviceGet(&mut device, 0));
    }
}

#[test]
#[ignore = "run by the_course_and_the_samples_checks_print_the_cpp_bytes"]
fn child_samples_runtime() {
    unsafe { checkCudaErrors!(cudart_sys::cudaSetDevice(0)) };
}

/// Without any library, the course's checks still print their shape and go on.
#[test]
fn a_failure_prints_the_courses_shape_and_goes_on() {
    std::env::set_var(cuda_sys::loader::LIBCUDA_PATH_VAR, "/nonexistent/libcuda.so.1");
    let line = line!() + 1;
    let error = cuda_checked::check_driver!(unsafe { cuda_sys::cuInit(0) }).unwrap_err();
    let text = cuda_checked::course::driver(&error);
    assert!(
        text.starts_with(&format!(
            "{}:{}  unsafe {{ cuda_sys::cuInit(0) }} failed. \n  code = ",
            file!(),
            line
        )),
        "{text}"
    );
    assert!(text.ends_with('\n') && text.contains(", message = "), "{text}");
    assert!(cuda_checked::course::runtime(&error).starts_with("runtime error "));
    assert!(!checkDriver!(unsafe { cuda_sys::cuInit(0) }));
    assert!(checkDriver!(cuda_sys::CUDA_SUCCESS));
    assert!(checkRuntime!(cudart_sys::cudaSuccess));
}
