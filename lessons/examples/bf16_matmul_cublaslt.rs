//! Lesson 22: a transformer layer's matrix product as inference engines run it, through
//! cuBLASLt: BF16 inputs and output, FP32 accumulation, and a kernel chosen by cuBLASLt's own
//! heuristic. `Y = X W^T`, a linear layer: X holds M = 1024 tokens of K = 4096 features
//! (row-major), W the layer's N = 4096 x K weights (row-major, as PyTorch's `nn.Linear` keeps
//! them). cuBLASLt describes the operation (`cublasLtMatmulDesc`: compute FP32, W transposed)
//! and each matrix (`cublasLtMatrixLayout`: type, rows, columns, leading dimension), asks
//! `cublasLtMatmulAlgoGetHeuristic` for the best algorithms within a workspace budget, runs
//! the first with `cublasLtMatmul`, checks sampled rows against the host, and times it.
//! Run: `cargo run --release --example bf16_matmul_cublaslt`

use std::ffi::c_void;
use std::mem::{size_of, size_of_val};

use cublas_sys::*;
use cuda_checked::{check_cublaslt, check_cuda, CudaError};
use cudart_sys::*;

/// Tokens, input features, output features.
const M: usize = 1024;
const K: usize = 4096;
const N: usize = 4096;
/// The workspace cuBLASLt may use: what its heuristic may pick from (32 MiB suits Hopper).
const WORKSPACE: usize = 32 << 20;
/// Algorithms asked of the heuristic.
const REQUESTED: usize = 8;
/// Rows of Y checked on the host (all N columns of each): enough to catch a wrong layout.
const CHECKED_ROWS: [usize; 4] = [0, 1, M / 2 + 3, M - 1];

/// A float as bfloat16 (its bits), rounded to nearest, ties to even, as `__float2bfloat16` does.
fn bf16(x: f32) -> u16 {
    let bits = x.to_bits();
    ((bits + 0x7fff + ((bits >> 16) & 1)) >> 16) as u16
}

/// A bfloat16's value: its bits are the top half of a float's.
fn f32_of(b: u16) -> f32 {
    f32::from_bits((b as u32) << 16)
}

/// Sets a descriptor attribute from a value, as C writes
/// `cublasLt...SetAttribute(desc, attr, &value, sizeof(value))`.
macro_rules! set_attribute {
    ($set:ident, $desc:expr, $attr:expr, $value:expr) => {{
        let value = $value;
        check_cublaslt!($set($desc, $attr, (&value as *const _ as *const c_void), size_of_val(&value)))
    }};
}

fn main() -> Result<(), CudaError> {
    // Inputs in [-1, 1) from C's rand(), rounded to bfloat16 once: the host reference uses the
    // same rounded values the GPU reads.
    let random = || unsafe { libc::rand() } as f32 / libc::RAND_MAX as f32 * 2.0 - 1.0;
    let x: Vec<u16> = (0..M * K).map(|_| bf16(random())).collect();
    let w: Vec<u16> = (0..N * K).map(|_| bf16(random())).collect();

    unsafe {
        check_cuda!(cudaSetDevice(0))?;
        let mut stream: cudaStream_t = std::ptr::null_mut();
        check_cuda!(cudaStreamCreate(&mut stream))?;

        let (mut d_x, mut d_w, mut d_y, mut workspace): (*mut c_void, *mut c_void, *mut c_void, *mut c_void) =
            (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
        let bf16_size = size_of::<u16>();
        check_cuda!(cudaMalloc(&mut d_x, M * K * bf16_size))?;
        check_cuda!(cudaMalloc(&mut d_w, N * K * bf16_size))?;
        check_cuda!(cudaMalloc(&mut d_y, M * N * bf16_size))?;
        check_cuda!(cudaMalloc(&mut workspace, WORKSPACE))?;
        check_cuda!(cudaMemcpy(d_x, x.as_ptr().cast(), M * K * bf16_size, cudaMemcpyHostToDevice))?;
        check_cuda!(cudaMemcpy(d_w, w.as_ptr().cast(), N * K * bf16_size, cudaMemcpyHostToDevice))?;

        // ANCHOR: describe
        // 1. A cuBLASLt handle: the library's context, like cuBLAS's handle but with no stream
        //    or mode of its own: everything is in the descriptors and the call.
        let mut lt: cublasLtHandle_t = std::ptr::null_mut();
        check_cublaslt!(cublasLtCreate(&mut lt))?;

        // 2. The operation: accumulate in FP32 (CUBLAS_COMPUTE_32F), alpha and beta are floats
        //    (scale type CUDA_R_32F). cuBLASLt is column-major; a row-major matrix is its
        //    transpose there. Row-major Y (M x N) = X W^T is column-major Y^T (N x M) =
        //    W (N x K) X^T (K x M): A = W, read as K x N and transposed (TRANSA = T), B = X, read
        //    as K x M, not transposed. This "TN" layout is the one BF16 kernels favour.
        let mut desc: cublasLtMatmulDesc_t = std::ptr::null_mut();
        check_cublaslt!(cublasLtMatmulDescCreate(&mut desc, CUBLAS_COMPUTE_32F, CUDA_R_32F))?;
        set_attribute!(cublasLtMatmulDescSetAttribute, desc, CUBLASLT_MATMUL_DESC_TRANSA, CUBLAS_OP_T)?;
        set_attribute!(cublasLtMatmulDescSetAttribute, desc, CUBLASLT_MATMUL_DESC_TRANSB, CUBLAS_OP_N)?;

        // 3. Each matrix as cuBLASLt sees it: element type, rows, columns, leading dimension
        //    (the distance between columns, in elements). C is where beta's addend comes from;
        //    with beta = 0 it is Y too.
        let (mut a_desc, mut b_desc, mut c_desc): (
            cublasLtMatrixLayout_t,
            cublasLtMatrixLayout_t,
            cublasLtMatrixLayout_t,
        ) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
        check_cublaslt!(cublasLtMatrixLayoutCreate(&mut a_desc, CUDA_R_16BF, K as u64, N as u64, K as i64))?;
        check_cublaslt!(cublasLtMatrixLayoutCreate(&mut b_desc, CUDA_R_16BF, K as u64, M as u64, K as i64))?;
        check_cublaslt!(cublasLtMatrixLayoutCreate(&mut c_desc, CUDA_R_16BF, N as u64, M as u64, N as i64))?;
        // ANCHOR_END: describe

        // ANCHOR: heuristic
        // 4. The heuristic: the best algorithms for this operation on this GPU that fit the
        //    workspace, best first. An engine asks once per shape and keeps the answer.
        let mut preference: cublasLtMatmulPreference_t = std::ptr::null_mut();
        check_cublaslt!(cublasLtMatmulPreferenceCreate(&mut preference))?;
        set_attribute!(
            cublasLtMatmulPreferenceSetAttribute,
            preference,
            CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
            WORKSPACE as u64
        )?;
        let mut results: [cublasLtMatmulHeuristicResult_t; REQUESTED] = Default::default();
        let mut returned = 0;
        check_cublaslt!(cublasLtMatmulAlgoGetHeuristic(
            lt,
            desc,
            a_desc,
            b_desc,
            c_desc,
            c_desc,
            preference,
            REQUESTED as i32,
            results.as_mut_ptr(),
            &mut returned
        ))?;
        if returned == 0 {
            eprintln!("cuBLASLt has no algorithm for a BF16 {M} x {N} x {K} product on this GPU");
            std::process::exit(1);
        }
        // ANCHOR_END: heuristic
        println!("Y ({M} x {N}) = X ({M} x {K}) W^T, BF16 in and out, FP32 accumulation");
        println!("the heuristic returned {returned} algorithms (of {REQUESTED} asked); the first:");
        let best = &results[0];
        println!("  workspace {} KiB, waves {:.2}", best.workspaceSize >> 10, best.wavesCount);

        // ANCHOR: matmul
        // 5. Run it: D = alpha op(A) op(B) + beta C, with the chosen algorithm, on the stream.
        let alpha = 1.0f32;
        let beta = 0.0f32;
        let matmul = || {
            check_cublaslt!(cublasLtMatmul(
                lt,
                desc,
                (&alpha as *const f32).cast(),
                d_w,
                a_desc,
                d_x,
                b_desc,
                (&beta as *const f32).cast(),
                d_y,
                c_desc,
                d_y,
                c_desc,
                &best.algo,
                workspace,
                best.workspaceSize,
                stream
            ))
        };
        matmul()?;
        // ANCHOR_END: matmul
        let mut y = vec![0u16; M * N];
        check_cuda!(cudaMemcpyAsync(
            y.as_mut_ptr().cast(),
            d_y,
            M * N * bf16_size,
            cudaMemcpyDeviceToHost,
            stream
        ))?;
        check_cuda!(cudaStreamSynchronize(stream))?;

        // 6. Check rows of Y on the host: the exact sum of the same BF16 products (in f64),
        //    against the GPU's FP32 sum rounded to BF16, which keeps 8 significant bits: a
        //    relative error up to 2^-8, plus the FP32 accumulation's.
        let (mut worst, mut wrong) = (0.0f64, 0);
        for &row in &CHECKED_ROWS {
            for col in 0..N {
                let exact: f64 =
                    (0..K).map(|k| f32_of(x[row * K + k]) as f64 * f32_of(w[col * K + k]) as f64).sum();
                let gpu = f32_of(y[row * N + col]) as f64;
                let error = (gpu - exact).abs();
                worst = worst.max(error / exact.abs().max(1.0));
                if error > exact.abs() / 256.0 + 1e-2 {
                    if wrong < 5 {
                        println!("  Y[{row}][{col}] = {gpu}, expected {exact}");
                    }
                    wrong += 1;
                }
            }
        }
        let checked = CHECKED_ROWS.len() * N;
        println!(
            "checked {checked} elements ({} rows): {wrong} wrong, largest relative error {worst:.2e}",
            CHECKED_ROWS.len()
        );

        // 7. Time it: 50 products between two events on the stream.
        let (mut start, mut stop): (cudaEvent_t, cudaEvent_t) = (std::ptr::null_mut(), std::ptr::null_mut());
        check_cuda!(cudaEventCreate(&mut start))?;
        check_cuda!(cudaEventCreate(&mut stop))?;
        let runs = 50;
        check_cuda!(cudaEventRecord(start, stream))?;
        for _ in 0..runs {
            matmul()?;
        }
        check_cuda!(cudaEventRecord(stop, stream))?;
        check_cuda!(cudaEventSynchronize(stop))?;
        let mut ms = 0.0f32;
        check_cuda!(cudaEventElapsedTime(&mut ms, start, stop))?;
        let per_call = ms as f64 / runs as f64;
        let tflops = 2.0 * (M * N * K) as f64 / (per_call * 1e-3) / 1e12;
        println!("{runs} products: {per_call:.3} ms each, {tflops:.1} TFLOP/s");

        // 8. Everything back, descriptors first.
        check_cuda!(cudaEventDestroy(start))?;
        check_cuda!(cudaEventDestroy(stop))?;
        check_cublaslt!(cublasLtMatmulPreferenceDestroy(preference))?;
        check_cublaslt!(cublasLtMatrixLayoutDestroy(a_desc))?;
        check_cublaslt!(cublasLtMatrixLayoutDestroy(b_desc))?;
        check_cublaslt!(cublasLtMatrixLayoutDestroy(c_desc))?;
        check_cublaslt!(cublasLtMatmulDescDestroy(desc))?;
        check_cublaslt!(cublasLtDestroy(lt))?;
        check_cuda!(cudaFree(d_x))?;
        check_cuda!(cudaFree(d_w))?;
        check_cuda!(cudaFree(d_y))?;
        check_cuda!(cudaFree(workspace))?;
        check_cuda!(cudaStreamDestroy(stream))?;
        check_cuda!(cudaDeviceReset())?;

        if wrong > 0 {
            eprintln!("{wrong} of {checked} checked elements are wrong");
            std::process::exit(1);
        }
    }
    println!("all checked elements correct");
    Ok(())
}
