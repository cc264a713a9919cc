//! nvinfer-sys's build script: cuda-bindings-build's `tensorrt::build` (TensorRT's headers, the
//! C++ generator or the vendored release, and what Cargo and the loader are told). The house's
//! `cuda_bindings_build::build()` knows the C libraries of `cuda_loader::ALL`; TensorRT's
//! descriptions are `cuda_loader::TENSORRT`.

fn main() {
    cuda_bindings_build::tensorrt::build();
}
