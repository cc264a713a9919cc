//! On a machine with a CUDA GPU, driver and runtime (`--features gpu-tests`), through
//! cudart-sys alone: device count and properties, a stream, memory set and copied back, and a
//! runtime stream used by the driver as the `CUstream` it is. Without them it fails, loudly.
#![cfg(feature = "gpu-tests")]

use std::ffi::{c_void, CStr};

use cudart_sys::*;

#[test]
fn device_stream_memory_and_a_shared_stream() {
    unsafe {
        let mut count = 0;
        let code = cudaGetDeviceCount(&mut count);
        assert_eq!(
            code,
            cudaSuccess,
            "gpu-tests needs a CUDA GPU, driver and runtime: {:?}",
            loader::explain(code)
        );
        assert!(count >= 1);
        let mut prop: cudaDeviceProp = std::mem::zeroed();
        assert_eq!(cudaGetDeviceProperties(&mut prop, 0), cudaSuccess);
        let name = CStr::from_ptr(prop.name.as_ptr()).to_string_lossy().into_owned();

        let mut stream: cudaStream_t = std::ptr::null_mut();
        assert_eq!(cudaStreamCreate(&mut stream), cudaSuccess);
        let mut device: *mut c_void = std::ptr::null_mut();
        assert_eq!(cudaMalloc(&mut device, 1 << 20), cudaSuccess);
        assert_eq!(cudaMemsetAsync(device, 0x5A, 1 << 20, stream), cudaSuccess);
        let mut back = [0u8; 16];
        assert_eq!(
            cudaMemcpyAsync(back.as_mut_ptr().cast(), device, 16, cudaMemcpyDeviceToHost, stream),
            cudaSuccess
        );
        // The driver synchronizes the runtime's stream: the same CUstream.
        assert_eq!(cuda_sys::cuStreamSynchronize(stream), cuda_sys::CUDA_SUCCESS);
        assert_eq!(back, [0x5A; 16]);
        assert_eq!(cudaFree(device), cudaSuccess);
        assert_eq!(cudaStreamDestroy(stream), cudaSuccess);

        let mut runtime = 0;
        assert_eq!(cudaRuntimeGetVersion(&mut runtime), cudaSuccess);
        let loaded = match loader::library_path() {
            Ok(path) => path.display().to_string(),
            Err(e) => panic!("{e}"),
        };
        println!(
            "cudart-sys alone (runtime {runtime} from {loaded}, header {CUDART_VERSION}): {count} device(s), \
             device 0 {name}, 1 MiB set on a stream and read back through the driver's cuStreamSynchronize"
        );
    }
}
