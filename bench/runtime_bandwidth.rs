//! Pinned `cudaMemcpy` bandwidth, host to device and device to host, 1 MiB to 256 MiB, with the
//! Runtime API: the bandwidth lesson's measurement (the same repeat counts, one warm-up copy,
//! the median of 5 batches timed with events on the default stream), with `cudaMallocHost`,
//! `cudaMalloc`, `cudaMemcpy` and `cudaEvent*`. The same program as runtime_bandwidth.c,
//! linked with `-lcudart`, whose figures are the reference. Prints `size unit H2D D2H` rows in
//! GB/s (see bench/gpu.sh), after a `#` line naming the runtime it used.

use std::ffi::c_void;

use cuda_checked::{check_cuda, RuntimeResult};
use cudart_sys::*;
use lessons::human_bytes;

const MIN: usize = 1 << 20;
const MAX: usize = 256 << 20;
/// Timed batches per measurement; the median is reported.
const TRIALS: usize = 5;

/// GB/s of `size`-byte copies from `src` to `dst`: the median of [`TRIALS`] batches, each
/// timed with `start` and `stop` around enough copies to last a few milliseconds.
fn bandwidth(
    start: cudaEvent_t,
    stop: cudaEvent_t,
    kind: cudaMemcpyKind,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
) -> RuntimeResult<f64> {
    let copy = || unsafe { check_cuda!(cudaMemcpy(dst, src, size, kind)) };
    let repeats = ((1usize << 30) / size).clamp(4, 200);
    copy()?; // warm-up
    let mut rates = Vec::with_capacity(TRIALS);
    for _ in 0..TRIALS {
        let mut ms = 0.0f32;
        unsafe {
            // Null: the default stream, where cudaMemcpy runs.
            check_cuda!(cudaEventRecord(start, std::ptr::null_mut()))?;
            for _ in 0..repeats {
                copy()?;
            }
            check_cuda!(cudaEventRecord(stop, std::ptr::null_mut()))?;
            check_cuda!(cudaEventSynchronize(stop))?;
            check_cuda!(cudaEventElapsedTime(&mut ms, start, stop))?;
        }
        rates.push((size * repeats) as f64 / (ms as f64 * 1e-3) / 1e9);
    }
    rates.sort_by(f64::total_cmp);
    Ok(rates[TRIALS / 2])
}

fn main() -> RuntimeResult<()> {
    let (mut start, mut stop): (cudaEvent_t, cudaEvent_t) = (std::ptr::null_mut(), std::ptr::null_mut());
    let mut pinned: *mut c_void = std::ptr::null_mut();
    let mut device: *mut c_void = std::ptr::null_mut();
    unsafe {
        check_cuda!(cudaSetDevice(0))?;
        check_cuda!(cudaEventCreate(&mut start))?;
        check_cuda!(cudaEventCreate(&mut stop))?;
        check_cuda!(cudaMallocHost(&mut pinned, MAX))?;
        std::ptr::write_bytes(pinned.cast::<u8>(), 1, MAX);
        check_cuda!(cudaMalloc(&mut device, MAX))?;
    }
    match loader::library_path() {
        Ok(path) => println!("# rust: {}", path.display()),
        Err(e) => println!("# rust: {e}"),
    }
    println!("{:>10} {:>13} {:>13}", "size", "H2D pinned", "D2H pinned");
    let sizes = std::iter::successors(Some(MIN), |&s| (s < MAX).then_some(s * 2));
    for size in sizes {
        let h2d = bandwidth(start, stop, cudaMemcpyHostToDevice, device, pinned, size)?;
        let d2h = bandwidth(start, stop, cudaMemcpyDeviceToHost, pinned, device, size)?;
        println!("{:>10} {:>13.4} {:>13.4}", human_bytes(size), h2d, d2h);
    }
    unsafe {
        check_cuda!(cudaFree(device))?;
        check_cuda!(cudaFreeHost(pinned))?;
        check_cuda!(cudaEventDestroy(start))?;
        check_cuda!(cudaEventDestroy(stop))?;
        check_cuda!(cudaDeviceReset())?;
    }
    Ok(())
}
