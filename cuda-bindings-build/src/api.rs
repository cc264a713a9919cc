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
    /// The crate's Rust path, as users write it.
    pub rust_path: &'static str,
    /// The crate's own variables: `<prefix>_STRICT`-style names are shared, see `lib.rs`.
    pub crate_name: &'static str,
}

/// The Driver API, `cuda.h`: libcuda-sys.
pub const DRIVER: Api = Api {
    library: &cuda_loader::DRIVER,
    header: cuda_loader::DRIVER.header,
    version_macro: cuda_loader::DRIVER.version_macro,
    version_header: None,
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
    rust_path: "cuda_sys",
    crate_name: "libcuda-sys",
};

/// The Runtime API, `cuda_runtime_api.h`: cudart-sys. Its `CUstream_st`, `CUevent_st`, ... are
/// cuda.h's, taken from libcuda-sys (Rust path `cuda_sys`), as in C.
pub const RUNTIME: Api = Api {
    library: &cuda_loader::RUNTIME,
    header: cuda_loader::RUNTIME.header,
    version_macro: cuda_loader::RUNTIME.version_macro,
    version_header: None,
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
    rust_path: "cudart_sys",
    crate_name: "cudart-sys",
};

/// NVRTC, `nvrtc.h`: nvrtc-sys. Its version is the `CUDA_VERSION` of the toolkit's `cuda.h`.
pub const NVRTC: Api = Api {
    library: &cuda_loader::NVRTC,
    header: cuda_loader::NVRTC.header,
    version_macro: cuda_loader::NVRTC.version_macro,
    version_header: Some("cuda.h"),
    functions: "nvrtc.*",
    types: "nvrtc.*",
    vars: "nvrtc.*|NVRTC.*|CUDA_VERSION",
    function_prefix: "nvrtc",
    constant_prefixes: &["NVRTC"],
    result_enum: "nvrtcResult",
    result_type: "nvrtcResult",
    reference: "https://docs.nvidia.com/cuda/nvrtc/",
    shares_types_with: None,
    vendored_stem: "nvrtc",
    rust_path: "nvrtc_sys",
    crate_name: "nvrtc-sys",
};
