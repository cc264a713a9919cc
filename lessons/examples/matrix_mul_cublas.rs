//! Lesson 21: a row-major matrix product with column-major cuBLAS, NVIDIA's matrixMulCUBLAS
//! sample line by line. C and Rust keep a matrix row by row; BLAS reads memory column by
//! column, so a row-major matrix handed to it is read as its transpose. The sample's trick:
//! for row-major C = A B, ask cuBLAS for C^T = B^T A^T, which is the same memory: pass B first,
//! then A, and swap the dimensions. It times 30 `cublasSgemm` calls with events, prints GFlop/s,
//! and compares the result with a host product in double precision (`sdkCompareL2fe`).
//! Run: `cargo run --example matrix_mul_cublas [-- -sizemult=N]` (N from 1 to 10, default 5)

use std::ffi::{c_void, CStr};
use std::mem::size_of;

use cublas_sys::*;
use cuda_checked::{check_cublas, check_cuda, CudaError};
use cudart_sys::*;
use lessons::compare::sdk_compare_l2fe;

/// The sample's `sMatrixSize`: widths (columns) and heights (rows) of A, B and C.
struct MatrixSize {
    wa: usize,
    ha: usize,
    wb: usize,
    hb: usize,
    wc: usize,
    hc: usize,
}

/// The reference on the host, `matrixMulCPU`: row-major C = A B, summed in double.
fn matrix_mul_cpu(c: &mut [f32], a: &[f32], b: &[f32], ha: usize, wa: usize, wb: usize) {
    for i in 0..ha {
        for j in 0..wb {
            let mut sum = 0.0f64;
            for k in 0..wa {
                sum += a[i * wa + k] as f64 * b[k * wb + j] as f64;
            }
            c[i * wb + j] = sum as f32;
        }
    }
}

/// Fills `data` with C's rand() / RAND_MAX: numbers in [0, 1].
fn random_init(data: &mut [f32]) {
    for x in data {
        *x = unsafe { libc::rand() } as f32 / libc::RAND_MAX as f32;
    }
}

/// The sample's `printDiff`: the first `list_length` elements that differ by more than `tolerance`.
fn print_diff(data1: &[f32], data2: &[f32], width: usize, height: usize, list_length: usize, tolerance: f32) {
    println!("Listing first {list_length} Differences > {tolerance:.6}...");
    let mut error_count = 0;
    for j in 0..height {
        if error_count < list_length {
            println!("\n  Row {j}:");
        }
        for i in 0..width {
            let k = j * width + i;
            let diff = (data1[k] - data2[k]).abs();
            if diff > tolerance {
                if error_count < list_length {
                    println!("    Loc({i},{j})\tCPU={:.5}\tGPU={:.5}\tDiff={diff:.6}", data1[k], data2[k]);
                }
                error_count += 1;
            }
        }
    }
    println!(" \n  Total Errors = {error_count}");
}

/// The sample's `initializeCUDA`: the device, and the sizes (multiples of a 32-wide block).
fn initialize_cuda(size_multiple: usize) -> Result<(i32, MatrixSize), CudaError> {
    let dev_id = 0;
    let mut device_prop = cudaDeviceProp::default();
    unsafe {
        check_cuda!(cudaSetDevice(dev_id))?;
        check_cuda!(cudaGetDeviceProperties(&mut device_prop, dev_id))?;
        let name = CStr::from_ptr(device_prop.name.as_ptr()).to_string_lossy();
        println!(
            "GPU Device {dev_id}: \"{name}\" with compute capability {}.{}\n",
            device_prop.major, device_prop.minor
        );
    }
    let block_size = 32;
    let size = MatrixSize {
        wa: 3 * block_size * size_multiple,
        ha: 4 * block_size * size_multiple,
        wb: 2 * block_size * size_multiple,
        hb: 3 * block_size * size_multiple,
        wc: 2 * block_size * size_multiple,
        hc: 4 * block_size * size_multiple,
    };
    println!(
        "MatrixA({},{}), MatrixB({},{}), MatrixC({},{})",
        size.ha, size.wa, size.hb, size.wb, size.hc, size.wc
    );
    if size.wa != size.hb || size.ha != size.hc || size.wb != size.wc {
        eprintln!("ERROR: Matrix sizes do not match!");
        std::process::exit(1);
    }
    Ok((dev_id, size))
}

/// The sample's `matrixMultiply`: whether cuBLAS's product matches the host's.
fn matrix_multiply(size: &MatrixSize) -> Result<bool, CudaError> {
    // Host memory for A and B, filled from a fixed seed.
    let size_a = size.wa * size.ha;
    let size_b = size.wb * size.hb;
    let size_c = size.wc * size.hc;
    let mut h_a = vec![0.0f32; size_a];
    let mut h_b = vec![0.0f32; size_b];
    unsafe { libc::srand(2006) };
    random_init(&mut h_a);
    random_init(&mut h_b);
    let mut h_cublas = vec![0.0f32; size_c];

    let (mut d_a, mut d_b, mut d_c): (*mut c_void, *mut c_void, *mut c_void) =
        (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
    unsafe {
        check_cuda!(cudaMalloc(&mut d_a, size_a * size_of::<f32>()))?;
        check_cuda!(cudaMalloc(&mut d_b, size_b * size_of::<f32>()))?;
        check_cuda!(cudaMemcpy(d_a, h_a.as_ptr().cast(), size_a * size_of::<f32>(), cudaMemcpyHostToDevice))?;
        check_cuda!(cudaMemcpy(d_b, h_b.as_ptr().cast(), size_b * size_of::<f32>(), cudaMemcpyHostToDevice))?;
        check_cuda!(cudaMalloc(&mut d_c, size_c * size_of::<f32>()))?;
    }

    print!("Computing result using CUBLAS...");
    let n_iter = 30;
    let alpha = 1.0f32;
    let beta = 0.0f32;
    let mut handle: cublasHandle_t = std::ptr::null_mut();
    let (mut start, mut stop): (cudaEvent_t, cudaEvent_t) = (std::ptr::null_mut(), std::ptr::null_mut());
    // ANCHOR: sgemm
    // Row-major C (hc x wc) = A (ha x wa) B (hb x wb), as cuBLAS's column-major
    // C^T (wc x hc) = B^T (wb x hb) A^T (wa x ha): m = wb, n = ha, k = wa; B first, then A;
    // each leading dimension is the row length of the row-major matrix.
    let (m, n, k) = (size.wb as i32, size.ha as i32, size.wa as i32);
    let sgemm = |handle: cublasHandle_t| unsafe {
        check_cublas!(cublasSgemm(
            handle,
            CUBLAS_OP_N,
            CUBLAS_OP_N,
            m,
            n,
            k,
            &alpha,
            d_b as *const f32,
            m,
            d_a as *const f32,
            k,
            &beta,
            d_c as *mut f32,
            m
        ))
    };
    unsafe {
        check_cublas!(cublasCreate(&mut handle))?;
        // A warm-up: the first call loads the kernel and picks its configuration.
        sgemm(handle)?;
        // ANCHOR_END: sgemm

        // ANCHOR: timing
        check_cuda!(cudaEventCreate(&mut start))?;
        check_cuda!(cudaEventCreate(&mut stop))?;
        // The events go on the default stream, where the handle's calls go too.
        check_cuda!(cudaEventRecord(start, std::ptr::null_mut()))?;
        for _ in 0..n_iter {
            sgemm(handle)?;
        }
        println!("done.");
        check_cuda!(cudaEventRecord(stop, std::ptr::null_mut()))?;
        check_cuda!(cudaEventSynchronize(stop))?;
        let mut msec_total = 0.0f32;
        check_cuda!(cudaEventElapsedTime(&mut msec_total, start, stop))?;

        let msec_per_matrix_mul = msec_total / n_iter as f32;
        let flops_per_matrix_mul = 2.0 * size.hc as f64 * size.wc as f64 * size.hb as f64;
        let giga_flops = flops_per_matrix_mul * 1.0e-9 / (msec_per_matrix_mul as f64 / 1000.0);
        println!(
            "Performance= {giga_flops:.2} GFlop/s, Time= {msec_per_matrix_mul:.3} msec, Size= {flops_per_matrix_mul:.0} Ops"
        );
        // ANCHOR_END: timing

        check_cuda!(cudaMemcpy(
            h_cublas.as_mut_ptr().cast(),
            d_c,
            size_c * size_of::<f32>(),
            cudaMemcpyDeviceToHost
        ))?;
        check_cublas!(cublasDestroy(handle))?;
        check_cuda!(cudaEventDestroy(start))?;
        check_cuda!(cudaEventDestroy(stop))?;
    }

    print!("Computing result using host CPU...");
    let mut reference = vec![0.0f32; size_c];
    matrix_mul_cpu(&mut reference, &h_a, &h_b, size.ha, size.wa, size.wb);
    println!("done.");

    let res_cublas = sdk_compare_l2fe(&reference, &h_cublas, 1.0e-6);
    if !res_cublas {
        print_diff(&reference, &h_cublas, size.wc, size.hc, 100, 1.0e-5);
    }
    println!(
        "Comparing CUBLAS Matrix Multiply with CPU results: {}",
        if res_cublas { "PASS" } else { "FAIL" }
    );
    println!(
        "\nNOTE: The CUDA Samples are not meant for performance measurements. \
         Results may vary when GPU Boost is enabled."
    );

    unsafe {
        check_cuda!(cudaFree(d_a))?;
        check_cuda!(cudaFree(d_b))?;
        check_cuda!(cudaFree(d_c))?;
    }
    Ok(res_cublas)
}

fn main() -> Result<(), CudaError> {
    println!("[Matrix Multiply CUBLAS] - Starting...");
    // -sizemult=N scales every dimension (the sample's helper accepts one or two dashes).
    let mut size_mult = 5;
    for arg in std::env::args().skip(1) {
        match arg.trim_start_matches('-').strip_prefix("sizemult=").map(str::parse::<usize>) {
            Some(Ok(n)) => size_mult = n,
            _ => {
                eprintln!("unknown argument '{arg}': the lesson takes -sizemult=N, N from 1 to 10");
                std::process::exit(2);
            }
        }
    }
    let size_mult = size_mult.clamp(1, 10);
    let (_dev_id, size) = initialize_cuda(size_mult)?;
    if !matrix_multiply(&size)? {
        std::process::exit(1);
    }
    Ok(())
}
