//! NVIDIA's jitLto sample (C++: NVRTC, nvJitLink and the Driver API), ported line by line:
//! link-time optimization at run time. Two pieces of CUDA C++, a `saxpy` kernel calling an
//! `extern __device__` function and that function in another source, are each compiled by NVRTC
//! to LTO-IR (`-dlto`), the compiler's intermediate form; nvJitLink links the two for this GPU
//! (`-lto -arch=sm_90` on an H200), optimizing across them as one program, into a cubin the
//! driver loads and launches on 4096 numbers. Every linker call is `check_nvjitlink!`, whose error
//! carries the linker's error log, as the sample's `NVJITLINK_SAFE_CALL` prints it.
//!
//! One change of order: the driver is set up (and asked for the GPU's architecture) first, as the
//! other NVRTC lessons do, rather than after the compiles: without a driver there is nothing to
//! link for, and the lesson says so at `cuInit(0)`. Those calls print nothing, so the output is
//! the sample's. Added to the sample: a wrong result exits 1.
//! Run: `cargo run --example nvjitlink_jit_lto`

#[cfg(cuda_ge = "12.0")]
use std::ffi::{c_char, c_void, CStr, CString};
#[cfg(cuda_ge = "12.0")]
use std::io::Write as _;

use cuda_checked::{check_driver, CudaError};
#[cfg(cuda_ge = "12.0")]
use cuda_checked::{check_nvjitlink, check_nvrtc};
use cuda_sys::*;
#[cfg(cuda_ge = "12.0")]
use nvjitlink_sys::*;
#[cfg(cuda_ge = "12.0")]
use nvrtc_sys::*;

#[cfg(cuda_ge = "12.0")]
const NUM_THREADS: u32 = 128;
#[cfg(cuda_ge = "12.0")]
const NUM_BLOCKS: u32 = 32;

/// The kernel (`kernels/lto/`), which calls a function it only declares: LTO-IR keeps the call
/// open for the link. NUL-terminated, as NVRTC takes a source.
#[cfg(cuda_ge = "12.0")]
const LTO_SAXPY: &str = concat!(include_str!("../kernels/lto/lto_saxpy.cu"), "\0");

/// The function, in a source of its own.
#[cfg(cuda_ge = "12.0")]
const LTO_COMPUTE: &str = concat!(include_str!("../kernels/lto/lto_compute.cu"), "\0");

// ANCHOR: ltoir
/// `getLTOIR`: `code` compiled by NVRTC into LTO-IR (`-dlto`, with relocatable device code, as
/// a piece of a program to be linked). NVRTC's log is printed whatever happened, as the sample
/// does; a failed compile is the error, with the log in it.
#[cfg(cuda_ge = "12.0")]
fn get_ltoir(code: &str, name: &CStr) -> Result<Vec<u8>, CudaError> {
    let mut prog: nvrtcProgram = std::ptr::null_mut();
    let opts = [c"-dlto".as_ptr(), c"--relocatable-device-code=true".as_ptr()];
    // SAFETY: the source, name and options are C strings; prog lives from its creation to its
    // destruction; each buffer has the size NVRTC gave for it.
    unsafe {
        check_nvrtc!(nvrtcCreateProgram(
            &mut prog,
            code.as_ptr().cast(),
            name.as_ptr(),
            0,
            std::ptr::null(),
            std::ptr::null()
        ))?;
        let compile_result = nvrtcCompileProgram(prog, 2, opts.as_ptr());
        let mut log_size = 0;
        check_nvrtc!(nvrtcGetProgramLogSize(prog, &mut log_size))?;
        let mut log = vec![0u8; log_size.max(1)];
        check_nvrtc!(nvrtcGetProgramLog(prog, log.as_mut_ptr().cast()))?;
        println!("{}", CStr::from_bytes_until_nul(&log).map(CStr::to_string_lossy).unwrap_or_default());
        check_nvrtc!(compile_result, prog)?;
        let mut lto_ir_size = 0;
        check_nvrtc!(nvrtcGetLTOIRSize(prog, &mut lto_ir_size))?;
        let mut lto_ir = vec![0u8; lto_ir_size];
        check_nvrtc!(nvrtcGetLTOIR(prog, lto_ir.as_mut_ptr().cast()))?;
        check_nvrtc!(nvrtcDestroyProgram(&mut prog))?;
        Ok(lto_ir)
    }
}
// ANCHOR_END: ltoir

/// A float as `std::cout` writes one by default: `%g`, six significant digits.
#[cfg(cuda_ge = "12.0")]
fn cout(value: f32) -> String {
    let mut text = [0 as c_char; 32];
    // SAFETY: the buffer's length is passed with it; the format takes one double.
    unsafe { libc::snprintf(text.as_mut_ptr(), text.len(), c"%g".as_ptr(), f64::from(value)) };
    // SAFETY: snprintf wrote a C string into it.
    unsafe { CStr::from_ptr(text.as_ptr()) }.to_string_lossy().into_owned()
}

#[cfg(cuda_ge = "12.0")]
fn main() -> Result<(), CudaError> {
    // The driver first (see the top of this file): the device, a context, its architecture.
    let mut cu_device: CUdevice = 0;
    unsafe {
        check_driver!(cuInit(0))?;
        check_driver!(cuDeviceGet(&mut cu_device, 0))?;
    }
    let context = lessons::init_context(cu_device)?;
    let (major, minor) = lessons::nvrtc_helper::compute_capability(cu_device)?;
    let arch = major * 10 + minor;
    let smbuf = CString::new(format!("-arch=sm_{arch}")).expect("digits have no NUL");

    // nvJitLinkVersion came with CUDA 12.3.
    #[cfg(cuda_ge = "12.3")]
    {
        let (mut cuda_major, mut cuda_minor) = (0, 0);
        // SAFETY: valid out-pointers.
        let res = unsafe { nvJitLinkVersion(&mut cuda_major, &mut cuda_minor) };
        if res != NVJITLINK_SUCCESS {
            eprintln!("Version check failed");
        } else {
            println!("CUDA {cuda_major}.{cuda_minor}");
        }
    }
    #[cfg(not(cuda_ge = "12.3"))]
    eprintln!("Version check failed: nvJitLinkVersion came with CUDA 12.3's nvJitLink.h");

    // NVRTC gives the LTO-IR; `nvcc -dlto -fatbin` could too, offline.
    let lto_ir1 = get_ltoir(LTO_SAXPY, c"lto_saxpy.cu")?;
    let lto_ir2 = get_ltoir(LTO_COMPUTE, c"lto_compute.cu")?;

    // ANCHOR: link
    // Load the LTO-IR and link the two together, optimized as one program, for this GPU.
    let mut handle: nvJitLinkHandle = std::ptr::null_mut();
    let mut lopts = [c"-lto".as_ptr(), smbuf.as_ptr()];
    let cubin = unsafe {
        // (No log to read when there is no linker.)
        check_nvjitlink!(nvJitLinkCreate(&mut handle, 2, lopts.as_mut_ptr()))?;
        check_nvjitlink!(
            nvJitLinkAddData(
                handle,
                NVJITLINK_INPUT_LTOIR,
                lto_ir1.as_ptr().cast(),
                lto_ir1.len(),
                c"lto_saxpy".as_ptr()
            ),
            handle
        )?;
        check_nvjitlink!(
            nvJitLinkAddData(
                handle,
                NVJITLINK_INPUT_LTOIR,
                lto_ir2.as_ptr().cast(),
                lto_ir2.len(),
                c"lto_compute".as_ptr()
            ),
            handle
        )?;
        // The link itself: the two modules joined, optimized, and compiled to a cubin.
        check_nvjitlink!(nvJitLinkComplete(handle), handle)?;

        let mut log_size = 0;
        check_nvjitlink!(nvJitLinkGetErrorLogSize(handle, &mut log_size), handle)?;
        if log_size > 0 {
            let mut log = vec![0u8; log_size + 1];
            check_nvjitlink!(nvJitLinkGetErrorLog(handle, log.as_mut_ptr().cast()), handle)?;
            let log = CStr::from_bytes_until_nul(&log).map(CStr::to_string_lossy).unwrap_or_default();
            println!("Error log: {log}");
        }

        let mut cubin_size = 0;
        check_nvjitlink!(nvJitLinkGetLinkedCubinSize(handle, &mut cubin_size), handle)?;
        let mut cubin = vec![0u8; cubin_size];
        check_nvjitlink!(nvJitLinkGetLinkedCubin(handle, cubin.as_mut_ptr().cast()), handle)?;
        check_nvjitlink!(nvJitLinkDestroy(&mut handle))?;
        cubin
    };
    drop((lto_ir1, lto_ir2));
    // ANCHOR_END: link

    // The cubin is linked: the driver loads it.
    let mut module: CUmodule = std::ptr::null_mut();
    let mut kernel: CUfunction = std::ptr::null_mut();
    unsafe {
        check_driver!(cuModuleLoadData(&mut module, cubin.as_ptr().cast()))?;
        check_driver!(cuModuleGetFunction(&mut kernel, module, c"saxpy".as_ptr()))?;
    }

    // The input, and the output's buffers.
    let mut n = (NUM_THREADS * NUM_BLOCKS) as usize;
    let buffer_size = n * std::mem::size_of::<f32>();
    let mut a = 5.1f32;
    let h_x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let h_y: Vec<f32> = (0..n).map(|i| (i * 2) as f32).collect();
    let mut h_out = vec![0f32; n];
    let (mut d_x, mut d_y, mut d_out): (CUdeviceptr, CUdeviceptr, CUdeviceptr) = (0, 0, 0);
    unsafe {
        check_driver!(cuMemAlloc(&mut d_x, buffer_size))?;
        check_driver!(cuMemAlloc(&mut d_y, buffer_size))?;
        check_driver!(cuMemAlloc(&mut d_out, buffer_size))?;
        check_driver!(cuMemcpyHtoD(d_x, h_x.as_ptr().cast(), buffer_size))?;
        check_driver!(cuMemcpyHtoD(d_y, h_y.as_ptr().cast(), buffer_size))?;
        // SAXPY: a, x, y, out, n, each argument by its address.
        let mut args: [*mut c_void; 5] = [
            (&mut a as *mut f32).cast(),
            (&mut d_x as *mut CUdeviceptr).cast(),
            (&mut d_y as *mut CUdeviceptr).cast(),
            (&mut d_out as *mut CUdeviceptr).cast(),
            (&mut n as *mut usize).cast(),
        ];
        check_driver!(cuLaunchKernel(
            kernel,
            NUM_BLOCKS,
            1,
            1, // grid
            NUM_THREADS,
            1,
            1, // block
            0,
            std::ptr::null_mut(), // shared memory, stream
            args.as_mut_ptr(),
            std::ptr::null_mut()
        ))?;
        check_driver!(cuCtxSynchronize())?;
        check_driver!(cuMemcpyDtoH(h_out.as_mut_ptr().cast(), d_out, buffer_size))?;
    }

    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for i in 0..n {
        writeln!(out, "{} * {} + {} = {}", cout(a), cout(h_x[i]), cout(h_y[i]), cout(h_out[i]))
            .expect("stdout");
    }
    // The last value, as the sample checks it.
    let passed = h_out[n - 1] == 29074.5;
    writeln!(out, "{}", if passed { "PASSED!" } else { "values not expected?" }).expect("stdout");
    drop(out);

    unsafe {
        check_driver!(cuMemFree(d_x))?;
        check_driver!(cuMemFree(d_y))?;
        check_driver!(cuMemFree(d_out))?;
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuCtxDestroy(context))?;
    }
    if !passed {
        std::process::exit(1);
    }
    Ok(())
}

/// Built against headers older than CUDA 12.0, which have neither nvJitLink nor NVRTC's LTO-IR:
/// the driver first, as above, then what to do.
#[cfg(not(cuda_ge = "12.0"))]
fn main() -> Result<(), CudaError> {
    let mut cu_device: CUdevice = 0;
    unsafe {
        check_driver!(cuInit(0))?;
        check_driver!(cuDeviceGet(&mut cu_device, 0))?;
    }
    eprintln!(
        "nvjitlink_jit_lto needs nvJitLink, which came with CUDA 12.0, and was built against CUDA {}.{}'s headers: \
         build it against a CUDA 12.0 or newer toolkit (CUDA_PATH)",
        CUDA_VERSION / 1000,
        CUDA_VERSION % 1000 / 10
    );
    std::process::exit(1);
}
