//! `cuda_runtime.h`'s C++ layer, for ports of C++ code (hand-written; what it wraps is
//! generated): `use cudart_sys::cpp::*;` gives everything of the crate root plus what a `.cu`
//! or `.cpp` file gets from `#include <cuda_runtime.h>`, as [`ptds`] does for the
//! per-thread default stream.
//!
//! - **Templates** are generic functions of the same name: `T**` out-pointers
//!   (`cudaMalloc(&mut d_a, bytes)` on a `*mut f32`, no `(void**)` cast) and kernel handles
//!   (`cudaFuncGetAttributes(&mut attr, kernel)` on any pointer-like handle, see [`Entry`]).
//!   A C call with `void**` is the same call with `T = c_void`.
//! - **Other arities and default arguments** (`cudaEventCreate(&e, flags)`,
//!   `cudaMallocManaged(&p, n)`, `cudaMallocAsync(&p, n, pool, stream)`) are macros of the
//!   same name, taking every arity the header's overloads take: `cudaMallocManaged!(&mut p, n)`.
//!   The function of that name is the full-arity one. The default arguments
//!   `cuda_runtime_api.h` gives C functions in C++ (`cudaEventRecord(event)`, stream 0) are
//!   macros alike, generated from the header (`cudaEventRecord!(event)`).
//! - **`cudaOccupancyMaxPotentialBlockSize`** and its three siblings are computed here as the
//!   header's templates compute them, from the same runtime calls.
//! - `kernel<<<grid, block, shmem, stream>>>(a, b, n)` is `cuda_sys::launch!` (re-exported as
//!   [`launch!`](macro@crate::cpp::launch)); it launches a `cudaKernel_t` through `cudaLaunchKernel`.
//!   The variadic `cudaLaunchKernelEx(&config, kernel, args...)` is `cudaLaunchKernelEx!`, for
//!   a typed [`Kernel`] alike.
//! - Not here: the templates on `__device__` symbols (`cudaMemcpyToSymbol<T>`,
//!   `cudaGetSymbolAddress<T>`, ...), as Rust has no such symbols (a PTX module's globals are
//!   `cudaLibraryGetGlobal`'s), and the batch templates of CUDA 12.8 and later
//!   (`cudaMemcpyBatchAsync<T, U>`, `cudaMemPrefetchBatchAsync<T>`): call the C functions.
//!
//! C++'s reference: NVIDIA's
//! [C++ API Routines](https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__HIGHLEVEL.html).
//! The names here call the default-stream symbols, as C++ without
//! `CUDA_API_PER_THREAD_DEFAULT_STREAM` does.

#![allow(non_snake_case)]

use core::ffi::{c_int, c_uint, c_void};

pub use crate::*;
pub use cuda_sys::launch;
pub use cuda_sys::launch::Kernel;

/// A kernel as the templates take it (`T *func`): any pointer, such as a `cudaKernel_t` or a
/// `cudaFunction_t`, passed on as the `const void*` the C function takes.
pub trait Entry: Copy {
    fn entry(self) -> *const c_void;
}
impl<T> Entry for *const T {
    fn entry(self) -> *const c_void {
        self.cast()
    }
}
impl<T> Entry for *mut T {
    fn entry(self) -> *const c_void {
        self.cast_const().cast()
    }
}

/// The Runtime API, for `cuda_sys::launch`: `cudaLaunchKernel` launches a `cudaKernel_t`.
#[derive(Debug, Clone, Copy)]
pub enum Runtime {}

#[cfg(cuda_ge = "12.9")]
impl launch::Launch<Runtime> for cudaKernel_t {
    type Result = cudaError_t;
    unsafe fn launch(
        self,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: usize,
        stream: cudaStream_t,
        params: *mut *mut c_void,
    ) -> cudaError_t {
        let [x, y, z] = grid;
        let grid = dim3 { x, y, z };
        let [x, y, z] = block;
        let block = dim3 { x, y, z };
        unsafe { crate::cudaLaunchKernel(self.entry(), grid, block, params, shared_mem, stream) }
    }
}

// ---- Launches ----

/// `cudaLaunchKernel<T>`; the grid and block take what `dim3` converts from (`256`, `(16, 16)`).
///
/// # Safety
/// As `cudaLaunchKernel`.
pub unsafe fn cudaLaunchKernel(
    func: impl Entry,
    gridDim: impl Into<dim3>,
    blockDim: impl Into<dim3>,
    args: *mut *mut c_void,
    sharedMem: usize,
    stream: cudaStream_t,
) -> cudaError_t {
    unsafe { crate::cudaLaunchKernel(func.entry(), gridDim.into(), blockDim.into(), args, sharedMem, stream) }
}

/// `cudaLaunchCooperativeKernel<T>`.
///
/// # Safety
/// As `cudaLaunchCooperativeKernel`.
pub unsafe fn cudaLaunchCooperativeKernel(
    func: impl Entry,
    gridDim: impl Into<dim3>,
    blockDim: impl Into<dim3>,
    args: *mut *mut c_void,
    sharedMem: usize,
    stream: cudaStream_t,
) -> cudaError_t {
    unsafe {
        crate::cudaLaunchCooperativeKernel(
            func.entry(),
            gridDim.into(),
            blockDim.into(),
            args,
            sharedMem,
            stream,
        )
    }
}

// ---- Allocation: T** out-pointers ----

/// `cudaMalloc<T>(T **devPtr, size_t size)`.
///
/// # Safety
/// As `cudaMalloc`.
pub unsafe fn cudaMalloc<T>(devPtr: *mut *mut T, size: usize) -> cudaError_t {
    unsafe { crate::cudaMalloc(devPtr.cast(), size) }
}

/// `cudaMallocHost<T>(T **ptr, size_t size)`; with flags it is `cudaMallocHost!`.
///
/// # Safety
/// As `cudaMallocHost`.
pub unsafe fn cudaMallocHost<T>(ptr: *mut *mut T, size: usize) -> cudaError_t {
    unsafe { crate::cudaMallocHost(ptr.cast(), size) }
}

/// `cudaHostAlloc<T>`.
///
/// # Safety
/// As `cudaHostAlloc`.
pub unsafe fn cudaHostAlloc<T>(ptr: *mut *mut T, size: usize, flags: c_uint) -> cudaError_t {
    unsafe { crate::cudaHostAlloc(ptr.cast(), size, flags) }
}

/// `cudaHostGetDevicePointer<T>`.
///
/// # Safety
/// As `cudaHostGetDevicePointer`.
pub unsafe fn cudaHostGetDevicePointer<T, U>(
    pDevice: *mut *mut T,
    pHost: *mut U,
    flags: c_uint,
) -> cudaError_t {
    unsafe { crate::cudaHostGetDevicePointer(pDevice.cast(), pHost.cast(), flags) }
}

/// `cudaMallocManaged<T>`; `cudaMallocManaged!` leaves `flags` at `cudaMemAttachGlobal`.
///
/// # Safety
/// As `cudaMallocManaged`.
pub unsafe fn cudaMallocManaged<T>(devPtr: *mut *mut T, size: usize, flags: c_uint) -> cudaError_t {
    unsafe { crate::cudaMallocManaged(devPtr.cast(), size, flags) }
}

/// `cudaMallocPitch<T>`.
///
/// # Safety
/// As `cudaMallocPitch`.
pub unsafe fn cudaMallocPitch<T>(
    devPtr: *mut *mut T,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> cudaError_t {
    unsafe { crate::cudaMallocPitch(devPtr.cast(), pitch, width, height) }
}

/// `cudaMallocAsync<T>(T **ptr, size_t size, cudaStream_t stream)`; with a pool it is
/// `cudaMallocAsync!(&mut p, size, pool, stream)`.
///
/// # Safety
/// As `cudaMallocAsync`.
pub unsafe fn cudaMallocAsync<T>(ptr: *mut *mut T, size: usize, stream: cudaStream_t) -> cudaError_t {
    unsafe { crate::cudaMallocAsync(ptr.cast(), size, stream) }
}

/// `cudaMallocFromPoolAsync<T>`.
///
/// # Safety
/// As `cudaMallocFromPoolAsync`.
pub unsafe fn cudaMallocFromPoolAsync<T>(
    ptr: *mut *mut T,
    size: usize,
    memPool: cudaMemPool_t,
    stream: cudaStream_t,
) -> cudaError_t {
    unsafe { crate::cudaMallocFromPoolAsync(ptr.cast(), size, memPool, stream) }
}

/// `cudaStreamAttachMemAsync<T>`; `cudaStreamAttachMemAsync!` leaves `length` at 0 and
/// `flags` at `cudaMemAttachSingle`.
///
/// # Safety
/// As `cudaStreamAttachMemAsync`.
pub unsafe fn cudaStreamAttachMemAsync<T>(
    stream: cudaStream_t,
    devPtr: *mut T,
    length: usize,
    flags: c_uint,
) -> cudaError_t {
    unsafe { crate::cudaStreamAttachMemAsync(stream, devPtr.cast(), length, flags) }
}

// ---- Kernels' attributes ----

/// `cudaFuncGetAttributes<T>`.
///
/// # Safety
/// As `cudaFuncGetAttributes`.
pub unsafe fn cudaFuncGetAttributes(attr: *mut cudaFuncAttributes, entry: impl Entry) -> cudaError_t {
    unsafe { crate::cudaFuncGetAttributes(attr, entry.entry()) }
}

/// `cudaFuncSetAttribute<T>`.
///
/// # Safety
/// As `cudaFuncSetAttribute`.
pub unsafe fn cudaFuncSetAttribute(func: impl Entry, attr: cudaFuncAttribute, value: c_int) -> cudaError_t {
    unsafe { crate::cudaFuncSetAttribute(func.entry(), attr, value) }
}

/// `cudaFuncSetCacheConfig<T>`.
///
/// # Safety
/// As `cudaFuncSetCacheConfig`.
pub unsafe fn cudaFuncSetCacheConfig(func: impl Entry, cacheConfig: cudaFuncCache) -> cudaError_t {
    unsafe { crate::cudaFuncSetCacheConfig(func.entry(), cacheConfig) }
}

/// `cudaFuncGetName<T>`.
///
/// # Safety
/// As `cudaFuncGetName`.
#[cfg(cuda_ge = "12.9")]
pub unsafe fn cudaFuncGetName(name: *mut *const core::ffi::c_char, func: impl Entry) -> cudaError_t {
    unsafe { crate::cudaFuncGetName(name, func.entry()) }
}

/// `cudaGetKernel<T>`.
///
/// # Safety
/// As `cudaGetKernel`.
#[cfg(cuda_ge = "12.9")]
pub unsafe fn cudaGetKernel(kernelPtr: *mut cudaKernel_t, func: impl Entry) -> cudaError_t {
    unsafe { crate::cudaGetKernel(kernelPtr, func.entry()) }
}

/// `cudaLibraryGetGlobal<T>`.
///
/// # Safety
/// As `cudaLibraryGetGlobal`.
#[cfg(cuda_ge = "12.9")]
pub unsafe fn cudaLibraryGetGlobal<T>(
    dptr: *mut *mut T,
    bytes: *mut usize,
    library: cudaLibrary_t,
    name: *const core::ffi::c_char,
) -> cudaError_t {
    unsafe { crate::cudaLibraryGetGlobal(dptr.cast(), bytes, library, name) }
}

/// `cudaLibraryGetManaged<T>`.
///
/// # Safety
/// As `cudaLibraryGetManaged`.
#[cfg(cuda_ge = "12.9")]
pub unsafe fn cudaLibraryGetManaged<T>(
    dptr: *mut *mut T,
    bytes: *mut usize,
    library: cudaLibrary_t,
    name: *const core::ffi::c_char,
) -> cudaError_t {
    unsafe { crate::cudaLibraryGetManaged(dptr.cast(), bytes, library, name) }
}

/// `cudaLibraryGetUnifiedFunction<T>`.
///
/// # Safety
/// As `cudaLibraryGetUnifiedFunction`.
#[cfg(cuda_ge = "12.9")]
pub unsafe fn cudaLibraryGetUnifiedFunction<T>(
    fptr: *mut *mut T,
    library: cudaLibrary_t,
    symbol: *const core::ffi::c_char,
) -> cudaError_t {
    unsafe { crate::cudaLibraryGetUnifiedFunction(fptr.cast(), library, symbol) }
}

// ---- Occupancy ----

/// `cudaOccupancyMaxActiveBlocksPerMultiprocessor<T>`.
///
/// # Safety
/// As `cudaOccupancyMaxActiveBlocksPerMultiprocessor`.
pub unsafe fn cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    numBlocks: *mut c_int,
    func: impl Entry,
    blockSize: c_int,
    dynamicSMemSize: usize,
) -> cudaError_t {
    unsafe {
        crate::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            numBlocks,
            func.entry(),
            blockSize,
            dynamicSMemSize,
            cudaOccupancyDefault,
        )
    }
}

/// `cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags<T>`.
///
/// # Safety
/// As `cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags`.
pub unsafe fn cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    numBlocks: *mut c_int,
    func: impl Entry,
    blockSize: c_int,
    dynamicSMemSize: usize,
    flags: c_uint,
) -> cudaError_t {
    unsafe {
        crate::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            numBlocks,
            func.entry(),
            blockSize,
            dynamicSMemSize,
            flags,
        )
    }
}

/// `cudaOccupancyAvailableDynamicSMemPerBlock<T>`.
///
/// # Safety
/// As `cudaOccupancyAvailableDynamicSMemPerBlock`.
pub unsafe fn cudaOccupancyAvailableDynamicSMemPerBlock(
    dynamicSmemSize: *mut usize,
    func: impl Entry,
    numBlocks: c_int,
    blockSize: c_int,
) -> cudaError_t {
    unsafe {
        crate::cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, func.entry(), numBlocks, blockSize)
    }
}

/// `cudaOccupancyMaxPotentialClusterSize<T>`.
///
/// # Safety
/// As `cudaOccupancyMaxPotentialClusterSize`.
pub unsafe fn cudaOccupancyMaxPotentialClusterSize(
    clusterSize: *mut c_int,
    func: impl Entry,
    config: *const cudaLaunchConfig_t,
) -> cudaError_t {
    unsafe { crate::cudaOccupancyMaxPotentialClusterSize(clusterSize, func.entry(), config) }
}

/// `cudaOccupancyMaxActiveClusters<T>`.
///
/// # Safety
/// As `cudaOccupancyMaxActiveClusters`.
pub unsafe fn cudaOccupancyMaxActiveClusters(
    numClusters: *mut c_int,
    func: impl Entry,
    config: *const cudaLaunchConfig_t,
) -> cudaError_t {
    unsafe { crate::cudaOccupancyMaxActiveClusters(numClusters, func.entry(), config) }
}

/// `cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`: the block size with the most
/// resident threads per multiprocessor for `func`, whose dynamic shared memory depends on the
/// block size, and the smallest grid that fills the device with such blocks.
///
/// As the header computes it: every block size from the limit (the device's, the kernel's and
/// `blockSizeLimit`, the smallest that is not 0) down, in steps of the warp size, asking the
/// runtime how many blocks of it fit on a multiprocessor; the first size that reaches the
/// multiprocessor's thread limit ends the search, ties keep the larger block.
///
/// # Safety
/// `minGridSize` and `blockSize` are null (an error, as in C++) or writable; `func` is a live
/// kernel handle of the current device.
pub unsafe fn cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    minGridSize: *mut c_int,
    blockSize: *mut c_int,
    func: impl Entry,
    mut blockSizeToDynamicSMemSize: impl FnMut(c_int) -> usize,
    blockSizeLimit: c_int,
    flags: c_uint,
) -> cudaError_t {
    if minGridSize.is_null() || blockSize.is_null() || func.entry().is_null() {
        return cudaErrorInvalidValue;
    }
    macro_rules! tri {
        ($call:expr) => {
            let status = unsafe { $call };
            if status != cudaSuccess {
                return status;
            }
        };
    }
    let mut device = 0;
    tri!(crate::cudaGetDevice(&mut device));
    let attribute = |attr| {
        let mut value = 0;
        let status = unsafe { crate::cudaDeviceGetAttribute(&mut value, attr, device) };
        if status == cudaSuccess {
            Ok(value)
        } else {
            Err(status)
        }
    };
    let limits = (|| {
        Ok((
            attribute(cudaDevAttrMaxThreadsPerMultiProcessor)?,
            attribute(cudaDevAttrWarpSize)?,
            attribute(cudaDevAttrMaxThreadsPerBlock)?,
            attribute(cudaDevAttrMultiProcessorCount)?,
        ))
    })();
    let (occupancy_limit, granularity, device_max_block, multiprocessors) = match limits {
        Ok(limits) => limits,
        Err(status) => return status,
    };
    let mut attr = cudaFuncAttributes::default();
    tri!(crate::cudaFuncGetAttributes(&mut attr, func.entry()));
    if granularity <= 0 {
        return cudaErrorInvalidValue; // no device reports this; it would never end below
    }

    let mut limit = if blockSizeLimit == 0 { device_max_block } else { blockSizeLimit };
    limit = limit.min(device_max_block).min(attr.maxThreadsPerBlock);
    let (mut best_block, mut best_blocks, mut best_occupancy) = (0, 0, 0);
    // Round up to the warp size; the first try is `limit` itself.
    let mut aligned = (limit + granularity - 1) / granularity * granularity;
    while aligned > 0 {
        let try_size = limit.min(aligned);
        let mut blocks = 0;
        tri!(crate::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &mut blocks,
            func.entry(),
            try_size,
            blockSizeToDynamicSMemSize(try_size),
            flags,
        ));
        let threads = try_size * blocks;
        if threads > best_occupancy {
            (best_block, best_blocks, best_occupancy) = (try_size, blocks, threads);
        }
        if best_occupancy == occupancy_limit {
            break;
        }
        aligned -= granularity;
    }
    unsafe {
        *minGridSize = best_blocks * multiprocessors;
        *blockSize = best_block;
    }
    cudaSuccess
}

/// `cudaOccupancyMaxPotentialBlockSizeVariableSMem` (flags `cudaOccupancyDefault`).
///
/// # Safety
/// As [`cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`].
pub unsafe fn cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    minGridSize: *mut c_int,
    blockSize: *mut c_int,
    func: impl Entry,
    blockSizeToDynamicSMemSize: impl FnMut(c_int) -> usize,
    blockSizeLimit: c_int,
) -> cudaError_t {
    unsafe {
        cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
            minGridSize,
            blockSize,
            func,
            blockSizeToDynamicSMemSize,
            blockSizeLimit,
            cudaOccupancyDefault,
        )
    }
}

/// `cudaOccupancyMaxPotentialBlockSize`: the same search with a fixed dynamic shared memory
/// size. `cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, func)` leaves the last
/// two at 0, as C++ does.
///
/// # Safety
/// As [`cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`].
pub unsafe fn cudaOccupancyMaxPotentialBlockSize(
    minGridSize: *mut c_int,
    blockSize: *mut c_int,
    func: impl Entry,
    dynamicSMemSize: usize,
    blockSizeLimit: c_int,
) -> cudaError_t {
    unsafe {
        cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
            minGridSize,
            blockSize,
            func,
            |_| dynamicSMemSize,
            blockSizeLimit,
            cudaOccupancyDefault,
        )
    }
}

/// `cudaOccupancyMaxPotentialBlockSizeWithFlags`.
///
/// # Safety
/// As [`cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags`].
pub unsafe fn cudaOccupancyMaxPotentialBlockSizeWithFlags(
    minGridSize: *mut c_int,
    blockSize: *mut c_int,
    func: impl Entry,
    dynamicSMemSize: usize,
    blockSizeLimit: c_int,
    flags: c_uint,
) -> cudaError_t {
    unsafe {
        cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
            minGridSize,
            blockSize,
            func,
            |_| dynamicSMemSize,
            blockSizeLimit,
            flags,
        )
    }
}

// ---- Overloads of other arity, and default arguments: macros of the same names ----

/// `cudaEventCreate(&event)` or `cudaEventCreate(&event, flags)` (`cudaEventCreateWithFlags`).
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaEventCreate {
    ($event:expr $(,)?) => {
        $crate::cudaEventCreate($event)
    };
    ($event:expr, $flags:expr $(,)?) => {
        $crate::cudaEventCreateWithFlags($event, $flags)
    };
}
pub use crate::__cpp_cudaEventCreate as cudaEventCreate;

/// `cudaMallocHost(&p, size)` or `cudaMallocHost(&p, size, flags)` (`cudaHostAlloc`).
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaMallocHost {
    ($ptr:expr, $size:expr $(,)?) => {
        $crate::cpp::cudaMallocHost($ptr, $size)
    };
    ($ptr:expr, $size:expr, $flags:expr $(,)?) => {
        $crate::cpp::cudaHostAlloc($ptr, $size, $flags)
    };
}
pub use crate::__cpp_cudaMallocHost as cudaMallocHost;

/// `cudaMallocManaged(&p, size [, flags = cudaMemAttachGlobal])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaMallocManaged {
    ($ptr:expr, $size:expr $(,)?) => {
        $crate::cpp::cudaMallocManaged($ptr, $size, $crate::cudaMemAttachGlobal)
    };
    ($ptr:expr, $size:expr, $flags:expr $(,)?) => {
        $crate::cpp::cudaMallocManaged($ptr, $size, $flags)
    };
}
pub use crate::__cpp_cudaMallocManaged as cudaMallocManaged;

/// `cudaMallocAsync(&p, size, stream)` or `cudaMallocAsync(&p, size, pool, stream)`
/// (`cudaMallocFromPoolAsync`).
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaMallocAsync {
    ($ptr:expr, $size:expr, $stream:expr $(,)?) => {
        $crate::cpp::cudaMallocAsync($ptr, $size, $stream)
    };
    ($ptr:expr, $size:expr, $pool:expr, $stream:expr $(,)?) => {
        $crate::cpp::cudaMallocFromPoolAsync($ptr, $size, $pool, $stream)
    };
}
pub use crate::__cpp_cudaMallocAsync as cudaMallocAsync;

/// `cudaStreamAttachMemAsync(stream, p [, length = 0 [, flags = cudaMemAttachSingle]])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaStreamAttachMemAsync {
    ($stream:expr, $ptr:expr $(,)?) => {
        $crate::cpp::cudaStreamAttachMemAsync($stream, $ptr, 0, $crate::cudaMemAttachSingle)
    };
    ($stream:expr, $ptr:expr, $length:expr $(,)?) => {
        $crate::cpp::cudaStreamAttachMemAsync($stream, $ptr, $length, $crate::cudaMemAttachSingle)
    };
    ($stream:expr, $ptr:expr, $length:expr, $flags:expr $(,)?) => {
        $crate::cpp::cudaStreamAttachMemAsync($stream, $ptr, $length, $flags)
    };
}
pub use crate::__cpp_cudaStreamAttachMemAsync as cudaStreamAttachMemAsync;

/// `cudaLaunchKernel(func, grid, block, args [, sharedMem = 0 [, stream = 0]])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaLaunchKernel {
    ($func:expr, $grid:expr, $block:expr, $args:expr $(,)?) => {
        $crate::cpp::cudaLaunchKernel($func, $grid, $block, $args, 0, ::core::ptr::null_mut())
    };
    ($func:expr, $grid:expr, $block:expr, $args:expr, $shmem:expr $(,)?) => {
        $crate::cpp::cudaLaunchKernel($func, $grid, $block, $args, $shmem, ::core::ptr::null_mut())
    };
    ($func:expr, $grid:expr, $block:expr, $args:expr, $shmem:expr, $stream:expr $(,)?) => {
        $crate::cpp::cudaLaunchKernel($func, $grid, $block, $args, $shmem, $stream)
    };
}
pub use crate::__cpp_cudaLaunchKernel as cudaLaunchKernel;

/// `cudaLaunchCooperativeKernel(func, grid, block, args [, sharedMem = 0 [, stream = 0]])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaLaunchCooperativeKernel {
    ($func:expr, $grid:expr, $block:expr, $args:expr $(,)?) => {
        $crate::cpp::cudaLaunchCooperativeKernel($func, $grid, $block, $args, 0, ::core::ptr::null_mut())
    };
    ($func:expr, $grid:expr, $block:expr, $args:expr, $shmem:expr $(,)?) => {
        $crate::cpp::cudaLaunchCooperativeKernel($func, $grid, $block, $args, $shmem, ::core::ptr::null_mut())
    };
    ($func:expr, $grid:expr, $block:expr, $args:expr, $shmem:expr, $stream:expr $(,)?) => {
        $crate::cpp::cudaLaunchCooperativeKernel($func, $grid, $block, $args, $shmem, $stream)
    };
}
pub use crate::__cpp_cudaLaunchCooperativeKernel as cudaLaunchCooperativeKernel;

/// `cudaLaunchKernelEx(&config, kernel, args...)`: the variadic template, for a typed
/// [`Kernel`] (C++ converts each argument to the kernel's parameter type, and so does this: the
/// arguments are values, kept in locals whose addresses `cudaLaunchKernelExC` gets).
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaLaunchKernelEx {
    ($config:expr, $($kernel:ident).+ $(, $arg:expr)* $(,)?) => {{
        let kernel = &$($kernel).+;
        let mut args = kernel.__args(($($arg,)*));
        let mut pointers = $crate::cpp::launch::KernelArgs::pointers(&mut args);
        $crate::cudaLaunchKernelExC(
            $config,
            $crate::cpp::Entry::entry(kernel.function),
            ::core::convert::AsMut::<[*mut ::core::ffi::c_void]>::as_mut(&mut pointers).as_mut_ptr(),
        )
    }};
}
pub use crate::__cpp_cudaLaunchKernelEx as cudaLaunchKernelEx;

/// `cudaOccupancyMaxPotentialBlockSize(&grid, &block, func [, dynamicSMemSize = 0
/// [, blockSizeLimit = 0]])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaOccupancyMaxPotentialBlockSize {
    ($grid:expr, $block:expr, $func:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSize($grid, $block, $func, 0, 0)
    };
    ($grid:expr, $block:expr, $func:expr, $smem:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSize($grid, $block, $func, $smem, 0)
    };
    ($grid:expr, $block:expr, $func:expr, $smem:expr, $limit:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSize($grid, $block, $func, $smem, $limit)
    };
}
pub use crate::__cpp_cudaOccupancyMaxPotentialBlockSize as cudaOccupancyMaxPotentialBlockSize;

/// `cudaOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, func [, dynamicSMemSize = 0
/// [, blockSizeLimit = 0 [, flags = 0]]])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaOccupancyMaxPotentialBlockSizeWithFlags {
    ($grid:expr, $block:expr, $func:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeWithFlags($grid, $block, $func, 0, 0, 0)
    };
    ($grid:expr, $block:expr, $func:expr, $smem:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeWithFlags($grid, $block, $func, $smem, 0, 0)
    };
    ($grid:expr, $block:expr, $func:expr, $smem:expr, $limit:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeWithFlags($grid, $block, $func, $smem, $limit, 0)
    };
    ($grid:expr, $block:expr, $func:expr, $smem:expr, $limit:expr, $flags:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeWithFlags($grid, $block, $func, $smem, $limit, $flags)
    };
}
pub use crate::__cpp_cudaOccupancyMaxPotentialBlockSizeWithFlags as cudaOccupancyMaxPotentialBlockSizeWithFlags;

/// `cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, func, smemOfBlockSize
/// [, blockSizeLimit = 0])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaOccupancyMaxPotentialBlockSizeVariableSMem {
    ($grid:expr, $block:expr, $func:expr, $smem:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeVariableSMem($grid, $block, $func, $smem, 0)
    };
    ($grid:expr, $block:expr, $func:expr, $smem:expr, $limit:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeVariableSMem($grid, $block, $func, $smem, $limit)
    };
}
pub use crate::__cpp_cudaOccupancyMaxPotentialBlockSizeVariableSMem as cudaOccupancyMaxPotentialBlockSizeVariableSMem;

/// `cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(&grid, &block, func,
/// smemOfBlockSize [, blockSizeLimit = 0 [, flags = 0]])`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags {
    ($grid:expr, $block:expr, $func:expr, $smem:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
            $grid, $block, $func, $smem, 0, 0,
        )
    };
    ($grid:expr, $block:expr, $func:expr, $smem:expr, $limit:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
            $grid, $block, $func, $smem, $limit, 0,
        )
    };
    ($grid:expr, $block:expr, $func:expr, $smem:expr, $limit:expr, $flags:expr $(,)?) => {
        $crate::cpp::cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
            $grid, $block, $func, $smem, $limit, $flags,
        )
    };
}
pub use crate::__cpp_cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags as cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags;

/// `cudaGraphInstantiate(&exec, graph [, flags = 0])`, or C++'s old five-argument form
/// `cudaGraphInstantiate(&exec, graph, errorNode, logBuffer, bufferSize)`, whose last three the
/// header ignores.
#[cfg(cuda_ge = "12.0")]
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaGraphInstantiate {
    ($exec:expr, $graph:expr $(,)?) => {
        $crate::cudaGraphInstantiate($exec, $graph, 0)
    };
    ($exec:expr, $graph:expr, $flags:expr $(,)?) => {
        $crate::cudaGraphInstantiate($exec, $graph, $flags)
    };
    ($exec:expr, $graph:expr, $error_node:expr, $log:expr, $size:expr $(,)?) => {{
        let _ = ($error_node, $log, $size);
        $crate::cudaGraphInstantiate($exec, $graph, 0)
    }};
}
#[cfg(cuda_ge = "12.0")]
pub use crate::__cpp_cudaGraphInstantiate as cudaGraphInstantiate;

/// `cudaUserObjectCreate(&object, ptr, destroy, count, flags)` as C has it, or C++'s
/// `cudaUserObjectCreate(&object, Box::new(value), count, flags)`: the object owns the box and
/// drops it when the last reference goes (C++ `delete`s its `new`ed object); if the call fails,
/// the box is dropped here.
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaUserObjectCreate {
    ($object:expr, $ptr:expr, $destroy:expr, $count:expr, $flags:expr $(,)?) => {
        $crate::cudaUserObjectCreate($object, $ptr, $destroy, $count, $flags)
    };
    ($object:expr, $boxed:expr, $count:expr, $flags:expr $(,)?) => {
        $crate::cpp::__user_object_create($object, $boxed, $count, $flags as ::core::ffi::c_uint)
    };
}
pub use crate::__cpp_cudaUserObjectCreate as cudaUserObjectCreate;

#[doc(hidden)]
pub unsafe fn __user_object_create<T: Send + 'static>(
    object_out: *mut cudaUserObject_t,
    object: Box<T>,
    initialRefcount: c_uint,
    flags: c_uint,
) -> cudaError_t {
    unsafe extern "C" fn destroy<T>(object: *mut c_void) {
        drop(unsafe { Box::from_raw(object.cast::<T>()) });
    }
    let raw = Box::into_raw(object);
    let status = unsafe {
        crate::cudaUserObjectCreate(object_out, raw.cast(), Some(destroy::<T>), initialRefcount, flags)
    };
    if status != cudaSuccess {
        drop(unsafe { Box::from_raw(raw) });
    }
    status
}

/// `cudaGraphExecUpdate(exec, graph, &resultInfo)`, or C++'s old four-argument form
/// `cudaGraphExecUpdate(exec, graph, &errorNode, &updateResult)`, filled from the result info
/// as the header does.
#[cfg(cuda_ge = "12.0")]
#[doc(hidden)]
#[macro_export]
macro_rules! __cpp_cudaGraphExecUpdate {
    ($exec:expr, $graph:expr, $info:expr $(,)?) => {
        $crate::cudaGraphExecUpdate($exec, $graph, $info)
    };
    ($exec:expr, $graph:expr, $error_node:expr, $result:expr $(,)?) => {
        $crate::cpp::__graph_exec_update($exec, $graph, $error_node, $result)
    };
}
#[cfg(cuda_ge = "12.0")]
pub use crate::__cpp_cudaGraphExecUpdate as cudaGraphExecUpdate;

#[cfg(cuda_ge = "12.0")]
#[doc(hidden)]
pub unsafe fn __graph_exec_update(
    hGraphExec: cudaGraphExec_t,
    hGraph: cudaGraph_t,
    hErrorNode_out: *mut cudaGraphNode_t,
    updateResult_out: *mut cudaGraphExecUpdateResult,
) -> cudaError_t {
    let mut info = cudaGraphExecUpdateResultInfo::default();
    let status = unsafe { crate::cudaGraphExecUpdate(hGraphExec, hGraph, &mut info) };
    unsafe {
        if !hErrorNode_out.is_null() {
            *hErrorNode_out = info.errorNode;
        }
        if !updateResult_out.is_null() {
            *updateResult_out = info.result;
        }
    }
    status
}
