//! The build script every -sys crate has: find the header, generate or choose the vendored
//! bindings, tell Cargo and dependents (see `cuda_bindings_build::build`, and this library's
//! description in cuda-loader).

fn main() {
    cuda_bindings_build::build();
}
