//! What a CUDA library is, written once: its header, its files per OS and major, where toolkits
//! and NVIDIA's wheels keep it, the variable that names it, its "not loaded" and "symbol
//! missing" codes and how it puts a code in words. The generator, the toolkit finder and the
//! build scripts (through cuda-bindings-build), the loader, `explain` and cuda-checked all read
//! these values; none of them spells a library's names itself.
//!
//! A new library is one more value here, its generated bindings and its tests.

use std::ffi::CStr;

/// One name on Unix, another on Windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerOs {
    pub unix: &'static str,
    pub windows: &'static str,
}

impl PerOs {
    /// The name for `windows` or not.
    pub const fn get(&self, windows: bool) -> &'static str {
        if windows {
            self.windows
        } else {
            self.unix
        }
    }
}

/// A library's file, per OS and CUDA major: `{major}` in the pattern is the major, except for
/// the majors listed apart (CUDA 11's runtime is `libcudart.so.11.0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Files {
    pub pattern: PerOs,
    /// (major, Unix file, Windows file) where the pattern does not apply.
    pub exceptions: &'static [(u32, &'static str, &'static str)],
}

impl Files {
    /// The file of `major` on Windows or elsewhere.
    pub fn of(&self, major: u32, windows: bool) -> String {
        match self.exceptions.iter().find(|(m, _, _)| *m == major) {
            Some((_, unix, windows_file)) => (if windows { *windows_file } else { *unix }).to_string(),
            None => self.pattern.get(windows).replace("{major}", &major.to_string()),
        }
    }
}

/// Where the system may look for a library given by name (Windows tells them apart; `dlopen`
/// searches the same way for every bare name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// An absolute path: that file (and its own dependencies beside it).
    Exact,
    /// The system directory only: where the NVIDIA driver installs `nvcuda.dll`.
    System,
    /// The application's folder and the system directory, never the current directory or
    /// `PATH`: where an application ships a toolkit library's DLL.
    ApplicationAndSystem,
}

/// How the library puts a code in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorText {
    /// `CUresult cuGetErrorString(CUresult, const char **)`: a code back, the text through a
    /// pointer. `unknown` is the code it returns for a code it does not know.
    OutParameter { name: &'static str, string: &'static str, unknown: u32 },
    /// `const char *cudaGetErrorString(cudaError_t)`: the text itself; for a code it does not
    /// know, a text starting with one of `unknown`. `name` is absent where the library has no
    /// such function (NVRTC).
    Returned { name: Option<&'static str>, string: &'static str, unknown: &'static [&'static str] },
    /// No result codes at all (TensorRT: calls return null or false and report through the
    /// program's logger and error recorder).
    None,
}

impl ErrorText {
    /// The function giving the code's text.
    pub const fn string(&self) -> &'static str {
        match self {
            ErrorText::OutParameter { string, .. } | ErrorText::Returned { string, .. } => string,
            ErrorText::None => "",
        }
    }
}

/// How the library says its own version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VersionFunction {
    /// `f(int *version)`, returning a code (0 for success): `cuDriverGetVersion`.
    Single(&'static str),
    /// `f(int *major, int *minor)`, returning a code (0 for success): `nvrtcVersion`.
    MajorMinor(&'static str),
    /// `size_t f(void)`, returning the CUDA version as `CUDA_VERSION` writes it:
    /// `cublasGetCudartVersion`, the runtime cuBLAS was built with.
    Returned(&'static str),
    /// `ncclGetVersion(int *version)`, returning a code (0 for success): NCCL's own version,
    /// as `NCCL_VERSION_CODE` writes it (2.28.3 is 22803; 2.8.4 and older, 2804), not CUDA's. A
    /// library older than the header is refused when loaded: the search goes on to the next
    /// place, and says why it passed this one.
    Nccl(&'static str),
    /// `int32_t f(void)` returning TensorRT's version as `NV_TENSORRT_VERSION` writes it (10.3.0
    /// is 100300; before 10, 8.6.1 was 8601): `getInferLibVersion`. A library of another major
    /// than the header's, or older, is refused when loaded, as for NCCL: TensorRT's C++
    /// interfaces grow slots with each minor, and change with each major.
    TensorRt(&'static str),
    /// `int f(void)` returning a version of the library's own numbering, which is not compared
    /// with the header's (TensorRT's ONNX parser: `getNvOnnxParserVersion`).
    Int(&'static str),
}

impl VersionFunction {
    pub const fn name(&self) -> &'static str {
        match self {
            VersionFunction::Single(name)
            | VersionFunction::MajorMinor(name)
            | VersionFunction::Returned(name)
            | VersionFunction::Nccl(name)
            | VersionFunction::TensorRt(name)
            | VersionFunction::Int(name) => name,
        }
    }

    /// A version as this library's users write it: `CUDA 12.9`, `NCCL 2.28.3`.
    pub fn text(&self, version: impl Into<i64>) -> String {
        let v = version.into();
        match self {
            VersionFunction::Single(_) | VersionFunction::MajorMinor(_) | VersionFunction::Returned(_) => {
                format!("CUDA {}", crate::cuda_version(v))
            }
            // NCCL_VERSION(X,Y,Z): X*1000+Y*100+Z up to 2.8, X*10000+Y*100+Z after.
            VersionFunction::Nccl(_) if v < 10000 => {
                format!("NCCL {}.{}.{}", v / 1000, v % 1000 / 100, v % 100)
            }
            VersionFunction::Nccl(_) => format!("NCCL {}.{}.{}", v / 10000, v % 10000 / 100, v % 100),
            VersionFunction::TensorRt(_) if v < 10000 => {
                format!("TensorRT {}.{}.{}", v / 1000, v % 1000 / 100, v % 100)
            }
            VersionFunction::TensorRt(_) => format!("TensorRT {}.{}.{}", v / 10000, v % 10000 / 100, v % 100),
            VersionFunction::Int(_) => format!("version {v}"),
        }
    }

    /// The major of a version this function returns (CUDA's 12090 is 12; TensorRT's 110400, 11).
    pub fn major(&self, version: u32) -> u32 {
        match self {
            VersionFunction::TensorRt(_) | VersionFunction::Int(_) if version >= 10000 => version / 10000,
            VersionFunction::Nccl(_) if version >= 10000 => version / 10000,
            _ => version / 1000,
        }
    }

    /// Whether a library of another major than the header's is refused when loaded.
    pub const fn refuses_other_major(&self) -> bool {
        matches!(self, VersionFunction::TensorRt(_))
    }

    /// Whether a library older than the header is refused when loaded.
    pub const fn refuses_older(&self) -> bool {
        matches!(self, VersionFunction::Nccl(_) | VersionFunction::TensorRt(_))
    }
}

/// What part the library plays, which decides where it is looked for and how its absence reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The system's driver, installed with it, never by a toolkit: looked for under the
    /// system's names only. NVIDIA ships a stub of it for linking, which must be recognised.
    Driver {
        /// Tried in order after the variable: the soname, then places outside the system's
        /// search (WSL's).
        candidates: &'static [&'static str],
        candidates_windows: &'static [&'static str],
        /// The function every driver has (`cuInit`): without it and the version function, a
        /// library is no driver at all.
        init: &'static str,
        /// Where such a stub comes from, and what to do (Unix, Windows).
        stub_origin: PerOs,
        stub_fix: PerOs,
    },
    /// A library of the toolkit, versioned with its header (runtime, NVRTC): the header's
    /// major is loaded, from the toolkit found at build time, the Python environment's wheel,
    /// or the system's search.
    Toolkit {
        /// A toolkit root's folders that may hold it (`*` is any one folder).
        toolkit_dirs: &'static [&'static str],
        /// The wheel roots under `site-packages` that may hold it (`{major}` is the major),
        /// each with `lib/` (Linux) and `bin/` (Windows).
        wheels: &'static [&'static str],
    },
}

/// One CUDA library.
#[derive(Debug, PartialEq, Eq)]
pub struct Library {
    /// How sentences name it: `the CUDA driver`.
    pub what: &'static str,
    /// What it is, with an indefinite article: `a CUDA driver`.
    pub a_what: &'static str,
    /// How short sentences name it: `driver` (`the driver does not know this code`).
    pub short: &'static str,
    /// `short` with its article: `a driver`.
    pub a_short: &'static str,
    /// Its name in messages: `libcuda` (Windows: `nvcuda.dll`).
    pub name: PerOs,
    /// The header a C program includes.
    pub header: &'static str,
    /// The macro holding the header's version (12090 for CUDA 12.9).
    pub version_macro: &'static str,
    /// The result code type, as C names it.
    pub code_type: &'static str,
    /// How a code the header does not know is named: `CUDA_ERROR_UNKNOWN_CODE` gives
    /// `CUDA_ERROR_UNKNOWN_CODE(999)`.
    pub unknown_code: &'static str,
    /// NVIDIA's page describing every code.
    pub codes_reference: &'static str,
    /// Its file per OS and major.
    pub files: Files,
    /// The library to link (`-l<link>`) with the `link` feature.
    pub link: &'static str,
    /// The variable naming its absolute path.
    pub variable: &'static str,
    /// What to do when nothing could be loaded (`{major}` is the header's major).
    pub install: &'static str,
    /// Where Windows may look for it by name.
    pub search: Search,
    /// Files the library opens by bare name at run time and expects beside it (Unix; Windows
    /// searches the DLL's own folder): prefixes of names. When the library comes from an
    /// absolute path, the matching files beside it are loaded first, so that its own `dlopen`
    /// finds them, as it would with that folder on `LD_LIBRARY_PATH`.
    pub companions: &'static [&'static str],
    pub role: Role,
    /// The codes a call returns when the library could not be loaded, and when it lacks the
    /// function.
    pub not_loaded: u32,
    pub symbol_missing: u32,
    /// What a function returning a text answers without the library (never null: C code
    /// passes it straight to `printf`).
    pub unreachable_text: &'static CStr,
    pub error_text: ErrorText,
    pub version_function: VersionFunction,
}

impl Library {
    /// Its file for `major`, on the OS this code runs on.
    pub fn file(&self, major: u32) -> String {
        self.files.of(major, cfg!(windows))
    }
}

/// The Driver API: `cuda.h`, libcuda (libcuda-sys).
pub const DRIVER: Library = Library {
    what: "the CUDA driver",
    a_what: "a CUDA driver",
    short: "driver",
    a_short: "a driver",
    name: PerOs { unix: "libcuda", windows: "nvcuda.dll" },
    header: "cuda.h",
    version_macro: "CUDA_VERSION",
    code_type: "CUresult",
    unknown_code: "CUDA_ERROR_UNKNOWN_CODE",
    codes_reference: "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html",
    // The driver's ABI is one for all majors: its soname has not changed since CUDA 1.
    files: Files { pattern: PerOs { unix: "libcuda.so.1", windows: "nvcuda.dll" }, exceptions: &[] },
    link: "cuda",
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
    not_loaded: 34,     // CUDA_ERROR_STUB_LIBRARY, what NVIDIA's stub answers
    symbol_missing: 500, // CUDA_ERROR_NOT_FOUND, what cuGetProcAddress answers
    unreachable_text: c"the CUDA driver could not be reached; cuda_sys::loader::explain says why",
    error_text: ErrorText::OutParameter { name: "cuGetErrorName", string: "cuGetErrorString", unknown: 1 },
    version_function: VersionFunction::Single("cuDriverGetVersion"),
};

/// The folders of a toolkit root that hold its libraries: `lib64`, `targets/*/lib`, `lib`
/// (wheels), `lib/x64` and `bin` (Windows).
const TOOLKIT_LIB_DIRS: &[&str] = &["lib64", "targets/*/lib", "lib", "lib/x64", "bin"];

/// The Runtime API: `cuda_runtime_api.h`, libcudart (cudart-sys).
pub const RUNTIME: Library = Library {
    what: "the CUDA runtime",
    a_what: "a CUDA runtime",
    short: "runtime",
    a_short: "a runtime",
    name: PerOs { unix: "libcudart", windows: "libcudart" },
    header: "cuda_runtime_api.h",
    version_macro: "CUDART_VERSION",
    code_type: "cudaError_t",
    unknown_code: "cudaError",
    codes_reference: "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html",
    // Its ABI is per major; CUDA 11's is named for 11.0.
    files: Files {
        pattern: PerOs { unix: "libcudart.so.{major}", windows: "cudart64_{major}.dll" },
        exceptions: &[(11, "libcudart.so.11.0", "cudart64_110.dll")],
    },
    link: "cudart",
    variable: "CUDART_SYS_LIBCUDART_PATH",
    install: "Install the CUDA {major} runtime (a CUDA toolkit, or NVIDIA's nvidia-cuda-runtime wheel)",
    // Applications ship the runtime's DLL beside themselves on Windows.
    search: Search::ApplicationAndSystem,
    companions: &[],
    role: Role::Toolkit {
        toolkit_dirs: TOOLKIT_LIB_DIRS,
        wheels: &["nvidia/cu{major}", "nvidia/cuda_runtime"],
    },
    not_loaded: 303,     // cudaErrorSharedObjectInitFailed
    symbol_missing: 500, // cudaErrorSymbolNotFound
    unreachable_text: c"the CUDA runtime could not be reached; cudart_sys::loader::explain says why",
    error_text: ErrorText::Returned {
        name: Some("cudaGetErrorName"),
        string: "cudaGetErrorString",
        unknown: &["unrecognized"],
    },
    version_function: VersionFunction::Single("cudaRuntimeGetVersion"),
};

/// NVRTC, CUDA C++ compiled at run time: `nvrtc.h`, libnvrtc (nvrtc-sys). `nvrtc.h` has no
/// version macro: the toolkit's `CUDA_VERSION` (in `cuda.h` beside it) is its version.
pub const NVRTC: Library = Library {
    what: "the NVRTC library",
    a_what: "an NVRTC library",
    short: "NVRTC library",
    a_short: "an NVRTC library",
    name: PerOs { unix: "libnvrtc", windows: "libnvrtc" },
    header: "nvrtc.h",
    version_macro: "CUDA_VERSION",
    code_type: "nvrtcResult",
    unknown_code: "nvrtcResult",
    codes_reference: "https://docs.nvidia.com/cuda/nvrtc/index.html#group__error",
    // Per major; CUDA 11's is named for 11.2, the first with a stable NVRTC ABI.
    files: Files {
        pattern: PerOs { unix: "libnvrtc.so.{major}", windows: "nvrtc64_{major}0_0.dll" },
        exceptions: &[(11, "libnvrtc.so.11.2", "nvrtc64_112_0.dll")],
    },
    link: "nvrtc",
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
    // NVRTC_ERROR_INTERNAL_ERROR: nvrtc.h has no code for "no library" or "no function";
    // `explain` tells the loader's from the library's own.
    not_loaded: 11,
    symbol_missing: 11,
    unreachable_text: c"the NVRTC library could not be reached; nvrtc_sys::loader::explain says why",
    error_text: ErrorText::Returned {
        name: None,
        string: "nvrtcGetErrorString",
        unknown: &["NVRTC_ERROR unknown"],
    },
    version_function: VersionFunction::MajorMinor("nvrtcVersion"),
};

/// cuBLAS (`cublas_v2.h`, which declares `cublas_api.h`'s functions under their C names):
/// libcublas (cublas-sys). Its ABI is per CUDA major (cuBLAS 13.x ships with CUDA 13), so the
/// toolkit's `CUDA_VERSION` (in `cuda.h` beside it) is its version, as for NVRTC.
pub const CUBLAS: Library = Library {
    what: "cuBLAS",
    a_what: "a cuBLAS library",
    short: "cuBLAS library",
    a_short: "a cuBLAS library",
    name: PerOs { unix: "libcublas", windows: "cublas64" },
    header: "cublas_v2.h",
    version_macro: "CUDA_VERSION",
    code_type: "cublasStatus_t",
    unknown_code: "cublasStatus_t",
    codes_reference: "https://docs.nvidia.com/cuda/cublas/#cublasstatus-t",
    files: Files { pattern: PerOs { unix: "libcublas.so.{major}", windows: "cublas64_{major}.dll" }, exceptions: &[] },
    link: "cublas",
    variable: "CUBLAS_SYS_LIBCUBLAS_PATH",
    install: "Install cuBLAS of CUDA {major} (a CUDA toolkit, or NVIDIA's nvidia-cublas wheel; CUDA 12: nvidia-cublas-cu12)",
    search: Search::ApplicationAndSystem,
    // libcublas finds its libcublasLt beside itself ($ORIGIN).
    companions: &[],
    role: Role::Toolkit { toolkit_dirs: TOOLKIT_LIB_DIRS, wheels: &["nvidia/cu{major}", "nvidia/cublas"] },
    // cublas_api.h has no code for "no library" or "no function": CUBLAS_STATUS_NOT_INITIALIZED
    // ("the library was not initialized") and CUBLAS_STATUS_NOT_SUPPORTED ("the requested
    // functionality is not supported"); `explain` tells the loader's from the library's own.
    not_loaded: 1,
    symbol_missing: 15,
    unreachable_text: c"cuBLAS could not be reached; cublas_sys::loader::explain says why",
    error_text: ErrorText::Returned {
        name: Some("cublasGetStatusName"),
        string: "cublasGetStatusString",
        unknown: &["unrecognized"],
    },
    version_function: VersionFunction::Returned("cublasGetCudartVersion"),
};

/// cuBLASLt, cuBLAS's matrix multiplication with descriptors and algorithm choice
/// (`cublasLt.h`): libcublasLt (cublas-sys's `lt` functions). It shares cuBLAS's status codes.
pub const CUBLASLT: Library = Library {
    what: "cuBLASLt",
    a_what: "a cuBLASLt library",
    short: "cuBLASLt library",
    a_short: "a cuBLASLt library",
    name: PerOs { unix: "libcublasLt", windows: "cublasLt64" },
    header: "cublasLt.h",
    version_macro: "CUDA_VERSION",
    code_type: "cublasStatus_t",
    unknown_code: "cublasStatus_t",
    codes_reference: "https://docs.nvidia.com/cuda/cublas/#cublasstatus-t",
    files: Files {
        pattern: PerOs { unix: "libcublasLt.so.{major}", windows: "cublasLt64_{major}.dll" },
        exceptions: &[],
    },
    link: "cublasLt",
    variable: "CUBLAS_SYS_LIBCUBLASLT_PATH",
    install: "Install cuBLAS of CUDA {major} (a CUDA toolkit, or NVIDIA's nvidia-cublas wheel; CUDA 12: nvidia-cublas-cu12)",
    search: Search::ApplicationAndSystem,
    companions: &[],
    role: Role::Toolkit { toolkit_dirs: TOOLKIT_LIB_DIRS, wheels: &["nvidia/cu{major}", "nvidia/cublas"] },
    not_loaded: 1,
    symbol_missing: 15,
    unreachable_text: c"cuBLASLt could not be reached; cublas_sys::loader::explain_lt says why",
    error_text: ErrorText::Returned {
        name: Some("cublasLtGetStatusName"),
        string: "cublasLtGetStatusString",
        unknown: &["unrecognized"],
    },
    version_function: VersionFunction::Returned("cublasLtGetCudartVersion"),
};

/// NCCL, collective communication across GPUs and machines: `nccl.h`, libnccl (nccl-sys). Its
/// version is its own (`NCCL_VERSION_CODE`), and its ABI is one for all of NCCL 2: one file,
/// `libnccl.so.2`, whatever the CUDA major. NCCL is for Linux only.
pub const NCCL: Library = Library {
    what: "the NCCL library",
    a_what: "an NCCL library",
    short: "NCCL library",
    a_short: "an NCCL library",
    name: PerOs { unix: "libnccl", windows: "nccl" },
    header: "nccl.h",
    version_macro: "NCCL_VERSION_CODE",
    code_type: "ncclResult_t",
    unknown_code: "ncclResult_t",
    codes_reference: "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/types.html#ncclresult-t",
    files: Files { pattern: PerOs { unix: "libnccl.so.2", windows: "nccl.dll" }, exceptions: &[] },
    link: "nccl",
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
    // ncclSystemError: nccl.h has no code for "no library" or "no function"; `explain` tells
    // the loader's from NCCL's own.
    not_loaded: 2,
    symbol_missing: 2,
    unreachable_text: c"the NCCL library could not be reached; nccl_sys::loader::explain says why",
    error_text: ErrorText::Returned { name: None, string: "ncclGetErrorString", unknown: &["unknown result code"] },
    version_function: VersionFunction::Nccl("ncclGetVersion"),
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
    }

    #[test]
    fn versions_read_as_each_library_writes_them() {
        assert_eq!(RUNTIME.version_function.text(12090), "CUDA 12.9");
        assert_eq!(NCCL.version_function.text(22803), "NCCL 2.28.3");
        assert_eq!(NCCL.version_function.text(23203), "NCCL 2.32.3");
        assert_eq!(NCCL.version_function.text(2804), "NCCL 2.8.4");
        assert!(NCCL.version_function.refuses_older() && !RUNTIME.version_function.refuses_older());
    }
}
