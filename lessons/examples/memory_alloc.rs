//! Lesson 1: Driver API memory allocation. A line-for-line port of the C++ program of the
//! TensorRT-course lesson "CUDA Driver API 内存分配" (Driver API memory allocation): cuInit,
//! a context, device memory, page-locked host memory, cuMemsetD32 with a float, then freeing
//! everything.
//! Run: `cargo run --example memory_alloc`

use std::ffi::c_void;

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;

fn main() -> Result<(), DriverError> {
    unsafe {
        // 1. Initialise the driver: always first, or every call returns CUDA_ERROR_NOT_INITIALIZED.
        check_driver!(cuInit(0))?;

        // 2. A context binds this thread to a GPU (device 0); every memory call needs one.
        let mut context: CUcontext = std::ptr::null_mut();
        let device: CUdevice = 0;
        // CU_CTX_SCHED_AUTO: let the driver choose how the CPU waits for the GPU.
        // CUDA 13 made cuCtxCreate the 4-argument cuCtxCreate_v4: its new second argument, a
        // CUctxCreateParams* (execution affinity, CUDA-in-graphics), is null here. The cfg
        // comes from the header version libcuda-sys was built against (DEP_LIBCUDA_SYS_VERSION).
        #[cfg(not(cuda_ge = "13.0"))]
        check_driver!(cuCtxCreate(&mut context, CU_CTX_SCHED_AUTO, device))?;
        #[cfg(cuda_ge = "13.0")]
        check_driver!(cuCtxCreate(&mut context, std::ptr::null_mut(), CU_CTX_SCHED_AUTO, device))?;
        println!("context = {:p}", context);

        // 3. Linear device memory: 100 bytes, addressed by a CUdeviceptr the CPU cannot dereference.
        let mut device_memory_pointer: CUdeviceptr = 0;
        check_driver!(cuMemAlloc(&mut device_memory_pointer, 100))?;
        println!("device_memory_pointer = {:#x}", device_memory_pointer);

        // 4. Page-locked (pinned) host memory: the C++ passes (void**)&ptr, so do we.
        let mut host_page_locked_memory: *mut f32 = std::ptr::null_mut();
        check_driver!(cuMemAllocHost(
            &mut host_page_locked_memory as *mut *mut f32 as *mut *mut c_void,
            100
        ))?;
        println!("host_page_locked_memory = {:p}", host_page_locked_memory);

        // 5. The CPU writes pinned memory directly.
        *host_page_locked_memory.add(0) = 123.0;
        println!("host_page_locked_memory[0] = {:.6}", *host_page_locked_memory.add(0));

        // 6. cuMemsetD32 fills 32-bit words with an unsigned int. The C++ passes the float's
        //    bits with `*(int*)&new_value`: read the 4 bytes of the float as an int (a cast
        //    `(int)new_value` would convert 555.0 to the integer 555 instead). f32::to_bits is
        //    that same reinterpretation, without C's aliasing rules in the way: 0x440AC000.
        //    A pinned host pointer is a valid CUdeviceptr under unified addressing.
        let new_value: f32 = 555.0;
        check_driver!(cuMemsetD32(host_page_locked_memory as CUdeviceptr, new_value.to_bits(), 1))?;
        println!("host_page_locked_memory[0] = {:.6}", *host_page_locked_memory.add(0));

        // 7. Give everything back. The lesson points out that its program forgot cuMemFree;
        //    it forgot cuCtxDestroy too.
        check_driver!(cuMemFreeHost(host_page_locked_memory as *mut c_void))?;
        check_driver!(cuMemFree(device_memory_pointer))?;
        check_driver!(cuCtxDestroy(context))?;
    }
    Ok(())
}
