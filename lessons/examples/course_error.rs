//! The TensorRT course's runtime lesson 1.14, error, line by line (its C++ is the course's
//! `kernels/course/error.cu`, kernel and `main` in one file, unchanged): a kernel that writes
//! through a null pointer. The launch itself succeeds (`cudaPeekAtLastError`: no error); the
//! fault surfaces when the work is waited for (`cudaDeviceSynchronize`: an illegal address),
//! and it is sticky: every later call of the process fails with it, `cudaMalloc` too.
//! Run: `cargo run --example course_error` (compute-sanitizer reports the write, as for the C++)

use cu_kernels::kernels;
use cudart_sys::cpp::*;

// error.cu's kernel (its main is this file's).
kernels!("kernels/course/error.cu", arch = ["sm_80", "sm_90"], fn func(ptr: *mut f32));

fn main() {
    unsafe {
        let ptr: *mut f32 = nullptr.into();

        // A kernel runs asynchronously: its fault is not known when the launch returns.
        launch!(func<<<100, 10>>>(ptr));
        // launch!(func<<<100, 1050>>>(ptr));
        let code1 = cudaPeekAtLastError();
        printf!("%s\n", cudaGetErrorString(code1));

        // Waiting for the device's work shows what happened in it.
        let code2 = cudaDeviceSynchronize();
        printf!("%s\n", cudaGetErrorString(code2));

        // The error stays: every later call fails with it.
        let mut new_ptr: *mut f32 = nullptr.into();
        let code3 = cudaMalloc(&mut new_ptr, 100);
        printf!("%s\n", cudaGetErrorString(code3));
    }
}
