//! The TensorRT course's runtime lesson 1.6, vector-add, line by line (its C++:
//! `book/c/course_vector_add.cpp` and the course's `kernels/course/vector-add.cu`, unchanged):
//! a kernel with one thread per element, launched from a host function beside it, its error
//! read with `cudaPeekAtLastError` as C++ reads `<<<>>>`'s.
//! Run: `cargo run --example course_vector_add`

use std::ffi::c_int;

use cu_kernels::kernels;
use cuda_checked::checkRuntime;
use cudart_sys::cpp::*;

// The .cu's kernel, compiled by NVRTC (its host function vector_add is the Rust one below).
kernels!("kernels/course/vector-add.cu", arch = ["sm_80", "sm_90"],
    fn vector_add_kernel(a: *const f32, b: *const f32, c: *mut f32, ndata: c_int));

// kernel.cu's host function.
unsafe fn vector_add(a: *const f32, b: *const f32, c: *mut f32, ndata: c_int) {
    let nthreads: c_int = 512;
    let block_size = if ndata < nthreads { ndata } else { nthreads }; // ndata < nthreads: one block of ndata
    let grid_size = (ndata + block_size - 1) / block_size; // the blocks it takes to cover ndata
    printf!("block_size = %d, grid_size = %d\n", block_size, grid_size);
    launch!(vector_add_kernel<<<grid_size, block_size, 0, nullptr>>>(a, b, c, ndata));

    // A launch is asynchronous: its error is read after it. cudaGetLastError reads and
    // clears it; cudaPeekAtLastError reads it and leaves it for the next call.
    let code = cudaPeekAtLastError();
    if code != cudaSuccess {
        let err_name = cudaGetErrorName(code);
        let err_message = cudaGetErrorString(code);
        printf!(
            "kernel error %s:%d  test_print_kernel failed. \n  code = %s, message = %s\n",
            file!(),
            line!(),
            err_name,
            err_message
        );
    }
}

fn main() {
    unsafe {
        let size: c_int = 3;
        let vector_a: [f32; 3] = [2.0, 3.0, 2.0];
        let vector_b: [f32; 3] = [5.0, 3.0, 3.0];
        let mut vector_c: [f32; 3] = [0.0; 3];

        let mut vector_a_device: *mut f32 = nullptr.into();
        let mut vector_b_device: *mut f32 = nullptr.into();
        let mut vector_c_device: *mut f32 = nullptr.into();
        checkRuntime!(cudaMalloc(&mut vector_a_device, size * sizeof::<f32>()));
        checkRuntime!(cudaMalloc(&mut vector_b_device, size * sizeof::<f32>()));
        checkRuntime!(cudaMalloc(&mut vector_c_device, size * sizeof::<f32>()));

        checkRuntime!(cudaMemcpy(vector_a_device, &vector_a, size * sizeof::<f32>(), cudaMemcpyHostToDevice));
        checkRuntime!(cudaMemcpy(vector_b_device, &vector_b, size * sizeof::<f32>(), cudaMemcpyHostToDevice));

        vector_add(vector_a_device, vector_b_device, vector_c_device, size);
        checkRuntime!(cudaMemcpy(
            &mut vector_c,
            vector_c_device,
            size * sizeof::<f32>(),
            cudaMemcpyDeviceToHost
        ));

        for i in 0..size {
            printf!("vector_c[%d] = %f\n", i, vector_c[i as usize]);
        }
        checkRuntime!(cudaFree(vector_a_device));
        checkRuntime!(cudaFree(vector_b_device));
        checkRuntime!(cudaFree(vector_c_device));
    }
}
