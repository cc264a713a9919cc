//! cuDNN (`cudnn.h`), raw and one-to-one: convolutions, normalizations, attention and the rest
//! of deep learning's primitives on the GPU, through cuDNN 9's backend graph API
//! (`cudnn_graph.h`) and its legacy API (`cudnn_ops.h`, `cudnn_cnn.h`, `cudnn_adv.h`).
//!
//! Every function, type and constant of `cudnn.h` and the headers it includes under the name C
//! uses: `cudnnCreate`, `cudnnConvolutionForward`, `cudnnBackendCreateDescriptor`,
//! `cudnnTensorDescriptor_t`, `CUDNN_STATUS_SUCCESS`, `CUDNN_VERSION`. The build script runs
//! bindgen on the `cudnn.h` it finds (`$CUDNN_PATH`, the CUDA toolkit, NVIDIA's
//! `nvidia-cudnn-cu13` wheel beside the toolkit's `nvidia/cu13` or in the Python environment,
//! `/usr`) with the CUDA toolkit's headers cudart-sys generated from, or uses the bindings
//! vendored from that `CUDNN_VERSION` (the same items). [`CUDNN_VERSION`] says which header.
//! The reference is NVIDIA's: <https://docs.nvidia.com/deeplearning/cudnn/api/latest/>.
//!
//! # Shared with the runtime, as in C
//! `cudnn.h` includes `cuda_runtime_api.h`: its `cudaStream_t` and `cudaDataType` are
//! cudart-sys's, so a stream made with `cudaStreamCreate` passes to `cudnnSetStream` as it is.
//!
//! # Crate features
//! - `bindgen` (default): generate the bindings from the `cudnn.h` found at build time (needs
//!   libclang and a CUDA toolkit's headers).
//! - `link`: link libcudnn at link time. Without it (the default) `libcudnn.so.9` is loaded on
//!   the first call, with its parts beside it; see [`loader`] for where it is looked for and
//!   what a call returns when there is none, only one older than the header, or a set of two
//!   releases.
//!
//! # Soundness
//! Every function is `unsafe`, as in C: tensors and work areas are device memory of the
//! handle's GPU, a handle is used by one thread at a time, descriptors must be set before use,
//! and `cudnnStatus_t` must be checked (cuda-checked's `check_cudnn!` does so, with
//! `cudnnGetLastErrorString`'s detail).

pub mod loader;

cuda_loader::library!();
