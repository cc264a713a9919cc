//! Lesson 6: a kernel through the Driver API, as NVIDIA's vectorAddDrv sample does it: the
//! kernel as PTX (vector_add.ptx, beside this file), loaded with cuModuleLoadData, launched
//! with cuLaunchKernel, and the sum checked on the host.
//! Run: `cargo run --example vector_add`

use std::ffi::c_void;

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;
use lessons::{init_context, launch_vector_add, load_vector_add};

const N: usize = 1 << 20;

fn main() -> Result<(), DriverError> {
    let context = init_context(0)?;
    let (module, kernel) = load_vector_add()?;

    let a: Vec<f32> = (0..N).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..N).map(|i| (2 * i) as f32 * 0.5 + 1.0).collect();
    let mut c = vec![f32::NAN; N];
    let bytes = N * std::mem::size_of::<f32>();

    unsafe {
        let (mut d_a, mut d_b, mut d_c): (CUdeviceptr, CUdeviceptr, CUdeviceptr) = (0, 0, 0);
        check_driver!(cuMemAlloc(&mut d_a, bytes))?;
        check_driver!(cuMemAlloc(&mut d_b, bytes))?;
        check_driver!(cuMemAlloc(&mut d_c, bytes))?;
        check_driver!(cuMemcpyHtoD(d_a, a.as_ptr() as *const c_void, bytes))?;
        check_driver!(cuMemcpyHtoD(d_b, b.as_ptr() as *const c_void, bytes))?;

        launch_vector_add(kernel, std::ptr::null_mut(), d_a, d_b, d_c, N as u32)?;
        check_driver!(cuCtxSynchronize())?;
        check_driver!(cuMemcpyDtoH(c.as_mut_ptr() as *mut c_void, d_c, bytes))?;

        check_driver!(cuMemFree(d_a))?;
        check_driver!(cuMemFree(d_b))?;
        check_driver!(cuMemFree(d_c))?;
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuCtxDestroy(context))?;
    }

    // a[i] + b[i] = i + (i + 1) = 2i + 1, exact in f32 for these sizes.
    let wrong = (0..N).filter(|&i| c[i] != (2 * i + 1) as f32).count();
    let sum: f64 = c.iter().map(|&x| x as f64).sum();
    println!("vector_add: {N} elements, c[0] = {}, c[{}] = {}", c[0], N - 1, c[N - 1]);
    println!("sum of c = {sum} (expected {})", (N as f64) * (N as f64));
    if wrong > 0 {
        eprintln!("{wrong} elements are wrong");
        std::process::exit(1);
    }
    println!("all {N} elements correct");
    Ok(())
}
