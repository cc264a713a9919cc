//! The two C APIs the generator reads, and what differs between them.

/// One C API: its header, its names, its result type and where NVIDIA documents it.
#[derive(Debug)]
pub struct Api {
    /// The header a C program includes.
    pub header: &'static str,
    /// The macro holding the header's version (12090 for CUDA 12.9).
    pub version_macro: &'static str,
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
    /// The Rust crate that already binds some of this API's types (`struct CUstream_st` is the
    /// same C type in `cuda.h` and `driver_types.h`), and that crate's header.
    pub shares_types_with: Option<(&'static str, &'static str)>,
    /// Vendored files are `src/vendored/<stem>_<major>.rs`.
    pub vendored_stem: &'static str,
    /// The crate's own variables: `<prefix>_STRICT`-style names are shared, see `lib.rs`.
    pub crate_name: &'static str,
    /// Headers of the same library that programs include beside `header` (the profiler's),
    /// bound with it where the toolkit has them: a full toolkit does, the runtime wheels keep
    /// them in a wheel of their own (`nvidia-cuda-profiler-api`).
    pub also: &'static [&'static str],
}

/// The Driver API, `cuda.h`: libcuda-sys.
pub const DRIVER: Api = Api {
    header: "cuda.h",
    version_macro: "CUDA_VERSION",
    functions: "cu.*",
    types: "CU.*|cu.*",
    vars: "CU.*|cu.*",
    function_prefix: "cu",
    constant_prefixes: &["CU"],
    result_enum: "cudaError_enum",
    result_type: "CUresult",
    reference: "https://docs.nvidia.com/cuda/cuda-driver-api/",
    shares_types_with: None,
    vendored_stem: "cuda",
    crate_name: "libcuda-sys",
    also: &["cudaProfiler.h"],
};

/// The Runtime API, `cuda_runtime_api.h`: cudart-sys. Its `CUstream_st`, `CUevent_st`, ... are
/// cuda.h's, taken from libcuda-sys (Rust path `cuda_sys`), as in C.
pub const RUNTIME: Api = Api {
    header: "cuda_runtime_api.h",
    version_macro: "CUDART_VERSION",
    functions: "cuda.*",
    types: "cuda.*",
    vars: "cuda.*|CUDART_VERSION",
    function_prefix: "cuda",
    constant_prefixes: &["cuda"],
    result_enum: "cudaError",
    result_type: "cudaError_t",
    reference: "https://docs.nvidia.com/cuda/cuda-runtime-api/",
    shares_types_with: Some(("cuda.h", "cuda_sys")),
    vendored_stem: "cudart",
    crate_name: "cudart-sys",
    also: &["cuda_profiler_api.h"],
};
