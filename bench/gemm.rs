//! TFLOP/s of cuBLAS's GEMMs through cublas-sys, beside the same calls from C (gemm.c) and
//! `torch.matmul` (gemm_torch.py) on the same inputs, timed the same way (see bench/gpu.sh):
//!
//! - `sgemm`: `cublasSgemm` in FP32, math mode `CUBLAS_DEFAULT_MATH` (no TF32);
//! - `tf32`: the same call with `CUBLAS_TF32_TENSOR_OP_MATH`, as PyTorch's `allow_tf32` sets;
//! - `bf16`: `cublasGemmEx` with BF16 inputs and output, `CUBLAS_COMPUTE_32F`.
//!
//! Each is the row-major product `C[m x n] = A[m x k] B[k x n]` that `torch.matmul` computes,
//! asked of column-major cuBLAS as `C^T = B^T A^T`. For each shape and mode: one call to warm
//! up, one timed call to size a batch of about BATCH_MS milliseconds, then 3 batches between CUDA
//! events; the median is printed as `MODE M N K TFLOPS`.
//!
//! Run: `gemm BATCH_MS SHAPE...` (SHAPE: `N` for N x N x N, or `MxNxK`).

use std::ffi::c_void;

use cublas_sys::*;
use cuda_checked::{check_cublas, check_cuda, CudaError};
use cudart_sys::*;

const BATCHES: usize = 3;
/// Elements of the inputs' repeating pattern.
const PERIOD: usize = 1 << 20;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Sgemm,
    Tf32,
    Bf16,
}

impl Mode {
    const ALL: [Mode; 3] = [Mode::Sgemm, Mode::Tf32, Mode::Bf16];

    fn name(self) -> &'static str {
        match self {
            Mode::Sgemm => "sgemm",
            Mode::Tf32 => "tf32",
            Mode::Bf16 => "bf16",
        }
    }
}

/// Input element `i`: one of the 256 multiples of 1/128 in [-1, 1), from a hash of `i`, exact
/// in FP32 and BF16; the same as gemm.c's and gemm_torch.py's.
fn input(i: u32) -> f32 {
    ((i.wrapping_mul(2654435761) >> 24) as i32 - 128) as f32 / 128.0
}

/// Fills `count` elements of `size` bytes at `device`: the pattern's first PERIOD elements from
/// the host, then copies of what is there, doubling.
unsafe fn fill(
    device: *mut c_void,
    count: usize,
    size: usize,
    pattern: *const c_void,
) -> Result<(), CudaError> {
    let mut done = count.min(PERIOD);
    unsafe {
        check_cuda!(cudaMemcpy(device, pattern, done * size, cudaMemcpyHostToDevice))?;
        while done < count {
            let n = done.min(count - done);
            check_cuda!(cudaMemcpy(
                device.byte_add(done * size),
                device,
                n * size,
                cudaMemcpyDeviceToDevice
            ))?;
            done += n;
        }
    }
    Ok(())
}

/// One GEMM of `mode`, as gemm.c's `gemm`.
unsafe fn gemm(
    handle: cublasHandle_t,
    mode: Mode,
    (m, n, k): (i32, i32, i32),
    a: *const c_void,
    b: *const c_void,
    c: *mut c_void,
) -> Result<(), CudaError> {
    let (alpha, beta) = (1.0f32, 0.0f32);
    unsafe {
        if mode == Mode::Bf16 {
            check_cublas!(cublasGemmEx(
                handle,
                CUBLAS_OP_N,
                CUBLAS_OP_N,
                n,
                m,
                k,
                (&alpha as *const f32).cast(),
                b,
                CUDA_R_16BF,
                n,
                a,
                CUDA_R_16BF,
                k,
                (&beta as *const f32).cast(),
                c,
                CUDA_R_16BF,
                n,
                CUBLAS_COMPUTE_32F,
                CUBLAS_GEMM_DEFAULT
            ))?;
        } else {
            check_cublas!(cublasSgemm(
                handle,
                CUBLAS_OP_N,
                CUBLAS_OP_N,
                n,
                m,
                k,
                &alpha,
                b.cast(),
                n,
                a.cast(),
                k,
                &beta,
                c.cast(),
                n
            ))?;
        }
    }
    Ok(())
}

fn parse_shape(text: &str) -> Option<(i32, i32, i32)> {
    let parts: Vec<i32> = text.split('x').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    match parts[..] {
        [n] => Some((n, n, n)),
        [m, n, k] => Some((m, n, k)),
        _ => None,
    }
}

fn main() -> Result<(), CudaError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: gemm BATCH_MS SHAPE... (SHAPE: N or MxNxK)";
    let (Some(batch_ms), Some(shapes)) = (args.first().and_then(|a| a.parse::<f64>().ok()), args.get(1..))
    else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let shapes: Vec<(i32, i32, i32)> = shapes
        .iter()
        .map(|s| {
            parse_shape(s).unwrap_or_else(|| {
                eprintln!("bad shape '{s}': write N or MxNxK");
                std::process::exit(2)
            })
        })
        .collect();
    if shapes.is_empty() {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let pattern: Vec<f32> = (0..PERIOD as u32).map(input).collect();
    // BF16 is a float's top half; exact here, as the low half of every input is zero.
    let pattern16: Vec<u16> = pattern.iter().map(|x| (x.to_bits() >> 16) as u16).collect();

    let mut handle: cublasHandle_t = std::ptr::null_mut();
    let (mut start, mut stop): (cudaEvent_t, cudaEvent_t) = (std::ptr::null_mut(), std::ptr::null_mut());
    unsafe {
        check_cuda!(cudaSetDevice(0))?;
        check_cublas!(cublasCreate(&mut handle))?;
        let mut version = 0;
        check_cublas!(cublasGetVersion(handle, &mut version))?;
        match cublas_sys::loader::library_path() {
            Ok(path) => println!("# rust: {}, cuBLAS {version}", path.display()),
            Err(e) => println!("# rust: {e}"),
        }
        check_cuda!(cudaEventCreate(&mut start))?;
        check_cuda!(cudaEventCreate(&mut stop))?;

        for (m, n, k) in shapes {
            let (mu, nu, ku) = (m as usize, n as usize, k as usize);
            let (mut a, mut b, mut c): (*mut c_void, *mut c_void, *mut c_void) =
                (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
            check_cuda!(cudaMalloc(&mut a, mu * ku * 4))?;
            check_cuda!(cudaMalloc(&mut b, ku * nu * 4))?;
            check_cuda!(cudaMalloc(&mut c, mu * nu * 4))?;
            for mode in Mode::ALL {
                let (size, p): (usize, *const c_void) = if mode == Mode::Bf16 {
                    (2, pattern16.as_ptr().cast())
                } else {
                    (4, pattern.as_ptr().cast())
                };
                fill(a, mu * ku, size, p)?;
                fill(b, ku * nu, size, p)?;
                let math = if mode == Mode::Tf32 { CUBLAS_TF32_TENSOR_OP_MATH } else { CUBLAS_DEFAULT_MATH };
                check_cublas!(cublasSetMathMode(handle, math))?;
                // Warm-up, then one timed call decides the batch: about BATCH_MS of calls.
                gemm(handle, mode, (m, n, k), a, b, c)?;
                let mut ms = 0.0f32;
                check_cuda!(cudaEventRecord(start, std::ptr::null_mut()))?;
                gemm(handle, mode, (m, n, k), a, b, c)?;
                check_cuda!(cudaEventRecord(stop, std::ptr::null_mut()))?;
                check_cuda!(cudaEventSynchronize(stop))?;
                check_cuda!(cudaEventElapsedTime(&mut ms, start, stop))?;
                let calls = if ms > 0.0 { ((batch_ms / ms as f64) as usize).max(1) } else { 1 };
                let mut tflops = [0.0f64; BATCHES];
                for rate in &mut tflops {
                    check_cuda!(cudaEventRecord(start, std::ptr::null_mut()))?;
                    for _ in 0..calls {
                        gemm(handle, mode, (m, n, k), a, b, c)?;
                    }
                    check_cuda!(cudaEventRecord(stop, std::ptr::null_mut()))?;
                    check_cuda!(cudaEventSynchronize(stop))?;
                    check_cuda!(cudaEventElapsedTime(&mut ms, start, stop))?;
                    *rate = 2.0 * m as f64 * n as f64 * k as f64 * calls as f64 / (ms as f64 * 1e-3) / 1e12;
                }
                tflops.sort_by(f64::total_cmp);
                println!("{} {m} {n} {k} {:.3}", mode.name(), tflops[BATCHES / 2]);
            }
            check_cuda!(cudaFree(a))?;
            check_cuda!(cudaFree(b))?;
            check_cuda!(cudaFree(c))?;
        }
        check_cublas!(cublasDestroy(handle))?;
        check_cuda!(cudaEventDestroy(start))?;
        check_cuda!(cudaEventDestroy(stop))?;
    }
    Ok(())
}
