//! The open question of issue 12: pinned host-to-device copies through `cuMemcpyHtoD` measured
//! 1-2% slower in the bandwidth lesson than in bench/bandwidth.c. This is the pinned half of
//! the lesson, measured with the lesson's own code (`lessons::bandwidth`, which the lesson
//! uses): the same context, events, `cuMemAllocHost` and `cuMemAlloc` buffers, sizes (4 KiB
//! to 256 MiB), repeat counts, warm-up copy and median of 5 batches, host to device then device
//! to host at each size. bench/pinned_copy.c is the same program in C, built linked to libcuda
//! and loading it with dlopen; this one is built loaded (the default) and with `link`. Prints
//! `size unit H2D D2H` rows in GB/s, to 4 decimals (small sizes move a few GB/s), see bench/gpu.sh.

use std::ffi::c_void;

use cuda_checked::{check_driver, DriverResult};
use cuda_sys::*;
use lessons::bandwidth::{bandwidth, Direction, MAX, MIN, TRIALS};
use lessons::{human_bytes, init_context, EventTimer};

fn main() -> DriverResult<()> {
    // In the lesson's order: context, events, pinned buffer (written once), device buffer.
    let context = init_context(0)?;
    let timer = EventTimer::new()?;
    let mut pinned: *mut c_void = std::ptr::null_mut();
    let mut device: CUdeviceptr = 0;
    unsafe {
        check_driver!(cuMemAllocHost(&mut pinned, MAX))?;
        std::ptr::write_bytes(pinned.cast::<u8>(), 1, MAX);
        check_driver!(cuMemAlloc(&mut device, MAX))?;
    }
    let how = if cfg!(feature = "link") { "link" } else { "loaded" };
    println!("# rust-{how}: GB/s, median of {TRIALS} timed batches");
    println!("{:>10} {:>13} {:>13}", "size", "H2D pinned", "D2H pinned");
    let sizes = std::iter::successors(Some(MIN), |&s| (s < MAX).then_some(s * 2));
    for size in sizes {
        // SAFETY: both buffers hold MAX >= size bytes.
        let h2d = unsafe { bandwidth(&timer, Direction::HostToDevice, pinned, device, size) }?;
        // SAFETY: as above.
        let d2h = unsafe { bandwidth(&timer, Direction::DeviceToHost, pinned, device, size) }?;
        println!("{:>10} {:>13.4} {:>13.4}", human_bytes(size), h2d, d2h);
    }
    drop(timer);
    unsafe {
        check_driver!(cuMemFree(device))?;
        check_driver!(cuMemFreeHost(pinned))?;
        check_driver!(cuCtxDestroy(context))?;
    }
    Ok(())
}
