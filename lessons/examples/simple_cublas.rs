//! Lesson 20: a first cuBLAS program, NVIDIA's simpleCUBLAS sample line by line. A handle
//! (`cublasCreate`), three 275 x 275 matrices moved to the GPU with `cublasSetVector`, one
//! `cublasSgemm` (C = alpha A B + beta C, column-major as BLAS is), the result read back with
//! `cublasGetVector`, and the same product computed on the host to compare with: the relative
//! error's L2 norm must be below 1e-6. The sample tests each status by hand and prints its own
//! line; here `check_cublas!` and `check_cuda!` say which call failed and why, in cuBLAS's and
//! the runtime's own words.
//! Run: `cargo run --example simple_cublas`

use std::ffi::c_void;
use std::mem::size_of;

use cublas_sys::*;
use cuda_checked::{check_cublas, check_cuda, CudaError};
use cudart_sys::*;
use lessons::compare::l2_relative_error;

/// Matrix size: N x N.
const N: usize = 275;

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

fn main() -> Result<(), CudaError> {
    let alpha = 1.0f32;
    let beta = 0.0f32;
    let n2 = N * N;
    let mut handle: cublasHandle_t = std::ptr::null_mut();

    unsafe {
        // The sample's findCudaDevice: the first device (one GPU here; the sample picks the
        // fastest of several).
        // ANCHOR: setup
        check_cuda!(cudaSetDevice(0))?;

        // Initialize cuBLAS: a handle holds the library's state for this device; every call
        // takes it.
        println!("simpleCUBLAS test running..");
        check_cublas!(cublasCreate(&mut handle))?;

        // Host memory for the matrices, filled with C's rand() / RAND_MAX: numbers in [0, 1].
        let random = || libc::rand() as f32 / libc::RAND_MAX as f32;
        let mut h_a = vec![0.0f32; n2];
        let mut h_b = vec![0.0f32; n2];
        let mut h_c = vec![0.0f32; n2];
        for i in 0..n2 {
            h_a[i] = random();
            h_b[i] = random();
            h_c[i] = random();
        }

        // Device memory for the matrices.
        let bytes = n2 * size_of::<f32>();
        let (mut d_a, mut d_b, mut d_c): (*mut c_void, *mut c_void, *mut c_void) =
            (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
        check_cuda!(cudaMalloc(&mut d_a, bytes))?;
        check_cuda!(cudaMalloc(&mut d_b, bytes))?;
        check_cuda!(cudaMalloc(&mut d_c, bytes))?;

        // Initialize the device matrices with the host ones. cublasSetVector copies n2
        // elements of size_of::<f32>() bytes, every 1st from the host to every 1st on the
        // device: here a plain copy (a stride other than 1 would copy a row of a column-major
        // matrix).
        let elem = size_of::<f32>() as i32;
        let count = n2 as i32;
        check_cublas!(cublasSetVector(count, elem, h_a.as_ptr().cast(), 1, d_a, 1))?;
        check_cublas!(cublasSetVector(count, elem, h_b.as_ptr().cast(), 1, d_b, 1))?;
        check_cublas!(cublasSetVector(count, elem, h_c.as_ptr().cast(), 1, d_c, 1))?;
        // ANCHOR_END: setup

        // The product in plain Rust, on the host: the reference (beta = 0: C's old values do
        // not count).
        // ANCHOR: sgemm
        simple_sgemm(N, alpha, &h_a, &h_b, beta, &mut h_c);
        let h_c_ref = h_c;

        // The same with cuBLAS. cublasSgemm is cublas_v2.h's name for cublasSgemm_v2: alpha and
        // beta are host pointers (the handle's default pointer mode).
        let n = N as i32;
        check_cublas!(cublasSgemm(
            handle,
            CUBLAS_OP_N,
            CUBLAS_OP_N,
            n,
            n,
            n,
            &alpha,
            d_a as *const f32,
            n,
            d_b as *const f32,
            n,
            &beta,
            d_c as *mut f32,
            n
        ))?;

        // Host memory for the result, read back from the device.
        let mut h_c = vec![0.0f32; n2];
        check_cublas!(cublasGetVector(count, elem, d_c, 1, h_c.as_mut_ptr().cast(), 1))?;
        // ANCHOR_END: sgemm

        // Check the result against the reference: ||ref - gpu|| / ||ref||, the L2 norms the
        // sample computes by hand.
        // ANCHOR: check
        let Some(error) = l2_relative_error(&h_c_ref, &h_c) else {
            eprintln!("!!!! reference norm is 0");
            std::process::exit(1);
        };

        // Memory clean up (the host's vectors go when they leave scope), and shutdown.
        check_cuda!(cudaFree(d_a))?;
        check_cuda!(cudaFree(d_b))?;
        check_cuda!(cudaFree(d_c))?;
        check_cublas!(cublasDestroy(handle))?;

        println!("relative error ||ref - gpu|| / ||ref|| = {error:.3e}");
        if error < 1e-6 {
            println!("simpleCUBLAS test passed.");
        } else {
            println!("simpleCUBLAS test failed.");
            std::process::exit(1);
        }
        // ANCHOR_END: check
    }
    Ok(())
}
