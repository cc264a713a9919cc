//! A `.cu` that does not compile: with NVRTC on the build machine, this example is a compile
//! error whose message is NVRTC's log, naming `tests/kernels/broken.cu` and its line 4. CI builds
//! it and checks that (`--features compile-error-example`); it is no program to run.

use std::ffi::c_int;

cu_kernels::kernels!("tests/kernels/broken.cu", arch = ["sm_90"], fn broken(p: *mut c_int));

fn main() {
    println!("{broken:?} compiled at first use: {:?}", broken.module().compiled_at_first_use());
}
