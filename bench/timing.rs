//! The timing the cuFFT, cuRAND and cuDNN benchmarks share (math.rs, cudnn.rs): a call run in
//! batches between CUDA events, as timing.py does for the torch twins.

use cuda_checked::{check_cuda, CudaError};
use cudart_sys::*;

/// Batches timed after the warm-up; the median is the result.
const BATCHES: usize = 3;

/// Runs `call` once to warm up and once to size a batch of about `batch_ms` milliseconds, then
/// times [`BATCHES`] batches of it between CUDA events on the default stream; returns the median
/// of `work / seconds`.
///
/// # Safety
/// `call` makes CUDA calls on the current device.
pub unsafe fn rate(
    batch_ms: f64,
    work: f64,
    mut call: impl FnMut() -> Result<(), CudaError>,
) -> Result<f64, CudaError> {
    let (mut start, mut stop): (cudaEvent_t, cudaEvent_t) = (std::ptr::null_mut(), std::ptr::null_mut());
    let mut rates = [0.0f64; BATCHES];
    unsafe {
        check_cuda!(cudaEventCreate(&mut start))?;
        check_cuda!(cudaEventCreate(&mut stop))?;
        call()?;
        let mut ms = 0.0f32;
        check_cuda!(cudaEventRecord(start, std::ptr::null_mut()))?;
        call()?;
        check_cuda!(cudaEventRecord(stop, std::ptr::null_mut()))?;
        check_cuda!(cudaEventSynchronize(stop))?;
        check_cuda!(cudaEventElapsedTime(&mut ms, start, stop))?;
        let calls = if ms > 0.0 { ((batch_ms / ms as f64) as usize).max(1) } else { 1 };
        for rate in &mut rates {
            check_cuda!(cudaEventRecord(start, std::ptr::null_mut()))?;
            for _ in 0..calls {
                call()?;
            }
            check_cuda!(cudaEventRecord(stop, std::ptr::null_mut()))?;
            check_cuda!(cudaEventSynchronize(stop))?;
            check_cuda!(cudaEventElapsedTime(&mut ms, start, stop))?;
            *rate = work * calls as f64 / (ms as f64 * 1e-3);
        }
        check_cuda!(cudaEventDestroy(start))?;
        check_cuda!(cudaEventDestroy(stop))?;
    }
    rates.sort_by(f64::total_cmp);
    Ok(rates[BATCHES / 2])
}
