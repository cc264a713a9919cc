//! cuFFT and cuRAND through cufft-sys and curand-sys, beside the same calls from C (math.c) and
//! PyTorch's (math_torch.py), timed the same way (see bench/gpu.sh, section `math`):
//!
//! - `fft2_c2c N N BATCH`: a forward 2D complex-to-complex FFT of BATCH N x N single-precision
//!   arrays (`cufftPlanMany`, `cufftExecC2C`, out of place, as `torch.fft.fft2(x, out=y)`);
//!   the rate is Gpoints/s (points transformed per second, in 10^9);
//! - `xorwow COUNT 1 1` and `philox COUNT 1 1`: `curandGenerateUniform` of COUNT floats (1 GiB)
//!   with `CURAND_RNG_PSEUDO_XORWOW` and `CURAND_RNG_PSEUDO_PHILOX4_32_10`; torch's
//!   `uniform_` (its own Philox kernel, not cuRAND) stands beside both; the rate is GB/s written.
//!
//! Each: one call to warm up (plans, generator states), one timed call to size a batch of about
//! BATCH_MS milliseconds, then 3 batches between CUDA events; the median is printed as
//! `NAME A B C RATE`, the rows bench/analyse.py reads.
//!
//! Run: `math BATCH_MS [N BATCH GIB]` (defaults: 4096 16 1).

use std::ffi::c_void;

use cuda_checked::{check_cuda, check_cufft, check_curand, CudaError};
use cudart_sys::*;
use cufft_sys::*;
use curand_sys::*;

mod timing;
use timing::rate;

fn main() -> Result<(), CudaError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Option<Vec<f64>> = args.iter().map(|a| a.parse().ok()).collect();
    let (batch_ms, n, batch, gib) = match numbers.as_deref() {
        Some(&[ms]) => (ms, 4096, 16, 1),
        Some(&[ms, n, b, g]) if n >= 1.0 && b >= 1.0 && g >= 1.0 => (ms, n as i32, b as i32, g as usize),
        _ => {
            eprintln!("usage: math BATCH_MS [N BATCH GIB] (defaults 4096 16 1)");
            std::process::exit(2);
        }
    };
    unsafe {
        check_cuda!(cudaSetDevice(0))?;
        for (what, path) in
            [("cuFFT", cufft_sys::loader::library_path()), ("cuRAND", curand_sys::loader::library_path())]
        {
            match path {
                Ok(path) => println!("# rust: {what} {}", path.display()),
                Err(e) => println!("# rust: {e}"),
            }
        }

        // The FFT: every byte of the input 0x3c, as math.c and math_torch.py fill theirs.
        let points = n as usize * n as usize * batch as usize;
        let bytes = points * std::mem::size_of::<cufftComplex>();
        let (mut idata, mut odata): (*mut c_void, *mut c_void) = (std::ptr::null_mut(), std::ptr::null_mut());
        check_cuda!(cudaMalloc(&mut idata, bytes))?;
        check_cuda!(cudaMalloc(&mut odata, bytes))?;
        check_cuda!(cudaMemset(idata, 0x3c, bytes))?;
        let mut plan: cufftHandle = 0;
        let mut dims = [n, n];
        check_cufft!(cufftPlanMany(
            &mut plan,
            2,
            dims.as_mut_ptr(),
            std::ptr::null_mut(),
            1,
            0,
            std::ptr::null_mut(),
            1,
            0,
            CUFFT_C2C,
            batch
        ))?;
        let gpoints = rate(batch_ms, points as f64 / 1e9, || {
            Ok(check_cufft!(cufftExecC2C(plan, idata.cast(), odata.cast(), CUFFT_FORWARD))?)
        })?;
        println!("fft2_c2c {n} {n} {batch} {gpoints:.3}");
        check_cufft!(cufftDestroy(plan))?;
        check_cuda!(cudaFree(idata))?;
        check_cuda!(cudaFree(odata))?;

        // The generators: GIB GiB of uniform floats each.
        let count = (gib << 30) / std::mem::size_of::<f32>();
        let mut numbers: *mut c_void = std::ptr::null_mut();
        check_cuda!(cudaMalloc(&mut numbers, count * 4))?;
        for (name, kind) in
            [("xorwow", CURAND_RNG_PSEUDO_XORWOW), ("philox", CURAND_RNG_PSEUDO_PHILOX4_32_10)]
        {
            let mut generator: curandGenerator_t = std::ptr::null_mut();
            check_curand!(curandCreateGenerator(&mut generator, kind))?;
            check_curand!(curandSetPseudoRandomGeneratorSeed(generator, 1234))?;
            let gbs = rate(batch_ms, (count * 4) as f64 / 1e9, || {
                Ok(check_curand!(curandGenerateUniform(generator, numbers.cast(), count))?)
            })?;
            println!("{name} {count} 1 1 {gbs:.3}");
            check_curand!(curandDestroyGenerator(generator))?;
        }
        check_cuda!(cudaFree(numbers))?;
    }
    Ok(())
}
