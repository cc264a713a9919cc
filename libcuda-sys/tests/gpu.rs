//! On a machine with a CUDA GPU and driver (`--features gpu-tests`), through cuda-sys alone:
//! cuInit, cuDeviceGetCount, cuCtxCreate, cuMemAlloc, cuMemFree, cuCtxDestroy. Run it with and
//! without the `link` feature. Without a driver it fails, loudly.
#![cfg(feature = "gpu-tests")]

use cuda_sys::*;

#[test]
fn init_context_alloc_free() {
    unsafe {
        let code = cuInit(0);
        assert_eq!(code, CUDA_SUCCESS, "gpu-tests needs a CUDA GPU and driver: {:?}", loader::explain(code));
        let how = if cfg!(feature = "link") { "linked" } else { "loaded" };
        let loader = format!("libcuda {how} from {}", loader::library_path().unwrap().display());

        let mut count = 0;
        assert_eq!(cuDeviceGetCount(&mut count), CUDA_SUCCESS);
        assert!(count >= 1);
        let mut device: CUdevice = -1;
        assert_eq!(cuDeviceGet(&mut device, 0), CUDA_SUCCESS);

        let mut context: CUcontext = std::ptr::null_mut();
        #[cfg(any(cuda_major = "11", cuda_major = "12"))]
        assert_eq!(cuCtxCreate(&mut context, CU_CTX_SCHED_AUTO, device), CUDA_SUCCESS);
        #[cfg(not(any(cuda_major = "11", cuda_major = "12")))]
        assert_eq!(cuCtxCreate(&mut context, std::ptr::null_mut(), CU_CTX_SCHED_AUTO, device), CUDA_SUCCESS);
        assert!(!context.is_null());

        let mut pointer: CUdeviceptr = 0;
        assert_eq!(cuMemAlloc(&mut pointer, 1 << 20), CUDA_SUCCESS);
        assert_ne!(pointer, 0);
        assert_eq!(cuMemsetD32(pointer, 0x4142_4344, 1 << 18), CUDA_SUCCESS);
        let mut back = [0u32; 4];
        assert_eq!(cuMemcpyDtoH(back.as_mut_ptr().cast(), pointer, 16), CUDA_SUCCESS);
        assert_eq!(back, [0x4142_4344; 4]);
        assert_eq!(cuMemFree(pointer), CUDA_SUCCESS);
        assert_eq!(cuCtxDestroy(context), CUDA_SUCCESS);
        println!(
            "cuda-sys alone ({loader}, cuda.h {CUDA_VERSION}): {count} device(s), context {context:p}, \
             1 MiB at {pointer:#x} set and read back, freed"
        );
    }
}
