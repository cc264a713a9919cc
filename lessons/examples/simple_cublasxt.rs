//! NVIDIA's simpleCUBLASXT sample (C++, cuBLASXt), ported line by line with `cudart_sys::cpp`:
//! one SGEMM of three 1024 x 1024 matrices that stay in host memory. cuBLASXt (`cublasXt.h`,
//! which cublas-sys binds with `cublas_v2.h`) cuts the product into tiles of the block size
//! (`cublasXtSetBlockDim`, 64 here), moves them to the GPUs chosen with `cublasXtDeviceSelect`,
//! multiplies there and writes C back, all inside the one call. The sample picks at most two
//! GPUs, the fastest first (`findMultipleBestGPUs`: SMs x cores per SM x clock, bubble-sorted);
//! one GPU is "Using 1 GPUs". The host computes the same product and the relative L2 error
//! must be below 1e-6. The random numbers are C's `rand()` (libc's, never seeded: the sample's
//! very numbers). The sample's own messages and exits are kept where it tests a status by hand,
//! `checkCudaErrors!` where it calls helper_cuda.h's.
//! Run: `cargo run --example simple_cublasxt` (the host's product, 10^9 multiply-adds, takes
//! seconds).
//!
//! NVIDIA's reference: <https://docs.nvidia.com/cuda/cublas/#using-the-cublasxt-api>.

use cublas_sys::{
    cublasStatus_t, cublasXtCreate, cublasXtDestroy, cublasXtDeviceSelect, cublasXtHandle_t,
    cublasXtSetBlockDim, cublasXtSgemm, CUBLAS_OP_N, CUBLAS_STATUS_SUCCESS,
};
use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use lessons::samples::convert_sm_ver_to_cores;

const EXIT_SUCCESS: i32 = 0;
const EXIT_FAILURE: i32 = 1;

/// Matrix size: N x N (the sample also has 275, commented out).
const N: usize = 1024;
/// A product this small gains nothing from more GPUs.
const MAX_NUM_OF_GPUS: i32 = 2;

/// The host's SGEMM, the sample's `simple_sgemm`: column-major, element (i, j) at `j * n + i`.
fn simple_sgemm(n: usize, alpha: f32, a: &[f32], b: &[f32], beta: f32, c: &mut [f32]) {
    for i in 0..n {
        for j in 0..n {
            let mut prod = 0.0f32;

            for k in 0..n {
                prod += a[k * n + i] * b[j * n + k];
            }

            c[j * n + i] = alpha * prod + beta * c[j * n + i];
        }
    }
}

/// `(float *)malloc(n * sizeof(float))`, zeroed: `None` where malloc gives null (`vec!` would
/// abort instead, and the sample's checks would have nothing to test).
fn malloc_floats(n: usize) -> Option<Vec<f32>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
    v.resize(n, 0.0);
    Some(v)
}

/// C's `rand() / (float)RAND_MAX`: libc's generator, never seeded, as the sample leaves it.
fn rand_unit() -> f32 {
    // SAFETY: rand takes nothing; this program calls it from one thread.
    (unsafe { libc::rand() }) as f32 / libc::RAND_MAX as f32
}

// ANCHOR: best_gpus
/// The sample's `findMultipleBestGPUs`: the ids of the `num_of_devices` fastest devices, fastest
/// first, into `device_ids` (the sample's `int &` is only read).
fn find_multiple_best_gpus(num_of_devices: i32, device_ids: &mut [i32]) {
    // Rank every device by its compute performance.
    let mut current_device = 0;

    let mut device_count = 0;
    unsafe { checkCudaErrors!(cudaGetDeviceCount(&mut device_count)) };
    #[derive(Clone, Copy, Default)]
    struct GpuPerf {
        compute_perf: u64,
        device_id: i32,
    }

    // (Zeroed, where malloc leaves a prohibited device's entry unset: it sorts last.)
    let mut gpu_stats = vec![GpuPerf::default(); device_count as usize];

    let mut device_prop = cudaDeviceProp::default();
    let mut devices_prohibited = 0;
    let mut compute_mode = 0;
    let mut clock_rate = 0;

    while current_device < device_count {
        // (Unchecked in the sample too: only major, minor and the SM count are read.)
        let _ = unsafe { cudaGetDeviceProperties(&mut device_prop, current_device) };
        unsafe {
            checkCudaErrors!(cudaDeviceGetAttribute(
                &mut compute_mode,
                cudaDevAttrComputeMode,
                current_device
            ));
            // The clock is an attribute: CUDA 13's cudaDeviceProp has no clockRate.
            checkCudaErrors!(cudaDeviceGetAttribute(&mut clock_rate, cudaDevAttrClockRate, current_device));
        }
        // A device in compute mode "prohibited" takes no context: it cannot be used.
        let sm_per_multiproc;
        if compute_mode != cudaComputeModeProhibited as i32 {
            if device_prop.major == 9999 && device_prop.minor == 9999 {
                sm_per_multiproc = 1;
            } else {
                sm_per_multiproc = convert_sm_ver_to_cores(device_prop.major, device_prop.minor);
            }

            let stats = &mut gpu_stats[current_device as usize];
            stats.compute_perf =
                device_prop.multiProcessorCount as u64 * sm_per_multiproc as u64 * clock_rate as u64;
            stats.device_id = current_device;
        } else {
            devices_prohibited += 1;
        }

        current_device += 1;
    }
    if devices_prohibited == device_count {
        eprintln!("gpuGetMaxGflopsDeviceId() CUDA error: all devices have compute mode prohibited.");
        std::process::exit(EXIT_FAILURE);
    } else {
        // Sort by compute performance, highest first: the sample's bubble sort (stable, so
        // equal devices keep their order).
        for i in 0..current_device as usize - 1 {
            for j in 0..current_device as usize - i - 1 {
                if gpu_stats[j].compute_perf < gpu_stats[j + 1].compute_perf {
                    gpu_stats.swap(j, j + 1);
                }
            }
        }

        for i in 0..num_of_devices as usize {
            device_ids[i] = gpu_stats[i].device_id;
        }
    }
}
// ANCHOR_END: best_gpus

fn main() {
    let alpha = 1.0f32;
    let beta = 0.0f32;
    let n2 = N * N;
    let mut status: cublasStatus_t;
    let mut handle: cublasXtHandle_t = std::ptr::null_mut();
    // Left over from simpleCUBLAS: the matrices stay in host memory here, so these stay null
    // (and freeing null does nothing), as in the sample.
    let d_a: *mut f32 = std::ptr::null_mut();
    let d_b: *mut f32 = std::ptr::null_mut();
    let d_c: *mut f32 = std::ptr::null_mut();

    // ANCHOR: devices
    let mut num_of_devices = 0;

    unsafe { checkCudaErrors!(cudaGetDeviceCount(&mut num_of_devices)) };

    if num_of_devices > MAX_NUM_OF_GPUS {
        num_of_devices = MAX_NUM_OF_GPUS;
    }
    let mut devices = vec![0i32; num_of_devices as usize];

    find_multiple_best_gpus(num_of_devices, &mut devices);
    let mut device_prop = cudaDeviceProp::default();
    unsafe { printf!("Using %d GPUs\n", num_of_devices) };
    for &device in &devices {
        unsafe {
            checkCudaErrors!(cudaGetDeviceProperties(&mut device_prop, device));
            printf!("GPU ID = %d, Name = %s \n", device, device_prop.name.as_ptr());
        }
    }

    // Initialize cuBLASXt: one handle for all the devices it will use.
    println!("simpleCUBLASXT test running..");

    status = unsafe { cublasXtCreate(&mut handle) };

    if status != CUBLAS_STATUS_SUCCESS {
        eprintln!("!!!! CUBLASXT initialization error");
        // (Ours: where no libcublas could be loaded, the loader says why.)
        if let Some(why) = cublas_sys::loader::explain(status) {
            eprintln!("{why}");
        }
        std::process::exit(EXIT_FAILURE);
    }

    // The devices its calls split their work over.
    status = unsafe { cublasXtDeviceSelect(handle, num_of_devices, devices.as_mut_ptr()) };

    if status != CUBLAS_STATUS_SUCCESS {
        eprintln!("!!!! CUBLASXT device selection error");
        std::process::exit(EXIT_FAILURE);
    }

    // Optional: the side of the square tiles the matrices are cut into.
    status = unsafe { cublasXtSetBlockDim(handle, 64) };

    if status != CUBLAS_STATUS_SUCCESS {
        eprintln!("!!!! CUBLASXT set block dimension error");
        std::process::exit(EXIT_FAILURE);
    }
    // ANCHOR_END: devices

    // Host memory for the matrices: the only copy cuBLASXt needs.
    let Some(mut h_a) = malloc_floats(n2) else {
        eprintln!("!!!! host memory allocation error (A)");
        std::process::exit(EXIT_FAILURE);
    };

    let Some(mut h_b) = malloc_floats(n2) else {
        eprintln!("!!!! host memory allocation error (B)");
        std::process::exit(EXIT_FAILURE);
    };

    let Some(mut h_c_ref) = malloc_floats(n2) else {
        eprintln!("!!!! host memory allocation error (C_ref)");
        std::process::exit(EXIT_FAILURE);
    };

    let Some(mut h_c) = malloc_floats(n2) else {
        eprintln!("!!!! host memory allocation error (C)");
        std::process::exit(EXIT_FAILURE);
    };

    // Fill the matrices with numbers in [0, 1], A, B and C in turn, as the sample draws them.
    for i in 0..n2 {
        h_a[i] = rand_unit();
        h_b[i] = rand_unit();
        h_c[i] = rand_unit();
        h_c_ref[i] = h_c[i];
    }

    // ANCHOR: sgemm
    // The product in plain Rust, on the host: the reference.
    simple_sgemm(N, alpha, &h_a, &h_b, beta, &mut h_c_ref);

    // The same with cuBLASXt, on host pointers: it tiles, copies and multiplies on the devices,
    // and returns once C is back in host memory. Sizes are size_t in cublasXt.h.
    status = unsafe {
        cublasXtSgemm(
            handle,
            CUBLAS_OP_N,
            CUBLAS_OP_N,
            N,
            N,
            N,
            &alpha,
            h_a.as_ptr(),
            N,
            h_b.as_ptr(),
            N,
            &beta,
            h_c.as_mut_ptr(),
            N,
        )
    };

    if status != CUBLAS_STATUS_SUCCESS {
        eprintln!("!!!! kernel execution error.");
        std::process::exit(EXIT_FAILURE);
    }
    // ANCHOR_END: sgemm

    // ANCHOR: check
    // Check the result against the reference: ||ref - gpu|| / ||ref||, summed in floats as the
    // sample sums them.
    let mut error_norm = 0.0f32;
    let mut ref_norm = 0.0f32;

    for i in 0..n2 {
        let diff = h_c_ref[i] - h_c[i];
        error_norm += diff * diff;
        ref_norm += h_c_ref[i] * h_c_ref[i];
    }

    error_norm = (error_norm as f64).sqrt() as f32;
    ref_norm = (ref_norm as f64).sqrt() as f32;

    if (ref_norm as f64).abs() < 1e-7 {
        eprintln!("!!!! reference norm is 0");
        std::process::exit(EXIT_FAILURE);
    }

    // Memory clean up.
    drop((h_a, h_b, h_c, h_c_ref));

    unsafe {
        if cudaFree(d_a) != cudaSuccess {
            eprintln!("!!!! memory free error (A)");
            std::process::exit(EXIT_FAILURE);
        }

        if cudaFree(d_b) != cudaSuccess {
            eprintln!("!!!! memory free error (B)");
            std::process::exit(EXIT_FAILURE);
        }

        if cudaFree(d_c) != cudaSuccess {
            eprintln!("!!!! memory free error (C)");
            std::process::exit(EXIT_FAILURE);
        }
    }

    // Shutdown: the handle, and what cuBLASXt holds on each device.
    status = unsafe { cublasXtDestroy(handle) };

    if status != CUBLAS_STATUS_SUCCESS {
        eprintln!("!!!! shutdown error (A)");
        std::process::exit(EXIT_FAILURE);
    }

    if error_norm / ref_norm < 1e-6f32 {
        println!("simpleCUBLASXT test passed.");
        std::process::exit(EXIT_SUCCESS);
    } else {
        println!("simpleCUBLASXT test failed.");
        std::process::exit(EXIT_FAILURE);
    }
    // ANCHOR_END: check
}
