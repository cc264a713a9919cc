//! Lesson 10: buffers and a stream with the Runtime API, the way a TensorRT inference sample
//! moves its data: which GPU it runs on (cudaGetDeviceProperties), a stream, a device buffer
//! (cudaMalloc) and a pinned host buffer (cudaMallocHost) for the input and for the output,
//! an async memset and async copies in and out on the stream, events timing the stream's work,
//! cudaStreamSynchronize before the host reads the output, and the error path of an
//! allocation that cannot succeed: the check says why, and the program carries on. Every call
//! goes through check_cuda!, the samples' CHECK macro, and everything is freed.
//! Run: `cargo run --example runtime_buffers`

use std::ffi::{c_void, CStr};
use std::mem::size_of;

use cuda_checked::{check_cuda, RuntimeError};
use cudart_sys::*;

/// Floats in the input and in the output binding: 1 Mi each (4 MiB).
const N: usize = 1 << 20;

fn main() -> Result<(), RuntimeError> {
    unsafe {
        // 1. The GPU. The runtime has no cuInit and no context to create: its first call that
        //    needs the device sets up the device's primary context (see runtime_driver_interop).
        //    (CUDA 12's header renames cudaGetDeviceProperties to cudaGetDeviceProperties_v2,
        //    for a larger cudaDeviceProp; the name a sample writes is the same in every version.)
        let device = 0;
        check_cuda!(cudaSetDevice(device))?;
        let mut prop: cudaDeviceProp = Default::default();
        check_cuda!(cudaGetDeviceProperties(&mut prop, device))?;
        println!("device {device}: {}", CStr::from_ptr(prop.name.as_ptr()).to_string_lossy());
        println!("  global memory      {:.1} GiB", prop.totalGlobalMem as f64 / (1u64 << 30) as f64);
        println!("  multiprocessors    {}", prop.multiProcessorCount);
        println!("  compute capability {}.{}", prop.major, prop.minor);
        // ANCHOR: buffers
        // 2. The stream all of the inference's work goes to, in order.
        let mut stream: cudaStream_t = std::ptr::null_mut();
        check_cuda!(cudaStreamCreate(&mut stream))?;

        // 3. Each binding gets a device buffer and a pinned (page-locked) host buffer. Pinned
        //    memory is what lets cudaMemcpyAsync return at once and the GPU copy on its own;
        //    from pageable memory the runtime would have to stage the copy through the CPU.
        let bytes = N * size_of::<f32>();
        let mut input_device: *mut c_void = std::ptr::null_mut();
        let mut output_device: *mut c_void = std::ptr::null_mut();
        check_cuda!(cudaMalloc(&mut input_device, bytes))?;
        check_cuda!(cudaMalloc(&mut output_device, bytes))?;
        // cudaMallocHost((void**)&input_host, bytes), the cast spelled as Rust spells it.
        let mut input_host: *mut f32 = std::ptr::null_mut();
        let mut output_host: *mut f32 = std::ptr::null_mut();
        check_cuda!(cudaMallocHost(&mut input_host as *mut *mut f32 as *mut *mut c_void, bytes))?;
        check_cuda!(cudaMallocHost(&mut output_host as *mut *mut f32 as *mut *mut c_void, bytes))?;
        for i in 0..N {
            *input_host.add(i) = i as f32;
            // What the GPU fails to write stays NaN, and the check below sees it.
            *output_host.add(i) = f32::NAN;
        }
        // ANCHOR_END: buffers
        // 4. Two events bracket the stream's work: the time the GPU took, not the host.
        let (mut start, mut stop): (cudaEvent_t, cudaEvent_t) = (std::ptr::null_mut(), std::ptr::null_mut());
        check_cuda!(cudaEventCreate(&mut start))?;
        check_cuda!(cudaEventCreate(&mut stop))?;
        // ANCHOR: flow
        // 5. One inference's data flow. Each call only queues its work on the stream and
        //    returns; the stream runs the work in the order it was queued.
        check_cuda!(cudaEventRecord(start, stream))?;
        check_cuda!(cudaMemsetAsync(output_device, 0, bytes, stream))?; // clear the output
        check_cuda!(cudaMemcpyAsync(
            input_device,
            input_host as *const c_void,
            bytes,
            cudaMemcpyHostToDevice,
            stream
        ))?;
        // Here a TensorRT sample runs the network on the stream (context->enqueueV3(stream)).
        // Any work on the stream serves the lesson: the GPU copies the input's first half to
        // the output. (runtime_driver_interop launches a kernel on a runtime stream.)
        check_cuda!(cudaMemcpyAsync(
            output_device,
            input_device,
            bytes / 2,
            cudaMemcpyDeviceToDevice,
            stream
        ))?;
        check_cuda!(cudaMemcpyAsync(
            output_host as *mut c_void,
            output_device,
            bytes,
            cudaMemcpyDeviceToHost,
            stream
        ))?;
        check_cuda!(cudaEventRecord(stop, stream))?;

        // 6. Until the stream has finished, output_host may still be being written: wait.
        check_cuda!(cudaStreamSynchronize(stream))?;
        let mut ms = 0.0f32;
        check_cuda!(cudaEventElapsedTime(&mut ms, start, stop))?;
        println!(
            "memset, {} MiB in, device copy, {} MiB out, on one stream: {ms:.3} ms",
            bytes >> 20,
            bytes >> 20
        );
        // ANCHOR_END: flow
        // 7. The check on the host: the first half is the input, the second the memset's zeros.
        let half = N / 2;
        let copied = (0..half).filter(|&i| *output_host.add(i) == i as f32).count();
        let zeros = (half..N).filter(|&i| *output_host.add(i) == 0.0).count();
        println!("output check: {copied} of {half} copied values and {zeros} of {} zeros correct", N - half);
        let mut correct = copied == half && zeros == N - half;
        // ANCHOR: error_path
        // 8. The error path. A sample's CHECK prints what failed; where an allocation may
        //    fail (a batch too big for this GPU, say), the sample prints and goes on without
        //    it. Here: twice the device's memory, which cudaMalloc cannot give.
        let too_much = 2 * prop.totalGlobalMem;
        let mut huge: *mut c_void = std::ptr::null_mut();
        match check_cuda!(cudaMalloc(&mut huge, too_much)) {
            Err(e) => println!("{e}"),
            Ok(()) => {
                eprintln!("cudaMalloc of {too_much} bytes succeeded, where the lesson expected it to fail");
                check_cuda!(cudaFree(huge))?;
                correct = false;
            }
        }
        // The runtime also keeps the failure as this thread's last error, which
        // cudaGetLastError returns and clears. A program that carries on clears it: otherwise
        // the next CHECK(cudaGetLastError()), after a kernel launch say, reports this old
        // failure as the launch's.
        let last = cudaGetLastError();
        println!("cudaGetLastError() = {last:?} (now cleared)");
        check_cuda!(cudaGetLastError())?;
        // ANCHOR_END: error_path
        // 9. Free everything. cudaDeviceReset is the runtime's counterpart of memory_alloc's
        //    cuCtxDestroy: it ends the primary context now, rather than at exit, so a leak
        //    checker sees the context end with nothing left in it.
        check_cuda!(cudaEventDestroy(start))?;
        check_cuda!(cudaEventDestroy(stop))?;
        check_cuda!(cudaFreeHost(input_host as *mut c_void))?;
        check_cuda!(cudaFreeHost(output_host as *mut c_void))?;
        check_cuda!(cudaFree(input_device))?;
        check_cuda!(cudaFree(output_device))?;
        check_cuda!(cudaStreamDestroy(stream))?;
        check_cuda!(cudaDeviceReset())?;

        if !correct {
            eprintln!("the output is wrong, or the oversized allocation did not fail");
            std::process::exit(1);
        }
    }
    println!("all {N} output values correct, everything freed");
    Ok(())
}
