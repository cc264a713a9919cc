//! `cudart_sys::cpp` on a real GPU (`--features gpu-tests`): typed allocations, the
//! overloads of other arity, a PTX kernel as a `cudaKernel_t` launched with `launch!` through
//! `cudaLaunchKernel`, and the occupancy calculator against an exhaustive search of its own.
//! Without a GPU, driver and runtime every test fails.
#![cfg(feature = "gpu-tests")]
#![allow(non_snake_case)]

use std::ptr::null_mut;

use cudart_sys::cpp::*;

fn ok(code: impl Into<cudaError_t>, what: &str) {
    let code = code.into();
    assert_eq!(code, cudaSuccess, "{what}: {:?}", loader::explain(code));
}

#[test]
fn typed_allocations_and_overloads() {
    let n = 1 << 16;
    unsafe {
        ok(cudaSetDevice(0), "cudaSetDevice (gpu-tests needs a CUDA GPU, driver and runtime)");
        let mut d: *mut u32 = null_mut();
        ok(cudaMalloc(&mut d, n * 4), "cudaMalloc<u32>");
        ok(cudaMemset(d, 0x11, n * 4), "cudaMemset");
        let mut h: *mut u32 = null_mut();
        ok(cudaMallocHost!(&mut h, n * 4, cudaHostAllocDefault), "cudaMallocHost (3 arguments)");
        ok(cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost), "cudaMemcpy");
        assert!(std::slice::from_raw_parts(h, n).iter().all(|&v| v == 0x1111_1111));

        let mut m: *mut f64 = null_mut();
        ok(cudaMallocManaged!(&mut m, 8 * 16), "cudaMallocManaged (2 arguments)");
        let mut stream: cudaStream_t = null_mut();
        ok(cudaStreamCreate(&mut stream), "cudaStreamCreate");
        ok(cudaStreamAttachMemAsync!(stream, m, 0, cudaMemAttachHost), "cudaStreamAttachMemAsync");
        ok(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
        *m = 2.5; // attached to the host
        assert_eq!(*m, 2.5);

        let mut event: cudaEvent_t = null_mut();
        ok(cudaEventCreate!(&mut event, cudaEventDisableTiming), "cudaEventCreate (2 arguments)");
        ok(cudaEventRecord(event, stream), "cudaEventRecord");
        ok(cudaEventSynchronize(event), "cudaEventSynchronize");

        let mut pooled: *mut u8 = null_mut();
        let mut pool: cudaMemPool_t = null_mut();
        ok(cudaDeviceGetDefaultMemPool(&mut pool, 0), "cudaDeviceGetDefaultMemPool");
        ok(cudaMallocAsync!(&mut pooled, 4096, pool, stream), "cudaMallocAsync (pool)");
        ok(cudaFreeAsync(pooled, stream), "cudaFreeAsync");
        ok(cudaStreamSynchronize(stream), "cudaStreamSynchronize");

        ok(cudaEventDestroy(event), "cudaEventDestroy");
        ok(cudaStreamDestroy(stream), "cudaStreamDestroy");
        ok(cudaFree(m), "cudaFree");
        ok(cudaFreeHost(h), "cudaFreeHost");
        ok(cudaFree(d), "cudaFree");
    }
}

/// `scale(float *x, float a, unsigned n)`: `x[i] *= a` for `i < n`. Hand-written PTX.
#[cfg(cuda_ge = "12.9")]
const SCALE_PTX: &str = "
.version 7.0
.target sm_52
.address_size 64
.visible .entry scale(.param .u64 x, .param .f32 a, .param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<6>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [x];
    ld.param.f32 %f1, [a];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.u32 %r5, %r2, %r3, %r4;
    setp.ge.u32 %p1, %r5, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.f32 %f2, [%rd4];
    mul.f32 %f3, %f2, %f1;
    st.global.f32 [%rd4], %f3;
DONE:
    ret;
}
\0";

#[cfg(cuda_ge = "12.9")]
fn scale_kernel() -> Kernel<(*mut f32, f32, u32), cudaKernel_t> {
    let mut library: cudaLibrary_t = null_mut();
    let mut kernel: cudaKernel_t = null_mut();
    unsafe {
        ok(cudaSetDevice(0), "cudaSetDevice (gpu-tests needs a CUDA GPU, driver and runtime)");
        ok(
            cudaLibraryLoadData(
                &mut library,
                SCALE_PTX.as_ptr(),
                null_mut(),
                null_mut(),
                0,
                null_mut(),
                null_mut(),
                0,
            ),
            "cudaLibraryLoadData",
        );
        ok(cudaLibraryGetKernel(&mut kernel, library, c"scale".as_ptr()), "cudaLibraryGetKernel");
        Kernel::new(kernel)
    }
}

#[cfg(cuda_ge = "12.9")]
#[test]
fn a_ptx_kernel_launches_through_cuda_launch_kernel() {
    let scale = scale_kernel();
    let n: u32 = 100_000;
    let mut x: *mut f32 = null_mut();
    let host: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut back = vec![0.0f32; n as usize];
    unsafe {
        ok(cudaMalloc(&mut x, n as usize * 4), "cudaMalloc");
        ok(cudaMemcpy(x, host.as_ptr(), n * 4, cudaMemcpyHostToDevice), "cudaMemcpy");
        // kernel<<<grid, block>>>(x, 3, n): the constant 3.0 needs no local, n no cast.
        ok(launch!(scale<<<n.div_ceil(256), 256>>>(x, 3.0, n)), "launch! (cudaLaunchKernel)");
        // The C++ template with an explicit argument array, for comparison.
        let (mut a, mut factor, mut count) = (x, 0.5f32, n);
        let mut args = [
            (&mut a as *mut *mut f32).cast(),
            (&mut factor as *mut f32).cast(),
            (&mut count as *mut u32).cast(),
        ];
        ok(cudaLaunchKernel!(scale.function, n.div_ceil(128), 128, args.as_mut_ptr()), "cudaLaunchKernel<T>");
        ok(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        ok(cudaMemcpy(back.as_mut_ptr(), x, n * 4, cudaMemcpyDeviceToHost), "cudaMemcpy");
        ok(cudaFree(x), "cudaFree");
    }
    for (i, v) in back.iter().enumerate() {
        assert_eq!(*v, i as f32 * 1.5, "x[{i}]");
    }
}

/// What the header's search must find, found the long way: every block size the search tries
/// (the limit, then each multiple of the warp size below it), the resident threads of each, and
/// the largest block size among those with the most.
#[cfg(cuda_ge = "12.9")]
fn exhaustive(kernel: cudaKernel_t, smem: impl Fn(i32) -> usize, limit: i32) -> (i32, i32) {
    let attribute = |attr| {
        let mut v = 0;
        ok(unsafe { cudaDeviceGetAttribute(&mut v, attr, 0) }, "cudaDeviceGetAttribute");
        v
    };
    let (warp, device_max, sms) = (
        attribute(cudaDevAttrWarpSize),
        attribute(cudaDevAttrMaxThreadsPerBlock),
        attribute(cudaDevAttrMultiProcessorCount),
    );
    let mut attr = cudaFuncAttributes::default();
    ok(unsafe { cudaFuncGetAttributes(&mut attr, kernel) }, "cudaFuncGetAttributes<T>");
    let limit = [if limit == 0 { device_max } else { limit }, device_max, attr.maxThreadsPerBlock]
        .into_iter()
        .min()
        .unwrap();
    let mut candidates: Vec<i32> = (1..=limit / warp).map(|k| k * warp).collect();
    if limit % warp != 0 {
        candidates.push(limit);
    }
    let mut best = (0, 0, 0); // (threads, block, blocks per SM)
    for block in candidates {
        let mut blocks = 0;
        ok(
            unsafe { cudaOccupancyMaxActiveBlocksPerMultiprocessor(&mut blocks, kernel, block, smem(block)) },
            "cudaOccupancyMaxActiveBlocksPerMultiprocessor<T>",
        );
        if (block * blocks, block) > (best.0, best.1) {
            best = (block * blocks, block, blocks);
        }
    }
    (best.2 * sms, best.1)
}

#[cfg(cuda_ge = "12.9")]
#[test]
fn the_occupancy_calculator_finds_what_an_exhaustive_search_finds() {
    let kernel = scale_kernel().function;
    for (smem, limit) in [(0usize, 0), (0, 100), (0, 1000), (16 << 10, 0), (40 << 10, 512)] {
        let (mut grid, mut block) = (0, 0);
        ok(
            unsafe { cudaOccupancyMaxPotentialBlockSize!(&mut grid, &mut block, kernel, smem, limit) },
            "cudaOccupancyMaxPotentialBlockSize",
        );
        println!("smem {smem}, limit {limit}: minGridSize {grid}, blockSize {block}");
        assert_eq!((grid, block), exhaustive(kernel, |_| smem, limit), "smem {smem}, limit {limit}");
    }
    let per_thread = |block: i32| block as usize * 48;
    let (mut grid, mut block) = (0, 0);
    ok(
        unsafe { cudaOccupancyMaxPotentialBlockSizeVariableSMem!(&mut grid, &mut block, kernel, per_thread) },
        "cudaOccupancyMaxPotentialBlockSizeVariableSMem",
    );
    println!("48 bytes of shared memory per thread: minGridSize {grid}, blockSize {block}");
    assert_eq!((grid, block), exhaustive(kernel, per_thread, 0));
}
