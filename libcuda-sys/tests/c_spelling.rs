//! Constants work where C uses them: these lines are written as a C port would write them,
//! and compiling this file is most of the test. Run, they must fail cleanly: the loader is
//! pointed at no driver, so no call can reach one with these placeholder handles.
#![cfg(not(feature = "link"))]

use cuda_sys::*;

/// The calls as C spells them, with each call's result.
unsafe fn spelled_as_in_c() -> Vec<CUresult> {
    let mut ctx: CUcontext = std::ptr::null_mut();
    let dev: CUdevice = 0;
    let mut s: CUstream = std::ptr::null_mut();
    let mut p: CUdeviceptr = 0;
    let n = 1024;
    let mut v = 0;
    let x = 555.0f32;
    let ptr = std::ptr::null_mut::<f32>();
    unsafe {
        vec![
            create_context(&mut ctx, CU_CTX_SCHED_AUTO, dev),
            create_context(&mut ctx, CU_CTX_SCHED_AUTO | CU_CTX_MAP_HOST, dev),
            cuStreamCreate(&mut s, CU_STREAM_NON_BLOCKING),
            cuMemAllocManaged(&mut p, n, CU_MEM_ATTACH_GLOBAL),
            cuDeviceGetAttribute(&mut v, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
            cuMemsetD32(ptr as CUdeviceptr, x.to_bits(), 1),
        ]
    }
}

/// `cuCtxCreate(&ctx, flags, dev)` exactly as written before CUDA 13.
#[cfg(any(cuda_major = "11", cuda_major = "12"))]
unsafe fn create_context(ctx: &mut CUcontext, flags: CUctx_flags, dev: CUdevice) -> CUresult {
    unsafe { cuCtxCreate(ctx, flags, dev) }
}

/// CUDA 13's `cuCtxCreate` takes a `CUctxCreateParams*` (null for none) before the flags.
#[cfg(not(any(cuda_major = "11", cuda_major = "12")))]
unsafe fn create_context(ctx: &mut CUcontext, flags: CUctx_flags, dev: CUdevice) -> CUresult {
    unsafe { cuCtxCreate(ctx, std::ptr::null_mut(), flags, dev) }
}

#[test]
fn c_spellings_compile_and_fail_cleanly_without_a_driver() {
    // The only test in this process, run before any driver call: nothing else reads the variable.
    let nowhere = if cfg!(windows) { r"C:\nonexistent\nvcuda.dll" } else { "/nonexistent/libcuda.so.1" };
    std::env::set_var(cuda_sys::loader::LIBCUDA_PATH_VAR, nowhere);
    let codes = unsafe { spelled_as_in_c() };
    assert_eq!(codes, vec![CUDA_ERROR_STUB_LIBRARY; 6]);
}
