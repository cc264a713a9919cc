//! Nanoseconds per call of two cheap driver calls, raw and through `check_driver!`; the same
//! loop as call_overhead.c, whose figures are the reference. Build with and without cuda-sys's
//! `link` feature to measure both loaders. Prints `name mode ns` lines (see bench/gpu.sh).

use std::time::Instant;

use cuda_checked::{check_driver, DriverResult};
use cuda_sys::*;
use lessons::init_context;

const CALLS: u32 = 10_000_000;
const ROUNDS: usize = 7;

/// The fastest of [`ROUNDS`] rounds of [`CALLS`] calls, in ns per call.
fn best(mut round: impl FnMut() -> DriverResult<()>) -> DriverResult<f64> {
    round()?; // warm-up: resolves the symbol, faults in the code
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        round()?;
        best = best.min(start.elapsed().as_nanos() as f64 / CALLS as f64);
    }
    Ok(best)
}

fn main() -> DriverResult<()> {
    let context = init_context(0)?;
    let loader = if cfg!(feature = "link") { "link" } else { "loaded" };
    let mut current: CUcontext = std::ptr::null_mut();
    let mut device: CUdevice = 0;
    unsafe {
        let raw = best(|| {
            for _ in 0..CALLS {
                let _ = cuCtxGetCurrent(&mut current);
            }
            Ok(())
        })?;
        let checked = best(|| {
            for _ in 0..CALLS {
                check_driver!(cuCtxGetCurrent(&mut current))?;
            }
            Ok(())
        })?;
        println!("cuCtxGetCurrent rust-{loader} {raw:.3}");
        println!("cuCtxGetCurrent rust-{loader}-checked {checked:.3}");

        let raw = best(|| {
            for _ in 0..CALLS {
                let _ = cuDeviceGet(&mut device, 0);
            }
            Ok(())
        })?;
        let checked = best(|| {
            for _ in 0..CALLS {
                check_driver!(cuDeviceGet(&mut device, 0))?;
            }
            Ok(())
        })?;
        println!("cuDeviceGet rust-{loader} {raw:.3}");
        println!("cuDeviceGet rust-{loader}-checked {checked:.3}");
        check_driver!(cuCtxDestroy(context))?;
    }
    Ok(())
}
