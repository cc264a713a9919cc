//! NVIDIA's UnifiedMemoryStreams sample (C++, Runtime API), ported line by line with
//! `cudart_sys::cpp`: 40 tasks of random size, each a matrix-vector product on managed memory
//! (`cudaMallocManaged`), shared by 4 threads; a small task runs on the host after its memory is
//! attached to the host (`cudaStreamAttachMemAsync(..., cudaMemAttachHost)`), a large one on
//! the device on the thread's own stream (`cudaMemAttachSingle`).
//!
//! Two changes, both said where they are: the device's product is `kernels/dgemv.cu` (PTX)
//! instead of cuBLAS's `cublasDgemv`, which these crates do not bind; and at the end every
//! device task is checked against the host's product, which the sample does not do. OpenMP's
//! `parallel for schedule(dynamic)` is 4 threads taking the next task from a shared counter.
//! Run: `cargo run --example runtime_unified_memory_streams [-- --seed=N]`

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use cuda_checked::checkCudaErrors;
use cudart_sys::cpp::*;
use lessons::samples::{check_cmd_line_flag, find_cuda_device, get_cmd_line_argument_int, load_ptx_kernel};

// __global__ void dgemv(int n, double alpha, const double *A, const double *x, double beta, double *y)
type Dgemv = (i32, f64, *const f64, *const f64, f64, *mut f64);

/// POSIX's `drand48`, which the sample draws its sizes and values from: the 48-bit linear
/// congruential generator the standard specifies, so one seed gives the C program's numbers.
struct Drand48(u64);

impl Drand48 {
    /// `srand48(seed)`.
    fn new(seed: i64) -> Self {
        Drand48((((seed as u64) & 0xFFFF_FFFF) << 16) | 0x330E)
    }
    /// `drand48()`: uniform in [0, 1).
    fn next(&mut self) -> f64 {
        self.0 = (0x5_DEEC_E66D_u64.wrapping_mul(self.0).wrapping_add(0xB)) & ((1 << 48) - 1);
        self.0 as f64 / (1u64 << 48) as f64
    }
}

// ANCHOR: task
/// One task: `result = data * vector` for a `size` x `size` matrix, all in managed memory.
struct Task {
    size: u32,
    id: u32,
    data: *mut f64,
    result: *mut f64,
    vector: *mut f64,
    on_device: bool,
}

impl Task {
    fn new() -> Self {
        Task {
            size: 0,
            id: 0,
            data: std::ptr::null_mut(),
            result: std::ptr::null_mut(),
            vector: std::ptr::null_mut(),
            on_device: false,
        }
    }

    /// Managed memory outside of the constructor, filled with random values.
    fn allocate(&mut self, s: u32, unique_id: u32, random: &mut Drand48) {
        self.id = unique_id;
        self.size = s;
        let n = s as usize;
        unsafe {
            // cudaMallocManaged<T>, flags left at cudaMemAttachGlobal as in C++.
            checkCudaErrors!(cudaMallocManaged!(&mut self.data, std::mem::size_of::<f64>() * n * n));
            checkCudaErrors!(cudaMallocManaged!(&mut self.result, std::mem::size_of::<f64>() * n));
            checkCudaErrors!(cudaMallocManaged!(&mut self.vector, std::mem::size_of::<f64>() * n));
            checkCudaErrors!(cudaDeviceSynchronize());
            for i in 0..n * n {
                *self.data.add(i) = random.next();
            }
            for i in 0..n {
                *self.result.add(i) = 0.0;
                *self.vector.add(i) = random.next();
            }
        }
    }
}

impl Drop for Task {
    /// The sample's destructor: `?` cannot leave a `drop`, so the checks exit, as
    /// `checkCudaErrors` does.
    fn drop(&mut self) {
        unsafe {
            checkCudaErrors!(cudaDeviceSynchronize());
            checkCudaErrors!(cudaFree(self.data));
            checkCudaErrors!(cudaFree(self.result));
            checkCudaErrors!(cudaFree(self.vector));
        }
    }
}
// ANCHOR_END: task

/// Host dgemv: `result = alpha * A x + beta * result` for a square row-major `A`.
fn gemv(n: usize, alpha: f64, a: *const f64, x: *const f64, beta: f64, result: *mut f64) {
    unsafe {
        for i in 0..n {
            *result.add(i) *= beta;
            for j in 0..n {
                *result.add(i) += alpha * *a.add(i * n + j) * *x.add(j);
            }
        }
    }
}

// ANCHOR: execute
/// Runs one task on the host or the device, depending on its size.
fn execute(t: &mut Task, dgemv: Kernel<Dgemv>, stream: &[cudaStream_t], tid: usize) {
    let n = t.size as usize;
    if t.size < 100 {
        println!("Task [{}], thread [{tid}] executing on host ({})", t.id, t.size);
        unsafe {
            // Attach the memory to a (dummy) stream for the host to use while the device runs.
            checkCudaErrors!(cudaStreamAttachMemAsync!(stream[0], t.data, 0, cudaMemAttachHost));
            checkCudaErrors!(cudaStreamAttachMemAsync!(stream[0], t.vector, 0, cudaMemAttachHost));
            checkCudaErrors!(cudaStreamAttachMemAsync!(stream[0], t.result, 0, cudaMemAttachHost));
            // The attachments are asynchronous: wait for them.
            checkCudaErrors!(cudaStreamSynchronize(stream[0]));
        }
        gemv(n, 1.0, t.data, t.vector, 0.0, t.result);
    } else {
        println!("Task [{}], thread [{tid}] executing on device ({})", t.id, t.size);
        t.on_device = true;
        let (one, zero) = (1.0, 0.0);
        let my_stream = stream[tid + 1];
        let threads = 128u32;
        unsafe {
            // Attach the memory to this thread's stream (cudaMemAttachSingle is the default).
            checkCudaErrors!(cudaStreamAttachMemAsync!(my_stream, t.data));
            checkCudaErrors!(cudaStreamAttachMemAsync!(my_stream, t.vector));
            checkCudaErrors!(cudaStreamAttachMemAsync!(my_stream, t.result));
            // cublasDgemv(handle, CUBLAS_OP_N, n, n, &one, data, n, vector, 1, &zero, result, 1)
            checkCudaErrors!(launch!(dgemv<<<t.size.div_ceil(threads), threads, 0, my_stream>>>(
                t.size as i32,
                one,
                t.data,
                t.vector,
                zero,
                t.result
            )));
        }
    }
}
// ANCHOR_END: execute

/// Sizes at random, at least 64 and below 1000.
fn initialise_tasks(task_list: &mut [Task], random: &mut Drand48) {
    for (i, task) in task_list.iter_mut().enumerate() {
        let size = ((random.next() * 1000.0) as u32).max(64);
        task.allocate(size, i as u32, random);
    }
}

// SAFETY: a task's pointers are managed memory, which any thread of the process may use.
unsafe impl Send for Task {}

/// The streams, shared by the worker threads.
struct Streams(Vec<cudaStream_t>);

// SAFETY: CUDA's stream handles may be used from any thread.
unsafe impl Sync for Streams {}

fn main() {
    let mut device_prop = cudaDeviceProp::default();
    let dev_id = find_cuda_device();
    unsafe { checkCudaErrors!(cudaGetDeviceProperties(&mut device_prop, dev_id)) };
    if device_prop.managedMemory == 0 {
        eprintln!("Unified Memory not supported on this device");
        std::process::exit(2);
    }
    let mut compute_mode = 0;
    unsafe { checkCudaErrors!(cudaDeviceGetAttribute(&mut compute_mode, cudaDevAttrComputeMode, dev_id)) };
    if compute_mode == cudaComputeModeProhibited as i32 {
        eprintln!("This sample requires a device in either default or process exclusive mode");
        std::process::exit(2);
    }

    // Random task sizes; `--seed=N` (ours) repeats a run, the sample seeds with the time.
    let seed = if check_cmd_line_flag("seed") {
        i64::from(get_cmd_line_argument_int("seed"))
    } else {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
    };
    let mut random = Drand48::new(seed);

    let nthreads = 4;
    // One stream per thread, and stream 0 for the host's tasks.
    let mut streams: Vec<cudaStream_t> = vec![std::ptr::null_mut(); nthreads + 1];
    for stream in &mut streams {
        unsafe { checkCudaErrors!(cudaStreamCreate(stream)) };
    }
    let dgemv: Kernel<Dgemv> = unsafe { load_ptx_kernel(lessons::ptx!("dgemv"), c"dgemv") };

    // 40 tasks.
    let n = 40;
    let mut tasks: Vec<Task> = (0..n).map(|_| Task::new()).collect();
    initialise_tasks(&mut tasks, &mut random);

    println!("Executing tasks on host / device");
    // Each task is taken by one thread; the lock is never contended.
    let tasks: Vec<Mutex<Task>> = tasks.into_iter().map(Mutex::new).collect();
    let streams = Streams(streams);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for tid in 0..nthreads {
            let (tasks, streams, next) = (&tasks, &streams, &next);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(i) else { break };
                unsafe { checkCudaErrors!(cudaSetDevice(dev_id)) };
                let mut task = task.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                execute(&mut task, dgemv, &streams.0, tid);
            });
        }
    });
    unsafe { checkCudaErrors!(cudaDeviceSynchronize()) };

    // Ours: each device task against the host's product of the same data.
    let tasks: Vec<Task> =
        tasks.into_iter().map(|t| t.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner())).collect();
    let Streams(streams) = streams;
    let mut worst: f64 = 0.0;
    let mut checked = 0;
    for t in tasks.iter().filter(|t| t.on_device) {
        let size = t.size as usize;
        let mut expected = vec![0.0; size];
        gemv(size, 1.0, t.data, t.vector, 0.0, expected.as_mut_ptr());
        for (i, want) in expected.iter().enumerate() {
            let got = unsafe { *t.result.add(i) };
            worst = worst.max((got - want).abs() / want.abs().max(1.0));
        }
        checked += 1;
    }
    println!("Checked {checked} device tasks against the host: largest relative difference {worst:.1e}");

    for stream in streams {
        unsafe { checkCudaErrors!(cudaStreamDestroy(stream)) };
    }
    drop(tasks);
    println!("All Done!");
    std::process::exit(if worst < 1e-12 { 0 } else { 1 });
}
