//! Repository chores, run as `cargo xtask <command>`.
//!
//! - `headers [DIR [WHICH]]`: fetch the CUDA versions CI builds and tests the workspace against
//!   from NVIDIA's wheels on PyPI into `DIR/<version>` (default `.cuda-headers`), laid out as a
//!   toolkit: `include/` (cuda.h, cuda_runtime_api.h, crt/, nvrtc.h, the profiler's, cuBLAS's
//!   where CI builds cublas-sys, ...) and `lib/` (libcudart, libnvrtc). Prints each root, one
//!   per line.
//!   With WHICH, the roots it names instead (`all`: every supported release, `newest`,
//!   `newest-12`, `major-13`, `default`, `gpu`): scripts ask for a toolkit by purpose, never by a
//!   version typed again.
//! - `root-vars`: the variables that may name a toolkit root, in the order the finder reads them.
//! - `nccl [DIR [MAJOR]]`: fetch the NCCL CI builds against with CUDA MAJOR (default: the
//!   newest; NVIDIA's `nvidia-nccl-cu<MAJOR>` wheel) into `DIR/nccl-<version>-cu<MAJOR>` (default
//!   `.nccl`): `include/nccl.h` and `lib/libnccl.so.2`. Prints the root. With `all`, every one;
//!   with `headers`, a root of headers only for each NCCL nccl-sys has vendored bindings of.
//! - `vendor [--check] [--headers DIR] [--nccl DIR]`: regenerate the vendored bindings, one
//!   file per release (what generation from that release's header gives): every CUDA version of
//!   the list for the driver, runtime, NVRTC and cuBLAS; every NCCL of [`NCCL_HEADERS`]. Only
//!   the headers are read where no test needs the libraries. With `--check`, fail if the files
//!   differ.
//! - `porting [--check] [--headers DIR]`: rewrite PORTING.md's table of anonymous members from
//!   every version's cuda.h; with `--check`, fail if it differs.
//! - `tensorrt headers|vendor|dump ...`: TensorRT's headers and nvinfer-sys's vendored bindings
//!   (see the `tensorrt` module).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use cuda_bindings_build::api::{self, Api, CUBLAS, DRIVER, NVRTC, RUNTIME};
use cuda_bindings_build::generate;

mod tensorrt;

/// A CUDA version CI builds against, from NVIDIA's wheels on PyPI.
struct Version {
    version: &'static str,
    /// The runtime wheel: `include/` (cuda.h, cuda_runtime_api.h, ...) and `lib/` (libcudart),
    /// and its toolkit root inside the wheel.
    runtime: (&'static str, &'static str),
    /// The wheel with `include/crt/`, which cuda_runtime_api.h includes and the runtime wheel
    /// lacks (CUDA 11 and 12: nvcc's; 13: its own), and its root inside the wheel.
    crt: (&'static str, &'static str),
    /// NVRTC's wheel (`include/nvrtc.h`, `lib/libnvrtc.so.<major>`), and its root inside the
    /// wheel; its files join the runtime's root.
    nvrtc: (&'static str, &'static str),
    /// The wheel with the profiler's headers (`cuda_profiler_api.h`, `cudaProfiler.h`), which
    /// the generator binds beside the main ones (`Api::also`), and its root inside the wheel.
    profiler: (&'static str, &'static str),
    /// cuBLAS's wheel of that toolkit release (the one NVIDIA published the same day as the
    /// runtime's) (`include/cublas_v2.h`, `cublasLt.h`, ...; `lib/libcublas.so.<major>`) and its
    /// root, and whether its libraries join too (about 600 MB unpacked: only where a test or
    /// the benchmarks load them; otherwise only `include/` is read from PyPI, see [`extract`]).
    cublas: (&'static str, &'static str, bool),
    /// The wheel with `include/nv/`, which cuda_fp16.h includes from CUDA 12 on (cuBLAS's
    /// headers include cuda_fp16.h), and its root.
    cccl: Option<(&'static str, &'static str)>,
}

/// The one list of CUDA versions in the repository: every release the crates support (each
/// minor NVIDIA shipped a runtime wheel for; there was no 12.7), increasing. Each has vendored
/// bindings of its own; CI reads the list from `cargo xtask headers`.
const VERSIONS: &[Version] = &[
    Version {
        version: "11.8",
        runtime: ("nvidia-cuda-runtime-cu11==11.8.89", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu11==11.8.89", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu11==11.8.89", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu11==11.8.86", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu11==11.11.3.6", "nvidia/cublas", false),
        cccl: None,
    },
    Version {
        version: "12.0",
        runtime: ("nvidia-cuda-runtime-cu12==12.0.107", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.0.140", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.0.76", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.0.140", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu12==12.0.2.224", "nvidia/cublas", false),
        // 12.0's CCCL wheels lack nv/target (only a toolkit had it then); 12.9's is the same
        // preprocessor header.
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "12.1",
        runtime: ("nvidia-cuda-runtime-cu12==12.1.105", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.1.105", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.1.105", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.1.105", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu12==12.1.3.1", "nvidia/cublas", false),
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "12.2",
        runtime: ("nvidia-cuda-runtime-cu12==12.2.140", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.2.140", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.2.140", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.2.140", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu12==12.2.5.6", "nvidia/cublas", false),
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "12.3",
        runtime: ("nvidia-cuda-runtime-cu12==12.3.101", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.3.107", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.3.107", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.3.101", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu12==12.3.4.1", "nvidia/cublas", false),
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "12.4",
        runtime: ("nvidia-cuda-runtime-cu12==12.4.127", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.4.131", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.4.127", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.4.127", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu12==12.4.5.8", "nvidia/cublas", false),
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "12.5",
        runtime: ("nvidia-cuda-runtime-cu12==12.5.82", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.5.82", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.5.82", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.5.39", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu12==12.5.3.2", "nvidia/cublas", false),
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "12.6",
        runtime: ("nvidia-cuda-runtime-cu12==12.6.77", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.6.85", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.6.85", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.6.77", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu12==12.6.3.3", "nvidia/cublas", false),
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "12.8",
        runtime: ("nvidia-cuda-runtime-cu12==12.8.90", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.8.93", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.8.93", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.8.90", "nvidia/cuda_profiler_api"),
        cublas: ("nvidia-cublas-cu12==12.8.4.1", "nvidia/cublas", false),
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "12.9",
        runtime: ("nvidia-cuda-runtime-cu12==12.9.79", "nvidia/cuda_runtime"),
        crt: ("nvidia-cuda-nvcc-cu12==12.9.86", "nvidia/cuda_nvcc"),
        nvrtc: ("nvidia-cuda-nvrtc-cu12==12.9.86", "nvidia/cuda_nvrtc"),
        profiler: ("nvidia-cuda-profiler-api-cu12==12.9.79", "nvidia/cuda_profiler_api"),
        // Its libraries too: CI links cuda-checked/link's cuBLAS against them.
        cublas: ("nvidia-cublas-cu12==12.9.1.4", "nvidia/cublas", true),
        cccl: Some(("nvidia-cuda-cccl-cu12==12.9.27", "nvidia/cuda_cccl")),
    },
    Version {
        version: "13.0",
        runtime: ("nvidia-cuda-runtime==13.0.96", "nvidia/cu13"),
        crt: ("nvidia-cuda-crt==13.0.88", "nvidia/cu13"),
        nvrtc: ("nvidia-cuda-nvrtc==13.0.88", "nvidia/cu13"),
        profiler: ("nvidia-cuda-profiler-api==13.0.85", "nvidia/cu13"),
        // The GPU machine's: CUDA 13.0 with cuBLAS 13.1.
        cublas: ("nvidia-cublas==13.1.0.3", "nvidia/cu13", true),
        cccl: Some(("nvidia-cuda-cccl==13.0.85", "nvidia/cu13")),
    },
    Version {
        version: "13.1",
        runtime: ("nvidia-cuda-runtime==13.1.80", "nvidia/cu13"),
        crt: ("nvidia-cuda-crt==13.1.80", "nvidia/cu13"),
        nvrtc: ("nvidia-cuda-nvrtc==13.1.80", "nvidia/cu13"),
        profiler: ("nvidia-cuda-profiler-api==13.1.80", "nvidia/cu13"),
        cublas: ("nvidia-cublas==13.2.0.9", "nvidia/cu13", false),
        cccl: Some(("nvidia-cuda-cccl==13.1.78", "nvidia/cu13")),
    },
    Version {
        version: "13.2",
        runtime: ("nvidia-cuda-runtime==13.2.86", "nvidia/cu13"),
        crt: ("nvidia-cuda-crt==13.2.86", "nvidia/cu13"),
        nvrtc: ("nvidia-cuda-nvrtc==13.2.86", "nvidia/cu13"),
        profiler: ("nvidia-cuda-profiler-api==13.2.86", "nvidia/cu13"),
        cublas: ("nvidia-cublas==13.4.1.3", "nvidia/cu13", false),
        cccl: Some(("nvidia-cuda-cccl==13.2.86", "nvidia/cu13")),
    },
    Version {
        version: "13.3",
        runtime: ("nvidia-cuda-runtime==13.3.29", "nvidia/cu13"),
        crt: ("nvidia-cuda-crt==13.3.33", "nvidia/cu13"),
        nvrtc: ("nvidia-cuda-nvrtc==13.3.33", "nvidia/cu13"),
        profiler: ("nvidia-cuda-profiler-api==13.3.27", "nvidia/cu13"),
        cublas: ("nvidia-cublas==13.5.1.27", "nvidia/cu13", false),
        cccl: Some(("nvidia-cuda-cccl==13.3.3.3.1", "nvidia/cu13")),
    },
    Version {
        version: "13.4",
        runtime: ("nvidia-cuda-runtime==13.4.92", "nvidia/cu13"),
        crt: ("nvidia-cuda-crt==13.4.92", "nvidia/cu13"),
        nvrtc: ("nvidia-cuda-nvrtc==13.4.92", "nvidia/cu13"),
        profiler: ("nvidia-cuda-profiler-api==13.4.92", "nvidia/cu13"),
        cublas: ("nvidia-cublas==13.8.0.4", "nvidia/cu13", false),
        cccl: Some(("nvidia-cuda-cccl==13.3.4.3.1", "nvidia/cu13")),
    },
    Version {
        version: "13.5",
        runtime: ("nvidia-cuda-runtime==13.5.37", "nvidia/cu13"),
        crt: ("nvidia-cuda-crt==13.5.37", "nvidia/cu13"),
        nvrtc: ("nvidia-cuda-nvrtc==13.5.37", "nvidia/cu13"),
        profiler: ("nvidia-cuda-profiler-api==13.5.25", "nvidia/cu13"),
        cublas: ("nvidia-cublas==13.10.0.20", "nvidia/cu13", false),
        cccl: Some(("nvidia-cuda-cccl==13.3.5.0.6", "nvidia/cu13")),
    },
];

/// The CUDA of the GPU machine (driver 580, CUDA 13.0): what its bundles are built against, as
/// headers newer than its driver could bind functions it lacks.
const GPU_MACHINE: &str = "13.0";

/// The NCCL CI builds against with each CUDA major, and its root inside the wheel: each is one
/// of nccl-sys's vendored releases. CUDA 11: the last NCCL NVIDIA built for it (what PyTorch's
/// CUDA 11.8 builds pin); 12 and 13: the first NCCL built for CUDA 13, built for 12 too, so
/// that bindings made from it load every NCCL since (nccl-sys refuses a library older than
/// its header).
const NCCL: &[(&str, &str, &str)] = &[
    ("11", "nvidia-nccl-cu11==2.21.5", "nvidia/nccl"),
    ("12", "nvidia-nccl-cu12==2.27.7", "nvidia/nccl"),
    ("13", "nvidia-nccl-cu13==2.27.7", "nvidia/nccl"),
];

/// Every NCCL nccl-sys has vendored bindings of (one file each, by `NCCL_VERSION_CODE`): each
/// release NVIDIA published a wheel of, from the last one built for CUDA 11 (the oldest,
/// which a build without a header binds: every NCCL since has its functions), read from the
/// CUDA 12 wheel where there is one (the header is the same in each CUDA major's).
const NCCL_HEADERS: &[&str] = &[
    "nvidia-nccl-cu11==2.21.5",
    "nvidia-nccl-cu12==2.22.3",
    "nvidia-nccl-cu12==2.23.4",
    "nvidia-nccl-cu12==2.24.3",
    "nvidia-nccl-cu12==2.25.1",
    "nvidia-nccl-cu12==2.26.2",
    "nvidia-nccl-cu12==2.26.5",
    "nvidia-nccl-cu12==2.27.3",
    "nvidia-nccl-cu12==2.27.5",
    "nvidia-nccl-cu12==2.27.6",
    "nvidia-nccl-cu12==2.27.7",
    "nvidia-nccl-cu13==2.27.7",
    "nvidia-nccl-cu12==2.28.3",
    "nvidia-nccl-cu12==2.28.7",
    "nvidia-nccl-cu12==2.28.9",
    "nvidia-nccl-cu12==2.29.2",
    "nvidia-nccl-cu12==2.29.3",
    "nvidia-nccl-cu12==2.29.7",
    "nvidia-nccl-cu12==2.30.3",
    "nvidia-nccl-cu12==2.30.4",
    "nvidia-nccl-cu12==2.30.7",
    "nvidia-nccl-cu12==2.31.2",
    "nvidia-nccl-cu12==2.32.3",
    "nvidia-nccl-cu13==2.32.6",
];

/// The crates with vendored bindings, and their APIs.
const VENDORED: &[(&str, &Api)] =
    &[("libcuda-sys", &DRIVER), ("cudart-sys", &RUNTIME), ("nvrtc-sys", &NVRTC), ("cublas-sys", &CUBLAS)];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let result = match args.first().map(String::as_str) {
        Some("headers") => {
            let dir = args.get(1).map(PathBuf::from).unwrap_or_else(|| root.join(".cuda-headers"));
            select(args.get(2).map(String::as_str)).and_then(|versions| {
                versions
                    .iter()
                    .try_for_each(|v| fetch(&dir, v).map(|toolkit| println!("{}", toolkit.display())))
            })
        }
        Some("root-vars") => {
            println!("{}", cuda_bindings_build::find::ROOT_VARS.join(" "));
            Ok(())
        }
        Some("nccl") => {
            let dir = args.get(1).map(PathBuf::from).unwrap_or_else(|| root.join(".nccl"));
            let majors: Vec<&str> = match args.get(2).map(String::as_str) {
                Some("headers") => {
                    return finish(NCCL_HEADERS.iter().try_for_each(|requirement| {
                        fetch_nccl_headers(&dir, requirement).map(|root| println!("{}", root.display()))
                    }))
                }
                Some("all") => NCCL.iter().map(|n| n.0).collect(),
                Some(major) => vec![major],
                None => NCCL.last().map(|n| n.0).into_iter().collect(),
            };
            majors
                .iter()
                .try_for_each(|major| fetch_nccl(&dir, major).map(|nccl| println!("{}", nccl.display())))
        }
        Some("vendor") => vendor(&root, &args[1..]),
        Some("porting") => porting(&root, &args[1..]),
        Some("tensorrt") => tensorrt::main(&root, &args[1..]),
        _ => Err("usage: cargo xtask headers [DIR [WHICH]] | root-vars | nccl [DIR [MAJOR|all|headers]] | \
                  vendor [--check] [--headers DIR] [--nccl DIR] | porting [--check] [--headers DIR] | \
                  tensorrt headers|vendor|dump ..."
            .into()),
    };
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
/// Every version is vendored (the driver, the runtime, NVRTC, cuBLAS) and has its public items
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

/// `DIR/<version>`, a toolkit root holding `include/` (with `crt/`) and `lib/`, downloaded and
/// unpacked if not already there.
fn fetch(dir: &Path, version: &str) -> Result<PathBuf, String> {
    let v =
        VERSIONS.iter().find(|v| v.version == version).ok_or(format!("unknown CUDA version {version}"))?;
    let root = dir.join(version);
    let has = |header: &str| root.join("include").join(header).is_file();
    if has("crt/host_defines.h")
        && has("nvrtc.h")
        && has("cuda_profiler_api.h")
        && has("cublas_v2.h")
        && (v.cccl.is_none() || has("nv/target"))
    {
        return Ok(root);
    }
    let unpacked = dir.join(format!("{version}.unpacked"));
    let _ = std::fs::remove_dir_all(&unpacked);
    let _ = std::fs::remove_dir_all(&root);
    // (wheel, its root, the part of it to unpack)
    let mut parts = vec![
        (v.runtime, ""),
        // The crt wheel may be nvcc's whole compiler: take its headers only.
        (v.crt, "include/crt/"),
        (v.nvrtc, ""),
        (v.profiler, ""),
    ];
    let (requirement, inner, libraries) = v.cublas;
    parts.push(((requirement, inner), if libraries { "" } else { "include/" }));
    if let Some(cccl) = v.cccl {
        parts.push((cccl, "include/nv/"));
    }
    for (wheel, part) in parts {
        extract(dir, wheel, part, &unpacked)?;
    }
    std::fs::create_dir_all(unpacked.join(v.runtime.1).join("include")).map_err(|e| e.to_string())?;
    if v.crt.1 != v.runtime.1 {
        let crt = unpacked.join(v.crt.1).join("include/crt");
        std::fs::rename(&crt, unpacked.join(v.runtime.1).join("include/crt"))
            .map_err(|e| format!("{}: {e}", crt.display()))?;
    }
    // NVRTC's, cuBLAS's and CCCL's headers and libraries join the runtime's, as in a toolkit.
    let mut joining = vec![v.nvrtc.1];
    joining.push(v.cublas.1);
    joining.extend(v.cccl.map(|c| c.1));
    for inner in joining.into_iter().filter(|inner| *inner != v.runtime.1) {
        for sub in ["include", "lib"] {
            let from = unpacked.join(inner).join(sub);
            let Ok(entries) = std::fs::read_dir(&from) else { continue };
            for entry in entries.flatten() {
                let to = unpacked.join(v.runtime.1).join(sub).join(entry.file_name());
                if !to.exists() {
                    std::fs::rename(entry.path(), &to).map_err(|e| format!("{}: {e}", to.display()))?;
                }
            }
        }
    }
    if v.profiler.1 != v.runtime.1 {
        for header in ["cuda_profiler_api.h", "cudaProfiler.h"] {
            let from = unpacked.join(v.profiler.1).join("include").join(header);
            std::fs::rename(&from, unpacked.join(v.runtime.1).join("include").join(header))
                .map_err(|e| format!("{}: {e}", from.display()))?;
        }
    }
    std::fs::rename(unpacked.join(v.runtime.1), &root).map_err(|e| format!("{}: {e}", root.display()))?;
    std::fs::remove_dir_all(&unpacked).map_err(|e| e.to_string())?;
    Ok(root)
}

/// `DIR/nccl-<version>-cu<major>`: the NCCL CI builds against with CUDA `major` ([`NCCL`]),
/// downloaded and unpacked if not already there.
fn fetch_nccl(dir: &Path, major: &str) -> Result<PathBuf, String> {
    let &(_, requirement, inner) = NCCL.iter().find(|n| n.0 == major).ok_or(format!(
        "no NCCL for CUDA {major} (there is one for CUDA {})",
        NCCL.iter().map(|n| n.0).collect::<Vec<_>>().join(", ")
    ))?;
    let version = requirement.split_once("==").map_or("", |(_, v)| v);
    let root = dir.join(format!("nccl-{version}-cu{major}"));
    if root.join("include/nccl.h").is_file() && root.join("lib/libnccl.so.2").is_file() {
        return Ok(root);
    }
    let unpacked = dir.join(format!("nccl-{version}-cu{major}.unpacked"));
    let _ = std::fs::remove_dir_all(&unpacked);
    let _ = std::fs::remove_dir_all(&root);
    extract(dir, (requirement, inner), "", &unpacked)?;
    std::fs::rename(unpacked.join(inner), &root).map_err(|e| format!("{}: {e}", root.display()))?;
    std::fs::remove_dir_all(&unpacked).map_err(|e| e.to_string())?;
    Ok(root)
}

/// Unpacks `part` (a folder such as `include/`, or `""`: all) of the root `inner` of the wheel
/// `requirement` (`name==version`) into `dest/inner`. The whole root is downloaded into
/// `DIR/wheels` first; a part is read from PyPI with HTTP range requests instead, the zip's
/// directory and then only those files (each checked against its CRC-32), so the headers of a
/// 600 MB cuBLAS wheel cost about 1 MB.
fn extract(dir: &Path, (requirement, inner): (&str, &str), part: &str, dest: &Path) -> Result<(), String> {
    let wheel = if part.is_empty() {
        download(dir, requirement)?.to_string_lossy().into_owned()
    } else {
        wheel_url(requirement)?
    };
    let status = Command::new("python3")
        .args(["-c", UNZIP])
        .arg(&wheel)
        .arg(dest)
        .arg(format!("{inner}/{part}"))
        .status()
        .map_err(|e| format!("python3: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or(format!("unpacking {inner}/{part} of {requirement} ({wheel}) failed"))
}

/// `python3 -c UNZIP WHEEL DEST PREFIX`: WHEEL a file, or an `https://` address read by range
/// requests (a seekable file over HTTP, which `zipfile` reads as it would a file).
const UNZIP: &str = r#"
import io, sys, time, urllib.request, zipfile

class Remote(io.RawIOBase):
    def __init__(self, url):
        self.url, self.pos, self.start, self.data = url, 0, 0, b""
        self.size = int(self.get(None).headers["Content-Length"])
    def get(self, span):
        for attempt in range(4):
            try:
                headers = {"Range": "bytes=%d-%d" % span} if span else {}
                request = urllib.request.Request(self.url, headers=headers, method="GET" if span else "HEAD")
                response = urllib.request.urlopen(request, timeout=60)
                if span and response.status != 206:
                    sys.exit("%s: the server ignored a range request" % self.url)
                return response
            except OSError as error:
                if attempt == 3:
                    sys.exit("%s: %s" % (self.url, error))
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
        offset = self.pos - self.start
        buffer[:n] = self.data[offset:offset + n]
        self.pos += n
        return n

wheel, dest, prefix = sys.argv[1:4]
z = zipfile.ZipFile(Remote(wheel) if wheel.startswith("https://") else wheel)
names = [n for n in z.namelist() if n.startswith(prefix)]
if not names:
    sys.exit("%s has no %s" % (wheel, prefix))
z.extractall(dest, names)
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
                  try:\n    meta = json.load(urllib.request.urlopen(index, timeout=60))\n\
                  except OSError as error:\n    sys.exit('PyPI: %s: %s' % (name, error))\n\
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
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// `DIR/headers/<requirement>/nvidia/nccl`: an NCCL root holding only the headers of an NCCL
/// wheel ([`NCCL_HEADERS`]), read from PyPI if not already there.
fn fetch_nccl_headers(dir: &Path, requirement: &str) -> Result<PathBuf, String> {
    let unpacked = dir.join("headers").join(requirement.replace("==", "-"));
    let root = unpacked.join("nvidia/nccl");
    if root.join("include/nccl.h").is_file() {
        return Ok(root);
    }
    let _ = std::fs::remove_dir_all(&unpacked);
    extract(dir, (requirement, "nvidia/nccl"), "include/", &unpacked)?;
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
    find().ok_or(format!("pip left no {prefix}*.whl in {}", wheels.display()))
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    status.success().then_some(()).ok_or(format!("{command:?} failed: {status}"))
}

/// The folder of `--nccl DIR` (default `.nccl`).
fn nccl_dir(root: &Path, args: &[String]) -> Result<PathBuf, String> {
    Ok(match args.iter().position(|a| a == "--nccl") {
        Some(i) => PathBuf::from(args.get(i + 1).ok_or("--nccl needs a directory")?),
        None => root.join(".nccl"),
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
    let nccl_dir = nccl_dir(root, args)?;
    let mut stale = Vec::new();
    // Each crate's releases: (what it is, the API's include folder, the folders its includes
    // need besides).
    type Release = (String, PathBuf, Vec<PathBuf>);
    let mut crates: Vec<(&str, &Api, Vec<Release>)> = Vec::new();
    for &(krate, api) in VENDORED {
        let mut releases = Vec::new();
        for version in select(Some("all"))? {
            let include = fetch(&headers, version)?.join("include");
            releases.push((format!("CUDA {version}"), include, Vec::new()));
        }
        crates.push((krate, api, releases));
    }
    // NCCL: each of [`NCCL_HEADERS`] (its headers only), with the newest CUDA of the wheel's
    // major (nccl.h includes cuda_runtime.h).
    let mut releases = Vec::new();
    for &requirement in NCCL_HEADERS {
        let major = requirement.split_once("-cu").and_then(|(_, rest)| rest.split_once("==")).map(|(m, _)| m);
        let cuda =
            select(Some(&format!("newest-{}", major.ok_or(format!("{requirement}: no -cu<major>"))?)))?[0];
        let nccl = fetch_nccl_headers(&nccl_dir, requirement)?;
        releases.push((
            format!("{requirement} with CUDA {cuda}"),
            nccl.join("include"),
            vec![fetch(&headers, cuda)?.join("include")],
        ));
    }
    crates.push(("nccl-sys", &api::NCCL, releases));

    for (krate, api, releases) in crates {
        let dir = root.join(krate).join("src/vendored");
        // (file, its text, the release it was made from): releases of one version share a file.
        let mut expected: Vec<(PathBuf, String, String)> = Vec::new();
        for (what, include, extra) in releases {
            let generated =
                generate::generate(api, &include, &extra, false).map_err(|e| format!("{what}: {e}"))?;
            let path = dir.join(format!("{}_{}.rs", api.vendored_stem, generated.version));
            match expected.iter().find(|(p, _, _)| *p == path) {
                Some((_, text, from)) if *text != generated.text => {
                    return Err(format!(
                    "{what} and {from} both say {} {}, but their bindings differ: one file cannot hold both",
                    api.version_macro, generated.version
                ))
                }
                Some(_) => {}
                None => expected.push((path, generated.text, what)),
            }
        }
        for (path, text, _) in &expected {
            if check {
                if std::fs::read_to_string(path).ok().as_deref() != Some(text.as_str()) {
                    stale.push(path.display().to_string());
                }
            } else {
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
                println!("wrote {}", path.display());
            }
        }
        // Files of this API that the generator no longer makes.
        for entry in std::fs::read_dir(&dir).map_err(|e| e.to_string())?.filter_map(Result::ok) {
            let path = entry.path();
            let ours = path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{}_", api.vendored_stem)));
            if ours && !expected.iter().any(|(p, _, _)| *p == path) {
                if check {
                    stale.push(format!("{} (no longer generated)", path.display()));
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
        let toolkit = fetch(&headers, v.version)?;
        let generated = generate::generate(&DRIVER, &toolkit.join("include"), &[], false)
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
