//! Lesson 11: the Runtime API and the Driver API in one program, in one context and on one
//! stream, as TensorRT code that launches its own PTX kernels does. The runtime sets the
//! device up (its primary context); the driver finds that context current, loads the
//! vector-add PTX into it (cuModuleLoadData) and launches the kernel with cuLaunchKernel on a
//! stream the runtime created; the runtime copies the data in and out on that same stream; the
//! host checks the sum. The comments say what a primary context is, against the context that
//! memory_alloc makes with cuCtxCreate.
//! Run: `cargo run --example runtime_driver_interop`

use std::ffi::c_void;
use std::mem::size_of;

use cuda_checked::{check_cuda, check_driver, CudaError};
use cuda_sys::*;
use cudart_sys::*;
use lessons::{launch_vector_add, load_vector_add};

const N: usize = 1 << 20;

// What a primary context is. The driver runs everything in a context: the process's address
// space on the GPU, and the modules, streams and events made in it. memory_alloc's cuCtxCreate
// makes a new context that belongs to its caller: current on the calling thread, known to no
// other code unless handed over, gone at cuCtxDestroy. A primary context is the one context per
// device that the driver keeps for sharing: whoever asks for it (cuDevicePrimaryCtxRetain)
// gets the same one, and it lives as long as anyone holds it (the driver counts). It is the
// context the runtime works in: for the runtime, a device and its primary context are the same
// thing. cudaSetDevice makes the device's primary context current on the calling thread, and
// cudaDeviceReset ends it. So memory_alloc in runtime terms is cudaSetDevice(0) where it has
// cuInit and cuCtxCreate, and cudaDeviceReset where it has cuCtxDestroy; but the runtime's
// context is the shared one, which cuBLAS, cuDNN and TensorRT work in as well.
// Runtime calls work in whatever context is current on their thread: had this program made a
// context with cuCtxCreate and left it current, the runtime would have used that one.

fn main() -> Result<(), CudaError> {
    unsafe {
        // ANCHOR: contexts
        // 1. The runtime sets up device 0. cudaSetDevice makes the device's primary context
        //    current on this thread (from CUDA 12 it also initialises it; before, the first
        //    call that needed it did, and cudaFree(NULL) is the usual way to force that).
        check_cuda!(cudaSetDevice(0))?;
        check_cuda!(cudaFree(std::ptr::null_mut()))?;

        // 2. The driver. The runtime has already initialised it (it runs on the same libcuda),
        //    so cuInit changes nothing here; the Driver API still asks for it first.
        check_driver!(cuInit(0))?;
        let mut device: CUdevice = 0;
        check_driver!(cuDeviceGet(&mut device, 0))?;
        let mut current: CUcontext = std::ptr::null_mut();
        check_driver!(cuCtxGetCurrent(&mut current))?;
        // Retaining counts as a use: released below.
        let mut primary: CUcontext = std::ptr::null_mut();
        check_driver!(cuDevicePrimaryCtxRetain(&mut primary, device))?;
        println!("current context (cuCtxGetCurrent)          = {current:p}");
        println!("primary context (cuDevicePrimaryCtxRetain) = {primary:p}");
        // ANCHOR_END: contexts
        if current.is_null() || current != primary {
            eprintln!(
                "the context current after the runtime's calls is not device 0's primary context: \
                 the runtime and this program's driver calls do not share one libcuda"
            );
            check_driver!(cuDevicePrimaryCtxRelease(device))?;
            std::process::exit(1);
        }
        println!("the runtime's context is device 0's primary context");

        // 3. The driver loads the PTX into the current context: the primary one, where the
        //    runtime's memory and streams live too.
        let (module, kernel) = load_vector_add()?;

        // 4. The runtime makes the stream and the buffers. Pinned host memory, so that the
        //    async copies are asynchronous.
        let mut stream: cudaStream_t = std::ptr::null_mut();
        check_cuda!(cudaStreamCreate(&mut stream))?;
        let bytes = N * size_of::<f32>();
        let mut device_buffers = [std::ptr::null_mut::<c_void>(); 3];
        for buffer in &mut device_buffers {
            check_cuda!(cudaMalloc(buffer, bytes))?;
        }
        let mut host_buffers = [std::ptr::null_mut::<c_void>(); 3];
        for buffer in &mut host_buffers {
            check_cuda!(cudaMallocHost(buffer, bytes))?;
        }
        let [d_a, d_b, d_c] = device_buffers;
        let [h_a, h_b, h_c] = host_buffers.map(|p| p.cast::<f32>());
        for i in 0..N {
            *h_a.add(i) = i as f32;
            *h_b.add(i) = (i + 1) as f32;
            *h_c.add(i) = f32::NAN;
        }

        // ANCHOR: launch
        // 5. Copies by the runtime, the kernel by the driver, all on the runtime's stream, in
        //    order: copy a and b in, add, copy c out.
        check_cuda!(cudaMemcpyAsync(d_a, h_a as *const c_void, bytes, cudaMemcpyHostToDevice, stream))?;
        check_cuda!(cudaMemcpyAsync(d_b, h_b as *const c_void, bytes, cudaMemcpyHostToDevice, stream))?;
        // A runtime device pointer is a CUdeviceptr (one address space): only the Rust type
        // differs, as `(CUdeviceptr)d_a` in C.
        // The runtime's cudaStream_t is the driver's CUstream, the same type: passed as it is to
        // the lessons' cuLaunchKernel of vector_add (lessons/src/lib.rs).
        let (a, b, c) = (d_a as CUdeviceptr, d_b as CUdeviceptr, d_c as CUdeviceptr);
        launch_vector_add(kernel, stream, a, b, c, N as u32)?;
        check_cuda!(cudaMemcpyAsync(h_c as *mut c_void, d_c, bytes, cudaMemcpyDeviceToHost, stream))?;
        check_cuda!(cudaStreamSynchronize(stream))?;
        // ANCHOR_END: launch

        // 6. The check on the host: c[i] = a[i] + b[i] = 2i + 1, exact in f32 at these sizes.
        let wrong = (0..N).filter(|&i| *h_c.add(i) != (2 * i + 1) as f32).count();
        let sum: f64 = (0..N).map(|i| *h_c.add(i) as f64).sum();
        println!("sum of c = {sum} (expected {})", (N as f64) * (N as f64));

        // ANCHOR: cleanup
        // 7. Free everything, each with the API that made it; give back the retain of step 2;
        //    then end the primary context (the runtime's hold on it) with cudaDeviceReset.
        check_driver!(cuModuleUnload(module))?;
        for buffer in host_buffers {
            check_cuda!(cudaFreeHost(buffer))?;
        }
        for buffer in device_buffers {
            check_cuda!(cudaFree(buffer))?;
        }
        check_cuda!(cudaStreamDestroy(stream))?;
        check_driver!(cuDevicePrimaryCtxRelease(device))?;
        check_cuda!(cudaDeviceReset())?;
        // ANCHOR_END: cleanup

        if wrong > 0 {
            eprintln!("{wrong} elements are wrong");
            std::process::exit(1);
        }
    }
    println!("all {N} elements correct");
    Ok(())
}
