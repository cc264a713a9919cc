//! nvJitLink (`nvJitLink.h`), raw and one-to-one: device code (cubin, PTX, LTO-IR, fatbinaries)
//! linked at run time into one cubin, on the CPU, as `nvcc -dlto` links at build time.
//!
//! Every function, type and constant of `nvJitLink.h` under the name C uses: `nvJitLinkCreate`,
//! `nvJitLinkAddData`, `nvJitLinkHandle`, `NVJITLINK_INPUT_LTOIR`. The header's functions are
//! `static inline` ones calling a symbol named for its release (`nvJitLinkCreate` calls
//! `__nvJitLinkCreate_13_0`), so that a program is never run with a library older than its
//! header: both names are here, the first the second's alias. The build script generates the
//! bindings from the `nvJitLink.h` of the toolkit found (CUDA 12's `nvidia-nvjitlink-cu12` wheel
//! beside the runtime's), or uses those vendored from that CUDA release (the same items).
//! [`CUDA_VERSION`] says which toolkit. The reference is NVIDIA's:
//! <https://docs.nvidia.com/cuda/nvjitlink/>.
//!
//! nvJitLink came with CUDA 12.0: a build against CUDA 11 headers takes CUDA 12.0's bindings and
//! says so in a warning (an error with `CUDA_SYS_STRICT=1`), and the program needs nvJitLink of
//! CUDA 12 or newer at run time.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the header found (needs libclang).
//! - `link`: link libnvJitLink at link time. Without it (the default) `libnvJitLink.so.13` (of
//!   the header's major) is loaded on the first call; see [`loader`] for where it is looked for
//!   and what a call returns when there is none, or only one older than the header.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: a handle is used by one thread at a time, the buffers
//! handed to `nvJitLinkGetLinkedCubin` and `nvJitLinkGetErrorLog` must be as large as their
//! `...Size` functions say, and `nvJitLinkResult` must be checked (cuda-checked's
//! `check_nvjitlink!` does so, with the linker's error log).

pub mod loader;

cuda_loader::library!();
