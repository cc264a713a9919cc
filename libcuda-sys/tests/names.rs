//! The names C code calls exist, and are the symbols `cuda.h` maps them to, for whichever
//! header this build used (CI builds once per CUDA version).
#![allow(non_snake_case)]

use cuda_sys::*;

/// The generated bindings this build compiled.
const BINDINGS: &str = include_str!(env!("CUDA_SYS_BINDINGS"));

const PTDS: bool = cfg!(feature = "per-thread-default-stream");

/// `api` is bound to `symbol`, as a re-export of the very function (no wrapper in between).
fn assert_renamed(api: &str, symbol: &str) {
    let line = format!("pub use self::{symbol} as {api};");
    assert!(BINDINGS.contains(&line), "expected `{line}` for CUDA_VERSION {CUDA_VERSION}");
}

#[test]
fn cuMemAlloc_is_v2() {
    assert_renamed("cuMemAlloc", "cuMemAlloc_v2");
    // Same item, not merely the same behaviour.
    type Alloc = unsafe extern "C" fn(*mut CUdeviceptr, usize) -> CUresult;
    assert_eq!(cuMemAlloc as Alloc as usize, cuMemAlloc_v2 as Alloc as usize);
    type Free = unsafe extern "C" fn(CUdeviceptr) -> CUresult;
    assert_eq!(cuMemFree as Free as usize, cuMemFree_v2 as Free as usize);
}

#[test]
fn cuCtxCreate_follows_the_header() {
    // CUDA 13 replaced the 3-argument cuCtxCreate_v2 by cuCtxCreate_v4 (with CUctxCreateParams).
    let expected = if CUDA_VERSION >= 13000 { "cuCtxCreate_v4" } else { "cuCtxCreate_v2" };
    assert_renamed("cuCtxCreate", expected);
}

#[test]
fn cuMemsetD32_is_v2_or_its_per_thread_variant() {
    let expected = if PTDS { "cuMemsetD32_v2_ptds" } else { "cuMemsetD32_v2" };
    assert_renamed("cuMemsetD32", expected);
}

#[test]
fn stream_ordered_calls_rename_only_with_per_thread_default_stream() {
    let line = "pub use self::cuLaunchKernel_ptsz as cuLaunchKernel;";
    assert_eq!(BINDINGS.contains(line), PTDS);
    if !PTDS {
        // Without the feature, the name is the plain symbol itself.
        assert!(BINDINGS.contains("pub fn cuLaunchKernel("));
    }
}

#[test]
fn every_rename_targets_a_generated_function() {
    let renames: Vec<(&str, &str)> = BINDINGS
        .lines()
        .filter_map(|l| l.strip_prefix("pub use self::")?.strip_suffix(';')?.split_once(" as "))
        .filter(|(_, api)| api.starts_with("cu"))
        .collect();
    assert!(renames.len() >= 30, "only {} renames: {renames:?}", renames.len());
    for (symbol, api) in renames {
        assert!(BINDINGS.contains(&format!("pub fn {symbol}(")), "{api} -> {symbol}, not a function");
        assert!(symbol.starts_with(api) || api == "cuGraphInstantiate", "{api} -> {symbol}");
    }
}

#[test]
fn curesult_is_a_transparent_u32_with_names() {
    assert_eq!(std::mem::size_of::<CUresult>(), 4);
    assert_eq!(u32::from(CUDA_ERROR_INVALID_VALUE), 1);
    assert_eq!(CUresult::from(201), CUresult::CUDA_ERROR_INVALID_CONTEXT);
    assert_eq!(CUDA_SUCCESS, CUresult::CUDA_SUCCESS);
    assert_eq!(format!("{:?}", CUDA_ERROR_INVALID_CONTEXT), "CUDA_ERROR_INVALID_CONTEXT");
    assert_eq!(format!("{:?}", CUresult::from(987_654)), "CUresult(987654)");
    assert_eq!(CUDA_ERROR_OUT_OF_MEMORY.name(), Some("CUDA_ERROR_OUT_OF_MEMORY"));
    let known: Vec<CUresult> = CUresult::known().collect();
    assert!(known.len() > 80, "{} codes", known.len());
    assert!(known.windows(2).all(|w| w[0].0 < w[1].0), "sorted, no duplicates");
    assert!(known.iter().all(|c| c.name().is_some_and(|n| n.starts_with("CUDA_"))));
}

#[test]
fn cast_constants_have_c_values() {
    assert_eq!(CU_STREAM_LEGACY as usize, 1);
    assert_eq!(CU_STREAM_PER_THREAD as usize, 2);
    assert_eq!(CU_DEVICE_CPU, -1);
    assert_eq!(CU_DEVICE_INVALID, -2);
    assert!(CU_LAUNCH_PARAM_END.is_null());
}

#[test]
fn symbols_are_every_generated_function_once() {
    let declared: Vec<&str> = BINDINGS
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("pub fn cu")?.split('(').next())
        .collect();
    let symbols: Vec<&str> = loader::SYMBOLS.iter().map(|s| s.strip_prefix("cu").unwrap()).collect();
    assert_eq!(symbols, declared);
    let mut unique = symbols.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), symbols.len(), "a symbol listed twice");
}
