//! Repository chores, run as `cargo xtask <command>`.
//!
//! - `headers [DIR [WHICH]]`: fetch the CUDA versions CI builds and tests the workspace against
//!   from NVIDIA's wheels on PyPI into `DIR/<version>` (default `.cuda-headers`), laid out as a
//!   toolkit: `include/` (cuda.h, cuda_runtime_api.h, crt/, the profiler's, each library's
//!   where CI builds its crate, ...) and `lib/` (libcudart, and each library a test loads or
//!   links there: its description's `build.whole_wheel`). Prints each root, one
//!   per line.
//!   With WHICH, the roots it names instead (`all`: every supported release, `newest`,
//!   `newest-12`, `major-13`, `default`, `gpu`): scripts ask for a toolkit by purpose, never by a
//!   version typed again. A library whose description pins no wheel for a release it has is
//!   said in a line (stderr), naming what to do.
//! - `root-vars`: the variables that may name a toolkit root, in the order the finder reads them.
//! - `<link> [DIR [MAJOR|all|headers]]`, for each library with a root of its own, by its link
//!   name (`build.link`): the releases its description's `build.own` lists: the one CI builds
//!   against with CUDA MAJOR (default: the newest major's; `all`: each major's), whole, into
//!   `DIR/<link>-<version>-cu<MAJOR>` (default `.homes`, as `homes`): `include/` and `lib/`, a root for
//!   its variable (`found.home`); with `headers`, a root of headers only for each release vendored.
//!   Prints each root.
//! - `homes [DIR [RELEASE|all|headers]]`: every library with a root of its own, as `VAR=ROOT`
//!   (`<VARIABLE>=DIR/<link>-<version>-cu13 ...`, default DIR `.homes`):
//!   with RELEASE (`13.0`, `13`, a toolkit root named by its release, or one release as `headers`
//!   selects it: `gpu`, `newest`; default the newest major), the roots CI builds against with that CUDA major, on one line, for `env`; with `all`,
//!   each major's, and with `headers`, every vendored release's headers, a line each. What the
//!   commands above fetch, for every such library at once: CI's scripts name none of them.
//! - `pip [WHICH]`: for each release WHICH selects (as `headers` does), every wheel a user's
//!   `pip install` may bring of it, a line each, tab-separated: release, crate, requirement
//!   (`13.0`, `cudart-sys`, `nvidia-cuda-runtime==13.0.96`): what CI installs into virtual
//!   environments to build against NVIDIA's wheels as pip lays them out (`.ci/pip-layouts`).
//! - `pins WHEEL`: the `releases` table of a description whose wheel is WHEEL (`nvidia-<name>`),
//!   from PyPI: for each release of [`VERSIONS`], the version uploaded with its runtime's wheel,
//!   as the Rust lines to paste (stdout), and how each was chosen (stderr).
//! - `vendor [--check] [--headers DIR] [--homes DIR] [--only CRATE]`: regenerate the vendored bindings of every
//!   release (what generation from that release's header gives): every CUDA version of the list
//!   for each library of the toolkit; each release of a library with a root of its own
//!   (its description's `build.own.vendored`). Each crate keeps
//!   them as edit scripts in `src/vendored/` (`cuda_bindings_build::edits`): the newest release
//!   whole, each older one as what differs from the next newer. Only the headers it generates
//!   from are read (the toolkit's, the library's and those its types come from: a few MB with
//!   `--only`), into the roots `headers` makes (a root it lacks, or lacks them in, is fetched).
//!   A release a library has without its wheel pinned is an error naming what to do. With
//!   `--check`, fail if any release a build makes from them differs by a byte from what the
//!   generator makes. Either way, fail where a description's table of sentences lacks a code of
//!   any release or words a code of none.
//! - `porting [--check] [--headers DIR]`: rewrite PORTING.md's table of anonymous members from
//!   every version's cuda.h; with `--check`, fail if it differs.
//! - `libraries`: every library's description as CI's scripts read it, a line each, tab-separated:
//!   package, `links` key, Rust path, header, version macro, version's cfg (`cuda`, a
//!   library's own `scheme.cfg`, `-` for none), its own root variable (or `-`), cuda-checked's feature (or `-`), crate folder.
//!   With `tensorrt`, the same line for TensorRT's crate (`cuda_loader::TENSORRT`, apart from
//!   `ALL`: its CI is `.ci/tensorrt`); with `every`, every crate's line (`cuda_loader::every()`),
//!   for a script that must know each library without knowing which lists there are.
//! - `tensorrt headers|vendor|vendored|stand-in|dump ...`: TensorRT's headers and nvinfer-sys's
//!   vendored bindings (see the `tensorrt` module).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use cuda_bindings_build::{edits, generate};
use cuda_bindings_build::{Library, ALL};
use cuda_loader::OwnReleases;

mod tensorrt;

/// A CUDA release CI builds against, from NVIDIA's wheels on PyPI: the toolkit's own wheels, and
/// each library's wheel of that release (pinned in its description, see [`library_wheels`]),
/// which join its root as in a toolkit (a wheel's root: [`wheel_root`]).
struct Version {
    version: &'static str,
    /// The runtime wheel: `include/` (cuda.h, cuda_runtime_api.h, ...) and `lib/` (libcudart).
    runtime: &'static str,
    /// The wheel with `include/crt/`, which cuda_runtime_api.h includes and the runtime wheel
    /// lacks (CUDA 11 and 12: nvcc's; 13: its own).
    crt: &'static str,
    /// The wheel with the profiler's headers (`cuda_profiler_api.h`, `cudaProfiler.h`), which
    /// the generator binds beside the main ones.
    profiler: &'static str,
    /// The wheel with `include/nv/`, which cuda_fp16.h includes from CUDA 12 on (libraries'
    /// headers include cuda_fp16.h).
    cccl: Option<&'static str>,
    /// NVTX's wheel (`nvtx3/`, headers only), from CUDA 13 on: the book's C++ twin of
    /// nvtx_memory_alloc includes it (nvtx3-sys needs none: its loader is ported to Rust).
    nvtx: Option<&'static str>,
}

/// What of a library's wheel is unpacked into the toolkit root (see [`what_to_unpack`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unpack {
    Headers,
    Whole,
}

use Unpack::{Headers, Whole};

/// The one list of CUDA versions in the repository: every release the crates support (each
/// minor NVIDIA shipped a runtime wheel for; there was no 12.7), increasing. Each has vendored
/// bindings of its own; CI reads the list from `cargo xtask headers`.
const VERSIONS: &[Version] = &[
    Version {
        version: "11.8",
        runtime: "nvidia-cuda-runtime-cu11==11.8.89",
        crt: "nvidia-cuda-nvcc-cu11==11.8.89",
        profiler: "nvidia-cuda-profiler-api-cu11==11.8.86",
        cccl: None,
        nvtx: None,
    },
    Version {
        version: "12.0",
        runtime: "nvidia-cuda-runtime-cu12==12.0.107",
        crt: "nvidia-cuda-nvcc-cu12==12.0.140",
        profiler: "nvidia-cuda-profiler-api-cu12==12.0.140",
        // 12.0's CCCL wheels lack nv/target (only a toolkit had it then); 12.9's is the same
        // preprocessor header.
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "12.1",
        runtime: "nvidia-cuda-runtime-cu12==12.1.105",
        crt: "nvidia-cuda-nvcc-cu12==12.1.105",
        profiler: "nvidia-cuda-profiler-api-cu12==12.1.105",
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "12.2",
        runtime: "nvidia-cuda-runtime-cu12==12.2.140",
        crt: "nvidia-cuda-nvcc-cu12==12.2.140",
        profiler: "nvidia-cuda-profiler-api-cu12==12.2.140",
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "12.3",
        runtime: "nvidia-cuda-runtime-cu12==12.3.101",
        crt: "nvidia-cuda-nvcc-cu12==12.3.107",
        profiler: "nvidia-cuda-profiler-api-cu12==12.3.101",
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "12.4",
        runtime: "nvidia-cuda-runtime-cu12==12.4.127",
        crt: "nvidia-cuda-nvcc-cu12==12.4.131",
        profiler: "nvidia-cuda-profiler-api-cu12==12.4.127",
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "12.5",
        runtime: "nvidia-cuda-runtime-cu12==12.5.82",
        crt: "nvidia-cuda-nvcc-cu12==12.5.82",
        profiler: "nvidia-cuda-profiler-api-cu12==12.5.39",
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "12.6",
        runtime: "nvidia-cuda-runtime-cu12==12.6.77",
        crt: "nvidia-cuda-nvcc-cu12==12.6.85",
        profiler: "nvidia-cuda-profiler-api-cu12==12.6.77",
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "12.8",
        runtime: "nvidia-cuda-runtime-cu12==12.8.90",
        crt: "nvidia-cuda-nvcc-cu12==12.8.93",
        profiler: "nvidia-cuda-profiler-api-cu12==12.8.90",
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "12.9",
        runtime: "nvidia-cuda-runtime-cu12==12.9.79",
        crt: "nvidia-cuda-nvcc-cu12==12.9.86",
        profiler: "nvidia-cuda-profiler-api-cu12==12.9.79",
        cccl: Some("nvidia-cuda-cccl-cu12==12.9.27"),
        nvtx: None,
    },
    Version {
        version: "13.0",
        runtime: "nvidia-cuda-runtime==13.0.96",
        crt: "nvidia-cuda-crt==13.0.88",
        profiler: "nvidia-cuda-profiler-api==13.0.85",
        cccl: Some("nvidia-cuda-cccl==13.0.85"),
        nvtx: Some("nvidia-nvtx==13.0.85"),
    },
    Version {
        version: "13.1",
        runtime: "nvidia-cuda-runtime==13.1.80",
        crt: "nvidia-cuda-crt==13.1.80",
        profiler: "nvidia-cuda-profiler-api==13.1.80",
        cccl: Some("nvidia-cuda-cccl==13.1.78"),
        nvtx: Some("nvidia-nvtx==13.1.68"),
    },
    Version {
        version: "13.2",
        runtime: "nvidia-cuda-runtime==13.2.86",
        crt: "nvidia-cuda-crt==13.2.86",
        profiler: "nvidia-cuda-profiler-api==13.2.86",
        cccl: Some("nvidia-cuda-cccl==13.2.86"),
        nvtx: Some("nvidia-nvtx==13.2.86"),
    },
    Version {
        version: "13.3",
        runtime: "nvidia-cuda-runtime==13.3.29",
        crt: "nvidia-cuda-crt==13.3.33",
        profiler: "nvidia-cuda-profiler-api==13.3.27",
        cccl: Some("nvidia-cuda-cccl==13.3.3.3.1"),
        nvtx: Some("nvidia-nvtx==13.3.29"),
    },
    Version {
        version: "13.4",
        runtime: "nvidia-cuda-runtime==13.4.92",
        crt: "nvidia-cuda-crt==13.4.92",
        profiler: "nvidia-cuda-profiler-api==13.4.92",
        cccl: Some("nvidia-cuda-cccl==13.3.4.3.1"),
        nvtx: Some("nvidia-nvtx==13.4.92"),
    },
    Version {
        version: "13.5",
        runtime: "nvidia-cuda-runtime==13.5.37",
        crt: "nvidia-cuda-crt==13.5.37",
        profiler: "nvidia-cuda-profiler-api==13.5.25",
        cccl: Some("nvidia-cuda-cccl==13.3.5.0.6"),
        nvtx: Some("nvidia-nvtx==13.5.25"),
    },
];

/// The CUDA of the GPU machine (driver 580, CUDA 13.0): what its bundles are built against, as
/// headers newer than its driver could bind functions it lacks.
const GPU_MACHINE: &str = "13.0";

/// The library with a root of its own whose link name is `name` (`build.link`): `cargo xtask <name>`.
fn own_library(name: &str) -> Option<&'static Library> {
    ALL.iter().copied().find(|l| l.build.own.is_some() && l.build.link == name)
}

/// The releases of `library`, which has a root of its own (its description's `build.own`).
fn own_releases(library: &'static Library) -> Result<&'static OwnReleases, String> {
    library
        .build
        .own
        .as_ref()
        .ok_or(format!("{}: its description lists no releases of its own (build.own)", library.crate_name))
}

/// `cargo xtask libraries` (see the module docs): what CI's scripts know of each library, from
/// its description and its crate's Cargo.toml, never typed again in a script.
fn libraries(root: &Path, which: Option<&str>) -> Result<(), String> {
    let list: Vec<&Library> = match which {
        None => ALL.to_vec(),
        // One line for nvinfer-sys: its first description (libnvinfer) speaks for the crate.
        Some("tensorrt") => cuda_loader::TENSORRT.iter().take(1).copied().collect(),
        // Every crate's line: `ALL`'s, then each crate described apart from it, by its first
        // description.
        Some("every") => {
            let mut crates: Vec<&Library> = Vec::new();
            for library in cuda_loader::every() {
                if !crates.iter().any(|l| l.crate_name == library.crate_name) {
                    crates.push(library);
                }
            }
            crates
        }
        Some(other) => return Err(format!("libraries [tensorrt|every]: `{other}` is no list of libraries")),
    };
    for library in list {
        let dir = crate_dir(root, library.crate_name)?;
        let toml = std::fs::read_to_string(dir.join("Cargo.toml")).map_err(|e| e.to_string())?;
        let links = toml
            .lines()
            .find_map(|line| line.trim().strip_prefix("links = \""))
            .and_then(|rest| rest.strip_suffix('"'))
            .ok_or(format!("{}: no links key", library.crate_name))?;
        // The cfg its version gives dependents (`cuda`, a library's own), `-` for none.
        let scheme = library.version.scheme.cfg.unwrap_or("-");
        let folder = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        println!(
            "{}\t{links}\t{}\t{}\t{}\t{scheme}\t{}\t{}\t{folder}",
            library.crate_name,
            library.rust_path,
            library.header,
            library.version.macro_name,
            library.build.found.home.unwrap_or("-"),
            library.build.feature.unwrap_or("-"),
        );
    }
    Ok(())
}

/// The folder of the workspace member whose package is `name` (which its folder's name need not
/// be: a `lib<name>-sys` package may be in `<name>-sys/`).
fn crate_dir(root: &Path, name: &str) -> Result<PathBuf, String> {
    let entries = std::fs::read_dir(root).map_err(|e| format!("{}: {e}", root.display()))?;
    entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|dir| {
            std::fs::read_to_string(dir.join("Cargo.toml"))
                .is_ok_and(|toml| toml.lines().any(|line| line.trim() == format!("name = \"{name}\"")))
        })
        .ok_or(format!("no workspace member is the package {name}"))
}

/// A folder argument, absolute (what the subcommands print is a root other scripts use from
/// other folders), or the workspace's `default` when none is given.
fn folder(arg: Option<&String>, root: &Path, default: &str) -> PathBuf {
    // (No std::path::absolute: the workspace's Rust is 1.77.)
    let absolute =
        |dir: &String| std::env::current_dir().map_or_else(|_| PathBuf::from(dir), |cwd| cwd.join(dir));
    arg.map(absolute).unwrap_or_else(|| root.join(default))
}

/// Bytes this run read from PyPI: wheels downloaded whole, the ranges read of others, the
/// projects' JSON (pip's own index requests aside). A newcomer vendoring one library sees what it
/// cost; `vendor --only` is meant to read little.
static FETCHED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn fetched(bytes: u64) {
    FETCHED.fetch_add(bytes, std::sync::atomic::Ordering::Relaxed);
}

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let result = match args.first().map(String::as_str) {
        Some("headers") => {
            let dir = folder(args.get(1), &root, ".cuda-headers");
            select(args.get(2).map(String::as_str)).and_then(|versions| {
                let mut wants = Vec::new();
                for version in versions {
                    // A library without its wheel in the root is said, never left out silently.
                    for why in ALL.iter().filter_map(|library| unpinned(library, version)) {
                        eprintln!("xtask: warning: {why}; its headers are not in CUDA {version}'s root");
                    }
                    let v = release(version)?;
                    wants.push((v, pieces(v)));
                }
                fetch_many(&dir, &wants, |toolkit| println!("{}", toolkit.display())).map(drop)
            })
        }
        Some("root-vars") => {
            println!("{}", cuda_bindings_build::find::ROOT_VARS.join(" "));
            Ok(())
        }
        Some("pins") => match args.get(1) {
            Some(wheel) => pins(wheel),
            None => Err("pins WHEEL: which wheel (`nvidia-<name>`, as named from CUDA 13 on)?".into()),
        },
        Some("pip") => select(args.get(1).map(String::as_str)).map(|versions| {
            for version in versions {
                for (krate, requirement) in pip_requirements(version) {
                    println!("{version}\t{krate}\t{requirement}");
                }
            }
        }),
        Some("vendor") => vendor(&root, &args[1..]),
        Some("libraries") => libraries(&root, args.get(1).map(String::as_str)),
        Some("porting") => porting(&root, &args[1..]),
        Some("tensorrt") => tensorrt::main(&root, &args[1..]),
        Some("homes") => homes(&folder(args.get(1), &root, ".homes"), args.get(2).map(String::as_str)),
        // A library with a root of its own, by its link name (`build.link`).
        Some(name) if own_library(name).is_some() => {
            own_command(own_library(name).unwrap(), &folder(args.get(1), &root, ".homes"), args.get(2))
        }
        _ => {
            let own: Vec<String> = ALL
                .iter()
                .filter(|l| l.build.own.is_some())
                .map(|l| format!("{} [DIR [MAJOR|all|headers]]", l.build.link))
                .collect();
            Err(format!(
                "usage: cargo xtask headers [DIR [WHICH]] | root-vars | homes [DIR [RELEASE|all|headers]] | {} | \
                  pip [WHICH] | pins WHEEL | vendor [--check] [--headers DIR] [--homes DIR] [--only CRATE] | porting [--check] [--headers DIR] | libraries [tensorrt|every] | \
                  tensorrt headers|vendor|vendored|stand-in|dump ...",
                own.join(" | ")
            ))
        }
    };
    let bytes = FETCHED.load(std::sync::atomic::Ordering::Relaxed);
    if bytes > 0 {
        // On stderr: scripts read the roots printed on stdout.
        eprintln!(
            "xtask: read {:.1} MB from PyPI; {:.0} s in all",
            bytes as f64 / 1e6,
            started.elapsed().as_secs_f64()
        );
    }
    finish(result)
}

fn finish(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The versions `which` names, for scripts that need one toolkit for a purpose rather than a
/// version typed again: none (those CI tests the workspace against), `all` (every one),
/// `newest`, `newest-<major>`, `major-<major>` (every one of that major), `default` (the newest
/// of the major the vendored bindings default to), `gpu` (the GPU machine's).
fn select(which: Option<&str>) -> Result<Vec<&'static str>, String> {
    let all: Vec<&'static str> = VERSIONS.iter().map(|v| v.version).collect();
    let of_major = |major: &str| -> Vec<&'static str> {
        all.iter().copied().filter(|v| v.split('.').next() == Some(major)).collect()
    };
    let default_major = cuda_bindings_build::DEFAULT_MAJOR.to_string();
    let chosen = match which {
        None => tested(),
        Some("all") => all.clone(),
        Some("newest") => all.last().copied().into_iter().collect(),
        Some("gpu") => vec![GPU_MACHINE],
        Some("default") => of_major(&default_major).last().copied().into_iter().collect(),
        Some(other) => match (other.strip_prefix("newest-"), other.strip_prefix("major-")) {
            (Some(major), _) => of_major(major).last().copied().into_iter().collect(),
            (_, Some(major)) => of_major(major),
            _ => {
                return Err(format!(
                    "headers: no selection `{other}` (all, newest, newest-M, major-M, default, gpu)"
                ))
            }
        },
    };
    if chosen.is_empty() {
        return Err(format!("headers: no CUDA version is `{}`", which.unwrap_or_default()));
    }
    Ok(chosen)
}

/// The versions CI builds and tests the whole workspace against: the oldest and the newest of
/// each major (where an API starts and where it ends: 12.0 breaks 11's) and the GPU machine's.
/// Every version is vendored (the driver, the runtime, each toolkit library) and has its public items
/// compared, generated and vendored.
fn tested() -> Vec<&'static str> {
    let major = |v: &str| v.split('.').next().map(str::to_string);
    VERSIONS
        .iter()
        .enumerate()
        .filter(|(i, v)| {
            let first = *i == 0 || major(VERSIONS[i - 1].version) != major(v.version);
            let last = VERSIONS.get(i + 1).map_or(true, |next| major(next.version) != major(v.version));
            first || last || v.version == GPU_MACHINE
        })
        .map(|(_, v)| v.version)
        .collect()
}

/// `12.0` as `CUDA_VERSION` writes it: 12000.
fn cuda_number(version: &str) -> u32 {
    let (major, minor) = version.split_once('.').unwrap_or((version, "0"));
    major.parse::<u32>().unwrap_or(0) * 1000 + minor.parse::<u32>().unwrap_or(0) * 10
}

/// Where a wheel keeps its files: `nvidia/cu13` from CUDA 13 on, `nvidia/<its name>` before
/// (`nvidia-cuda-runtime-cu12==12.9.79`: `nvidia/cuda_runtime`), as pip lays them out.
fn wheel_root(requirement: &str) -> String {
    let project = requirement.split_once("==").map_or(requirement, |(name, _)| name);
    let (name, major) = match project.rsplit_once("-cu") {
        Some((name, major)) if major.chars().all(|c| c.is_ascii_digit()) => {
            (name, major.parse().unwrap_or(0))
        }
        _ => (project, 13),
    };
    if major >= 13 {
        format!("nvidia/cu{major}")
    } else {
        format!("nvidia/{}", name.trim_start_matches("nvidia-").replace('-', "_"))
    }
}

/// The libraries of CUDA `version`, each with its wheel (`name==version`) and what of it joins
/// the root: every description with a wheel pinned for that release (`build.releases`), so
/// that a new library is one more description, never an edit here.
fn library_wheels(version: &str) -> Vec<(&'static Library, String, Unpack)> {
    ALL.iter()
        .filter_map(|&library| {
            let wheel = library.build.wheel?;
            let (_, pinned) = library.build.releases.iter().find(|(release, _)| *release == version)?;
            Some((
                library,
                format!("{}=={pinned}", project(wheel, version)),
                what_to_unpack(library, version),
            ))
        })
        .collect()
}

/// The PyPI project of `wheel` (as named from CUDA 13 on) for CUDA `version`, as pip names it:
/// CUDA 11 and 12's carry their major (`nvidia-<name>-cu12`), 13's none.
fn project(wheel: &str, version: &str) -> String {
    cuda_loader::wheel_project(wheel, cuda_number(version) / 1000)
}

/// Why `library` has no wheel in CUDA `version`'s root where its description should pin one: a
/// description with a wheel pins it for every release from `found.since` on (the runtime's is
/// [`VERSIONS`]' own; a library with a root of its own lists its releases in its description's `build.own`).
fn unpinned(library: &Library, version: &str) -> Option<String> {
    let wheel = library.build.wheel?;
    let runtime = VERSIONS.iter().find(|v| v.version == version)?.runtime;
    let apart = library.build.found.home.is_some() || runtime.split_once("==")?.0 == project(wheel, version);
    let before = library.build.found.since.is_some_and(|first| cuda_number(version) < first);
    if apart || before || library.build.releases.iter().any(|(release, _)| *release == version) {
        return None;
    }
    Some(format!(
        "{}'s description pins no {} for CUDA {version}: add the line `cargo xtask pins {wheel}` prints for \
         {version} to its `releases` (cuda-loader/src/libraries.rs), or, if CUDA {version} has no such library, \
         start it later with `found.since`",
        library.crate_name,
        project(wheel, version)
    ))
}

/// `cargo xtask pins WHEEL` (see the module docs): the `releases` table of a description whose
/// wheel is `WHEEL`, from PyPI: for each release of [`VERSIONS`], the version of the wheel
/// uploaded with that release's runtime wheel ([`chosen_pin`]). Libraries number their own
/// versions (a library's 13.1.2.48 came with CUDA 13.3), so a pin is found by its upload, never by its
/// number. The table goes to stdout, how each pin was chosen to stderr.
fn pins(wheel: &str) -> Result<(), String> {
    if let Some((name, _)) =
        wheel.rsplit_once("-cu").filter(|(_, major)| major.chars().all(|c| c.is_ascii_digit()))
    {
        return Err(format!(
            "pins {wheel}: name the wheel as CUDA 13 does (`{name}`): xtask adds -cu11 and -cu12"
        ));
    }
    let table = derive_pins(wheel)?;
    // How each was chosen first, then the table alone: a terminal shows them apart.
    for (release, pinned, how) in &table {
        if pinned.is_some() {
            eprintln!("CUDA {release}: {how}");
        }
    }
    println!("    releases: &[");
    for (release, pinned, how) in &table {
        match pinned {
            Some(version) => println!("        (\"{release}\", \"{version}\"),"),
            None => println!(
                "        // CUDA {release}: none: {how}; leave {release} out, and if no earlier release has \
                 one either, set `found.since` to the first release with one"
            ),
        }
    }
    println!("    ],");
    Ok(())
}

/// A release, the version of a wheel published with it (`None`: none), and a sentence saying
/// how it was chosen (or why there is none).
type Pinned = (&'static str, Option<String>, String);

/// A project's releases as (version, upload time).
type Uploads = Vec<(String, String)>;

/// For each release of [`VERSIONS`], the version of `wheel` published with it ([`Pinned`]).
fn derive_pins(wheel: &str) -> Result<Vec<Pinned>, String> {
    let mut projects: Vec<String> = Vec::new();
    for v in VERSIONS {
        for name in [runtime_project(v)?.0, project(wheel, v.version)] {
            if !projects.contains(&name) {
                projects.push(name);
            }
        }
    }
    let uploads = uploads(&projects)?;
    let of =
        |name: &str| uploads.iter().find(|(n, _)| n == name).map_or(&[][..], |(_, list)| list.as_slice());
    let mut table: Vec<Pinned> = Vec::new();
    for v in VERSIONS {
        let (runtime, runtime_version) = runtime_project(v)?;
        let at = of(&runtime).iter().find(|(version, _)| *version == runtime_version).ok_or(format!(
            "PyPI lists no {} upload: correct VERSIONS' runtime for CUDA {}",
            v.runtime, v.version
        ))?;
        let name = project(wheel, v.version);
        table.push(match chosen_pin(of(&name), &at.1) {
            Pin::With { version, minutes } => {
                let when = if minutes < 0 {
                    format!("{} min before", -minutes)
                } else {
                    format!("{minutes} min after")
                };
                let how = format!("{name} {version}, uploaded {when} {}", v.runtime);
                (v.version, Some(version.to_string()), how)
            }
            Pin::Before(version) => {
                let mut how = format!(
                    "{name} {version}, the newest uploaded before {} (none was uploaded within a day of it)",
                    v.runtime
                );
                if let Some((previous, _, _)) =
                    table.last().filter(|(_, pin, _)| pin.as_deref() == Some(version))
                {
                    how += &format!(
                        "; CUDA {previous}'s too: check that NVIDIA published one with CUDA {}",
                        v.version
                    );
                }
                (v.version, Some(version.to_string()), how)
            }
            Pin::None if of(&name).is_empty() => (v.version, None, format!("PyPI has no project {name}")),
            Pin::None => (
                v.version,
                None,
                format!("no final release of {name} was uploaded before {} or within a day after", v.runtime),
            ),
        });
    }
    Ok(table)
}

/// The runtime wheel of `v`: (project, version).
fn runtime_project(v: &Version) -> Result<(String, &'static str), String> {
    let (name, version) = v.runtime.split_once("==").ok_or(format!("{}: no exact version", v.runtime))?;
    Ok((name.to_string(), version))
}

/// Each project's releases on PyPI, as (version, when its first file was uploaded), from its
/// JSON (`/pypi/NAME/json`); a project PyPI does not have has none.
fn uploads(projects: &[String]) -> Result<Vec<(String, Uploads)>, String> {
    let script = "import json, sys, urllib.error, urllib.request\n\
                  for name in sys.argv[1:]:\n\
                  \x20   try:\n\
                  \x20       body = urllib.request.urlopen('https://pypi.org/pypi/%s/json' % name, timeout=60).read()\n\
                  \x20   except urllib.error.HTTPError as error:\n\
                  \x20       if error.code != 404:\n\
                  \x20           sys.exit('PyPI: %s: %s' % (name, error))\n\
                  \x20       continue\n\
                  \x20   except OSError as error:\n\
                  \x20       sys.exit('PyPI: %s: %s' % (name, error))\n\
                  \x20   print('bytes\\t%d' % len(body))\n\
                  \x20   for version, files in json.loads(body)['releases'].items():\n\
                  \x20       if files:\n\
                  \x20           print('%s\\t%s\\t%s' % (name, version, min(f['upload_time'] for f in files)))";
    let output = Command::new("python3")
        .args(["-c", script])
        .args(projects)
        .output()
        .map_err(|e| format!("python3: {e} (install Python 3)"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_string());
    }
    let mut all: Vec<(String, Uploads)> = projects.iter().map(|p| (p.clone(), Vec::new())).collect();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[..] {
            ["bytes", n] => fetched(n.parse().unwrap_or(0)),
            [name, version, time] => {
                if let Some((_, list)) = all.iter_mut().find(|(p, _)| p == name) {
                    list.push((version.to_string(), time.to_string()));
                }
            }
            _ => return Err(format!("PyPI's uploads: a line not understood: {line}")),
        }
    }
    Ok(all)
}

/// How [`chosen_pin`] chose.
#[derive(Debug, PartialEq, Eq)]
enum Pin<'a> {
    /// Uploaded within a day of the runtime, `minutes` after it (before it: negative).
    With {
        version: &'a str,
        minutes: i64,
    },
    /// None was uploaded within a day: the newest uploaded before the runtime.
    Before(&'a str),
    None,
}

/// Which of a library's `uploads` (version, upload time) NVIDIA published with the runtime
/// uploaded at `runtime`: NVIDIA uploads a release's wheels together, the libraries a few
/// minutes *after* the runtime (a math library's, 3 to 16 minutes after, each release of 11.8 to 13.5),
/// so the final release uploaded nearest the runtime within a day; "the newest uploaded no later
/// than the runtime" would take the previous release's at nearly every release. A runtime
/// re-uploaded alone (13.0.96, two months after 13.0's libraries) has none that near: then the
/// newest uploaded before it. Pre-releases are never chosen.
fn chosen_pin<'a>(uploads: &'a [(String, String)], runtime: &str) -> Pin<'a> {
    const DAY: i64 = 24 * 60 * 60;
    let Some(at) = seconds(runtime) else { return Pin::None };
    let finals: Vec<(&str, Vec<u64>, i64)> = uploads
        .iter()
        .filter_map(|(version, time)| Some((version.as_str(), final_release(version)?, seconds(time)?)))
        .collect();
    let nearest = finals
        .iter()
        .filter(|(_, _, time)| (time - at).abs() <= DAY)
        .min_by(|a, b| (a.2 - at).abs().cmp(&(b.2 - at).abs()).then(b.1.cmp(&a.1)));
    if let Some((version, _, time)) = nearest {
        return Pin::With { version, minutes: (time - at) / 60 };
    }
    finals
        .iter()
        .filter(|(_, _, time)| *time <= at)
        .max_by(|a, b| a.1.cmp(&b.1))
        .map_or(Pin::None, |(version, _, _)| Pin::Before(version))
}

/// A final release's version as numbers to order by (`10.3.0.86`: [10, 3, 0, 86]; a `.postN`
/// after them); `None` for a pre-release (`rc1`, `.dev4`, `a0`, ...) or a version not of
/// numbers, which no CUDA release pins.
fn final_release(version: &str) -> Option<Vec<u64>> {
    let (release, post) = match version.split_once(".post") {
        Some((release, post)) => (release, post.parse().ok()?),
        None => (version, 0),
    };
    let mut numbers: Vec<u64> = release.split('.').map(|n| n.parse().ok()).collect::<Option<_>>()?;
    numbers.push(post);
    Some(numbers)
}

/// Seconds since 1970 of a time as PyPI writes its uploads' (`2025-12-05T17:34:27`, UTC; a
/// fraction of a second and a `Z`, as in `upload_time_iso_8601`, are ignored).
fn seconds(time: &str) -> Option<i64> {
    let (date, clock) = time.trim_end_matches('Z').split_once('T')?;
    let clock = clock.split('.').next()?;
    let date: Vec<i64> = date.split('-').map(|n| n.parse().ok()).collect::<Option<_>>()?;
    let clock: Vec<i64> = clock.split(':').map(|n| n.parse().ok()).collect::<Option<_>>()?;
    let (&[year, month, day], &[hour, minute, second]) = (&date[..], &clock[..]) else { return None };
    // Days from 1970-01-01 of a proleptic Gregorian date (a year counted from March).
    let (y, m) = if month <= 2 { (year - 1, month + 9) } else { (year, month - 3) };
    let era = y.div_euclid(400);
    let of_era = y - era * 400;
    let of_year = (153 * m + 2) / 5 + day - 1;
    let days = era * 146_097 + of_era * 365 + of_era / 4 - of_era / 100 + of_year - 719_468;
    Some(days * 86_400 + hour * 3600 + minute * 60 + second)
}

/// `cargo xtask pip` (see the module docs): each library's wheel of CUDA `version` as pip
/// names it, pinned, with the crate binding it: the runtime's, every library's of that release
/// (its description's), and the release of each library with a root of its own that CI builds
/// against with its major (`build.own`).
fn pip_requirements(version: &str) -> Vec<(&'static str, String)> {
    let major = (cuda_number(version) / 1000).to_string();
    let runtime = VERSIONS.iter().find(|v| v.version == version).map(|v| v.runtime);
    let mut wheels: Vec<(&'static str, String)> =
        runtime.map(|runtime| (cuda_loader::RUNTIME.crate_name, runtime.to_string())).into_iter().collect();
    wheels.extend(library_wheels(version).into_iter().map(|(library, wheel, _)| (library.crate_name, wheel)));
    for library in ALL {
        if let Some(requirement) = library.build.own.and_then(|own| own.for_major(&major)) {
            wheels.push((library.crate_name, requirement.to_string()));
        }
    }
    wheels
}

/// What of `library`'s wheel joins the root of CUDA `version`: the whole wheel only where a test
/// loads or links the library; otherwise its headers alone, read from PyPI (see [`extract`]).
/// - Every toolkit library at the GPU machine's release ([`GPU_MACHINE`]): the tests against
///   NVIDIA's real ones (tests/real_*.rs), and a library another loads from beside it (DT_NEEDED).
///   A library the driver ships (role `Driver`) has a wheel of its header only.
/// - Where its description's `build.whole_wheel` says so: at every release, or also at the
///   newest of a major (see [`WholeWheel`](cuda_loader::WholeWheel)).
fn what_to_unpack(library: &Library, version: &str) -> Unpack {
    use cuda_loader::WholeWheel;
    let gpu = version == GPU_MACHINE && matches!(library.role, cuda_loader::Role::Toolkit { .. });
    let described = match library.build.whole_wheel {
        WholeWheel::GpuMachine => false,
        WholeWheel::EveryRelease => true,
        WholeWheel::AlsoNewestOf(major) => {
            VERSIONS.iter().map(|v| v.version).rev().find(|v| cuda_number(v) / 1000 == major) == Some(version)
        }
    };
    if gpu || described {
        Whole
    } else {
        Headers
    }
}

/// A wheel (`name==version`) and the folder of it that joins a toolkit root (`include/`; `""`:
/// all of it).
type Piece = (String, String);

/// The release of [`VERSIONS`] that is `version`.
fn release(version: &str) -> Result<&'static Version, String> {
    VERSIONS.iter().find(|v| v.version == version).ok_or(format!("unknown CUDA version {version}"))
}

/// Everything `cargo xtask headers` joins into the root of `v`, in the order it joins (a file two
/// wheels have is the first's): the toolkit's wheels and each library's ([`what_to_unpack`] says how much).
/// The crt wheel may be nvcc's whole compiler, so its headers only; the profiler's and CCCL's
/// headers only.
fn pieces(v: &Version) -> Vec<Piece> {
    let piece = |requirement: &str, part: &str| (requirement.to_string(), part.to_string());
    let mut parts = vec![piece(v.runtime, ""), piece(v.crt, "include/crt/"), piece(v.profiler, "include/")];
    parts.extend(v.cccl.map(|cccl| piece(cccl, "include/nv/")));
    parts.extend(
        library_wheels(v.version)
            .iter()
            .map(|(_, requirement, part)| piece(requirement, if *part == Whole { "" } else { "include/" })),
    );
    parts.extend(v.nvtx.map(|nvtx| piece(nvtx, "include/")));
    parts
}

/// What generating `libraries`' bindings of `v` reads, headers only, in [`pieces`]' order: the
/// toolkit's (the runtime's, crt/, the profiler's, CCCL's nv/) and the wheel of each library and
/// of those its types come from (`found.follows`, `binding.shares_types_with`: a library
/// whose headers include two others'). No whole wheel, no other library's: vendoring one library
/// reads a few MB, where `headers` reads GB. A library (or one it needs) whose wheel is not
/// pinned for `v` is an error ([`unpinned`]), not a generation that later misses its header.
fn header_pieces(v: &Version, libraries: &[&Library]) -> Result<Vec<Piece>, String> {
    let mut needed: Vec<&Library> = Vec::new();
    let mut next: Vec<&Library> = libraries.to_vec();
    while let Some(library) = next.pop() {
        if needed.iter().any(|l| l.crate_name == library.crate_name) {
            continue;
        }
        needed.push(library);
        // `follows` is a `links` key (`libcuda_sys`), `shares_types_with` names Rust paths.
        next.extend(library.build.found.follows.and_then(|links| {
            ALL.iter().copied().find(|l| l.rust_path == links || l.crate_name.replace('-', "_") == links)
        }));
        next.extend(
            library
                .build
                .binding
                .shares_types_with
                .iter()
                .filter_map(|(_, path)| cuda_loader::by_rust_path(path)),
        );
    }
    if let Some(why) = needed.iter().find_map(|library| unpinned(library, v.version)) {
        return Err(why);
    }
    let toolkit: Vec<&str> = [v.runtime, v.crt, v.profiler].into_iter().chain(v.cccl).collect();
    Ok(pieces(v)
        .into_iter()
        .filter_map(|(requirement, part)| {
            let library = library_wheels(v.version).into_iter().find(|(_, r, _)| *r == requirement);
            let wanted = match library {
                Some((library, _, _)) => needed.iter().any(|l| l.crate_name == library.crate_name),
                None => toolkit.contains(&requirement.as_str()),
            };
            // The runtime's headers only, where `headers` takes its library too.
            let part = if part.is_empty() { "include/".to_string() } else { part };
            wanted.then_some((requirement, part))
        })
        .collect())
}

/// Whether `held` has `piece`: the same wheel, and a folder that holds the piece's.
fn covered(held: &[Piece], (requirement, part): &Piece) -> bool {
    held.iter().any(|(r, p)| r == requirement && part.starts_with(p.as_str()))
}

/// `a` and `b` together, each piece once (a piece another covers is left out), in `order`'s
/// order of wheels ([`pieces`]'): a root is the same whichever runs asked for its pieces.
fn joined(order: &[Piece], a: &[Piece], b: &[Piece]) -> Vec<Piece> {
    let mut all: Vec<Piece> = Vec::new();
    for piece in a.iter().chain(b) {
        let wider = |(r, p): &Piece| r == &piece.0 && piece.1.starts_with(p.as_str()) && p != &piece.1;
        if !all.contains(piece) && !a.iter().chain(b).any(wider) {
            all.push(piece.clone());
        }
    }
    let rank =
        |(requirement, _): &Piece| order.iter().position(|(r, _)| r == requirement).unwrap_or(order.len());
    all.sort_by_key(rank);
    all
}

/// [`fetch_pieces`] of each (release, pieces), a few at once (each fetches its wheels at once
/// too): the time is PyPI's answers, not this machine's (CI's 16 releases: 141 s one at a
/// time). `each` is given each root as its group of releases is done.
fn fetch_many(
    dir: &Path,
    wants: &[(&'static Version, Vec<Piece>)],
    mut each: impl FnMut(&Path),
) -> Result<Vec<PathBuf>, String> {
    let mut roots = Vec::new();
    for some in wants.chunks(4) {
        let fetched: Vec<Result<PathBuf, String>> = std::thread::scope(|scope| {
            let jobs: Vec<_> =
                some.iter().map(|(v, want)| scope.spawn(move || fetch_pieces(dir, v, want))).collect();
            jobs.into_iter()
                .map(|job| job.join().unwrap_or_else(|_| Err("a download thread stopped".into())))
                .collect()
        });
        for root in fetched {
            let root = root?;
            each(&root);
            roots.push(root);
        }
    }
    Ok(roots)
}

/// `DIR/<version>`, a toolkit root holding `include/` (with `crt/`) and `lib/` as far as `want`
/// asks, downloaded and unpacked if not already there: the wheels joined as in a toolkit. The
/// pieces a root holds are listed beside it (`DIR/<version>.pieces`); a root lacking some of
/// `want` is made afresh with those and `want` ([`joined`]), so that `headers` after `vendor
/// --only` makes the same root as `headers` alone.
fn fetch_pieces(dir: &Path, v: &Version, want: &[Piece]) -> Result<PathBuf, String> {
    let version = v.version;
    let root = dir.join(version);
    let list = dir.join(format!("{version}.pieces"));
    let held: Vec<Piece> = match std::fs::read_to_string(&list) {
        Ok(text) if root.is_dir() => text
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .map(|(requirement, part)| (requirement.to_string(), part.to_string()))
            .collect(),
        _ if complete(&root, v) => pieces(v),
        _ => Vec::new(),
    };
    if want.iter().all(|piece| covered(&held, piece)) {
        return Ok(root);
    }
    let parts = joined(&pieces(v), &held, want);
    if parts.first().map(|(r, _)| r.as_str()) != Some(v.runtime) {
        return Err(format!("CUDA {version}: a root is the runtime's wheel first, and {parts:?} is not"));
    }
    let unpacked = dir.join(format!("{version}.unpacked"));
    let _ = std::fs::remove_dir_all(&unpacked);
    let _ = std::fs::remove_file(&list);
    let _ = std::fs::remove_dir_all(&root);
    // Fetched at once, each into a folder of its own (CUDA 13's wheels share one root): each is
    // a few requests to PyPI, and CI waits on the slowest.
    std::thread::scope(|scope| {
        let jobs: Vec<_> = parts
            .iter()
            .enumerate()
            .map(|(i, (requirement, part))| {
                let dest = unpacked.join(i.to_string());
                scope.spawn(move || extract(dir, (requirement, &wheel_root(requirement)), part, &dest))
            })
            .collect();
        jobs.into_iter()
            .try_for_each(|job| job.join().unwrap_or_else(|_| Err("a download thread stopped".into())))
    })?;
    // Everything joins the runtime's root, as in a toolkit.
    let base = unpacked.join("0").join(wheel_root(v.runtime));
    for (i, (requirement, _)) in parts.iter().enumerate().skip(1) {
        merge(&unpacked.join(i.to_string()).join(wheel_root(requirement)), &base)?;
    }
    std::fs::rename(&base, &root).map_err(|e| format!("{}: {e}", root.display()))?;
    std::fs::remove_dir_all(&unpacked).map_err(|e| e.to_string())?;
    let text: String = parts.iter().map(|(requirement, part)| format!("{requirement}\t{part}\n")).collect();
    std::fs::write(&list, text).map_err(|e| format!("{}: {e}", list.display()))?;
    Ok(root)
}

/// Whether `root`, made before roots were listed ([`fetch_pieces`]), is the whole of [`pieces`]:
/// it has the headers of each.
fn complete(root: &Path, v: &Version) -> bool {
    let has = |header: &str| root.join("include").join(header).is_file();
    has("crt/host_defines.h")
        && has("cuda_profiler_api.h")
        && library_wheels(v.version).iter().all(|(library, _, _)| has(library.header))
        && (v.cccl.is_none() || has("nv/target"))
        && (v.nvtx.is_none() || has("nvtx3/nvToolsExt.h"))
}

/// Moves what `from` holds into `to`, folder by folder; a file `to` already has stays (the
/// runtime's, then the first wheel's).
fn merge(from: &Path, to: &Path) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(from) else { return Ok(()) };
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in entries.flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() && target.is_dir() {
            merge(&entry.path(), &target)?;
        } else if !target.exists() {
            std::fs::rename(entry.path(), &target).map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}

/// `cargo xtask <link>` (see the module docs), for `library`, which has a root of its
/// own: prints each root [`own_roots`] gives.
fn own_command(library: &'static Library, dir: &Path, which: Option<&String>) -> Result<(), String> {
    own_roots(library, dir, which.map(String::as_str))?
        .iter()
        .for_each(|root| println!("{}", root.display()));
    Ok(())
}

/// The roots of `library` (which has a root of its own) in `dir`, fetched where missing:
/// `headers`, a root of headers for each release vendored; `all`, every release tested, whole; a
/// major, that major's; none, the newest major's.
fn own_roots(library: &'static Library, dir: &Path, which: Option<&str>) -> Result<Vec<PathBuf>, String> {
    let own = own_releases(library)?;
    let majors: Vec<&str> = match which {
        Some("headers") => {
            return own
                .vendored
                .iter()
                .map(|r| fetch_own_headers(dir, r, own.inner, library.header))
                .collect();
        }
        Some("all") => own.tested.iter().map(|(major, _)| *major).collect(),
        Some(major) => vec![major],
        None => own.tested.last().map(|(major, _)| *major).into_iter().collect(),
    };
    majors.iter().map(|major| fetch_own(dir, library, major)).collect()
}

/// `cargo xtask homes` (see the module docs): every library with a root of its own, as the
/// variable naming that root and the root, so that CI's scripts pass each without naming it.
fn homes(dir: &Path, which: Option<&str>) -> Result<(), String> {
    let own: Vec<(&'static Library, &'static OwnReleases, &'static str)> = ALL
        .iter()
        .filter_map(|&library| Some((library, library.build.own.as_ref()?, library.build.found.home?)))
        .collect();
    let setting = |variable: &str, root: PathBuf| format!("{variable}={}", root.display());
    match which {
        Some("all") | Some("headers") => {
            for &(library, _, variable) in &own {
                own_roots(library, dir, which)?
                    .into_iter()
                    .for_each(|root| println!("{}", setting(variable, root)));
            }
            Ok(())
        }
        _ => {
            // A release (`13.0`), its major, a toolkit root named by its release (`.../13.0`), or
            // a selection of one release as `headers` takes it (`gpu`, `newest`, `newest-12`).
            let bad = || {
                format!(
                    "homes DIR RELEASE: `{}` is no CUDA release (13.0, 13, a toolkit root named by its release, gpu, newest, newest-12, default)",
                    which.unwrap_or_default()
                )
            };
            let named = which
                .map(|w| Path::new(w).file_name().map_or(w.into(), |n| n.to_string_lossy().into_owned()));
            let release = match named {
                Some(n) if n.starts_with(|c: char| c.is_ascii_digit()) => Some(n),
                Some(n) => match select(Some(&n)) {
                    Ok(one) if one.len() == 1 => Some(one[0].to_string()),
                    _ => return Err(bad()),
                },
                None => None,
            };
            let major = match &release {
                None => own.iter().filter_map(|(_, r, _)| r.tested.last().map(|(major, _)| *major)).max(),
                Some(release) => Some(release.split('.').next().unwrap_or(release)),
            };
            let major = match major {
                Some(major) if !major.is_empty() && major.bytes().all(|b| b.is_ascii_digit()) => major,
                _ => return Err(bad()),
            };
            let mut settings = Vec::new();
            for &(library, releases, variable) in &own {
                // A library with no release built for this major (`own.tested`) is left
                // unset, as a user without it would be: its crate binds its vendored release.
                if releases.tested.iter().any(|(m, _)| *m == major) {
                    settings.extend(
                        own_roots(library, dir, Some(major))?.into_iter().map(|root| setting(variable, root)),
                    );
                } else {
                    eprintln!("xtask: no {} for CUDA {major} in its description (build.own.tested): {variable} unset", library.what);
                }
            }
            println!("{}", settings.join(" "));
            Ok(())
        }
    }
}

/// `DIR/<link>-<version>-cu<major>` (`<link>-2.27.7-cu13`): the whole release of `library` (a
/// library with a root of its own) that CI builds against with CUDA `major` (its
/// `build.own.tested`): `include/` and `lib/`, downloaded and unpacked if not already there.
fn fetch_own(dir: &Path, library: &'static Library, major: &str) -> Result<PathBuf, String> {
    let own = own_releases(library)?;
    let &(_, requirement) = own.tested.iter().find(|(m, _)| *m == major).ok_or(format!(
        "no {} for CUDA {major} (there is one for CUDA {})",
        library.what,
        own.tested.iter().map(|(m, _)| *m).collect::<Vec<_>>().join(", ")
    ))?;
    let version = requirement.split_once("==").map_or("", |(_, v)| v);
    let name = format!("{}-{version}-cu{major}", library.build.link);
    let root = dir.join(&name);
    // Renamed into place once whole: a root with its header is complete.
    if root.join("include").join(library.header).is_file() && root.join("lib").is_dir() {
        return Ok(root);
    }
    let unpacked = dir.join(format!("{name}.unpacked"));
    let _ = std::fs::remove_dir_all(&unpacked);
    let _ = std::fs::remove_dir_all(&root);
    extract(dir, (requirement, own.inner), "", &unpacked)?;
    std::fs::rename(unpacked.join(own.inner), &root).map_err(|e| format!("{}: {e}", root.display()))?;
    std::fs::remove_dir_all(&unpacked).map_err(|e| e.to_string())?;
    Ok(root)
}

/// Unpacks `part` (a folder such as `include/`, or `""`: all) of the root `inner` of the wheel
/// `requirement` (`name==version`) into `dest/inner`. The whole root is downloaded into
/// `DIR/wheels` first; a part is read from PyPI with HTTP range requests instead, the zip's
/// directory and then only those files, so the headers of a 600 MB wheel cost about 1 MB.
/// Every file is checked against its CRC-32 and size ([`unzip`]); a downloaded wheel that is
/// damaged is deleted, so that the next run downloads it again. A failure of any other kind (the
/// network's, most often: a name not resolved, a connection reset) is tried twice more, after 5
/// and 10 s, before it is the error.
fn extract(dir: &Path, wheel: (&str, &str), part: &str, dest: &Path) -> Result<(), String> {
    let mut tries = 1;
    loop {
        match extract_once(dir, wheel, part, dest) {
            Err((why, true)) if tries < 3 => {
                eprintln!("xtask: {why}; trying again");
                std::thread::sleep(std::time::Duration::from_secs(5 * tries));
                tries += 1;
            }
            result => return result.map_err(|(why, _)| why),
        }
    }
}

/// [`extract`]'s one try: the error, and whether another try may do better.
fn extract_once(
    dir: &Path,
    (requirement, inner): (&str, &str),
    part: &str,
    dest: &Path,
) -> Result<(), (String, bool)> {
    let (wheel, downloaded) = if part.is_empty() {
        let wheel = download(dir, requirement).map_err(|why| (why, true))?;
        (wheel.to_string_lossy().into_owned(), Some(wheel))
    } else {
        (wheel_url(requirement).map_err(|why| (why, true))?, None)
    };
    match unzip(&wheel, dest, &format!("{inner}/{part}")) {
        Ok(()) => Ok(()),
        Err(Unzip::Damaged(why)) => {
            let deleted = match downloaded {
                Some(wheel) if std::fs::remove_file(&wheel).is_ok() => {
                    format!("; {} was deleted, so that the next run downloads it again", wheel.display())
                }
                _ => String::new(),
            };
            Err((format!("{requirement}: {why}{deleted}"), false))
        }
        Err(Unzip::Failed(why)) => Err((format!("{requirement}: {why}"), true)),
    }
}

/// Why [`unzip`] did not unpack.
#[derive(Debug)]
enum Unzip {
    /// The archive or a file in it is damaged (a bad CRC-32, a truncated download).
    Damaged(String),
    /// Anything else: the network, no such folder in the wheel, no Python.
    Failed(String),
}

/// Unpacks the files under `prefix` of `wheel` (a file, or an `https://` address) into `dest`,
/// each written whole under another name and renamed only once its CRC-32 and size are the
/// archive's: a damaged file leaves nothing behind, and the error names it. One sentence
/// either way (Python's own words for its error, never a traceback).
fn unzip(wheel: &str, dest: &Path, prefix: &str) -> Result<(), Unzip> {
    let output = Command::new("python3")
        .args(["-c", UNZIP])
        .arg(wheel)
        .arg(dest)
        .arg(prefix)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| Unzip::Failed(format!("python3: {e} (install Python 3)")))?;
    if output.status.success() {
        // The script's last line: the bytes it read over HTTP.
        let stdout = String::from_utf8_lossy(&output.stdout);
        fetched(stdout.lines().last().and_then(|n| n.trim().parse().ok()).unwrap_or(0));
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let said = stderr.lines().rev().find(|line| !line.trim().is_empty()).unwrap_or("").trim().to_string();
    let said = if said.is_empty() {
        format!("unpacking {prefix} of {wheel} failed ({})", output.status)
    } else {
        said
    };
    // (The script's status for a damaged archive.)
    if output.status.code() == Some(3) {
        Err(Unzip::Damaged(said))
    } else {
        Err(Unzip::Failed(said))
    }
}

/// `python3 -c UNZIP WHEEL DEST PREFIX`: WHEEL a file, or an `https://` address read by range
/// requests (a seekable file over HTTP, which `zipfile` reads as it would a file). Each file is
/// written as `NAME.partial`, checked against the archive's CRC-32 and size, then renamed; a
/// damaged one is deleted, and the script ends with one line and status 3. Every other failure
/// is one line too, status 1.
const UNZIP: &str = r#"
import io, os, sys, time, urllib.request, zipfile, zlib

def fail(message, status=1):
    print(message, file=sys.stderr)
    sys.exit(status)

class Remote(io.RawIOBase):
    def __init__(self, url):
        self.url, self.pos, self.start, self.data, self.fetched = url, 0, 0, b"", 0
        length = self.get(None).headers.get("Content-Length")
        if length is None or not length.isdigit():
            fail("%s: the server gave no length (Content-Length), so the archive cannot be read in parts" % url)
        self.size = int(length)
    def get(self, span):
        for attempt in range(4):
            try:
                headers = {"Range": "bytes=%d-%d" % span} if span else {}
                request = urllib.request.Request(self.url, headers=headers, method="GET" if span else "HEAD")
                response = urllib.request.urlopen(request, timeout=60)
                if span and response.status != 206:
                    fail("%s: the server ignored a range request" % self.url)
                return response
            except OSError as error:
                if attempt == 3:
                    fail("%s: %s" % (self.url, error))
                time.sleep(2 ** attempt)
    def readable(self): return True
    def seekable(self): return True
    def tell(self): return self.pos
    def seek(self, offset, whence=0):
        self.pos = (offset, self.pos + offset, self.size + offset)[whence]
        return self.pos
    def readinto(self, buffer):
        n = min(len(buffer), self.size - self.pos)
        if n <= 0:
            return 0
        if not (self.start <= self.pos and self.pos + n <= self.start + len(self.data)):
            # Read ahead: zipfile asks for a 30-byte local header, then the file after it.
            end = min(self.size, self.pos + max(n, 1 << 20)) - 1
            self.start, self.data = self.pos, self.get((self.pos, end)).read()
            self.fetched += len(self.data)
        offset = self.pos - self.start
        buffer[:n] = self.data[offset:offset + n]
        self.pos += n
        return n

wheel, dest, prefix = sys.argv[1:4]
try:
    remote = Remote(wheel) if wheel.startswith("https://") else None
    z = zipfile.ZipFile(remote or wheel)
except (zipfile.BadZipFile, EOFError) as error:
    fail("%s is a damaged zip archive (%s)" % (wheel, error), 3)
except OSError as error:
    fail("%s: %s" % (wheel, error))
members = [i for i in z.infolist() if i.filename.startswith(prefix)]
if not members:
    fail("%s has no %s" % (wheel, prefix))
for info in members:
    # The name's own folders only: no absolute path, no `..`.
    parts = [p for p in info.filename.split("/") if p not in ("", ".", "..")]
    if info.is_dir() or not parts:
        continue
    target = os.path.join(dest, *parts)
    partial = target + ".partial"
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        crc, size = 0, 0
        with z.open(info) as source, open(partial, "wb") as out:
            while True:
                chunk = source.read(1 << 20)
                if not chunk:
                    break
                crc, size = zlib.crc32(chunk, crc), size + len(chunk)
                out.write(chunk)
        if crc != info.CRC or size != info.file_size:
            raise zipfile.BadZipFile("its CRC-32 is %08x over %d bytes, and the archive says %08x over %d"
                                     % (crc, size, info.CRC, info.file_size))
        os.replace(partial, target)
    except (zipfile.BadZipFile, EOFError, zlib.error) as error:
        try:
            os.remove(partial)
        except OSError:
            pass
        fail("%s in %s is damaged (%s): nothing of it was written" % (info.filename, wheel, error), 3)
    except OSError as error:
        try:
            os.remove(partial)
        except OSError:
            pass
        fail("%s in %s could not be written to %s: %s" % (info.filename, wheel, target, error))
print(remote.fetched if remote else 0)
"#;

/// The address on PyPI of `requirement`'s wheel for x86-64 Linux (headers are the same on every
/// platform; that one exists for every NVIDIA wheel).
fn wheel_url(requirement: &str) -> Result<String, String> {
    let (name, version) = requirement.split_once("==").ok_or(format!("{requirement}: no exact version"))?;
    // The project's JSON (`/pypi/NAME/json`): its per-version one is missing for some releases.
    // Its addresses may be relative to it (a mirror's are).
    let script = "import json, sys, urllib.parse, urllib.request\n\
                  name, version = sys.argv[1:3]\n\
                  index = 'https://pypi.org/pypi/%s/json' % name\n\
                  try:\n    body = urllib.request.urlopen(index, timeout=60).read()\n\
                  except OSError as error:\n    sys.exit('PyPI: %s: %s' % (name, error))\n\
                  meta = json.loads(body)\n\
                  print(len(body))\n\
                  urls = [u['url'] for u in meta['releases'].get(version, []) \
                          if u['filename'].endswith('x86_64.whl') and 'linux' in u['filename']]\n\
                  print(urllib.parse.urljoin(index, urls[0])) if urls else sys.exit('no x86-64 Linux wheel of %s %s on PyPI' % (name, version))";
    let output = Command::new("python3")
        .args(["-c", script, name, version])
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    if !output.status.success() {
        return Err(format!("{requirement}: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    // The JSON's length, then the address.
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut lines = stdout.lines();
    fetched(lines.next().and_then(|n| n.trim().parse().ok()).unwrap_or(0));
    lines.next().map(|url| url.trim().to_string()).ok_or(format!("{requirement}: no address from PyPI"))
}

/// `DIR/headers/<requirement>/<inner>`: a root holding only the headers of a wheel of a library
/// with a root of its own (its description's `build.own`: `nvidia/<name>`),
/// read from PyPI if not already there.
fn fetch_own_headers(dir: &Path, requirement: &str, inner: &str, header: &str) -> Result<PathBuf, String> {
    let unpacked = dir.join("headers").join(requirement.replace("==", "-"));
    let root = unpacked.join(inner);
    if root.join("include").join(header).is_file() {
        return Ok(root);
    }
    // Unpacked beside, then renamed: a run that stops halfway leaves no root to be taken whole.
    let staging = dir.join("headers").join(format!("{}.unpacking", requirement.replace("==", "-")));
    let _ = std::fs::remove_dir_all(&staging);
    let _ = std::fs::remove_dir_all(&unpacked);
    extract(dir, (requirement, inner), "include/", &staging)?;
    std::fs::rename(&staging, &unpacked).map_err(|e| format!("{}: {e}", unpacked.display()))?;
    Ok(root)
}

/// The wheel for `requirement` (`name==version`) in `DIR/wheels`, downloaded if not there.
fn download(dir: &Path, requirement: &str) -> Result<PathBuf, String> {
    let wheels = dir.join("wheels");
    let (name, exact) = requirement.split_once("==").ok_or(format!("{requirement}: no exact version"))?;
    let prefix = format!("{}-{exact}-", name.replace('-', "_"));
    let find = || {
        std::fs::read_dir(&wheels)
            .ok()?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .find(|path| path.file_name().is_some_and(|n| n.to_string_lossy().starts_with(&prefix)))
    };
    if let Some(wheel) = find() {
        return Ok(wheel);
    }
    run(Command::new("python3")
        .args(["-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest"])
        .arg(&wheels)
        .arg(requirement))?;
    let wheel = find().ok_or(format!("pip left no {prefix}*.whl in {}", wheels.display()))?;
    fetched(std::fs::metadata(&wheel).map_or(0, |m| m.len()));
    Ok(wheel)
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    status.success().then_some(()).ok_or(format!("{command:?} failed: {status}"))
}

/// The folder of `--homes DIR` (default `.homes`): `cargo xtask homes`', the roots of the
/// libraries with a root of their own.
fn homes_dir(root: &Path, args: &[String]) -> Result<PathBuf, String> {
    Ok(match args.iter().position(|a| a == "--homes") {
        Some(i) => PathBuf::from(args.get(i + 1).ok_or("--homes needs a directory")?),
        None => root.join(".homes"),
    })
}

/// `--check`, and the folder of `--headers DIR` (default `.cuda-headers`).
fn options(root: &Path, args: &[String]) -> Result<(bool, PathBuf), String> {
    let check = args.iter().any(|a| a == "--check");
    let headers = match args.iter().position(|a| a == "--headers") {
        Some(i) => PathBuf::from(args.get(i + 1).ok_or("--headers needs a directory")?),
        None => root.join(".cuda-headers"),
    };
    Ok((check, headers))
}

fn vendor(root: &Path, args: &[String]) -> Result<(), String> {
    let (check, headers) = options(root, args)?;
    let homes = homes_dir(root, args)?;
    // `--only CRATE` (a package name, repeatable): vendor those libraries alone, as a newcomer
    // adding one does; CI checks them all.
    let only: Vec<&str> = args.windows(2).filter(|w| w[0] == "--only").map(|w| w[1].as_str()).collect();
    if let Some(unknown) = only.iter().find(|name| !ALL.iter().any(|l| l.crate_name == **name)) {
        return Err(format!(
            "vendor --only {unknown}: no library's crate is named so (cargo xtask libraries lists them)"
        ));
    }
    let mut stale = Vec::new();
    // Each crate's releases: (what it is, the API's include folder or None for the toolkit's,
    // the CUDA release whose toolkit root it needs).
    type Plan = (String, Option<PathBuf>, &'static str);
    let mut plans: Vec<(&Library, Vec<Plan>)> = Vec::new();
    // What each release's root must hold for them: only the headers these libraries read.
    let mut wants: Vec<(&'static Version, Vec<Piece>)> = Vec::new();
    for &library in ALL.iter().filter(|l| only.is_empty() || only.contains(&l.crate_name)) {
        let mut releases = Vec::new();
        if library.build.found.home.is_some() {
            // A library of its own: each of its releases' headers (`build.own`), with the
            // newest CUDA of the wheel's major (its header includes the runtime's).
            let own = own_releases(library)?;
            for &requirement in own.vendored {
                let major = OwnReleases::cuda_major(requirement);
                let cuda = select(Some(&format!(
                    "newest-{}",
                    major.ok_or(format!("{requirement}: no -cu<major>"))?
                )))?[0];
                let own = fetch_own_headers(&homes, requirement, own.inner, library.header)?;
                releases.push((format!("{requirement} with CUDA {cuda}"), Some(own.join("include")), cuda));
            }
        } else {
            // From the first release that has the library (`found.since`: a library NVIDIA
            // added after the oldest release).
            for version in select(Some("all"))?
                .into_iter()
                .filter(|v| library.build.found.since.map_or(true, |first| cuda_number(v) >= first))
            {
                releases.push((format!("CUDA {version}"), None, version));
            }
        }
        for (_, _, cuda) in &releases {
            let v = release(cuda)?;
            let want = header_pieces(v, &[library])?;
            match wants.iter_mut().find(|(w, _)| w.version == v.version) {
                Some((_, pieces)) => *pieces = joined(&[], pieces, &want),
                None => wants.push((v, want)),
            }
        }
        plans.push((library, releases));
    }
    let roots = fetch_many(&headers, &wants, |_| {})?;
    let root_of = |cuda: &str| -> PathBuf {
        let i = wants.iter().position(|(v, _)| v.version == cuda).expect("a root for each release asked");
        roots[i].join("include")
    };
    // Each crate's releases: (what it is, the API's include folder, the folders its includes
    // need besides).
    type Release = (String, PathBuf, Vec<PathBuf>);
    let crates: Vec<(&Library, Vec<Release>)> = plans
        .into_iter()
        .map(|(library, releases)| {
            let releases = releases
                .into_iter()
                .map(|(what, own, cuda)| match own {
                    Some(own) => (what, own, vec![root_of(cuda)]),
                    None => (what, root_of(cuda), Vec::new()),
                })
                .collect();
            (library, releases)
        })
        .collect();

    // Every release of every library generated first, on as many threads as the machine has
    // (each generation is one thread's libclang parse and bindgen's work: minutes in all,
    // serially); then each library's store, in order.
    let jobs: Vec<(&Library, &Release)> =
        crates.iter().flat_map(|(library, releases)| releases.iter().map(move |r| (*library, r))).collect();
    // Each include folder as pip installs it (no crt/), made afresh before the threads start:
    // the folders are shared between releases (a library of its own's with its CUDA's), and a wheel added since
    // the last run is in them.
    let mut pip: std::collections::BTreeMap<&Path, PathBuf> = Default::default();
    if check {
        for (_, (_, include, extra)) in &jobs {
            for dir in std::iter::once(include).chain(extra) {
                if !pip.contains_key(dir.as_path()) {
                    pip.insert(dir, pip_layout(dir)?);
                }
            }
        }
    }
    let mut generations = parallel_map(&jobs, |&(library, (what, include, extra))| {
        let generated =
            generate::generate(library, include, extra, false).map_err(|e| format!("{what}: {e}"))?;
        // What a user's build generates from the same release as pip installs it (NVIDIA's
        // comments kept): whether it is the vendored file, less the documentation (reported below).
        let users_same = if check {
            let pip_extra: Vec<PathBuf> = extra.iter().map(|dir| pip[dir.as_path()].clone()).collect();
            let users = generate::generate(library, &pip[include.as_path()], &pip_extra, true)
                .map_err(|e| format!("{what}, as pip installs it: {e}"))?;
            Some(without_docs(&users.text)? == without_docs(&generated.text)?)
        } else {
            None
        };
        Ok::<_, String>((generated, users_same))
    })
    .into_iter();

    for (library, releases) in crates {
        let dir = crate_dir(root, library.crate_name)?.join("src/vendored");
        let stem = library.build.binding.vendored_stem;
        // (version, its text, the release it was made from), by version: releases of one
        // version are one release of the store.
        let mut expected: Vec<(u32, String, String)> = Vec::new();
        // Each result code any release has, and the first release that has it.
        let mut codes: Vec<(String, String)> = Vec::new();
        for (what, _, _) in releases {
            let (generated, users_same) = generations.next().expect("a generation per release")?;
            for name in &generated.codes {
                if !codes.iter().any(|(known, _)| known == name) {
                    codes.push((name.clone(), what.clone()));
                }
            }
            if users_same == Some(false) {
                stale.push(format!(
                    "{} {} of {what}: generated as a user's build does, it is not the vendored bindings \
                     less their documentation",
                    library.crate_name, generated.version
                ));
            }
            match expected.iter().find(|(v, _, _)| *v == generated.version) {
                Some((_, text, from)) if *text != generated.text => {
                    return Err(format!(
                    "{what} and {from} both say {} {}, but their bindings differ: one file cannot hold both",
                    library.version.macro_name, generated.version
                ))
                }
                Some(_) => {}
                None => expected.push((generated.version, generated.text, what)),
            }
        }
        words_every_code(library, &codes)?;
        expected.sort_by_key(|(version, _, _)| *version);
        // The store: the newest release is the base, each older one is made from the next newer
        // (consecutive releases differ least; see cuda_bindings_build::edits).
        for (i, (version, text, what)) in expected.iter().enumerate() {
            let path = dir.join(edits::file_name(stem, *version));
            let parent = expected.get(i + 1).map(|(v, t, _)| (*v, t.as_str()));
            let file = edits::encode(stem, *version, parent, text);
            if check {
                // As a build makes it, byte for byte; and the file as this command writes it.
                if !path.exists() {
                    stale.push(format!("{} (missing)", path.display()));
                    continue;
                }
                match edits::materialize(&dir, stem, *version) {
                    Ok(release) if release.text == *text => {}
                    Ok(_) => stale.push(format!("{} (not what {what} gives)", path.display())),
                    Err(e) => stale.push(e.to_string()),
                }
                if std::fs::read(&path).ok().is_some_and(|bytes| bytes != file.as_bytes()) {
                    stale.push(format!("{} (not as `cargo xtask vendor` writes it)", path.display()));
                }
            } else if std::fs::read(&path).ok().as_deref() != Some(file.as_bytes()) {
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                std::fs::write(&path, file).map_err(|e| format!("{}: {e}", path.display()))?;
                println!("wrote {}", path.display());
            }
        }
        // Files of this API that are not the store's: releases the generator no longer makes,
        // and anything else named like them (the complete files vendored before the store).
        let ours: Vec<PathBuf> =
            expected.iter().map(|(v, _, _)| dir.join(edits::file_name(stem, *v))).collect();
        for entry in std::fs::read_dir(&dir).map_err(|e| e.to_string())?.filter_map(Result::ok) {
            let path = entry.path();
            let named_like =
                path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(&format!("{stem}_")));
            if named_like && !ours.contains(&path) {
                if check {
                    stale.push(format!("{} (not made by the generator)", path.display()));
                } else {
                    std::fs::remove_file(&path).map_err(|e| e.to_string())?;
                    println!("removed {}", path.display());
                }
            }
        }
    }
    if stale.is_empty() {
        return Ok(());
    }
    Err(format!(
        "the vendored bindings differ from what the generator makes of the headers: {}\n\
         run `cargo xtask vendor` and commit the result (never edit those files by hand)",
        stale.join(", ")
    ))
}

/// Where `library`'s description words its codes itself (a math library's table of sentences):
/// a sentence for each of `codes` (every release's, with the first release having it), and none
/// for a code no release has. The crate's loader tests check one release's header; the codes
/// differ between releases (a math library of CUDA 13 dropped three and added four), so only here,
/// where every release is generated, can a sentence for a code no release has be found.
fn words_every_code(library: &Library, codes: &[(String, String)]) -> Result<(), String> {
    let cuda_loader::ErrorText::Table(table) = library.codes.text else { return Ok(()) };
    let fix = format!("in its Table in cuda-loader/src/libraries.rs ({})", library.crate_name);
    for (name, what) in codes {
        if !table.iter().any(|(worded, _)| worded == name) {
            return Err(format!(
                "{} of {what} has {name}, for which {}'s description has no sentence: add one {fix}",
                library.header, library.what
            ));
        }
    }
    for (worded, _) in table {
        if !codes.iter().any(|(name, _)| name == worded) {
            return Err(format!(
                "{}'s description has a sentence for {worded}, which no release's {} has: correct or remove it {fix}",
                library.what, library.header
            ));
        }
    }
    Ok(())
}

/// `f` of each item, on as many threads as the machine has, in the items' order.
fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(items.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break done };
                        done.push((i, f(item)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// The headers of `include` (a toolkit's) as NVIDIA's wheels install them with pip, without the
/// `crt/` that CUDA 11 and 12 ship apart (the generator stands in for it): a copy beside the
/// toolkits, `<headers>/pip/<release>/include`, made afresh by each run.
fn pip_layout(include: &Path) -> Result<PathBuf, String> {
    let root = include.parent().ok_or("an include folder has a parent")?;
    let headers = root.parent().ok_or("a toolkit root has a parent")?;
    let copy = headers.join("pip").join(root.file_name().unwrap_or_default()).join("include");
    // Always afresh: a copy of an earlier run lacks the headers of wheels added since.
    let partial = copy.with_extension("partial");
    let _ = std::fs::remove_dir_all(&partial);
    copy_tree(include, &partial, "crt")?;
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::rename(&partial, &copy).map_err(|e| format!("{}: {e}", copy.display()))?;
    Ok(copy)
}

/// Copies the folder `from` to `to`, less its entry named `skip`.
fn copy_tree(from: &Path, to: &Path, skip: &str) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?.flatten() {
        let (path, target) = (entry.path(), to.join(entry.file_name()));
        if entry.file_name() == skip {
            continue;
        }
        if path.is_dir() {
            copy_tree(&path, &target, "")?;
        } else {
            std::fs::copy(&path, &target).map_err(|e| format!("{}: {e}", target.display()))?;
        }
    }
    Ok(())
}

/// Bindings as tokens, less what only documents them: every `#[doc]` (NVIDIA's comments, which
/// vendored bindings leave out) and the header's description of each result code in `RESULTS`.
fn without_docs(text: &str) -> Result<String, String> {
    use proc_macro2::{TokenStream, TokenTree};
    fn strip(tokens: TokenStream) -> TokenStream {
        // Indexed, not a cloned iterator at each `#`: cloning proc-macro2's iterator copies the
        // rest of the stream, which made this quadratic (most of `vendor --check`'s time).
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                // `#[doc = ...]` (and `#![doc]`): the `#`, an optional `!`, the bracket.
                TokenTree::Punct(p) if p.as_char() == '#' => {
                    let bang = matches!(trees.get(i + 1), Some(TokenTree::Punct(b)) if b.as_char() == '!');
                    let bracket = i + 1 + usize::from(bang);
                    if let Some(TokenTree::Group(g)) = trees.get(bracket) {
                        if g.stream().into_iter().next().is_some_and(|t| t.to_string() == "doc") {
                            i = bracket + 1;
                            continue;
                        }
                    }
                    out.push(trees[i].clone());
                }
                TokenTree::Group(g) => {
                    let mut inner = proc_macro2::Group::new(g.delimiter(), strip(g.stream()));
                    inner.set_span(g.span());
                    out.push(TokenTree::Group(inner));
                }
                other => out.push(other.clone()),
            }
            i += 1;
        }
        out.into_iter().collect()
    }
    // Each `(value, "NAME", "description"),` of RESULTS, with the description emptied.
    let mut lines = Vec::new();
    let mut in_results = false;
    for line in text.lines() {
        in_results |= line.starts_with("pub(crate) const RESULTS");
        if in_results && line.starts_with("    (") {
            let second_end = line.find("\", ").map(|i| i + 1);
            lines.push(match second_end {
                Some(end) => format!("{}, \"\"),", &line[..end]),
                None => line.to_string(),
            });
            continue;
        }
        in_results &= line != "];";
        lines.push(line.to_string());
    }
    let tokens: TokenStream =
        lines.join("\n").parse().map_err(|e| format!("bindings that do not parse: {e}"))?;
    Ok(strip(tokens).to_string())
}

/// PORTING.md's table of anonymous unions and structs, from every version's cuda.h.
fn porting(root: &Path, args: &[String]) -> Result<(), String> {
    const START: &str =
        "<!-- anonymous members: made by `cargo xtask porting`, checked by CI; do not edit -->\n";
    const END: &str = "<!-- end of anonymous members -->";
    let (check, headers) = options(root, args)?;
    // (parent, member) -> (what it holds, whether it reads as in C, the versions that have it)
    let mut rows: std::collections::BTreeMap<(String, String), (String, bool, Vec<&str>)> =
        Default::default();
    for v in VERSIONS {
        // cuda.h's headers only (the driver's wheel is the runtime's).
        let toolkit = fetch_pieces(&headers, v, &header_pieces(v, &[&cuda_loader::DRIVER])?)?;
        let generated = generate::generate(&cuda_loader::DRIVER, &toolkit.join("include"), &[], false)
            .map_err(|e| format!("CUDA {}: {e}", v.version))?;
        for a in generated.anonymous {
            let holds = format!("{} {{ {} }}", a.kind, a.members.join(", "));
            let row = rows.entry((a.parent, a.field)).or_insert_with(|| (String::new(), a.deref, Vec::new()));
            row.0 = holds; // the newest header's members
            row.1 &= a.deref;
            row.2.push(v.version);
        }
    }
    let mut table = String::from(
        "| struct | its anonymous member holds | named here | reads as in C (`Deref`) | in cuda.h of CUDA |\n\
         |---|---|---|---|---|\n",
    );
    for ((parent, field), (holds, deref, versions)) in &rows {
        let deref = if *deref { "yes" } else { "**no**: write the name" };
        table += &format!("| `{parent}` | `{holds}` | `{field}` | {deref} | {} |\n", versions.join(", "));
    }
    let path = root.join("PORTING.md");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (before, rest) = text.split_once(START).ok_or(format!("no `{}` in PORTING.md", START.trim()))?;
    let (_, after) = rest.split_once(END).ok_or(format!("no `{END}` in PORTING.md"))?;
    let new = format!("{before}{START}{table}{END}{after}");
    if check {
        return if new == text {
            Ok(())
        } else {
            Err("PORTING.md's table of anonymous members is not what the headers say: run `cargo xtask porting`".into())
        };
    }
    std::fs::write(&path, new).map_err(|e| e.to_string())?;
    println!("wrote {} ({} anonymous members)", path.display(), rows.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generations come back in the releases' order, however the threads finish.
    #[test]
    fn parallel_map_keeps_the_order() {
        let items: Vec<u64> = (0..40).collect();
        let out = parallel_map(&items, |&i| {
            std::thread::sleep(std::time::Duration::from_millis((40 - i) % 7));
            i * i
        });
        assert_eq!(out, items.iter().map(|i| i * i).collect::<Vec<_>>());
        assert!(parallel_map(&[] as &[u8], |_| ()).is_empty());
    }

    /// A description pins its wheel only for releases of `VERSIONS` (`cargo xtask headers` reads
    /// no other), and each wheel of a release once: a sibling's wheel is its library's, fetched once.
    #[test]
    fn every_pin_is_of_a_release_and_of_one_description() {
        let mut pinned = std::collections::BTreeSet::new();
        for library in cuda_loader::all_with_siblings() {
            let name = library.crate_name;
            assert!(library.build.wheel.is_some() || library.build.releases.is_empty(), "{name}");
            for (release, _) in library.build.releases {
                assert!(VERSIONS.iter().any(|v| v.version == *release), "{name}: CUDA {release}");
                assert!(pinned.insert((library.build.wheel, *release)), "{name}: CUDA {release} twice");
            }
        }
    }

    /// (version, upload time) as PyPI's JSON gives them, for [`chosen_pin`].
    fn uploads(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(v, t)| (v.to_string(), t.to_string())).collect()
    }

    /// A pin is the wheel uploaded with the runtime, minutes after it (a math library's wheel's
    /// uploads around CUDA 12.0's runtime, 2022-12-08T23:27:27): not the newest uploaded before
    /// it, which is the previous release's, or none at all.
    #[test]
    fn a_pin_is_the_final_wheel_uploaded_with_the_runtime() {
        let library = uploads(&[
            ("0.0.1.dev5", "2022-01-01T00:00:00"),
            ("10.2.10.91", "2022-08-03T21:13:08"),
            ("10.3.0.86", "2022-10-03T23:30:05"),
            ("10.3.1.50", "2022-12-08T23:30:43"),
            ("10.3.1.124", "2023-01-31T22:59:35"),
        ]);
        assert_eq!(
            chosen_pin(&library, "2022-12-08T23:27:27"),
            Pin::With { version: "10.3.1.50", minutes: 3 }
        );
        // 11.8's runtime: its library 104 minutes later, still its release's.
        assert_eq!(
            chosen_pin(&library, "2022-10-03T21:46:03"),
            Pin::With { version: "10.3.0.86", minutes: 104 }
        );
        // A runtime re-uploaded alone, weeks after its libraries: the newest before it.
        assert_eq!(chosen_pin(&library, "2022-11-20T10:00:00"), Pin::Before("10.3.0.86"));
        // Before any final release (the .dev5 is no release): none.
        assert_eq!(chosen_pin(&library, "2022-05-01T00:00:00"), Pin::None);
        assert_eq!(chosen_pin(&[], "2022-12-08T23:27:27"), Pin::None);
    }

    /// A patch of an older release uploaded after a newer release's wheels (CUDA 13.2's runtime
    /// 13.2.86, uploaded after 13.3's): the library uploaded with it, though a higher version was
    /// uploaded before; and a pre-release uploaded nearer is never the pin.
    #[test]
    fn a_pin_is_by_upload_not_by_number_and_never_a_pre_release() {
        let library = uploads(&[
            ("10.4.3.29", "2026-05-26T16:47:48"),
            ("10.4.2.66", "2026-07-16T09:49:12"),
            ("10.4.4.46rc1", "2026-07-16T09:34:00"),
        ]);
        assert_eq!(
            chosen_pin(&library, "2026-07-16T09:33:00"),
            Pin::With { version: "10.4.2.66", minutes: 16 }
        );
        // The nearest, before the runtime or after it.
        let around = uploads(&[("1.0.0", "2026-07-16T09:31:00"), ("1.0.1", "2026-07-16T09:43:00")]);
        assert_eq!(chosen_pin(&around, "2026-07-16T09:33:00"), Pin::With { version: "1.0.0", minutes: -2 });
    }

    #[test]
    fn final_releases_order_by_their_numbers_and_pre_releases_are_none() {
        assert_eq!(final_release("10.3.0.86"), Some(vec![10, 3, 0, 86, 0]));
        assert!(final_release("10.3.10.19") > final_release("10.3.9.90"));
        assert!(final_release("1.2.post1") > final_release("1.2"));
        for pre in ["10.4.4.46rc1", "0.0.1.dev4", "0.0.0a0", "1.0b2", "1.0+local", ""] {
            assert_eq!(final_release(pre), None, "{pre}");
        }
    }

    #[test]
    fn pypi_upload_times_are_seconds_since_1970() {
        assert_eq!(seconds("1970-01-01T00:00:00"), Some(0));
        // (Python: datetime(2025, 12, 5, 17, 34, 27, tzinfo=timezone.utc).timestamp())
        assert_eq!(seconds("2025-12-05T17:34:27"), Some(1_764_956_067));
        assert_eq!(seconds("2025-12-05T17:34:27.992478Z"), Some(1_764_956_067));
        let leap = seconds("2024-03-01T00:00:00").unwrap() - seconds("2024-02-28T00:00:00").unwrap();
        assert_eq!(leap, 2 * 86_400);
        for bad in ["2025-12-05", "2025-12-05T17:34", "yesterday"] {
            assert_eq!(seconds(bad), None, "{bad}");
        }
    }

    /// The requirements of `pieces`, and whether any is a whole wheel.
    fn wheels_of(pieces: &[Piece]) -> (Vec<String>, bool) {
        (pieces.iter().map(|(r, _)| r.clone()).collect(), pieces.iter().any(|(_, p)| p.is_empty()))
    }

    /// A toolkit library of every release whose headers need no other library's, only the
    /// toolkit's (its `follows` and `shares_types_with` are the runtime's): the first
    /// description so, which the tests of vendoring one library take.
    fn lone_toolkit_library() -> &'static Library {
        let runtime = cuda_loader::RUNTIME;
        let the_runtime =
            |path: &str| path == runtime.rust_path || path == runtime.crate_name.replace('-', "_");
        ALL.iter()
            .copied()
            .find(|l| {
                matches!(l.role, cuda_loader::Role::Toolkit { .. })
                    && l.build.own.is_none()
                    && l.build.found.since.is_none()
                    && l.build.found.follows.is_some_and(the_runtime)
                    && l.build.binding.shares_types_with.iter().all(|(_, path)| the_runtime(path))
                    && l.build.releases.first().map(|(release, _)| *release) == Some(VERSIONS[0].version)
            })
            .expect("a toolkit library of every release whose headers need only the toolkit's")
    }

    /// `vendor --only <crate>` of such a library reads the toolkit's headers and the library's at
    /// every release, never a whole wheel (the GPU machine's `headers` takes its library too)
    /// nor another library's.
    #[test]
    fn vendoring_one_library_reads_its_headers_and_the_toolkits_only() {
        let library = lone_toolkit_library();
        for v in VERSIONS {
            let (wheels, whole) = wheels_of(&header_pieces(v, &[library]).unwrap());
            let own = library_wheels(v.version)
                .into_iter()
                .find(|(l, _, _)| l.crate_name == library.crate_name)
                .map(|(_, requirement, _)| requirement)
                .unwrap();
            let mut expected: Vec<String> =
                [v.runtime, v.crt, v.profiler].into_iter().chain(v.cccl).map(String::from).collect();
            expected.push(own);
            assert_eq!(wheels, expected, "{}, CUDA {}", library.crate_name, v.version);
            assert!(!whole, "CUDA {}: a whole wheel", v.version);
        }
        // (The control: `headers` takes whole wheels at the GPU machine's release.)
        assert!(pieces(release(GPU_MACHINE).unwrap()).iter().any(|(_, part)| part.is_empty()));
    }

    /// A library whose headers include other libraries' (its `shares_types_with` names their
    /// crates): their wheels come too, no other library's. A library with a root of its own has
    /// its headers apart: its CUDA's root is the toolkit's alone.
    #[test]
    fn vendoring_a_library_reads_the_headers_its_types_come_from() {
        let v = release("13.0").unwrap();
        let runtime = cuda_loader::RUNTIME.rust_path;
        let sharing = |l: &Library| -> Vec<&'static Library> {
            l.build
                .binding
                .shares_types_with
                .iter()
                .filter(|(_, path)| *path != runtime)
                .filter_map(|(_, path)| cuda_loader::by_rust_path(path))
                .filter(|l| l.build.wheel.is_some())
                .collect()
        };
        let library = ALL
            .iter()
            .copied()
            .find(|l| !sharing(l).is_empty())
            .expect("a description whose headers include another library's (with a wheel)");
        let (wheels, _) = wheels_of(&header_pieces(v, &[library]).unwrap());
        let of = |l: &Library| {
            let name = project(l.build.wheel.unwrap_or("-"), v.version);
            wheels.iter().filter(|w| w.starts_with(&format!("{name}=="))).count()
        };
        let shared = sharing(library);
        for l in
            ALL.iter().filter(|l| l.build.wheel.is_some() && l.crate_name != cuda_loader::RUNTIME.crate_name)
        {
            let wanted =
                l.crate_name == library.crate_name || shared.iter().any(|s| s.crate_name == l.crate_name);
            assert_eq!(of(l), usize::from(wanted), "{}: {wheels:?}", l.crate_name);
        }
        let own =
            ALL.iter().copied().find(|l| l.build.own.is_some()).expect("a library with a root of its own");
        let (wheels, _) = wheels_of(&header_pieces(v, &[own]).unwrap());
        assert_eq!(wheels, [v.runtime, v.crt, v.profiler, v.cccl.unwrap()], "{}", own.crate_name);
    }

    /// A root made for vendoring, asked for by `headers` later, is made afresh as `headers` alone
    /// makes it: the same wheels, the same parts, in the same order.
    #[test]
    fn a_root_for_vendoring_then_headers_is_the_root_of_headers_alone() {
        for v in VERSIONS {
            let full = pieces(v);
            let lean = header_pieces(v, ALL).unwrap();
            assert!(lean.iter().all(|piece| covered(&full, piece)), "CUDA {}", v.version);
            assert!(!covered(&lean, &full[0]), "CUDA {}: the runtime's library", v.version);
            assert_eq!(joined(&full, &lean, &full), full, "CUDA {}", v.version);
            assert_eq!(joined(&full, &full, &lean), full, "CUDA {}", v.version);
        }
    }

    /// A root whose list holds what is asked is taken as it is (nothing is read from PyPI).
    #[test]
    fn a_listed_root_holding_what_is_asked_is_taken() {
        let dir = scratch("listed");
        let v = release("12.4").unwrap();
        let want = header_pieces(v, &[lone_toolkit_library()]).unwrap();
        std::fs::create_dir_all(dir.join("12.4/include")).unwrap();
        let list: String = want.iter().map(|(r, p)| format!("{r}\t{p}\n")).collect();
        std::fs::write(dir.join("12.4.pieces"), list).unwrap();
        assert_eq!(fetch_pieces(&dir, v, &want), Ok(dir.join("12.4")));
        assert!(!dir.join("12.4.unpacked").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `headers` warns of no description today: each with a wheel pins it at every release
    /// from its `found.since` (or has it pinned apart: the runtime's, a library's of its own).
    #[test]
    fn every_description_pins_its_wheel_at_every_release_it_has() {
        for v in VERSIONS {
            let unpinned: Vec<String> = ALL.iter().filter_map(|l| unpinned(l, v.version)).collect();
            assert!(unpinned.is_empty(), "{unpinned:?}");
        }
    }

    /// A description without a pin for a release it has is said in one line naming the crate,
    /// the wheel, the release and what to do; vendoring it is that error, before any download
    /// (it was a libclang error, the header not found, after every download). A release before
    /// its `found.since` needs none.
    #[test]
    fn a_release_without_a_pin_is_said_and_refused_at_vendoring() {
        let lone = lone_toolkit_library();
        let library = Library {
            build: cuda_loader::Build { releases: &lone.build.releases[1..], ..lone.build },
            ..*lone
        };
        let (first, second) = (VERSIONS[0].version, VERSIONS[1].version);
        let wheel = library.build.wheel.unwrap();
        let why = unpinned(&library, first).expect("no pin for the first release");
        for part in [
            library.crate_name.to_string(),
            project(wheel, first),
            format!("CUDA {first}"),
            format!("`cargo xtask pins {wheel}`"),
            "found.since".to_string(),
        ] {
            assert!(why.contains(&part), "{part}: {why}");
        }
        assert_eq!(why.lines().count(), 1, "{why}");
        assert_eq!(header_pieces(release(first).unwrap(), &[&library]), Err(why));
        assert_eq!(unpinned(&library, second), None);
        let found = cuda_loader::Found { since: Some(cuda_number(second)), ..library.build.found };
        let later = Library { build: cuda_loader::Build { found, ..library.build }, ..library };
        assert_eq!(unpinned(&later, first), None);
    }

    /// `cargo xtask pins` finds, from PyPI, the table every description with one pins.
    #[test]
    #[ignore = "reads PyPI (network)"]
    fn pins_from_pypi_are_the_descriptions_tables() {
        for library in ALL.iter().filter(|l| l.build.wheel.is_some() && !l.build.releases.is_empty()) {
            let derived = derive_pins(library.build.wheel.unwrap()).unwrap();
            let derived: Vec<(&str, String)> =
                derived.into_iter().filter_map(|(release, pin, _)| Some((release, pin?))).collect();
            let table: Vec<(&str, String)> =
                library.build.releases.iter().map(|(r, v)| (*r, v.to_string())).collect();
            assert_eq!(derived, table, "{}", library.crate_name);
        }
    }

    /// A wheel of no real library, for the tests of unpacking one.
    const REQUIREMENT: &str = "nvidia-foo-cu13==2.28.3";
    const INNER: &str = "nvidia/foo";
    const HEADER: &str = "nvidia/foo/include/foo.h";
    const LIBRARY: &str = "nvidia/foo/lib/libfoo.so.2";
    const TEXT: &str = "#define FOO_VERSION_CODE 22803\n";

    /// A description's table of sentences must word every release's codes, and no code that no
    /// release has: each way it fails names the code.
    #[test]
    fn a_table_of_sentences_words_every_releases_codes_and_no_other() {
        let library = ALL
            .iter()
            .copied()
            .find(|l| matches!(l.codes.text, cuda_loader::ErrorText::Table(_)))
            .expect("a description with a table of sentences");
        let cuda_loader::ErrorText::Table(table) = library.codes.text else { unreachable!() };
        let release = |names: &[&str]| -> Vec<(String, String)> {
            names.iter().map(|n| (n.to_string(), "CUDA 99.9".to_string())).collect()
        };
        let all: Vec<&str> = table.iter().map(|(name, _)| *name).collect();
        assert_eq!(words_every_code(library, &release(&all)), Ok(()));
        let mut more = all.clone();
        more.push("NOT_A_CODE_OF_ANY_RELEASE");
        let why = words_every_code(library, &release(&more)).unwrap_err();
        assert!(why.contains("NOT_A_CODE_OF_ANY_RELEASE, for which") && why.contains("CUDA 99.9"), "{why}");
        let why = words_every_code(library, &release(&all[1..])).unwrap_err();
        assert!(why.contains(&format!("a sentence for {}, which no release", all[0])), "{why}");
    }

    /// A folder of its own under the temporary one, for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("wheels")).unwrap();
        dir
    }

    /// The wheel of [`REQUIREMENT`] as `download` keeps it in `DIR/wheels`, holding `files`
    /// (name, text) stored uncompressed (made by Python's zipfile, as pip's wheels are read).
    fn cached_wheel(dir: &Path, files: &[(&str, &str)]) -> PathBuf {
        let path = dir.join("wheels/nvidia_foo_cu13-2.28.3-py3-none-manylinux_2_18_x86_64.whl");
        let script = "import sys, zipfile\n\
                      z = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_STORED)\n\
                      for name, text in zip(sys.argv[2::2], sys.argv[3::2]):\n    z.writestr(name, text)\n\
                      z.close()";
        let mut command = Command::new("python3");
        command.args(["-c", script]).arg(&path);
        for (name, text) in files {
            command.args([name, text]);
        }
        assert!(command.status().expect("python3").success());
        path
    }

    /// `path` with the first `from` in it replaced by `to` (as long): a file's bytes changed
    /// after its CRC-32 was written.
    fn damage(path: &Path, from: &str, to: &str) {
        let mut bytes = std::fs::read(path).unwrap();
        let at = bytes.windows(from.len()).position(|w| w == from.as_bytes()).unwrap();
        bytes[at..at + to.len()].copy_from_slice(to.as_bytes());
        std::fs::write(path, bytes).unwrap();
    }

    /// Every file under `dir`, by its path from there.
    fn files(dir: &Path) -> Vec<String> {
        let mut found = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(folder) = stack.pop() {
            for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
                if entry.path().is_dir() {
                    stack.push(entry.path());
                } else {
                    found.push(entry.path().strip_prefix(dir).unwrap().display().to_string());
                }
            }
        }
        found.sort();
        found
    }

    /// The control: a sound wheel unpacks whole.
    #[test]
    fn a_sound_wheel_unpacks_whole() {
        let dir = scratch("sound");
        cached_wheel(&dir, &[(HEADER, TEXT), (LIBRARY, "elf")]);
        let dest = dir.join("unpacked");
        extract(&dir, (REQUIREMENT, INNER), "", &dest).unwrap();
        assert_eq!(files(&dest), [HEADER, LIBRARY]);
        assert_eq!(std::fs::read_to_string(dest.join(HEADER)).unwrap(), TEXT);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 33, item 17: a file whose bytes do not match its CRC-32 is refused in one sentence
    /// that names it; nothing of it is left (it was left as a 0-byte or partial header, which
    /// the next run took for a whole one), and the damaged wheel is deleted so that the next
    /// run downloads it again.
    #[test]
    fn item17_a_file_with_a_bad_crc_is_refused_naming_it_and_leaves_nothing() {
        let dir = scratch("bad-crc");
        let wheel = cached_wheel(&dir, &[(HEADER, TEXT)]);
        damage(&wheel, "22803", "22804");
        let dest = dir.join("unpacked");
        let error = extract(&dir, (REQUIREMENT, INNER), "", &dest).unwrap_err();
        assert!(error.contains(HEADER) && error.contains("CRC"), "{error}");
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(!error.contains("Traceback"), "{error}");
        assert_eq!(files(&dest), Vec::<String>::new(), "left behind");
        assert!(!wheel.exists(), "the damaged wheel is kept: {error}");
        assert!(error.contains(&format!("{} was deleted", wheel.display())), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 33, item 17: a truncated download is refused in one sentence naming it, and
    /// deleted.
    #[test]
    fn item17_a_truncated_wheel_is_refused_naming_it() {
        let dir = scratch("truncated");
        let wheel = cached_wheel(&dir, &[(HEADER, TEXT)]);
        let bytes = std::fs::read(&wheel).unwrap();
        std::fs::write(&wheel, &bytes[..bytes.len() / 2]).unwrap();
        let dest = dir.join("unpacked");
        let error = extract(&dir, (REQUIREMENT, INNER), "", &dest).unwrap_err();
        assert!(error.contains(&wheel.display().to_string()), "{error}");
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(!wheel.exists(), "the damaged wheel is kept: {error}");
        assert_eq!(files(&dest), Vec::<String>::new(), "left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
