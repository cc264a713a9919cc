//! Lesson 16: CUDA C++ compiled at run time, NVIDIA's vectorAdd_nvrtc sample line by line.
//! The kernel is C++ (`kernels/vectorAdd_kernel.cu`), not PTX as in `vector_add`: NVRTC
//! compiles it for this GPU's own architecture to CUBIN (`compile_file_to_cubin`), the driver
//! loads it (`load_cubin`), and it adds 50000 pairs of random numbers, checked on the host.
//! First, the same kernel with a mistake (`kernels/mistakes/vectorAdd_kernel.cu`): its
//! compile fails, and `check_nvrtc!`'s error carries NVRTC's log, which says which line of the
//! kernel is wrong. The lesson prints it and carries on.
//! Run: `cargo run --example vector_add_nvrtc`

use std::ffi::c_void;

use cuda_checked::{check_driver, CudaError};
use cuda_sys::*;
use lessons::kernel_file;
use lessons::nvrtc_helper::{compile_file_to_cubin, load_cubin};
use nvrtc_sys::NVRTC_ERROR_COMPILATION;

fn main() -> Result<(), CudaError> {
    println!("A kernel with a mistake first: what NVRTC says.");
    match compile_file_to_cubin(&kernel_file!("mistakes/vectorAdd_kernel.cu"), &[]) {
        Err(CudaError::Nvrtc(e)) if e.code() == NVRTC_ERROR_COMPILATION => println!("{e}\n"),
        Err(other) => return Err(other),
        Ok(_) => {
            eprintln!("mistakes/vectorAdd_kernel.cu compiled: its mistake is gone, and this lesson has nothing to show");
            std::process::exit(1);
        }
    }

    let cubin = compile_file_to_cubin(&kernel_file!("vectorAdd_kernel.cu"), &[])?;
    // SAFETY: the whole CUBIN NVRTC made.
    let (context, module) = unsafe { load_cubin(&cubin)? };

    let mut kernel_addr: CUfunction = std::ptr::null_mut();
    unsafe { check_driver!(cuModuleGetFunction(&mut kernel_addr, module, c"vectorAdd".as_ptr()))? };

    let mut num_elements: i32 = 50000;
    let n = num_elements as usize;
    let size = n * std::mem::size_of::<f32>();
    println!("[Vector addition of {num_elements} elements]");

    // The sample's rand() / RAND_MAX: numbers in [0, 1], from a fixed seed.
    let mut random = Random(1);
    let h_a: Vec<f32> = (0..n).map(|_| random.unit()).collect();
    let h_b: Vec<f32> = (0..n).map(|_| random.unit()).collect();
    let mut h_c = vec![f32::NAN; n];

    let (mut d_a, mut d_b, mut d_c): (CUdeviceptr, CUdeviceptr, CUdeviceptr) = (0, 0, 0);
    unsafe {
        check_driver!(cuMemAlloc(&mut d_a, size))?;
        check_driver!(cuMemAlloc(&mut d_b, size))?;
        check_driver!(cuMemAlloc(&mut d_c, size))?;

        println!("Copy input data from the host memory to the CUDA device");
        check_driver!(cuMemcpyHtoD(d_a, h_a.as_ptr() as *const c_void, size))?;
        check_driver!(cuMemcpyHtoD(d_b, h_b.as_ptr() as *const c_void, size))?;

        let threads_per_block = 256;
        let blocks_per_grid = (num_elements as u32).div_ceil(threads_per_block);
        println!("CUDA kernel launch with {blocks_per_grid} blocks of {threads_per_block} threads");
        // One pointer to each argument's value, in the kernel's order (a, b, c, n).
        let mut arr: [*mut c_void; 4] = [
            (&mut d_a as *mut CUdeviceptr).cast(),
            (&mut d_b as *mut CUdeviceptr).cast(),
            (&mut d_c as *mut CUdeviceptr).cast(),
            (&mut num_elements as *mut i32).cast(),
        ];
        check_driver!(cuLaunchKernel(
            kernel_addr,
            blocks_per_grid,
            1,
            1,
            threads_per_block,
            1,
            1,
            0,
            std::ptr::null_mut(),
            arr.as_mut_ptr(),
            std::ptr::null_mut()
        ))?;
        check_driver!(cuCtxSynchronize())?;

        println!("Copy output data from the CUDA device to the host memory");
        check_driver!(cuMemcpyDtoH(h_c.as_mut_ptr() as *mut c_void, d_c, size))?;
    }

    if let Some(i) = (0..n).find(|&i| (h_a[i] + h_b[i] - h_c[i]).abs() > 1e-5) {
        eprintln!("Result verification failed at element {i}!");
        std::process::exit(1);
    }
    println!("Test PASSED");

    unsafe {
        check_driver!(cuMemFree(d_a))?;
        check_driver!(cuMemFree(d_b))?;
        check_driver!(cuMemFree(d_c))?;
        // The sample leaves these to the process's end.
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuCtxDestroy(context))?;
    }
    println!("Done");
    Ok(())
}

/// xorshift32: a fixed sequence of numbers, enough to stand in for C's `rand()`.
struct Random(u32);

impl Random {
    /// The next number in [0, 1].
    fn unit(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x >> 8) as f32 / (1u32 << 24) as f32
    }
}
