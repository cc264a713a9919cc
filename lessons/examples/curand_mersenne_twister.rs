//! NVIDIA's MersenneTwisterGP11213 sample (C++, cuRAND's host API), ported line by line with
//! `cudart_sys::cpp` and curand-sys: 2,400,000 uniform floats from a Mersenne Twister for
//! graphics processors (MTGP32, period 2^11213 - 1) made on the GPU by
//! `curandCreateGenerator`, and the same numbers made on the host by
//! `curandCreateGeneratorHost` with the same seed, compared (the L1 norm of their difference is
//! 0: the host generator is the same algorithm); then the GPU generator timed over ten calls.
//! `checkCudaErrors!` takes cuRAND's codes, as helper_cuda.h does for a sample that includes
//! `curand.h`. Run: `cargo run --example curand_mersenne_twister [-- --count=N --seed=S]`
//!
//! NVIDIA's reference: <https://docs.nvidia.com/cuda/curand/host-api-overview.html>.

use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use curand_sys::{
    curandCreateGenerator, curandCreateGeneratorHost, curandDestroyGenerator, curandGenerateUniform,
    curandGenerator_t, curandSetPseudoRandomGeneratorSeed, curandSetStream, CURAND_RNG_PSEUDO_MTGP32,
};
use lessons::samples::{check_cmd_line_flag, find_cuda_device, get_cmd_line_argument_int};

const DEFAULT_RAND_N: i32 = 2_400_000;
const DEFAULT_SEED: u32 = 777;

// ANCHOR: compare
/// Prints the largest absolute difference and the L1 norm of the difference relative to the
/// host's numbers, in C's float arithmetic; gives that norm.
fn compare_results(h_rand_gpu: &[f32], h_rand_cpu: &[f32]) -> f32 {
    let mut max_delta = 0.0f32;
    let mut sum_delta = 0.0f32;
    let mut sum_ref = 0.0f32;

    for (&r_gpu, &r_cpu) in h_rand_gpu.iter().zip(h_rand_cpu) {
        let delta = (r_cpu - r_gpu).abs();
        sum_delta += delta;
        sum_ref += r_cpu.abs();

        if delta >= max_delta {
            max_delta = delta;
        }
    }

    let l1norm = sum_delta / sum_ref;
    unsafe {
        printf!("Max absolute error: %E\n", max_delta);
        printf!("L1 norm: %E\n\n", l1norm);
    }
    l1norm
}
// ANCHOR_END: compare

fn main() {
    // Start logs. (C's argv[0]: the program as it was started.)
    let argv0 = std::env::args_os().next().unwrap_or_default();
    unsafe { printf!("%s Starting...\n\n", argv0.to_string_lossy().as_ref()) };

    // Initialize the GPU, the one of --device or device 0.
    let _dev_id = find_cuda_device();

    // How many random numbers to generate.
    let mut rand_n = DEFAULT_RAND_N;
    if check_cmd_line_flag("count") {
        rand_n = get_cmd_line_argument_int("count");
    }
    unsafe { printf!("Allocating data for %i samples...\n", rand_n) };

    // The seed: an int, as the sample reads it (curandSetPseudoRandomGeneratorSeed takes it as an
    // unsigned long long, a negative one sign-extended as C converts it).
    let mut seed = DEFAULT_SEED as i32;
    if check_cmd_line_flag("seed") {
        seed = get_cmd_line_argument_int("seed");
    }
    unsafe { printf!("Seeding with %i ...\n", seed) };

    // ANCHOR: generators
    let mut stream: cudaStream_t = std::ptr::null_mut();
    let mut d_rand: *mut f32 = std::ptr::null_mut();
    let mut prng_gpu: curandGenerator_t = std::ptr::null_mut();
    let mut prng_cpu: curandGenerator_t = std::ptr::null_mut();
    unsafe {
        checkCudaErrors!(cudaStreamCreateWithFlags(&mut stream, cudaStreamNonBlocking));
        checkCudaErrors!(cudaMalloc(&mut d_rand, rand_n * sizeof::<f32>()));

        // The generator on the GPU: its numbers go to device memory, made on `stream`.
        checkCudaErrors!(curandCreateGenerator(&mut prng_gpu, CURAND_RNG_PSEUDO_MTGP32));
        checkCudaErrors!(curandSetStream(prng_gpu, stream));
        checkCudaErrors!(curandSetPseudoRandomGeneratorSeed(prng_gpu, seed as u64));

        // The same generator on the host: its numbers go to host memory, made by the CPU.
        checkCudaErrors!(curandCreateGeneratorHost(&mut prng_cpu, CURAND_RNG_PSEUDO_MTGP32));
        checkCudaErrors!(curandSetPseudoRandomGeneratorSeed(prng_cpu, seed as u64));
    }
    // ANCHOR_END: generators

    // Example 1: the random numbers of the GPU and of the CPU, compared.
    let mut h_rand_gpu: *mut f32 = std::ptr::null_mut();
    unsafe { checkCudaErrors!(cudaMallocHost(&mut h_rand_gpu, rand_n * sizeof::<f32>())) };

    // ANCHOR: generate
    unsafe {
        printf!("Generating random numbers on GPU...\n\n");
        checkCudaErrors!(curandGenerateUniform(prng_gpu, d_rand, rand_n as usize));

        printf!("\nReading back the results...\n");
        checkCudaErrors!(cudaMemcpyAsync(
            h_rand_gpu,
            d_rand,
            rand_n * sizeof::<f32>(),
            cudaMemcpyDeviceToHost,
            stream
        ));
    }

    // (C's malloc: the count has passed cudaMalloc and cudaMallocHost by now, so it is a
    // size the machine has.)
    let mut h_rand_cpu = vec![0.0f32; rand_n as usize];

    unsafe {
        printf!("Generating random numbers on CPU...\n\n");
        checkCudaErrors!(curandGenerateUniform(prng_cpu, h_rand_cpu.as_mut_ptr(), rand_n as usize));

        checkCudaErrors!(cudaStreamSynchronize(stream));
        printf!("Comparing CPU/GPU random numbers...\n\n");
    }
    // ANCHOR_END: generate
    let h_rand_gpu_slice = unsafe { std::slice::from_raw_parts(h_rand_gpu, rand_n as usize) };
    let l1norm = compare_results(h_rand_gpu_slice, &h_rand_cpu);

    // Example 2: the GPU's generation timed (a host timer around ten calls, then a sync, as the
    // sample's StopWatchInterface).
    let num_iterations = 10;
    let timer = std::time::Instant::now();
    unsafe {
        for _ in 0..num_iterations {
            checkCudaErrors!(curandGenerateUniform(prng_gpu, d_rand, rand_n as usize));
        }
        checkCudaErrors!(cudaStreamSynchronize(stream));
    }
    // sdkGetTimerValue's float milliseconds.
    let timer_value = timer.elapsed().as_secs_f32() * 1000.0;
    let gpu_time = 1.0e-3 * f64::from(timer_value) / f64::from(num_iterations);

    unsafe {
        printf!(
            "MersenneTwisterGP11213, Throughput = %.4f GNumbers/s, Time = %.5f s, Size = %u Numbers\n",
            1.0e-9 * f64::from(rand_n) / gpu_time,
            gpu_time,
            rand_n as u32
        );

        printf!("Shutting down...\n");

        checkCudaErrors!(curandDestroyGenerator(prng_gpu));
        checkCudaErrors!(curandDestroyGenerator(prng_cpu));
        checkCudaErrors!(cudaStreamDestroy(stream));
        checkCudaErrors!(cudaFree(d_rand));
        checkCudaErrors!(cudaFreeHost(h_rand_gpu));
    }
    drop(h_rand_cpu);

    std::process::exit(if f64::from(l1norm) < 1e-6 { 0 } else { 1 });
}
