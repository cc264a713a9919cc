//! What several lessons share: a context on a device, the vector-add kernel, a timer on CUDA
//! events, bandwidth measured with it (which the benchmarks share too), a chart, NVIDIA's
//! NVRTC helper (`nvrtc_helper`), the samples' comparison of a GPU's result with the host's, and
//! the TensorRT samples' common helpers (`trt_common`), and what the cuSOLVER samples share
//! (`helper_cusolver`, and `mmio`, their Matrix Market reader), and the NPP samples' images,
//! exception and PGM files (`util_npp`, their `Common/UtilNPP`).
//! Each lesson's own subject stays in its own file (`examples/`).

pub mod bandwidth;
pub mod chart;
pub mod compare;
pub mod conv;
pub mod cudnn_graph;
pub mod helper_cusolver;
pub mod mmio;
pub mod nvrtc_helper;
pub mod ranks;
pub mod samples;
pub mod util_npp;
// TensorRT's C++ ABI is bound for Linux only (nvinfer-sys).
#[cfg(not(windows))]
#[allow(non_snake_case)]
pub mod trt_common;

#[doc = include_str!("../../PORTING.md")]
pub mod porting {}

use std::ffi::c_void;

use cuda_checked::{check_driver, DriverResult};
use cuda_sys::*;

// ANCHOR: init_context
/// `cuInit(0)`, then a context on `device`, current on this thread.
///
/// CUDA 13 made `cuCtxCreate` the 4-argument `cuCtxCreate_v4`, whose extra
/// `CUctxCreateParams*` (execution affinity, CUDA-in-graphics) may be null; before, it was
/// the 3-argument `cuCtxCreate_v2`. `cfg(cuda_ge = "13.0")` comes from libcuda-sys's `DEP_LIBCUDA_SYS_VERSION` (build.rs).
pub fn init_context(device: CUdevice) -> DriverResult<CUcontext> {
    let mut context: CUcontext = std::ptr::null_mut();
    // SAFETY: cuInit takes a flag; cuCtxCreate writes the new context to a valid out-pointer
    // (and takes a null CUctxCreateParams as "none").
    unsafe {
        check_driver!(cuInit(0))?;
        #[cfg(not(cuda_ge = "13.0"))]
        check_driver!(cuCtxCreate(&mut context, CU_CTX_SCHED_AUTO, device))?;
        #[cfg(cuda_ge = "13.0")]
        check_driver!(cuCtxCreate(&mut context, std::ptr::null_mut(), CU_CTX_SCHED_AUTO, device))?;
    }
    Ok(context)
}
// ANCHOR_END: init_context

/// `c[i] = a[i] + b[i]` for `i < n`, as PTX (hand-written, see kernels/vector_add.ptx).
pub const VECTOR_ADD_PTX: &str = concat!(include_str!("../kernels/vector_add.ptx"), "\0");

/// Loads [`VECTOR_ADD_PTX`] into the current context: the module and its `vector_add` kernel.
pub fn load_vector_add() -> DriverResult<(CUmodule, CUfunction)> {
    let mut module: CUmodule = std::ptr::null_mut();
    let mut kernel: CUfunction = std::ptr::null_mut();
    // SAFETY: the image is NUL-terminated PTX; both out-pointers are valid; the kernel name is
    // a C string.
    unsafe {
        check_driver!(cuModuleLoadData(&mut module, VECTOR_ADD_PTX.as_ptr().cast()))?;
        check_driver!(cuModuleGetFunction(&mut kernel, module, c"vector_add".as_ptr()))?;
    }
    Ok((module, kernel))
}

// ANCHOR: launch
/// Launches `vector_add(a, b, c, n)` on `stream`, one thread per element.
///
/// # Safety
/// `a`, `b` and `c` are device allocations of at least `n` floats.
pub unsafe fn launch_vector_add(
    kernel: CUfunction,
    stream: CUstream,
    a: CUdeviceptr,
    b: CUdeviceptr,
    c: CUdeviceptr,
    n: u32,
) -> DriverResult<()> {
    let (mut a, mut b, mut c, mut n) = (a, b, c, n);
    // cuLaunchKernel takes an array of pointers, one to each argument's value.
    let mut args: [*mut c_void; 4] = [
        (&mut a as *mut CUdeviceptr).cast(),
        (&mut b as *mut CUdeviceptr).cast(),
        (&mut c as *mut CUdeviceptr).cast(),
        (&mut n as *mut u32).cast(),
    ];
    let block = 256;
    let grid = n.div_ceil(block);
    // SAFETY: `args` points at four live values of the kernel's parameter types; the buffers
    // are the caller's to vouch for (this function's contract).
    unsafe {
        check_driver!(cuLaunchKernel(
            kernel,
            grid,
            1,
            1,
            block,
            1,
            1,
            0,
            stream,
            args.as_mut_ptr(),
            std::ptr::null_mut()
        ))
    }
}
// ANCHOR_END: launch

/// A pair of CUDA events: milliseconds of GPU time between two points of a stream.
pub struct EventTimer {
    start: CUevent,
    stop: CUevent,
}

impl EventTimer {
    pub fn new() -> DriverResult<Self> {
        let (mut start, mut stop): (CUevent, CUevent) = (std::ptr::null_mut(), std::ptr::null_mut());
        // SAFETY: valid out-pointers for the two events.
        unsafe {
            check_driver!(cuEventCreate(&mut start, CU_EVENT_DEFAULT))?;
            check_driver!(cuEventCreate(&mut stop, CU_EVENT_DEFAULT))?;
        }
        Ok(EventTimer { start, stop })
    }

    /// Milliseconds that `work` took on `stream`, measured by events recorded around it.
    ///
    /// # Safety
    /// `stream` is a live stream of the current context, or null for the default stream.
    pub unsafe fn time(
        &self,
        stream: CUstream,
        work: impl FnOnce() -> DriverResult<()>,
    ) -> DriverResult<f32> {
        let mut ms = 0.0;
        // SAFETY: our two live events, on the caller's stream (this function's contract); a
        // valid out-pointer for the time.
        unsafe {
            check_driver!(cuEventRecord(self.start, stream))?;
            work()?;
            check_driver!(cuEventRecord(self.stop, stream))?;
            check_driver!(cuEventSynchronize(self.stop))?;
            check_driver!(cuEventElapsedTime(&mut ms, self.start, self.stop))?;
        }
        Ok(ms)
    }
}

impl Drop for EventTimer {
    fn drop(&mut self) {
        // Destroying can only fail if the context is already gone; nothing to do about it then.
        // SAFETY: our two events, never used again.
        unsafe {
            let _ = cuEventDestroy(self.start);
            let _ = cuEventDestroy(self.stop);
        }
    }
}

/// `4 KiB`, `16 MiB`: sizes as people say them.
pub fn human_bytes(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} B"),
    }
}
