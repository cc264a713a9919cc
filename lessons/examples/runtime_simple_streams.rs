//! NVIDIA's simpleStreams sample (C++, Runtime API), ported line by line with
//! `cudart_sys::cpp`: a kernel and a device-to-host copy, first one after the other, then cut
//! over 4 streams so one stream's copy overlaps another's kernel; events time both, and the
//! data is checked at the end. The kernel is `kernels/init_array.cu`, loaded as PTX.
//! Run: `cargo run --example runtime_simple_streams [-- --sync_method=4 --use_cuda_malloc_host]`
//! (`--nreps=N`, ours, repeats each experiment N times instead of 100: for compute-sanitizer).

use std::alloc::Layout;

use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use lessons::samples::{
    check_cmd_line_flag, convert_sm_ver_to_cores, find_cuda_device, get_cmd_line_argument_int,
};

const SDK_SAMPLE: &str = "simpleStreams";

const DEVICE_SYNC_METHOD: [&str; 5] = [
    "cudaDeviceScheduleAuto",
    "cudaDeviceScheduleSpin",
    "cudaDeviceScheduleYield",
    "INVALID",
    "cudaDeviceScheduleBlockingSync",
];

const SYNC_METHOD: [&str; 5] = [
    "0 (Automatic Blocking)",
    "1 (Spin Blocking)",
    "2 (Yield Blocking)",
    "3 (Undefined Blocking Method)",
    "4 (Blocking Sync Event) = low CPU utilization",
];

/// Page size: the sample pins "generic" memory aligned to it with cudaHostRegister.
const MEMORY_ALIGNMENT: usize = 4096;

// __global__ void init_array(int *g_data, int *factor, int num_iterations)
type InitArray = (*mut i32, *const i32, i32);

fn correct_data(a: &[i32], c: i32) -> bool {
    for (i, &value) in a.iter().enumerate() {
        if value != c {
            println!("{i}: {value} {c}");
            return false;
        }
    }
    true
}

/// The host buffer: page-aligned memory pinned with cudaHostRegister (the sample's mmap), or
/// cudaMallocHost's.
struct HostMemory {
    generic: bool,
    a: *mut i32,
    nbytes: usize,
}

fn allocate_host_memory(pin_generic_memory: bool, nbytes: usize) -> HostMemory {
    let mib = nbytes as f32 / 1_048_576.0;
    if pin_generic_memory {
        println!("> std::alloc allocating {mib:4.2} Mbytes (generic page-aligned system memory)");
        let layout = Layout::from_size_align(nbytes, MEMORY_ALIGNMENT).unwrap_or_else(|e| {
            eprintln!("Error: {nbytes} bytes aligned to {MEMORY_ALIGNMENT}: {e}");
            std::process::exit(1)
        });
        let a = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<i32>();
        if a.is_null() {
            eprintln!("Error: could not allocate {nbytes} bytes of host memory");
            std::process::exit(1);
        }
        println!("> cudaHostRegister() registering {mib:4.2} Mbytes of generic allocated system memory");
        unsafe { checkCudaErrors!(cudaHostRegister(a, nbytes, cudaHostRegisterMapped)) };
        HostMemory { generic: true, a, nbytes }
    } else {
        println!("> cudaMallocHost() allocating {mib:4.2} Mbytes of system memory");
        let mut a: *mut i32 = std::ptr::null_mut();
        unsafe { checkCudaErrors!(cudaMallocHost(&mut a, nbytes)) };
        HostMemory { generic: false, a, nbytes }
    }
}

fn free_host_memory(host: HostMemory) {
    unsafe {
        if host.generic {
            checkCudaErrors!(cudaHostUnregister(host.a));
            let layout = Layout::from_size_align(host.nbytes, MEMORY_ALIGNMENT).expect("allocated with it");
            std::alloc::dealloc(host.a.cast(), layout);
        } else {
            checkCudaErrors!(cudaFreeHost(host.a));
        }
    }
}

fn print_help() {
    println!("Usage: {SDK_SAMPLE} [options below]");
    println!("\t--sync_method=n for CPU/GPU synchronization");
    println!("\t             n={}", SYNC_METHOD[0]);
    println!("\t             n={}", SYNC_METHOD[1]);
    println!("\t             n={}", SYNC_METHOD[2]);
    println!("\t   <Default> n={}", SYNC_METHOD[4]);
    println!("\t--use_generic_memory (default) use generic page-aligned for system memory");
    println!("\t--use_cuda_malloc_host (optional) use cudaMallocHost to allocate system memory");
}

fn elapsed(start: cudaEvent_t, stop: cudaEvent_t) -> f32 {
    let mut ms = 0.0;
    unsafe {
        checkCudaErrors!(cudaEventSynchronize(stop)); // block until the event is actually recorded
        checkCudaErrors!(cudaEventElapsedTime(&mut ms, start, stop));
    }
    ms
}

fn main() {
    let nstreams = 4; // number of streams for CUDA calls
    let mut n: i32 = 16 * 1024 * 1024; // number of ints in the data set
    let mut pin_generic_memory = cfg!(not(target_os = "macos"));

    println!("[ {SDK_SAMPLE} ]\n");
    if check_cmd_line_flag("help") {
        print_help();
        return;
    }
    // As the sample: without --sync_method, getCmdLineArgumentInt answers 0 (automatic).
    // Times each experiment is repeated: the sample's 10 always becomes 100, as any valid
    // --sync_method (and its absence) sets it.
    let device_sync_method = get_cmd_line_argument_int("sync_method");
    let mut nreps: i32 = if matches!(device_sync_method, 0 | 1 | 2 | 4) {
        println!("Device synchronization method set to = {}", SYNC_METHOD[device_sync_method as usize]);
        println!("Setting reps to 100 to demonstrate steady state");
        100
    } else {
        println!("Invalid command line option sync_method=\"{device_sync_method}\"");
        std::process::exit(1);
    };
    // Ours, not the sample's: fewer repetitions, for runs under compute-sanitizer.
    if check_cmd_line_flag("nreps") {
        nreps = get_cmd_line_argument_int("nreps").max(1);
    }
    if check_cmd_line_flag("use_generic_memory") {
        pin_generic_memory = cfg!(not(target_os = "macos"));
    }
    if check_cmd_line_flag("use_cuda_malloc_host") {
        pin_generic_memory = false;
    }

    print!("\n> ");
    let cuda_device = find_cuda_device();

    let mut num_devices = 0;
    unsafe { checkCudaErrors!(cudaGetDeviceCount(&mut num_devices)) };
    if num_devices == 0 {
        println!("your system does not have a CUDA capable device, waiving test...");
        std::process::exit(2);
    }
    unsafe { checkCudaErrors!(cudaSetDevice(cuda_device)) };

    let mut device_prop = cudaDeviceProp::default();
    unsafe { checkCudaErrors!(cudaGetDeviceProperties(&mut device_prop, cuda_device)) };
    let niterations = 5;

    if pin_generic_memory {
        let name = unsafe { std::ffi::CStr::from_ptr(device_prop.name.as_ptr()) }.to_string_lossy();
        let can_map = if device_prop.canMapHostMemory != 0 { "Yes" } else { "No" };
        println!("Device: <{name}> canMapHostMemory: {can_map}");
        if device_prop.canMapHostMemory == 0 {
            println!("Using cudaMallocHost, CUDA device does not support mapping of generic host memory");
            pin_generic_memory = false;
        }
    }

    // Anything that is less than 32 cores has a scaled-down workload.
    let cores = convert_sm_ver_to_cores(device_prop.major, device_prop.minor);
    let scale_factor = (32.0f32 / (cores as f32 * device_prop.multiProcessorCount as f32)).max(1.0);
    n = (n as f32 / scale_factor).round() as i32;
    let nbytes = n as usize * std::mem::size_of::<i32>();

    println!("> CUDA Capable: SM {}.{} hardware", device_prop.major, device_prop.minor);
    println!(
        "> {} Multiprocessor(s) x {cores} (Cores/Multiprocessor) = {} (Cores)",
        device_prop.multiProcessorCount,
        cores * device_prop.multiProcessorCount
    );
    println!("> scale_factor = {:1.4}", 1.0 / scale_factor);
    println!("> array_size   = {n}\n");

    println!(
        "> Using CPU/GPU Device Synchronization method ({})",
        DEVICE_SYNC_METHOD[device_sync_method as usize]
    );
    let map_host = if pin_generic_memory { cudaDeviceMapHost } else { 0 };
    unsafe { checkCudaErrors!(cudaSetDeviceFlags(device_sync_method as u32 | map_host)) };

    // Host memory.
    let c: i32 = 5; // value to which the array will be initialized
    let host = allocate_host_memory(pin_generic_memory, nbytes);
    let h_a = host.a;

    // Device memory: the data and the init value.
    // ANCHOR: memory
    let init_array =
        unsafe { lessons::samples::load_ptx_kernel::<InitArray>(lessons::ptx!("init_array"), c"init_array") };
    let mut d_a: *mut i32 = std::ptr::null_mut();
    let mut d_c: *mut i32 = std::ptr::null_mut();
    unsafe {
        checkCudaErrors!(cudaMalloc(&mut d_a, nbytes));
        checkCudaErrors!(cudaMemset(d_a, 0x0, nbytes));
        checkCudaErrors!(cudaMalloc(&mut d_c, std::mem::size_of::<i32>()));
        checkCudaErrors!(cudaMemcpy(d_c, &c, std::mem::size_of::<i32>(), cudaMemcpyHostToDevice));
    }

    println!("\nStarting Test");

    let mut streams: Vec<cudaStream_t> = vec![std::ptr::null_mut(); nstreams];
    for stream in &mut streams {
        unsafe { checkCudaErrors!(cudaStreamCreate(stream)) };
    }

    // Events; blocking sync if the device syncs that way.
    let (mut start_event, mut stop_event): (cudaEvent_t, cudaEvent_t) =
        (std::ptr::null_mut(), std::ptr::null_mut());
    let eventflags = if device_sync_method as u32 == cudaDeviceBlockingSync {
        cudaEventBlockingSync
    } else {
        cudaEventDefault
    };
    unsafe {
        checkCudaErrors!(cudaEventCreate!(&mut start_event, eventflags));
        checkCudaErrors!(cudaEventCreate!(&mut stop_event, eventflags));
    }
    // ANCHOR_END: memory

    // Time the copy from the device (stream 0's event waits for everything before it).
    unsafe {
        checkCudaErrors!(cudaEventRecord(start_event, std::ptr::null_mut()));
        checkCudaErrors!(cudaMemcpyAsync(h_a, d_a, nbytes, cudaMemcpyDeviceToHost, streams[0]));
        checkCudaErrors!(cudaEventRecord(stop_event, std::ptr::null_mut()));
    }
    let time_memcpy = elapsed(start_event, stop_event);
    println!("memcopy:\t{time_memcpy:.2}");

    // Time the kernel.
    let threads = dim3::from((512, 1));
    let blocks = dim3::from((n as u32 / threads.x, 1));
    unsafe {
        checkCudaErrors!(cudaEventRecord(start_event, std::ptr::null_mut()));
        checkCudaErrors!(launch!(init_array<<<blocks, threads, 0, streams[0]>>>(d_a, d_c, niterations)));
        checkCudaErrors!(cudaEventRecord(stop_event, std::ptr::null_mut()));
    }
    let time_kernel = elapsed(start_event, stop_event);
    println!("kernel:\t\t{time_kernel:.2}");

    // Non-streamed, for reference.
    unsafe {
        checkCudaErrors!(cudaEventRecord(start_event, std::ptr::null_mut()));
        for _ in 0..nreps {
            checkCudaErrors!(launch!(init_array<<<blocks, threads>>>(d_a, d_c, niterations)));
            checkCudaErrors!(cudaMemcpy(h_a, d_a, nbytes, cudaMemcpyDeviceToHost));
        }
        checkCudaErrors!(cudaEventRecord(stop_event, std::ptr::null_mut()));
    }
    let elapsed_time = elapsed(start_event, stop_event);
    println!("non-streamed:\t{:.2}", elapsed_time / nreps as f32);

    // With nstreams streams: each stream's kernel works on its part, then copies it back.
    // ANCHOR: streams
    let blocks = dim3::from((n as u32 / (nstreams as u32 * threads.x), 1));
    let part = n as usize / nstreams;
    unsafe {
        std::ptr::write_bytes(h_a.cast::<u8>(), 255, nbytes); // all bits 1, to see what is written
        checkCudaErrors!(cudaMemset(d_a, 0, nbytes));
        checkCudaErrors!(cudaEventRecord(start_event, std::ptr::null_mut()));
        for _ in 0..nreps {
            for (i, &stream) in streams.iter().enumerate() {
                checkCudaErrors!(
                    launch!(init_array<<<blocks, threads, 0, stream>>>(d_a.add(i * part), d_c, niterations))
                );
            }
            // A copy in stream i starts when everything before it in stream i is done.
            for (i, &stream) in streams.iter().enumerate() {
                checkCudaErrors!(cudaMemcpyAsync(
                    h_a.add(i * part),
                    d_a.add(i * part),
                    nbytes / nstreams,
                    cudaMemcpyDeviceToHost,
                    stream
                ));
            }
        }
        checkCudaErrors!(cudaEventRecord(stop_event, std::ptr::null_mut()));
    }
    // ANCHOR_END: streams
    let elapsed_time = elapsed(start_event, stop_event);
    println!("{nstreams} streams:\t{:.2}", elapsed_time / nreps as f32);

    println!("-------------------------------");
    let results =
        correct_data(unsafe { std::slice::from_raw_parts(h_a, n as usize) }, c * nreps * niterations);

    unsafe {
        for &stream in &streams {
            checkCudaErrors!(cudaStreamDestroy(stream));
        }
        checkCudaErrors!(cudaEventDestroy(start_event));
        checkCudaErrors!(cudaEventDestroy(stop_event));
    }
    free_host_memory(host);
    unsafe {
        checkCudaErrors!(cudaFree(d_a));
        checkCudaErrors!(cudaFree(d_c));
    }
    std::process::exit(if results { 0 } else { 1 });
}
