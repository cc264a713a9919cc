//! Lesson 1 again, under a profiler's eye: the program of "CUDA Driver API 内存分配" (Driver API
//! memory allocation, `memory_alloc`) with an NVTX range around each step, so that Nsight Systems
//! (or any NVTX tool) shows the steps by name on its timeline. NVTX's C is `nvtx3/nvToolsExt.h`;
//! nvtx-sys has the same functions under the same names. Without a tool each NVTX call does
//! nothing: the program prints what memory_alloc prints.
//! Run: `cargo run --example nvtx_memory_alloc`; profiled: `nsys profile --trace=cuda,nvtx
//! target/debug/examples/nvtx_memory_alloc` (nsys sets NVTX_INJECTION64_PATH to its own tool).

use std::ffi::c_void;

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;
use nvtx_sys::*;

fn main() -> Result<(), DriverError> {
    unsafe {
        // One range around the whole program; each step's range nests inside it.
        nvtxRangePushA(c"memory_alloc".as_ptr());

        // 1. Initialise the driver.
        nvtxRangePushA(c"1. cuInit".as_ptr());
        check_driver!(cuInit(0))?;
        nvtxRangePop();

        // 2. A context on device 0, named on the timeline as NVTX's CUDA functions allow.
        nvtxRangePushA(c"2. cuCtxCreate".as_ptr());
        let mut context: CUcontext = std::ptr::null_mut();
        let device: CUdevice = 0;
        #[cfg(not(cuda_ge = "13.0"))]
        check_driver!(cuCtxCreate(&mut context, CU_CTX_SCHED_AUTO, device))?;
        #[cfg(cuda_ge = "13.0")]
        check_driver!(cuCtxCreate(&mut context, std::ptr::null_mut(), CU_CTX_SCHED_AUTO, device))?;
        nvtxNameCuContextA(context.cast(), c"lesson context".as_ptr());
        nvtxRangePop();
        println!("context = {:p}", context);

        // 3. Linear device memory.
        nvtxRangePushA(c"3. cuMemAlloc".as_ptr());
        let mut device_memory_pointer: CUdeviceptr = 0;
        check_driver!(cuMemAlloc(&mut device_memory_pointer, 100))?;
        nvtxRangePop();
        println!("device_memory_pointer = {:#x}", device_memory_pointer);

        // 4. Page-locked host memory.
        nvtxRangePushA(c"4. cuMemAllocHost".as_ptr());
        let mut host_page_locked_memory: *mut f32 = std::ptr::null_mut();
        check_driver!(cuMemAllocHost(
            &mut host_page_locked_memory as *mut *mut f32 as *mut *mut c_void,
            100
        ))?;
        nvtxRangePop();
        println!("host_page_locked_memory = {:p}", host_page_locked_memory);

        // 5. The CPU writes it: a mark, an instant on the timeline rather than a range.
        *host_page_locked_memory.add(0) = 123.0;
        nvtxMarkA(c"5. the CPU wrote 123".as_ptr());
        println!("host_page_locked_memory[0] = {:.6}", *host_page_locked_memory.add(0));

        // 6. cuMemsetD32 with the float's bits (see memory_alloc).
        nvtxRangePushA(c"6. cuMemsetD32".as_ptr());
        let new_value: f32 = 555.0;
        check_driver!(cuMemsetD32(host_page_locked_memory as CUdeviceptr, new_value.to_bits(), 1))?;
        nvtxRangePop();
        println!("host_page_locked_memory[0] = {:.6}", *host_page_locked_memory.add(0));

        // 7. Give everything back.
        nvtxRangePushA(c"7. free".as_ptr());
        check_driver!(cuMemFreeHost(host_page_locked_memory as *mut c_void))?;
        check_driver!(cuMemFree(device_memory_pointer))?;
        check_driver!(cuCtxDestroy(context))?;
        nvtxRangePop();

        nvtxRangePop();
    }
    Ok(())
}
