//! Nanoseconds per call of two cheap Runtime API calls, raw and through `check_cuda!`:
//! `cudaGetDevice`, and `cudaGetLastError` (which returns `cudaSuccess` when nothing failed).
//! The same loop as runtime_call_overhead.c, linked with `-lcudart`, whose figures are the
//! reference. Build with and without the `runtime-link` feature to measure both ways of
//! reaching libcudart. Prints `name mode ns` lines (see bench/gpu.sh), after a `#` line naming
//! the runtime it used.

use std::time::Instant;

use cuda_checked::{check_cuda, RuntimeResult};
use cudart_sys::*;

/// Fewer calls per round than call_overhead's 10 million: the runtime's calls may cost more,
/// and the whole GPU run has a time budget.
const CALLS: u32 = 3_000_000;
const ROUNDS: usize = 7;

/// The fastest of [`ROUNDS`] rounds of [`CALLS`] calls, in ns per call.
fn best(mut round: impl FnMut() -> RuntimeResult<()>) -> RuntimeResult<f64> {
    round()?; // warm-up: resolves the symbol, faults in the code
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        round()?;
        best = best.min(start.elapsed().as_nanos() as f64 / CALLS as f64);
    }
    Ok(best)
}

fn main() -> RuntimeResult<()> {
    let how = if cfg!(feature = "runtime-link") { "link" } else { "loaded" };
    let mut device = -1;
    unsafe {
        // The device's primary context exists before anything is timed, as in the C.
        check_cuda!(cudaSetDevice(0))?;
        check_cuda!(cudaFree(std::ptr::null_mut()))?;
        match loader::library_path() {
            Ok(path) => println!("# rust-{how}: {}", path.display()),
            Err(e) => println!("# rust-{how}: {e}"),
        }

        let raw = best(|| {
            for _ in 0..CALLS {
                let _ = cudaGetDevice(&mut device);
            }
            Ok(())
        })?;
        let checked = best(|| {
            for _ in 0..CALLS {
                check_cuda!(cudaGetDevice(&mut device))?;
            }
            Ok(())
        })?;
        println!("cudaGetDevice rust-{how} {raw:.3}");
        println!("cudaGetDevice rust-{how}-checked {checked:.3}");

        let raw = best(|| {
            for _ in 0..CALLS {
                let _ = cudaGetLastError();
            }
            Ok(())
        })?;
        let checked = best(|| {
            for _ in 0..CALLS {
                check_cuda!(cudaGetLastError())?;
            }
            Ok(())
        })?;
        println!("cudaGetLastError rust-{how} {raw:.3}");
        println!("cudaGetLastError rust-{how}-checked {checked:.3}");
        check_cuda!(cudaDeviceReset())?;
    }
    Ok(())
}
