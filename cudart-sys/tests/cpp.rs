//! `cudart_sys::cpp`: C++'s spellings compile and reach the C functions, the derives hold
//! across crates, and the occupancy search checks its input as the header's does. No GPU is
//! needed: without a runtime (or a driver) every call returns an error, which is what is
//! checked where a call is made. A missing runtime is a loaded one's (`link` and `static` have
//! theirs from the start), so these run where the runtime is loaded.
#![cfg(cuda_reach = "loaded")]
#![allow(non_snake_case)]
// C++ drops results; so do these tests where they say so, and nothing else may.
#![deny(unused_must_use)]

use std::ffi::c_void;
use std::ptr::null_mut;

use cudart_sys::cpp::*;

fn runtime_missing() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::env::set_var(loader::LIBCUDART_PATH_VAR, "/nonexistent/libcudart.so"));
}

#[test]
fn typed_out_pointers_need_no_cast() {
    runtime_missing();
    let mut d_a: *mut f32 = null_mut();
    let mut h_b: *mut u64 = null_mut();
    let mut m: *mut i32 = null_mut();
    let mut v: *mut c_void = null_mut();
    unsafe {
        // C++: cudaMalloc(&d_a, n), cudaMallocHost(&h_b, n, flags), cudaMallocManaged(&m, n).
        assert_ne!(cudaMalloc(&mut d_a, 1024), cudaSuccess);
        assert_ne!(cudaMallocHost!(&mut h_b, 1024), cudaSuccess);
        assert_ne!(cudaMallocHost!(&mut h_b, 1024, cudaHostAllocPortable), cudaSuccess);
        assert_ne!(cudaMallocManaged!(&mut m, 1024), cudaSuccess);
        assert_ne!(cudaMallocManaged!(&mut m, 1024, cudaMemAttachHost), cudaSuccess);
        assert_ne!(cudaMallocAsync!(&mut d_a, 1024, null_mut()), cudaSuccess);
        assert_ne!(cudaMallocAsync!(&mut d_a, 1024, null_mut(), null_mut()), cudaSuccess);
        assert_ne!(cudaStreamAttachMemAsync!(null_mut(), m), cudaSuccess);
        // C's `void**` is the same call with T = c_void.
        assert_ne!(cudaMalloc(&mut v, 1024), cudaSuccess);
    }
    assert!(d_a.is_null() && h_b.is_null() && m.is_null() && v.is_null());
}

#[test]
fn other_arities_reach_the_functions_the_header_calls() {
    runtime_missing();
    let mut event: cudaEvent_t = null_mut();
    unsafe {
        assert_ne!(cudaEventCreate!(&mut event), cudaSuccess);
        assert_ne!(cudaEventCreate!(&mut event, cudaEventDisableTiming), cudaSuccess);
        let mut args: [*mut c_void; 0] = [];
        let kernel: *const c_void = 1 as *const c_void;
        assert_ne!(cudaLaunchKernel!(kernel, 4, 256, args.as_mut_ptr()), cudaSuccess);
        assert_ne!(
            cudaLaunchKernel!(kernel, (4, 2), dim3::from(256), args.as_mut_ptr(), 0, null_mut()),
            cudaSuccess
        );
    }
    assert!(event.is_null());
}

/// `cuda_runtime_api.h`'s `__dv(0)`: C++ may leave those arguments out, and so may a port.
#[test]
fn default_arguments_of_the_c_functions() {
    runtime_missing();
    let event: cudaEvent_t = null_mut();
    let (src, mut dst) = ([0u8; 16], [0u8; 16]);
    unsafe {
        assert_ne!(cudaEventRecord!(event), cudaSuccess); // stream 0
        assert_ne!(cudaEventRecord!(event, null_mut()), cudaSuccess);
        assert_ne!(cudaMemcpyAsync!(dst.as_mut_ptr(), src.as_ptr(), 16, cudaMemcpyHostToHost), cudaSuccess);
        assert_ne!(cudaMemsetAsync!(dst.as_mut_ptr(), 0, 16), cudaSuccess);
    }
}

/// Every macro of other arities and default arguments with the fewest arguments C++ takes
/// (so with every default: each has the type its function takes) and with them all, each
/// reaching the runtime, which is missing.
#[test]
fn every_default_and_overload_reaches_the_runtime() {
    runtime_missing();
    fn code(status: impl Into<cudaError_t>) -> cudaError_t {
        status.into()
    }
    let (p, c): (*mut c_void, *const c_void) = (null_mut(), std::ptr::null());
    let (mut f, mut event, stream): (*mut f32, cudaEvent_t, cudaStream_t) =
        (null_mut(), null_mut(), null_mut());
    let (array, array_const): (cudaArray_t, cudaArray_const_t) = (null_mut(), std::ptr::null());
    let (graph, object): (cudaGraph_t, cudaUserObject_t) = (null_mut(), null_mut());
    let kernel: *const c_void = 1 as *const c_void;
    let mut args: [*mut c_void; 0] = [];
    let (mut grid, mut block) = (0, 0);
    let mut new_array: cudaArray_t = null_mut();
    let kind = cudaMemcpyHostToHost;
    unsafe {
        let desc: cudaChannelFormatDesc = std::mem::zeroed();
        let pitched: cudaPitchedPtr = std::mem::zeroed();
        let extent: cudaExtent = std::mem::zeroed();
        let mut reached = vec![
            code(cudaEventCreate!(&mut event)),
            code(cudaEventCreate!(&mut event, cudaEventDisableTiming)),
            code(cudaMallocHost!(&mut f, 4)),
            code(cudaMallocHost!(&mut f, 4, cudaHostAllocPortable)),
            code(cudaMallocManaged!(&mut f, 4)),
            code(cudaMallocManaged!(&mut f, 4, cudaMemAttachHost)),
            code(cudaMallocAsync!(&mut f, 4, stream)),
            code(cudaMallocAsync!(&mut f, 4, null_mut(), stream)),
            code(cudaStreamAttachMemAsync!(stream, f)),
            code(cudaStreamAttachMemAsync!(stream, f, 0, cudaMemAttachHost)),
            code(cudaLaunchKernel!(kernel, 1, 1, args.as_mut_ptr())),
            code(cudaLaunchKernel!(kernel, 1, 1, args.as_mut_ptr(), 0, stream)),
            code(cudaLaunchCooperativeKernel!(kernel, 1, 1, args.as_mut_ptr())),
            code(cudaLaunchCooperativeKernel!(kernel, 1, 1, args.as_mut_ptr(), 0, stream)),
            code(cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, kernel)),
            code(cudaOccupancyMaxPotentialBlockSizeWithFlags!(&mut grid, &mut block, kernel)),
            code(cudaOccupancyMaxPotentialBlockSizeWithFlags!(&mut grid, &mut block, kernel, 0, 0, 0)),
            code(cudaOccupancyMaxPotentialBlockSizeVariableSMem!(&mut grid, &mut block, kernel, |_| 0)),
            code(cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags!(
                &mut grid,
                &mut block,
                kernel,
                |_| 0
            )),
            code(cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags!(
                &mut grid,
                &mut block,
                kernel,
                |_| 0,
                0,
                0
            )),
            code(cudaMemcpyAsync!(p, c, 0, kind)),
            code(cudaMemsetAsync!(p, 0, 0)),
            code(cudaMemcpy2DAsync!(p, 0, c, 0, 0, 0, kind)),
            code(cudaMemset2DAsync!(p, 0, 0, 0, 0)),
            code(cudaMemset3DAsync!(pitched, 0, extent)),
            code(cudaMemcpyPeerAsync!(p, 0, c, 0, 0)),
            code(cudaMemcpyToSymbol!(c, c, 0)),
            code(cudaMemcpyFromSymbol!(p, c, 0)),
            code(cudaMemcpyToSymbolAsync!(c, c, 0, 0, kind)),
            code(cudaMemcpyFromSymbolAsync!(p, c, 0, 0, kind)),
            code(cudaMemcpy2DToArrayAsync!(array, 0, 0, c, 0, 0, 0, kind)),
            code(cudaMemcpy2DFromArrayAsync!(p, 0, array_const, 0, 0, 0, 0, kind)),
            code(cudaMemcpyToArrayAsync!(array, 0, 0, c, 0, kind)),
            code(cudaMemcpyFromArrayAsync!(p, array_const, 0, 0, 0, kind)),
            code(cudaMemcpy2DArrayToArray!(array, 0, 0, array_const, 0, 0, 0, 0)),
            code(cudaMemcpyArrayToArray!(array, 0, 0, array_const, 0, 0, 0)),
            code(cudaMallocArray!(&mut new_array, &desc, 4)),
            code(cudaEventRecord!(event)),
            code(cudaEventRecordWithFlags!(event)),
            code(cudaStreamWaitEvent!(stream, event)),
            code(cudaGraphReleaseUserObject!(graph, object)),
            code(cudaGraphRetainUserObject!(graph, object)),
            code(cudaUserObjectRelease!(object)),
            code(cudaUserObjectRetain!(object)),
        ];
        let mut deps: [cudaGraphNode_t; 0] = [];
        #[cfg(not(cuda_ge = "13.0"))]
        reached.extend([
            code(cudaMemPrefetchAsync!(c, 0, 0)),
            code(cudaStreamUpdateCaptureDependencies!(stream, deps.as_mut_ptr(), 0)),
        ]);
        #[cfg(cuda_ge = "12.3")]
        {
            let location: cudaMemLocation = std::mem::zeroed();
            let edges: *const cudaGraphEdgeData = std::ptr::null();
            #[cfg(cuda_ge = "13.0")]
            reached.extend([
                code(cudaMemPrefetchAsync!(c, 0, location, 0)),
                code(cudaStreamUpdateCaptureDependencies!(stream, deps.as_mut_ptr(), edges, 0)),
            ]);
            #[cfg(not(cuda_ge = "13.0"))]
            reached.extend([
                code(cudaMemPrefetchAsync_v2!(c, 0, location, 0)),
                code(cudaStreamUpdateCaptureDependencies_v2!(stream, deps.as_mut_ptr(), edges, 0)),
            ]);
        }
        #[cfg(cuda_ge = "12.0")]
        {
            let exec: cudaGraphExec_t = null_mut();
            let mut info = cudaGraphExecUpdateResultInfo::default();
            let (mut node, mut result): (cudaGraphNode_t, cudaGraphExecUpdateResult) =
                (null_mut(), cudaGraphExecUpdateSuccess);
            reached.extend([
                code(cudaGraphExecUpdate!(exec, graph, &mut info)),
                code(cudaGraphExecUpdate!(exec, graph, &mut node, &mut result)),
            ]);
        }
        #[cfg(not(cuda_ge = "12.0"))]
        {
            let (mut offset, texture): (usize, *const textureReference) = (0, std::ptr::null());
            reached.push(code(cudaBindTexture!(&mut offset, texture, c, &desc)));
        }
        for (call, code) in reached.into_iter().enumerate() {
            assert_eq!(code, cudaErrorSharedObjectInitFailed, "call {call}");
        }
    }
    assert!(f.is_null() && event.is_null() && new_array.is_null());
}

/// Item 2 of issue 32: typed pointers where C++ takes `void*`, `const void*` from either
/// mutability, references to plain data and slices; `nullptr`.
#[test]
fn void_pointers_take_any_pointer_as_cpp_converts_it() {
    runtime_missing();
    let d_a: *mut f32 = null_mut();
    let h_a: *const f32 = [1.0f32; 4].as_ptr();
    let mut host = [0u64; 4];
    let mut value = 0i32;
    unsafe {
        assert_ne!(cudaMemcpy(d_a, h_a, 16, cudaMemcpyHostToDevice), cudaSuccess);
        assert_ne!(cudaMemcpy(&mut host[..], d_a, 32, cudaMemcpyDeviceToHost), cudaSuccess);
        assert_ne!(cudaMemcpy(&mut value, d_a, 4, cudaMemcpyDeviceToHost), cudaSuccess);
        assert_ne!(cudaMemset(d_a, 0, 16), cudaSuccess);
        assert_ne!(cudaMemsetAsync(d_a, 0u8, 16u32, null_mut()), cudaSuccess);
        assert_ne!(cudaFree(d_a), cudaSuccess);
        assert_ne!(cudaFree(nullptr), cudaSuccess);
        assert_ne!(cudaFreeHost(host.as_mut_ptr()), cudaSuccess);
        assert_ne!(cudaHostRegister(&mut host, 32, cudaHostRegisterDefault), cudaSuccess);
        let mut attributes = cudaPointerAttributes::default();
        assert_ne!(cudaPointerGetAttributes(&mut attributes, h_a), cudaSuccess);
    }
}

/// Item 1 of issue 32: sizes of any integer type, `int` variables too; a negative size is
/// refused before the runtime is asked where a wrapped one could reach memory (a copy, a set),
/// and reaches the runtime as C++'s `(size_t)-n` where the runtime refuses it itself (an
/// allocation).
#[test]
fn sizes_take_any_integer_and_a_negative_copy_is_invalid() {
    runtime_missing();
    let n: i32 = 4;
    let d: *mut f32 = null_mut();
    let h: *const f32 = null_mut();
    let mut p: *mut f32 = null_mut();
    unsafe {
        assert_eq!(cudaMemcpy(d, h, -n, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
        assert_eq!(cudaMemset(d, 0, -1i64), cudaErrorInvalidValue);
        assert_eq!(cudaMemcpyAsync!(d, h, -1, cudaMemcpyHostToHost), cudaErrorInvalidValue);
        // Without a runtime, what reaches it answers that there is none: not InvalidValue.
        assert_eq!(cudaMemcpy(d, h, n * 4, cudaMemcpyHostToDevice), cudaErrorSharedObjectInitFailed);
        assert_eq!(cudaMalloc(&mut p, -n), cudaErrorSharedObjectInitFailed, "C++'s value, to the runtime");
        assert_eq!(cudaMalloc(&mut p, n as u8), cudaErrorSharedObjectInitFailed);
    }
    assert!(p.is_null());
}

/// `n * sizeof(float)` with an `int n`, as C++ writes it: no cast; a negative `n` stays negative.
#[test]
fn sizeof_times_any_integer() {
    runtime_missing();
    let n: i32 = 3;
    let u: usize = 3;
    assert_eq!(n * sizeof::<f32>(), 12i64);
    assert_eq!(sizeof::<f64>() * u, 24usize);
    assert_eq!(-n * sizeof::<f32>(), -12i64);
    let (d, h): (*mut f32, *const f32) = (null_mut(), null_mut());
    unsafe {
        assert_eq!(cudaMemcpy(d, h, -n * sizeof::<f32>(), cudaMemcpyHostToDevice), cudaErrorInvalidValue);
        let code = cudaFree(d);
        assert!(!cudaGetErrorName(code).is_null() && !cudaGetErrorString(code).is_null());
        assert!(!cudaGetErrorString(cudaErrorInvalidValue).is_null());
    }
}

/// Item 4 of issue 32: C++ drops these results (`cudaFree(p);`), and so may a port; the raw
/// functions the module re-exports keep `#[must_use]` (this file denies unused_must_use).
#[test]
fn results_cpp_drops_may_be_dropped() {
    runtime_missing();
    let p: *mut f32 = null_mut();
    let event: cudaEvent_t = null_mut();
    unsafe {
        cudaFree(p);
        cudaFreeHost(p);
        cudaMemset(p, 0, 4);
        cudaDeviceSynchronize(); // a call whose result is only a status
        cudaSetDevice(0);
        cudaEventRecord!(event);
        cudaGetLastError();
        let status = cudaFree(p);
        assert_eq!(status.code(), cudaErrorSharedObjectInitFailed);
        let code: cudaError_t = status.into();
        assert_eq!(code, status);
    }
}

/// `kernel<<<grid, block, 0, nullptr>>>(...)` and `<<<grids, blocks>>>` with `int`s, as a
/// statement: without a runtime the launch fails, which the value form shows.
#[cfg(cuda_ge = "12.9")]
#[test]
fn launches_read_as_cpps() {
    runtime_missing();
    let kernel: Kernel<(*mut f32, i32), cudaKernel_t> = unsafe { Kernel::new(null_mut()) };
    let (grids, blocks, n): (i32, i32, i32) = (4, 256, 1000);
    let data: *mut f32 = null_mut();
    unsafe {
        launch!(kernel<<<grids, blocks, 0, nullptr>>>(data, n));
        launch!(kernel<<<dim3::from((grids, 2)), blocks>>>(data, n));
        assert_ne!(launch!(kernel<<<grids, blocks, 0, null_mut()>>>(data, n)), cudaSuccess);
    }
}

#[test]
fn the_occupancy_search_rejects_null_as_the_header_does() {
    let (mut grid, mut block) = (0, 0);
    let kernel: *const c_void = 1 as *const c_void;
    unsafe {
        assert_eq!(
            cudaOccupancyMaxPotentialBlockSize!(null_mut(), &mut block, kernel),
            cudaErrorInvalidValue
        );
        assert_eq!(cudaOccupancyMaxPotentialBlockSize!(&mut grid, null_mut(), kernel), cudaErrorInvalidValue);
        assert_eq!(
            cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, null_mut::<c_void>()),
            cudaErrorInvalidValue
        );
        assert_eq!(
            cudaOccupancyMaxPotentialBlockSizeVariableSMem!(
                &mut grid,
                &mut block,
                null_mut::<c_void>(),
                |b| b as usize * 4
            ),
            cudaErrorInvalidValue
        );
    }
}

#[test]
fn the_occupancy_search_passes_a_runtime_failure_on() {
    runtime_missing();
    let (mut grid, mut block) = (-1, -1);
    let kernel: *const c_void = 1 as *const c_void;
    let status = unsafe { cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, kernel, 0, 128) };
    assert_ne!(status, cudaSuccess);
    assert_eq!((grid, block), (-1, -1), "outputs are written on success only");
}

#[test]
fn dim3_is_cpps() {
    let d = |d: dim3| (d.x, d.y, d.z);
    assert_eq!(d(dim3::default()), (1, 1, 1));
    assert_eq!(d(256.into()), (256, 1, 1));
    assert_eq!(d((512, 2).into()), (512, 2, 1));
    assert_eq!(d((8, 8, 4).into()), (8, 8, 4));
}

/// `cudaDeviceProp prop[64];` and `prop[i] = prop[0];` as in C++: Copy, Clone and Debug,
/// though `cudaDeviceProp` holds cuda_sys's `CUuuid_st`.
#[test]
fn plain_structs_copy_clone_and_debug_across_crates() {
    fn copy_clone_debug<T: Copy + Clone + std::fmt::Debug>() {}
    copy_clone_debug::<cudaDeviceProp>();
    copy_clone_debug::<cudaPointerAttributes>();
    copy_clone_debug::<cudaResourceDesc>();
    copy_clone_debug::<cudaMemLocation>();
    copy_clone_debug::<cudaKernelNodeParams>();
    copy_clone_debug::<cuda_sys::CUDA_RESOURCE_DESC>();
    copy_clone_debug::<cuda_sys::CUmemLocation>();
    let props = [cudaDeviceProp::default(); 64];
    let mut copy = props[0];
    copy.major = 9;
    assert_eq!(props[0].major, 0);
    assert!(format!("{copy:?}").contains("major: 9"));
    // Members as C names them, a keyword one too (`type`, not bindgen's `type_`).
    let external = format!("{:?}", cuda_sys::CUDA_EXTERNAL_MEMORY_HANDLE_DESC::default());
    assert!(external.starts_with("CUDA_EXTERNAL_MEMORY_HANDLE_DESC_st { type: 0, handle: "), "{external}");
    let desc = format!("{:?}", cudaResourceDesc::default());
    assert!(desc.starts_with("cudaResourceDesc { resType: 0, res: ") && desc.contains("{ union }"), "{desc}");
}

/// The profiler's headers are bound where the toolkit has them, and `cfg(cuda_header)` says so
/// (NVIDIA's runtime wheel has neither: issue 41, item 1).
#[test]
fn the_profiler_api_is_bound_where_its_header_is() {
    runtime_missing();
    #[cfg(cuda_header = "cuda_profiler_api.h")]
    unsafe {
        assert_ne!(cudaProfilerStart(), cudaSuccess);
        assert_ne!(cudaProfilerStop(), cudaSuccess);
    }
    #[cfg(cuda_header = "cudaProfiler.h")]
    {
        let _: unsafe extern "C" fn() -> cuda_sys::CUresult = cuda_sys::cuProfilerStart;
        let _: unsafe extern "C" fn() -> cuda_sys::CUresult = cuda_sys::cuProfilerStop;
    }
    // The crate's own header and the one it follows are always bound.
    const _: () = assert!(cfg!(cuda_header = "cuda_runtime_api.h") && cfg!(cuda_header = "cuda.h"));
    // Vendored bindings (`<stem>_<version>.rs`; generated ones are `bindings.rs`) were made from
    // toolkits that have both profiler headers. (Decided at compile time: the path itself, in the
    // binary, would name the build's folder.)
    const GENERATED: bool = {
        let (path, name) = (env!("CUDA_BINDINGS").as_bytes(), b"bindings.rs");
        let mut i = 0;
        while i < name.len() && i < path.len() && path[path.len() - 1 - i] == name[name.len() - 1 - i] {
            i += 1;
        }
        i == name.len()
    };
    const _: () = assert!(
        GENERATED || cfg!(cuda_header = "cuda_profiler_api.h") && cfg!(cuda_header = "cudaProfiler.h"),
        "vendored bindings without the profiler's headers"
    );
}
