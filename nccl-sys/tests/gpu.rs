//! On a machine with CUDA GPUs and NCCL (`--features gpu-tests`): one process, every GPU, one
//! all-reduce (sum) of `rank + 1`, each element checked on every GPU. Without a GPU it fails,
//! loudly. NCCL_NVLS_ENABLE=0 is set before NCCL starts (NVLink multicast can take a shared
//! machine's GPUs out of service).
#![cfg(feature = "gpu-tests")]

use std::ffi::{c_void, CStr};

use cudart_sys::*;
use nccl_sys::*;

const COUNT: usize = 1 << 20;

#[test]
fn all_reduce_over_every_gpu_sums_each_element() {
    std::env::set_var("NCCL_NVLS_ENABLE", "0");
    unsafe {
        let mut n = 0;
        let code = cudaGetDeviceCount(&mut n);
        assert_eq!(code, cudaSuccess, "gpu-tests needs a CUDA GPU: {:?}", cudart_sys::loader::explain(code));
        let mut version = 0;
        let code = ncclGetVersion(&mut version);
        assert_eq!(code, ncclSuccess, "gpu-tests needs NCCL: {:?}", nccl_sys::loader::explain(code));
        let mut comms: Vec<ncclComm_t> = vec![std::ptr::null_mut(); n as usize];
        let code = ncclCommInitAll(comms.as_mut_ptr(), n, std::ptr::null());
        let last = CStr::from_ptr(ncclGetLastError(std::ptr::null_mut())).to_string_lossy();
        assert_eq!(code, ncclSuccess, "ncclCommInitAll: {last}");
        let mut buffers = Vec::new();
        let mut streams = Vec::new();
        for rank in 0..n {
            assert_eq!(cudaSetDevice(rank), cudaSuccess);
            let mut buffer: *mut c_void = std::ptr::null_mut();
            assert_eq!(cudaMalloc(&mut buffer, COUNT * 4), cudaSuccess);
            let host = vec![(rank + 1) as f32; COUNT];
            assert_eq!(
                cudaMemcpy(buffer, host.as_ptr().cast(), COUNT * 4, cudaMemcpyHostToDevice),
                cudaSuccess
            );
            let mut stream: cudaStream_t = std::ptr::null_mut();
            assert_eq!(cudaStreamCreate(&mut stream), cudaSuccess);
            buffers.push(buffer);
            streams.push(stream);
        }
        assert_eq!(ncclGroupStart(), ncclSuccess);
        for rank in 0..n as usize {
            let code = ncclAllReduce(
                buffers[rank],
                buffers[rank],
                COUNT,
                ncclFloat,
                ncclSum,
                comms[rank],
                streams[rank],
            );
            assert_eq!(code, ncclSuccess);
        }
        assert_eq!(ncclGroupEnd(), ncclSuccess);
        let expected = (n * (n + 1) / 2) as f32;
        for rank in 0..n as usize {
            assert_eq!(cudaSetDevice(rank as i32), cudaSuccess);
            assert_eq!(cudaStreamSynchronize(streams[rank]), cudaSuccess);
            let mut host = vec![0f32; COUNT];
            assert_eq!(
                cudaMemcpy(host.as_mut_ptr().cast(), buffers[rank], COUNT * 4, cudaMemcpyDeviceToHost),
                cudaSuccess
            );
            assert!(host.iter().all(|&x| x == expected), "GPU {rank}: not {expected} everywhere");
            assert_eq!(cudaFree(buffers[rank]), cudaSuccess);
            assert_eq!(cudaStreamDestroy(streams[rank]), cudaSuccess);
            assert_eq!(ncclCommDestroy(comms[rank]), ncclSuccess);
        }
        println!("NCCL {version}: all-reduce over {n} GPUs = {expected} in every element");
    }
}
