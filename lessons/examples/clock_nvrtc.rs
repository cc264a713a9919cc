//! Lesson 18: timing inside a kernel with `clock()`, NVIDIA's clock_nvrtc sample line by
//! line. Each of 64 blocks of 256 threads finds the minimum of 512 numbers by a reduction in
//! shared memory (`kernels/clock_kernel.cu`, compiled by NVRTC for this GPU), and its thread 0
//! reads the multiprocessor's cycle counter before and after: the average over the blocks is
//! what one reduction costs in clock cycles. Blocks run in parallel and in any order, and
//! each multiprocessor has its own counter, so only the two readings of one block are
//! compared. (Added to the sample: the minima are read back and checked.)
//! Run: `cargo run --example clock_nvrtc`

use std::ffi::c_void;

use cuda_checked::{check_driver, CudaError};
use cuda_sys::*;
use lessons::kernel_file;
use lessons::nvrtc_helper::{compile_file_to_cubin, load_cubin};

const NUM_BLOCKS: usize = 64;
const NUM_THREADS: usize = 256;

/// The kernel's `clock_t`: `long`, 64 bits on Linux and in NVRTC's device code.
#[allow(non_camel_case_types)]
type clock_t = i64;

fn main() -> Result<(), CudaError> {
    println!("CUDA Clock sample");

    let mut timer: [clock_t; NUM_BLOCKS * 2] = [0; NUM_BLOCKS * 2];
    let input: Vec<f32> = (0..NUM_THREADS * 2).map(|i| i as f32).collect();
    let mut output = [f32::NAN; NUM_BLOCKS];

    let cubin = compile_file_to_cubin(&kernel_file!("clock_kernel.cu"), &[])?;
    // SAFETY: the whole CUBIN NVRTC made.
    let (context, module) = unsafe { load_cubin(&cubin)? };

    let mut kernel_addr: CUfunction = std::ptr::null_mut();
    unsafe {
        check_driver!(cuModuleGetFunction(&mut kernel_addr, module, c"timedReduction".as_ptr()))?;

        let (mut dinput, mut doutput, mut dtimer): (CUdeviceptr, CUdeviceptr, CUdeviceptr) = (0, 0, 0);
        check_driver!(cuMemAlloc(&mut dinput, std::mem::size_of::<f32>() * NUM_THREADS * 2))?;
        check_driver!(cuMemAlloc(&mut doutput, std::mem::size_of::<f32>() * NUM_BLOCKS))?;
        check_driver!(cuMemAlloc(&mut dtimer, std::mem::size_of::<clock_t>() * NUM_BLOCKS * 2))?;
        check_driver!(cuMemcpyHtoD(
            dinput,
            input.as_ptr() as *const c_void,
            std::mem::size_of::<f32>() * NUM_THREADS * 2
        ))?;

        let mut arr: [*mut c_void; 3] = [
            (&mut dinput as *mut CUdeviceptr).cast(),
            (&mut doutput as *mut CUdeviceptr).cast(),
            (&mut dtimer as *mut CUdeviceptr).cast(),
        ];
        check_driver!(cuLaunchKernel(
            kernel_addr,
            NUM_BLOCKS as u32,
            1,
            1,
            NUM_THREADS as u32,
            1,
            1,
            // Dynamic shared memory: the kernel's `extern __shared__ float values[]`.
            (std::mem::size_of::<f32>() * 2 * NUM_THREADS) as u32,
            std::ptr::null_mut(),
            arr.as_mut_ptr(),
            std::ptr::null_mut()
        ))?;

        check_driver!(cuCtxSynchronize())?;
        check_driver!(cuMemcpyDtoH(
            timer.as_mut_ptr() as *mut c_void,
            dtimer,
            std::mem::size_of::<clock_t>() * NUM_BLOCKS * 2
        ))?;
        check_driver!(cuMemcpyDtoH(
            output.as_mut_ptr() as *mut c_void,
            doutput,
            std::mem::size_of::<f32>() * NUM_BLOCKS
        ))?;
        check_driver!(cuMemFree(dinput))?;
        check_driver!(cuMemFree(doutput))?;
        check_driver!(cuMemFree(dtimer))?;
        // The sample leaves these to the process's end.
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuCtxDestroy(context))?;
    }

    let elapsed: Vec<clock_t> = (0..NUM_BLOCKS).map(|i| timer[i + NUM_BLOCKS] - timer[i]).collect();
    let avg_elapsed_clocks = elapsed.iter().map(|&c| c as f64).sum::<f64>() / NUM_BLOCKS as f64;
    println!("Average clocks/block = {avg_elapsed_clocks:.6}");

    // Every block reduced the same 512 inputs 0, 1, ..., 511: each minimum is 0.
    let right = output.iter().filter(|&&m| m == 0.0).count();
    println!("minimum found by {right} of {NUM_BLOCKS} blocks: 0");
    if right != NUM_BLOCKS || elapsed.iter().any(|&c| c <= 0) {
        eprintln!("wrong minima {output:?} or clock differences {elapsed:?}");
        std::process::exit(1);
    }
    Ok(())
}
