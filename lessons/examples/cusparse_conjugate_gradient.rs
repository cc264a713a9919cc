//! NVIDIA's conjugateGradient sample (C++, cuSPARSE and cuBLAS), ported line by line with
//! `cudart_sys::cpp`: a random symmetric tridiagonal matrix of 1048576 rows in CSR (diagonal
//! near 10, the rest in [0, 1]: positive definite), solved for a right-hand side of ones by
//! conjugate gradient on the GPU. cuSPARSE's generic API does the product `A p`
//! (`cusparseCreateCsr` and `cusparseCreateDnVec` wrap the device arrays, `cusparseSpMV`
//! multiplies in the workspace `cusparseSpMV_bufferSize` asks for); cuBLAS does the vector work
//! (`cublasSaxpy`, `cublasSdot`, `cublasSscal`, `cublasScopy`). Each iteration prints the
//! residual's norm; at the end the host multiplies the answer by the matrix itself and prints the
//! largest difference from the right-hand side.
//!
//! One change: the sample keeps the status of most cuBLAS calls in a variable it never reads,
//! and drops the runtime's for its copies and frees; here every call goes through
//! `checkCudaErrors!`, which takes the runtime's, cuBLAS's and cuSPARSE's codes as
//! helper_cuda.h's does, so a failing call stops the program where it failed. With no failure
//! the output is the same.
//! Run: `cargo run --example cusparse_conjugate_gradient`

use std::ffi::c_void;
use std::ptr::{from_ref, null_mut};

use cublas_sys::*;
use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use cusparse_sys::*;
use lessons::samples::find_cuda_device;

/// genTridiag: a random symmetric tridiagonal matrix of `N` rows in CSR (`I` the row offsets,
/// `J` the column indices, `val` the values, `nz` of them), from C's `rand()`, never seeded: the
/// sample's numbers.
#[allow(non_snake_case)] // C's names, as the sample has them
fn gen_tridiag(I: &mut [i32], J: &mut [i32], val: &mut [f32], N: i32, nz: i32) {
    // (float)rand() / RAND_MAX: RAND_MAX becomes a float too, as in C.
    let random = || unsafe { libc::rand() } as f32 / libc::RAND_MAX as f32;
    I[0] = 0;
    J[0] = 0;
    J[1] = 1;
    val[0] = random() + 10.0;
    val[1] = random();

    for i in 1..N as usize {
        if i > 1 {
            I[i] = I[i - 1] + 3;
        } else {
            I[1] = 2;
        }

        let start = (i - 1) * 3 + 2;
        J[start] = i as i32 - 1;
        J[start + 1] = i as i32;

        if i < N as usize - 1 {
            J[start + 2] = i as i32 + 1;
        }

        // Symmetric: the entry left of the diagonal is the one above it.
        val[start] = val[start - 1];
        val[start + 1] = random() + 10.0;

        if i < N as usize - 1 {
            val[start + 2] = random();
        }
    }

    I[N as usize] = nz;
}

#[allow(non_snake_case)] // C's names: N, I, J, d_Ax, matA, vecAx
fn main() {
    let tol: f32 = 1e-5;
    let max_iter = 10000;

    // The device of --device=N, else the first one.
    let mut device_prop = cudaDeviceProp::default();
    let dev_id = find_cuda_device();
    unsafe {
        checkCudaErrors!(cudaGetDeviceProperties(&mut device_prop, dev_id));

        printf!(
            "> GPU device has %d Multi-Processors, SM %d.%d compute capabilities\n\n",
            device_prop.multiProcessorCount,
            device_prop.major,
            device_prop.minor
        );
    }

    // A random tridiagonal symmetric matrix in CSR: two entries in the first and last rows,
    // three in every other. (The sample's M, set equal to N, is never read.)
    let N: i32 = 1048576;
    let nz = (N - 2) * 3 + 4;
    let mut I = vec![0i32; N as usize + 1];
    let mut J = vec![0i32; nz as usize];
    let mut val = vec![0.0f32; nz as usize];
    gen_tridiag(&mut I, &mut J, &mut val, N, nz);

    // b = 1 everywhere, and the first guess x = 0.
    let mut x = vec![0.0f32; N as usize];
    let rhs = vec![1.0f32; N as usize];

    // ANCHOR: setup
    let mut cublas_handle: cublasHandle_t = null_mut();
    let mut cusparse_handle: cusparseHandle_t = null_mut();
    let (mut d_col, mut d_row): (*mut i32, *mut i32) = (null_mut(), null_mut());
    let (mut d_val, mut d_x, mut d_r, mut d_p, mut d_Ax): (*mut f32, *mut f32, *mut f32, *mut f32, *mut f32) =
        (null_mut(), null_mut(), null_mut(), null_mut(), null_mut());
    let mut matA: cusparseSpMatDescr_t = null_mut();
    let (mut vecx, mut vecp, mut vecAx): (cusparseDnVecDescr_t, cusparseDnVecDescr_t, cusparseDnVecDescr_t) =
        (null_mut(), null_mut(), null_mut());
    unsafe {
        // A handle to each library: its state on this device.
        checkCudaErrors!(cublasCreate(&mut cublas_handle));
        checkCudaErrors!(cusparseCreate(&mut cusparse_handle));

        checkCudaErrors!(cudaMalloc(&mut d_col, nz * sizeof::<i32>()));
        checkCudaErrors!(cudaMalloc(&mut d_row, (N + 1) * sizeof::<i32>()));
        checkCudaErrors!(cudaMalloc(&mut d_val, nz * sizeof::<f32>()));
        checkCudaErrors!(cudaMalloc(&mut d_x, N * sizeof::<f32>()));
        checkCudaErrors!(cudaMalloc(&mut d_r, N * sizeof::<f32>()));
        checkCudaErrors!(cudaMalloc(&mut d_p, N * sizeof::<f32>()));
        checkCudaErrors!(cudaMalloc(&mut d_Ax, N * sizeof::<f32>()));

        // The generic API's descriptors: the device arrays as a CSR matrix of 32-bit indices
        // from 0 and float values, and three dense vectors. They hold pointers, not copies:
        // the data is copied in below.
        checkCudaErrors!(cusparseCreateCsr(
            &mut matA,
            N.into(),
            N.into(),
            nz.into(),
            d_row.cast(),
            d_col.cast(),
            d_val.cast(),
            CUSPARSE_INDEX_32I,
            CUSPARSE_INDEX_32I,
            CUSPARSE_INDEX_BASE_ZERO,
            CUDA_R_32F
        ));
        checkCudaErrors!(cusparseCreateDnVec(&mut vecx, N.into(), d_x.cast(), CUDA_R_32F));
        checkCudaErrors!(cusparseCreateDnVec(&mut vecp, N.into(), d_p.cast(), CUDA_R_32F));
        checkCudaErrors!(cusparseCreateDnVec(&mut vecAx, N.into(), d_Ax.cast(), CUDA_R_32F));

        // The problem's data; r starts as b (x is 0).
        checkCudaErrors!(cudaMemcpy(d_col, J.as_ptr(), nz * sizeof::<i32>(), cudaMemcpyHostToDevice));
        checkCudaErrors!(cudaMemcpy(d_row, I.as_ptr(), (N + 1) * sizeof::<i32>(), cudaMemcpyHostToDevice));
        checkCudaErrors!(cudaMemcpy(d_val, val.as_ptr(), nz * sizeof::<f32>(), cudaMemcpyHostToDevice));
        checkCudaErrors!(cudaMemcpy(d_x, x.as_ptr(), N * sizeof::<f32>(), cudaMemcpyHostToDevice));
        checkCudaErrors!(cudaMemcpy(d_r, rhs.as_ptr(), N * sizeof::<f32>(), cudaMemcpyHostToDevice));
    }
    // ANCHOR_END: setup

    let alpha: f32 = 1.0;
    let alpham1: f32 = -1.0;
    let beta: f32 = 0.0;
    let mut r0: f32 = 0.0;
    let mut r1: f32 = 0.0;
    let mut dot: f32 = 0.0;

    // ANCHOR: spmv
    // The workspace cusparseSpMV needs for y = alpha A x + beta y with these descriptors.
    let mut buffer_size: usize = 0;
    let mut buffer: *mut c_void = null_mut();
    unsafe {
        checkCudaErrors!(cusparseSpMV_bufferSize(
            cusparse_handle,
            CUSPARSE_OPERATION_NON_TRANSPOSE,
            from_ref(&alpha).cast(),
            matA,
            vecx,
            from_ref(&beta).cast(),
            vecAx,
            CUDA_R_32F,
            CUSPARSE_SPMV_ALG_DEFAULT,
            &mut buffer_size
        ));
        checkCudaErrors!(cudaMalloc(&mut buffer, buffer_size));

        // Begin CG: Ax = A x0, then r = b - A x0 and r1 = r.r.
        checkCudaErrors!(cusparseSpMV(
            cusparse_handle,
            CUSPARSE_OPERATION_NON_TRANSPOSE,
            from_ref(&alpha).cast(),
            matA,
            vecx,
            from_ref(&beta).cast(),
            vecAx,
            CUDA_R_32F,
            CUSPARSE_SPMV_ALG_DEFAULT,
            buffer
        ));

        checkCudaErrors!(cublasSaxpy(cublas_handle, N, &alpham1, d_Ax, 1, d_r, 1));
        // The default pointer mode is the host's: the dot product lands in r1 when the call
        // returns.
        checkCudaErrors!(cublasSdot(cublas_handle, N, d_r, 1, d_r, 1, &mut r1));
    }
    // ANCHOR_END: spmv

    // ANCHOR: cg
    let mut k = 1;

    while r1 > tol * tol && k <= max_iter {
        unsafe {
            if k > 1 {
                // p = r + (r1 / r0) p: the next direction, A-orthogonal to the last.
                let b = r1 / r0;
                checkCudaErrors!(cublasSscal(cublas_handle, N, &b, d_p, 1));
                checkCudaErrors!(cublasSaxpy(cublas_handle, N, &alpha, d_r, 1, d_p, 1));
            } else {
                checkCudaErrors!(cublasScopy(cublas_handle, N, d_r, 1, d_p, 1));
            }

            // Ax = A p (vecp and vecAx wrap d_p and d_Ax), then the step a = r.r / p.Ap.
            checkCudaErrors!(cusparseSpMV(
                cusparse_handle,
                CUSPARSE_OPERATION_NON_TRANSPOSE,
                from_ref(&alpha).cast(),
                matA,
                vecp,
                from_ref(&beta).cast(),
                vecAx,
                CUDA_R_32F,
                CUSPARSE_SPMV_ALG_DEFAULT,
                buffer
            ));
            checkCudaErrors!(cublasSdot(cublas_handle, N, d_p, 1, d_Ax, 1, &mut dot));
            let a = r1 / dot;

            // x += a p, r -= a A p.
            checkCudaErrors!(cublasSaxpy(cublas_handle, N, &a, d_p, 1, d_x, 1));
            let na = -a;
            checkCudaErrors!(cublasSaxpy(cublas_handle, N, &na, d_Ax, 1, d_r, 1));

            r0 = r1;
            checkCudaErrors!(cublasSdot(cublas_handle, N, d_r, 1, d_r, 1, &mut r1));
            checkCudaErrors!(cudaDeviceSynchronize());
            // C++'s sqrt of a float is <cmath>'s float overload: the root is rounded to a float
            // before printf's %e widens it.
            printf!("iteration = %3d, residual = %e\n", k, r1.sqrt());
        }
        k += 1;
    }
    // ANCHOR_END: cg

    // ANCHOR: check
    unsafe { checkCudaErrors!(cudaMemcpy(x.as_mut_ptr(), d_x, N * sizeof::<f32>(), cudaMemcpyDeviceToHost)) };

    // The largest |(A x)_i - b_i|, with the host's own product over the CSR arrays.
    let mut err: f32 = 0.0;

    for i in 0..N as usize {
        let mut rsum: f32 = 0.0;

        for j in I[i] as usize..I[i + 1] as usize {
            rsum += val[j] * x[J[j] as usize];
        }

        let diff = (rsum - rhs[i]).abs();

        if diff > err {
            err = diff;
        }
    }
    // ANCHOR_END: check

    unsafe {
        if !buffer.is_null() {
            checkCudaErrors!(cudaFree(buffer));
        }

        // The descriptors outlive the handle: they belong to no handle.
        checkCudaErrors!(cusparseDestroy(cusparse_handle));
        checkCudaErrors!(cublasDestroy(cublas_handle));
        if !matA.is_null() {
            checkCudaErrors!(cusparseDestroySpMat(matA));
        }
        if !vecx.is_null() {
            checkCudaErrors!(cusparseDestroyDnVec(vecx));
        }
        if !vecAx.is_null() {
            checkCudaErrors!(cusparseDestroyDnVec(vecAx));
        }
        if !vecp.is_null() {
            checkCudaErrors!(cusparseDestroyDnVec(vecp));
        }

        drop((I, J, val, x, rhs));
        checkCudaErrors!(cudaFree(d_col));
        checkCudaErrors!(cudaFree(d_row));
        checkCudaErrors!(cudaFree(d_val));
        checkCudaErrors!(cudaFree(d_x));
        checkCudaErrors!(cudaFree(d_r));
        checkCudaErrors!(cudaFree(d_p));
        checkCudaErrors!(cudaFree(d_Ax));

        printf!("Test Summary:  Error amount = %f\n", err);
    }
    std::process::exit(if k <= max_iter { 0 } else { 1 });
}
