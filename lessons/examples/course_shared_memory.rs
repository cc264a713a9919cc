//! The TensorRT course's runtime lesson 1.7, shared-memory, line by line (its C++:
//! `book/c/course_shared_memory.cpp` and the course's `kernels/course/shared-memory.cu`,
//! unchanged): where static and dynamic shared memory live (every `extern __shared__` array
//! starts at the same address, the dynamic part after the static ones), and a `__shared__`
//! variable each block has its own copy of, written by its thread 0 and read by all after
//! `__syncthreads()`.
//! Run: `cargo run --example course_shared_memory`

use cu_kernels::kernels;
use cuda_checked::checkRuntime;
use cudart_sys::cpp::*;

kernels!(
    "kernels/course/shared-memory.cu",
    arch = ["sm_80", "sm_90"],
    fn demo1_kernel();,
    fn demo2_kernel();
);

// shared-memory.cu's host function: 12 bytes of dynamic shared memory for demo1.
unsafe fn launch() {
    launch!(demo1_kernel<<<1, 1, 12, nullptr>>>());
    launch!(demo2_kernel<<<2, 5, 0, nullptr>>>());
}

fn main() {
    unsafe {
        let mut prop = cudaDeviceProp::default();
        checkRuntime!(cudaGetDeviceProperties(&mut prop, 0));
        printf!("prop.sharedMemPerBlock = %.2f KB\n", prop.sharedMemPerBlock as f32 / 1024.0f32);

        launch();
        checkRuntime!(cudaPeekAtLastError());
        checkRuntime!(cudaDeviceSynchronize());
        printf!("done\n");
    }
}
