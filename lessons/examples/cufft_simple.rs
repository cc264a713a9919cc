//! NVIDIA's simpleCUFFT sample (CUDA C++, cuFFT), ported line by line with `cudart_sys::cpp`
//! and cufft-sys: a 1D convolution of a random signal (50 points) with a random filter (11) by
//! FFT. Both are padded to one length, transformed (`cufftExecC2C`, forward) with two plans
//! made two ways, multiplied point by point and scaled by 1/N in a kernel of ours
//! (`kernels/complex_pointwise.cu`, loaded as PTX), transformed back, and compared with the
//! same convolution computed on the host (`sdkCompareL2fe`, 1e-5). The random numbers are C's
//! `rand()` (libc's, never seeded: the sample's very numbers). `checkCudaErrors!` takes cuFFT's
//! codes, as helper_cuda.h does for a sample that includes `cufft.h`.
//! Run: `cargo run --example cufft_simple`
//!
//! NVIDIA's reference: <https://docs.nvidia.com/cuda/cufft/>.

use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use cufft_sys::{
    cufftComplex, cufftCreate, cufftDestroy, cufftExecC2C, cufftHandle, cufftPlan1d, cufftXtMakePlanMany,
    CUFFT_C2C, CUFFT_FORWARD, CUFFT_INVERSE,
};
use lessons::compare::sdk_compare_l2fe;
use lessons::samples::{find_cuda_device, get_last_cuda_error, load_ptx_kernel};

// Complex data type: cuFFT's, float2.
type Complex = cufftComplex;

// __global__ void complex_pointwise_mul_and_scale(Complex *a, const Complex *b, int size, float scale)
type ComplexPointwiseMulAndScale = (*mut Complex, *const Complex, i32, f32);

// The filter size is assumed to be a number smaller than the signal size.
const SIGNAL_SIZE: usize = 50;
const FILTER_KERNEL_SIZE: usize = 11;

/// C's `rand() / (float)RAND_MAX`: libc's generator, never seeded, as the sample leaves it.
fn rand_unit() -> f32 {
    // SAFETY: rand takes nothing; this program calls it from one thread.
    (unsafe { libc::rand() }) as f32 / libc::RAND_MAX as f32
}

fn main() {
    run_test();
}

/// Runs the convolution and exits with its verdict.
fn run_test() {
    println!("[simpleCUFFT] is starting...");

    find_cuda_device();

    // The signal: random real parts, no imaginary ones.
    let h_signal: Vec<Complex> = (0..SIGNAL_SIZE).map(|_| Complex { x: rand_unit(), y: 0.0 }).collect();

    // The filter, likewise.
    let h_filter_kernel: Vec<Complex> =
        (0..FILTER_KERNEL_SIZE).map(|_| Complex { x: rand_unit(), y: 0.0 }).collect();

    // Pad signal and filter kernel.
    let (mut h_padded_signal, h_padded_filter_kernel) = pad_data(&h_signal, &h_filter_kernel);
    let new_size = h_padded_signal.len() as i32;
    let mem_size = new_size * sizeof::<Complex>();

    // ANCHOR: plans
    let mut d_signal: *mut Complex = std::ptr::null_mut();
    let mut d_filter_kernel: *mut Complex = std::ptr::null_mut();
    let mut plan: cufftHandle = 0;
    let mut plan_adv: cufftHandle = 0;
    let mut work_size: usize = 0;
    let mut new_size_long = i64::from(new_size);
    unsafe {
        // Device memory for the signal, copied there.
        checkCudaErrors!(cudaMalloc(&mut d_signal, mem_size));
        checkCudaErrors!(cudaMemcpy(d_signal, h_padded_signal.as_slice(), mem_size, cudaMemcpyHostToDevice));

        // Device memory for the filter kernel, copied there.
        checkCudaErrors!(cudaMalloc(&mut d_filter_kernel, mem_size));
        checkCudaErrors!(cudaMemcpy(
            d_filter_kernel,
            h_padded_filter_kernel.as_slice(),
            mem_size,
            cudaMemcpyHostToDevice
        ));

        // cuFFT's simple API: one plan, made at once.
        checkCudaErrors!(cufftPlan1d(&mut plan, new_size, CUFFT_C2C, 1));

        // The advanced API: a handle first, then the plan (cufftXt.h's), with 64-bit sizes, the
        // data types of input, output and computation, and the size of the work area it needs.
        checkCudaErrors!(cufftCreate(&mut plan_adv));
        checkCudaErrors!(cufftXtMakePlanMany(
            plan_adv,
            1,
            &mut new_size_long,
            std::ptr::null_mut(),
            1,
            1,
            CUDA_C_32F,
            std::ptr::null_mut(),
            1,
            1,
            CUDA_C_32F,
            1,
            &mut work_size,
            CUDA_C_32F
        ));
        printf!("Temporary buffer size %li bytes\n", work_size);
    }
    // ANCHOR_END: plans

    // ANCHOR: convolve
    let complex_pointwise_mul_and_scale: Kernel<ComplexPointwiseMulAndScale> =
        unsafe { load_ptx_kernel(lessons::ptx!("complex_pointwise"), c"complex_pointwise_mul_and_scale") };
    unsafe {
        // Transform signal and kernel, in place.
        println!("Transforming signal cufftExecC2C");
        checkCudaErrors!(cufftExecC2C(plan, d_signal, d_signal, CUFFT_FORWARD));
        checkCudaErrors!(cufftExecC2C(plan_adv, d_filter_kernel, d_filter_kernel, CUFFT_FORWARD));

        // Multiply the coefficients together and normalize the result.
        println!("Launching ComplexPointwiseMulAndScale<<< >>>");
        checkCudaErrors!(launch!(complex_pointwise_mul_and_scale<<<32, 256>>>(
            d_signal,
            d_filter_kernel,
            new_size,
            1.0f32 / new_size as f32
        )));
    }

    // Check if kernel execution generated an error.
    get_last_cuda_error("Kernel execution failed [ ComplexPointwiseMulAndScale ]");

    unsafe {
        // Transform signal back.
        println!("Transforming signal back cufftExecC2C");
        checkCudaErrors!(cufftExecC2C(plan, d_signal, d_signal, CUFFT_INVERSE as i32));

        // Copy device memory to host: the padded signal's buffer takes the result.
        checkCudaErrors!(cudaMemcpy(
            h_padded_signal.as_mut_slice(),
            d_signal,
            mem_size,
            cudaMemcpyDeviceToHost
        ));
    }
    let h_convolved_signal = &h_padded_signal;
    // ANCHOR_END: convolve

    // The convolution on the host.
    let mut h_convolved_signal_ref = vec![Complex::default(); SIGNAL_SIZE];
    convolve(&h_signal, &h_filter_kernel, &mut h_convolved_signal_ref);

    // Check the result: the first SIGNAL_SIZE complex numbers, as 2 * SIGNAL_SIZE floats.
    let b_test_result = sdk_compare_l2fe(
        as_floats(&h_convolved_signal_ref),
        as_floats(&h_convolved_signal[..SIGNAL_SIZE]),
        1e-5,
    );

    unsafe {
        // Destroy the cuFFT plans.
        checkCudaErrors!(cufftDestroy(plan));
        checkCudaErrors!(cufftDestroy(plan_adv));

        // Clean up memory (the host's vectors go at the end of this function).
        checkCudaErrors!(cudaFree(d_signal));
        checkCudaErrors!(cudaFree(d_filter_kernel));
    }
    drop((h_signal, h_filter_kernel, h_padded_signal, h_padded_filter_kernel, h_convolved_signal_ref));

    std::process::exit(if b_test_result { 0 } else { 1 });
}

/// The complex numbers as their floats, real and imaginary parts in turn (C's
/// `reinterpret_cast<float *>`).
fn as_floats(data: &[Complex]) -> &[f32] {
    // SAFETY: float2 is two f32s, repr(C): the slice's memory is 2 * len floats.
    unsafe { std::slice::from_raw_parts(data.as_ptr().cast(), 2 * data.len()) }
}

// ANCHOR: pad
/// The signal and the filter padded to one length, `signal_size + maxRadius`: the signal
/// followed by zeros; the filter's centre and right half first, zeros, then its left half at
/// the end (so that its centre is index 0, as a circular convolution wants it).
fn pad_data(signal: &[Complex], filter_kernel: &[Complex]) -> (Vec<Complex>, Vec<Complex>) {
    let (signal_size, filter_kernel_size) = (signal.len(), filter_kernel.len());
    let min_radius = filter_kernel_size / 2;
    let max_radius = filter_kernel_size - min_radius;
    let new_size = signal_size + max_radius;

    // Pad signal.
    let mut padded_signal = vec![Complex::default(); new_size];
    padded_signal[..signal_size].copy_from_slice(signal);

    // Pad filter.
    let mut padded_filter_kernel = vec![Complex::default(); new_size];
    padded_filter_kernel[..max_radius].copy_from_slice(&filter_kernel[min_radius..]);
    padded_filter_kernel[new_size - min_radius..].copy_from_slice(&filter_kernel[..min_radius]);

    (padded_signal, padded_filter_kernel)
}
// ANCHOR_END: pad

/// The convolution on the host, in the sample's order of float operations.
fn convolve(signal: &[Complex], filter_kernel: &[Complex], filtered_signal: &mut [Complex]) {
    let signal_size = signal.len() as i32;
    let min_radius = filter_kernel.len() as i32 / 2;
    let max_radius = filter_kernel.len() as i32 - min_radius;

    // Loop over output element indices.
    for i in 0..signal_size {
        let out = &mut filtered_signal[i as usize];
        *out = Complex { x: 0.0, y: 0.0 };

        // Loop over convolution indices.
        for j in -max_radius + 1..=min_radius {
            let k = i + j;
            if k >= 0 && k < signal_size {
                *out = complex_add(
                    *out,
                    complex_mul(signal[k as usize], filter_kernel[(min_radius - j) as usize]),
                );
            }
        }
    }
}

// Complex operations, as the kernel's.
fn complex_add(a: Complex, b: Complex) -> Complex {
    Complex { x: a.x + b.x, y: a.y + b.y }
}

fn complex_mul(a: Complex, b: Complex) -> Complex {
    Complex { x: a.x * b.x - a.y * b.y, y: a.x * b.y + a.y * b.x }
}
