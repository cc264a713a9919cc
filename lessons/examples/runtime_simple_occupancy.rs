//! NVIDIA's simpleOccupancy sample (C++, Runtime API), ported line by line with
//! `cudart_sys::cpp`: square a million integers twice, first with a hand-picked block size of
//! 32, then with the block size `cudaOccupancyMaxPotentialBlockSize` suggests (the header's
//! template algorithm, computed in `cpp`), reporting each launch's potential occupancy
//! (`cudaOccupancyMaxActiveBlocksPerMultiprocessor`) and time. The kernel is
//! `kernels/square.cu`, loaded as PTX; from CUDA 12.9's headers as the Runtime API loads it
//! (`cudaLibraryLoadData`, a `cudaKernel_t` that every runtime call taking a kernel accepts),
//! before them through the driver (a `CUfunction`, which the runtime's calls take as well).
//! Run: `cargo run --example runtime_simple_occupancy`

use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use lessons::samples::find_cuda_device;

const MANUAL_BLOCK_SIZE: i32 = 32;

// __global__ void square(int *array, int arrayCount)
type Square = (*mut i32, i32);

#[cfg(cuda_ge = "12.9")]
type SquareKernel = Kernel<Square, cudaKernel_t>;
#[cfg(not(cuda_ge = "12.9"))]
type SquareKernel = Kernel<Square>;

fn load_square() -> SquareKernel {
    unsafe {
        #[cfg(cuda_ge = "12.9")]
        return lessons::samples::load_runtime_kernel(lessons::ptx!("square"), c"square");
        #[cfg(not(cuda_ge = "12.9"))]
        return lessons::samples::load_ptx_kernel(lessons::ptx!("square"), c"square");
    }
}

// ANCHOR: occupancy
/// Active warps over the most a multiprocessor holds, for `kernel` launched in blocks of
/// `block_size` with `dynamic_smem` bytes of dynamic shared memory.
fn report_potential_occupancy(kernel: SquareKernel, block_size: i32, dynamic_smem: usize) -> f64 {
    let mut device = 0;
    let mut prop = cudaDeviceProp::default();
    let mut num_blocks = 0;
    unsafe {
        checkCudaErrors!(cudaGetDevice(&mut device));
        checkCudaErrors!(cudaGetDeviceProperties(&mut prop, device));
        checkCudaErrors!(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &mut num_blocks,
            kernel.function,
            block_size,
            dynamic_smem
        ));
    }
    let active_warps = num_blocks * block_size / prop.warpSize;
    let max_warps = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    f64::from(active_warps) / f64::from(max_warps)
}
// ANCHOR_END: occupancy

/// Picks the launch configuration (by hand or by the calculator), launches, reports.
fn launch_config(square: SquareKernel, array: *mut i32, array_count: i32, automatic: bool) {
    let mut block_size = 0;
    let mut min_grid_size = 0;
    let dynamic_smem_usage: usize = 0;
    let (mut start, mut end): (cudaEvent_t, cudaEvent_t) = (std::ptr::null_mut(), std::ptr::null_mut());
    let mut elapsed_time = 0.0f32;
    unsafe {
        checkCudaErrors!(cudaEventCreate!(&mut start));
        checkCudaErrors!(cudaEventCreate!(&mut end));
    }

    // ANCHOR: automatic
    if automatic {
        unsafe {
            checkCudaErrors!(cudaOccupancyMaxPotentialBlockSize!(
                &mut min_grid_size,
                &mut block_size,
                square.function,
                dynamic_smem_usage,
                array_count
            ));
        }
        println!("Suggested block size: {block_size}");
        println!("Minimum grid size for maximum occupancy: {min_grid_size}");
    } else {
        // Too small: with few blocks resident per multiprocessor, few threads are.
        block_size = MANUAL_BLOCK_SIZE;
    }

    // Round up.
    let grid_size = (array_count + block_size - 1) / block_size;

    // Launch and time. (C++'s cudaEventRecord(start) leaves the stream at its default, 0.)
    unsafe {
        checkCudaErrors!(cudaEventRecord(start, std::ptr::null_mut()));
        checkCudaErrors!(
            launch!(square<<<grid_size as u32, block_size as u32, dynamic_smem_usage>>>(array, array_count))
        );
        checkCudaErrors!(cudaEventRecord(end, std::ptr::null_mut()));
        checkCudaErrors!(cudaDeviceSynchronize());
    }
    // ANCHOR_END: automatic

    let potential_occupancy = report_potential_occupancy(square, block_size, dynamic_smem_usage);
    println!("Potential occupancy: {}%", potential_occupancy * 100.0);

    unsafe {
        checkCudaErrors!(cudaEventElapsedTime(&mut elapsed_time, start, end));
        checkCudaErrors!(cudaEventDestroy(start));
        checkCudaErrors!(cudaEventDestroy(end));
    }
    println!("Elapsed time: {elapsed_time}ms");
}

/// Squares `count` integers on the device and checks them; 0 when all are right.
fn test(square: SquareKernel, automatic_launch_config: bool, count: i32) -> i32 {
    let size = count as usize * std::mem::size_of::<i32>();
    let mut array: Vec<i32> = (0..count).collect();
    let mut d_array: *mut i32 = std::ptr::null_mut();
    unsafe {
        checkCudaErrors!(cudaMalloc(&mut d_array, size));
        checkCudaErrors!(cudaMemcpy(d_array, array.as_ptr(), size, cudaMemcpyHostToDevice));
    }
    array.fill(0);

    launch_config(square, d_array, count, automatic_launch_config);

    unsafe {
        checkCudaErrors!(cudaMemcpy(array.as_mut_ptr(), d_array, size, cudaMemcpyDeviceToHost));
        checkCudaErrors!(cudaFree(d_array));
    }
    for (i, &actual) in array.iter().enumerate() {
        let expected = (i as i32).wrapping_mul(i as i32); // C++'s int product, overflow and all
        if actual != expected {
            println!("element {i} expected {expected} actual {actual}");
            return 1;
        }
    }
    0
}

fn main() {
    let count = 1_000_000;
    println!("starting Simple Occupancy\n");
    // The sample's first runtime call makes device 0 current implicitly; findCudaDevice says
    // which device it is, as the other ports do.
    find_cuda_device();
    let square = load_square();

    println!("[ Manual configuration with {MANUAL_BLOCK_SIZE} threads per block ]");
    if test(square, false, count) != 0 {
        eprintln!("Test failed\n");
        std::process::exit(255);
    }
    println!();

    println!("[ Automatic, occupancy-based configuration ]");
    if test(square, true, count) != 0 {
        eprintln!("Test failed\n");
        std::process::exit(255);
    }
    println!();

    println!("Test PASSED");
}
