//! The launch benchmark (issue 32, item 9), Rust's side: the empty kernel of bench/launch.cu
//! (the C++ side's own file, its host code cut out) through cu-kernels, compiled at build time,
//! launched with `launch!` as the C++ launches it with `<<<>>>`: nanoseconds per launch, the
//! median of 7 rounds of 100000 launches (each ended by `cudaDeviceSynchronize`), one run; and
//! the time from `main` to the first launch done, which here includes loading libcudart and the
//! kernel's CUBIN. For comparison, the same launches of the kernel's handle (`launch!` on a
//! `Kernel<(), cudaKernel_t>`) and through `cudaLaunchKernel` itself.
//!   launch          prints `launch rust-kernels NS`, `launch rust-handle NS`,
//!                   `launch rust-cudaLaunchKernel NS` and `first-launch rust MS`
//!   launch first    the first launch only: `first-launch rust MS`

use std::time::Instant;

use cu_kernels::kernels;
use cudart_sys::cpp::*;

kernels!("launch.cu", arch = ["sm_90"], fn empty());

const ROUNDS: usize = 7;
const LAUNCHES: u32 = 100_000;

fn check(code: impl Into<cudaError_t>, what: &str) {
    let code = code.into();
    if code != cudaSuccess {
        let text = unsafe { std::ffi::CStr::from_ptr(cudaGetErrorString(code)) };
        eprintln!("{what}: {}", text.to_string_lossy());
        std::process::exit(1);
    }
}

/// The median of [`ROUNDS`] rounds of [`LAUNCHES`] launches, in ns per launch.
fn median(mut launches: impl FnMut()) -> f64 {
    let mut ns: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..LAUNCHES {
                launches();
            }
            check(unsafe { cudaDeviceSynchronize() }, "the launches");
            start.elapsed().as_nanos() as f64 / f64::from(LAUNCHES)
        })
        .collect();
    ns.sort_by(f64::total_cmp);
    ns[ROUNDS / 2]
}

fn main() {
    let start = Instant::now();
    unsafe {
        launch!(empty<<<1, 1>>>());
        check(cudaDeviceSynchronize(), "the first launch");
    }
    println!("first-launch rust {:.3}", start.elapsed().as_secs_f64() * 1e3);
    if std::env::args().nth(1).as_deref() == Some("first") {
        return;
    }
    if let Some(why) = empty.module().compiled_at_first_use() {
        eprintln!("launch: the kernel was compiled at first use ({why}): build with CUDA_PATH set");
        std::process::exit(2);
    }
    let ns = median(|| unsafe {
        launch!(empty<<<1, 1>>>());
    });
    println!("launch rust-kernels {ns:.1}");
    // The kernel's handle, `cudaKernel_t`, is in the headers from CUDA 12.8.
    #[cfg(cuda_ge = "12.8")]
    handles();
}

/// The same launches of the kernel's handle, and through `cudaLaunchKernel` itself.
#[cfg(cuda_ge = "12.8")]
fn handles() {
    let handle = empty.kernel().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let ns = median(|| unsafe {
        launch!(handle<<<1, 1>>>());
    });
    println!("launch rust-handle {ns:.1}");
    let function = handle.function;
    let ns = median(|| unsafe {
        let mut args: [*mut std::ffi::c_void; 0] = [];
        cudaLaunchKernel(function, 1, 1, args.as_mut_ptr(), 0, nullptr.into());
    });
    println!("launch rust-cudaLaunchKernel {ns:.1}");
}
