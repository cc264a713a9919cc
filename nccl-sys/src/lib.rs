//! NCCL (`nccl.h`), raw and one-to-one: all-reduce, broadcast, all-gather, send and receive
//! across the GPUs of a machine and across machines.
//!
//! Every function, type and constant of `nccl.h` under the name C uses: `ncclAllReduce`,
//! `ncclComm_t`, `ncclFloat`, `NCCL_VERSION_CODE`, and `pnccl*`, the profiling interface. The
//! build script runs bindgen on the `nccl.h` it finds (`$NCCL_HOME`, the CUDA toolkit,
//! NVIDIA's `nvidia-nccl-cu13` wheel, `/usr`) with the CUDA toolkit's headers cudart-sys
//! generated from, or uses the bindings vendored from that `NCCL_VERSION_CODE` (the same items).
//! [`NCCL_VERSION_CODE`] says which header.
//! The reference is NVIDIA's: <https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api.html>.
//!
//! # Shared with the runtime, as in C
//! `nccl.h` includes `cuda_runtime.h`: its `cudaStream_t` and `cudaEvent_t` are cudart-sys's,
//! so a stream made with `cudaStreamCreate` (or the Driver API's `cuStreamCreate`) passes to
//! `ncclAllReduce` without a cast.
//!
//! # Macros as Rust items
//! The header's numeric macros are constants (`NCCL_MAJOR`, `NCCL_UNIQUE_ID_BYTES`,
//! `NCCL_SPLIT_NOCOLOR`); its initializer macros are constants of their struct, generated from
//! the macro's own list of values, so they follow the header's version:
//! [`NCCL_CONFIG_INITIALIZER`] (`ncclConfig_t config = NCCL_CONFIG_INITIALIZER;` is
//! `let mut config = NCCL_CONFIG_INITIALIZER;`), and the like for the header's other
//! `*_INITIALIZER`s.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the `nccl.h` found at build time (needs
//!   libclang and a CUDA toolkit's headers).
//! - `link`: link libnccl at link time. Without it (the default) `libnccl.so.2` is loaded on
//!   the first call; see [`loader`] for where it is looked for and what a call returns when
//!   there is none, or only one older than the header.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: buffers are device memory of the communicator's GPU,
//! streams belong to that GPU, a communicator is used by one thread at a time, and
//! `ncclResult_t` must be checked (cuda-checked's `check_nccl!` does so). NCCL is for Linux.

pub mod loader;

cuda_loader::library!();
