//! The TensorRT course's runtime lesson 1.8, reduce-sum, line by line (its C++:
//! `book/c/course_reduce_sum.cpp` and the course's `kernels/course/reduce-sum.cu`, unchanged):
//! a block sums its values in dynamic shared memory, halving the active threads each step with
//! a `__syncthreads()` between writing and reading; the blocks' sums meet in one `atomicAdd`.
//! The block size must be a power of two: the host rounds it up.
//! Run: `cargo run --example course_reduce_sum`

use std::ffi::c_int;

use cu_kernels::kernels;
use cuda_checked::checkRuntime;
use cudart_sys::cpp::*;

kernels!("kernels/course/reduce-sum.cu", arch = ["sm_80", "sm_90"],
    fn sum_kernel(array: *mut f32, n: c_int, output: *mut f32));

// reduce-sum.cu's host function.
unsafe fn launch_reduce_sum(array: *mut f32, n: c_int, output: *mut f32) {
    let nthreads: c_int = 512;
    let mut block_size = if n < nthreads { n } else { nthreads };
    let grid_size = (n + block_size - 1) / block_size;

    // The reduction halves the block each step: its size must be a power of two.
    let mut block_sqrt = f64::from(block_size).log2() as f32;
    printf!("old block_size = %d, block_sqrt = %.2f\n", block_size, block_sqrt);

    block_sqrt = block_sqrt.ceil();
    block_size = 2f64.powf(f64::from(block_sqrt)) as c_int;

    printf!("block_size = %d, grid_size = %d\n", block_size, grid_size);
    // block_size floats of dynamic shared memory, the kernel's `extern __shared__ float cache[]`.
    launch!(sum_kernel<<<grid_size, block_size, block_size * sizeof::<f32>(), nullptr>>>(array, n, output));
}

fn main() {
    unsafe {
        let n: c_int = 101;
        let mut input_host = vec![0f32; n as usize];
        let mut input_device: *mut f32 = nullptr.into();
        let mut ground_truth: f32 = 0.0;
        for i in 0..n {
            input_host[i as usize] = i as f32;
            ground_truth += i as f32;
        }

        checkRuntime!(cudaMalloc(&mut input_device, n * sizeof::<f32>()));
        checkRuntime!(cudaMemcpy(
            input_device,
            input_host.as_ptr(),
            n * sizeof::<f32>(),
            cudaMemcpyHostToDevice
        ));

        let mut output_host: f32 = 0.0;
        let mut output_device: *mut f32 = nullptr.into();
        checkRuntime!(cudaMalloc(&mut output_device, sizeof::<f32>()));
        checkRuntime!(cudaMemset(output_device, 0, sizeof::<f32>()));

        launch_reduce_sum(input_device, n, output_device);
        checkRuntime!(cudaPeekAtLastError());

        checkRuntime!(cudaMemcpy(&mut output_host, output_device, sizeof::<f32>(), cudaMemcpyDeviceToHost));
        checkRuntime!(cudaDeviceSynchronize());

        printf!("output_host = %f, ground_truth = %f\n", output_host, ground_truth);
        if (output_host - ground_truth).abs() <= f32::EPSILON {
            printf!("结果正确.\n");
        } else {
            printf!("结果错误.\n");
        }

        cudaFree(input_device);
        cudaFree(output_device);

        drop(input_host);
        printf!("done\n");
    }
}
