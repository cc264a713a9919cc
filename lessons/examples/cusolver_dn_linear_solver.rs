//! NVIDIA's cuSolverDn_LinearSolver sample (C++, cuSOLVER's dense API), ported line by line:
//! a sparse matrix read from a Matrix Market file (`gr_900_900_crg.mtx`, found as the sample
//! finds it, or `-file=`), made dense, and `A*x = b` (`b` all ones) solved on the GPU by
//! Cholesky (`cusolverDnDpotrf`, `potrs`), LU with partial pivoting (`getrf`, `getrs`) or QR
//! (`geqrf`, `ormqr`, then cuBLAS's `trsm`), chosen by `-R=chol|lu|qr`; the residual `b - A*x`
//! is computed with cuBLAS's `dgemm` and reported as `|b - A*x|/(|A|*|x|)`, with the solver's
//! time. The reader is ours (`lessons::mmio`), giving the CSR NVIDIA's `mmio_wrapper.cpp` gives.
//! Run: `cargo run --example cusolver_dn_linear_solver` inside NVIDIA's sample folder (or with
//! `.samples/` collected, see lessons/cpp-samples/collect.sh), `-R=lu`, `-R=qr`,
//! `-file=<file.mtx>`, `-lda=<int>`.

use std::path::Path;

use cublas_sys::*;
use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use cusolver_sys::*;
use lessons::helper_cusolver::{mat_norminf, second, vec_norminf, TestOpts};
use lessons::mmio::load_mm_sparse_matrix;
use lessons::samples::{
    check_cmd_line_flag, find_cuda_device, get_cmd_line_argument_int, get_cmd_line_argument_string,
    sdk_find_file_path,
};

fn usage_dn() -> ! {
    println!("<options>");
    println!("-h          : display this help");
    println!("-R=<name>    : choose a linear solver");
    println!("              chol (cholesky factorization), this is default");
    println!("              qr   (QR factorization)");
    println!("              lu   (LU factorization)");
    println!("-lda=<int> : leading dimension of A , m by default");
    println!("-file=<filename>: filename containing a matrix in MM format");
    println!("-device=<device_id> : <device_id> if want to run on specific GPU");

    std::process::exit(0);
}

// ANCHOR: chol
/// Solves `A*x = b` by Cholesky factorization; `acopy` and `b` stay as they are (device).
unsafe fn linear_solver_chol(
    handle: cusolverDnHandle_t,
    n: i32,
    acopy: *const f64,
    lda: i32,
    b: *const f64,
    x: *mut f64,
) -> i32 {
    let mut buffer_size = 0;
    let mut info: *mut i32 = std::ptr::null_mut();
    let mut buffer: *mut f64 = std::ptr::null_mut();
    let mut a: *mut f64 = std::ptr::null_mut();
    let mut h_info = 0;
    let uplo = CUBLAS_FILL_MODE_LOWER;

    unsafe {
        checkCudaErrors!(cusolverDnDpotrf_bufferSize(
            handle,
            uplo,
            n,
            acopy.cast_mut(),
            lda,
            &mut buffer_size
        ));

        checkCudaErrors!(cudaMalloc(&mut info, sizeof::<i32>()));
        checkCudaErrors!(cudaMalloc(&mut buffer, sizeof::<f64>() * buffer_size));
        checkCudaErrors!(cudaMalloc(&mut a, sizeof::<f64>() * (lda * n)));

        // A copy of A: potrf overwrites A with L.
        checkCudaErrors!(cudaMemcpy(a, acopy, sizeof::<f64>() * (lda * n), cudaMemcpyDeviceToDevice));
        checkCudaErrors!(cudaMemset(info, 0, sizeof::<i32>()));
    }

    let start = second();

    unsafe {
        checkCudaErrors!(cusolverDnDpotrf(handle, uplo, n, a, lda, buffer, buffer_size, info));

        checkCudaErrors!(cudaMemcpy(&mut h_info, info, sizeof::<i32>(), cudaMemcpyDeviceToHost));
    }

    if 0 != h_info {
        eprintln!("Error: Cholesky factorization failed");
    }

    unsafe {
        checkCudaErrors!(cudaMemcpy(x, b, sizeof::<f64>() * n, cudaMemcpyDeviceToDevice));

        checkCudaErrors!(cusolverDnDpotrs(handle, uplo, n, 1, a, lda, x, n, info));

        checkCudaErrors!(cudaDeviceSynchronize());
    }
    let stop = second();

    let time_solve = stop - start;
    unsafe { printf!("timing: cholesky = %10.6f sec\n", time_solve) };

    unsafe {
        if !info.is_null() {
            checkCudaErrors!(cudaFree(info));
        }
        if !buffer.is_null() {
            checkCudaErrors!(cudaFree(buffer));
        }
        if !a.is_null() {
            checkCudaErrors!(cudaFree(a));
        }
    }

    0
}
// ANCHOR_END: chol

/// Solves `A*x = b` by LU with partial pivoting.
unsafe fn linear_solver_lu(
    handle: cusolverDnHandle_t,
    n: i32,
    acopy: *const f64,
    lda: i32,
    b: *const f64,
    x: *mut f64,
) -> i32 {
    let mut buffer_size = 0;
    let mut info: *mut i32 = std::ptr::null_mut();
    let mut buffer: *mut f64 = std::ptr::null_mut();
    let mut a: *mut f64 = std::ptr::null_mut();
    let mut ipiv: *mut i32 = std::ptr::null_mut(); // pivoting sequence
    let mut h_info = 0;

    unsafe {
        checkCudaErrors!(cusolverDnDgetrf_bufferSize(handle, n, n, acopy.cast_mut(), lda, &mut buffer_size));

        checkCudaErrors!(cudaMalloc(&mut info, sizeof::<i32>()));
        checkCudaErrors!(cudaMalloc(&mut buffer, sizeof::<f64>() * buffer_size));
        checkCudaErrors!(cudaMalloc(&mut a, sizeof::<f64>() * (lda * n)));
        checkCudaErrors!(cudaMalloc(&mut ipiv, sizeof::<i32>() * n));

        // A copy of A: getrf overwrites A with L and U.
        checkCudaErrors!(cudaMemcpy(a, acopy, sizeof::<f64>() * (lda * n), cudaMemcpyDeviceToDevice));
        checkCudaErrors!(cudaMemset(info, 0, sizeof::<i32>()));
    }

    let start = second();

    unsafe {
        checkCudaErrors!(cusolverDnDgetrf(handle, n, n, a, lda, buffer, ipiv, info));
        checkCudaErrors!(cudaMemcpy(&mut h_info, info, sizeof::<i32>(), cudaMemcpyDeviceToHost));
    }

    if 0 != h_info {
        eprintln!("Error: LU factorization failed");
    }

    unsafe {
        checkCudaErrors!(cudaMemcpy(x, b, sizeof::<f64>() * n, cudaMemcpyDeviceToDevice));
        checkCudaErrors!(cusolverDnDgetrs(handle, CUBLAS_OP_N, n, 1, a, lda, ipiv, x, n, info));
        checkCudaErrors!(cudaDeviceSynchronize());
    }
    let stop = second();

    let time_solve = stop - start;
    unsafe { printf!("timing: LU = %10.6f sec\n", time_solve) };

    unsafe {
        if !info.is_null() {
            checkCudaErrors!(cudaFree(info));
        }
        if !buffer.is_null() {
            checkCudaErrors!(cudaFree(buffer));
        }
        if !a.is_null() {
            checkCudaErrors!(cudaFree(a));
        }
        if !ipiv.is_null() {
            checkCudaErrors!(cudaFree(ipiv));
        }
    }

    0
}

// ANCHOR: qr
/// Solves `A*x = b` by QR: `A = Q*R`, then `x = R \ (Q^T*b)`.
unsafe fn linear_solver_qr(
    handle: cusolverDnHandle_t,
    n: i32,
    acopy: *const f64,
    lda: i32,
    b: *const f64,
    x: *mut f64,
) -> i32 {
    let mut cublas_handle: cublasHandle_t = std::ptr::null_mut(); // for the triangular solve
    let mut buffer_size_geqrf = 0;
    let mut buffer_size_ormqr = 0;
    let mut info: *mut i32 = std::ptr::null_mut();
    let mut buffer: *mut f64 = std::ptr::null_mut();
    let mut a: *mut f64 = std::ptr::null_mut();
    let mut tau: *mut f64 = std::ptr::null_mut();
    let mut h_info = 0;
    let one = 1.0;

    unsafe {
        checkCudaErrors!(cublasCreate(&mut cublas_handle));

        checkCudaErrors!(cusolverDnDgeqrf_bufferSize(
            handle,
            n,
            n,
            acopy.cast_mut(),
            lda,
            &mut buffer_size_geqrf
        ));
        // (The sample asks with its A still null: the size depends on the dimensions only.)
        checkCudaErrors!(cusolverDnDormqr_bufferSize(
            handle,
            CUBLAS_SIDE_LEFT,
            CUBLAS_OP_T,
            n,
            1,
            n,
            a,
            lda,
            std::ptr::null(),
            x,
            n,
            &mut buffer_size_ormqr
        ));

        printf!("buffer_geqrf = %d, buffer_ormqr = %d \n", buffer_size_geqrf, buffer_size_ormqr);
    }

    let buffer_size =
        if buffer_size_geqrf > buffer_size_ormqr { buffer_size_geqrf } else { buffer_size_ormqr };

    unsafe {
        checkCudaErrors!(cudaMalloc(&mut info, sizeof::<i32>()));
        checkCudaErrors!(cudaMalloc(&mut buffer, sizeof::<f64>() * buffer_size));
        checkCudaErrors!(cudaMalloc(&mut a, sizeof::<f64>() * (lda * n)));
        checkCudaErrors!(cudaMalloc(&mut tau, sizeof::<f64>() * n));

        // A copy of A: geqrf overwrites A with R and the Householder vectors.
        checkCudaErrors!(cudaMemcpy(a, acopy, sizeof::<f64>() * (lda * n), cudaMemcpyDeviceToDevice));

        checkCudaErrors!(cudaMemset(info, 0, sizeof::<i32>()));
    }

    let start = second();

    unsafe {
        // compute QR factorization
        checkCudaErrors!(cusolverDnDgeqrf(handle, n, n, a, lda, tau, buffer, buffer_size, info));

        checkCudaErrors!(cudaMemcpy(&mut h_info, info, sizeof::<i32>(), cudaMemcpyDeviceToHost));
    }

    if 0 != h_info {
        eprintln!("Error: QR factorization failed");
    }

    unsafe {
        checkCudaErrors!(cudaMemcpy(x, b, sizeof::<f64>() * n, cudaMemcpyDeviceToDevice));

        // compute Q^T*b
        checkCudaErrors!(cusolverDnDormqr(
            handle,
            CUBLAS_SIDE_LEFT,
            CUBLAS_OP_T,
            n,
            1,
            n,
            a,
            lda,
            tau,
            x,
            n,
            buffer,
            buffer_size,
            info
        ));

        // x = R \ Q^T*b
        checkCudaErrors!(cublasDtrsm(
            cublas_handle,
            CUBLAS_SIDE_LEFT,
            CUBLAS_FILL_MODE_UPPER,
            CUBLAS_OP_N,
            CUBLAS_DIAG_NON_UNIT,
            n,
            1,
            &one,
            a,
            lda,
            x,
            n
        ));
        checkCudaErrors!(cudaDeviceSynchronize());
    }
    let stop = second();

    let time_solve = stop - start;
    unsafe { printf!("timing: QR = %10.6f sec\n", time_solve) };

    unsafe {
        if !cublas_handle.is_null() {
            checkCudaErrors!(cublasDestroy(cublas_handle));
        }
        if !info.is_null() {
            checkCudaErrors!(cudaFree(info));
        }
        if !buffer.is_null() {
            checkCudaErrors!(cudaFree(buffer));
        }
        if !a.is_null() {
            checkCudaErrors!(cudaFree(a));
        }
        if !tau.is_null() {
            checkCudaErrors!(cudaFree(tau));
        }
    }

    0
}
// ANCHOR_END: qr

fn parse_command_line_arguments(opts: &mut TestOpts) {
    *opts = TestOpts::default();

    if check_cmd_line_flag("-h") {
        usage_dn();
    }

    if check_cmd_line_flag("R") {
        if let Some(solver_type) = get_cmd_line_argument_string("R") {
            if !["chol", "lu", "qr"].iter().any(|s| solver_type.eq_ignore_ascii_case(s)) {
                println!("\nIncorrect argument passed to -R option");
                usage_dn();
            } else {
                opts.test_func = Some(solver_type);
            }
        }
    }

    if check_cmd_line_flag("file") {
        match get_cmd_line_argument_string("file") {
            Some(file_name) => opts.sparse_mat_filename = Some(file_name),
            None => {
                print!("\nIncorrect filename passed to -file \n ");
                usage_dn();
            }
        }
    }

    if check_cmd_line_flag("lda") {
        opts.lda = get_cmd_line_argument_int("lda");
    }
}

fn main() {
    let mut opts = TestOpts::default();
    let mut handle: cusolverDnHandle_t = std::ptr::null_mut();
    let mut cublas_handle: cublasHandle_t = std::ptr::null_mut(); // used in residual evaluation
    let mut stream: cudaStream_t = std::ptr::null_mut();

    let mut d_a: *mut f64 = std::ptr::null_mut(); // a copy of h_A
    let mut d_x: *mut f64 = std::ptr::null_mut(); // x = A \ b
    let mut d_b: *mut f64 = std::ptr::null_mut(); // a copy of h_b
    let mut d_r: *mut f64 = std::ptr::null_mut(); // r = b - A*x

    // The constants of the residual, r = b - A*x.
    let minus_one = -1.0;
    let one = 1.0;

    parse_command_line_arguments(&mut opts);

    // Cholesky when no solver is chosen with -R.
    let test_func = opts.test_func.clone().unwrap_or_else(|| "chol".to_string());

    find_cuda_device();

    println!("step 1: read matrix market format");

    if opts.sparse_mat_filename.is_none() {
        opts.sparse_mat_filename = sdk_find_file_path("gr_900_900_crg.mtx", "cuSolverDn_LinearSolver");
        match &opts.sparse_mat_filename {
            Some(file) => println!("Using default input file [{file}]"),
            None => println!("Could not find gr_900_900_crg.mtx"),
        }
    } else {
        println!("Using input file [{}]", opts.sparse_mat_filename.as_deref().unwrap_or_default());
    }

    let Some(file) = opts.sparse_mat_filename.as_deref() else {
        eprintln!(
            "Error: input matrix is not provided: run inside NVIDIA's cuSolverDn_LinearSolver folder \
             (bash lessons/cpp-samples/collect.sh copies it into .samples/) or give -file=<file.mtx>"
        );
        std::process::exit(1);
    };

    // CSR(A) from the file, symmetric files made whole.
    let csr = match load_mm_sparse_matrix(Path::new(file), true) {
        Ok(csr) => csr,
        Err(e) => {
            eprintln!("Error: {e}");
            std::process::exit(1);
        }
    };
    let (rows_a, cols_a, nnz_a) = (csr.m, csr.n, csr.nnz);
    let base_a = csr.row_ptr[0]; // 0 or 1

    println!("sparse matrix A is {rows_a} x {cols_a} with {nnz_a} nonzeros, base={base_a}");

    if rows_a != cols_a {
        eprintln!("Error: only support square matrix");
        std::process::exit(1);
    }

    println!("step 2: convert CSR(A) to dense matrix");

    let lda = if opts.lda != 0 { opts.lda } else { rows_a };
    if lda < rows_a {
        eprintln!("Error: lda must be greater or equal to dimension of A");
        std::process::exit(1);
    }

    let mut h_a = vec![0.0f64; lda as usize * cols_a as usize]; // dense A, column-major
    let mut h_x = vec![0.0f64; cols_a as usize]; // a copy of d_x
    let mut h_b = vec![0.0f64; rows_a as usize]; // b = ones(m,1)
    let mut h_r = vec![0.0f64; rows_a as usize]; // r = b - A*x, a copy of d_r

    for row in 0..rows_a as usize {
        let start = (csr.row_ptr[row] - base_a) as usize;
        let end = (csr.row_ptr[row + 1] - base_a) as usize;
        for colidx in start..end {
            let col = (csr.col_ind[colidx] - base_a) as usize;
            let areg = csr.val[colidx];
            h_a[row + col * lda as usize] = areg;
        }
    }

    println!("step 3: set right hand side vector (b) to 1");
    for b in h_b.iter_mut() {
        *b = 1.0;
    }

    // Cholesky needs A symmetric.
    if test_func == "chol" {
        let mut issym = true;
        'columns: for j in 0..cols_a as usize {
            for i in j..rows_a as usize {
                let aij = h_a[i + j * lda as usize];
                let aji = h_a[j + i * lda as usize];
                if aij != aji {
                    issym = false;
                    break 'columns;
                }
            }
        }
        if !issym {
            println!("Error: A has no symmetric pattern, please use LU or QR ");
            std::process::exit(1);
        }
    }

    let elems_a = lda * cols_a;
    unsafe {
        checkCudaErrors!(cusolverDnCreate(&mut handle));
        checkCudaErrors!(cublasCreate(&mut cublas_handle));
        checkCudaErrors!(cudaStreamCreate(&mut stream));

        checkCudaErrors!(cusolverDnSetStream(handle, stream));
        checkCudaErrors!(cublasSetStream(cublas_handle, stream));

        checkCudaErrors!(cudaMalloc(&mut d_a, sizeof::<f64>() * elems_a));
        checkCudaErrors!(cudaMalloc(&mut d_x, sizeof::<f64>() * cols_a));
        checkCudaErrors!(cudaMalloc(&mut d_b, sizeof::<f64>() * rows_a));
        checkCudaErrors!(cudaMalloc(&mut d_r, sizeof::<f64>() * rows_a));
    }

    println!("step 4: prepare data on device");
    unsafe {
        checkCudaErrors!(cudaMemcpy(d_a, h_a.as_slice(), sizeof::<f64>() * elems_a, cudaMemcpyHostToDevice));
        checkCudaErrors!(cudaMemcpy(d_b, h_b.as_slice(), sizeof::<f64>() * rows_a, cudaMemcpyHostToDevice));
    }

    println!("step 5: solve A*x = b ");
    // d_A and d_b are read-only
    unsafe {
        match test_func.as_str() {
            "chol" => linear_solver_chol(handle, rows_a, d_a, lda, d_b, d_x),
            "lu" => linear_solver_lu(handle, rows_a, d_a, lda, d_b, d_x),
            "qr" => linear_solver_qr(handle, rows_a, d_a, lda, d_b, d_x),
            _ => {
                eprintln!("Error: {test_func} is unknown function");
                std::process::exit(1);
            }
        };
    }
    // ANCHOR: residual
    println!("step 6: evaluate residual");
    unsafe {
        checkCudaErrors!(cudaMemcpy(d_r, d_b, sizeof::<f64>() * rows_a, cudaMemcpyDeviceToDevice));

        // r = b - A*x
        checkCudaErrors!(cublasDgemm_v2(
            cublas_handle,
            CUBLAS_OP_N,
            CUBLAS_OP_N,
            rows_a,
            1,
            cols_a,
            &minus_one,
            d_a,
            lda,
            d_x,
            rows_a,
            &one,
            d_r,
            rows_a
        ));

        checkCudaErrors!(cudaMemcpy(
            h_x.as_mut_slice(),
            d_x,
            sizeof::<f64>() * cols_a,
            cudaMemcpyDeviceToHost
        ));
        checkCudaErrors!(cudaMemcpy(
            h_r.as_mut_slice(),
            d_r,
            sizeof::<f64>() * rows_a,
            cudaMemcpyDeviceToHost
        ));
    }

    let x_inf = vec_norminf(&h_x);
    let r_inf = vec_norminf(&h_r);
    let a_inf = mat_norminf(rows_a, cols_a, &h_a, lda);

    unsafe {
        printf!("|b - A*x| = %E \n", r_inf);
        printf!("|A| = %E \n", a_inf);
        printf!("|x| = %E \n", x_inf);
        printf!("|b - A*x|/(|A|*|x|) = %E \n", r_inf / (a_inf * x_inf));
    }
    // ANCHOR_END: residual

    unsafe {
        if !handle.is_null() {
            checkCudaErrors!(cusolverDnDestroy(handle));
        }
        if !cublas_handle.is_null() {
            checkCudaErrors!(cublasDestroy(cublas_handle));
        }
        if !stream.is_null() {
            checkCudaErrors!(cudaStreamDestroy(stream));
        }

        // (The host arrays are Vecs, freed when main ends.)

        if !d_a.is_null() {
            checkCudaErrors!(cudaFree(d_a));
        }
        if !d_x.is_null() {
            checkCudaErrors!(cudaFree(d_x));
        }
        if !d_b.is_null() {
            checkCudaErrors!(cudaFree(d_b));
        }
        if !d_r.is_null() {
            checkCudaErrors!(cudaFree(d_r));
        }
    }
}
