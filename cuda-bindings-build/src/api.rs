//! The C APIs the generator reads, and what differs between them. What each library is (its
//! header, files, folders, codes) is its description in cuda-loader, read from there.

use cuda_loader::Library;

/// One C API: its library's description, and what bindgen needs to bind its header.
#[derive(Debug)]
pub struct Api {
    /// The library's description, which the loader reads too.
    pub library: &'static Library,
    /// The header a C program includes (the description's).
    pub header: &'static str,
    /// The macro holding the header's version (12090 for CUDA 12.9; the description's).
    pub version_macro: &'static str,
    /// The header defining `version_macro`, when the API's own header does not (`nvrtc.h` has
    /// no version: the toolkit's `cuda.h` beside it says which CUDA it is).
    pub version_header: Option<&'static str>,
    /// Macros defined for the parse: the include guards of headers the API's header includes
    /// but whose types its declarations never use, and whose own includes NVIDIA's wheels lack
    /// (`cuda_fp16.h` wants CCCL's `nv/target`).
    pub defines: &'static [&'static str],
    /// What bindgen binds: function, type and constant names (regular expressions).
    pub functions: &'static str,
    pub types: &'static str,
    pub vars: &'static str,
    /// Macros whose names start so may rename a function (`#define cuMemAlloc cuMemAlloc_v2`).
    pub function_prefix: &'static str,
    /// Macros whose names start so may be cast constants (`#define CU_STREAM_LEGACY ((CUstream)0x1)`).
    pub constant_prefixes: &'static [&'static str],
    /// The C enum of result codes and the typedef C code names it by.
    pub result_enum: &'static str,
    pub result_type: &'static str,
    /// NVIDIA's reference for this API; each function's doc links its group's page there.
    pub reference: &'static str,
    /// Headers whose types another crate (or module) already binds, and its Rust path: those
    /// types are the same C types, taken from there, not bound again (`struct CUstream_st` is
    /// the same in `cuda.h` and `driver_types.h`). `crate` names this crate's own root.
    pub shares_types_with: &'static [(&'static str, &'static str)],
    /// Functions of another library among those headers' (cuBLASLt's, beside cuBLAS's): the
    /// functions whose names start with the prefix go in a list of their own, `<macro>! { .. }`,
    /// which the crate hands to that library's loader; and that library's description.
    pub also_library: Option<(&'static str, &'static str, &'static cuda_loader::Library)>,
    /// The vendored releases are `src/vendored/<stem>_<version>.edits` (see [`crate::edits`]).
    pub vendored_stem: &'static str,
    /// The crate's Rust path, as users write it.
    pub rust_path: &'static str,
    /// The crate's own variables: `<prefix>_STRICT`-style names are shared, see `lib.rs`.
    pub crate_name: &'static str,
    /// Headers of the same library that programs include beside `header` (the profiler's;
    /// `library_types.h`, which `cuda_runtime.h` includes; cuBLASLt's beside cuBLAS's), bound
    /// with it where the toolkit has them: a full toolkit does, the runtime wheels keep the
    /// profiler's in a wheel of their own (`nvidia-cuda-profiler-api`).
    pub also: &'static [&'static str],
    /// Prints the cfgs by which the crate's own code follows its header's version, as C code
    /// does with `#if`: [`crate::version_cfgs`] (`cuda_ge`) for a CUDA version,
    /// [`crate::nccl_version_cfgs`] (`nccl_ge`) for NCCL's.
    pub cfgs: fn(u32),
}

/// The Driver API, `cuda.h`: libcuda-sys.
pub const DRIVER: Api = Api {
    library: &cuda_loader::DRIVER,
    header: cuda_loader::DRIVER.header,
    version_macro: cuda_loader::DRIVER.version_macro,
    version_header: None,
    defines: &[],
    functions: "cu.*",
    types: "CU.*|cu.*",
    vars: "CU.*|cu.*",
    function_prefix: "cu",
    constant_prefixes: &["CU"],
    result_enum: "cudaError_enum",
    result_type: "CUresult",
    reference: "https://docs.nvidia.com/cuda/cuda-driver-api/",
    shares_types_with: &[],
    also_library: None,
    vendored_stem: "cuda",
    rust_path: "cuda_sys",
    crate_name: "libcuda-sys",
    also: &["cudaProfiler.h"],
    cfgs: crate::version_cfgs,
};

/// The Runtime API, `cuda_runtime_api.h`, and `library_types.h` (which `cuda_runtime.h`
/// includes): cudart-sys. Its `CUstream_st`, `CUevent_st`, ... are cuda.h's, taken from
/// libcuda-sys (Rust path `cuda_sys`), as in C.
pub const RUNTIME: Api = Api {
    library: &cuda_loader::RUNTIME,
    header: cuda_loader::RUNTIME.header,
    version_macro: cuda_loader::RUNTIME.version_macro,
    version_header: None,
    defines: &[],
    functions: "cuda.*",
    // libraryPropertyType: library_types.h's, which every CUDA library's GetProperty takes.
    types: "cuda.*|libraryPropertyType.*",
    vars: "cuda.*|CUDART_VERSION",
    function_prefix: "cuda",
    constant_prefixes: &["cuda"],
    result_enum: "cudaError",
    result_type: "cudaError_t",
    reference: "https://docs.nvidia.com/cuda/cuda-runtime-api/",
    shares_types_with: &[("cuda.h", "cuda_sys")],
    // The data types cuBLAS, cuFFT, cuSPARSE... take (cudaDataType): the runtime's header.
    also_library: None,
    vendored_stem: "cudart",
    rust_path: "cudart_sys",
    crate_name: "cudart-sys",
    also: &["cuda_profiler_api.h", "library_types.h"],
    cfgs: crate::version_cfgs,
};

/// NVRTC, `nvrtc.h`: nvrtc-sys. Its version is the `CUDA_VERSION` of the toolkit's `cuda.h`.
pub const NVRTC: Api = Api {
    library: &cuda_loader::NVRTC,
    header: cuda_loader::NVRTC.header,
    version_macro: cuda_loader::NVRTC.version_macro,
    version_header: Some("cuda.h"),
    defines: &[],
    functions: "nvrtc.*",
    types: "nvrtc.*",
    vars: "nvrtc.*|NVRTC.*|CUDA_VERSION",
    function_prefix: "nvrtc",
    constant_prefixes: &["NVRTC"],
    result_enum: "nvrtcResult",
    result_type: "nvrtcResult",
    reference: "https://docs.nvidia.com/cuda/nvrtc/",
    shares_types_with: &[],
    also_library: None,
    vendored_stem: "nvrtc",
    rust_path: "nvrtc_sys",
    crate_name: "nvrtc-sys",
    also: &[],
    cfgs: crate::version_cfgs,
};

/// NCCL, `nccl.h`: nccl-sys. Its version is NCCL's own (`NCCL_VERSION_CODE`); its streams and
/// events are the runtime's (`cudaStream_t` from `driver_types.h`, which `cuda_runtime.h`
/// brings in), taken from cudart-sys (Rust path `cudart_sys`), as in C. `pnccl*`, the profiling
/// interface, is the same functions under a second name, as in the library.
pub const NCCL: Api = Api {
    library: &cuda_loader::NCCL,
    header: cuda_loader::NCCL.header,
    version_macro: cuda_loader::NCCL.version_macro,
    version_header: None,
    // nccl.h includes cuda_fp16.h, cuda_bf16.h and cuda_fp8.h for its device API only.
    defines: &["__CUDA_FP16_H__", "__CUDA_BF16_H__", "__CUDA_FP8_H__"],
    functions: "p?nccl.*",
    types: "nccl.*",
    vars: "NCCL.*|nccl.*",
    function_prefix: "nccl",
    constant_prefixes: &["NCCL"],
    result_enum: "ncclResult_t",
    result_type: "ncclResult_t",
    reference: "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api.html",
    shares_types_with: &[("cuda_runtime.h", "cudart_sys")],
    vendored_stem: "nccl",
    rust_path: "nccl_sys",
    crate_name: "nccl-sys",
    also: &[],
    also_library: None,
    cfgs: crate::nccl_version_cfgs,
};

/// cuBLAS, `cublas_v2.h` (over `cublas_api.h`, whose `cublasSgemm_v2` it calls `cublasSgemm`),
/// and cuBLASLt, `cublasLt.h`, which shares its types and status codes: cublas-sys. cuBLASLt's
/// functions are libcublasLt's (a list of their own), the others libcublas's. The version is
/// the `CUDA_VERSION` of the toolkit's `cuda.h`; the runtime's types (`cudaStream_t`,
/// `cudaDataType`) are cudart-sys's, as in C.
pub const CUBLAS: Api = Api {
    library: &cuda_loader::CUBLAS,
    header: cuda_loader::CUBLAS.header,
    version_macro: cuda_loader::CUBLAS.version_macro,
    version_header: Some("cuda.h"),
    defines: &[],
    functions: "cublas.*",
    types: "cublas.*",
    vars: "CUBLAS.*|cublas.*|CUDA_VERSION",
    function_prefix: "cublas",
    constant_prefixes: &["CUBLAS"],
    result_enum: "cublasStatus_t",
    result_type: "cublasStatus_t",
    reference: "https://docs.nvidia.com/cuda/cublas/",
    shares_types_with: &[("driver_types.h", "cudart_sys"), ("library_types.h", "cudart_sys")],
    also: &["cublasLt.h"],
    also_library: Some(("cublasLt", "cublaslt_fns", &cuda_loader::CUBLASLT)),
    vendored_stem: "cublas",
    rust_path: "cublas_sys",
    crate_name: "cublas-sys",
    cfgs: crate::version_cfgs,
};
