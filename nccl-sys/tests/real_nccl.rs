//! NVIDIA's real libnccl (the NCCL root's the build found, or the wheel's that CI builds
//! against), on a machine with or without a GPU: `cargo test -p nccl-sys --test real_nccl --
//! --ignored`. Without a libnccl these tests fail, saying why.

use std::ffi::CStr;
use std::mem::size_of;

use nccl_sys::*;

fn library() -> String {
    match loader::library_path() {
        Ok(path) => path.display().to_string(),
        Err(e) => panic!("no NCCL to test with: {e}"),
    }
}

fn text(p: *const std::ffi::c_char) -> String {
    assert!(!p.is_null());
    // SAFETY: NCCL's static NUL-terminated strings.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

#[test]
#[ignore = "needs libnccl.so.2: run with --ignored where NCCL is installed (CI: the wheel's)"]
fn the_library_is_at_least_the_headers_version() {
    let library = library();
    let mut version = 0;
    assert_eq!(unsafe { ncclGetVersion(&mut version) }, ncclSuccess);
    assert!(version as u32 >= NCCL_VERSION_CODE, "{library}: {version} < {NCCL_VERSION_CODE}");
    println!("{library}: NCCL {version}, header {NCCL_VERSION_CODE}");
}

/// A unique id needs no GPU: it is the root's address and a random magic.
#[test]
#[ignore = "needs libnccl.so.2: run with --ignored where NCCL is installed (CI: the wheel's)"]
fn a_unique_id_is_made_without_a_gpu() {
    library();
    let mut id = ncclUniqueId::default();
    assert_eq!(unsafe { ncclGetUniqueId(&mut id) }, ncclSuccess);
    assert!(id.internal.iter().any(|&b| b != 0), "an all-zero ncclUniqueId");
    assert_eq!(id.internal.len(), NCCL_UNIQUE_ID_BYTES);
}

/// Without a GPU, a communicator cannot be made: NCCL says why in its last error.
#[test]
#[ignore = "needs libnccl.so.2 and no usable GPU: CI's machine"]
fn without_a_gpu_the_last_error_says_why() {
    library();
    let mut comms: [ncclComm_t; 1] = [std::ptr::null_mut()];
    let code = unsafe { ncclCommInitAll(comms.as_mut_ptr(), 1, std::ptr::null()) };
    assert_eq!(code, ncclUnhandledCudaError);
    assert!(text(unsafe { ncclGetErrorString(code) }).starts_with("unhandled cuda error"));
    let last = text(unsafe { ncclGetLastError(std::ptr::null_mut()) });
    assert!(last.contains("Cuda failure"), "{last}");
    println!("{code:?}: {last}");
}

/// `NCCL_CONFIG_INITIALIZER` holds what the macro does, and NCCL takes a config made from it.
#[test]
fn the_config_initializer_is_the_macros() {
    let config: ncclConfig_t = NCCL_CONFIG_INITIALIZER;
    assert_eq!(config.size, size_of::<ncclConfig_t>());
    assert_eq!(config.magic, 0xcafebeef);
    assert_eq!(config.version, NCCL_VERSION_CODE);
    assert_eq!(config.blocking, NCCL_CONFIG_UNDEF_INT);
    assert_eq!(config.cgaClusterSize, NCCL_CONFIG_UNDEF_INT);
    assert!(config.netName.is_null());
    assert_eq!(NCCL_CONFIG_UNDEF_INT, i32::MIN);
    assert!(NCCL_CONFIG_UNDEF_PTR.is_null() && NCCL_COMM_NULL.is_null());
    // What newer headers add (of the NCCLs CI builds against: 2.27 has them, 2.21 not).
    #[cfg(nccl_ge = "2.27")]
    {
        assert!(config.commName.is_null());
        let sim = NCCL_SIM_INFO_INITIALIZER;
        assert_eq!(
            (sim.size, sim.version, sim.estimatedTime),
            (size_of::<ncclSimInfo_t>(), NCCL_VERSION_CODE, -1.0)
        );
    }
}

/// The header's version macros agree with NCCL_VERSION_CODE (NCCL_VERSION(X, Y, Z)).
#[test]
fn the_version_macros_agree() {
    let code = if NCCL_MAJOR <= 2 && NCCL_MINOR <= 8 {
        NCCL_MAJOR * 1000 + NCCL_MINOR * 100 + NCCL_PATCH
    } else {
        NCCL_MAJOR * 10000 + NCCL_MINOR * 100 + NCCL_PATCH
    };
    assert_eq!(code, NCCL_VERSION_CODE);
}

/// cudaStream_t is the runtime's type: a stream of cudart-sys passes to NCCL unchanged.
#[test]
fn streams_are_the_runtimes() {
    let stream: cudart_sys::cudaStream_t = std::ptr::null_mut();
    let _: nccl_sys::cudaStream_t = stream;
    let f: unsafe extern "C" fn(
        *const std::ffi::c_void,
        *mut std::ffi::c_void,
        usize,
        ncclDataType_t,
        ncclRedOp_t,
        ncclComm_t,
        cudart_sys::cudaStream_t,
    ) -> ncclResult_t = ncclAllReduce;
    let _ = f;
}
