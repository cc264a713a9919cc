//! Lesson 19: inline PTX in a CUDA C++ kernel, NVIDIA's inlinePTX_nvrtc sample line by line.
//! The kernel (`kernels/inlinePTX_kernel.cu`) reads each thread's lane (its place in its warp,
//! 0 to 31) from PTX's special register `%laneid` with one `asm("mov.u32 %0, %%laneid;" ...)`;
//! NVRTC compiles C++ and PTX together for this GPU. The host checks that element i holds
//! i % 32, which is the lane when blocks are a whole number of warps.
//! Run: `cargo run --example inline_ptx_nvrtc`

use std::ffi::c_void;

use cuda_checked::{check_driver, CudaError};
use cuda_sys::*;
use lessons::kernel_file;
use lessons::nvrtc_helper::{compile_file_to_cubin, load_cubin};

/// What the kernel should write: each element's lane, on the CPU.
fn sequence_cpu(h_ptr: &mut [i32]) {
    for (elem_id, value) in h_ptr.iter_mut().enumerate() {
        *value = (elem_id % 32) as i32;
    }
}

fn main() -> Result<(), CudaError> {
    println!("CUDA inline PTX assembler sample");

    let cubin = compile_file_to_cubin(&kernel_file!("inlinePTX_kernel.cu"), &[])?;
    // SAFETY: the whole CUBIN NVRTC made.
    let (context, module) = unsafe { load_cubin(&cubin)? };

    let mut kernel_addr: CUfunction = std::ptr::null_mut();
    unsafe { check_driver!(cuModuleGetFunction(&mut kernel_addr, module, c"sequence_gpu".as_ptr()))? };

    let mut n: i32 = 1000;
    let mut h_ptr = vec![0i32; n as usize];
    let bytes = n as usize * std::mem::size_of::<i32>();

    let block_size = 256;
    let grid_size = (n as u32).div_ceil(block_size);

    let mut h_d_ptr = vec![-1i32; n as usize];
    unsafe {
        let mut d_ptr: CUdeviceptr = 0;
        check_driver!(cuMemAlloc(&mut d_ptr, bytes))?;

        let mut arr: [*mut c_void; 2] =
            [(&mut d_ptr as *mut CUdeviceptr).cast(), (&mut n as *mut i32).cast()];
        check_driver!(cuLaunchKernel(
            kernel_addr,
            grid_size,
            1,
            1,
            block_size,
            1,
            1,
            0,
            std::ptr::null_mut(),
            arr.as_mut_ptr(),
            std::ptr::null_mut()
        ))?;
        check_driver!(cuCtxSynchronize())?;

        sequence_cpu(&mut h_ptr);

        check_driver!(cuMemcpyDtoH(h_d_ptr.as_mut_ptr() as *mut c_void, d_ptr, bytes))?;
        check_driver!(cuMemFree(d_ptr))?;
        // The sample leaves these to the process's end.
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuCtxDestroy(context))?;
    }

    let valid = h_ptr == h_d_ptr;
    println!("Test {}.", if valid { "Successful" } else { "Failed" });
    if !valid {
        std::process::exit(1);
    }
    Ok(())
}
