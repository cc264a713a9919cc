//! The names C code calls exist and are the functions `cuda.h` maps them to, for whichever
//! header this build used (CI builds once per CUDA version): checked on the API itself, by
//! comparing function items, not by reading generated text.
#![allow(non_snake_case)]

use cuda_sys::*;

/// `a` and `b` are the very same function (a re-export, no wrapper in between).
macro_rules! same_function {
    ($a:path, $b:path, $ty:ty) => {
        assert_eq!($a as $ty as usize, $b as $ty as usize, "{} is not {}", stringify!($a), stringify!($b))
    };
}

type Alloc = unsafe extern "C" fn(*mut CUdeviceptr, usize) -> CUresult;
type Free = unsafe extern "C" fn(CUdeviceptr) -> CUresult;
type HtoD = unsafe extern "C" fn(CUdeviceptr, *const core::ffi::c_void, usize) -> CUresult;
type MemsetD32 = unsafe extern "C" fn(CUdeviceptr, core::ffi::c_uint, usize) -> CUresult;
type Launch = unsafe extern "C" fn(
    CUfunction,
    u32,
    u32,
    u32,
    u32,
    u32,
    u32,
    u32,
    CUstream,
    *mut *mut core::ffi::c_void,
    *mut *mut core::ffi::c_void,
) -> CUresult;

#[test]
fn cuMemAlloc_is_v2() {
    same_function!(cuMemAlloc, cuMemAlloc_v2, Alloc);
    same_function!(cuMemFree, cuMemFree_v2, Free);
}

#[cfg(any(cuda_major = "11", cuda_major = "12"))]
#[test]
fn cuCtxCreate_is_v2_before_cuda_13() {
    type Create = unsafe extern "C" fn(*mut CUcontext, core::ffi::c_uint, CUdevice) -> CUresult;
    same_function!(cuCtxCreate, cuCtxCreate_v2, Create);
}

#[cfg(not(any(cuda_major = "11", cuda_major = "12")))]
#[test]
fn cuCtxCreate_is_v4_from_cuda_13() {
    // CUDA 13 replaced the 3-argument cuCtxCreate_v2 by cuCtxCreate_v4 (with CUctxCreateParams).
    type Create =
        unsafe extern "C" fn(*mut CUcontext, *mut CUctxCreateParams, core::ffi::c_uint, CUdevice) -> CUresult;
    same_function!(cuCtxCreate, cuCtxCreate_v4, Create);
}

#[test]
fn the_crate_root_has_the_default_stream_names() {
    same_function!(cuMemcpyHtoD, cuMemcpyHtoD_v2, HtoD);
    same_function!(cuMemsetD32, cuMemsetD32_v2, MemsetD32);
    // Not renamed by default: the plain symbol, not its per-thread variant.
    assert_ne!(cuLaunchKernel as Launch as usize, cuLaunchKernel_ptsz as Launch as usize);
}

#[test]
fn ptds_has_the_per_thread_names_and_everything_else() {
    same_function!(ptds::cuMemcpyHtoD, cuMemcpyHtoD_v2_ptds, HtoD);
    same_function!(ptds::cuMemsetD32, cuMemsetD32_v2_ptds, MemsetD32);
    same_function!(ptds::cuLaunchKernel, cuLaunchKernel_ptsz, Launch);
    // What the per-thread default stream leaves alone is the root's.
    same_function!(ptds::cuMemAlloc, cuMemAlloc_v2, Alloc);
    let _: ptds::CUcontext = std::ptr::null_mut::<CUctx_st>();
    assert_eq!(ptds::CU_CTX_SCHED_AUTO, CU_CTX_SCHED_AUTO);
}

#[test]
fn one_program_uses_both_families() {
    // As two C files can, one with CUDA_API_PER_THREAD_DEFAULT_STREAM and one without.
    let legacy: HtoD = cuda_sys::cuMemcpyHtoD;
    let per_thread: HtoD = cuda_sys::ptds::cuMemcpyHtoD;
    assert_ne!(legacy as usize, per_thread as usize);
}

/// CUresult's numbers and names are cuda.h's (its shape, a transparent u32 with every code named,
/// is every library's, tested once in cuda-loader's `loader_tests!`).
#[test]
fn curesult_codes_are_cuda_hs() {
    assert_eq!(u32::from(CUDA_ERROR_INVALID_VALUE), 1);
    assert_eq!(CUresult::from(201), CUresult::CUDA_ERROR_INVALID_CONTEXT);
    assert_eq!(CUDA_ERROR_OUT_OF_MEMORY.name(), Some("CUDA_ERROR_OUT_OF_MEMORY"));
    assert!(CUresult::known().count() > 80);
    assert!(CUresult::known().all(|c| c.name().is_some_and(|n| n.starts_with("CUDA_"))));
}

#[test]
fn constants_have_c_values_and_types() {
    // Casts the header writes, which bindgen cannot evaluate.
    assert_eq!(CU_STREAM_LEGACY as usize, 1);
    assert_eq!(CU_STREAM_PER_THREAD as usize, 2);
    assert_eq!(CU_DEVICE_CPU, -1);
    assert_eq!(CU_DEVICE_INVALID, -2);
    assert!(CU_LAUNCH_PARAM_END.is_null());
    // A macro the header uses as an array length is a usize, as an array length must be.
    let handle: [core::ffi::c_char; CU_IPC_HANDLE_SIZE] = [0; CU_IPC_HANDLE_SIZE];
    assert_eq!(handle.len(), 64);
    assert_eq!(std::mem::size_of::<CUipcMemHandle>(), CU_IPC_HANDLE_SIZE);
    // Enum values are plain integers of the enum's type.
    let flags: CUctx_flags = CU_CTX_SCHED_AUTO | CU_CTX_MAP_HOST;
    assert_eq!(flags, 0x08);
}

#[test]
fn layouts_are_cs() {
    // bindgen's layout tests are compile-time assertions in the bindings; a few by hand, on
    // the types the C spellings of tests/c_spelling.rs touch.
    assert_eq!(std::mem::size_of::<CUmemLocation>(), 8);
    assert_eq!(std::mem::size_of::<CUmemAllocationProp>(), 32);
    assert_eq!(std::mem::size_of::<CUstreamBatchMemOpParams>(), 48);
}

#[test]
fn symbols_list_every_function_once_by_its_symbol() {
    let symbols = loader::SYMBOLS;
    assert!(symbols.len() > 300, "only {} symbols", symbols.len());
    for symbol in
        ["cuInit", "cuMemAlloc_v2", "cuMemcpyHtoD_v2", "cuMemcpyHtoD_v2_ptds", "cuLaunchKernel_ptsz"]
    {
        assert!(symbols.contains(&symbol), "{symbol} missing");
    }
    // Names C code writes that the header maps elsewhere are no symbols.
    assert!(!symbols.contains(&"cuMemAlloc"));
}
