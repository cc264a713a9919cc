//! Lesson 17: a tiled matrix product in shared memory, NVIDIA's matrixMul_nvrtc sample line
//! by line. The kernel (`kernels/matrixMul_kernel.cu`) is a C++ template instantiated for
//! 16x16 and 32x32 tiles, compiled by NVRTC for this GPU; the host asks for the 32x32 one by
//! name, multiplies a 320x320 matrix of ones by a 640x320 matrix of 0.01 (as width x height)
//! 300 times, and checks every element of C against 320 x 0.01 = 3.2.
//! Run: `cargo run --example matrix_mul_nvrtc`

use std::ffi::c_void;

use cuda_checked::{check_driver, CudaError};
use cuda_sys::*;
use lessons::kernel_file;
use lessons::nvrtc_helper::{compile_file_to_cubin, load_cubin};

/// `dim3`'s x and y: width and height.
#[derive(Clone, Copy)]
struct Dims {
    x: u32,
    y: u32,
}

fn constant_init(data: &mut [f32], val: f32) {
    data.fill(val);
}

/// C = A * B with `block_size` x `block_size` tiles, 300 times; whether C is right.
fn matrix_multiply(block_size: u32, dims_a: Dims, dims_b: Dims) -> Result<bool, CudaError> {
    let size_a = (dims_a.x * dims_a.y) as usize;
    let mem_size_a = std::mem::size_of::<f32>() * size_a;
    let mut h_a = vec![0f32; size_a];
    let size_b = (dims_b.x * dims_b.y) as usize;
    let mem_size_b = std::mem::size_of::<f32>() * size_b;
    let mut h_b = vec![0f32; size_b];

    let val_b = 0.01f32;
    constant_init(&mut h_a, 1.0);
    constant_init(&mut h_b, val_b);

    let cubin = compile_file_to_cubin(&kernel_file!("matrixMul_kernel.cu"), &[])?;
    // SAFETY: the whole CUBIN NVRTC made.
    let (context, module) = unsafe { load_cubin(&cubin)? };

    let dims_c = Dims { x: dims_b.x, y: dims_a.y };
    let mem_size_c = (dims_c.x * dims_c.y) as usize * std::mem::size_of::<f32>();
    let mut h_c = vec![f32::NAN; (dims_c.x * dims_c.y) as usize];

    let (mut d_a, mut d_b, mut d_c): (CUdeviceptr, CUdeviceptr, CUdeviceptr) = (0, 0, 0);
    unsafe {
        check_driver!(cuMemAlloc(&mut d_a, mem_size_a))?;
        check_driver!(cuMemAlloc(&mut d_b, mem_size_b))?;
        check_driver!(cuMemAlloc(&mut d_c, mem_size_c))?;

        check_driver!(cuMemcpyHtoD(d_a, h_a.as_ptr() as *const c_void, mem_size_a))?;
        check_driver!(cuMemcpyHtoD(d_b, h_b.as_ptr() as *const c_void, mem_size_b))?;
    }

    // One thread per element of C, one block per tile.
    let threads = Dims { x: block_size, y: block_size };
    let grid = Dims { x: dims_b.x / threads.x, y: dims_a.y / threads.y };

    println!("Computing result using CUDA Kernel...");

    let name = if block_size == 16 { c"matrixMulCUDA_block16" } else { c"matrixMulCUDA_block32" };
    let mut kernel_addr: CUfunction = std::ptr::null_mut();
    unsafe { check_driver!(cuModuleGetFunction(&mut kernel_addr, module, name.as_ptr()))? };

    let (mut w_a, mut w_b) = (dims_a.x as i32, dims_b.x as i32);
    let mut arr: [*mut c_void; 5] = [
        (&mut d_c as *mut CUdeviceptr).cast(),
        (&mut d_a as *mut CUdeviceptr).cast(),
        (&mut d_b as *mut CUdeviceptr).cast(),
        (&mut w_a as *mut i32).cast(),
        (&mut w_b as *mut i32).cast(),
    ];

    let n_iter = 300;
    for _ in 0..n_iter {
        unsafe {
            check_driver!(cuLaunchKernel(
                kernel_addr,
                grid.x,
                grid.y,
                1,
                threads.x,
                threads.y,
                1,
                0,
                std::ptr::null_mut(),
                arr.as_mut_ptr(),
                std::ptr::null_mut()
            ))?;
            check_driver!(cuCtxSynchronize())?;
        }
    }

    unsafe { check_driver!(cuMemcpyDtoH(h_c.as_mut_ptr() as *mut c_void, d_c, mem_size_c))? };

    print!("Checking computed result for correctness: ");
    // |<x, y>_cpu - <x, y>_gpu| / <|x|, |y|> < eps: relative to the length of the dot product.
    let eps = 1.0e-6;
    let reference = f64::from(dims_a.x) * f64::from(val_b);
    let mut correct = true;
    for (i, &value) in h_c.iter().enumerate() {
        let abs_err = (f64::from(value) - reference).abs();
        let dot_length = f64::from(dims_a.x);
        let abs_val = f64::from(value).abs();
        let rel_err = abs_err / abs_val / dot_length;
        // (NaN, from an element never written, fails too)
        if rel_err > eps || rel_err.is_nan() {
            println!("Error! Matrix[{i:05}]={value:.8}, ref={reference:.8} error term is > {eps:E}");
            correct = false;
        }
    }
    println!("{}", if correct { "Result = PASS" } else { "Result = FAIL" });
    println!(
        "\nNOTE: The CUDA Samples are not meant for performance measurements. \
         Results may vary when GPU Boost is enabled."
    );

    unsafe {
        check_driver!(cuMemFree(d_a))?;
        check_driver!(cuMemFree(d_b))?;
        check_driver!(cuMemFree(d_c))?;
        // The sample leaves these to the process's end.
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuCtxDestroy(context))?;
    }
    Ok(correct)
}

fn main() -> Result<(), CudaError> {
    println!("[Matrix Multiply Using CUDA] - Starting...");

    let block_size = 32;
    let dims_a = Dims { x: 5 * 2 * block_size, y: 5 * 2 * block_size };
    let dims_b = Dims { x: 5 * 4 * block_size, y: 5 * 2 * block_size };
    // The kernel has no bounds checks: A's width must be B's height, and every size a whole
    // number of tiles.
    if dims_a.x != dims_b.y {
        eprintln!("Error: outer matrix dimensions must be equal. ({} != {})", dims_a.x, dims_b.y);
        std::process::exit(1);
    }
    println!("MatrixA({},{}), MatrixB({},{})", dims_a.x, dims_a.y, dims_b.x, dims_b.y);

    if !matrix_multiply(block_size, dims_a, dims_b)? {
        std::process::exit(1);
    }
    Ok(())
}
