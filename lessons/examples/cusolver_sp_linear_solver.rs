//! NVIDIA's cuSolverSp_LinearSolver sample (C++, cuSOLVER's sparse API), ported line by line:
//! a sparse matrix read from a Matrix Market file (`lap2D_5pt_n100.mtx`, found as the sample
//! finds it, or `-file=`), optionally reordered to reduce fill-in (`-P=symrcm|symamd|metis`:
//! `Q`, then `B = A(Q,Q)` by `cusolverSpXcsrpermHost`), and `A*x = b` solved with
//! `cusolverSpDcsrlsv{chol,lu,qr}` (`-R=`), first on the CPU (`...Host`), then on the GPU
//! (Cholesky and QR only); each residual `b - A*x` is computed with cuSPARSE's generic `SpMV`
//! and reported as `|b - A*x|/(|A|*|x| + |b|)`, with both times and the last ten elements of
//! `x`. The reader is ours (`lessons::mmio`), giving the CSR NVIDIA's `mmio_wrapper.cpp` gives.
//! Run: `cargo run --example cusolver_sp_linear_solver` inside NVIDIA's sample folder (or with
//! `.samples/` collected, see lessons/cpp-samples/collect.sh), `-R=qr`, `-P=symrcm`,
//! `-file=<file.mtx>`.

use std::ffi::c_void;
use std::path::Path;

use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use cusolver_sys::*;
use cusparse_sys::*;
use lessons::helper_cusolver::{csr_mat_norminf, second, vec_norminf, TestOpts};
use lessons::mmio::load_mm_sparse_matrix;
use lessons::samples::{
    check_cmd_line_flag, find_cuda_device, get_cmd_line_argument_string, sdk_find_file_path,
};

fn usage_sp() -> ! {
    println!("<options>");
    println!("-h          : display this help");
    println!("-R=<name>   : choose a linear solver");
    println!("              chol (cholesky factorization), this is default");
    println!("              qr   (QR factorization)");
    println!("              lu   (LU factorization)");
    println!("-P=<name>    : choose a reordering");
    println!("              symrcm (Reverse Cuthill-McKee)");
    println!("              symamd (Approximate Minimum Degree)");
    println!("              metis  (nested dissection)");
    println!("-file=<filename> : filename containing a matrix in MM format");
    println!("-device=<device_id> : <device_id> if want to run on specific GPU");

    std::process::exit(0);
}

fn parse_command_line_arguments(opts: &mut TestOpts) {
    *opts = TestOpts::default();

    if check_cmd_line_flag("-h") {
        usage_sp();
    }

    if check_cmd_line_flag("R") {
        if let Some(solver_type) = get_cmd_line_argument_string("R") {
            if !["chol", "lu", "qr"].iter().any(|s| solver_type.eq_ignore_ascii_case(s)) {
                println!("\nIncorrect argument passed to -R option");
                usage_sp();
            } else {
                opts.test_func = Some(solver_type);
            }
        }
    }

    if check_cmd_line_flag("P") {
        if let Some(reorder_type) = get_cmd_line_argument_string("P") {
            if !["symrcm", "symamd", "metis"].iter().any(|s| reorder_type.eq_ignore_ascii_case(s)) {
                println!("\nIncorrect argument passed to -P option");
                usage_sp();
            } else {
                opts.reorder = Some(reorder_type);
            }
        }
    }

    if check_cmd_line_flag("file") {
        match get_cmd_line_argument_string("file") {
            Some(file_name) => opts.sparse_mat_filename = Some(file_name),
            None => {
                print!("\nIncorrect filename passed to -file \n ");
                usage_sp();
            }
        }
    }
}

fn main() {
    let mut opts = TestOpts::default();
    let mut handle: cusolverSpHandle_t = std::ptr::null_mut();
    let mut cusparse_handle: cusparseHandle_t = std::ptr::null_mut(); // used in residual evaluation
    let mut stream: cudaStream_t = std::ptr::null_mut();
    let mut descr_a: cusparseMatDescr_t = std::ptr::null_mut();

    let mut size_perm: usize = 0;

    // device copy of A: used in residual evaluation
    let mut d_csr_row_ptr_a: *mut i32 = std::ptr::null_mut();
    let mut d_csr_col_ind_a: *mut i32 = std::ptr::null_mut();
    let mut d_csr_val_a: *mut f64 = std::ptr::null_mut();

    // device copy of B: used in B*z = Q*b
    let mut d_csr_row_ptr_b: *mut i32 = std::ptr::null_mut();
    let mut d_csr_col_ind_b: *mut i32 = std::ptr::null_mut();
    let mut d_csr_val_b: *mut f64 = std::ptr::null_mut();

    let mut d_q: *mut i32 = std::ptr::null_mut(); // device copy of h_Q
    let mut d_z: *mut f64 = std::ptr::null_mut(); // z = B \ Q*b
    let mut d_x: *mut f64 = std::ptr::null_mut(); // x = A \ b
    let mut d_b: *mut f64 = std::ptr::null_mut(); // a copy of h_b
    let mut d_qb: *mut f64 = std::ptr::null_mut(); // a copy of h_Qb
    let mut d_r: *mut f64 = std::ptr::null_mut(); // r = b - A*x

    let tol = 1.0e-12;
    let reorder = 0; // no reordering inside the solver
    let mut singularity = 0; // -1 if A is invertible under tol

    // The constants of the residual, r = b - A*x.
    let minus_one = -1.0f64;
    let one = 1.0f64;

    let mut issym = 0;

    parse_command_line_arguments(&mut opts);

    // Cholesky when no solver is chosen with -R.
    let test_func = opts.test_func.clone().unwrap_or_else(|| "chol".to_string());

    find_cuda_device();

    if opts.sparse_mat_filename.is_none() {
        opts.sparse_mat_filename = sdk_find_file_path("lap2D_5pt_n100.mtx", "cuSolverSp_LinearSolver");
        match &opts.sparse_mat_filename {
            Some(file) => println!("Using default input file [{file}]"),
            None => println!("Could not find lap2D_5pt_n100.mtx"),
        }
    } else {
        println!("Using input file [{}]", opts.sparse_mat_filename.as_deref().unwrap_or_default());
    }

    println!("step 1: read matrix market format");

    let Some(file) = opts.sparse_mat_filename.as_deref() else {
        eprintln!(
            "Error: input matrix is not provided: run inside NVIDIA's cuSolverSp_LinearSolver folder \
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
    let (h_csr_row_ptr_a, h_csr_col_ind_a, h_csr_val_a) = (csr.row_ptr, csr.col_ind, csr.val);
    let base_a = h_csr_row_ptr_a[0]; // 0 or 1
    println!("sparse matrix A is {rows_a} x {cols_a} with {nnz_a} nonzeros, base={base_a}");

    if rows_a != cols_a {
        eprintln!("Error: only support square matrix");
        std::process::exit(1);
    }

    unsafe {
        checkCudaErrors!(cusolverSpCreate(&mut handle));
        checkCudaErrors!(cusparseCreate(&mut cusparse_handle));

        checkCudaErrors!(cudaStreamCreate(&mut stream));
        // bind the stream to cuSPARSE and cuSOLVER
        checkCudaErrors!(cusolverSpSetStream(handle, stream));
        checkCudaErrors!(cusparseSetStream(cusparse_handle, stream));

        // A's descriptor: a general matrix in the file's base
        checkCudaErrors!(cusparseCreateMatDescr(&mut descr_a));
        checkCudaErrors!(cusparseSetMatType(descr_a, CUSPARSE_MATRIX_TYPE_GENERAL));
        if base_a != 0 {
            checkCudaErrors!(cusparseSetMatIndexBase(descr_a, CUSPARSE_INDEX_BASE_ONE));
        } else {
            checkCudaErrors!(cusparseSetMatIndexBase(descr_a, CUSPARSE_INDEX_BASE_ZERO));
        }
    }

    let (rows, cols, nnz) = (rows_a as usize, cols_a as usize, nnz_a as usize);
    let mut h_z = vec![0.0f64; cols]; // z = B \ (Q*b)
    let mut h_x = vec![0.0f64; cols]; // x = A \ b
    let mut h_b = vec![0.0f64; rows]; // b = ones(n,1)
    let mut h_qb = vec![0.0f64; rows]; // Q*b
    let mut h_r = vec![0.0f64; rows]; // r = b - A*x

    // Q: a reordering that reduces zero fill-in (symrcm(A) or symamd(A)); B = Q*A*Q' (A(Q,Q))
    let mut h_q = vec![0i32; cols];
    let mut h_csr_row_ptr_b = vec![0i32; rows + 1];
    let mut h_csr_col_ind_b = vec![0i32; nnz];
    let mut h_csr_val_b = vec![0.0f64; nnz];
    let mut h_map_b_from_a = vec![0i32; nnz];

    unsafe {
        checkCudaErrors!(cudaMalloc(&mut d_csr_row_ptr_a, sizeof::<i32>() * (rows_a + 1)));
        checkCudaErrors!(cudaMalloc(&mut d_csr_col_ind_a, sizeof::<i32>() * nnz_a));
        checkCudaErrors!(cudaMalloc(&mut d_csr_val_a, sizeof::<f64>() * nnz_a));
        checkCudaErrors!(cudaMalloc(&mut d_csr_row_ptr_b, sizeof::<i32>() * (rows_a + 1)));
        checkCudaErrors!(cudaMalloc(&mut d_csr_col_ind_b, sizeof::<i32>() * nnz_a));
        checkCudaErrors!(cudaMalloc(&mut d_csr_val_b, sizeof::<f64>() * nnz_a));
        checkCudaErrors!(cudaMalloc(&mut d_q, sizeof::<i32>() * cols_a));
        checkCudaErrors!(cudaMalloc(&mut d_z, sizeof::<f64>() * cols_a));
        checkCudaErrors!(cudaMalloc(&mut d_x, sizeof::<f64>() * cols_a));
        checkCudaErrors!(cudaMalloc(&mut d_b, sizeof::<f64>() * rows_a));
        checkCudaErrors!(cudaMalloc(&mut d_qb, sizeof::<f64>() * rows_a));
        checkCudaErrors!(cudaMalloc(&mut d_r, sizeof::<f64>() * rows_a));

        // Does A have a symmetric pattern?
        checkCudaErrors!(cusolverSpXcsrissymHost(
            handle,
            rows_a,
            nnz_a,
            descr_a,
            h_csr_row_ptr_a.as_ptr(),
            h_csr_row_ptr_a[1..].as_ptr(),
            h_csr_col_ind_a.as_ptr(),
            &mut issym
        ));
    }

    if test_func == "chol" && issym == 0 {
        println!("Error: A has no symmetric pattern, please use LU or QR ");
        std::process::exit(1);
    }

    println!("step 2: reorder the matrix A to minimize zero fill-in");
    println!("        if the user choose a reordering by -P=symrcm, -P=symamd or -P=metis");

    // ANCHOR: reorder
    if let Some(reorder_type) = opts.reorder.as_deref() {
        let (row_ptr, col_ind, q) = (h_csr_row_ptr_a.as_ptr(), h_csr_col_ind_a.as_ptr(), h_q.as_mut_ptr());
        unsafe {
            match reorder_type {
                "symrcm" => {
                    println!("step 2.1: Q = symrcm(A) ");
                    checkCudaErrors!(cusolverSpXcsrsymrcmHost(
                        handle, rows_a, nnz_a, descr_a, row_ptr, col_ind, q
                    ));
                }
                "symamd" => {
                    println!("step 2.1: Q = symamd(A) ");
                    checkCudaErrors!(cusolverSpXcsrsymamdHost(
                        handle, rows_a, nnz_a, descr_a, row_ptr, col_ind, q
                    ));
                }
                "metis" => {
                    println!("step 2.1: Q = metis(A) ");
                    checkCudaErrors!(cusolverSpXcsrmetisndHost(
                        handle,
                        rows_a,
                        nnz_a,
                        descr_a,
                        row_ptr,
                        col_ind,
                        std::ptr::null(), // default setting
                        q
                    ));
                }
                _ => {
                    eprintln!("Error: {reorder_type} is unknown reordering");
                    std::process::exit(1);
                }
            }
        }
    } else {
        println!("step 2.1: no reordering is chosen, Q = 0:n-1 ");
        for (j, q) in h_q.iter_mut().enumerate() {
            *q = j as i32;
        }
    }

    println!("step 2.2: B = A(Q,Q) ");

    h_csr_row_ptr_b.copy_from_slice(&h_csr_row_ptr_a);
    h_csr_col_ind_b.copy_from_slice(&h_csr_col_ind_a);

    unsafe {
        checkCudaErrors!(cusolverSpXcsrperm_bufferSizeHost(
            handle,
            rows_a,
            cols_a,
            nnz_a,
            descr_a,
            h_csr_row_ptr_b.as_ptr(),
            h_csr_col_ind_b.as_ptr(),
            h_q.as_ptr(),
            h_q.as_ptr(),
            &mut size_perm
        ));
    }

    // working space for the permutation B = Q*A*Q^T
    let mut buffer_cpu = vec![0u8; size_perm];

    // h_mapBfromA = identity
    for (j, map) in h_map_b_from_a.iter_mut().enumerate() {
        *map = j as i32;
    }
    unsafe {
        checkCudaErrors!(cusolverSpXcsrpermHost(
            handle,
            rows_a,
            cols_a,
            nnz_a,
            descr_a,
            h_csr_row_ptr_b.as_mut_ptr(),
            h_csr_col_ind_b.as_mut_ptr(),
            h_q.as_ptr(),
            h_q.as_ptr(),
            h_map_b_from_a.as_mut_ptr(),
            buffer_cpu.as_mut_ptr().cast()
        ));
    }

    // B = A(mapBfromA)
    for j in 0..nnz {
        h_csr_val_b[j] = h_csr_val_a[h_map_b_from_a[j] as usize];
    }
    // ANCHOR_END: reorder

    println!("step 3: b(j) = 1 + j/n ");
    for (row, b) in h_b.iter_mut().enumerate() {
        *b = 1.0 + (row as f64) / f64::from(rows_a);
    }

    // h_Qb = b(Q)
    for row in 0..rows {
        h_qb[row] = h_b[h_q[row] as usize];
    }

    println!("step 4: prepare data on device");
    unsafe {
        let h2d = cudaMemcpyHostToDevice;
        checkCudaErrors!(cudaMemcpyAsync!(
            d_csr_row_ptr_a,
            h_csr_row_ptr_a.as_slice(),
            sizeof::<i32>() * (rows_a + 1),
            h2d,
            stream
        ));
        checkCudaErrors!(cudaMemcpyAsync!(
            d_csr_col_ind_a,
            h_csr_col_ind_a.as_slice(),
            sizeof::<i32>() * nnz_a,
            h2d,
            stream
        ));
        checkCudaErrors!(cudaMemcpyAsync!(
            d_csr_val_a,
            h_csr_val_a.as_slice(),
            sizeof::<f64>() * nnz_a,
            h2d,
            stream
        ));
        checkCudaErrors!(cudaMemcpyAsync!(
            d_csr_row_ptr_b,
            h_csr_row_ptr_b.as_slice(),
            sizeof::<i32>() * (rows_a + 1),
            h2d,
            stream
        ));
        checkCudaErrors!(cudaMemcpyAsync!(
            d_csr_col_ind_b,
            h_csr_col_ind_b.as_slice(),
            sizeof::<i32>() * nnz_a,
            h2d,
            stream
        ));
        checkCudaErrors!(cudaMemcpyAsync!(
            d_csr_val_b,
            h_csr_val_b.as_slice(),
            sizeof::<f64>() * nnz_a,
            h2d,
            stream
        ));
        checkCudaErrors!(cudaMemcpyAsync!(d_b, h_b.as_slice(), sizeof::<f64>() * rows_a, h2d, stream));
        checkCudaErrors!(cudaMemcpyAsync!(d_qb, h_qb.as_slice(), sizeof::<f64>() * rows_a, h2d, stream));
        checkCudaErrors!(cudaMemcpyAsync!(d_q, h_q.as_slice(), sizeof::<i32>() * rows_a, h2d, stream));
    }

    println!("step 5: solve A*x = b on CPU ");
    let mut start = second();

    // solve B*z = Q*b
    let (val_b, row_ptr_b, col_ind_b) =
        (h_csr_val_b.as_ptr(), h_csr_row_ptr_b.as_ptr(), h_csr_col_ind_b.as_ptr());
    unsafe {
        match test_func.as_str() {
            "chol" => checkCudaErrors!(cusolverSpDcsrlsvcholHost(
                handle,
                rows_a,
                nnz_a,
                descr_a,
                val_b,
                row_ptr_b,
                col_ind_b,
                h_qb.as_ptr(),
                tol,
                reorder,
                h_z.as_mut_ptr(),
                &mut singularity
            )),
            "lu" => checkCudaErrors!(cusolverSpDcsrlsvluHost(
                handle,
                rows_a,
                nnz_a,
                descr_a,
                val_b,
                row_ptr_b,
                col_ind_b,
                h_qb.as_ptr(),
                tol,
                reorder,
                h_z.as_mut_ptr(),
                &mut singularity
            )),
            "qr" => checkCudaErrors!(cusolverSpDcsrlsvqrHost(
                handle,
                rows_a,
                nnz_a,
                descr_a,
                val_b,
                row_ptr_b,
                col_ind_b,
                h_qb.as_ptr(),
                tol,
                reorder,
                h_z.as_mut_ptr(),
                &mut singularity
            )),
            _ => {
                eprintln!("Error: {test_func} is unknown function");
                std::process::exit(1);
            }
        }
    }

    // Q*x = z
    for row in 0..rows {
        h_x[h_q[row] as usize] = h_z[row];
    }

    if 0 <= singularity {
        unsafe { printf!("WARNING: the matrix is singular at row %d under tol (%E)\n", singularity, tol) };
    }

    let mut stop = second();
    let time_solve_cpu = stop - start;

    // ANCHOR: residual
    println!("step 6: evaluate residual r = b - A*x (result on CPU)");
    let mut mat_a: cusparseSpMatDescr_t = std::ptr::null_mut();
    let mut vecx: cusparseDnVecDescr_t = std::ptr::null_mut();
    let mut vec_ax: cusparseDnVecDescr_t = std::ptr::null_mut();
    let mut buffer_size: usize = 0;
    let mut buffer: *mut c_void = std::ptr::null_mut();
    unsafe {
        checkCudaErrors!(cudaMemcpyAsync!(
            d_r,
            d_b,
            sizeof::<f64>() * rows_a,
            cudaMemcpyDeviceToDevice,
            stream
        ));
        checkCudaErrors!(cudaMemcpyAsync!(
            d_x,
            h_x.as_slice(),
            sizeof::<f64>() * cols_a,
            cudaMemcpyHostToDevice,
            stream
        ));

        // The raw arrays wrapped in cuSPARSE's generic API objects.
        let base = if base_a != 0 { CUSPARSE_INDEX_BASE_ONE } else { CUSPARSE_INDEX_BASE_ZERO };
        checkCudaErrors!(cusparseCreateCsr(
            &mut mat_a,
            rows_a.into(),
            cols_a.into(),
            nnz_a.into(),
            d_csr_row_ptr_a.cast(),
            d_csr_col_ind_a.cast(),
            d_csr_val_a.cast(),
            CUSPARSE_INDEX_32I,
            CUSPARSE_INDEX_32I,
            base,
            CUDA_R_64F
        ));

        checkCudaErrors!(cusparseCreateDnVec(&mut vecx, cols_a.into(), d_x.cast(), CUDA_R_64F));
        checkCudaErrors!(cusparseCreateDnVec(&mut vec_ax, rows_a.into(), d_r.cast(), CUDA_R_64F));

        // cuSPARSE's workspace
        checkCudaErrors!(cusparseSpMV_bufferSize(
            cusparse_handle,
            CUSPARSE_OPERATION_NON_TRANSPOSE,
            (&minus_one as *const f64).cast(),
            mat_a,
            vecx,
            (&one as *const f64).cast(),
            vec_ax,
            CUDA_R_64F,
            CUSPARSE_SPMV_ALG_DEFAULT,
            &mut buffer_size
        ));
        checkCudaErrors!(cudaMalloc(&mut buffer, buffer_size));

        checkCudaErrors!(cusparseSpMV(
            cusparse_handle,
            CUSPARSE_OPERATION_NON_TRANSPOSE,
            (&minus_one as *const f64).cast(),
            mat_a,
            vecx,
            (&one as *const f64).cast(),
            vec_ax,
            CUDA_R_64F,
            CUSPARSE_SPMV_ALG_DEFAULT,
            buffer
        ));

        checkCudaErrors!(cudaMemcpyAsync!(
            h_r.as_mut_slice(),
            d_r,
            sizeof::<f64>() * rows_a,
            cudaMemcpyDeviceToHost,
            stream
        ));
        // wait until h_r is ready
        checkCudaErrors!(cudaDeviceSynchronize());
    }

    let mut b_inf = vec_norminf(&h_b);
    let mut x_inf = vec_norminf(&h_x);
    let mut r_inf = vec_norminf(&h_r);
    let a_inf = unsafe { csr_mat_norminf(rows_a, descr_a, &h_csr_val_a, &h_csr_row_ptr_a) };

    unsafe {
        printf!("(CPU) |b - A*x| = %E \n", r_inf);
        printf!("(CPU) |A| = %E \n", a_inf);
        printf!("(CPU) |x| = %E \n", x_inf);
        printf!("(CPU) |b| = %E \n", b_inf);
        printf!("(CPU) |b - A*x|/(|A|*|x| + |b|) = %E \n", r_inf / (a_inf * x_inf + b_inf));
    }
    // ANCHOR_END: residual

    // ANCHOR: gpu
    println!("step 7: solve A*x = b on GPU");
    start = second();

    // solve B*z = Q*b
    unsafe {
        match test_func.as_str() {
            "chol" => checkCudaErrors!(cusolverSpDcsrlsvchol(
                handle,
                rows_a,
                nnz_a,
                descr_a,
                d_csr_val_b,
                d_csr_row_ptr_b,
                d_csr_col_ind_b,
                d_qb,
                tol,
                reorder,
                d_z,
                &mut singularity
            )),
            "lu" => println!("WARNING: no LU available on GPU "),
            "qr" => checkCudaErrors!(cusolverSpDcsrlsvqr(
                handle,
                rows_a,
                nnz_a,
                descr_a,
                d_csr_val_b,
                d_csr_row_ptr_b,
                d_csr_col_ind_b,
                d_qb,
                tol,
                reorder,
                d_z,
                &mut singularity
            )),
            _ => {
                eprintln!("Error: {test_func} is unknow function");
                std::process::exit(1);
            }
        }
        checkCudaErrors!(cudaDeviceSynchronize());
    }
    if 0 <= singularity {
        unsafe { printf!("WARNING: the matrix is singular at row %d under tol (%E)\n", singularity, tol) };
    }
    // Q*x = z: z scattered into x by the indices Q
    let mut vecz: cusparseSpVecDescr_t = std::ptr::null_mut();
    unsafe {
        checkCudaErrors!(cusparseCreateSpVec(
            &mut vecz,
            cols_a.into(),
            rows_a.into(),
            d_q.cast(),
            d_z.cast(),
            CUSPARSE_INDEX_32I,
            CUSPARSE_INDEX_BASE_ZERO,
            CUDA_R_64F
        ));
        checkCudaErrors!(cusparseScatter(cusparse_handle, vecz, vecx));
        checkCudaErrors!(cusparseDestroySpVec(vecz));

        checkCudaErrors!(cudaDeviceSynchronize());
    }

    stop = second();
    let time_solve_gpu = stop - start;
    // ANCHOR_END: gpu

    println!("step 8: evaluate residual r = b - A*x (result on GPU)");
    unsafe {
        checkCudaErrors!(cudaMemcpyAsync!(
            d_r,
            d_b,
            sizeof::<f64>() * rows_a,
            cudaMemcpyDeviceToDevice,
            stream
        ));

        checkCudaErrors!(cusparseSpMV(
            cusparse_handle,
            CUSPARSE_OPERATION_NON_TRANSPOSE,
            (&minus_one as *const f64).cast(),
            mat_a,
            vecx,
            (&one as *const f64).cast(),
            vec_ax,
            CUDA_R_64F,
            CUSPARSE_SPMV_ALG_DEFAULT,
            buffer
        ));

        checkCudaErrors!(cudaMemcpyAsync!(
            h_x.as_mut_slice(),
            d_x,
            sizeof::<f64>() * cols_a,
            cudaMemcpyDeviceToHost,
            stream
        ));
        checkCudaErrors!(cudaMemcpyAsync!(
            h_r.as_mut_slice(),
            d_r,
            sizeof::<f64>() * rows_a,
            cudaMemcpyDeviceToHost,
            stream
        ));
        // wait until h_x and h_r are ready
        checkCudaErrors!(cudaDeviceSynchronize());
    }

    b_inf = vec_norminf(&h_b);
    x_inf = vec_norminf(&h_x);
    r_inf = vec_norminf(&h_r);

    if test_func != "lu" {
        // only Cholesky and QR have a GPU version
        unsafe {
            printf!("(GPU) |b - A*x| = %E \n", r_inf);
            printf!("(GPU) |A| = %E \n", a_inf);
            printf!("(GPU) |x| = %E \n", x_inf);
            printf!("(GPU) |b| = %E \n", b_inf);
            printf!("(GPU) |b - A*x|/(|A|*|x| + |b|) = %E \n", r_inf / (a_inf * x_inf + b_inf));
        }
    }

    unsafe {
        printf!(
            "timing %s: CPU = %10.6f sec , GPU = %10.6f sec\n",
            test_func.as_str(),
            time_solve_cpu,
            time_solve_gpu
        )
    };

    if test_func != "lu" {
        println!("show last 10 elements of solution vector (GPU) ");
        println!("consistent result for different reordering and solver ");
        // (From 0 for a matrix of fewer than 10 rows, where the sample would read before x.)
        for j in (rows_a - 10).max(0)..rows_a {
            unsafe { printf!("x[%d] = %E\n", j, h_x[j as usize]) };
        }
    }

    unsafe {
        if !handle.is_null() {
            checkCudaErrors!(cusolverSpDestroy(handle));
        }
        if !cusparse_handle.is_null() {
            checkCudaErrors!(cusparseDestroy(cusparse_handle));
        }
        if !stream.is_null() {
            checkCudaErrors!(cudaStreamDestroy(stream));
        }
        if !descr_a.is_null() {
            checkCudaErrors!(cusparseDestroyMatDescr(descr_a));
        }
        if !mat_a.is_null() {
            checkCudaErrors!(cusparseDestroySpMat(mat_a));
        }
        if !vecx.is_null() {
            checkCudaErrors!(cusparseDestroyDnVec(vecx));
        }
        if !vec_ax.is_null() {
            checkCudaErrors!(cusparseDestroyDnVec(vec_ax));
        }

        // (The host arrays, buffer_cpu among them, are Vecs, freed when main ends.)

        if !buffer.is_null() {
            checkCudaErrors!(cudaFree(buffer));
        }
        for d in [d_csr_val_a, d_z, d_x, d_b, d_qb, d_r, d_csr_val_b] {
            if !d.is_null() {
                checkCudaErrors!(cudaFree(d));
            }
        }
        for d in [d_csr_row_ptr_a, d_csr_col_ind_a, d_csr_row_ptr_b, d_csr_col_ind_b, d_q] {
            if !d.is_null() {
                checkCudaErrors!(cudaFree(d));
            }
        }
    }
}
