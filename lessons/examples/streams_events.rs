//! Lesson 7: streams and events. The same work (copy a and b in, add, copy c out) first on
//! one stream, then cut in chunks over two streams so one chunk's copies overlap another's
//! kernel and copy back; events order the two streams (cuStreamWaitEvent) and time both runs
//! (cuEventElapsedTime), as NVIDIA's simpleStreams sample does with the runtime API.
//! Run: `cargo run --example streams_events`

use std::ffi::c_void;

use cuda_checked::{check_driver, DriverError, DriverResult};
use cuda_sys::*;
use lessons::{init_context, launch_vector_add, load_vector_add, EventTimer};

const N: usize = 1 << 24;
const CHUNKS: usize = 8;

struct Buffers {
    host_a: *mut f32,
    host_b: *mut f32,
    host_c: *mut f32,
    dev_a: CUdeviceptr,
    dev_b: CUdeviceptr,
    dev_c: CUdeviceptr,
}

// ANCHOR: add_range
/// Copies `[first, first + len)` of a and b in, adds them, and copies c out, all on `stream`.
unsafe fn add_range(
    kernel: CUfunction,
    stream: CUstream,
    m: &Buffers,
    first: usize,
    len: usize,
) -> DriverResult<()> {
    let offset = (first * 4) as CUdeviceptr;
    let bytes = len * 4;
    unsafe {
        check_driver!(cuMemcpyHtoDAsync(
            m.dev_a + offset,
            m.host_a.add(first) as *const c_void,
            bytes,
            stream
        ))?;
        check_driver!(cuMemcpyHtoDAsync(
            m.dev_b + offset,
            m.host_b.add(first) as *const c_void,
            bytes,
            stream
        ))?;
        launch_vector_add(kernel, stream, m.dev_a + offset, m.dev_b + offset, m.dev_c + offset, len as u32)?;
        check_driver!(cuMemcpyDtoHAsync(m.host_c.add(first) as *mut c_void, m.dev_c + offset, bytes, stream))
    }
}
// ANCHOR_END: add_range

fn main() -> Result<(), DriverError> {
    let context = init_context(0)?;
    let (module, kernel) = load_vector_add()?;
    let bytes = N * 4;
    unsafe {
        // Pinned host memory: async copies from pageable memory would not overlap anything.
        let mut host = [std::ptr::null_mut::<c_void>(); 3];
        for h in &mut host {
            check_driver!(cuMemAllocHost(h, bytes))?;
        }
        let mut dev = [0 as CUdeviceptr; 3];
        for d in &mut dev {
            check_driver!(cuMemAlloc(d, bytes))?;
        }
        let m = Buffers {
            host_a: host[0].cast(),
            host_b: host[1].cast(),
            host_c: host[2].cast(),
            dev_a: dev[0],
            dev_b: dev[1],
            dev_c: dev[2],
        };
        for i in 0..N {
            *m.host_a.add(i) = i as f32;
            *m.host_b.add(i) = (i + 1) as f32;
        }

        let mut streams = [std::ptr::null_mut(); 2];
        for s in &mut streams {
            check_driver!(cuStreamCreate(s, CU_STREAM_NON_BLOCKING))?;
        }
        let (mut begun, mut second_done): (CUevent, CUevent) = (std::ptr::null_mut(), std::ptr::null_mut());
        check_driver!(cuEventCreate(&mut begun, CU_EVENT_DISABLE_TIMING))?;
        check_driver!(cuEventCreate(&mut second_done, CU_EVENT_DISABLE_TIMING))?;
        let timer = EventTimer::new()?;

        // Warm up: the first launch and copies pay one-time costs.
        add_range(kernel, streams[0], &m, 0, N)?;
        check_driver!(cuStreamSynchronize(streams[0]))?;

        let one = timer.time(streams[0], || add_range(kernel, streams[0], &m, 0, N))?;
        let ok_one = check(&m);
        std::ptr::write_bytes(m.host_c, 0, N);

        let two = timer.time(streams[0], || {
            // ANCHOR: two_streams
            // Stream 1 starts only once stream 0 has reached this point...
            check_driver!(cuEventRecord(begun, streams[0]))?;
            check_driver!(cuStreamWaitEvent(streams[1], begun, 0))?;
            let len = N / CHUNKS;
            for chunk in 0..CHUNKS {
                add_range(kernel, streams[chunk % 2], &m, chunk * len, len)?;
            }
            // ...and stream 0 records its stop only once stream 1 has finished too.
            check_driver!(cuEventRecord(second_done, streams[1]))?;
            check_driver!(cuStreamWaitEvent(streams[0], second_done, 0))
            // ANCHOR_END: two_streams
        })?;
        let ok_two = check(&m);

        println!("{N} elements, {} MiB per array", bytes >> 20);
        println!("one stream : {one:7.3} ms  (copy a, copy b, add, copy c back, in order)");
        println!("two streams: {two:7.3} ms  ({CHUNKS} chunks alternating; copies overlap the other stream's work)");
        println!("speed-up   : {:.2}x", one / two);

        drop(timer);
        check_driver!(cuEventDestroy(begun))?;
        check_driver!(cuEventDestroy(second_done))?;
        for s in streams {
            check_driver!(cuStreamDestroy(s))?;
        }
        for d in dev {
            check_driver!(cuMemFree(d))?;
        }
        for h in host {
            check_driver!(cuMemFreeHost(h))?;
        }
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuCtxDestroy(context))?;

        if !(ok_one && ok_two) {
            eprintln!("wrong sums (one stream ok: {ok_one}, two streams ok: {ok_two})");
            std::process::exit(1);
        }
    }
    println!("all {N} elements correct on both runs");
    Ok(())
}

/// c[i] == a[i] + b[i] == 2i + 1 for every i.
unsafe fn check(m: &Buffers) -> bool {
    (0..N).all(|i| unsafe { *m.host_c.add(i) } == (2 * i + 1) as f32)
}
