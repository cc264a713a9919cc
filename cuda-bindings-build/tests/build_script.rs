//! The build script as Cargo sees it. This test binary plays libcuda-sys's build script
//! (`cuda_bindings_build::build()`, what every -sys crate's build script is, with libcuda-sys's
//! package name and vendored files) in an environment
//! each test crafts, and each test reads what it printed as Cargo reads it: only the
//! `cargo::` lines of stdout count, and Cargo shows the user only the `cargo::warning=` ones
//! (and stderr when the build fails).
//!
//! `harness = false`: the binary is both the build script and the tests; a test name on the
//! command line runs the tests whose names contain it.

use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};

use cuda_bindings_build::edits;

/// Set in the environment of the copy of this binary that plays the build script.
const ROLE: &str = "CUDA_BINDINGS_BUILD_TEST_ROLE";

/// More than any build script prints: the copy is stopped there.
const OUTPUT_LIMIT: u64 = 16 << 20;

/// More than any build script takes here (a second): one that runs longer hangs.
const TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

fn main() {
    match std::env::var(ROLE).as_deref() {
        Ok("libcuda-sys") => return libcuda_sys_build_script(),
        Ok("version_cfgs") => {
            let version = std::env::var("VERSION").unwrap().parse().unwrap();
            return cuda_bindings_build::version_cfgs(version);
        }
        Ok("nccl_version_cfgs") => {
            let version = std::env::var("VERSION").unwrap().parse().unwrap();
            return cuda_bindings_build::nccl_version_cfgs(version);
        }
        Ok("dependent_version_cfgs") => {
            return cuda_bindings_build::dependent_version_cfgs(&std::env::var("LINKS").unwrap());
        }
        _ => {}
    }
    // Generating needs the `bindgen` feature and libclang; without libclang those tests are
    // ignored, unless `--include-ignored` asks for them (CI), and then fail saying what is missing.
    #[cfg(feature = "bindgen")]
    let libclang = cuda_bindings_build::generate::libclang_available()
        || std::env::args().any(|arg| arg == "--include-ignored" || arg == "--ignored");
    #[cfg(not(feature = "bindgen"))]
    let libclang = false;
    let generator = cfg!(feature = "bindgen");
    let bindgen = generator && libclang;
    // (name, test, whether this build can run it: generation needs the `bindgen` feature.)
    let tests: &[(&str, fn(), bool)] = &[
        (
            "a_non_utf8_cuda_path_says_so_and_leaves_nothing_to_rerun_for",
            a_non_utf8_cuda_path_says_so_and_leaves_nothing_to_rerun_for,
            cfg!(unix),
        ),
        (
            "an_impossible_cuda_version_is_refused_and_the_output_bounded",
            an_impossible_cuda_version_is_refused_and_the_output_bounded,
            true,
        ),
        ("version_cfgs_refuses_an_impossible_version", version_cfgs_refuses_an_impossible_version, true),
        ("nccl_version_cfgs_follow_both_codings", nccl_version_cfgs_follow_both_codings, true),
        (
            "dependent_version_cfgs_follow_each_librarys_scheme",
            dependent_version_cfgs_follow_each_librarys_scheme,
            true,
        ),
        (
            "every_line_of_a_multi_line_warning_reaches_cargo",
            every_line_of_a_multi_line_warning_reaches_cargo,
            bindgen,
        ),
        (
            "cuda_sys_cuda_major_unlike_the_header_is_warned_about",
            cuda_sys_cuda_major_unlike_the_header_is_warned_about,
            true,
        ),
        ("a_conda_environments_cuda_packages_are_found", a_conda_environments_cuda_packages_are_found, true),
        (
            "wheels_of_one_major_without_the_runtimes_bind_that_major",
            wheels_of_one_major_without_the_runtimes_bind_that_major,
            true,
        ),
        (
            "a_header_of_each_vendored_release_gets_its_own_bindings",
            a_header_of_each_vendored_release_gets_its_own_bindings,
            true,
        ),
        (
            "the_store_is_made_into_out_dir_once_and_whole",
            the_store_is_made_into_out_dir_once_and_whole,
            true,
        ),
        (
            "a_damaged_store_stops_the_build_naming_the_file",
            a_damaged_store_stops_the_build_naming_the_file,
            true,
        ),
        (
            "a_header_of_a_release_not_vendored_is_an_error_unless_generated",
            a_header_of_a_release_not_vendored_is_an_error_unless_generated,
            true,
        ),
        (
            "every_header_read_and_every_variable_clang_reads_reruns_the_build",
            every_header_read_and_every_variable_clang_reads_reruns_the_build,
            bindgen,
        ),
        (
            "a_libclang_path_ending_in_a_dot_falls_back_without_a_panic",
            a_libclang_path_ending_in_a_dot_falls_back_without_a_panic,
            generator,
        ),
        (
            "a_libclang_that_is_not_libclang_falls_back_without_a_panic",
            a_libclang_that_is_not_libclang_falls_back_without_a_panic,
            generator && cfg!(target_os = "linux"),
        ),
        (
            "a_toolkit_older_than_its_library_binds_the_first_release_and_says_so",
            a_toolkit_older_than_its_library_binds_the_first_release_and_says_so,
            true,
        ),
        (
            "item6_nccls_messages_write_nccl_versions_and_name_its_root",
            item6_nccls_messages_write_nccl_versions_and_name_its_root,
            true,
        ),
        (
            "item6_a_generated_nccl_header_that_fails_is_said_in_nccls_terms",
            item6_a_generated_nccl_header_that_fails_is_said_in_nccls_terms,
            bindgen,
        ),
        (
            "item8_a_non_utf8_root_of_any_library_is_said_and_never_published_lossily",
            item8_a_non_utf8_root_of_any_library_is_said_and_never_published_lossily,
            cfg!(unix),
        ),
        (
            "item8_a_non_utf8_variable_the_generator_reads_is_said",
            item8_a_non_utf8_variable_the_generator_reads_is_said,
            bindgen && cfg!(unix),
        ),
        (
            "item7_18_a_file_the_build_reads_that_is_no_regular_file_never_hangs_it",
            item7_18_a_file_the_build_reads_that_is_no_regular_file_never_hangs_it,
            cfg!(unix),
        ),
        (
            "item13_a_header_and_a_library_of_two_releases_stop_the_build",
            item13_a_header_and_a_library_of_two_releases_stop_the_build,
            cfg!(unix),
        ),
        (
            "item16_a_static_runtime_of_another_release_than_the_header_stops_the_build",
            item16_a_static_runtime_of_another_release_than_the_header_stops_the_build,
            cfg!(unix),
        ),
        (
            "issue41_item1_the_headers_bound_are_cfgs_where_the_toolkit_has_them",
            issue41_item1_the_headers_bound_are_cfgs_where_the_toolkit_has_them,
            bindgen,
        ),
        (
            "issue41_item1_vendored_bindings_say_every_header_they_were_made_from",
            issue41_item1_vendored_bindings_say_every_header_they_were_made_from,
            true,
        ),
        (
            "issue41_item18_a_library_header_of_another_cuda_major_than_the_toolkit_stops_the_build",
            issue41_item18_a_library_header_of_another_cuda_major_than_the_toolkit_stops_the_build,
            true,
        ),
        (
            "issue41_item4_a_header_of_a_major_older_than_the_crate_binds_stops_the_build",
            issue41_item4_a_header_of_a_major_older_than_the_crate_binds_stops_the_build,
            true,
        ),
    ];
    if std::env::args().any(|arg| arg == "--list") {
        for (name, _, _) in tests {
            println!("{name}: test");
        }
        return;
    }
    let filter = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    let mut failed = Vec::new();
    for &(name, test, runs_here) in tests {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        if !runs_here {
            println!(
                "test {name} ... ignored, needs the `bindgen` feature and libclang (Debian: apt-get install \
                 libclang-dev, or set LIBCLANG_PATH): run with --include-ignored"
            );
            continue;
        }
        println!("test {name} ...");
        match std::panic::catch_unwind(test) {
            Ok(()) => println!("test {name} ... ok"),
            Err(_) => {
                println!("test {name} ... FAILED");
                failed.push(name);
            }
        }
    }
    if !failed.is_empty() {
        println!("\nfailures: {}", failed.join(", "));
        std::process::exit(1);
    }
}

/// What `libcuda-sys/build.rs` does.
fn libcuda_sys_build_script() {
    cuda_bindings_build::build();
}

/// A run of the build script: how it ended and what it printed.
struct Build {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    /// The text of the bindings it chose (`CUDA_BINDINGS`), when they are in `OUT_DIR`.
    bindings: Option<String>,
}

impl Build {
    /// The values of Cargo's instruction `key` (`warning`, `rerun-if-changed`, ...).
    fn instructions(&self, key: &str) -> Vec<&str> {
        let prefix = format!("cargo::{key}=");
        self.stdout.lines().filter_map(|line| line.strip_prefix(prefix.as_str())).collect()
    }

    /// What Cargo shows of a build that succeeded: its warnings.
    fn warnings(&self) -> Vec<&str> {
        self.instructions("warning")
    }

    fn assert_no_panic(&self) {
        assert!(!self.stderr.contains("panicked"), "the build script panicked:\n{}", self.stderr);
        assert!(!self.stderr.contains("RUST_BACKTRACE"), "{}", self.stderr);
    }
}

/// Runs a copy of this binary as the build script `role`, in an environment of the build's own
/// variables (Cargo's and `vars`) and `PATH` only: nothing else on this machine decides.
fn run(role: &str, vars: &[(&str, OsString)], bindgen: bool) -> Build {
    let out_dir = scratch("out");
    let build = run_in(&out_dir, role, vars, bindgen);
    std::fs::remove_dir_all(&out_dir).unwrap();
    build
}

/// [`run`] with `out_dir` as `OUT_DIR`, which is left as the build script left it.
fn run_in(out_dir: &Path, role: &str, vars: &[(&str, OsString)], bindgen: bool) -> Build {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .env_clear()
        .env(ROLE, role)
        .env("CARGO_MANIFEST_DIR", manifest_dir())
        .env("CARGO_PKG_NAME", "libcuda-sys")
        .env("OUT_DIR", out_dir)
        .env("CARGO_CFG_TARGET_OS", std::env::consts::OS)
        // No `python3` on this PATH: every test names its toolkit.
        .env("PATH", "/nonexistent")
        .envs(vars.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if bindgen {
        command.env("CARGO_FEATURE_BINDGEN", "1");
    }
    let mut child = command.spawn().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let stderr = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let mut stdout = child.stdout.take().unwrap();
    let stdout = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = (&mut stdout).take(OUTPUT_LIMIT).read_to_end(&mut text);
        text
    });
    // A build script that hangs (on a FIFO, say) is a failure, not a wait.
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the build script ran for more than {TIME_LIMIT:?}: it hangs (killed)\n{}",
                stderr.join().unwrap()
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let stdout = stdout.join().unwrap();
    let overflowed = stdout.len() as u64 == OUTPUT_LIMIT;
    assert!(!overflowed, "the build script printed more than {OUTPUT_LIMIT} bytes; stopped");
    let mut build = Build {
        status,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: stderr.join().unwrap(),
        bindings: None,
    };
    let chosen = build
        .instructions("rustc-env")
        .iter()
        .find_map(|e| e.strip_prefix("CUDA_BINDINGS="))
        .map(PathBuf::from);
    build.bindings =
        chosen.filter(|file| file.starts_with(out_dir)).and_then(|file| std::fs::read_to_string(file).ok());
    build
}

/// The package whose build script is played: libcuda-sys, for its vendored files.
fn manifest_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../libcuda-sys")
}

/// A new empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let dir =
        std::env::temp_dir().join(format!("cuda-bindings-build-script-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A toolkit root in `parent` named `name`, whose `include/cuda.h` is `text`.
fn toolkit(parent: &Path, name: impl AsRef<Path>, text: &str) -> PathBuf {
    let root = parent.join(name);
    std::fs::create_dir_all(root.join("include")).unwrap();
    std::fs::write(root.join("include/cuda.h"), text).unwrap();
    root
}

/// A `cuda.h` the generator reads (its smallest), of `version`.
fn minimal_cuda_h(version: u32) -> String {
    format!(
        "#define CUDA_VERSION {version}\n\
         typedef enum cudaError_enum {{ CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_STUB_LIBRARY = 34, \
         CUDA_ERROR_NOT_FOUND = 500 }} CUresult;\n\
         CUresult cuInit(unsigned int Flags);\n\
         CUresult cuDriverGetVersion(int *version);\n\
         CUresult cuGetErrorName(CUresult error, const char **name);\n\
         CUresult cuGetErrorString(CUresult error, const char **text);\n"
    )
}

/// Issue 24, item 5: a toolkit under a path that is not UTF-8 is found (its header is read by
/// bytes), but clang's arguments and Cargo's instructions are text: the build says so plainly
/// (no remedy about libclang, which is there), uses the vendored bindings of the header's
/// major, and asks Cargo to watch no file it cannot name (a watched file that does not exist
/// reruns the build script, and rebuilds everything above it, on every build).
fn a_non_utf8_cuda_path_says_so_and_leaves_nothing_to_rerun_for() {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("non-utf8");
        let root = toolkit(&dir, std::ffi::OsStr::from_bytes(b"odd-\xff"), &minimal_cuda_h(12090));
        let build = run("libcuda-sys", &[("CUDA_PATH", root.into_os_string())], cfg!(feature = "bindgen"));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(build.status.success(), "{}", build.stderr);
        for path in build.instructions("rerun-if-changed") {
            // (Cargo takes a relative path from the package's folder.)
            let exists = manifest_dir().join(path).exists();
            assert!(exists, "Cargo is told to watch {path}, which does not exist");
        }
        for key in ["metadata", "rustc-env"] {
            for value in build.instructions(key) {
                assert!(!value.contains('\u{fffd}'), "a path Cargo cannot hold is published: {value}");
            }
        }
        assert_eq!(
            build.instructions("metadata").iter().find(|m| m.starts_with("version=")),
            Some(&"version=12090")
        );
        if cfg!(feature = "bindgen") {
            let warnings = build.warnings().join("\n");
            assert!(warnings.contains("not UTF-8"), "{warnings}");
            assert!(!warnings.contains("install libclang"), "{warnings}");
            assert!(warnings.contains("vendored"), "{warnings}");
        }
    }
}

/// Issue 24, item 6: `#define CUDA_VERSION 4294967295` is no CUDA version: the header is not
/// used (the search goes on, and says why), and the `cuda_ge` list stays short.
fn an_impossible_cuda_version_is_refused_and_the_output_bounded() {
    let dir = scratch("impossible-version");
    let root = toolkit(&dir, "cuda", &minimal_cuda_h(u32::MAX));
    let build = run("libcuda-sys", &[("CUDA_PATH", root.into_os_string())], false);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(build.status.success(), "{}", build.stderr);
    assert!(build.stdout.lines().count() < 1000, "{} lines", build.stdout.lines().count());
    for key in ["metadata", "rustc-cfg"] {
        for value in build.instructions(key) {
            assert!(!value.contains("4294967"), "the version is believed: {value}");
        }
    }
    let warnings = build.warnings().join("\n");
    assert!(warnings.contains("CUDA_PATH") && warnings.contains("4294967295"), "{warnings}");
}

/// Issue 24, item 6: a dependent's build script handing `version_cfgs` an impossible version
/// gets a clear error, not a billion lines.
fn version_cfgs_refuses_an_impossible_version() {
    let build = run("version_cfgs", &[("VERSION", "4294967295".into())], false);
    assert!(!build.status.success());
    assert!(build.stdout.lines().count() < 10, "{} lines", build.stdout.lines().count());
    assert!(build.stderr.contains("4294967295") && build.stderr.contains("CUDA version"), "{}", build.stderr);
    build.assert_no_panic();
    // A real one: every minor up to it, no more.
    let build = run("version_cfgs", &[("VERSION", "12020".into())], false);
    assert!(build.status.success(), "{}", build.stderr);
    let cfgs = build.instructions("rustc-cfg");
    assert!(cfgs.contains(&"cuda_ge=\"12.2\"") && cfgs.contains(&"cuda_major=\"12\""), "{cfgs:?}");
    assert!(!cfgs.contains(&"cuda_ge=\"12.3\""), "{cfgs:?}");
}

/// NCCL's cfgs from either coding of `NCCL_VERSION_CODE` (2.28.3 is 22803, 2.8.4 was 2804):
/// every minor up to the header's, no more; a code no release has is refused.
fn nccl_version_cfgs_follow_both_codings() {
    for (code, last, next) in [("22803", "2.28", "2.29"), ("2804", "2.8", "2.9"), ("20900", "2.9", "2.10")] {
        let build = run("nccl_version_cfgs", &[("VERSION", code.into())], false);
        assert!(build.status.success(), "{}", build.stderr);
        let cfgs = build.instructions("rustc-cfg");
        let has = |minor: &str| cfgs.contains(&format!("nccl_ge=\"{minor}\"").as_str());
        assert!(has("2.0") && has(last) && !has(next), "{code}: {cfgs:?}");
    }
    let build = run("nccl_version_cfgs", &[("VERSION", "4294967295".into())], false);
    assert!(!build.status.success());
    assert!(build.stdout.lines().count() < 10, "{} lines", build.stdout.lines().count());
    assert!(build.stderr.contains("4294967295") && build.stderr.contains("NCCL 2"), "{}", build.stderr);
    build.assert_no_panic();
}

/// A dependent's one line, `dependent_version_cfgs(links)`, follows the library of that `links`
/// key in its own scheme: CUDA's for the toolkit's crates, `<cfg>_ge` for a crate whose
/// description's scheme names a cfg of its own (each such, at its newest vendored release); a
/// version that is not one is refused naming the scheme.
fn dependent_version_cfgs_follow_each_librarys_scheme() {
    let mut cases: Vec<(String, String, String, String)> = vec![
        ("cudart_sys".into(), "12080".into(), "cuda_ge=\"12.8\"".into(), "cuda_ge=\"12.9\"".into()),
        ("libcuda_sys".into(), "13000".into(), "cuda_major=\"13\"".into(), "cuda_ge=\"13.1\"".into()),
    ];
    let own_cfg: Vec<&cuda_loader::Library> = cuda_loader::ALL
        .iter()
        .copied()
        .filter(|l| l.version.scheme.cfg.is_some_and(|cfg| cfg != "cuda") && l.build.own.is_some())
        .collect();
    assert!(!own_cfg.is_empty(), "no description whose scheme names a cfg of its own");
    for library in &own_cfg {
        let scheme = library.version.scheme;
        let cfg = scheme.cfg.unwrap();
        // `nvidia-<name>-cu12==2.28.3.1`: 2, 28, 3.
        let newest = library.build.own.unwrap().vendored.last().unwrap();
        let parts: Vec<i64> =
            newest.split_once("==").unwrap().1.split('.').take(3).map(|n| n.parse().unwrap()).collect();
        let version = scheme.number(parts[0], parts[1], parts[2]).unwrap();
        let (major, minor) = (parts[0], parts[1]);
        cases.push((
            library.rust_path.into(),
            version.to_string(),
            format!("{cfg}_ge=\"{major}.{minor}\""),
            format!("{cfg}_ge=\"{major}.{}\"", minor + 1),
        ));
    }
    for (links, version, has, lacks) in &cases {
        let var = format!("DEP_{}_VERSION", links.to_uppercase());
        let build =
            run("dependent_version_cfgs", &[("LINKS", links.into()), (var.as_str(), version.into())], false);
        assert!(build.status.success(), "{links}: {}", build.stderr);
        let cfgs = build.instructions("rustc-cfg");
        assert!(
            cfgs.contains(&has.as_str()) && !cfgs.contains(&lacks.as_str()),
            "{links} {version}: {cfgs:?}"
        );
    }
    let library = own_cfg[0];
    let var = format!("DEP_{}_VERSION", library.rust_path.to_uppercase());
    let build = run(
        "dependent_version_cfgs",
        &[("LINKS", library.rust_path.into()), (var.as_str(), "x".into())],
        false,
    );
    assert!(!build.status.success());
    assert!(
        build.stderr.contains(&var) && build.stderr.contains(library.version.scheme.name),
        "{}",
        build.stderr
    );
    build.assert_no_panic();
}

/// Issue 24, item 7: Cargo ends a `cargo::warning=` at the end of its line. A header clang
/// rejects with several errors: each error, the fallback and the remedy reach the user, every
/// line of stdout being an instruction.
fn every_line_of_a_multi_line_warning_reaches_cargo() {
    let dir = scratch("clang-errors");
    let text = format!("{}this is not C;\nneither is this;\n", minimal_cuda_h(12090));
    let root = toolkit(&dir, "cuda", &text);
    let build = run("libcuda-sys", &[("CUDA_PATH", root.into_os_string())], true);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(build.status.success(), "{}", build.stderr);
    for line in build.stdout.lines() {
        assert!(line.starts_with("cargo::"), "Cargo does not show this line: {line:?}\n{}", build.stdout);
    }
    let warnings = build.warnings().join("\n");
    // The two lines after the minimal header.
    let last = minimal_cuda_h(12090).lines().count();
    let (first_error, second_error) = (format!("cuda.h:{}", last + 1), format!("cuda.h:{}", last + 2));
    assert!(warnings.contains(&first_error) && warnings.contains(&second_error), "{warnings}");
    assert!(warnings.contains("vendored from CUDA_VERSION 12090 are used"), "{warnings}");
    assert!(warnings.contains("To generate from your header"), "{warnings}");
}

/// Users' layouts: a conda environment's CUDA packages (conda-forge's `cuda-cudart-dev`, NVIDIA's
/// channel's) keep the headers in `$CONDA_PREFIX/targets/<arch>-linux/include`, which some link
/// into `$CONDA_PREFIX/include`: either is found with no variable but `CONDA_PREFIX` (strict), a
/// relative `CONDA_PREFIX` is not searched, and a toolkit named by a variable comes first.
fn a_conda_environments_cuda_packages_are_found() {
    if cfg!(windows) {
        return; // Windows' conda keeps them in `Library`: the same search, one root.
    }
    let dir = scratch("conda");
    let splayed = dir.join("splayed");
    let target = toolkit(&splayed.join("targets"), "x86_64-linux", &minimal_cuda_h(12090));
    let linked = dir.join("linked");
    toolkit(&linked.join("targets"), "x86_64-linux", &minimal_cuda_h(12090));
    toolkit(&dir, "linked", &minimal_cuda_h(12090));
    let strict = |prefix: &Path| {
        vec![("CONDA_PREFIX", prefix.as_os_str().to_owned()), ("CUDA_SYS_STRICT", "1".into())]
    };
    for (prefix, root) in [(&splayed, &target), (&linked, &linked)] {
        let build = run("libcuda-sys", &strict(prefix), false);
        assert!(build.status.success(), "{}: {}", prefix.display(), build.stderr);
        let metadata = build.instructions("metadata");
        assert!(metadata.contains(&format!("root={}", root.display()).as_str()), "{}", build.stdout);
        assert!(metadata.contains(&"version=12090"), "{}", build.stdout);
    }
    // Relative: not searched (strict mode then fails: no toolkit).
    let build = run("libcuda-sys", &strict(Path::new("splayed")), false);
    assert!(!build.status.success(), "a relative CONDA_PREFIX was searched:\n{}", build.stdout);
    // A toolkit a variable names wins over the environment's.
    let named = toolkit(&dir, "named", &minimal_cuda_h(13000));
    let mut vars = strict(&splayed);
    vars.push(("CUDA_PATH", named.clone().into_os_string()));
    let build = run("libcuda-sys", &vars, false);
    assert!(build.status.success(), "{}", build.stderr);
    assert!(build.instructions("metadata").contains(&"version=13000"), "{}", build.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// NVIDIA's wheels installed without the runtime's (a CUDA 13 library's wheel alone): no
/// `cuda.h` says the release, their files' names say the major. That major's oldest release is
/// bound (every library of the major loads it; the newest's refuse an older library), with a
/// warning naming the runtime's wheel to install (strict mode: an error); wheels of two majors
/// decide nothing (the default major).
/// Before, the default major's bindings, which look for files the environment does not have.
fn wheels_of_one_major_without_the_runtimes_bind_that_major() {
    let windows = cfg!(windows);
    // A library of the toolkit's whose CUDA 13 wheel shares the runtime's folder (`nvidia/cu{major}`)
    // and whose earlier wheels had a folder of their own, named for no major.
    let (library, folder, unnamed) = cuda_loader::ALL
        .iter()
        .filter(|library| library.crate_name != cuda_loader::RUNTIME.crate_name)
        .find_map(|library| match library.role {
            cuda_loader::Role::Toolkit { wheels, .. } => Some((
                library,
                wheels.iter().find(|w| w.contains("{major}"))?.replace("{major}", "13"),
                wheels.iter().find(|w| !w.contains("{major}"))?.to_string(),
            )),
            _ => None,
        })
        .expect("a library in the runtime's wheel folder");
    let vendored: Vec<u32> = std::fs::read_dir(manifest_dir().join("src/vendored"))
        .unwrap()
        .filter_map(|e| {
            e.unwrap().file_name().to_str()?.strip_prefix("cuda_")?.strip_suffix(".edits")?.parse().ok()
        })
        .collect();
    let of_major = |major: u32| vendored.iter().filter(move |v| **v / 1000 == major);
    let dir = scratch("wheels");
    let site = if windows { dir.join("Lib/site-packages") } else { dir.join("lib/python3.12/site-packages") };
    let plant = |folder: &str, file: String| {
        let lib = site.join(folder).join(if windows { "bin" } else { "lib" });
        std::fs::create_dir_all(&lib).unwrap();
        std::fs::write(lib.join(file), "").unwrap();
    };
    let venv = |strict: bool| {
        let mut vars = vec![("VIRTUAL_ENV", dir.clone().into_os_string())];
        if strict {
            vars.push(("CUDA_SYS_STRICT", "1".into()));
        }
        vars
    };
    let version = format!("version={}", of_major(13).min().unwrap());
    // A header-only wheel (of a library the driver ships) in the folder named for 13.
    std::fs::create_dir_all(site.join(&folder).join("include")).unwrap();
    let build = run("libcuda-sys", &venv(false), false);
    assert!(build.instructions("metadata").contains(&version.as_str()), "{}", build.stdout);
    std::fs::remove_dir_all(site.join(&folder)).unwrap();
    // A library's file of 13, in a folder named for no major (as CUDA 12's wheels are).
    plant(&unnamed, library.files.of(13, windows));
    let build = run("libcuda-sys", &venv(false), false);
    assert!(build.instructions("metadata").contains(&version.as_str()), "{}", build.stdout);
    std::fs::remove_dir_all(site.join(&unnamed)).unwrap();
    plant(&folder, library.files.of(13, windows));
    let build = run("libcuda-sys", &venv(false), false);
    assert!(build.status.success(), "{}", build.stderr);
    assert!(build.instructions("metadata").contains(&version.as_str()), "{}", build.stdout);
    let warnings = build.warnings().join("\n");
    assert!(warnings.contains("NVIDIA's wheels of CUDA 13 are installed"), "{warnings}");
    assert!(warnings.contains("pip install \"nvidia-cuda-runtime==13.*\""), "{warnings}");
    let build = run("libcuda-sys", &venv(true), false);
    assert!(!build.status.success(), "strict mode fell back:\n{}", build.stdout);
    assert!(build.stderr.contains("CUDA_SYS_STRICT"), "{}", build.stderr);
    // A wheel of another major beside it: the default major's, as without wheels.
    plant(&folder.replace("13", "12"), library.files.of(12, windows));
    let build = run("libcuda-sys", &venv(false), false);
    assert!(build.status.success(), "{}", build.stderr);
    let default = format!("version={}", of_major(cuda_bindings_build::DEFAULT_MAJOR).max().unwrap());
    assert!(build.instructions("metadata").contains(&default.as_str()), "{}", build.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 24, item 8: with a header found, the header decides the major (as it does for C);
/// `CUDA_SYS_CUDA_MAJOR` naming another major is not honoured, and the build says so (strict
/// mode: fails). Naming the header's own major is quiet.
fn cuda_sys_cuda_major_unlike_the_header_is_warned_about() {
    let dir = scratch("major");
    let root = toolkit(&dir, "cuda", &minimal_cuda_h(13000)).into_os_string();
    let asked = |major: &str, strict: bool| {
        let mut vars = vec![("CUDA_PATH", root.clone()), ("CUDA_SYS_CUDA_MAJOR", major.into())];
        if strict {
            vars.push(("CUDA_SYS_STRICT", "1".into()));
        }
        run("libcuda-sys", &vars, false)
    };
    let build = asked("12", false);
    assert!(build.status.success(), "{}", build.stderr);
    assert!(build.instructions("rerun-if-env-changed").contains(&"CUDA_SYS_CUDA_MAJOR"), "{}", build.stdout);
    // The header's own release, vendored: the same API generation would give.
    assert!(build.instructions("metadata").contains(&"version=13000"), "{}", build.stdout);
    let warnings = build.warnings().join("\n");
    assert!(
        warnings.contains("CUDA_SYS_CUDA_MAJOR=12") && warnings.contains("CUDA_VERSION 13000"),
        "{warnings}"
    );

    let build = asked("12", true);
    assert!(!build.status.success());
    assert!(
        build.stderr.contains("CUDA_SYS_CUDA_MAJOR=12") && build.stderr.contains("CUDA_SYS_STRICT"),
        "{}",
        build.stderr
    );
    build.assert_no_panic();

    let build = asked("13", true);
    assert!(build.status.success(), "{}", build.stderr);
    assert_eq!(build.warnings(), Vec::<&str>::new());

    let build = asked("twelve", false);
    assert!(!build.status.success());
    assert!(
        build.stderr.contains("CUDA_SYS_CUDA_MAJOR=twelve is not a CUDA major version"),
        "{}",
        build.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 22, item 1: without generation, a header gets the bindings vendored from its own
/// release, never a neighbour's: `CUDA_VERSION` and `DEP_LIBCUDA_SYS_VERSION` are the header's.
fn a_header_of_each_vendored_release_gets_its_own_bindings() {
    let versions = edits::releases(
        &manifest_dir().join("src/vendored"),
        cuda_loader::DRIVER.build.binding.vendored_stem,
    );
    assert!(versions.len() > 3, "{versions:?}");
    let dir = scratch("each");
    for version in versions {
        let root = toolkit(&dir, version.to_string(), &minimal_cuda_h(version)).into_os_string();
        let build = run("libcuda-sys", &[("CUDA_PATH", root)], false);
        assert!(build.status.success(), "{}", build.stderr);
        assert_eq!(build.warnings(), Vec::<&str>::new());
        let metadata = build.instructions("metadata");
        assert!(metadata.contains(&format!("version={version}").as_str()), "{metadata:?}");
        assert!(metadata.contains(&"bindings=vendored"), "{metadata:?}");
        let file = format!("cuda_{version}.rs");
        assert!(build.instructions("rustc-env").iter().any(|e| e.ends_with(&file)), "{}", build.stdout);
        // The release's own text, made from the store (the generator's first line and the
        // version constant say which release it is).
        let text = build.bindings.as_deref().expect("the bindings are made into OUT_DIR");
        assert!(text.starts_with(&format!(
            "// Generated by cuda-bindings-build from cuda.h, cudaProfiler.h (CUDA_VERSION {version})"
        )));
        assert!(text.contains(&format!("\npub const CUDA_VERSION: u32 = {version};\n")));
        // Cargo watches the store's files that were read, the release's own among them.
        let watched = build.instructions("rerun-if-changed");
        assert!(
            watched.iter().any(|f| f.ends_with(&format!("src/vendored/cuda_{version}.edits"))),
            "{watched:?}"
        );
        assert!(watched.iter().all(|f| manifest_dir().join(f).is_file()), "{watched:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 30, item 4: the release chosen is written into `OUT_DIR` whole (under another name,
/// then renamed), and only when it differs: a build script run again with nothing changed
/// leaves the file as it was, so nothing above it is rebuilt.
fn the_store_is_made_into_out_dir_once_and_whole() {
    let dir = scratch("once");
    let root = toolkit(&dir, "cuda", &minimal_cuda_h(12090)).into_os_string();
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    // What an older build left there, different.
    let file = out_dir.join("cuda_12090.rs");
    std::fs::write(&file, "stale").unwrap();
    let first = run_in(&out_dir, "libcuda-sys", &[("CUDA_PATH", root.clone())], false);
    assert!(first.status.success(), "{}", first.stderr);
    let text = first.bindings.expect("the bindings are made into OUT_DIR");
    assert!(text.contains("\npub const CUDA_VERSION: u32 = 12090;\n"));
    let written = std::fs::metadata(&file).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(50));
    let again = run_in(&out_dir, "libcuda-sys", &[("CUDA_PATH", root)], false);
    assert!(again.status.success(), "{}", again.stderr);
    assert_eq!(again.bindings.as_deref(), Some(text.as_str()));
    assert_eq!(std::fs::metadata(&file).unwrap().modified().unwrap(), written, "rewritten though the same");
    let left: Vec<_> = std::fs::read_dir(&out_dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["cuda_12090.rs"], "files left in OUT_DIR");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 30, item 4: a damaged or truncated file of the store stops the build with one
/// sentence that names it and says what to do: never a panic, never other bindings.
fn a_damaged_store_stops_the_build_naming_the_file() {
    let dir = scratch("damaged");
    let package = dir.join("libcuda-sys");
    let store = package.join("src/vendored");
    std::fs::create_dir_all(&store).unwrap();
    for entry in std::fs::read_dir(manifest_dir().join("src/vendored")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), store.join(entry.file_name())).unwrap();
    }
    let root = toolkit(&dir, "cuda", &minimal_cuda_h(12090)).into_os_string();
    let versions = edits::releases(&store, cuda_loader::DRIVER.build.binding.vendored_stem);
    let base = *versions.last().unwrap();
    // A file between the release and the base, truncated; the base with one byte changed.
    for (version, damage) in [(13000, "truncated"), (base, "changed")] {
        let path = store.join(edits::file_name(cuda_loader::DRIVER.build.binding.vendored_stem, version));
        let good = std::fs::read(&path).unwrap();
        let mut bad = good.clone();
        match damage {
            "truncated" => bad.truncate(good.len() / 2),
            _ => *bad.iter_mut().rev().find(|b| b.is_ascii_lowercase()).unwrap() ^= 0x20,
        }
        std::fs::write(&path, &bad).unwrap();
        let build = run(
            "libcuda-sys",
            &[("CUDA_PATH", root.clone()), ("CARGO_MANIFEST_DIR", package.clone().into())],
            false,
        );
        build.assert_no_panic();
        assert!(!build.status.success(), "{damage}: {}", build.stdout);
        let error: Vec<&str> = build.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(error.len(), 1, "{damage}: {}", build.stderr);
        assert!(
            error[0].contains(&path.display().to_string()) && error[0].contains("cargo xtask vendor"),
            "{}",
            error[0]
        );
        assert!(
            build.instructions("rustc-env").iter().all(|e| !e.starts_with("CUDA_BINDINGS")),
            "{}",
            build.stdout
        );
        std::fs::write(&path, good).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 22, items 1 and 3: a header of a release we carry no bindings of (12.7 never shipped)
/// is not given another release's bindings, which would be another API: without generation the
/// build stops, saying how to generate.
fn a_header_of_a_release_not_vendored_is_an_error_unless_generated() {
    let dir = scratch("unvendored");
    let root = toolkit(&dir, "cuda", &minimal_cuda_h(12070)).into_os_string();
    let build = run("libcuda-sys", &[("CUDA_PATH", root)], false);
    build.assert_no_panic();
    assert!(!build.status.success(), "{}", build.stdout);
    assert!(
        build.stderr.contains("no bindings are vendored for CUDA_VERSION 12070")
            && build.stderr.contains("12090")
            && build.stderr.contains("`bindgen` feature"),
        "{}",
        build.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A library NVIDIA added after the oldest release the crates support (its description's
/// `found.since`), built against a toolkit older than that, which has no header of it: the
/// bindings of its first release, and a warning naming that release and the library file the
/// program will need (`CUDA_SYS_STRICT=1`: an error instead, in one sentence).
fn a_toolkit_older_than_its_library_binds_the_first_release_and_says_so() {
    let later: Vec<&cuda_loader::Library> =
        cuda_loader::ALL.iter().copied().filter(|library| library.build.found.since.is_some()).collect();
    assert!(!later.is_empty(), "no library described as added after CUDA's first supported release");
    let dir = scratch("since");
    let root = toolkit(&dir, "cuda-11.8", &minimal_cuda_h(11080)).into_os_string();
    for library in later {
        let first = library.build.found.since.unwrap();
        let release = library.version.scheme.text(first);
        let build = build_of(library, &[("CUDA_PATH", root.clone())], &[]);
        assert_sound(&build, library.crate_name);
        assert!(build.status.success(), "{}: {}", library.crate_name, build.stderr);
        assert_eq!(
            build.instructions("metadata").first(),
            Some(&format!("version={first}").as_str()),
            "{}",
            build.stdout
        );
        let warnings = build.warnings().join("\n");
        let said = format!("{} came with {release}, and the toolkit at ", library.what);
        assert!(warnings.contains(&said) && warnings.contains("is CUDA 11.8, which has none"), "{warnings}");
        assert!(warnings.contains(&library.files.of(library.major(first), false)), "{warnings}");

        let strict = build_of(library, &[("CUDA_PATH", root.clone()), ("CUDA_SYS_STRICT", "1".into())], &[]);
        strict.assert_no_panic();
        assert!(!strict.status.success(), "{}: strict mode built", library.crate_name);
        assert!(
            strict.stderr.contains(&said) && strict.stderr.contains("CUDA_SYS_STRICT is set"),
            "{}",
            strict.stderr
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 22, item 5: a generated build reruns when any header clang read changes (`cuda.h`
/// includes `driver_types.h`-like files), and when a variable bindgen or clang-sys reads does.
fn every_header_read_and_every_variable_clang_reads_reruns_the_build() {
    let dir = scratch("included");
    let text = format!("#include \"included_types.h\"\n{}", minimal_cuda_h(12090));
    let root = toolkit(&dir, "cuda", &text);
    std::fs::write(root.join("include/included_types.h"), "typedef int CUincluded;\n").unwrap();
    let build = run(
        "libcuda-sys",
        &[("CUDA_PATH", root.clone().into_os_string()), ("TARGET", "x86_64-unknown-linux-gnu".into())],
        true,
    );
    assert!(build.status.success(), "{}", build.stderr);
    assert!(build.instructions("metadata").contains(&"bindings=generated"), "{}", build.stdout);
    let files = build.instructions("rerun-if-changed");
    // A watched file that does not exist reruns the build every time.
    for file in &files {
        assert!(Path::new(file).is_absolute() && Path::new(file).exists() || *file == "build.rs", "{file}");
    }
    for header in ["cuda.h", "included_types.h"] {
        assert!(files.iter().any(|f| f.ends_with(&format!("include/{header}"))), "{header}: {files:?}");
    }
    let variables = build.instructions("rerun-if-env-changed");
    for variable in [
        "LIBCLANG_PATH",
        "LLVM_CONFIG_PATH",
        "CLANG_PATH",
        "BINDGEN_EXTRA_CLANG_ARGS",
        "BINDGEN_EXTRA_CLANG_ARGS_x86_64-unknown-linux-gnu",
        "BINDGEN_EXTRA_CLANG_ARGS_x86_64_unknown_linux_gnu",
    ] {
        assert!(variables.contains(&variable), "{variable}: {variables:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs the build script with a header and `LIBCLANG_PATH`, then in strict mode: the first
/// falls back with one warning about libclang, the second fails saying so, neither panics.
fn falls_back_for_libclang_path(libclang_path: OsString, expect: &str) {
    let dir = scratch("libclang");
    let root = toolkit(&dir, "cuda", &minimal_cuda_h(12090)).into_os_string();
    for strict in [false, true] {
        let mut vars = vec![("CUDA_PATH", root.clone()), ("LIBCLANG_PATH", libclang_path.clone())];
        if strict {
            vars.push(("CUDA_SYS_STRICT", "1".into()));
        }
        let build = run("libcuda-sys", &vars, true);
        build.assert_no_panic();
        if strict {
            assert!(!build.status.success());
            assert!(
                build.stderr.contains(expect) && build.stderr.contains("CUDA_SYS_STRICT"),
                "{}",
                build.stderr
            );
        } else {
            assert!(build.status.success(), "{}", build.stderr);
            let warnings = build.warnings().join("\n");
            assert!(warnings.contains(expect) && warnings.contains("vendored"), "{warnings}");
            assert!(build.instructions("metadata").contains(&"bindings=vendored"), "{}", build.stdout);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 24, item 9: `LIBCLANG_PATH=.` (or `..`, or `/x/.`) made clang-sys panic.
fn a_libclang_path_ending_in_a_dot_falls_back_without_a_panic() {
    falls_back_for_libclang_path(".".into(), "LIBCLANG_PATH");
    falls_back_for_libclang_path("/usr/lib/..".into(), "LIBCLANG_PATH");
}

/// Issue 24, item 9: a `libclang.so` that is another library (here a copy of the C library
/// this binary runs with) made clang-sys panic at the first libclang call.
fn a_libclang_that_is_not_libclang_falls_back_without_a_panic() {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    let libc =
        maps.split_whitespace().find(|word| word.contains("/libc.so") || word.contains("/libc-")).unwrap();
    let dir = scratch("not-libclang");
    std::fs::copy(libc, dir.join("libclang.so")).unwrap();
    falls_back_for_libclang_path(dir.clone().into_os_string(), "not libclang");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The folder of `library`'s -sys crate in this workspace (a `lib<name>-sys` package may be in
/// `<name>-sys`).
fn crate_dir(library: &cuda_loader::Library) -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let name = library.crate_name;
    [workspace.join(name), workspace.join(name.trim_start_matches("lib"))]
        .into_iter()
        .find(|dir| dir.join("Cargo.toml").is_file())
        .unwrap_or_else(|| panic!("no folder of {name} in the workspace"))
}

/// Runs `library`'s build script (what `cuda_bindings_build::build()` does for its crate), with
/// `vars`, the crate's `features` (`BINDGEN`, `LINK`), and, for a crate that follows another's
/// toolkit, that crate's published version (CUDA 12.9) unless `vars` give it.
fn build_of(library: &cuda_loader::Library, vars: &[(&str, OsString)], features: &[&str]) -> Build {
    let mut all: Vec<(String, OsString)> = vec![
        ("CARGO_PKG_NAME".into(), library.crate_name.into()),
        ("CARGO_MANIFEST_DIR".into(), crate_dir(library).into()),
    ];
    if let Some(links) = library.build.found.follows {
        all.push((format!("DEP_{}_VERSION", links.to_uppercase()), "12090".into()));
        all.push((format!("DEP_{}_HEADERS", links.to_uppercase()), "cuda.h".into()));
    }
    all.extend(features.iter().map(|f| (format!("CARGO_FEATURE_{f}"), OsString::from("1"))));
    all.extend(vars.iter().map(|(k, v)| (k.to_string(), v.clone())));
    let all: Vec<(&str, OsString)> = all.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    run("libcuda-sys", &all, false)
}

/// What every build script's output must be, whatever it was given: no panic, no file Cargo
/// is told to watch that does not exist (that reruns the build every time), and no path Cargo
/// cannot hold published as a lossy copy (which names another folder).
fn assert_sound(build: &Build, what: &str) {
    build.assert_no_panic();
    for path in build.instructions("rerun-if-changed") {
        assert!(
            path == "build.rs" || Path::new(path).exists(),
            "{what}: Cargo is told to watch {path}, which does not exist"
        );
    }
    for key in ["metadata", "rustc-env", "rustc-link-search", "rustc-link-lib", "rustc-cfg"] {
        for value in build.instructions(key) {
            assert!(!value.contains('\u{fffd}'), "{what}: a lossy path is published: {key}={value}");
        }
    }
}

/// A minimal `nccl.h` of `code`.
fn nccl_h(code: u32) -> String {
    format!("#define NCCL_VERSION_CODE {code}\n")
}

/// Issue 33, item 6: nccl-sys's messages write NCCL's version as NCCL does and name NCCL's
/// root (`NCCL_HOME`), not a CUDA version or `CUDA_PATH`: a header of a release with no
/// vendored bindings, and one of a code no NCCL has.
fn item6_nccls_messages_write_nccl_versions_and_name_its_root() {
    let dir = scratch("nccl-words");
    let unvendored = dir.join("unvendored");
    std::fs::create_dir_all(unvendored.join("include")).unwrap();
    std::fs::write(unvendored.join("include/nccl.h"), nccl_h(22804)).unwrap();
    let build = build_of(&cuda_loader::NCCL, &[("NCCL_HOME", unvendored.into())], &[]);
    assert_sound(&build, "unvendored");
    assert!(!build.status.success(), "{}", build.stdout);
    let error = build.stderr.trim();
    assert!(error.contains("no bindings are vendored for NCCL_VERSION_CODE 22804 (NCCL 2.28.4"), "{error}");
    assert!(error.contains("NCCL_HOME") && !error.contains("CUDA_PATH"), "{error}");
    assert!(!error.contains("CUDA 2") && !error.contains("CUDA_VERSION"), "{error}");

    // A code no NCCL has, with generation asked for: not believed, said in NCCL's terms, and the
    // oldest vendored release bound.
    let absurd = dir.join("absurd");
    std::fs::create_dir_all(absurd.join("include")).unwrap();
    std::fs::write(absurd.join("include/nccl.h"), nccl_h(99999)).unwrap();
    let build = build_of(&cuda_loader::NCCL, &[("NCCL_HOME", absurd.into())], &["BINDGEN"]);
    assert_sound(&build, "absurd");
    assert!(build.status.success(), "{}", build.stderr);
    let warnings = build.warnings().join("\n");
    assert!(warnings.contains("NCCL_VERSION_CODE 99999, which no NCCL release has"), "{warnings}");
    assert!(warnings.contains("Set NCCL_HOME"), "{warnings}");
    assert!(!warnings.contains("CUDA_PATH") && !warnings.contains("CUDA_VERSION"), "{warnings}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 33, item 6: a `nccl.h` clang rejects falls back to the bindings vendored from its
/// release, said with NCCL's version, and the remedy names `NCCL_HOME`, not `CUDA_PATH`.
fn item6_a_generated_nccl_header_that_fails_is_said_in_nccls_terms() {
    let dir = scratch("nccl-parse");
    std::fs::create_dir_all(dir.join("include")).unwrap();
    std::fs::write(dir.join("include/nccl.h"), format!("{}this is not C;\n", nccl_h(22105))).unwrap();
    let build = build_of(&cuda_loader::NCCL, &[("NCCL_HOME", dir.clone().into())], &["BINDGEN"]);
    assert_sound(&build, "parse");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(build.status.success(), "{}", build.stderr);
    let warnings = build.warnings().join("\n");
    assert!(warnings.contains("vendored from NCCL_VERSION_CODE 22105 are used (NCCL 2.21.5)"), "{warnings}");
    assert!(warnings.contains("point NCCL_HOME at"), "{warnings}");
    assert!(!warnings.contains("CUDA_PATH") && !warnings.contains("CUDA_VERSION"), "{warnings}");
}

/// Issue 33, item 8: a root variable that is not UTF-8, for every library that searches for its
/// header itself and every variable it reads (`NCCL_HOME`; `CUDA_PATH` and the others of the
/// toolkit): the header is found and its release's bindings used, nothing Cargo cannot hold is
/// published lossily (the linker's folders; the loader's are written losslessly, and lead it to
/// the library), no file is watched that does not exist;
/// with generation, the warning says the path is not UTF-8 and names the variable to change;
/// with `link`, a library folder Cargo cannot name stops the build with one sentence.
fn item8_a_non_utf8_root_of_any_library_is_said_and_never_published_lossily() {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("non-utf8-roots");
        // A toolkit library that looks for its toolkit itself (it follows no other crate) and
        // has no root of its own: its header declares its version function, returning its code.
        let searching = cuda_loader::ALL
            .iter()
            .copied()
            .find(|l| {
                matches!(l.role, cuda_loader::Role::Toolkit { .. })
                    && l.build.found.follows.is_none()
                    && l.build.found.home.is_none()
            })
            .expect("a toolkit library that looks for its toolkit itself");
        let searching_h =
            format!("{} {}(int *, int *);\n", searching.codes.type_name, searching.version_function.name);
        let searching_file = format!("lib64/{}", searching.files.of(12, false));
        // (library, its header's text, the library's file, the variables that name its root)
        let cases: [(&cuda_loader::Library, &str, &str, &[&str]); 3] = [
            (
                &cuda_loader::DRIVER,
                "",
                "lib64/stubs/libcuda.so",
                &["CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "CUDA_TOOLKIT_ROOT_DIR", "CUDA_PATH_V12_9"],
            ),
            (searching, &searching_h, &searching_file, &["CUDA_PATH", "CUDA_HOME", "CUDA_PATH_V12_9"]),
            (&cuda_loader::NCCL, &nccl_h(22105), "lib/libnccl.so.2", &["NCCL_HOME"]),
        ];
        for (library, text, file, variables) in cases {
            let name = [library.build.link.as_bytes(), b"-\xff"].concat();
            let root = dir.join(std::ffi::OsStr::from_bytes(&name));
            std::fs::create_dir_all(root.join("include")).unwrap();
            std::fs::write(root.join("include/cuda.h"), minimal_cuda_h(12090)).unwrap();
            if library.header != "cuda.h" {
                std::fs::write(root.join("include").join(library.header), text).unwrap();
            }
            std::fs::create_dir_all(root.join(file).parent().unwrap()).unwrap();
            std::fs::write(root.join(file), "").unwrap();
            for variable in variables {
                for features in [&[][..], &["BINDGEN"], &["LINK"]] {
                    let what = format!("{} {variable} {features:?}", library.crate_name);
                    let build = build_of(library, &[(variable, root.clone().into())], features);
                    assert_sound(&build, &what);
                    let warnings = build.warnings().join("\n");
                    if features == ["LINK"] && !matches!(library.role, cuda_loader::Role::Driver { .. }) {
                        // The library is in a folder the linker cannot be told of.
                        assert!(!build.status.success(), "{what}: {}", build.stdout);
                        let error: Vec<&str> =
                            build.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
                        assert_eq!(error.len(), 1, "{what}: {}", build.stderr);
                        assert!(
                            error[0].contains("not UTF-8")
                                && error[0].contains(&format!(
                                    "set {}",
                                    library.build.found.home.unwrap_or("CUDA_PATH")
                                )),
                            "{what}: {}",
                            error[0]
                        );
                        continue;
                    }
                    assert!(build.status.success(), "{what}: {}", build.stderr);
                    let version = if library.version.scheme == cuda_loader::NCCL.version.scheme {
                        "22105"
                    } else {
                        "12090"
                    };
                    assert!(
                        build.instructions("metadata").contains(&format!("version={version}").as_str()),
                        "{what}: {}",
                        build.stdout
                    );
                    if features == ["BINDGEN"] {
                        assert!(warnings.contains("not UTF-8"), "{what}: {warnings}");
                        assert!(warnings.contains(&format!("set {variable} to that")), "{what}: {warnings}");
                        assert!(!warnings.contains("install libclang"), "{what}: {warnings}");
                    }
                    if !matches!(library.role, cuda_loader::Role::Driver { .. }) {
                        // The loader is told of the library's folder, byte for byte (issue 41,
                        // item 17: it was left out, with a warning, and the library not loaded).
                        let dirs = build
                            .instructions("rustc-env")
                            .into_iter()
                            .find_map(|value| value.strip_prefix("CUDA_TOOLKIT_LIB_DIRS="));
                        let dirs = dirs.unwrap_or_else(|| panic!("{what}: {}", build.stdout));
                        let folder = root.join(file).parent().unwrap().to_path_buf();
                        assert!(cuda_loader::split_folders(dirs).contains(&folder), "{what}: {dirs}");
                        assert!(!warnings.contains("the loader does not look there"), "{what}: {warnings}");
                    }
                }
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Issue 33, items 7 and 18: every file a build reads (a library's header, the header that says
/// its version, a file of the vendored store) that is a FIFO, a folder, a device or unreadable:
/// the build never hangs (a FIFO blocked it forever) nor panics; it says which file and what it
/// is, and goes on to the next place or stops with one sentence.
fn item7_18_a_file_the_build_reads_that_is_no_regular_file_never_hangs_it() {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("odd-files");
        // SAFETY: reads this process's effective user id.
        let root_user = unsafe { geteuid() } == 0;
        // Each odd kind of file, made at a path.
        type Make = fn(&Path);
        let kinds: [(&str, Make); 4] = [
            ("a FIFO (named pipe)", |path: &Path| {
                let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
                // SAFETY: a valid C string.
                assert_eq!(unsafe { mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo {}", path.display());
            }),
            ("a folder", |path: &Path| std::fs::create_dir(path).unwrap()),
            ("a device", |path: &Path| std::os::unix::fs::symlink("/dev/zero", path).unwrap()),
            ("unreadable", |path: &Path| {
                use std::os::unix::fs::PermissionsExt as _;
                std::fs::write(path, "#define CUDA_VERSION 12090\n#define NCCL_VERSION_CODE 22105\n")
                    .unwrap();
                std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o000)).unwrap();
            }),
        ];
        for (kind, make) in kinds {
            if kind == "unreadable" && root_user {
                continue; // root reads any file.
            }
            // The toolkit's cuda.h, found by CUDA_PATH: looked past, said, and the build goes on
            // (here to no toolkit at all: the default vendored bindings).
            let root = dir.join(format!("cuda-{}", kind.replace(' ', "-")));
            std::fs::create_dir_all(root.join("include")).unwrap();
            make(&root.join("include/cuda.h"));
            let build = build_of(&cuda_loader::DRIVER, &[("CUDA_PATH", root.clone().into())], &[]);
            assert_sound(&build, kind);
            assert!(build.status.success(), "{kind}: {}", build.stderr);
            let warnings = build.warnings().join("\n");
            assert!(
                warnings.contains(&format!("CUDA_PATH: {}", root.join("include/cuda.h").display())),
                "{kind}: {warnings}"
            );
            if kind != "unreadable" {
                assert!(warnings.contains(kind), "{kind}: {warnings}");
            }

            // nccl.h under NCCL_HOME: the same, and the build binds NCCL's oldest vendored release.
            let home = dir.join(format!("nccl-{}", kind.replace(' ', "-")));
            std::fs::create_dir_all(home.join("include")).unwrap();
            make(&home.join("include/nccl.h"));
            let build = build_of(&cuda_loader::NCCL, &[("NCCL_HOME", home.clone().into())], &["BINDGEN"]);
            assert_sound(&build, kind);
            assert!(build.status.success(), "{kind}: {}", build.stderr);
            let warnings = build.warnings().join("\n");
            assert!(
                warnings.contains(&home.join("include/nccl.h").display().to_string()),
                "{kind}: {warnings}"
            );

            // A file of the vendored store: the build stops, naming it.
            let package = dir.join(format!("store-{}", kind.replace(' ', "-")));
            let store = package.join("src/vendored");
            std::fs::create_dir_all(&store).unwrap();
            for entry in std::fs::read_dir(manifest_dir().join("src/vendored")).unwrap() {
                let entry = entry.unwrap();
                std::fs::copy(entry.path(), store.join(entry.file_name())).unwrap();
            }
            let odd = store.join(edits::file_name(cuda_loader::DRIVER.build.binding.vendored_stem, 13050));
            std::fs::remove_file(&odd).unwrap();
            make(&odd);
            let toolkit_root =
                toolkit(&dir, format!("toolkit-{}", kind.replace(' ', "-")), &minimal_cuda_h(13050));
            let build = build_of(
                &cuda_loader::DRIVER,
                &[("CUDA_PATH", toolkit_root.into()), ("CARGO_MANIFEST_DIR", package.into())],
                &[],
            );
            build.assert_no_panic();
            assert!(!build.status.success(), "{kind}: {}", build.stdout);
            let error: Vec<&str> = build.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
            assert_eq!(error.len(), 1, "{kind}: {}", build.stderr);
            assert!(error[0].contains(&odd.display().to_string()), "{kind}: {}", error[0]);
        }
        // (An unreadable file's mode is given back, so that the folder can be removed.)
        let _ = Command::new("chmod").args(["-R", "u+rwx"]).arg(&dir).status();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[cfg(unix)]
extern "C" {
    fn mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
    fn geteuid() -> u32;
}

/// Issue 33, item 8, every variable the generator reads: `LIBCLANG_PATH` and clang's extra
/// arguments (plain and the target's) that are not UTF-8 are said, naming the variable, and the
/// build falls back to the vendored bindings of the header's release: bindgen left such extra
/// arguments out without a word, generating without what the user asked for.
fn item8_a_non_utf8_variable_the_generator_reads_is_said() {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("non-utf8-variables");
        let root = toolkit(&dir, "cuda", &minimal_cuda_h(12090));
        let target = "x86_64-unknown-linux-gnu";
        let target_args = format!("BINDGEN_EXTRA_CLANG_ARGS_{target}");
        for (variable, value) in [
            ("LIBCLANG_PATH", &b"/tmp/odd-\xff"[..]),
            ("BINDGEN_EXTRA_CLANG_ARGS", b"-DODD=\xff"),
            (target_args.as_str(), b"-DODD=\xff"),
        ] {
            let vars = [
                ("CUDA_PATH", root.clone().into()),
                ("TARGET", target.into()),
                (variable, std::ffi::OsStr::from_bytes(value).to_os_string()),
            ];
            let build = build_of(&cuda_loader::DRIVER, &vars, &["BINDGEN"]);
            assert_sound(&build, variable);
            assert!(build.status.success(), "{variable}: {}", build.stderr);
            assert!(
                build.instructions("metadata").contains(&"bindings=vendored"),
                "{variable}: {}",
                build.stdout
            );
            let warnings = build.warnings().join("\n");
            assert!(
                warnings.contains(&format!("{variable}=")) && warnings.contains("not UTF-8"),
                "{variable}: {warnings}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A file at `root/path` (its folders made), empty, or a link to `target` beside it.
#[cfg(unix)]
fn place(root: &Path, path: &str, target: Option<&str>) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    match target {
        Some(target) => std::os::unix::fs::symlink(target, &path).unwrap(),
        None => std::fs::write(&path, "").unwrap(),
    }
}

/// The one sentence a failed build says (stderr, blank lines aside).
fn the_error(build: &Build, what: &str) -> String {
    assert!(!build.status.success(), "{what}: the build succeeded:\n{}", build.stdout);
    let lines: Vec<&str> = build.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{what}: {}", build.stderr);
    lines[0].to_string()
}

/// The variables by which a crate that follows `links` is told of a toolkit at `root` of
/// `version` (what that crate's build publishes).
fn followed(links: &str, root: &Path, version: u32) -> Vec<(String, OsString)> {
    let key = |k: &str| format!("DEP_{}_{k}", links.to_uppercase());
    vec![
        (key("VERSION"), version.to_string().into()),
        (key("HEADER_VERSION"), version.to_string().into()),
        (key("ROOT"), root.into()),
        (key("INCLUDE"), root.join("include").into()),
        (key("HEADERS"), "cuda.h".into()),
    ]
}

fn vars(list: &[(String, OsString)]) -> Vec<(&str, OsString)> {
    list.iter().map(|(k, v)| (k.as_str(), v.clone())).collect()
}

/// Issue 33, item 13: a header of one release and the library the build finds of another are
/// refused with both releases named, for every library described with a header version and a
/// library file found at build time: a library keyed by CUDA's version with a partner library
/// (its one sibling, whose header includes the one holding the library's numbers, as a partner's
/// header includes its library's `_api.h`): its header's `<PREFIX>_VER_*` against the `lib<name>.so` that `link` links,
/// or the toolkit's file of the major the loader tries first, and the partner beside it; the
/// runtime (`CUDART_VERSION` against a wheel's record of its file), and NCCL (an older library
/// refused, a newer one taken, as its loader does). The same trees with the libraries of the
/// header's release build.
fn item13_a_header_and_a_library_of_two_releases_stop_the_build() {
    #[cfg(unix)]
    {
        let dir = scratch("releases");
        let library = cuda_loader::ALL
            .iter()
            .copied()
            .find(|l| {
                l.version.scheme == cuda_loader::Scheme::CUDA
                    && l.build.found.follows.is_some()
                    && l.siblings.len() == 1
                    && l.build
                        .binding
                        .constant_prefixes
                        .first()
                        .is_some_and(|p| l.siblings[0].build.binding.constant_prefixes.contains(p))
            })
            .expect("a library keyed by CUDA's version whose partner reads its numbers");
        let partner = library.siblings[0];
        let prefix = library.build.binding.constant_prefixes[0];
        let numbers_h = format!("{}_numbers.h", library.build.link);
        // `lib<name>.so`, to which a release is added (`lib<name>.so.13.1.0.3`).
        let stem = |l: &cuda_loader::Library| l.files.of(13, false).strip_suffix(".13").unwrap().to_string();
        let (what, partner_what) = (library.what, partner.what);
        // A CUDA 13.0 toolkit whose library header is 13.1.0, with the files of the releases
        // given: the development link's (none: no such link), the library's and its partner's.
        let tree = |name: &str, dev: &str, soname: &str, partner_release: &str| {
            let root = toolkit(&dir, name, &minimal_cuda_h(13000));
            let include = root.join("include");
            std::fs::write(include.join(library.header), format!("#include \"{numbers_h}\"\n")).unwrap();
            std::fs::write(
                include.join(&numbers_h),
                format!(
                    "#define {prefix}_VER_MAJOR 13\n#define {prefix}_VER_MINOR 1\n#define {prefix}_VER_PATCH 0\n\
                     #define {prefix}_VER_BUILD 3\n"
                ),
            )
            .unwrap();
            std::fs::write(include.join(partner.header), format!("#include <{numbers_h}>\n")).unwrap();
            let file = format!("{}.{soname}", stem(library));
            place(&root, &format!("lib64/{file}"), None);
            place(&root, &format!("lib64/{}", library.files.of(13, false)), Some(&file));
            if !dev.is_empty() {
                let dev = format!("{}.{dev}", stem(library));
                place(&root, &format!("lib64/{dev}"), None);
                place(&root, &format!("lib64/{}", stem(library)), Some(&dev));
            }
            let file = format!("{}.{partner_release}", stem(partner));
            place(&root, &format!("lib64/{file}"), None);
            place(&root, &format!("lib64/{}", partner.files.of(13, false)), Some(&file));
            root
        };
        // (what, the toolkit root, the crate's features, what the refusal says, if refused)
        type Case<'a> = (&'a str, PathBuf, &'a [&'a str], Option<[String; 2]>);
        let cases: [Case; 5] = [
            (
                "link, the development link's file of 12.9",
                tree("dev12", "12.9.1.4", "13.1.0.3", "13.1.0.3"),
                &["LINK"],
                Some([
                    format!("{what} 13.1.0 ({prefix}_VER_* of {numbers_h})"),
                    format!("{what} 12.9.1.4 (its file name, {}.12.9.1.4)", stem(library)),
                ]),
            ),
            (
                "loaded, the toolkit's file of major 13 of 13.0",
                tree("soname13.0", "", "13.0.2.14", "13.1.0.3"),
                &[],
                Some([
                    format!("{what} 13.1.0"),
                    format!("which the loader tries first at run time, is {what} 13.0.2.14"),
                ]),
            ),
            (
                "link, the partner of 13.0",
                tree("partner13.0", "13.1.0.3", "13.1.0.3", "13.0.2.14"),
                &["LINK"],
                Some([
                    format!("{partner_what} 13.1.0"),
                    format!("{partner_what} 13.0.2.14 (its file name, {}.13.0.2.14)", stem(partner)),
                ]),
            ),
            ("link, one release", tree("one", "13.1.0.3", "13.1.0.3", "13.1.0.3"), &["LINK"], None),
            ("loaded, one release", tree("one-loaded", "", "13.1.0.3", "13.1.0.3"), &[], None),
        ];
        let follows = library.build.found.follows.unwrap();
        for (what, root, features, refused) in cases {
            let build = build_of(library, &vars(&followed(follows, &root, 13000)), features);
            assert_sound(&build, what);
            match refused {
                Some(said) => {
                    let error = the_error(&build, what);
                    for said in said {
                        assert!(error.contains(&said), "{what}: {said}: {error}");
                    }
                    assert!(error.contains("point CUDA_PATH at a root whose"), "{what}: {error}");
                }
                None => assert!(build.status.success(), "{what}: {}", build.stderr),
            }
        }

        // The runtime from a wheel whose record says another release than its header.
        let site = dir.join("site-packages");
        let root = site.join("nvidia/cu13");
        std::fs::create_dir_all(root.join("include")).unwrap();
        std::fs::write(root.join("include/cuda.h"), minimal_cuda_h(13000)).unwrap();
        std::fs::write(root.join("include/cuda_runtime_api.h"), "#define CUDART_VERSION 13000\n").unwrap();
        place(&root, "lib/libcudart.so.13", None);
        let record = |version: &str| {
            let _ = std::fs::remove_dir_all(site.join("nvidia_cuda_runtime-12.9.79.dist-info"));
            let _ = std::fs::remove_dir_all(site.join("nvidia_cuda_runtime-13.0.96.dist-info"));
            let dist = site.join(format!("nvidia_cuda_runtime-{version}.dist-info"));
            std::fs::create_dir_all(&dist).unwrap();
            let listed = "nvidia/cu13/include/cuda_runtime_api.h,sha256=x,1\nnvidia/cu13/lib/libcudart.so.13,sha256=y,2\n";
            std::fs::write(dist.join("RECORD"), listed).unwrap();
        };
        let runtime = |what: &str| {
            let build =
                build_of(&cuda_loader::RUNTIME, &vars(&followed("libcuda_sys", &root, 13000)), &["LINK"]);
            assert_sound(&build, what);
            build
        };
        record("12.9.79");
        let error = the_error(&runtime("wheel of 12.9"), "wheel of 12.9");
        assert!(error.contains("the CUDA runtime 13.0 (CUDART_VERSION 13000)"), "{error}");
        assert!(
            error.contains(
                "the CUDA runtime 12.9.79 (the wheel that installed it, nvidia_cuda_runtime-12.9.79)"
            ),
            "{error}"
        );
        record("13.0.96");
        let build = runtime("wheel of 13.0");
        assert!(build.status.success(), "{}", build.stderr);

        // CUDA 11's runtime wheel ships its file under the ABI's name, libcudart.so.11.0, for
        // every 11.x: that names the major only, and an 11.8 header takes it.
        let eleven = toolkit(&dir, "cuda-11.8", &minimal_cuda_h(11080));
        std::fs::write(eleven.join("include/cuda_runtime_api.h"), "#define CUDART_VERSION 11080\n").unwrap();
        place(&eleven, "lib/libcudart.so.11.0", None);
        for features in [&[][..], &["LINK"]] {
            let build =
                build_of(&cuda_loader::RUNTIME, &vars(&followed("libcuda_sys", &eleven, 11080)), features);
            assert_sound(&build, "11.8");
            assert!(build.status.success(), "11.8 {features:?}: {}", build.stderr);
        }

        // NCCL: an older library is refused, a newer one taken (newer NCCLs keep every function).
        let nccl = dir.join("nccl");
        std::fs::create_dir_all(nccl.join("include")).unwrap();
        std::fs::write(nccl.join("include/nccl.h"), nccl_h(22707)).unwrap();
        for (library, refused) in
            [("libnccl.so.2.21.5", true), ("libnccl.so.2.28.3", false), ("libnccl.so.2.27.7", false)]
        {
            place(&nccl, &format!("lib/{library}"), None);
            place(&nccl, "lib/libnccl.so", Some(library));
            let build = build_of(&cuda_loader::NCCL, &[("NCCL_HOME", nccl.clone().into())], &["LINK"]);
            assert_sound(&build, library);
            if refused {
                let error = the_error(&build, library);
                assert!(error.contains("the NCCL library 2.27.7 (NCCL_VERSION_CODE 22707)"), "{error}");
                assert!(
                    error.contains("the NCCL library 2.21.5 (its file name, libnccl.so.2.21.5)"),
                    "{error}"
                );
                assert!(error.contains("point NCCL_HOME at"), "{error}");
            } else {
                assert!(build.status.success(), "{library}: {}", build.stderr);
            }
            std::fs::remove_file(nccl.join("lib").join(library)).unwrap();
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Issue 33, item 16: cudart-sys's `static` feature links `libcudart_static.a` only of the
/// header's release. The archive says no release of its own, so what installed it is read: the
/// toolkit's version.json, the wheel's record, or the shared libcudart of the same package
/// beside it; another release than the header's stops the build naming both. An archive
/// nothing tells the release of is linked with a warning (strict mode: an error).
fn item16_a_static_runtime_of_another_release_than_the_header_stops_the_build() {
    #[cfg(unix)]
    {
        let dir = scratch("static-release");
        let runtime = |name: &str| {
            let root = toolkit(&dir, name, &minimal_cuda_h(13000));
            std::fs::write(root.join("include/cuda_runtime_api.h"), "#define CUDART_VERSION 13000\n")
                .unwrap();
            place(&root, "targets/x86_64-linux/lib/libcudart_static.a", None);
            root
        };
        let version_json = |version: &str| {
            format!(
                "{{\n  \"cuda\" : {{ \"name\" : \"CUDA SDK\", \"version\" : \"13.0.0\" }},\n  \"cuda_cudart\" : {{\n    \
                 \"name\" : \"CUDA Runtime (cudart)\",\n    \"version\" : \"{version}\"\n  }}\n}}\n"
            )
        };
        let build_static = |root: &Path, strict: bool| {
            let mut list = followed("libcuda_sys", root, 13000);
            if strict {
                list.push(("CUDA_SYS_STRICT".into(), "1".into()));
            }
            build_of(&cuda_loader::RUNTIME, &vars(&list), &["STATIC"])
        };

        let json = runtime("json-12.9");
        std::fs::write(json.join("version.json"), version_json("12.9.79")).unwrap();
        let build = build_static(&json, false);
        assert_sound(&build, "version.json of 12.9");
        let error = the_error(&build, "version.json of 12.9");
        assert!(
            error.contains("libcudart_static.a, which the build links, is the CUDA runtime 12.9.79"),
            "{error}"
        );
        assert!(error.contains("the CUDA runtime 13.0 (CUDART_VERSION 13000)"), "{error}");
        assert!(error.contains("version.json's \"cuda_cudart\""), "{error}");

        std::fs::write(json.join("version.json"), version_json("13.0.96")).unwrap();
        let build = build_static(&json, false);
        assert!(build.status.success(), "version.json of 13.0: {}", build.stderr);
        assert!(build.warnings().is_empty(), "{:?}", build.warnings());

        let beside = runtime("beside-12.9");
        place(&beside, "targets/x86_64-linux/lib/libcudart.so.12.9.79", None);
        place(&beside, "targets/x86_64-linux/lib/libcudart.so", Some("libcudart.so.12.9.79"));
        let error = the_error(&build_static(&beside, false), "libcudart.so.12.9.79 beside it");
        assert!(error.contains("is the CUDA runtime 12.9.79"), "{error}");
        assert!(error.contains("the shared library beside it"), "{error}");

        // (A wheel's libcudart.so.13 beside it names the major only: no release.)
        let unknown = runtime("unknown");
        place(&unknown, "targets/x86_64-linux/lib/libcudart.so.13", None);
        let build = build_static(&unknown, false);
        assert_sound(&build, "unknown");
        assert!(build.status.success(), "{}", build.stderr);
        let warnings = build.warnings().join("\n");
        assert!(
            warnings.contains("nothing says which release") && warnings.contains("libcudart_static.a"),
            "{warnings}"
        );
        assert!(warnings.contains("linked as the CUDA runtime 13.0"), "{warnings}");
        let error = the_error(&build_static(&unknown, true), "unknown, strict");
        assert!(error.contains("nothing says which release"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// The `cuda_header` cfgs and `DEP_<LINKS>_HEADERS` of a build.
fn headers_told(build: &Build) -> (Vec<String>, String) {
    let cfgs = build
        .instructions("rustc-cfg")
        .iter()
        .filter_map(|cfg| cfg.strip_prefix("cuda_header=\"")?.strip_suffix('"').map(String::from))
        .collect();
    let published =
        build.instructions("metadata").iter().find_map(|m| m.strip_prefix("headers=")).map(String::from);
    (cfgs, published.unwrap_or_else(|| panic!("no headers= metadata: {}", build.stdout)))
}

/// Issue 41, item 1: a header bound beside the library's own (`cudaProfiler.h`) is bound where
/// the toolkit has it, and the build says which were (NVIDIA's runtime wheel has no profiler
/// header: code that names `cudaProfilerStart` follows `cfg(cuda_header)`).
fn issue41_item1_the_headers_bound_are_cfgs_where_the_toolkit_has_them() {
    let dir = scratch("profiler");
    let root = toolkit(&dir, "cuda", &minimal_cuda_h(12090));
    let vars = [("CUDA_PATH", root.clone().into_os_string()), ("TARGET", "x86_64-unknown-linux-gnu".into())];
    let build = run("libcuda-sys", &vars, true);
    assert!(build.status.success(), "{}", build.stderr);
    assert!(build.instructions("metadata").contains(&"bindings=generated"), "{}", build.stdout);
    assert_eq!(headers_told(&build), (vec!["cuda.h".to_string()], "cuda.h".to_string()));

    std::fs::write(root.join("include/cudaProfiler.h"), "CUresult cuProfilerStart(void);\n").unwrap();
    let build = run("libcuda-sys", &vars, true);
    assert!(build.status.success(), "{}", build.stderr);
    let (cfgs, published) = headers_told(&build);
    assert_eq!(cfgs, ["cuda.h", "cudaProfiler.h"]);
    assert_eq!(published, "cuda.h,cudaProfiler.h");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 41, item 1: vendored bindings (made from toolkits that have every header) say so, as
/// generated ones do: the cfgs are the same whichever path ran.
fn issue41_item1_vendored_bindings_say_every_header_they_were_made_from() {
    let dir = scratch("vendored-headers");
    let root = toolkit(&dir, "cuda", &minimal_cuda_h(13000));
    let build = run("libcuda-sys", &[("CUDA_PATH", root.into_os_string())], false);
    assert!(build.status.success(), "{}", build.stderr);
    assert!(build.instructions("metadata").contains(&"bindings=vendored"), "{}", build.stdout);
    assert_eq!(headers_told(&build).0, ["cuda.h", "cudaProfiler.h"]);
    // cudart-sys adds its own to those of libcuda-sys, which it follows.
    let deps = [
        ("DEP_LIBCUDA_SYS_VERSION", OsString::from("13000")),
        ("DEP_LIBCUDA_SYS_HEADERS", OsString::from("cuda.h,cudaProfiler.h")),
    ];
    let build = build_of(&cuda_loader::RUNTIME, &deps, &[]);
    assert!(build.status.success(), "{}", build.stderr);
    let (cfgs, published) = headers_told(&build);
    assert_eq!(
        cfgs,
        ["cuda.h", "cudaProfiler.h", "cuda_profiler_api.h", "cuda_runtime_api.h", "library_types.h"]
    );
    assert_eq!(published, cfgs.join(","));
    // A followed crate that published none (another version of it) is said, not guessed.
    let build = build_of(&cuda_loader::RUNTIME, &[("DEP_LIBCUDA_SYS_HEADERS", OsString::new())], &[]);
    assert!(
        the_error(&build, "no headers").contains("DEP_LIBCUDA_SYS_HEADERS is not set"),
        "{}",
        build.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 41, item 4: a header of a major older than the oldest release a crate binds (a
/// library with a root of its own whose description is of a later major, with parts the older
/// one never had) is refused at build time with both majors and the variable named, generated
/// from or not; its oldest release builds. The library is each description whose scheme can say
/// a release of the major before its oldest vendored one (in the older coding where it has one).
/// A toolkit older than the oldest CUDA major bound is refused alike.
fn issue41_item4_a_header_of_a_major_older_than_the_crate_binds_stops_the_build() {
    let dir = scratch("older-major");
    let mut tested = 0;
    for library in cuda_loader::ALL.iter().copied() {
        let (Some(own), Some(variable)) = (library.build.own, library.build.found.home) else { continue };
        let scheme = library.version.scheme;
        // `nvidia-<name>-cu12==9.0.0.312`: 9, 0, 0.
        let oldest: Vec<i64> = own.vendored[0]
            .split_once("==")
            .unwrap()
            .1
            .split('.')
            .take(3)
            .map(|n| n.parse().unwrap())
            .collect();
        let oldest = scheme.number(oldest[0], oldest[1], oldest[2]).unwrap();
        let major = i64::from(library.major(oldest as u32));
        let older = match scheme.older_major_unit {
            Some(unit) => {
                Some((major - 1) * unit + 9 * scheme.minor_unit + 7).filter(|v| *v < scheme.major_unit)
            }
            None => scheme.number(major - 1, 9, 7),
        };
        let Some(older) = older.filter(|v| scheme.plausible(*v)) else { continue };
        tested += 1;
        // A root whose header says `version` by its macro, where the description says it is.
        let root_of = |name: &str, version: i64| {
            let root = dir.join(name);
            std::fs::create_dir_all(root.join("include")).unwrap();
            let define = format!("#define {} {version}\n", library.version.macro_name);
            match library.version.header {
                Some(header) if header != library.header => {
                    std::fs::write(root.join("include").join(header), &define).unwrap();
                    std::fs::write(
                        root.join("include").join(library.header),
                        format!("#include \"{header}\"\n"),
                    )
                    .unwrap();
                }
                _ => std::fs::write(root.join("include").join(library.header), &define).unwrap(),
            }
            root
        };
        let name = format!("{}-older", library.build.link);
        let root = root_of(&name, older);
        for features in [&[][..], &["BINDGEN"]] {
            let what = format!("{} {features:?}", scheme.text(older));
            let build = build_of(library, &[(variable, root.clone().into())], features);
            assert_sound(&build, &what);
            let error = the_error(&build, &what);
            for part in [
                format!(
                    "{name}/include/{} is {} ({} {older}",
                    library.header,
                    scheme.text(older),
                    library.version.macro_name
                ),
                format!("binds major {major} and later"),
                scheme.text(oldest),
                format!("set {variable}"),
            ] {
                assert!(error.contains(&part), "{what}: {part}: {error}");
            }
        }
        let root = root_of(&format!("{}-oldest", library.build.link), oldest);
        let build = build_of(library, &[(variable, root.into())], &[]);
        assert!(build.status.success(), "{}: {}", scheme.text(oldest), build.stderr);
    }
    assert!(tested > 0, "no description with a root of its own can say a release older than its oldest");

    let ten = toolkit(&dir, "cuda10", &minimal_cuda_h(10020));
    let build = run("libcuda-sys", &[("CUDA_PATH", ten.into_os_string())], false);
    let error = the_error(&build, "CUDA 10");
    assert!(
        error.contains("is CUDA 10.2 (CUDA_VERSION 10020") && error.contains("binds major 11"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 41, item 18: pip's CUDA 12 wheel of a math library (its 12.9, in `nvidia/<name>`) beside
/// CUDA 13.0's runtime wheel (`nvidia/cu13`) built the 12.9 bindings that then loaded the
/// library's CUDA 13 file: refused at build time naming both, for every library keyed by CUDA's
/// version whose own major differs between CUDA 12 and 13 (its description's `releases`); the
/// library of the toolkit's major builds. Its numbers are in its header, or (every other library)
/// in a header it includes, as a library's `_v2.h` includes its `_api.h`.
fn issue41_item18_a_library_header_of_another_cuda_major_than_the_toolkit_stops_the_build() {
    let dir = scratch("mix");
    let nvidia = dir.join("site-packages/nvidia");
    let cu13 = toolkit(&nvidia, "cu13", &minimal_cuda_h(13000));
    // The numbers of a wheel's version (`13.1.0.3`: 13, 1, 0).
    let numbers = |wheel: &str| -> [u32; 3] {
        let parts: Vec<u32> = wheel.split('.').take(3).map(|n| n.parse().unwrap()).collect();
        [parts[0], parts[1], parts[2]]
    };
    let pin = |library: &cuda_loader::Library, cuda: &str| {
        library
            .build
            .releases
            .iter()
            .rev()
            .find(|(release, _)| release.split('.').next() == Some(cuda))
            .map(|(_, w)| *w)
    };
    let keyed: Vec<(&cuda_loader::Library, [u32; 3], [u32; 3])> = cuda_loader::ALL
        .iter()
        .copied()
        .filter(|l| l.version.scheme == cuda_loader::Scheme::CUDA && l.build.found.follows.is_some())
        .filter(|l| !l.build.found.beside.is_empty() && !l.build.binding.constant_prefixes.is_empty())
        .filter_map(|l| Some((l, numbers(pin(l, "12")?), numbers(pin(l, "13")?))))
        .filter(|(_, twelve, thirteen)| twelve[0] != thirteen[0])
        .collect();
    assert!(
        keyed.len() >= 2,
        "no two libraries keyed by CUDA's version with a major of their own per CUDA major"
    );
    for (i, &(library, twelve, thirteen)) in keyed.iter().enumerate() {
        let prefix = library.build.binding.constant_prefixes[0];
        let include = nvidia.join(library.build.found.beside[0]).join("include");
        let defines_in =
            if i % 2 == 0 { format!("{}_numbers.h", library.build.link) } else { library.header.into() };
        for ([major, minor, patch], refused) in [(twelve, true), (thirteen, false)] {
            let _ = std::fs::remove_dir_all(&include);
            std::fs::create_dir_all(&include).unwrap();
            let defines = format!(
                "#define {prefix}_VER_MAJOR {major}\n#define {prefix}_VER_MINOR {minor}\n#define {prefix}_VER_PATCH {patch}\n"
            );
            if defines_in == library.header {
                std::fs::write(include.join(library.header), defines).unwrap();
            } else {
                std::fs::write(include.join(library.header), format!("#include \"{defines_in}\"\n")).unwrap();
                std::fs::write(include.join(&defines_in), defines).unwrap();
            }
            let what = format!("{} {major}.{minor}.{patch} beside CUDA 13.0", library.what);
            let follows = library.build.found.follows.unwrap();
            let build = build_of(library, &vars(&followed(follows, &cu13, 13000)), &[]);
            assert_sound(&build, &what);
            if !refused {
                assert!(build.status.success(), "{what}: {}", build.stderr);
                continue;
            }
            // The CUDA majors whose wheels are of this major of the library's (CUDA 12, or 11 too).
            let mut shipped: Vec<String> = library
                .build
                .releases
                .iter()
                .filter(|(_, wheel)| numbers(wheel)[0] == major)
                .map(|(cuda, _)| format!("CUDA {}", cuda.split('.').next().unwrap()))
                .collect();
            shipped.dedup();
            let with = shipped.join(" and ");
            assert!(with.ends_with("CUDA 12"), "{what}: {with}");
            let error = the_error(&build, &what);
            for part in [
                format!("{} {major}.{minor}.{patch} ({prefix}_VER_* of {defines_in})", library.what),
                format!("ships with {with}, and the toolkit"),
                format!("is CUDA 13.0, whose {}", library.files.of(13, false)),
                format!("point CUDA_PATH at a toolkit of {with}"),
            ] {
                assert!(error.contains(&part), "{what}: {part}: {error}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
