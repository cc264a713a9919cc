//! NCCL lesson 1: one process drives every GPU of the machine, the shape of NVIDIA's NCCL
//! example "single process, single thread, multiple devices": ncclCommInitAll makes one
//! communicator per GPU at once; each GPU gets a send buffer, a receive buffer and a stream;
//! one ncclAllReduce per GPU is issued between ncclGroupStart and ncclGroupEnd (one thread
//! driving several GPUs must issue them all before any can finish, or it waits forever); each
//! stream is synchronized. Then, beyond the example, the result is checked on the host: GPU i
//! sends i + 1 in every element, so every element every GPU receives is 1 + 2 + ... + n.
//! Every call goes through check_cuda! or check_nccl!, NCCLCHECK's Rust spelling; NCCL's own
//! last error comes with the code.
//! Run: `cargo run --example nccl_all_gpus` (NCCL_NVLS_ENABLE=0 is set: see lessons::ranks)

use std::error::Error;
use std::ffi::{c_int, c_void, CStr};
use std::mem::size_of;

use cuda_checked::{check_cuda, check_nccl};
use cudart_sys::*;
use lessons::ranks;
use nccl_sys::*;

/// Floats per buffer, as in NVIDIA's example: 32 Mi (128 MiB).
const SIZE: usize = 32 * 1024 * 1024;

fn main() -> Result<(), Box<dyn Error>> {
    ranks::nvls_off();
    unsafe {
        let mut version: c_int = 0;
        check_nccl!(ncclGetVersion(&mut version))?;
        println!("NCCL {version} (ncclGetVersion); these bindings: nccl.h {NCCL_VERSION_CODE}");

        // ANCHOR: setup
        // Every GPU of the machine, in order.
        let mut n_dev: c_int = 0;
        check_cuda!(cudaGetDeviceCount(&mut n_dev))?;
        let devs: Vec<c_int> = (0..n_dev).collect();
        let n = n_dev as usize;

        // For each GPU: its buffers and its stream, created on that GPU.
        let mut sendbuff: Vec<*mut c_void> = vec![std::ptr::null_mut(); n];
        let mut recvbuff: Vec<*mut c_void> = vec![std::ptr::null_mut(); n];
        let mut s: Vec<cudaStream_t> = vec![std::ptr::null_mut(); n];
        let bytes = SIZE * size_of::<f32>();
        for i in 0..n {
            check_cuda!(cudaSetDevice(devs[i]))?;
            let mut prop: cudaDeviceProp = Default::default();
            check_cuda!(cudaGetDeviceProperties(&mut prop, devs[i]))?;
            println!("GPU {i}: {}", CStr::from_ptr(prop.name.as_ptr()).to_string_lossy());
            check_cuda!(cudaMalloc(&mut sendbuff[i], bytes))?;
            check_cuda!(cudaMalloc(&mut recvbuff[i], bytes))?;
            // GPU i sends i + 1 everywhere (the example sets 1 with cudaMemset; a float's
            // value other than 0 needs a copy); what it receives starts as NaN, so anything
            // NCCL does not write fails the check.
            let mine = vec![(i + 1) as f32; SIZE];
            check_cuda!(cudaMemcpy(sendbuff[i], mine.as_ptr().cast(), bytes, cudaMemcpyHostToDevice))?;
            check_cuda!(cudaMemset(recvbuff[i], 0xff, bytes))?;
            check_cuda!(cudaStreamCreate(&mut s[i]))?;
        }
        // ANCHOR_END: setup

        // ANCHOR: all_reduce
        // One communicator per GPU, all of one clique, in one call. No communicator exists
        // yet: NCCL's last error is the process's, asked with a null one.
        let mut comms: Vec<ncclComm_t> = vec![std::ptr::null_mut(); n];
        check_nccl!(ncclCommInitAll(comms.as_mut_ptr(), n_dev, devs.as_ptr()), std::ptr::null_mut())?;

        // The collective, once per GPU, as one group: NCCL starts them together at
        // ncclGroupEnd. Each runs on its GPU's stream; the calls return before it is done.
        check_nccl!(ncclGroupStart())?;
        for i in 0..n {
            check_nccl!(
                ncclAllReduce(sendbuff[i], recvbuff[i], SIZE, ncclFloat, ncclSum, comms[i], s[i]),
                comms[i]
            )?;
        }
        check_nccl!(ncclGroupEnd())?;

        // Wait for each GPU's stream: then its receive buffer holds the sum.
        for i in 0..n {
            check_cuda!(cudaSetDevice(devs[i]))?;
            check_cuda!(cudaStreamSynchronize(s[i]))?;
        }
        // ANCHOR_END: all_reduce

        // ANCHOR: check
        // The check the example leaves out: every element of every GPU's result.
        let expected = (n * (n + 1) / 2) as f32;
        let mut correct = 0;
        let mut received = vec![0f32; SIZE];
        for i in 0..n {
            check_cuda!(cudaSetDevice(devs[i]))?;
            check_cuda!(cudaMemcpy(
                received.as_mut_ptr().cast(),
                recvbuff[i],
                bytes,
                cudaMemcpyDeviceToHost
            ))?;
            let good = received.iter().filter(|&&x| x == expected).count();
            println!("GPU {i}: {good} of {SIZE} elements = {expected}");
            correct += good;
        }
        // ANCHOR_END: check

        // ANCHOR: cleanup
        // Free everything: buffers and streams on their GPU, then the communicators.
        for i in 0..n {
            check_cuda!(cudaSetDevice(devs[i]))?;
            check_cuda!(cudaFree(sendbuff[i]))?;
            check_cuda!(cudaFree(recvbuff[i]))?;
            check_cuda!(cudaStreamDestroy(s[i]))?;
        }
        for &comm in &comms {
            check_nccl!(ncclCommDestroy(comm))?;
        }
        // ANCHOR_END: cleanup

        if correct != n * SIZE {
            let wrong =
                format!("all-reduce over {n} GPUs: {correct} of {} elements are {expected}", n * SIZE);
            return Err(Box::new(ranks::Error(wrong)));
        }
        println!("all-reduce (sum) over {n} GPUs: all {} elements = {expected}", n * SIZE);
    }
    println!("Success");
    Ok(())
}
