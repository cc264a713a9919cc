//! Copy bandwidth measured with CUDA events, as the bandwidth lesson does it: the sizes, the
//! repeat counts, the warm-up copy and the median of timed batches. Shared with
//! bench/pinned_copy.rs, which measures the lesson's pinned copies with this very code.

use std::ffi::c_void;

use cuda_checked::{check_driver, DriverResult};
use cuda_sys::*;

use crate::EventTimer;

/// The smallest and largest copies measured.
pub const MIN: usize = 4 << 10;
pub const MAX: usize = 256 << 20;
/// Timed batches per measurement; the median is reported.
pub const TRIALS: usize = 5;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    HostToDevice,
    DeviceToHost,
}

// ANCHOR: measure
/// GB/s of `size`-byte copies between `host` and `device`: the median of [`TRIALS`] batches,
/// each timed with events around enough copies to last a few milliseconds.
///
/// # Safety
/// `host` and `device` are allocations of at least `size` bytes in the current context
/// (`host` from `cuMemAllocHost` or ordinary memory, `device` from `cuMemAlloc`).
pub unsafe fn bandwidth(
    timer: &EventTimer,
    direction: Direction,
    host: *mut c_void,
    device: CUdeviceptr,
    size: usize,
) -> DriverResult<f64> {
    // SAFETY: both buffers hold `size` bytes (this function's contract).
    let copy = || unsafe {
        match direction {
            Direction::HostToDevice => check_driver!(cuMemcpyHtoD(device, host, size)),
            Direction::DeviceToHost => check_driver!(cuMemcpyDtoH(host, device, size)),
        }
    };
    let repeats = ((1usize << 30) / size).clamp(4, 200);
    copy()?; // warm-up
    let mut rates = Vec::with_capacity(TRIALS);
    for _ in 0..TRIALS {
        // SAFETY: null is the default stream.
        let ms = unsafe { timer.time(std::ptr::null_mut(), || (0..repeats).try_for_each(|_| copy())) }?;
        rates.push((size * repeats) as f64 / (f64::from(ms) * 1e-3) / 1e9);
    }
    rates.sort_by(f64::total_cmp);
    Ok(rates[TRIALS / 2])
}
// ANCHOR_END: measure
