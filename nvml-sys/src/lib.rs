//! NVML, the NVIDIA Management Library (`nvml.h`), raw and one-to-one: what `nvidia-smi` reads
//! and sets (each GPU's name, memory, temperature, power, clocks, utilization, processes).
//!
//! Every function, type and constant of `nvml.h` under the name C uses: `nvmlInit`,
//! `nvmlDeviceGetHandleByIndex`, `nvmlMemory_t`, `NVML_TEMPERATURE_GPU`. Where the header
//! `#define`s a name to a versioned symbol (`#define nvmlInit nvmlInit_v2`), the name C code
//! writes is the one bound, calling that symbol; the versioned names are there too. The build
//! script generates the bindings from the `nvml.h` of the toolkit it finds (NVIDIA's
//! `nvidia-nvml-dev` wheel beside the runtime's), or uses those vendored from that CUDA release
//! (the same items). [`CUDA_VERSION`] says which toolkit's header; [`NVML_API_VERSION`] which
//! NVML API. The reference is NVIDIA's: <https://docs.nvidia.com/deploy/nvml-api/>.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the header found (needs libclang).
//! - `link`: link libnvidia-ml at link time. Without it (the default) `libnvidia-ml.so.1`
//!   (`nvml.dll`), which comes with the NVIDIA driver, is loaded on the first call; see
//!   [`loader`] for where it is looked for and what a call returns when there is none, or only
//!   one of a driver older than the header.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: `nvmlInit` comes before any other call but the few the
//! header says need none (`nvmlErrorString`, `nvmlSystemGetNVMLVersion`,
//! `nvmlSystemGetCudaDriverVersion`), a `nvmlDevice_t` is valid until `nvmlShutdown`, string
//! buffers are the sizes the header's `NVML_*_BUFFER_SIZE` constants give, and `nvmlReturn_t`
//! must be checked (cuda-checked's `check_nvml!` does so).

pub mod loader;

cuda_loader::library!();
