//! NVIDIA's own libnvrtc, as the toolkit or wheel the build found has it (CI: the nvrtc wheel
//! unpacked by `cargo xtask headers`, with CUDA_PATH at it): a CUDA C++ kernel compiled to PTX,
//! a compile error with its log, the version. Needs the library, not a GPU; loaded or linked.

use std::ffi::{c_char, c_int, CStr, CString};
use std::ptr::{null, null_mut};

use nvrtc_sys::*;

const KERNEL: &str = r#"
extern "C" __global__ void vector_add(const float *a, const float *b, float *c, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
"#;

/// Compiles `source` for `arch`: the result, and the program's log.
fn compile(source: &str, arch: &str) -> (nvrtcResult, String, nvrtcProgram) {
    let source = CString::new(source).unwrap();
    let option = CString::new(format!("--gpu-architecture={arch}")).unwrap();
    let options: [*const c_char; 1] = [option.as_ptr()];
    let mut program: nvrtcProgram = null_mut();
    // SAFETY: valid C strings and out-pointers; no headers.
    unsafe {
        let created =
            nvrtcCreateProgram(&mut program, source.as_ptr(), c"kernel.cu".as_ptr(), 0, null(), null());
        assert_eq!(created, NVRTC_SUCCESS, "{:?}", loader::describe(created));
        let compiled = nvrtcCompileProgram(program, 1, options.as_ptr());
        let mut size = 0;
        assert_eq!(nvrtcGetProgramLogSize(program, &mut size), NVRTC_SUCCESS);
        let mut log = vec![0u8; size];
        assert_eq!(nvrtcGetProgramLog(program, log.as_mut_ptr().cast()), NVRTC_SUCCESS);
        let log = CStr::from_bytes_until_nul(&log).unwrap().to_string_lossy().into_owned();
        (compiled, log, program)
    }
}

#[test]
#[ignore = "needs NVIDIA's libnvrtc (a toolkit or the nvidia-cuda-nvrtc wheel): run with --ignored"]
fn a_kernel_compiles_to_ptx() {
    let path = loader::library_path().unwrap_or_else(|e| panic!("no NVRTC to test against: {e}"));
    println!("NVRTC from {}", path.display());
    let (mut major, mut minor): (c_int, c_int) = (0, 0);
    // SAFETY: valid out-pointers.
    assert_eq!(unsafe { nvrtcVersion(&mut major, &mut minor) }, NVRTC_SUCCESS);
    assert_eq!(
        major as u32,
        CUDA_VERSION / 1000,
        "NVRTC {major}.{minor} for bindings of CUDA {CUDA_VERSION}"
    );

    let (compiled, log, mut program) = compile(KERNEL, "compute_80");
    assert_eq!(compiled, NVRTC_SUCCESS, "{log}");
    let mut size = 0;
    // SAFETY: a compiled program; the buffer holds the size NVRTC gave.
    let ptx = unsafe {
        assert_eq!(nvrtcGetPTXSize(program, &mut size), NVRTC_SUCCESS);
        let mut ptx = vec![0u8; size];
        assert_eq!(nvrtcGetPTX(program, ptx.as_mut_ptr().cast()), NVRTC_SUCCESS);
        assert_eq!(nvrtcDestroyProgram(&mut program), NVRTC_SUCCESS);
        CStr::from_bytes_until_nul(&ptx).unwrap().to_string_lossy().into_owned()
    };
    assert!(ptx.contains(".entry vector_add"), "{ptx}");
    assert!(ptx.contains(".target sm_80"), "{ptx}");
}

#[test]
#[ignore = "needs NVIDIA's libnvrtc (a toolkit or the nvidia-cuda-nvrtc wheel): run with --ignored"]
fn a_compile_error_has_a_log_and_nvrtcs_own_words() {
    let (compiled, log, mut program) =
        compile("extern \"C\" __global__ void k() {\n  undeclared = 1;\n}\n", "compute_80");
    // SAFETY: a program from nvrtcCreateProgram.
    assert_eq!(unsafe { nvrtcDestroyProgram(&mut program) }, NVRTC_SUCCESS);
    assert_eq!(compiled, NVRTC_ERROR_COMPILATION);
    assert!(log.contains("kernel.cu(2)"), "{log}");
    assert!(log.contains("undeclared"), "{log}");
    // The library's own text, and no loader reason: NVRTC itself answered.
    assert_eq!(loader::explain(compiled), None);
    let (name, message) = loader::describe(compiled);
    assert_eq!(name, "NVRTC_ERROR_COMPILATION");
    assert_eq!(message, "NVRTC_ERROR_COMPILATION");
}
