//! Every library this workspace binds, described once (see [`Library`]). A new library is one
//! more value here and in [`ALL`]; CONTRIBUTING.md has the whole checklist.

use std::ffi::CStr;

use crate::library::*;

/// Every library with a -sys crate of its own, in the order the crates depend on each other
/// (a library whose functions its crate's headers also declare, such as cuBLASLt, is one of its
/// crate's [`Library::siblings`]).
pub const ALL: &[&Library] = &[
    &DRIVER, &RUNTIME, &NVRTC, &NVJITLINK, &NCCL, &CUBLAS, &CURAND, &CUFFT, &CUSPARSE, &CUSOLVER, &NVML,
    &CUDNN, &NPP,
];

/// TensorRT's libraries (nvinfer-sys), apart from [`ALL`]: C++ bound by the C++ generator, with
/// no result codes, whose crate builds by its own script; what loops over `ALL` (the C
/// generator, `cargo xtask vendor`, the build-script tests) would not know them.
pub const TENSORRT: &[&Library] = &[&NVINFER, &NVINFER_LEAN, &NVONNXPARSER, &NVINFER_PLUGIN];

/// Every described library: [`ALL`]'s, then those apart from it ([`TENSORRT`]'s), so that what
/// must know each library (the variables a child process clears) needs no list of the lists.
pub fn every() -> impl Iterator<Item = &'static Library> {
    ALL.iter().chain(TENSORRT).copied()
}

/// Every library of [`ALL`] and each one's [`siblings`](Library::siblings): every file the
/// crates of `ALL` load.
pub fn all_with_siblings() -> impl Iterator<Item = &'static Library> {
    ALL.iter().flat_map(|library| std::iter::once(*library).chain(library.siblings.iter().copied()))
}

/// The description of the -sys crate whose Rust path is `rust_path` (`cublas_sys`), if any.
pub fn by_rust_path(rust_path: &str) -> Option<&'static Library> {
    ALL.iter().copied().find(|library| library.rust_path == rust_path)
}

/// The folders of a toolkit root that hold its libraries: `lib64`, `targets/*/lib`, `lib`
/// (wheels), `lib/x64` and `bin` (Windows).
const TOOLKIT_LIB_DIRS: &[&str] = &["lib64", "targets/*/lib", "lib", "lib/x64", "bin"];

/// The version of a toolkit library whose header has none of its own: the `CUDA_VERSION` of the
/// toolkit's `cuda.h` beside it.
const TOOLKIT_CUDA_VERSION: Version =
    Version { macro_name: "CUDA_VERSION", header: Some("cuda.h"), scheme: Scheme::CUDA };

/// Which crate's toolkit the libraries that use the runtime's types bind with.
#[cfg(feature = "build")]
const WITH_THE_RUNTIME: &str = "cudart_sys";

/// A math library of the toolkit (`cuRAND`, stem `curand`, `CURAND`, its version function and
/// that function's shape): the names, the wheel, the files' folders, the version and the
/// sentences every such library words alike, and the fields given.
macro_rules! toolkit_library {
    (
        $what:literal, $stem:literal, $upper:literal, $version_function:ident($call:ident),
        { $($field:ident: $value:expr,)* }
        build { $($build_field:ident: $build_value:expr,)* }
    ) => {
        Library {
            what: $what,
            crate_name: concat!($stem, "-sys"),
            variable: concat!($upper, "_SYS_LIB", $upper, "_PATH"),
            // Its own version (`<LIBRARY>_VERSION`), by a function of the shape `$call`; an
            // older library than the header is refused.
            version_function: VersionFunction {
                name: stringify!($version_function),
                call: VersionCall::$call,
                own: Some((Scheme::library($what), concat!($upper, "_VERSION"))),
                refuses_older: true,
                refuses_other_major: false,
                unavailable: &[],
            },
            siblings: &[],
            a_what: concat!("a ", $what, " library"),
            short: concat!($what, " library"),
            a_short: concat!("a ", $what, " library"),
            name: PerOs { unix: concat!("lib", $stem), windows: concat!($stem, "64") },
            rust_path: concat!($stem, "_sys"),
            #[cfg(feature = "build")]
            build: Build {
                feature: Some($stem),
                wheel: Some(concat!("nvidia-", $stem)),
                link: $stem,
                whole_wheel: WholeWheel::GpuMachine,
                own: None,
                $($build_field: $build_value,)*
            },
            install: concat!(
                "Install ", $what, " of CUDA {major} (a CUDA toolkit, or NVIDIA's nvidia-", $stem,
                " wheel; CUDA 12: nvidia-", $stem, "-cu12)"
            ),
            search: Search::ApplicationAndSystem,
            companions: &[],
            role: Role::Toolkit { toolkit_dirs: TOOLKIT_LIB_DIRS, wheels: &["nvidia/cu{major}", concat!("nvidia/", $stem)] },
            parts: &[],
            unreachable_text: c_text(concat!($what, " could not be reached; ", $stem, "_sys::loader::explain says why\0")),
            $($field: $value,)*
        }
    };
}

/// `text`, which ends in a NUL and holds no other, as a C string (for `concat!`, which makes no
/// `c"..."` literal).
const fn c_text(text: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(text.as_bytes()) {
        Ok(text) => text,
        Err(_) => panic!("a C text ends in its only NUL"),
    }
}

/// The Driver API: `cuda.h`, libcuda (libcuda-sys).
pub const DRIVER: Library = Library {
    what: "the CUDA driver",
    a_what: "a CUDA driver",
    short: "driver",
    a_short: "a driver",
    name: PerOs { unix: "libcuda", windows: "nvcuda.dll" },
    crate_name: "libcuda-sys",
    rust_path: "cuda_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: None,
        wheel: None,
        releases: &[],
        found: Found { follows: None, home: None, beside: &[], since: None },
        binding: Binding {
            functions: "cu.*",
            types: "CU.*|cu.*",
            vars: "CU.*|cu.*",
            function_prefix: "cu",
            constant_prefixes: &["CU"],
            defines: &[],
            also_headers: &["cudaProfiler.h"],
            shares_types_with: &[],
            reference: "https://docs.nvidia.com/cuda/cuda-driver-api/",
            vendored_stem: "cuda",
        },
        link: "cuda",
        whole_wheel: WholeWheel::GpuMachine,
        own: None,
    },
    header: "cuda.h",
    version: Version { macro_name: "CUDA_VERSION", header: None, scheme: Scheme::CUDA },
    codes: Codes {
        enum_name: "cudaError_enum",
        type_name: "CUresult",
        signed: false,
        positive_warnings: false,
        success: "CUDA_SUCCESS",
        // What NVIDIA's stub answers.
        not_loaded: "CUDA_ERROR_STUB_LIBRARY",
        // What cuGetProcAddress answers.
        symbol_missing: "CUDA_ERROR_NOT_FOUND",
        unknown: "CUDA_ERROR_UNKNOWN_CODE",
        reference: "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html",
        text: ErrorText::OutParameter { name: "cuGetErrorName", string: "cuGetErrorString", unknown: 1 },
    },
    // The driver's ABI is one for all majors: its soname has not changed since CUDA 1.
    files: Files { pattern: PerOs { unix: "libcuda.so.1", windows: "nvcuda.dll" }, exceptions: &[] },
    variable: "CUDA_SYS_LIBCUDA_PATH",
    install: "Install the NVIDIA driver",
    search: Search::System,
    companions: &[],
    role: Role::Driver {
        // What a program linked with `-lcuda` loads: the soname, through the dynamic loader's
        // search, then WSL's copy, which is outside that search. Never `libcuda.so`: that name
        // is for the linker, and on a machine with a toolkit but no driver it is NVIDIA's stub.
        candidates: &["libcuda.so.1", "/usr/lib/wsl/lib/libcuda.so.1"],
        candidates_windows: &["nvcuda.dll"],
        init: "cuInit",
        stub_origin: PerOs {
            unix: "NVIDIA ships such a libcuda.so in a CUDA toolkit's lib64/stubs, for linking only, never to be loaded. ",
            windows: "",
        },
        stub_fix: PerOs {
            unix: "Install the NVIDIA driver, or take the stubs folder out of LD_LIBRARY_PATH",
            windows: "Reinstall the NVIDIA driver",
        },
    },
    parts: &[],
    unreachable_text: c"the CUDA driver could not be reached; cuda_sys::loader::explain says why",
    version_function: VersionFunction {
        name: "cuDriverGetVersion",
        call: VersionCall::Single,
        own: None,
        refuses_older: false,
        refuses_other_major: false,
        // What NVIDIA's stub answers (see `Role::Driver`).
        unavailable: &["CUDA_ERROR_STUB_LIBRARY"],
    },
    siblings: &[],
};

/// The Runtime API: `cuda_runtime_api.h` and `library_types.h` (which `cuda_runtime.h`
/// includes), libcudart (cudart-sys). Its `CUstream_st`, `CUevent_st`, ... are cuda.h's, taken
/// from libcuda-sys, as in C.
pub const RUNTIME: Library = Library {
    what: "the CUDA runtime",
    a_what: "a CUDA runtime",
    short: "runtime",
    a_short: "a runtime",
    name: PerOs { unix: "libcudart", windows: "libcudart" },
    crate_name: "cudart-sys",
    rust_path: "cudart_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("runtime"),
        wheel: Some("nvidia-cuda-runtime"),
        // Its wheel is the root the libraries' wheels join: xtask pins it with the toolkit's own.
        releases: &[],
        found: Found { follows: Some("libcuda_sys"), home: None, beside: &[], since: None },
        binding: Binding {
            functions: "cuda.*",
            // libraryPropertyType: library_types.h's, which every CUDA library's GetProperty takes.
            types: "cuda.*|libraryPropertyType.*",
            vars: "cuda.*|CUDART_VERSION",
            function_prefix: "cuda",
            constant_prefixes: &["cuda"],
            defines: &[],
            // The data types cuBLAS, cuFFT, cuSPARSE... take (cudaDataType) are library_types.h's.
            also_headers: &["cuda_profiler_api.h", "library_types.h"],
            shares_types_with: &[("cuda.h", "cuda_sys")],
            reference: "https://docs.nvidia.com/cuda/cuda-runtime-api/",
            vendored_stem: "cudart",
        },
        link: "cudart",
        whole_wheel: WholeWheel::GpuMachine,
        own: None,
    },
    header: "cuda_runtime_api.h",
    version: Version { macro_name: "CUDART_VERSION", header: None, scheme: Scheme::CUDA },
    codes: Codes {
        enum_name: "cudaError",
        type_name: "cudaError_t",
        signed: false,
        positive_warnings: false,
        success: "cudaSuccess",
        not_loaded: "cudaErrorSharedObjectInitFailed",
        symbol_missing: "cudaErrorSymbolNotFound",
        unknown: "cudaError",
        reference: "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html",
        text: ErrorText::Returned {
            name: Some("cudaGetErrorName"),
            string: "cudaGetErrorString",
            unknown: &["unrecognized"],
        },
    },
    // Its ABI is per major; CUDA 11's is named for 11.0.
    files: Files {
        pattern: PerOs { unix: "libcudart.so.{major}", windows: "cudart64_{major}.dll" },
        exceptions: &[(11, "libcudart.so.11.0", "cudart64_110.dll")],
    },
    variable: "CUDART_SYS_LIBCUDART_PATH",
    install: "Install the CUDA {major} runtime (a CUDA toolkit, or NVIDIA's nvidia-cuda-runtime wheel)",
    // Applications ship the runtime's DLL beside themselves on Windows.
    search: Search::ApplicationAndSystem,
    companions: &[],
    role: Role::Toolkit {
        toolkit_dirs: TOOLKIT_LIB_DIRS,
        wheels: &["nvidia/cu{major}", "nvidia/cuda_runtime"],
    },
    parts: &[],
    unreachable_text: c"the CUDA runtime could not be reached; cudart_sys::loader::explain says why",
    version_function: VersionFunction {
        name: "cudaRuntimeGetVersion",
        call: VersionCall::Single,
        own: None,
        refuses_older: false,
        refuses_other_major: false,
        // CUDA 11's cudaRuntimeGetVersion needs a driver; 12's and 13's answer without one.
        unavailable: &["cudaErrorInsufficientDriver"],
    },
    siblings: &[],
};

/// NVRTC, CUDA C++ compiled at run time: `nvrtc.h`, libnvrtc (nvrtc-sys).
pub const NVRTC: Library = Library {
    what: "the NVRTC library",
    a_what: "an NVRTC library",
    short: "NVRTC library",
    a_short: "an NVRTC library",
    name: PerOs { unix: "libnvrtc", windows: "libnvrtc" },
    crate_name: "nvrtc-sys",
    rust_path: "nvrtc_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("nvrtc"),
        wheel: Some("nvidia-cuda-nvrtc"),
        releases: &[
            ("11.8", "11.8.89"),
            ("12.0", "12.0.76"),
            ("12.1", "12.1.105"),
            ("12.2", "12.2.140"),
            ("12.3", "12.3.107"),
            ("12.4", "12.4.127"),
            ("12.5", "12.5.82"),
            ("12.6", "12.6.85"),
            ("12.8", "12.8.93"),
            ("12.9", "12.9.86"),
            ("13.0", "13.0.88"),
            ("13.1", "13.1.80"),
            ("13.2", "13.2.86"),
            ("13.3", "13.3.33"),
            ("13.4", "13.4.92"),
            ("13.5", "13.5.37"),
        ],
        // NVRTC needs no other CUDA library: it looks for the toolkit itself.
        found: Found { follows: None, home: None, beside: &["cuda_nvrtc"], since: None },
        binding: Binding {
            functions: "nvrtc.*",
            types: "nvrtc.*",
            vars: "nvrtc.*|NVRTC.*|CUDA_VERSION",
            function_prefix: "nvrtc",
            constant_prefixes: &["NVRTC"],
            defines: &[],
            also_headers: &[],
            shares_types_with: &[],
            reference: "https://docs.nvidia.com/cuda/nvrtc/",
            vendored_stem: "nvrtc",
        },
        link: "nvrtc",
        whole_wheel: WholeWheel::EveryRelease,
        own: None,
    },
    header: "nvrtc.h",
    version: TOOLKIT_CUDA_VERSION,
    codes: Codes {
        enum_name: "nvrtcResult",
        type_name: "nvrtcResult",
        signed: false,
        positive_warnings: false,
        success: "NVRTC_SUCCESS",
        // nvrtc.h has no code for "no library" or "no function"; `explain` tells the loader's
        // from the library's own.
        not_loaded: "NVRTC_ERROR_INTERNAL_ERROR",
        symbol_missing: "NVRTC_ERROR_INTERNAL_ERROR",
        unknown: "nvrtcResult",
        reference: "https://docs.nvidia.com/cuda/nvrtc/index.html#group__error",
        text: ErrorText::Returned {
            name: None,
            string: "nvrtcGetErrorString",
            unknown: &["NVRTC_ERROR unknown"],
        },
    },
    // Per major; CUDA 11's is named for 11.2, the first with a stable NVRTC ABI.
    files: Files {
        pattern: PerOs { unix: "libnvrtc.so.{major}", windows: "nvrtc64_{major}0_0.dll" },
        exceptions: &[(11, "libnvrtc.so.11.2", "nvrtc64_112_0.dll")],
    },
    variable: "NVRTC_SYS_LIBNVRTC_PATH",
    install: "Install NVRTC of CUDA {major} (a CUDA toolkit, or NVIDIA's nvidia-cuda-nvrtc wheel)",
    search: Search::ApplicationAndSystem,
    // NVRTC opens its builtins (`libnvrtc-builtins.so.13.0`) by name when it compiles; a
    // wheel's libnvrtc has no RUNPATH to find them beside it.
    companions: &["libnvrtc-builtins.so."],
    role: Role::Toolkit {
        toolkit_dirs: TOOLKIT_LIB_DIRS,
        wheels: &["nvidia/cu{major}", "nvidia/cuda_nvrtc"],
    },
    parts: &[],
    unreachable_text: c"the NVRTC library could not be reached; nvrtc_sys::loader::explain says why",
    version_function: VersionFunction {
        name: "nvrtcVersion",
        call: VersionCall::MajorMinor,
        own: None,
        refuses_older: false,
        refuses_other_major: false,
        unavailable: &[],
    },
    siblings: &[],
};

/// nvJitLink, the linker of device code at run time (cubin, PTX, LTO-IR, fatbinaries) into one
/// cubin: `nvJitLink.h`, libnvJitLink (nvjitlink-sys). It came with CUDA 12.0; CUDA 11 has none.
/// Each function C calls is a `static inline` one calling a symbol named for the header's
/// release (`nvJitLinkCreate` calls `__nvJitLinkCreate_13_0`), so that a program is never given
/// a library older than its header; the generator binds those symbols under C's names. It needs
/// no other CUDA library (nor a GPU: it runs on the CPU), and its codes have no text function:
/// the sentences are ours, from the header's comment on each.
pub const NVJITLINK: Library = Library {
    what: "nvJitLink",
    a_what: "an nvJitLink library",
    short: "nvJitLink library",
    a_short: "an nvJitLink library",
    name: PerOs { unix: "libnvJitLink", windows: "nvJitLink" },
    crate_name: "nvjitlink-sys",
    rust_path: "nvjitlink_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("nvjitlink"),
        wheel: Some("nvidia-nvjitlink"),
        releases: &[
            ("12.0", "12.0.76"),
            ("12.1", "12.1.105"),
            ("12.2", "12.2.140"),
            ("12.3", "12.3.101"),
            ("12.4", "12.4.127"),
            ("12.5", "12.5.82"),
            ("12.6", "12.6.85"),
            ("12.8", "12.8.93"),
            ("12.9", "12.9.86"),
            ("13.0", "13.0.88"),
            ("13.1", "13.1.80"),
            ("13.2", "13.2.86"),
            ("13.3", "13.3.33"),
            ("13.4", "13.4.92"),
            ("13.5", "13.5.37"),
        ],
        found: Found { follows: None, home: None, beside: &["nvjitlink"], since: Some(12000) },
        binding: Binding {
            // The versioned symbols the header's inline functions call, and nvJitLinkVersion.
            functions: "__nvJitLink.*|nvJitLink.*",
            types: "nvJitLink.*",
            vars: "NVJITLINK.*|CUDA_VERSION",
            function_prefix: "nvJitLink",
            constant_prefixes: &["NVJITLINK"],
            defines: &[],
            also_headers: &[],
            shares_types_with: &[],
            reference: "https://docs.nvidia.com/cuda/nvjitlink/",
            vendored_stem: "nvjitlink",
        },
        link: "nvJitLink",
        whole_wheel: WholeWheel::GpuMachine,
        own: None,
    },
    header: "nvJitLink.h",
    version: TOOLKIT_CUDA_VERSION,
    codes: Codes {
        enum_name: "nvJitLinkResult",
        type_name: "nvJitLinkResult",
        signed: false,
        positive_warnings: false,
        success: "NVJITLINK_SUCCESS",
        // nvJitLink.h has no code for "no library" or "no function"; `explain` tells the
        // loader's from the library's own.
        not_loaded: "NVJITLINK_ERROR_INTERNAL",
        symbol_missing: "NVJITLINK_ERROR_INTERNAL",
        unknown: "nvJitLinkResult",
        reference: "https://docs.nvidia.com/cuda/nvjitlink/index.html",
        text: ErrorText::Table(&[
            ("NVJITLINK_SUCCESS", "no error"),
            ("NVJITLINK_ERROR_UNRECOGNIZED_OPTION", "an option is not one the linker knows"),
            ("NVJITLINK_ERROR_MISSING_ARCH", "no -arch=sm_NN option was given, and the linker needs one"),
            ("NVJITLINK_ERROR_INVALID_INPUT", "an input is not valid"),
            ("NVJITLINK_ERROR_PTX_COMPILE", "compiling PTX failed (the error log says why)"),
            ("NVJITLINK_ERROR_NVVM_COMPILE", "compiling LTO-IR failed (the error log says why)"),
            ("NVJITLINK_ERROR_INTERNAL", "the library failed inside"),
            ("NVJITLINK_ERROR_THREADPOOL", "the linker's thread pool failed"),
            ("NVJITLINK_ERROR_UNRECOGNIZED_INPUT", "an input is of no kind the linker knows"),
            ("NVJITLINK_ERROR_FINALIZE", "finalizing the linked code failed"),
            ("NVJITLINK_ERROR_NULL_INPUT", "an input is a null pointer"),
            ("NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS", "two of the options cannot be used together"),
            ("NVJITLINK_ERROR_INCORRECT_INPUT_TYPE", "an input is not of the type it was added as"),
            ("NVJITLINK_ERROR_ARCH_MISMATCH", "an input was built for another architecture than -arch names"),
            (
                "NVJITLINK_ERROR_OUTDATED_LIBRARY",
                "an input comes from a newer toolkit than this library: update nvJitLink",
            ),
            ("NVJITLINK_ERROR_MISSING_FATBIN", "a fatbinary the link needs is missing"),
            ("NVJITLINK_ERROR_UNRECOGNIZED_ARCH", "the -arch value is not one the linker knows"),
            ("NVJITLINK_ERROR_UNSUPPORTED_ARCH", "this library does not support the -arch value"),
            (
                "NVJITLINK_ERROR_LTO_NOT_ENABLED",
                "an input needs link-time optimization: give the -lto option",
            ),
        ]),
    },
    // Per major, as NVIDIA's wheels ship it (Windows: nvJitLink_120_0.dll, nvJitLink_130_0.dll).
    files: Files {
        pattern: PerOs { unix: "libnvJitLink.so.{major}", windows: "nvJitLink_{major}0_0.dll" },
        exceptions: &[],
    },
    variable: "NVJITLINK_SYS_LIBNVJITLINK_PATH",
    install:
        "Install nvJitLink of CUDA {major} (a CUDA toolkit, or NVIDIA's nvidia-nvjitlink wheel; CUDA 12: \
              nvidia-nvjitlink-cu12)",
    search: Search::ApplicationAndSystem,
    companions: &[],
    role: Role::Toolkit { toolkit_dirs: TOOLKIT_LIB_DIRS, wheels: &["nvidia/cu{major}", "nvidia/nvjitlink"] },
    parts: &[],
    unreachable_text: c"nvJitLink could not be reached; nvjitlink_sys::loader::explain says why",
    // nvJitLinkVersion (CUDA 12.3 on) answers the library's CUDA major and minor. A library
    // older than the header lacks its versioned symbols: it is refused when loaded, and the
    // search goes on.
    version_function: VersionFunction {
        name: "nvJitLinkVersion",
        call: VersionCall::MajorMinor,
        own: None,
        refuses_older: true,
        refuses_other_major: false,
        unavailable: &[],
    },
    siblings: &[],
};

/// `NCCL_VERSION_CODE`: `major * 10000 + minor * 100 + patch` since 2.9 (22803 is 2.28.3),
/// `major * 1000 + ...` before (2804 is 2.8.4); NCCL 2.0 to 3.99. Dependents follow it with
/// `cfg(nccl_ge = "2.28")`.
const NCCL_SCHEME: Scheme = Scheme {
    name: "NCCL",
    major_unit: 10000,
    minor_unit: 100,
    older_major_unit: Some(1000),
    plausible: &[(2000, 2900), (20900, 40_000)],
    cfg: Some("nccl"),
};

/// NCCL, collective communication across GPUs and machines: `nccl.h`, libnccl (nccl-sys). Its
/// version is its own (`NCCL_VERSION_CODE`), and its ABI is one for all of NCCL 2: one file,
/// `libnccl.so.2`, whatever the CUDA major. Its streams and events are the runtime's
/// (`cudaStream_t`, from the `cuda_runtime.h` it includes), taken from cudart-sys, as in C.
/// `pnccl*`, the profiling interface, is the same functions under a second name. NCCL is for
/// Linux only.
pub const NCCL: Library = Library {
    what: "the NCCL library",
    a_what: "an NCCL library",
    short: "NCCL library",
    a_short: "an NCCL library",
    name: PerOs { unix: "libnccl", windows: "nccl" },
    crate_name: "nccl-sys",
    rust_path: "nccl_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("nccl"),
        wheel: Some("nvidia-nccl"),
        // Releases of its own, apart from CUDA's (xtask's NCCL_HEADERS).
        releases: &[],
        // The root variable NVIDIA's own Makefiles (nccl-tests) read.
        found: Found { follows: Some(WITH_THE_RUNTIME), home: Some("NCCL_HOME"), beside: &[], since: None },
        binding: Binding {
            functions: "p?nccl.*",
            types: "nccl.*",
            vars: "NCCL.*|nccl.*",
            function_prefix: "nccl",
            constant_prefixes: &["NCCL"],
            // nccl.h includes cuda_fp16.h, cuda_bf16.h and cuda_fp8.h for its device API only.
            defines: &["__CUDA_FP16_H__", "__CUDA_BF16_H__", "__CUDA_FP8_H__"],
            also_headers: &[],
            shares_types_with: &[("cuda_runtime.h", "cudart_sys")],
            reference: "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api.html",
            vendored_stem: "nccl",
        },
        link: "nccl",
        whole_wheel: WholeWheel::GpuMachine,
        own: Some(OwnReleases {
            inner: "nvidia/nccl",
            // Each release NVIDIA published a wheel of, from the last one built for CUDA 11
            // (the oldest, which a build without a header binds: every NCCL since has its
            // functions), read from the CUDA 12 wheel where there is one (the header is the same
            // in each CUDA major's).
            vendored: &[
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
            ],
            // CUDA 11: the last NCCL NVIDIA built for it (what PyTorch's CUDA 11.8 builds pin);
            // 12 and 13: the first NCCL built for CUDA 13, built for 12 too, so that bindings
            // made from it load every NCCL since (nccl-sys refuses a library older than its
            // header).
            tested: &[
                ("11", "nvidia-nccl-cu11==2.21.5"),
                ("12", "nvidia-nccl-cu12==2.27.7"),
                ("13", "nvidia-nccl-cu13==2.27.7"),
            ],
        }),
    },
    header: "nccl.h",
    version: Version { macro_name: "NCCL_VERSION_CODE", header: None, scheme: NCCL_SCHEME },
    codes: Codes {
        enum_name: "ncclResult_t",
        type_name: "ncclResult_t",
        signed: false,
        positive_warnings: false,
        success: "ncclSuccess",
        // nccl.h has no code for "no library" or "no function"; `explain` tells the loader's
        // from NCCL's own.
        not_loaded: "ncclSystemError",
        symbol_missing: "ncclSystemError",
        unknown: "ncclResult_t",
        reference: "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/types.html#ncclresult-t",
        text: ErrorText::Returned { name: None, string: "ncclGetErrorString", unknown: &["unknown result code"] },
    },
    files: Files { pattern: PerOs { unix: "libnccl.so.2", windows: "nccl.dll" }, exceptions: &[] },
    variable: "NCCL_SYS_LIBNCCL_PATH",
    install: "Install NCCL 2 as new as the nccl.h these bindings come from (NVIDIA's nvidia-nccl-cu13 wheel, or its \
              libnccl2 package), or build against the nccl.h of the NCCL you have (NCCL_HOME)",
    search: Search::ApplicationAndSystem,
    // libnccl opens nothing of its own by name that must sit beside it (its plugins are
    // optional, found by the system's search).
    companions: &[],
    // A toolkit (or $NCCL_HOME, found at build time) keeps it in lib/ or lib64/; the wheel in
    // nvidia/nccl/lib.
    role: Role::Toolkit { toolkit_dirs: TOOLKIT_LIB_DIRS, wheels: &["nvidia/nccl"] },
    parts: &[],
    unreachable_text: c"the NCCL library could not be reached; nccl_sys::loader::explain says why",
    version_function: VersionFunction {
        name: "ncclGetVersion",
        call: VersionCall::Single,
        own: None,
        refuses_older: true,
        refuses_other_major: false,
        unavailable: &[],
    },
    siblings: &[],
};

/// cuBLAS (`cublas_v2.h`, which declares `cublas_api.h`'s functions under their C names, so
/// `cublasSgemm` is `cublasSgemm_v2`) and cuBLASLt ([`CUBLASLT`], `cublasLt.h`, which shares its
/// types and status codes): libcublas and libcublasLt (libcublas-sys). Its ABI is per CUDA major,
/// so the toolkit's `CUDA_VERSION` is its version; the runtime's types (`cudaStream_t`,
/// `cudaDataType`) are cudart-sys's, as in C.
pub const CUBLAS: Library = Library {
    what: "cuBLAS",
    a_what: "a cuBLAS library",
    short: "cuBLAS library",
    a_short: "a cuBLAS library",
    name: PerOs { unix: "libcublas", windows: "cublas64" },
    crate_name: "libcublas-sys",
    rust_path: "cublas_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("cublas"),
        wheel: Some("nvidia-cublas"),
        releases: &[
            ("11.8", "11.11.3.6"),
            ("12.0", "12.0.2.224"),
            ("12.1", "12.1.3.1"),
            ("12.2", "12.2.5.6"),
            ("12.3", "12.3.4.1"),
            ("12.4", "12.4.5.8"),
            ("12.5", "12.5.3.2"),
            ("12.6", "12.6.3.3"),
            ("12.8", "12.8.4.1"),
            ("12.9", "12.9.1.4"),
            ("13.0", "13.1.0.3"),
            ("13.1", "13.2.0.9"),
            ("13.2", "13.4.1.3"),
            ("13.3", "13.5.1.27"),
            ("13.4", "13.8.0.4"),
            ("13.5", "13.10.0.20"),
        ],
        found: Found { follows: Some(WITH_THE_RUNTIME), home: None, beside: &["cublas"], since: None },
        binding: CUBLAS_BINDING,
        link: "cublas",
        whole_wheel: WholeWheel::AlsoNewestOf(12),
        own: None,
    },
    header: "cublas_v2.h",
    version: TOOLKIT_CUDA_VERSION,
    codes: CUBLAS_CODES,
    files: Files { pattern: PerOs { unix: "libcublas.so.{major}", windows: "cublas64_{major}.dll" }, exceptions: &[] },
    variable: "CUBLAS_SYS_LIBCUBLAS_PATH",
    install: "Install cuBLAS of CUDA {major} (a CUDA toolkit, or NVIDIA's nvidia-cublas wheel; CUDA 12: nvidia-cublas-cu12)",
    search: Search::ApplicationAndSystem,
    // libcublas finds its libcublasLt beside itself ($ORIGIN).
    companions: &[],
    role: CUBLAS_ROLE,
    parts: &[],
    unreachable_text: c"cuBLAS could not be reached; cublas_sys::loader::explain says why",
    version_function: VersionFunction {
        name: "cublasGetCudartVersion",
        call: VersionCall::Returned,
        own: None,
        refuses_older: false,
        refuses_other_major: false,
        unavailable: &[],
    },
    siblings: &[&CUBLASLT],
};

/// What cuBLAS binds, with cuBLASLt's functions among its own.
#[cfg(feature = "build")]
const CUBLAS_BINDING: Binding = Binding {
    functions: "cublas.*",
    types: "cublas.*",
    vars: "CUBLAS.*|cublas.*|CUDA_VERSION",
    function_prefix: "cublas",
    constant_prefixes: &["CUBLAS"],
    defines: &[],
    // cuBLASXt, the host-memory multi-GPU API, in libcublas.
    also_headers: &["cublasXt.h"],
    shares_types_with: &[("driver_types.h", "cudart_sys"), ("library_types.h", "cudart_sys")],
    reference: "https://docs.nvidia.com/cuda/cublas/",
    vendored_stem: "cublas",
};

/// Where cuBLAS and cuBLASLt are: each wheel has both.
const CUBLAS_ROLE: Role =
    Role::Toolkit { toolkit_dirs: TOOLKIT_LIB_DIRS, wheels: &["nvidia/cu{major}", "nvidia/cublas"] };

/// cuBLAS's status codes, which cuBLASLt shares. `cublas_api.h` has no code for "no library" or
/// "no function": CUBLAS_STATUS_NOT_INITIALIZED ("the library was not initialized") and
/// CUBLAS_STATUS_NOT_SUPPORTED ("the requested functionality is not supported"); `explain` tells
/// the loader's from the library's own.
const CUBLAS_CODES: Codes = Codes {
    enum_name: "cublasStatus_t",
    type_name: "cublasStatus_t",
    signed: false,
    positive_warnings: false,
    success: "CUBLAS_STATUS_SUCCESS",
    not_loaded: "CUBLAS_STATUS_NOT_INITIALIZED",
    symbol_missing: "CUBLAS_STATUS_NOT_SUPPORTED",
    unknown: "cublasStatus_t",
    reference: "https://docs.nvidia.com/cuda/cublas/#cublasstatus-t",
    text: ErrorText::Returned {
        name: Some("cublasGetStatusName"),
        string: "cublasGetStatusString",
        unknown: &["unrecognized"],
    },
};

/// cuBLASLt, cuBLAS's matrix multiplication with descriptors and algorithm choice
/// (`cublasLt.h`): libcublasLt, whose functions libcublas-sys binds beside cuBLAS's (in its
/// module `lt`), with cuBLAS's status codes.
pub const CUBLASLT: Library = Library {
    what: "cuBLASLt",
    a_what: "a cuBLASLt library",
    short: "cuBLASLt library",
    a_short: "a cuBLASLt library",
    name: PerOs { unix: "libcublasLt", windows: "cublasLt64" },
    crate_name: "libcublas-sys",
    rust_path: "cublas_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("cublas"),
        wheel: Some("nvidia-cublas"),
        // cuBLAS's wheel, pinned in CUBLAS: fetched once.
        releases: &[],
        found: Found { follows: Some(WITH_THE_RUNTIME), home: None, beside: &["cublas"], since: None },
        binding: Binding { function_prefix: "cublasLt", also_headers: &[], ..CUBLAS_BINDING },
        link: "cublasLt",
        whole_wheel: WholeWheel::GpuMachine,
        own: None,
    },
    header: "cublasLt.h",
    version: TOOLKIT_CUDA_VERSION,
    codes: Codes {
        text: ErrorText::Returned {
            name: Some("cublasLtGetStatusName"),
            string: "cublasLtGetStatusString",
            unknown: &["unrecognized"],
        },
        ..CUBLAS_CODES
    },
    files: Files {
        pattern: PerOs { unix: "libcublasLt.so.{major}", windows: "cublasLt64_{major}.dll" },
        exceptions: &[],
    },
    variable: "CUBLAS_SYS_LIBCUBLASLT_PATH",
    install: "Install cuBLAS of CUDA {major} (a CUDA toolkit, or NVIDIA's nvidia-cublas wheel; CUDA 12: nvidia-cublas-cu12)",
    search: Search::ApplicationAndSystem,
    companions: &[],
    role: CUBLAS_ROLE,
    parts: &[],
    unreachable_text: c"cuBLASLt could not be reached; cublas_sys::loader::explain_lt says why",
    version_function: VersionFunction {
        name: "cublasLtGetCudartVersion",
        call: VersionCall::Returned,
        own: None,
        refuses_older: false,
        refuses_other_major: false,
        unavailable: &[],
    },
    siblings: &[],
};

/// cuRAND, random numbers on the GPU or the host: `curand.h` (the host API), libcurand
/// (curand-sys). Its file has been `libcurand.so.10` since CUDA 10; its bindings are keyed by the
/// toolkit's `CUDA_VERSION`, and the library answers with its own version (`CURAND_VERSION`,
/// 10405 for 10.4.5), which must not be older than the header's. Its streams and property
/// types are the runtime's, as in C. It has no function that words a status: the sentences are
/// ours, from the header's documentation of each.
pub const CURAND: Library = toolkit_library! {
    "cuRAND", "curand", "CURAND", curandGetVersion(Single),
    {
        header: "curand.h",
        version: TOOLKIT_CUDA_VERSION,
        codes: Codes {
            enum_name: "curandStatus",
            type_name: "curandStatus_t",
            signed: false,
            positive_warnings: false,
            success: "CURAND_STATUS_SUCCESS",
            // curand.h has no code for "no library" or "no function": "initializing CUDA failed",
            // and "the header and the library do not match"; `explain` tells the loader's from
            // the library's own.
            not_loaded: "CURAND_STATUS_INITIALIZATION_FAILED",
            symbol_missing: "CURAND_STATUS_VERSION_MISMATCH",
            unknown: "curandStatus_t",
            reference: "https://docs.nvidia.com/cuda/curand/group__HOST.html",
            text: ErrorText::Table(&[
                ("CURAND_STATUS_SUCCESS", "no error"),
                ("CURAND_STATUS_VERSION_MISMATCH", "the header's version and the library's do not match"),
                ("CURAND_STATUS_NOT_INITIALIZED", "the generator was never created, or was destroyed"),
                ("CURAND_STATUS_ALLOCATION_FAILED", "memory could not be allocated"),
                ("CURAND_STATUS_TYPE_ERROR", "the generator is of the wrong type for this call"),
                ("CURAND_STATUS_OUT_OF_RANGE", "an argument is out of its range"),
                ("CURAND_STATUS_LENGTH_NOT_MULTIPLE", "the length asked for is not a multiple of the dimension"),
                ("CURAND_STATUS_DOUBLE_PRECISION_REQUIRED", "the GPU has no double precision, which MRG32k3a needs"),
                ("CURAND_STATUS_LAUNCH_FAILURE", "a kernel launch failed"),
                ("CURAND_STATUS_PREEXISTING_FAILURE", "an earlier failure was pending when the library was entered"),
                ("CURAND_STATUS_INITIALIZATION_FAILED", "CUDA could not be initialized"),
                ("CURAND_STATUS_ARCH_MISMATCH", "the GPU's architecture does not support the feature asked for"),
                ("CURAND_STATUS_INTERNAL_ERROR", "the library failed inside"),
            ]),
        },
        // cuRAND's ABI has been 10 since CUDA 10.
        files: Files { pattern: PerOs { unix: "libcurand.so.10", windows: "curand64_10.dll" }, exceptions: &[] },
    }
    build {
        releases: &[
            ("11.8", "10.3.0.86"),
            ("12.0", "10.3.1.50"),
            ("12.1", "10.3.2.106"),
            ("12.2", "10.3.3.141"),
            ("12.3", "10.3.4.101"),
            ("12.4", "10.3.5.147"),
            ("12.5", "10.3.6.82"),
            ("12.6", "10.3.7.77"),
            ("12.8", "10.3.9.90"),
            ("12.9", "10.3.10.19"),
            ("13.0", "10.4.0.35"),
            ("13.1", "10.4.1.34"),
            ("13.2", "10.4.2.66"),
            ("13.3", "10.4.3.29"),
            ("13.4", "10.4.4.72"),
            ("13.5", "10.4.5.25"),
        ],
        found: Found { follows: Some(WITH_THE_RUNTIME), home: None, beside: &["curand"], since: None },
        binding: Binding {
            functions: "curand.*",
            types: "curand.*",
            vars: "CURAND.*|curand.*|CUDA_VERSION",
            function_prefix: "curand",
            constant_prefixes: &["CURAND"],
            defines: &[],
            also_headers: &[],
            shares_types_with: &[("driver_types.h", "cudart_sys"), ("library_types.h", "cudart_sys")],
            reference: "https://docs.nvidia.com/cuda/curand/",
            vendored_stem: "curand",
        },
    }
};

/// cuFFT, fast Fourier transforms on the GPU: `cufft.h`, libcufft (cufft-sys). Its bindings are
/// keyed by the toolkit's `CUDA_VERSION`; the library answers with its own version
/// (`CUFFT_VERSION`, 12000 for 12.0.0), which must not be older than the header's, and its file
/// is named by its own major, one less than CUDA's. Its complex types are `cuComplex.h`'s, its
/// streams and property types the runtime's, as in C. It has no function that words a status:
/// the sentences are ours, from the header's and NVIDIA's documentation of each.
pub const CUFFT: Library = toolkit_library! {
    "cuFFT", "cufft", "CUFFT", cufftGetVersion(Single),
    {
        header: "cufft.h",
        version: TOOLKIT_CUDA_VERSION,
        codes: Codes {
            enum_name: "cufftResult_t",
            type_name: "cufftResult",
            signed: false,
            positive_warnings: false,
            success: "CUFFT_SUCCESS",
            // cufft.h has no code for "no library" or "no function": "the library could not be
            // initialized", and "not implemented"; `explain` tells the loader's from the library's
            // own.
            not_loaded: "CUFFT_SETUP_FAILED",
            symbol_missing: "CUFFT_NOT_IMPLEMENTED",
            unknown: "cufftResult",
            reference: "https://docs.nvidia.com/cuda/cufft/#cufftresult",
            // Every release's codes: CUDA 13 dropped 0xA, 0xC and 0xF and added 0x11 to 0x14.
            text: ErrorText::Table(&[
                ("CUFFT_SUCCESS", "no error"),
                ("CUFFT_INVALID_PLAN", "the handle is no plan cuFFT made, or its plan was destroyed"),
                ("CUFFT_ALLOC_FAILED", "memory (the GPU's or the host's) could not be allocated"),
                ("CUFFT_INVALID_TYPE", "the transform type is none cuFFT knows"),
                ("CUFFT_INVALID_VALUE", "a pointer or another argument is not valid"),
                ("CUFFT_INTERNAL_ERROR", "the library failed inside (often the driver or the GPU)"),
                ("CUFFT_EXEC_FAILED", "the transform could not be run on the GPU"),
                ("CUFFT_SETUP_FAILED", "the library could not be initialized"),
                ("CUFFT_INVALID_SIZE", "a transform size is not one cuFFT supports"),
                ("CUFFT_UNALIGNED_DATA", "the data is not aligned as the transform needs"),
                ("CUFFT_INCOMPLETE_PARAMETER_LIST", "the call lacks a parameter it needs"),
                ("CUFFT_INVALID_DEVICE", "the plan is run on another GPU than the one it was made on"),
                ("CUFFT_PARSE_ERROR", "the library's own plan database failed"),
                ("CUFFT_NO_WORKSPACE", "the plan was run before it was given a work area"),
                ("CUFFT_NOT_IMPLEMENTED", "the library does not implement this for the parameters given"),
                ("CUFFT_LICENSE_ERROR", "a license check failed (older releases only)"),
                ("CUFFT_NOT_SUPPORTED", "the operation is not supported for the parameters given"),
                ("CUFFT_MISSING_DEPENDENCY", "a library cuFFT needs for this could not be found"),
                ("CUFFT_NVRTC_FAILURE", "NVRTC failed while cuFFT compiled a kernel at run time"),
                ("CUFFT_NVJITLINK_FAILURE", "nvJitLink failed while cuFFT linked a kernel at run time"),
                ("CUFFT_NVSHMEM_FAILURE", "NVSHMEM failed during a multi-GPU transform"),
            ]),
        },
        // cuFFT's ABI major is its own: 10 in CUDA 11, 11 in CUDA 12, 12 in CUDA 13 (NVIDIA's
        // wheels); a new CUDA major needs its line here.
        files: Files {
            pattern: PerOs { unix: "libcufft.so.12", windows: "cufft64_12.dll" },
            exceptions: &[(11, "libcufft.so.10", "cufft64_10.dll"), (12, "libcufft.so.11", "cufft64_11.dll")],
        },
    }
    build {
        releases: &[
            ("11.8", "10.9.0.58"),
            ("12.0", "11.0.0.21"),
            ("12.1", "11.0.2.54"),
            ("12.2", "11.0.8.103"),
            ("12.3", "11.0.12.1"),
            ("12.4", "11.2.1.3"),
            ("12.5", "11.2.3.61"),
            ("12.6", "11.3.0.4"),
            ("12.8", "11.3.3.83"),
            ("12.9", "11.4.1.4"),
            ("13.0", "12.0.0.61"),
            ("13.1", "12.1.0.31"),
            ("13.2", "12.2.0.57"),
            ("13.3", "12.3.0.29"),
            ("13.4", "12.4.0.43"),
            ("13.5", "12.5.0.14"),
        ],
        found: Found { follows: Some(WITH_THE_RUNTIME), home: None, beside: &["cufft"], since: None },
        binding: Binding {
            functions: "cufft.*",
            types: "cufft.*",
            // MAX_CUFFT_ERROR and MAX_SHIM_RANK: the header's constants not named by its prefix.
            vars: "CUFFT.*|cufft.*|MAX_CUFFT_ERROR|MAX_SHIM_RANK|CUDA_VERSION",
            function_prefix: "cufft",
            constant_prefixes: &["CUFFT"],
            defines: &[],
            // The multi-GPU and callback API (cufftXtMakePlanMany, cufftXtSetCallback), in libcufft.
            also_headers: &["cufftXt.h"],
            shares_types_with: &[("driver_types.h", "cudart_sys"), ("library_types.h", "cudart_sys")],
            reference: "https://docs.nvidia.com/cuda/cufft/",
            vendored_stem: "cufft",
        },
    }
};

/// cuSPARSE, sparse matrices and vectors on the GPU: `cusparse.h`, libcusparse (cusparse-sys).
/// Its bindings are keyed by the toolkit's `CUDA_VERSION`; the library answers with its own
/// version (`CUSPARSE_VERSION`, 12603 for 12.6.3), which must not be older than the header's,
/// and its file is named by its own major (11 in CUDA 11, 12 in CUDA 12 and 13). Its complex
/// types are `cuComplex.h`'s, its streams and data types the runtime's, as in C. It words its
/// own statuses (`cusparseGetErrorName`, `cusparseGetErrorString`).
pub const CUSPARSE: Library = toolkit_library! {
    "cuSPARSE", "cusparse", "CUSPARSE", cusparseGetProperty(Property),
    // cusparseGetVersion needs a handle, which needs a GPU: the version a property at a time.
    {
        header: "cusparse.h",
        version: TOOLKIT_CUDA_VERSION,
        codes: Codes {
            enum_name: "cusparseStatus_t",
            type_name: "cusparseStatus_t",
            signed: false,
            positive_warnings: false,
            success: "CUSPARSE_STATUS_SUCCESS",
            // cusparse.h has no code for "no library" or "no function": "the library was not
            // initialized", and "not supported"; `explain` tells the loader's from the library's own.
            not_loaded: "CUSPARSE_STATUS_NOT_INITIALIZED",
            symbol_missing: "CUSPARSE_STATUS_NOT_SUPPORTED",
            unknown: "cusparseStatus_t",
            reference: "https://docs.nvidia.com/cuda/cusparse/#cusparsestatus-t",
            text: ErrorText::Returned {
                name: Some("cusparseGetErrorName"),
                string: "cusparseGetErrorString",
                unknown: &["unrecognized"],
            },
        },
        // cuSPARSE's ABI major is its own: 11 in CUDA 11, 12 in CUDA 12 and 13 (NVIDIA's wheels);
        // a new CUDA major needs its line here.
        files: Files {
            pattern: PerOs { unix: "libcusparse.so.12", windows: "cusparse64_12.dll" },
            exceptions: &[(11, "libcusparse.so.11", "cusparse64_11.dll")],
        },
    }
    build {
        releases: &[
            ("11.8", "11.7.5.86"),
            ("12.0", "12.0.0.76"),
            ("12.1", "12.1.0.106"),
            ("12.2", "12.1.2.141"),
            ("12.3", "12.2.0.103"),
            ("12.4", "12.3.1.170"),
            ("12.5", "12.5.1.3"),
            ("12.6", "12.5.4.2"),
            ("12.8", "12.5.8.93"),
            ("12.9", "12.5.10.65"),
            ("13.0", "12.6.3.3"),
            ("13.1", "12.7.2.19"),
            ("13.2", "12.7.10.12"),
            ("13.3", "12.8.1.7"),
            ("13.4", "12.8.6.72"),
            ("13.5", "12.9.4.2"),
        ],
        found: Found { follows: Some(WITH_THE_RUNTIME), home: None, beside: &["cusparse"], since: None },
        binding: Binding {
            functions: "cusparse.*",
            types: "cusparse.*",
            vars: "CUSPARSE.*|cusparse.*|CUDA_VERSION",
            function_prefix: "cusparse",
            constant_prefixes: &["CUSPARSE"],
            defines: &[],
            also_headers: &[],
            shares_types_with: &[("driver_types.h", "cudart_sys"), ("library_types.h", "cudart_sys")],
            reference: "https://docs.nvidia.com/cuda/cusparse/",
            vendored_stem: "cusparse",
        },
    }
};

/// cuSOLVER, dense and sparse linear solvers on the GPU: `cusolverDn.h` (dense), with
/// `cusolverSp.h` (sparse) and `cusolverRf.h` (refactorization) where the release has them,
/// libcusolver (cusolver-sys). Its bindings are keyed by the toolkit's `CUDA_VERSION`; the
/// library answers with its own version (`CUSOLVER_VERSION`, 11705 for 11.7.5), which must not
/// be older than the header's, and its file is named by its own major (11 in CUDA 11 and 12, 12
/// in CUDA 13). Its fill modes and operations are cuBLAS's, its sparse matrix descriptor
/// cuSPARSE's, its streams and data types the runtime's, as in C. It words none of its statuses:
/// the sentences are ours, from NVIDIA's documentation of `cusolverStatus_t`. cusolverMg
/// (`cusolverMg.h`, the multi-GPU dense solvers) is its sibling, libcusolverMg ([`CUSOLVERMG`]).
pub const CUSOLVER: Library = Library { siblings: &[&CUSOLVERMG], ..CUSOLVER_DN };

/// libcusolver alone: what [`CUSOLVER`] and [`CUSOLVERMG`] share.
const CUSOLVER_DN: Library = toolkit_library! {
    "cuSOLVER", "cusolver", "CUSOLVER", cusolverGetProperty(Property),
    // cusolverGetVersion answers without a handle too; the property form is cuSPARSE's, and
    // gives major, minor and patch alike.
    {
        header: "cusolverDn.h",
        version: TOOLKIT_CUDA_VERSION,
        codes: Codes {
            enum_name: "cusolverStatus_t",
            type_name: "cusolverStatus_t",
            signed: false,
            positive_warnings: false,
            success: "CUSOLVER_STATUS_SUCCESS",
            // cusolver_common.h has no code for "no library" or "no function": "the library was not
            // initialized", and "not supported"; `explain` tells the loader's from the library's own.
            not_loaded: "CUSOLVER_STATUS_NOT_INITIALIZED",
            symbol_missing: "CUSOLVER_STATUS_NOT_SUPPORTED",
            unknown: "cusolverStatus_t",
            reference: "https://docs.nvidia.com/cuda/cusolver/#cusolverstatus-t",
            text: ErrorText::Table(&[
                ("CUSOLVER_STATUS_SUCCESS", "no error"),
                ("CUSOLVER_STATUS_NOT_INITIALIZED", "the library was not initialized (often no GPU or no driver)"),
                ("CUSOLVER_STATUS_ALLOC_FAILED", "memory (the GPU's or the host's) could not be allocated"),
                ("CUSOLVER_STATUS_INVALID_VALUE", "a pointer, a size or another argument is not valid"),
                ("CUSOLVER_STATUS_ARCH_MISMATCH", "the GPU lacks a feature the call needs"),
                ("CUSOLVER_STATUS_MAPPING_ERROR", "the GPU's memory could not be mapped (often a texture)"),
                ("CUSOLVER_STATUS_EXECUTION_FAILED", "a kernel failed to run on the GPU"),
                ("CUSOLVER_STATUS_INTERNAL_ERROR", "the library failed inside (often a copy or the driver)"),
                ("CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "the matrix descriptor's type is not one the call supports"),
                ("CUSOLVER_STATUS_NOT_SUPPORTED", "the call is not supported for the parameters given"),
                ("CUSOLVER_STATUS_ZERO_PIVOT", "the factorization met a zero pivot"),
                ("CUSOLVER_STATUS_INVALID_LICENSE", "a license check failed"),
                ("CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED", "the iterative refinement's parameters were not created"),
                ("CUSOLVER_STATUS_IRS_PARAMS_INVALID", "the iterative refinement's parameters are not valid"),
                ("CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC", "the iterative refinement's precisions are not valid"),
                ("CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE", "the iterative refinement's solver is not valid"),
                ("CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER", "the iterative refinement's iteration limit is not valid"),
                ("CUSOLVER_STATUS_IRS_INTERNAL_ERROR", "the iterative refinement failed inside"),
                ("CUSOLVER_STATUS_IRS_NOT_SUPPORTED", "the iterative refinement does not support the parameters given"),
                ("CUSOLVER_STATUS_IRS_OUT_OF_RANGE", "the iterative refinement's numbers went out of range"),
                ("CUSOLVER_STATUS_IRS_NRHS_NOT_SUPPORTED_FOR_REFINE_GMRES", "GMRES refinement takes one right-hand side only"),
                ("CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED", "the iterative refinement's information was not created"),
                ("CUSOLVER_STATUS_IRS_INFOS_NOT_DESTROYED", "the iterative refinement's information was not destroyed"),
                ("CUSOLVER_STATUS_IRS_MATRIX_SINGULAR", "the iterative refinement met a singular matrix"),
                ("CUSOLVER_STATUS_INVALID_WORKSPACE", "the work area given is too small or not valid"),
            ]),
        },
        // cuSOLVER's ABI major is its own: 11 in CUDA 11 and 12, 12 in CUDA 13 (NVIDIA's wheels);
        // a new CUDA major needs its line here.
        files: Files {
            pattern: PerOs { unix: "libcusolver.so.12", windows: "cusolver64_12.dll" },
            exceptions: &[(11, "libcusolver.so.11", "cusolver64_11.dll"), (12, "libcusolver.so.11", "cusolver64_11.dll")],
        },
    }
    build {
        releases: &[
            ("11.8", "11.4.1.48"),
            ("12.0", "11.4.2.57"),
            ("12.1", "11.4.5.107"),
            ("12.2", "11.5.2.141"),
            ("12.3", "11.5.4.101"),
            ("12.4", "11.6.1.9"),
            ("12.5", "11.6.3.83"),
            ("12.6", "11.7.1.2"),
            ("12.8", "11.7.3.90"),
            ("12.9", "11.7.5.82"),
            ("13.0", "12.0.4.66"),
            ("13.1", "12.0.7.41"),
            ("13.2", "12.2.0.11"),
            ("13.3", "12.2.2.18"),
            ("13.4", "12.3.4.7"),
            ("13.5", "12.4.1.2"),
        ],
        found: Found { follows: Some(WITH_THE_RUNTIME), home: None, beside: &["cusolver"], since: None },
        binding: Binding {
            functions: "cusolver.*",
            types: "cusolver.*",
            vars: "CUSOLVER.*|cusolver.*|CUDA_VERSION",
            function_prefix: "cusolver",
            constant_prefixes: &["CUSOLVER"],
            // cublas_api.h, whose types are libcublas-sys's, refuses to be read alone (as the
            // shared types are) without its export macro, which cublas_v2.h defines empty for C.
            defines: &["CUBLASAPI="],
            // One library, three headers: each declares its own part of libcusolver.
            also_headers: &["cusolverSp.h", "cusolverRf.h"],
            shares_types_with: &[
                ("driver_types.h", "cudart_sys"),
                ("library_types.h", "cudart_sys"),
                ("cublas_api.h", "cublas_sys"),
                ("cusparse.h", "cusparse_sys"),
            ],
            reference: "https://docs.nvidia.com/cuda/cusolver/",
            vendored_stem: "cusolver",
        },
    }
};

/// cusolverMg, cuSOLVER's multi-GPU dense solvers (`cusolverMg.h`): libcusolverMg, beside
/// libcusolver, with its status codes, and its version (cusolverMg has no version function:
/// libcusolver's answers, which its loader calls first). Unlike libcusolver it has no RUNPATH
/// (`$ORIGIN`): the libraries it needs (DT_NEEDED) are loaded from beside it first, where it
/// comes from a path, so that it loads wherever it is asked for first.
pub const CUSOLVERMG: Library = Library {
    what: "cusolverMg",
    a_what: "a cusolverMg library",
    short: "cusolverMg library",
    a_short: "a cusolverMg library",
    name: PerOs { unix: "libcusolverMg", windows: "cusolverMg64" },
    header: "cusolverMg.h",
    #[cfg(feature = "build")]
    build: Build {
        binding: Binding { also_headers: &[], ..CUSOLVER_DN.build.binding },
        link: "cusolverMg",
        whole_wheel: WholeWheel::GpuMachine,
        // cuSOLVER's wheel, pinned in CUSOLVER: fetched once.
        releases: &[],
        ..CUSOLVER_DN.build
    },
    files: Files {
        pattern: PerOs { unix: "libcusolverMg.so.12", windows: "cusolverMg64_12.dll" },
        exceptions: &[
            (11, "libcusolverMg.so.11", "cusolverMg64_11.dll"),
            (12, "libcusolverMg.so.11", "cusolverMg64_11.dll"),
        ],
    },
    variable: "CUSOLVER_SYS_LIBCUSOLVERMG_PATH",
    companions: &["libnvJitLink.so.", "libcublasLt.so.", "libcublas.so."],
    unreachable_text: c"cusolverMg could not be reached; cusolver_sys::loader::explain says why",
    ..CUSOLVER_DN
};

/// NVML, the NVIDIA Management Library (`nvml.h`): what `nvidia-smi` reads (names, memory,
/// temperatures, power, utilization), libnvidia-ml (nvml-sys, package `libnvidia-ml-sys`).
/// It comes with the driver, never with a toolkit or a wheel (`nvidia-nvml-dev` ships the
/// header only), so it is looked for as the driver is. The `nvml.h` of a CUDA release is the
/// one of the driver that release shipped with: its bindings are keyed by the toolkit's
/// `CUDA_VERSION`, and the library says which CUDA its driver supports
/// (`nvmlSystemGetCudaDriverVersion`; driver 580's answers `NVML_ERROR_UNINITIALIZED` before
/// `nvmlInit`, and the library is taken then without its version). A driver older than the header
/// lacks some of its functions and of its structs' versions, so it is refused, as NCCL's is.
pub const NVML: Library = Library {
    what: "NVML",
    a_what: "an NVML library",
    short: "NVML library",
    a_short: "an NVML library",
    name: PerOs { unix: "libnvidia-ml", windows: "nvml.dll" },
    crate_name: "libnvidia-ml-sys",
    rust_path: "nvml_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("nvml"),
        wheel: Some("nvidia-nvml-dev"),
        // Its header only: the library is the driver's.
        releases: &[
            ("11.8", "11.8.86"),
            ("12.0", "12.0.140"),
            ("12.1", "12.1.105"),
            ("12.2", "12.2.140"),
            ("12.3", "12.3.101"),
            ("12.4", "12.4.127"),
            ("12.5", "12.5.82"),
            ("12.6", "12.6.77"),
            ("12.8", "12.8.90"),
            ("12.9", "12.9.79"),
            ("13.0", "13.0.87"),
            ("13.1", "13.1.68"),
            ("13.2", "13.2.86"),
            ("13.3", "13.3.29"),
            ("13.4", "13.4.92"),
            ("13.5", "13.5.37"),
        ],
        // NVML uses no other CUDA library's types: it looks for the toolkit itself (CUDA 12's wheel
        // keeps the header in nvidia/nvml_dev).
        found: Found { follows: None, home: None, beside: &["nvml_dev"], since: None },
        binding: Binding {
            functions: "nvml.*",
            types: "nvml.*",
            vars: "NVML.*|nvml.*|CUDA_VERSION",
            // `#define nvmlInit nvmlInit_v2`: C code calls the unversioned names.
            function_prefix: "nvml",
            constant_prefixes: &["NVML"],
            defines: &[],
            also_headers: &[],
            shares_types_with: &[],
            reference: "https://docs.nvidia.com/deploy/nvml-api/",
            vendored_stem: "nvml",
        },
        link: "nvidia-ml",
        whole_wheel: WholeWheel::GpuMachine,
        own: None,
    },
    header: "nvml.h",
    version: TOOLKIT_CUDA_VERSION,
    codes: Codes {
        enum_name: "nvmlReturn_enum",
        type_name: "nvmlReturn_t",
        signed: false,
        positive_warnings: false,
        success: "NVML_SUCCESS",
        // The header's own codes for both: "the shared library couldn't be found or loaded" and
        // "this version of NVML doesn't implement this function".
        not_loaded: "NVML_ERROR_LIBRARY_NOT_FOUND",
        symbol_missing: "NVML_ERROR_FUNCTION_NOT_FOUND",
        unknown: "nvmlReturn_t",
        reference: "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html",
        // nvmlErrorString's text for a code it does not know is its text for NVML_ERROR_UNKNOWN
        // too: nothing tells the two apart, so its words are taken as they are.
        text: ErrorText::Returned { name: None, string: "nvmlErrorString", unknown: &[] },
    },
    // One soname for every driver; Windows' driver installs nvml.dll in the system directory.
    files: Files { pattern: PerOs { unix: "libnvidia-ml.so.1", windows: "nvml.dll" }, exceptions: &[] },
    variable: "NVML_SYS_LIBNVIDIA_ML_PATH",
    install: "Install the NVIDIA driver (NVML comes with it)",
    search: Search::System,
    companions: &[],
    role: Role::Driver {
        // As libcuda: the soname through the dynamic loader's search, then WSL's copy; never
        // `libnvidia-ml.so`, which on a machine with a toolkit but no driver is NVIDIA's stub.
        candidates: &["libnvidia-ml.so.1", "/usr/lib/wsl/lib/libnvidia-ml.so.1"],
        candidates_windows: &["nvml.dll"],
        init: "nvmlInit_v2",
        stub_origin: PerOs {
            unix: "NVIDIA ships such a libnvidia-ml.so in a CUDA toolkit's lib64/stubs, for linking only, never to be loaded. ",
            windows: "",
        },
        stub_fix: PerOs {
            unix: "Install the NVIDIA driver, or take the stubs folder out of LD_LIBRARY_PATH",
            windows: "Reinstall the NVIDIA driver",
        },
    },
    parts: &[],
    unreachable_text: c"NVML could not be reached; nvml_sys::loader::explain says why",
    version_function: VersionFunction {
        name: "nvmlSystemGetCudaDriverVersion",
        call: VersionCall::Single,
        own: None,
        refuses_older: true,
        refuses_other_major: false,
        // What a stub of it answers, as the driver's (see `Role::Driver`); and what driver
        // 580's answers before `nvmlInit` (an H100, 580.159.04), which it needs after all.
        unavailable: &["NVML_ERROR_LIBRARY_NOT_FOUND", "NVML_ERROR_UNINITIALIZED"],
    },
    siblings: &[],
};

/// `CUDNN_VERSION`: `major * 10000 + minor * 100 + patch` since 9 (91200 is 9.12.0), `major *
/// 1000 + ...` before (8907 is 8.9.7). Dependents follow it with `cfg(cudnn_ge = "9.12")`.
const CUDNN_SCHEME: Scheme = Scheme {
    name: "cuDNN",
    major_unit: 10000,
    minor_unit: 100,
    older_major_unit: Some(1000),
    plausible: &[(1000, 1_000_000)],
    cfg: Some("cudnn"),
};

/// cuDNN, deep learning primitives on the GPU: `cudnn.h`, which includes cuDNN 9's parts
/// (`cudnn_graph.h`, the backend graph API; `cudnn_ops.h`, `cudnn_cnn.h`, `cudnn_adv.h`, the
/// legacy API), libcudnn (libcudnn-sys). cuDNN ships apart from the toolkit, with a version of its
/// own (`CUDNN_VERSION`, 91200 for 9.12.0), by which its bindings are keyed; a library older than
/// the header, or of another major, is refused. Its `libcudnn.so.9` is a front that loads its
/// parts (`libcudnn_graph.so.9`, `libcudnn_ops.so.9`, ...) by name from its own folder when a
/// call needs them: they are opened beside it when it loads, and must be of its release. Its
/// streams and data types are the runtime's, as in C.
pub const CUDNN: Library = Library {
    what: "cuDNN",
    a_what: "a cuDNN library",
    short: "cuDNN library",
    a_short: "a cuDNN library",
    name: PerOs { unix: "libcudnn", windows: "cudnn64" },
    crate_name: "libcudnn-sys",
    rust_path: "cudnn_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("cudnn"),
        wheel: Some("nvidia-cudnn"),
        // Releases of its own, apart from CUDA's (xtask's CUDNN_HEADERS).
        releases: &[],
        // The root variable PyTorch's build reads; pip's wheel sits beside the CUDA 13 wheel's root
        // (site-packages/nvidia/cudnn beside nvidia/cu13).
        found: Found { follows: Some(WITH_THE_RUNTIME), home: Some("CUDNN_PATH"), beside: &["cudnn"], since: None },
        binding: Binding {
            functions: "cudnn.*",
            types: "cudnn.*",
            vars: "CUDNN.*|cudnn.*",
            function_prefix: "cudnn",
            constant_prefixes: &["CUDNN"],
            defines: &[],
            also_headers: &[],
            shares_types_with: &[
                ("driver_types.h", "cudart_sys"),
                ("library_types.h", "cudart_sys"),
                ("cuda_runtime_api.h", "cudart_sys"),
            ],
            reference: "https://docs.nvidia.com/deeplearning/cudnn/api/latest/",
            vendored_stem: "cudnn",
        },
        link: "cudnn",
        whole_wheel: WholeWheel::GpuMachine,
        own: Some(OwnReleases {
            inner: "nvidia/cudnn",
            // The first cuDNN 9 (9.0.0, built for CUDA 12 and 11 only), which a build without a
            // header binds (every cuDNN 9 since has its functions); the first built for CUDA 13
            // (9.12.0), which the GPU machine's bundle is built against, so that any newer 9.x
            // loads; and the newest.
            vendored: &["nvidia-cudnn-cu12==9.0.0.312", "nvidia-cudnn-cu13==9.12.0.46", "nvidia-cudnn-cu13==9.28.1.4"],
            // The first built for CUDA 13 (its bindings load every cuDNN 9 since), whole for
            // the real-library tests, its headers for the book's C.
            tested: &[("13", "nvidia-cudnn-cu13==9.12.0.46")],
        }),
    },
    header: "cudnn.h",
    version: Version { macro_name: "CUDNN_VERSION", header: Some("cudnn_version.h"), scheme: CUDNN_SCHEME },
    codes: Codes {
        enum_name: "cudnnStatus_t",
        type_name: "cudnnStatus_t",
        signed: false,
        positive_warnings: false,
        success: "CUDNN_STATUS_SUCCESS",
        // cudnn_graph.h has no code for "no library" or "no function": "the library was not
        // initialized" (what cudnnCreate answers without a GPU), and "not supported" (9.0 has no
        // CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED); `explain` tells the loader's from the
        // library's own.
        not_loaded: "CUDNN_STATUS_NOT_INITIALIZED",
        symbol_missing: "CUDNN_STATUS_NOT_SUPPORTED",
        unknown: "cudnnStatus_t",
        reference: "https://docs.nvidia.com/deeplearning/cudnn/api/latest/api/cudnn-graph-library.html#cudnnstatus-t",
        // cudnnGetErrorString answers the status's name; what went wrong is
        // cudnnGetLastErrorString's (cuda-checked's check_cudnn! carries it).
        text: ErrorText::Returned { name: None, string: "cudnnGetErrorString", unknown: &["CUDNN_UNKNOWN_STATUS"] },
    },
    files: Files { pattern: PerOs { unix: "libcudnn.so.{major}", windows: "cudnn64_{major}.dll" }, exceptions: &[] },
    variable: "CUDNN_SYS_LIBCUDNN_PATH",
    install: "Install cuDNN {major} as new as the cudnn.h these bindings come from (NVIDIA's nvidia-cudnn-cu13 wheel, \
              or its libcudnn{major} package), or build against the cudnn.h of the cuDNN you have (CUDNN_PATH)",
    search: Search::ApplicationAndSystem,
    companions: &[],
    // A root of its own ($CUDNN_PATH) or a toolkit keeps it in lib/ or lib64/; the wheel in
    // nvidia/cudnn/lib.
    role: Role::Toolkit { toolkit_dirs: TOOLKIT_LIB_DIRS, wheels: &["nvidia/cudnn"] },
    // cuDNN 9's parts, in the order they link each other; each part's check compares it with
    // libcudnn_graph, whose cudnnGetVersion must be the front's.
    parts: &[
        Part {
            file: PerOs { unix: "libcudnn_graph.so.{major}", windows: "cudnn_graph64_{major}.dll" },
            check: "cudnnGraphVersionCheck",
            has_version_function: true,
            version_symbol: Some("cudnn_graph_version"),
        },
        Part {
            file: PerOs { unix: "libcudnn_ops.so.{major}", windows: "cudnn_ops64_{major}.dll" },
            check: "cudnnOpsVersionCheck",
            has_version_function: false,
            version_symbol: Some("cudnn_ops_infer_version"),
        },
        Part {
            file: PerOs { unix: "libcudnn_cnn.so.{major}", windows: "cudnn_cnn64_{major}.dll" },
            check: "cudnnCnnVersionCheck",
            has_version_function: false,
            version_symbol: None,
        },
        Part {
            file: PerOs { unix: "libcudnn_adv.so.{major}", windows: "cudnn_adv64_{major}.dll" },
            check: "cudnnAdvVersionCheck",
            has_version_function: false,
            version_symbol: Some("cudnn_adv_infer_version"),
        },
    ],
    unreachable_text: c"cuDNN could not be reached; cudnn_sys::loader::explain says why",
    // cuDNN's functions and structs grow with each minor; a library of another major has other
    // files and another ABI.
    version_function: VersionFunction {
        name: "cudnnGetVersion",
        call: VersionCall::Returned,
        own: None,
        refuses_older: true,
        refuses_other_major: true,
        unavailable: &[],
    },
    siblings: &[],
};

/// NPP, NVIDIA's image and signal processing primitives: `npp.h` (which includes every part's
/// header), libnpp-sys. Its core, libnppc (`nppcore.h`: the version, the stream context), is this
/// description; its ten families, libnppial to libnpps, are its [`siblings`](Library::siblings),
/// each loaded for the functions its headers declare. Its bindings are keyed by the toolkit's
/// `CUDA_VERSION`, its files named by CUDA's major (`libnppif.so.13`); the library answers with
/// its own version (`nppGetLibVersion`: 13.1 beside `NPP_VERSION` 13102), not compared for age
/// (each missing function says so when called). Its status codes are signed: errors below 0,
/// warnings above (the call did its work, or did nothing, and says why). It has no function that
/// words a status: the sentences are ours, from the header's documentation of each.
pub const NPP: Library = Library {
    siblings: &[&NPPIAL, &NPPICC, &NPPIDEI, &NPPIF, &NPPIG, &NPPIM, &NPPIST, &NPPISU, &NPPITC, &NPPS],
    ..NPPC
};

/// libnppc: NPP's core, the description [`NPP`] and its families share (the families differ in
/// their names, files and headers).
const NPPC: Library = Library {
    what: "NPP's core library",
    a_what: "an NPP core library",
    short: "NPP core library",
    a_short: "an NPP core library",
    name: PerOs { unix: "libnppc", windows: "nppc64" },
    crate_name: "libnpp-sys",
    rust_path: "npp_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("npp"),
        wheel: Some("nvidia-npp"),
        // `cargo xtask pins nvidia-npp`: NPP numbers its own releases (13.1.2 came with CUDA 13.3).
        releases: &[
            ("11.8", "11.8.0.86"),
            ("12.0", "12.0.0.30"),
            ("12.1", "12.1.0.40"),
            ("12.2", "12.2.1.4"),
            ("12.3", "12.2.3.2"),
            ("12.4", "12.2.5.30"),
            ("12.5", "12.3.0.159"),
            ("12.6", "12.3.1.54"),
            ("12.8", "12.3.3.100"),
            ("12.9", "12.4.1.87"),
            ("13.0", "13.0.1.2"),
            ("13.1", "13.0.2.21"),
            ("13.2", "13.1.0.59"),
            ("13.3", "13.1.2.48"),
            ("13.4", "13.2.0.58"),
            ("13.5", "13.2.0.93"),
        ],
        found: Found { follows: Some(WITH_THE_RUNTIME), home: None, beside: &["npp"], since: None },
        binding: Binding {
            functions: "npp.*",
            types: "Npp.*|npp.*",
            vars: "NPP.*|npp.*|CUDA_VERSION",
            function_prefix: "npp",
            constant_prefixes: &["NPP"],
            defines: &[],
            also_headers: &["nppcore.h"],
            shares_types_with: &[("driver_types.h", "cudart_sys"), ("library_types.h", "cudart_sys")],
            reference: "https://docs.nvidia.com/cuda/npp/",
            vendored_stem: "npp",
        },
        link: "nppc",
        whole_wheel: WholeWheel::GpuMachine,
        own: None,
    },
    header: "npp.h",
    version: TOOLKIT_CUDA_VERSION,
    codes: Codes {
        enum_name: "NppStatus",
        type_name: "NppStatus",
        signed: true,
        positive_warnings: true,
        success: "NPP_NO_ERROR",
        // npp.h has no code for "no library" or "no function": its generic error, and "not
        // implemented"; `explain` tells the loader's from the library's own.
        not_loaded: "NPP_ERROR",
        symbol_missing: "NPP_NOT_IMPLEMENTED_ERROR",
        unknown: "NppStatus",
        reference: "https://docs.nvidia.com/cuda/npp/introduction.html#error-handling",
        text: ErrorText::Table(&[
            ("NPP_NOT_SUPPORTED_MODE_ERROR", "the mode asked for is not supported"),
            ("NPP_LIBRARY_VERSION_MISMATCH_ERROR", "the program's NPP headers and the NPP library loaded are of different releases"),
            ("NPP_INVALID_HOST_POINTER_ERROR", "a host pointer is not valid"),
            ("NPP_INVALID_DEVICE_POINTER_ERROR", "a device pointer is not valid"),
            ("NPP_LUT_PALETTE_BITSIZE_ERROR", "the look-up table palette's bit size is not supported"),
            ("NPP_ZC_MODE_NOT_SUPPORTED_ERROR", "the zero-crossing mode is not supported"),
            ("NPP_NOT_SUFFICIENT_COMPUTE_CAPABILITY", "the GPU's compute capability is too low for this function"),
            ("NPP_TEXTURE_BIND_ERROR", "an image could not be bound to a texture"),
            ("NPP_WRONG_INTERSECTION_ROI_ERROR", "the regions of interest do not intersect as the call needs"),
            ("NPP_HAAR_CLASSIFIER_PIXEL_MATCH_ERROR", "the Haar classifier's pixel type does not match the image's"),
            ("NPP_MEMFREE_ERROR", "freeing memory failed"),
            ("NPP_MEMSET_ERROR", "setting memory failed"),
            ("NPP_MEMCPY_ERROR", "copying memory failed"),
            ("NPP_ALIGNMENT_ERROR", "a pointer or step is not aligned as the function needs"),
            ("NPP_CUDA_KERNEL_EXECUTION_ERROR", "a CUDA kernel failed, most often at its launch"),
            ("NPP_STREAM_CTX_ERROR", "the function needs a stream context: call its _Ctx form"),
            ("NPP_ROUND_MODE_NOT_SUPPORTED_ERROR", "the rounding mode is not supported"),
            ("NPP_QUALITY_INDEX_ERROR", "the image's pixels are all the same, so it has no quality index"),
            ("NPP_RESIZE_NO_OPERATION_ERROR", "a side of the resized image would be less than one pixel"),
            ("NPP_OVERFLOW_ERROR", "a number overflows the range of its data type"),
            ("NPP_NOT_EVEN_STEP_ERROR", "the step is not a whole number of pixels"),
            ("NPP_HISTOGRAM_NUMBER_OF_LEVELS_ERROR", "a histogram needs at least 2 levels"),
            ("NPP_LUT_NUMBER_OF_LEVELS_ERROR", "a look-up table needs at least 2 levels"),
            ("NPP_CORRUPTED_DATA_ERROR", "the data processed is corrupted"),
            ("NPP_CHANNEL_ORDER_ERROR", "the order of the destination channels is wrong"),
            ("NPP_ZERO_MASK_VALUE_ERROR", "every value of the mask is zero"),
            ("NPP_QUADRANGLE_ERROR", "the quadrangle is not convex, or degenerates to a triangle, a line or a point"),
            ("NPP_RECTANGLE_ERROR", "the rectangle is 1 or less in size"),
            ("NPP_COEFFICIENT_ERROR", "the transformation's coefficients are not allowed"),
            ("NPP_NUMBER_OF_CHANNELS_ERROR", "the number of channels is wrong or not supported"),
            ("NPP_COI_ERROR", "the channel of interest is not 1, 2 or 3"),
            ("NPP_DIVISOR_ERROR", "the divisor is zero"),
            ("NPP_CHANNEL_ERROR", "a channel index is not valid"),
            ("NPP_STRIDE_ERROR", "the stride is less than the row's length"),
            ("NPP_ANCHOR_ERROR", "the anchor point is outside the mask"),
            ("NPP_MASK_SIZE_ERROR", "the mask's size is not valid (a lower bound above the upper)"),
            ("NPP_RESIZE_FACTOR_ERROR", "the resize factor is not valid"),
            ("NPP_INTERPOLATION_ERROR", "the interpolation mode is not valid for this call"),
            ("NPP_MIRROR_FLIP_ERROR", "the mirror axis is not valid"),
            ("NPP_MOMENT_00_ZERO_ERROR", "the image's zeroth moment is zero"),
            ("NPP_THRESHOLD_NEGATIVE_LEVEL_ERROR", "a threshold level is negative"),
            ("NPP_THRESHOLD_ERROR", "the threshold is not valid"),
            ("NPP_CONTEXT_MATCH_ERROR", "the context does not match the call"),
            ("NPP_FFT_FLAG_ERROR", "the FFT flag is not valid"),
            ("NPP_FFT_ORDER_ERROR", "the FFT order is not valid"),
            ("NPP_STEP_ERROR", "a step (bytes from one row to the next) is zero or less"),
            ("NPP_SCALE_RANGE_ERROR", "the scale factor is out of its range"),
            ("NPP_DATA_TYPE_ERROR", "the data type is not supported"),
            ("NPP_OUT_OFF_RANGE_ERROR", "a value is out of its range"),
            ("NPP_DIVIDE_BY_ZERO_ERROR", "a division by zero"),
            ("NPP_MEMORY_ALLOCATION_ERR", "memory could not be allocated"),
            ("NPP_NULL_POINTER_ERROR", "a pointer is null"),
            ("NPP_RANGE_ERROR", "an argument is out of its range"),
            ("NPP_SIZE_ERROR", "a size is not valid (zero or negative, or too large)"),
            ("NPP_BAD_ARGUMENT_ERROR", "an argument is not valid"),
            ("NPP_NO_MEMORY_ERROR", "there is not enough memory"),
            ("NPP_NOT_IMPLEMENTED_ERROR", "the function is not implemented"),
            ("NPP_ERROR", "the call failed (NPP's generic error)"),
            ("NPP_ERROR_RESERVED", "the call failed (a code NPP reserves)"),
            ("NPP_NO_ERROR", "no error"),
            ("NPP_NO_OPERATION_WARNING", "warning: nothing was done"),
            ("NPP_DIVIDE_BY_ZERO_WARNING", "warning: a divisor was zero; the call went on"),
            ("NPP_AFFINE_QUAD_INCORRECT_WARNING", "warning: the quadrangle does not fit an affine warp; its first 3 vertices were used, the fourth ignored"),
            ("NPP_WRONG_INTERSECTION_ROI_WARNING", "warning: the region of interest meets neither the source's nor the destination's; nothing was done"),
            ("NPP_WRONG_INTERSECTION_QUAD_WARNING", "warning: the quadrangle meets neither the source's nor the destination's region of interest; nothing was done"),
            ("NPP_DOUBLE_SIZE_WARNING", "warning: the image's size is not a multiple of 2, so the region of interest was changed for 4:2:2, 4:1:1 or 4:2:0 sampling"),
            ("NPP_MISALIGNED_DST_ROI_WARNING", "warning: the destination is not aligned for coalesced memory access, which is slower"),
        ]),
    },
    files: Files { pattern: PerOs { unix: "libnppc.so.{major}", windows: "nppc64_{major}.dll" }, exceptions: &[] },
    variable: "NPP_SYS_LIBNPPC_PATH",
    install: "Install NPP of CUDA {major} (a CUDA toolkit, or NVIDIA's nvidia-npp wheel; CUDA 12: nvidia-npp-cu12)",
    search: Search::ApplicationAndSystem,
    companions: &[],
    role: Role::Toolkit { toolkit_dirs: TOOLKIT_LIB_DIRS, wheels: &["nvidia/cu{major}", "nvidia/npp"] },
    parts: &[],
    unreachable_text: c"NPP could not be reached; npp_sys::loader::explain says why",
    version_function: VersionFunction {
        name: "nppGetLibVersion",
        call: VersionCall::StructPointer,
        own: Some((Scheme::library("NPP"), "NPP_VERSION")),
        refuses_older: false,
        refuses_other_major: false,
        unavailable: &[],
    },
    siblings: &[],
};

/// One of NPP's families: libnpp`<name>`, the functions of `headers`, otherwise as its core.
macro_rules! npp_family {
    ($name:literal, $what:literal, $($header:literal),+) => {
        Library {
            what: concat!("NPP's ", $what, " library (libnpp", $name, ")"),
            a_what: concat!("an NPP ", $what, " library"),
            short: concat!("libnpp", $name),
            a_short: concat!("a libnpp", $name),
            name: PerOs { unix: concat!("libnpp", $name), windows: concat!("npp", $name, "64") },
            header: first!($($header),+),
            #[cfg(feature = "build")]
            build: Build {
                binding: Binding { also_headers: rest!($($header),+), ..NPPC.build.binding },
                link: concat!("npp", $name),
                whole_wheel: WholeWheel::GpuMachine,
                // The core's wheel, pinned in NPP: fetched once.
                releases: &[],
                ..NPPC.build
            },
            files: Files {
                pattern: PerOs {
                    unix: concat!("libnpp", $name, ".so.{major}"),
                    windows: concat!("npp", $name, "64_{major}.dll"),
                },
                exceptions: &[],
            },
            variable: concat!("NPP_SYS_LIBNPP", $name, "_PATH"),
            ..NPPC
        }
    };
}

/// The first of a family's headers, and the rest.
macro_rules! first {
    ($first:literal $(, $rest:literal)*) => {
        $first
    };
}
#[cfg(feature = "build")]
macro_rules! rest {
    ($first:literal $(, $rest:literal)*) => {
        &[$($rest),*]
    };
}

const NPPIAL: Library =
    npp_family!("ial", "image arithmetic and logic", "nppi_arithmetic_and_logical_operations.h");
const NPPICC: Library = npp_family!("icc", "image color conversion", "nppi_color_conversion.h");
const NPPIDEI: Library =
    npp_family!("idei", "image data exchange and initialization", "nppi_data_exchange_and_initialization.h");
const NPPIF: Library = npp_family!("if", "image filtering", "nppi_filtering_functions.h");
const NPPIG: Library = npp_family!("ig", "image geometry", "nppi_geometry_transforms.h");
const NPPIM: Library = npp_family!("im", "image morphology", "nppi_morphological_operations.h");
const NPPIST: Library = npp_family!(
    "ist",
    "image statistics and linear transforms",
    "nppi_statistics_functions.h",
    "nppi_linear_transforms.h"
);
const NPPISU: Library = npp_family!("isu", "image memory support", "nppi_support_functions.h");
const NPPITC: Library =
    npp_family!("itc", "image threshold and compare", "nppi_threshold_and_compare_operations.h");
const NPPS: Library = npp_family!(
    "s",
    "signal processing",
    "npps_support_functions.h",
    "npps_initialization.h",
    "npps_conversion_functions.h",
    "npps_arithmetic_and_logical_operations.h",
    "npps_filtering_functions.h",
    "npps_statistics_functions.h"
);

/// The folders of a TensorRT root (its tar file unpacked, `$TENSORRT_ROOT`) or a CUDA toolkit
/// that hold its libraries.
const TENSORRT_LIB_DIRS: &[&str] = &["lib", "lib64", "targets/*/lib"];

/// `NV_TENSORRT_VERSION`: `major * 10000 + minor * 100 + patch` since 10 (100300 is 10.3.0),
/// `major * 1000 + ...` before (8601 is 8.6.1). nvinfer-sys's build script sets its own cfgs.
const TENSORRT_SCHEME: Scheme = Scheme {
    name: "TensorRT",
    major_unit: 10000,
    minor_unit: 100,
    older_major_unit: Some(1000),
    plausible: &[(8000, 10_000), (100_000, 1_000_000)],
    cfg: None,
};

/// The ONNX parser's own `NV_ONNX_PARSER_VERSION`: `major * 10000 + minor * 100 + patch`, from 0
/// (TensorRT 11.4's headers say 0.2.0, 200): what `getNvOnnxParserVersion` answers, never
/// compared with TensorRT's.
const ONNX_PARSER_SCHEME: Scheme = Scheme {
    name: "ONNX parser",
    major_unit: 10000,
    minor_unit: 100,
    older_major_unit: None,
    plausible: &[(0, 1_000_000)],
    cfg: None,
};

/// libnvinfer: the builder and the runtime (`NvInfer.h`). `{major}` is TensorRT's major.
pub const NVINFER: Library = Library {
    what: "TensorRT",
    a_what: "a TensorRT library",
    short: "TensorRT library",
    a_short: "a TensorRT library",
    name: PerOs { unix: "libnvinfer", windows: "nvinfer" },
    crate_name: "nvinfer-sys",
    rust_path: "nvinfer_sys",
    #[cfg(feature = "build")]
    build: Build {
        feature: Some("trt"),
        wheel: Some("tensorrt-cu13-libs"),
        releases: &[],
        // nvinfer-sys's build script finds the headers under `$TENSORRT_ROOT` (cuda-bindings-build's
        // `tensorrt`).
        found: Found { follows: None, home: Some("TENSORRT_ROOT"), beside: &[], since: None },
        // The C++ generator binds every class and function the headers declare: the patterns and
        // prefixes are the C generator's and stay empty; the reference and the stem are read.
        binding: Binding {
            functions: "",
            types: "",
            vars: "",
            function_prefix: "",
            constant_prefixes: &[],
            defines: &[],
            also_headers: &[],
            shares_types_with: &[],
            reference: "https://docs.nvidia.com/deeplearning/tensorrt/latest/_static/c-api/",
            vendored_stem: "nvinfer",
        },
        link: "nvinfer",
        whole_wheel: WholeWheel::GpuMachine,
        own: None,
    },
    header: "NvInfer.h",
    version: Version { macro_name: "NV_TENSORRT_VERSION", header: Some("NvInferVersion.h"), scheme: TENSORRT_SCHEME },
    // No result codes: "not loaded" and "symbol missing" are the loader's own 1 and 2 (the
    // crate's `Bindings`), never returned to a program.
    codes: Codes {
        enum_name: "",
        type_name: "",
        signed: false,
        positive_warnings: false,
        success: "",
        not_loaded: "",
        symbol_missing: "",
        unknown: "",
        reference: "https://docs.nvidia.com/deeplearning/tensorrt/latest/_static/c-api/",
        text: ErrorText::None,
    },
    files: Files { pattern: PerOs { unix: "libnvinfer.so.{major}", windows: "nvinfer_{major}.dll" }, exceptions: &[] },
    variable: "NVINFER_SYS_LIBNVINFER_PATH",
    install: "Install TensorRT {major} (NVIDIA's tensorrt-cu13-libs wheel, its tar file with $TENSORRT_ROOT, or its \
              libnvinfer{major} package)",
    search: Search::ApplicationAndSystem,
    companions: &[],
    // pip's `tensorrt-cu13-libs` leaves it in site-packages/tensorrt_libs.
    role: Role::Toolkit { toolkit_dirs: TENSORRT_LIB_DIRS, wheels: &["tensorrt_libs"] },
    parts: &[],
    unreachable_text: c"TensorRT could not be reached; nvinfer_sys::loader::explain says why",
    // TensorRT's C++ interfaces grow slots with each minor and change with each major.
    version_function: VersionFunction {
        name: "getInferLibVersion",
        call: VersionCall::Int,
        own: None,
        refuses_older: true,
        refuses_other_major: true,
        unavailable: &[],
    },
    siblings: &[],
};

/// libnvinfer_lean, TensorRT's lean runtime: it deserializes and runs engines built with
/// version compatibility, and has no builder (nvinfer-sys's `lean` feature).
pub const NVINFER_LEAN: Library = Library {
    name: PerOs { unix: "libnvinfer_lean", windows: "nvinfer_lean" },
    files: Files {
        pattern: PerOs { unix: "libnvinfer_lean.so.{major}", windows: "nvinfer_lean_{major}.dll" },
        exceptions: &[],
    },
    #[cfg(feature = "build")]
    build: Build { link: "nvinfer_lean", ..NVINFER.build },
    install: "Install TensorRT {major}'s lean runtime (NVIDIA's tensorrt-lean-cu13-libs wheel, or its tar file with \
              $TENSORRT_ROOT)",
    role: Role::Toolkit { toolkit_dirs: TENSORRT_LIB_DIRS, wheels: &["tensorrt_lean_libs"] },
    ..NVINFER
};

/// libnvonnxparser: the ONNX parser (`NvOnnxParser.h`).
pub const NVONNXPARSER: Library = Library {
    what: "TensorRT's ONNX parser",
    a_what: "a TensorRT ONNX parser library",
    short: "ONNX parser library",
    a_short: "an ONNX parser library",
    name: PerOs { unix: "libnvonnxparser", windows: "nvonnxparser" },
    header: "NvOnnxParser.h",
    files: Files {
        pattern: PerOs { unix: "libnvonnxparser.so.{major}", windows: "nvonnxparser_{major}.dll" },
        exceptions: &[],
    },
    #[cfg(feature = "build")]
    build: Build { link: "nvonnxparser", ..NVINFER.build },
    variable: "NVINFER_SYS_LIBNVONNXPARSER_PATH",
    install:
        "Install TensorRT {major}'s ONNX parser (NVIDIA's tensorrt-cu13-libs wheel, or its tar file with \
              $TENSORRT_ROOT)",
    parts: &[],
    unreachable_text: c"TensorRT's ONNX parser could not be reached; nvinfer_sys::loader::explain says why",
    // getNvOnnxParserVersion is the parser's own version (NV_ONNX_PARSER_VERSION), not
    // TensorRT's: its major is not TensorRT's, so nothing is compared.
    version_function: VersionFunction {
        name: "getNvOnnxParserVersion",
        call: VersionCall::Int,
        own: Some((ONNX_PARSER_SCHEME, "NV_ONNX_PARSER_VERSION")),
        refuses_older: false,
        refuses_other_major: false,
        unavailable: &[],
    },
    ..NVINFER
};

/// libnvinfer_plugin: NVIDIA's plugins (`NvInferPlugin.h`).
pub const NVINFER_PLUGIN: Library = Library {
    what: "TensorRT's plugin library",
    a_what: "a TensorRT plugin library",
    short: "plugin library",
    a_short: "a plugin library",
    name: PerOs { unix: "libnvinfer_plugin", windows: "nvinfer_plugin" },
    header: "NvInferPlugin.h",
    files: Files {
        pattern: PerOs { unix: "libnvinfer_plugin.so.{major}", windows: "nvinfer_plugin_{major}.dll" },
        exceptions: &[],
    },
    #[cfg(feature = "build")]
    build: Build { link: "nvinfer_plugin", ..NVINFER.build },
    variable: "NVINFER_SYS_LIBNVINFER_PLUGIN_PATH",
    install:
        "Install TensorRT {major}'s plugin library (NVIDIA's tensorrt-cu13-libs wheel, or its tar file with \
              $TENSORRT_ROOT)",
    parts: &[],
    unreachable_text:
        c"TensorRT's plugin library could not be reached; nvinfer_sys::loader::explain says why",
    // It has no version function of its own (`getInferLibVersion` is libnvinfer's, which it
    // links): the version is asked but not compared.
    version_function: VersionFunction {
        name: "getInferLibVersion",
        call: VersionCall::Int,
        own: None,
        refuses_older: false,
        refuses_other_major: false,
        unavailable: &[],
    },
    ..NVINFER
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_follow_the_major() {
        assert_eq!(RUNTIME.files.of(13, false), "libcudart.so.13");
        assert_eq!(RUNTIME.files.of(12, true), "cudart64_12.dll");
        assert_eq!(RUNTIME.files.of(11, false), "libcudart.so.11.0");
        assert_eq!(RUNTIME.files.of(11, true), "cudart64_110.dll");
        assert_eq!(NVRTC.files.of(13, true), "nvrtc64_130_0.dll");
        assert_eq!(NVRTC.files.of(12, false), "libnvrtc.so.12");
        assert_eq!(NVRTC.files.of(11, false), "libnvrtc.so.11.2");
        assert_eq!(DRIVER.files.of(13, false), "libcuda.so.1");
        assert_eq!(DRIVER.files.of(12, true), "nvcuda.dll");
        assert_eq!(CUBLAS.files.of(13, false), "libcublas.so.13");
        assert_eq!(CUBLAS.files.of(12, true), "cublas64_12.dll");
        assert_eq!(CUBLASLT.files.of(11, false), "libcublasLt.so.11");
        assert_eq!(CUBLASLT.files.of(13, true), "cublasLt64_13.dll");
        assert_eq!(NCCL.files.of(23, false), "libnccl.so.2");
        assert_eq!(CUFFT.files.of(11, false), "libcufft.so.10");
        assert_eq!(CUFFT.files.of(12, true), "cufft64_11.dll");
        assert_eq!(CUFFT.files.of(13, false), "libcufft.so.12");
        assert_eq!(CUSPARSE.files.of(11, true), "cusparse64_11.dll");
        assert_eq!(CUSPARSE.files.of(12, false), "libcusparse.so.12");
        assert_eq!(CUSPARSE.files.of(13, true), "cusparse64_12.dll");
        assert_eq!(CUSOLVER.files.of(11, false), "libcusolver.so.11");
        assert_eq!(CUSOLVER.files.of(12, true), "cusolver64_11.dll");
        assert_eq!(CUSOLVER.files.of(13, false), "libcusolver.so.12");
        assert_eq!(CUDNN.files.of(9, false), "libcudnn.so.9");
        assert_eq!(CUDNN.files.of(9, true), "cudnn64_9.dll");
        assert_eq!(CUDNN.parts[1].file(9, false), "libcudnn_ops.so.9");
        assert_eq!(NVJITLINK.files.of(12, true), "nvJitLink_120_0.dll");
        assert_eq!(NVJITLINK.files.of(13, false), "libnvJitLink.so.13");
        assert_eq!(NVML.files.of(13, false), "libnvidia-ml.so.1");
        assert_eq!(NVML.files.of(12, true), "nvml.dll");
    }

    #[test]
    fn versions_read_as_each_library_writes_them() {
        assert_eq!(RUNTIME.version.scheme.text(12090), "CUDA 12.9");
        assert_eq!(NCCL.version.scheme.text(22803), "NCCL 2.28.3");
        assert_eq!(NCCL.version.scheme.text(23203), "NCCL 2.32.3");
        assert_eq!(NCCL.version.scheme.text(2804), "NCCL 2.8.4");
        assert_eq!(Scheme::library("cuRAND").text(10305), "cuRAND 10.3.5");
        assert_eq!(RUNTIME.major(13020), 13);
        assert_eq!(CUDNN.version.scheme.text(91200), "cuDNN 9.12.0");
        assert_eq!(CUDNN.version.scheme.text(8907), "cuDNN 8.9.7");
        assert_eq!(CUDNN.major(92801), 9);
    }

    /// Each description is its crate's: names no two crates share, and siblings with their
    /// crate's codes, each with a header of its own.
    #[test]
    fn descriptions_are_one_per_crate() {
        for (i, a) in ALL.iter().enumerate() {
            assert_eq!(by_rust_path(a.rust_path), Some(*a));
            for b in &ALL[i + 1..] {
                assert_ne!(a.crate_name, b.crate_name);
                assert_ne!(a.variable, b.variable);
                #[cfg(feature = "build")]
                assert_ne!(a.build.binding.vendored_stem, b.build.binding.vendored_stem);
            }
            for sibling in a.siblings {
                // One crate, one result code type; each sibling's functions a module of its own.
                assert_eq!((sibling.rust_path, sibling.codes.enum_name), (a.rust_path, a.codes.enum_name));
                assert_ne!(sibling.header, a.header);
                assert!(!a.sibling_module(sibling).is_empty());
            }
        }
    }

    // libnvinfer of another major, or older, is refused; the parser's own version is compared
    // with nothing.
    const _: () =
        assert!(NVINFER.version_function.refuses_older && NVINFER.version_function.refuses_other_major);
    const _: () = assert!(!NVONNXPARSER.version_function.refuses_older);

    #[test]
    fn files_and_versions_read_as_tensorrt_writes_them() {
        assert_eq!(NVINFER.files.of(11, false), "libnvinfer.so.11");
        assert_eq!(NVINFER_LEAN.files.of(11, false), "libnvinfer_lean.so.11");
        assert_eq!(NVONNXPARSER.files.of(10, false), "libnvonnxparser.so.10");
        assert_eq!(NVINFER.version.scheme.text(110400), "TensorRT 11.4.0");
        assert_eq!(NVINFER.version.scheme.text(100300), "TensorRT 10.3.0");
        assert_eq!(NVINFER.version.scheme.text(8601), "TensorRT 8.6.1");
        assert_eq!(NVINFER.major(110400), 11);
        assert_eq!(NVINFER.major(100300), 10);
        assert_eq!(NVINFER.major(8601), 8);
        // The parser answers its own version: 0.2.0 is one (TensorRT 11.4's headers).
        assert!(ONNX_PARSER_SCHEME.plausible(200) && !TENSORRT_SCHEME.plausible(200));
        assert_eq!(ONNX_PARSER_SCHEME.text(200), "ONNX parser 0.2.0");
        // A refused number's sentence says the coding of the library's own scheme, old and new.
        assert_eq!(
            NCCL.version.scheme.coding(),
            "10000 * major + 100 * minor + patch: 20900 for NCCL 2.9.0; below 10000, 1000 * major + 100 * minor + patch"
        );
        assert_eq!(Scheme::CUDA.coding(), "1000 * major + 10 * minor: 1000 for CUDA 1.0");
        assert!(!Scheme::CUDA.plausible(12095) && Scheme::CUDA.plausible(12090));
    }
}
