//! NVIDIA's matrixMul sample (C++, Runtime API), ported line by line with `cudart_sys::cpp`:
//! C = A * B with square tiles in shared memory, launched 300 times on a non-blocking stream
//! and timed with events, between cudaProfilerStart and cudaProfilerStop; the result is checked
//! against the known answer. The kernels are `kernels/matrix_mul.cu` (tiles of 16 and 32), as
//! PTX.
//! Run: `cargo run --example runtime_matrix_mul [-- --wA=320 --hA=320 --wB=640 --hB=320]`

use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use lessons::samples::{check_cmd_line_flag, find_cuda_device, get_cmd_line_argument_int, load_ptx_kernel};

// __global__ void matrix_mul_N(float *C, const float *A, const float *B, int wA, int wB)
type MatrixMul = (*mut f32, *const f32, *const f32, i32, i32);

fn constant_init(data: &mut [f32], val: f32) {
    data.fill(val);
}

fn matrix_multiply(block_size: u32, dims_a: dim3, dims_b: dim3) -> i32 {
    // Host memory for A and B (pinned: cudaMallocHost).
    let size_a = (dims_a.x * dims_a.y) as usize;
    let mem_size_a = std::mem::size_of::<f32>() * size_a;
    let mut h_a: *mut f32 = std::ptr::null_mut();
    unsafe { checkCudaErrors!(cudaMallocHost(&mut h_a, mem_size_a)) };
    let size_b = (dims_b.x * dims_b.y) as usize;
    let mem_size_b = std::mem::size_of::<f32>() * size_b;
    let mut h_b: *mut f32 = std::ptr::null_mut();
    unsafe { checkCudaErrors!(cudaMallocHost(&mut h_b, mem_size_b)) };
    let mut stream: cudaStream_t = std::ptr::null_mut();

    // Initialize host memory.
    let val_b = 0.01f32;
    unsafe {
        constant_init(std::slice::from_raw_parts_mut(h_a, size_a), 1.0);
        constant_init(std::slice::from_raw_parts_mut(h_b, size_b), val_b);
    }

    // Host matrix C.
    let dims_c = dim3::from((dims_b.x, dims_a.y, 1));
    let mem_size_c = (dims_c.x * dims_c.y) as usize * std::mem::size_of::<f32>();
    let mut h_c: *mut f32 = std::ptr::null_mut();
    unsafe { checkCudaErrors!(cudaMallocHost(&mut h_c, mem_size_c)) };

    // Device memory: no (void**) cast, cudaMalloc<T> takes &mut *mut f32.
    // ANCHOR: setup
    let (mut d_a, mut d_b, mut d_c): (*mut f32, *mut f32, *mut f32) =
        (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
    let (mut start, mut stop): (cudaEvent_t, cudaEvent_t) = (std::ptr::null_mut(), std::ptr::null_mut());
    unsafe {
        checkCudaErrors!(cudaMalloc(&mut d_a, mem_size_a));
        checkCudaErrors!(cudaMalloc(&mut d_b, mem_size_b));
        checkCudaErrors!(cudaMalloc(&mut d_c, mem_size_c));
        // Events for timing.
        checkCudaErrors!(cudaEventCreate!(&mut start));
        checkCudaErrors!(cudaEventCreate!(&mut stop));
        checkCudaErrors!(cudaStreamCreateWithFlags(&mut stream, cudaStreamNonBlocking));

        // Copy host memory to the device.
        checkCudaErrors!(cudaMemcpyAsync(d_a, h_a, mem_size_a, cudaMemcpyHostToDevice, stream));
        checkCudaErrors!(cudaMemcpyAsync(d_b, h_b, mem_size_b, cudaMemcpyHostToDevice, stream));
    }
    // ANCHOR_END: setup

    // Execution parameters. The template instances of the sample are two kernels here.
    // ANCHOR: launch
    let threads = dim3::from((block_size, block_size));
    let grid = dim3::from((dims_b.x / threads.x, dims_a.y / threads.y));
    let matrix_mul: Kernel<MatrixMul> = unsafe {
        if block_size == 16 {
            load_ptx_kernel(lessons::ptx!("matrix_mul"), c"matrix_mul_16")
        } else {
            load_ptx_kernel(lessons::ptx!("matrix_mul"), c"matrix_mul_32")
        }
    };
    let (w_a, w_b) = (dims_a.x as i32, dims_b.x as i32);

    println!("Computing result using CUDA Kernel...");
    // Warm-up launch.
    unsafe { checkCudaErrors!(launch!(matrix_mul<<<grid, threads, 0, stream>>>(d_c, d_a, d_b, w_a, w_b))) };
    println!("done");
    unsafe {
        checkCudaErrors!(cudaStreamSynchronize(stream));
        checkCudaErrors!(cudaEventRecord(start, stream));
    }

    // Execute the kernel.
    let n_iter = 300;
    for _ in 0..n_iter {
        unsafe {
            checkCudaErrors!(launch!(matrix_mul<<<grid, threads, 0, stream>>>(d_c, d_a, d_b, w_a, w_b)))
        };
    }

    let mut msec_total = 0.0f32;
    unsafe {
        checkCudaErrors!(cudaEventRecord(stop, stream));
        checkCudaErrors!(cudaEventSynchronize(stop));
        checkCudaErrors!(cudaEventElapsedTime(&mut msec_total, start, stop));
    }
    // ANCHOR_END: launch

    // Performance.
    let msec_per_matrix_mul = msec_total / n_iter as f32;
    let flops_per_matrix_mul = 2.0 * f64::from(dims_a.x) * f64::from(dims_a.y) * f64::from(dims_b.x);
    // The sample multiplies by 1.0e-9f, a float: the same rounding here.
    let giga_flops = (flops_per_matrix_mul * f64::from(1.0e-9f32)) / f64::from(msec_per_matrix_mul / 1000.0);
    println!(
        "Performance= {giga_flops:.2} GFlop/s, Time= {msec_per_matrix_mul:.3} msec, Size= {flops_per_matrix_mul:.0} Ops, \
         WorkgroupSize= {} threads/block",
        threads.x * threads.y
    );

    // Copy the result back.
    unsafe {
        checkCudaErrors!(cudaMemcpyAsync(h_c, d_c, mem_size_c, cudaMemcpyDeviceToHost, stream));
        checkCudaErrors!(cudaStreamSynchronize(stream));
    }

    print!("Checking computed result for correctness: ");
    let mut correct = true;
    // Relative error |<x, y>_cpu - <x, y>_gpu| / <|x|, |y|> < eps.
    let eps = 1.0e-6; // machine zero
    let reference = f64::from(dims_a.x as f32 * val_b);
    let h_c_slice = unsafe { std::slice::from_raw_parts(h_c, (dims_c.x * dims_c.y) as usize) };
    for (i, &value) in h_c_slice.iter().enumerate() {
        let abs_err = (f64::from(value) - reference).abs();
        let dot_length = f64::from(dims_a.x);
        let abs_val = f64::from(value).abs();
        let rel_err = abs_err / abs_val / dot_length;
        if rel_err > eps {
            println!("Error! Matrix[{i:05}]={value:.8}, ref={reference:.8} error term is > {eps:E}");
            correct = false;
        }
    }
    println!("{}", if correct { "Result = PASS" } else { "Result = FAIL" });

    unsafe {
        checkCudaErrors!(cudaFreeHost(h_a));
        checkCudaErrors!(cudaFreeHost(h_b));
        checkCudaErrors!(cudaFreeHost(h_c));
        checkCudaErrors!(cudaFree(d_a));
        checkCudaErrors!(cudaFree(d_b));
        checkCudaErrors!(cudaFree(d_c));
        checkCudaErrors!(cudaEventDestroy(start));
        checkCudaErrors!(cudaEventDestroy(stop));
    }
    println!("\nNOTE: The CUDA Samples are not meant for performance measurements. Results may vary when GPU Boost is enabled.");
    if correct {
        0
    } else {
        1
    }
}

fn main() {
    println!("[Matrix Multiply Using CUDA] - Starting...");
    if check_cmd_line_flag("help") || check_cmd_line_flag("?") {
        println!("Usage -device=n (n >= 0 for deviceID)");
        println!("      -wA=WidthA -hA=HeightA (Width x Height of Matrix A)");
        println!("      -wB=WidthB -hB=HeightB (Width x Height of Matrix B)");
        println!("  Note: Outer matrix dimensions of A & B matrices must be equal.");
        return;
    }

    let _dev = find_cuda_device();
    let block_size = 32;
    let mut dims_a = dim3::from((5 * 2 * block_size, 5 * 2 * block_size, 1));
    let mut dims_b = dim3::from((5 * 4 * block_size, 5 * 2 * block_size, 1));
    let arg = |name: &str, current: &mut u32| {
        if check_cmd_line_flag(name) {
            let value = get_cmd_line_argument_int(name);
            if value <= 0 || value as u32 % block_size != 0 {
                // The sample takes any size; its kernel only works on whole tiles.
                println!("Error: {name}={value} must be a positive multiple of {block_size}");
                std::process::exit(1);
            }
            *current = value as u32;
        }
    };
    arg("wA", &mut dims_a.x);
    arg("hA", &mut dims_a.y);
    arg("wB", &mut dims_b.x);
    arg("hB", &mut dims_b.y);
    if dims_a.x != dims_b.y {
        println!("Error: outer matrix dimensions must be equal. ({} != {})", dims_a.x, dims_b.y);
        std::process::exit(1);
    }
    println!("MatrixA({},{}), MatrixB({},{})", dims_a.x, dims_a.y, dims_b.x, dims_b.y);

    // (cuda_profiler_api.h: a toolkit has it, NVIDIA's runtime wheel alone does not.)
    #[cfg(cuda_header = "cuda_profiler_api.h")]
    unsafe {
        checkCudaErrors!(cudaProfilerStart())
    };
    let matrix_result = matrix_multiply(block_size, dims_a, dims_b);
    #[cfg(cuda_header = "cuda_profiler_api.h")]
    unsafe {
        checkCudaErrors!(cudaProfilerStop())
    };
    std::process::exit(matrix_result);
}
