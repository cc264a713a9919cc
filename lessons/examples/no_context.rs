//! Lesson 2: no context, no memory. The remark of "CUDA Driver API 内存分配" (lesson 1) that
//! if `cuCtxCreate` is left out, every memory call fails ("context is null"): here is the
//! error `check_driver!` gives.
//! Run: `cargo run --example no_context`

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;

fn main() -> Result<(), DriverError> {
    unsafe {
        check_driver!(cuInit(0))?;
        // No cuCtxCreate: this thread has no current context.
        let mut current: CUcontext = std::ptr::null_mut();
        check_driver!(cuCtxGetCurrent(&mut current))?;
        println!("current context = {:p}", current);

        let mut device_memory_pointer: CUdeviceptr = 0;
        match check_driver!(cuMemAlloc(&mut device_memory_pointer, 100)) {
            Err(e) if e == CUDA_ERROR_INVALID_CONTEXT => {
                println!("as expected, without a context:\n{e}");
                Ok(())
            }
            Err(other) => Err(other),
            Ok(()) => {
                eprintln!("cuMemAlloc succeeded without a context: did something make one current?");
                check_driver!(cuMemFree(device_memory_pointer))?;
                std::process::exit(1);
            }
        }
    }
}
