//! The Runtime API under C's names, sharing the Driver API's types as `driver_types.h` and
//! `cuda.h` do, for whichever header this build used: checked on the API itself.
#![allow(non_snake_case)]

use cuda_sys::{CUevent, CUgraph, CUstream};
use cudart_sys::*;

macro_rules! same_function {
    ($a:path, $b:path, $ty:ty) => {
        assert_eq!($a as $ty as usize, $b as $ty as usize, "{} is not {}", stringify!($a), stringify!($b))
    };
}

#[test]
fn runtime_handles_are_the_driver_handles() {
    // A runtime stream is a CUstream, and the other way round, with no cast.
    let stream: cudaStream_t = std::ptr::null_mut();
    let driver: CUstream = stream;
    let back: cudaStream_t = driver;
    let event: CUevent = std::ptr::null_mut::<CUevent_st>() as cudaEvent_t;
    let graph: CUgraph = std::ptr::null_mut() as cudaGraph_t;
    assert!(back.is_null() && event.is_null() && graph.is_null());
    // cudaMemcpyAsync takes a CUstream, cuLaunchKernel a cudaStream_t.
    type CopyAsync = unsafe extern "C" fn(
        *mut core::ffi::c_void,
        *const core::ffi::c_void,
        usize,
        cudaMemcpyKind,
        CUstream,
    ) -> cudaError_t;
    let _: CopyAsync = cudaMemcpyAsync;
    let _: unsafe extern "C" fn(
        cuda_sys::CUfunction,
        u32,
        u32,
        u32,
        u32,
        u32,
        u32,
        u32,
        cudaStream_t,
        *mut *mut core::ffi::c_void,
        *mut *mut core::ffi::c_void,
    ) -> cuda_sys::CUresult = cuda_sys::cuLaunchKernel;
}

/// CUDA 12's header renames it to `_v2`; CUDA 13's declares it under its own name again.
#[cfg(all(cuda_ge = "12.0", not(cuda_ge = "13.0")))]
#[test]
fn cudaGetDeviceProperties_is_v2_in_cuda_12() {
    type Props = unsafe extern "C" fn(*mut cudaDeviceProp, core::ffi::c_int) -> cudaError_t;
    same_function!(cudaGetDeviceProperties, cudaGetDeviceProperties_v2, Props);
}

/// CUDA 13's header dropped the `_v2` rename: `cudaGetDeviceProperties` is the symbol itself
/// (libcudart.so.13 exports no `cudaGetDeviceProperties_v2`).
#[cfg(cuda_ge = "13.0")]
#[test]
fn cudaGetDeviceProperties_is_its_own_symbol_from_cuda_13() {
    assert!(loader::SYMBOLS.contains(&"cudaGetDeviceProperties"));
    assert!(!loader::SYMBOLS.contains(&"cudaGetDeviceProperties_v2"));
}

#[test]
fn ptds_has_the_per_thread_names_and_everything_else() {
    type Memcpy = unsafe extern "C" fn(
        *mut core::ffi::c_void,
        *const core::ffi::c_void,
        usize,
        cudaMemcpyKind,
    ) -> cudaError_t;
    same_function!(ptds::cudaMemcpy, cudaMemcpy_ptds, Memcpy);
    assert_ne!(cudaMemcpy as Memcpy as usize, cudaMemcpy_ptds as Memcpy as usize);
    type Malloc = unsafe extern "C" fn(*mut *mut core::ffi::c_void, usize) -> cudaError_t;
    same_function!(ptds::cudaMalloc, cudaMalloc, Malloc);
}

/// cudaError_t's numbers and names are the runtime header's (its shape is every library's, tested
/// once in cuda-loader's `loader_tests!`).
#[test]
fn cudaError_t_codes_are_the_headers() {
    assert_eq!(u32::from(cudaErrorMemoryAllocation), 2);
    assert_eq!(cudaError_t::from(0), cudaSuccess);
    assert_eq!(format!("{cudaErrorMemoryAllocation:?}"), "cudaErrorMemoryAllocation");
    assert!(cudaError_t::known().count() > 80);
    assert!(cudaError_t::known().all(|c| c.name().is_some_and(|n| n.starts_with("cuda"))));
}

#[test]
fn constants_have_c_values() {
    assert_eq!(cudaStreamLegacy as usize, 1);
    assert_eq!(cudaStreamPerThread as usize, 2);
    assert_eq!(cudaCpuDeviceId, -1);
    assert_eq!(cudaInvalidDeviceId, -2);
    assert_eq!(cudaMemcpyHostToDevice, 1);
    assert_eq!(cudaHostAllocDefault, 0);
    const _: () = assert!(CUDART_VERSION >= 11000);
}

#[test]
fn symbols_list_every_function_once_by_its_symbol() {
    let symbols = loader::SYMBOLS;
    assert!(symbols.len() > 300, "only {} symbols", symbols.len());
    for symbol in ["cudaMalloc", "cudaMemcpy", "cudaMemcpy_ptds", "cudaLaunchKernel_ptsz"] {
        assert!(symbols.contains(&symbol), "{symbol} missing");
    }
}
