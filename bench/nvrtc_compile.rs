//! Milliseconds to compile the vector_add_nvrtc lesson's kernel with NVRTC to CUBIN for
//! device 0's architecture (through nvrtc-sys and `check_nvrtc!`, as the lesson does) and to
//! load it with `cuModuleLoadData`, 10 times; nvrtc_compile.c makes the same calls in the same
//! order, linked to libnvrtc, and is the reference. Prints `METRIC rust MS` lines (see
//! bench/gpu.sh): first-compile, compile, load.
//!
//! `nvrtc_compile sm_XY` compiles for that architecture and loads nothing: NVRTC alone, on a
//! machine without a GPU.

use std::ffi::CString;
use std::time::Instant;

use cuda_checked::{check_driver, check_nvrtc, CudaError};
use cuda_sys::*;
use lessons::nvrtc_helper::{compile, compute_capability, Output, VECTOR_ADD_KERNEL};
use nvrtc_sys::nvrtcVersion;

const ITERATIONS: usize = 10;

fn main() -> Result<(), CudaError> {
    let architecture = std::env::args().nth(1);
    let context = match architecture {
        Some(_) => None,
        None => Some(lessons::init_context(0)?),
    };
    let architecture = match architecture {
        Some(sm) => sm,
        None => {
            let (major, minor) = compute_capability(0)?;
            format!("sm_{major}{minor}")
        }
    };
    let option = CString::new(format!("--gpu-architecture={architecture}")).expect("no NUL in an argument");
    let file = VECTOR_ADD_KERNEL;

    // Loads NVRTC before anything is timed, as the C program has it loaded before main.
    let (mut major, mut minor) = (0, 0);
    unsafe { check_nvrtc!(nvrtcVersion(&mut major, &mut minor))? };
    let library = match nvrtc_sys::loader::library_path() {
        Ok(path) => path.display().to_string(),
        Err(e) => e.to_string(),
    };
    println!("# rust: NVRTC {major}.{minor} ({library}), {}", option.to_string_lossy());

    for i in 0..ITERATIONS {
        let start = Instant::now();
        let cubin = compile(&file, &[&option], Output::Cubin)?;
        let metric = if i == 0 { "first-compile" } else { "compile" };
        println!("{metric} rust {:.4}", start.elapsed().as_secs_f64() * 1e3);
        if context.is_some() {
            let mut module: CUmodule = std::ptr::null_mut();
            let mut kernel: CUfunction = std::ptr::null_mut();
            let start = Instant::now();
            unsafe {
                check_driver!(cuModuleLoadData(&mut module, cubin.as_ptr().cast()))?;
                check_driver!(cuModuleGetFunction(&mut kernel, module, c"vectorAdd".as_ptr()))?;
                check_driver!(cuModuleUnload(module))?;
            }
            println!("load rust {:.4}", start.elapsed().as_secs_f64() * 1e3);
        }
    }
    if let Some(context) = context {
        unsafe { check_driver!(cuCtxDestroy(context))? };
    }
    Ok(())
}
