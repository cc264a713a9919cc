//! The TensorRT course's runtime lesson 1.9, atomic, line by line (its C++:
//! `book/c/course_atomic.cpp` and the course's `kernels/course/atomic.cu`, unchanged): keep
//! the elements at or above a threshold, each thread that keeps one taking the next slot with
//! `atomicAdd` on a counter, the output being `count, [value, index], [value, index], ...`.
//! Which elements fill the slots depends on the order the threads reach the counter, so the
//! indices printed differ between runs, as the C++'s do.
//! Run: `cargo run --example course_atomic`

use std::ffi::c_int;

use cu_kernels::kernels;
use cuda_checked::checkRuntime;
use cudart_sys::cpp::*;

kernels!("kernels/course/atomic.cu", arch = ["sm_80", "sm_90"],
    fn launch_keep_item_kernel(input_array: *mut f32, input_size: c_int, threshold: f32, output_array: *mut f32, output_capacity: c_int));

// atomic.cu's host function.
unsafe fn launch_keep_item(
    input_array: *mut f32,
    input_size: c_int,
    threshold: f32,
    output_array: *mut f32,
    output_capacity: c_int,
) {
    let nthreads: c_int = 512;
    let block_size = if input_size < nthreads { input_size } else { nthreads };
    let grid_size = (input_size + block_size - 1) / block_size;
    launch!(launch_keep_item_kernel<<<grid_size, block_size, block_size * sizeof::<f32>(), nullptr>>>(
        input_array, input_size, threshold, output_array, output_capacity
    ));
}

fn main() {
    unsafe {
        let n: c_int = 100000;
        let mut input_host = vec![0f32; n as usize];
        let mut input_device: *mut f32 = nullptr.into();
        for i in 0..n {
            input_host[i as usize] = (i % 100) as f32; // 0 1 2 ... 99, a thousand times
        }

        checkRuntime!(cudaMalloc(&mut input_device, n * sizeof::<f32>()));
        checkRuntime!(cudaMemcpy(
            input_device,
            input_host.as_ptr(),
            n * sizeof::<f32>(),
            cudaMemcpyHostToDevice
        ));

        let output_capacity: c_int = 20;
        let mut output_host = vec![0f32; (1 + output_capacity * 2) as usize]; // 1 + 20 * 2 = 41
        let mut output_device: *mut f32 = nullptr.into();
        checkRuntime!(cudaMalloc(&mut output_device, (1 + output_capacity * 2) * sizeof::<f32>()));
        checkRuntime!(cudaMemset(output_device, 0, sizeof::<f32>()));

        let threshold: f32 = 99.0;
        launch_keep_item(input_device, n, threshold, output_device, output_capacity);
        checkRuntime!(cudaPeekAtLastError());

        checkRuntime!(cudaMemcpy(
            output_host.as_mut_ptr(),
            output_device,
            (1 + output_capacity * 2) * sizeof::<f32>(),
            cudaMemcpyDeviceToHost
        ));
        checkRuntime!(cudaDeviceSynchronize());

        printf!("output_size = %f\n", output_host[0]);
        let output_size = (output_host[0] as c_int).min(output_capacity);
        for i in 0..output_size {
            let output_item = &output_host[(1 + i * 2) as usize..];
            let value = output_item[0];
            let index = output_item[1] as c_int;

            printf!("output_host[%d] = %f, %d\n", i, value, index);
        }

        cudaFree(input_device);
        cudaFree(output_device);

        drop(input_host);
        drop(output_host);
        printf!("done\n");
    }
}
