//! C's spellings compile: each line below is written as a C port writes it (the C is in the
//! comment beside it), against whichever header this build used. Compiling this file is most
//! of the test; run, the calls must fail cleanly, since the loader is pointed at no driver.
//! PORTING.md explains each construct.
#![cfg(not(feature = "link"))]
#![allow(non_snake_case)]

use core::ffi::{c_char, c_void};
use std::mem::zeroed;

use cuda_sys::*;

/// A host function, as `cuLaunchHostFunc` and host graph nodes take it.
unsafe extern "C" fn myCallback(_data: *mut c_void) {}

/// The calls as C spells them, with each call's result.
///
/// # Safety
/// Only where no driver can be reached: the placeholder handles are then never read.
unsafe fn calls_spelled_as_in_c() -> Vec<CUresult> {
    let mut ctx: CUcontext = std::ptr::null_mut();
    let dev: CUdevice = 0;
    let mut s: CUstream = std::ptr::null_mut();
    let mut p: CUdeviceptr = 0;
    let mut v = 0;
    let x = 555.0f32;
    let ptr = std::ptr::null_mut::<f32>();
    let mut exec: CUgraphExec = std::ptr::null_mut();
    let g: CUgraph = std::ptr::null_mut();
    let data: *mut c_void = std::ptr::null_mut();
    // SAFETY: the caller's (see above).
    unsafe {
        vec![
            create_context(&mut ctx, CU_CTX_SCHED_AUTO, dev),
            create_context(&mut ctx, CU_CTX_SCHED_AUTO | CU_CTX_MAP_HOST, dev),
            cuStreamCreate(&mut s, CU_STREAM_NON_BLOCKING),
            cuMemAllocManaged(&mut p, 1024, CU_MEM_ATTACH_GLOBAL),
            cuDeviceGetAttribute(&mut v, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
            cuMemsetD32(ptr as CUdeviceptr, x.to_bits(), 1), // *(int*)&x
            // cuLaunchHostFunc(stream, myCallback, data): a function pointer C may pass as
            // NULL is an Option in Rust.
            cuLaunchHostFunc(s, Some(myCallback), data),
            instantiate(&mut exec, g),
        ]
    }
}

/// `cuCtxCreate(&ctx, flags, dev)` exactly as written before CUDA 13.
#[cfg(not(cuda_ge = "13.0"))]
unsafe fn create_context(ctx: &mut CUcontext, flags: CUctx_flags, dev: CUdevice) -> CUresult {
    unsafe { cuCtxCreate(ctx, flags, dev) }
}

/// CUDA 13's `cuCtxCreate` takes a `CUctxCreateParams*` (null for none) before the flags.
#[cfg(cuda_ge = "13.0")]
unsafe fn create_context(ctx: &mut CUcontext, flags: CUctx_flags, dev: CUdevice) -> CUresult {
    unsafe { cuCtxCreate(ctx, std::ptr::null_mut(), flags, dev) }
}

/// `cuGraphInstantiate(&exec, g, CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH)`: the flag is
/// an enum value (u32), the parameter an `unsigned long long`; C widens, Rust writes `as u64`.
#[cfg(cuda_ge = "12.0")]
unsafe fn instantiate(exec: &mut CUgraphExec, g: CUgraph) -> CUresult {
    unsafe { cuGraphInstantiate(exec, g, CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH as u64) }
}

/// CUDA 11's `cuGraphInstantiate` is the 5-argument `cuGraphInstantiate_v2`.
#[cfg(not(cuda_ge = "12.0"))]
unsafe fn instantiate(exec: &mut CUgraphExec, g: CUgraph) -> CUresult {
    unsafe { cuGraphInstantiate(exec, g, std::ptr::null_mut(), std::ptr::null_mut(), 0) }
}

#[test]
fn calls_compile_and_fail_cleanly_without_a_driver() {
    // The only test in this process that calls: nothing else reads the variable.
    let nowhere = if cfg!(windows) { r"C:\nonexistent\nvcuda.dll" } else { "/nonexistent/libcuda.so.1" };
    std::env::set_var(cuda_sys::loader::LIBCUDA_PATH_VAR, nowhere);
    // SAFETY: the variable above points the loader at no driver.
    let codes = unsafe { calls_spelled_as_in_c() };
    assert_eq!(codes, vec![CUDA_ERROR_STUB_LIBRARY; codes.len()]);
}

#[test]
fn members_are_spelled_as_in_c() {
    let device: CUdevice = 3;
    // SAFETY: plain-data structs and unions, all zero as C's `= {}`; no call is made.
    unsafe {
        // CUmemAllocationProp prop = {};
        let mut prop: CUmemAllocationProp = zeroed();
        prop.r#type = CU_MEM_ALLOCATION_TYPE_PINNED; // prop.type = ...
        prop.location.r#type = CU_MEM_LOCATION_TYPE_DEVICE;
        prop.location.id = device; // an anonymous union's member from CUDA 13.5 on
        prop.allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_GENERIC as u8; // C narrows
        prop.allocFlags.usage = CU_MEM_CREATE_USAGE_TILE_POOL as u16;
        assert_eq!((prop.r#type, prop.location.id), (CU_MEM_ALLOCATION_TYPE_PINNED, 3));

        // CUDA_HOST_NODE_PARAMS hostParams = {}; hostParams.fn = myCallback;
        let mut hostParams: CUDA_HOST_NODE_PARAMS = zeroed();
        hostParams.r#fn = Some(myCallback);
        assert!(hostParams.r#fn.is_some());

        // CUstreamBatchMemOpParams op = {}; op.waitValue.value = 1;
        let mut op: CUstreamBatchMemOpParams = zeroed();
        op.waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
        op.waitValue.value = 1;
        op.waitValue.flags = CU_STREAM_WAIT_VALUE_GEQ;
        assert_eq!(op.waitValue.value, 1);

        // CUlaunchAttributeValue value; value.clusterDim = {4, 1, 1};
        let mut value: CUlaunchAttributeValue = zeroed();
        value.clusterDim = CUlaunchAttributeValue_union_clusterDim { x: 4, y: 1, z: 1 };
        assert_eq!(value.clusterDim.x, 4);

        // char reserved[CU_IPC_HANDLE_SIZE];
        let reserved: [c_char; CU_IPC_HANDLE_SIZE] = [0; CU_IPC_HANDLE_SIZE];
        assert_eq!(reserved.len(), 64);
    }
}

/// `CUgraphNodeParams` (CUDA 12.2 on): `params.kernel.func = f`, through its anonymous union.
#[cfg(cuda_ge = "12.2")]
#[test]
fn graph_node_params_reach_the_union_as_in_c() {
    let f: CUfunction = 0x1000 as CUfunction;
    // SAFETY: a plain-data struct, all zero; the handle is stored, never used.
    unsafe {
        let mut params: CUgraphNodeParams = zeroed();
        params.r#type = CU_GRAPH_NODE_TYPE_KERNEL;
        params.kernel.func = f;
        params.kernel.gridDimX = 4;
        assert_eq!(params.kernel.func, f);
        assert_eq!(params.kernel.gridDimX, 4);
    }
}
