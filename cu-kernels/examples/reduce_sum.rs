//! The smallest use of cu-kernels: the reduce-sum kernel of the course
//! jinmin527/learning-cuda-trt, with C++'s name, launched as `<<<>>>` launches it. Run: `cargo run -p cu-kernels --example reduce_sum` (a GPU).

use std::ffi::c_int;

use cu_kernels::kernels;
use cuda_checked::checkRuntime;
use cudart_sys::cpp::*;

kernels!("examples/reduce-sum.cu", arch = ["sm_80", "sm_90"],
    fn sum_kernel(array: *mut f32, n: c_int, output: *mut f32));

fn main() {
    let n: c_int = 1000;
    let input: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let (mut array, mut output): (*mut f32, *mut f32) = (nullptr.into(), nullptr.into());
    let mut sum = 0.0f32;
    unsafe {
        sum_kernel.load().unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        });
        checkRuntime!(cudaMalloc(&mut array, n * 4));
        checkRuntime!(cudaMalloc(&mut output, 4));
        checkRuntime!(cudaMemcpy(array, input.as_ptr(), n * 4, cudaMemcpyHostToDevice));
        checkRuntime!(cudaMemset(output, 0, 4));
        let block_size = 256;
        let grid_size = (n + block_size - 1) / block_size;
        launch!(sum_kernel<<<grid_size, block_size, block_size * 4, nullptr>>>(array, n, output));
        checkRuntime!(cudaPeekAtLastError());
        checkRuntime!(cudaMemcpy(&mut sum, output, 4, cudaMemcpyDeviceToHost));
        cudaFree(array);
        cudaFree(output);
        printf!("sum = %f (expected %f)\n", sum, f64::from(n) * f64::from(n - 1) / 2.0);
    }
}
