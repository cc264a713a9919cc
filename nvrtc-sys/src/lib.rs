//! NVRTC (`nvrtc.h`): CUDA C++ compiled to PTX or CUBIN at run time, raw and one-to-one.
//!
//! Every function, type and constant of `nvrtc.h` under the name C uses: `nvrtcCreateProgram`,
//! `nvrtcCompileProgram`, `nvrtcGetPTX`, `nvrtcProgram`, `NVRTC_SUCCESS`. The build script runs
//! bindgen on the `nvrtc.h` of the toolkit it finds (the README's "Finding CUDA"; CUDA 11 and
//! 12's `nvidia-cuda-nvrtc-cu12` wheel beside the runtime's), or uses the bindings vendored from
//! the newest header of the same CUDA major. [`CUDA_VERSION`] says which toolkit's header. The
//! reference is NVIDIA's: <https://docs.nvidia.com/cuda/nvrtc/>.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the toolkit's `nvrtc.h` at build time
//!   (needs libclang; without it, or without a header, the vendored bindings are used).
//! - `link`: link libnvrtc at link time. Without it (the default) the NVRTC of the header's
//!   major (`libnvrtc.so.13`) is loaded on the first call; see [`loader`] for where it is
//!   looked for and what a call returns when there is none.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: a program handle must come from
//! `nvrtcCreateProgram` and not be used after `nvrtcDestroyProgram`; out-buffers (`nvrtcGetPTX`)
//! must hold the size the matching `...Size` call gave; `nvrtcResult` is `#[must_use]`.

pub mod loader;

cuda_loader::library!();
