//! Lesson 9: a CUDA graph built node by node, as NVIDIA's simpleCudaGraphs sample builds its
//! first graph (`cudaGraphsManual`), here with the Driver API. A graph is work written down
//! once, with its dependencies, and launched as a whole as often as needed: the driver
//! checks and prepares it once, at `cuGraphInstantiate`, not at every launch.
//!
//! ```text
//!   copy x in (memcpy node)    set y to 1.0 (memset node)
//!                 \                /
//!              y = 2x + y (kernel node: saxpy)
//!                        |
//!              y = 3x + y (kernel node: saxpy again)
//!                        |
//!              copy y out (memcpy node)
//!                        |
//!              sum y on the CPU (host node)
//! ```
//!
//! So y = 5x + 1. The graph copies x from the same host buffer at every launch: the host
//! changes x between launches, and each launch's result is checked. The kernel is PTX
//! (kernels/saxpy.ptx).
//! Run: `cargo run --example graphs`

use std::ffi::c_void;
use std::mem::{size_of, zeroed};

use cuda_checked::{check_driver, DriverError};
use cuda_sys::*;
use lessons::init_context;

/// `y[i] = a * x[i] + y[i]` for `i < n`, as PTX (hand-written, see kernels/saxpy.ptx).
const SAXPY_PTX: &str = concat!(include_str!("../kernels/saxpy.ptx"), "\0");

const N: usize = 1 << 20;
const LAUNCHES: usize = 3;

/// What the host node works with. The driver calls it on a thread of its own, in the middle
/// of the graph, so it reaches this data through the raw pointer it was given, and the main
/// thread reads it only after `cuStreamSynchronize`.
struct HostNodeData {
    y: *const f32,
    n: usize,
    sum: f64,
    calls: usize,
}

// ANCHOR: host_fn
/// The host node's function. It runs once the copy of y to the host is done, and must not
/// call CUDA itself. Nothing in it can panic (a panic must not unwind into the driver).
unsafe extern "C" fn sum_on_host(data: *mut c_void) {
    let data = data.cast::<HostNodeData>();
    unsafe {
        let y = std::slice::from_raw_parts((*data).y, (*data).n);
        (*data).sum = y.iter().map(|&v| v as f64).sum();
        (*data).calls += 1;
    }
}
// ANCHOR_END: host_fn

/// saxpy's arguments, in the order of its parameters. A kernel node takes them as
/// cuLaunchKernel does: an array holding a pointer to each value.
struct SaxpyArgs {
    x: CUdeviceptr,
    y: CUdeviceptr,
    a: f32,
    n: u32,
}

impl SaxpyArgs {
    fn pointers(&mut self) -> [*mut c_void; 4] {
        [
            (&mut self.x as *mut CUdeviceptr).cast(),
            (&mut self.y as *mut CUdeviceptr).cast(),
            (&mut self.a as *mut f32).cast(),
            (&mut self.n as *mut u32).cast(),
        ]
    }
}

/// x at a launch: `x[i] = i + launch`. Small integers, so y = 5x + 1 is exact in f32.
fn x_at(i: usize, launch: usize) -> f32 {
    (i + launch) as f32
}

fn main() -> Result<(), DriverError> {
    let context = init_context(0)?;
    let bytes = N * size_of::<f32>();
    unsafe {
        let mut module: CUmodule = std::ptr::null_mut();
        let mut saxpy: CUfunction = std::ptr::null_mut();
        check_driver!(cuModuleLoadData(&mut module, SAXPY_PTX.as_ptr().cast()))?;
        check_driver!(cuModuleGetFunction(&mut saxpy, module, c"saxpy".as_ptr()))?;

        // Pinned host memory, as the sample uses: copies from it run asynchronously.
        let (mut x_host, mut y_host): (*mut c_void, *mut c_void) =
            (std::ptr::null_mut(), std::ptr::null_mut());
        check_driver!(cuMemAllocHost(&mut x_host, bytes))?;
        check_driver!(cuMemAllocHost(&mut y_host, bytes))?;
        let (x_host, y_host) = (x_host.cast::<f32>(), y_host.cast::<f32>());
        let (mut x, mut y): (CUdeviceptr, CUdeviceptr) = (0, 0);
        check_driver!(cuMemAlloc(&mut x, bytes))?;
        check_driver!(cuMemAlloc(&mut y, bytes))?;

        let mut graph: CUgraph = std::ptr::null_mut();
        check_driver!(cuGraphCreate(&mut graph, 0))?;

        // ANCHOR: memcpy_node
        // Copy x in: host to device. CUDA_MEMCPY3D describes a 3D box; a plain copy is one row
        // (Height 1) of one slice (Depth 1), WidthInBytes long, each pitch the whole row.
        let mut copy_in: CUDA_MEMCPY3D = zeroed();
        copy_in.srcMemoryType = CU_MEMORYTYPE_HOST;
        copy_in.srcHost = x_host as *const c_void;
        copy_in.srcPitch = bytes;
        copy_in.srcHeight = 1;
        copy_in.dstMemoryType = CU_MEMORYTYPE_DEVICE;
        copy_in.dstDevice = x;
        copy_in.dstPitch = bytes;
        copy_in.dstHeight = 1;
        copy_in.WidthInBytes = bytes;
        copy_in.Height = 1;
        copy_in.Depth = 1;
        let mut copy_in_node: CUgraphNode = std::ptr::null_mut();
        // No dependencies: a root of the graph. Copies and memsets name their context.
        check_driver!(cuGraphAddMemcpyNode(
            &mut copy_in_node,
            graph,
            std::ptr::null(),
            0,
            &copy_in,
            context
        ))?;
        // ANCHOR_END: memcpy_node

        // Set y to 1.0: a memset of 4-byte elements, the value being 1.0's bits. One row of N
        // elements (the pitch only matters with more than one row).
        let mut fill: CUDA_MEMSET_NODE_PARAMS = zeroed();
        fill.dst = y;
        fill.pitch = 0;
        fill.value = 1.0f32.to_bits();
        fill.elementSize = size_of::<f32>() as u32;
        fill.width = N;
        fill.height = 1;
        let mut fill_node: CUgraphNode = std::ptr::null_mut();
        check_driver!(cuGraphAddMemsetNode(&mut fill_node, graph, std::ptr::null(), 0, &fill, context))?;

        // ANCHOR: kernel_node
        // y = 2x + y, once both roots are done. The driver copies the argument values
        // (`kernelParams` points to each) when the node is added.
        let mut first = SaxpyArgs { x, y, a: 2.0, n: N as u32 };
        let mut first_args = first.pointers();
        let block = 256;
        let mut kernel: CUDA_KERNEL_NODE_PARAMS = zeroed();
        kernel.func = saxpy;
        kernel.gridDimX = (N as u32).div_ceil(block);
        kernel.gridDimY = 1;
        kernel.gridDimZ = 1;
        kernel.blockDimX = block;
        kernel.blockDimY = 1;
        kernel.blockDimZ = 1;
        kernel.sharedMemBytes = 0;
        kernel.kernelParams = first_args.as_mut_ptr();
        kernel.extra = std::ptr::null_mut();
        let roots = [copy_in_node, fill_node];
        let mut first_saxpy: CUgraphNode = std::ptr::null_mut();
        check_driver!(cuGraphAddKernelNode(&mut first_saxpy, graph, roots.as_ptr(), roots.len(), &kernel))?;
        // ANCHOR_END: kernel_node

        // y = 3x + y, after the first: the same kernel and launch shape, another a.
        let mut second = SaxpyArgs { a: 3.0, ..first };
        let (second_saxpy, how) = add_second_saxpy(graph, first_saxpy, &kernel, &mut second.pointers())?;

        // Copy y out: device to host, the mirror of the copy in.
        let mut copy_out: CUDA_MEMCPY3D = zeroed();
        copy_out.srcMemoryType = CU_MEMORYTYPE_DEVICE;
        copy_out.srcDevice = y;
        copy_out.srcPitch = bytes;
        copy_out.srcHeight = 1;
        copy_out.dstMemoryType = CU_MEMORYTYPE_HOST;
        copy_out.dstHost = y_host.cast();
        copy_out.dstPitch = bytes;
        copy_out.dstHeight = 1;
        copy_out.WidthInBytes = bytes;
        copy_out.Height = 1;
        copy_out.Depth = 1;
        let mut copy_out_node: CUgraphNode = std::ptr::null_mut();
        check_driver!(cuGraphAddMemcpyNode(&mut copy_out_node, graph, &second_saxpy, 1, &copy_out, context))?;

        // ANCHOR: host_node
        // Sum y on the CPU, once it has arrived.
        let data = Box::into_raw(Box::new(HostNodeData { y: y_host, n: N, sum: 0.0, calls: 0 }));
        let mut host: CUDA_HOST_NODE_PARAMS = zeroed();
        host.r#fn = Some(sum_on_host);
        host.userData = data.cast();
        let mut host_node: CUgraphNode = std::ptr::null_mut();
        check_driver!(cuGraphAddHostNode(&mut host_node, graph, &copy_out_node, 1, &host))?;
        // ANCHOR_END: host_node

        // Asked with no array to fill, cuGraphGetNodes only counts.
        let mut nodes = 0;
        check_driver!(cuGraphGetNodes(graph, std::ptr::null_mut(), &mut nodes))?;
        println!("graph of {nodes} nodes: copy x in, set y to 1.0, y = 2x + y, y = 3x + y, copy y out, sum y on the host");
        println!("the second saxpy node added with {how}");

        // ANCHOR: launch
        let mut exec: CUgraphExec = std::ptr::null_mut();
        // CUDA 12 made cuGraphInstantiate the 3-argument form (flags); CUDA 11's took an error
        // node and a log buffer, which may be null.
        #[cfg(cuda_ge = "12.0")]
        check_driver!(cuGraphInstantiate(&mut exec, graph, 0))?;
        #[cfg(not(cuda_ge = "12.0"))]
        check_driver!(cuGraphInstantiate(&mut exec, graph, std::ptr::null_mut(), std::ptr::null_mut(), 0))?;

        let mut stream: CUstream = std::ptr::null_mut();
        check_driver!(cuStreamCreate(&mut stream, CU_STREAM_NON_BLOCKING))?;
        println!("instantiated once, launched {LAUNCHES} times on one stream; x changes on the host between launches");

        let mut all_correct = true;
        for launch in 1..=LAUNCHES {
            // The memcpy node reads x_host at launch time, so new values go in with no change
            // to the graph.
            for i in 0..N {
                *x_host.add(i) = x_at(i, launch);
            }
            check_driver!(cuGraphLaunch(exec, stream))?;
            check_driver!(cuStreamSynchronize(stream))?;
            // ANCHOR_END: launch

            let wrong = (0..N).filter(|&i| *y_host.add(i) != 5.0 * x_at(i, launch) + 1.0).count();
            // The sum of 5(i + launch) + 1 over i < N, exact in f64.
            let (n64, l64) = (N as f64, launch as f64);
            let expected = 5.0 * (n64 * (n64 - 1.0) / 2.0 + n64 * l64) + n64;
            let (sum, calls) = ((*data).sum, (*data).calls);
            println!(
                "launch {launch} (x[i] = i + {launch}): y[i] = 5 x[i] + 1 for {} of {N} elements; \
                 host node's sum of y = {sum} (expected {expected})",
                N - wrong
            );
            all_correct &= wrong == 0 && sum == expected && calls == launch;
        }

        // An executable graph and its graph are separate objects: destroy both.
        check_driver!(cuGraphExecDestroy(exec))?;
        check_driver!(cuGraphDestroy(graph))?;
        check_driver!(cuStreamDestroy(stream))?;
        drop(Box::from_raw(data));
        check_driver!(cuMemFree(x))?;
        check_driver!(cuMemFree(y))?;
        check_driver!(cuMemFreeHost(x_host.cast()))?;
        check_driver!(cuMemFreeHost(y_host.cast()))?;
        check_driver!(cuModuleUnload(module))?;
        check_driver!(cuCtxDestroy(context))?;

        if !all_correct {
            eprintln!("wrong results (see the launches above)");
            std::process::exit(1);
        }
    }
    println!("all results correct: {LAUNCHES} launches of {N} elements, the host node ran {LAUNCHES} times");
    Ok(())
}

/// The second saxpy node (`kernel` with `args`, after `after`), and how it was added.
///
/// From CUDA 12.2 one call adds a node of any kind: `cuGraphAddNode` with a
/// `CUgraphNodeParams`, a type tag plus a union of each kind's parameters (C writes
/// `params.kernel.func = ...`, and so does Rust). Bytes it does not use must be zero. In CUDA
/// 13 `cuGraphAddNode` is what 12.3 added as `cuGraphAddNode_v2`: it also takes edge data for
/// the dependencies (null: plain edges).
#[cfg(cuda_ge = "12.2")]
unsafe fn add_second_saxpy(
    graph: CUgraph,
    after: CUgraphNode,
    kernel: &CUDA_KERNEL_NODE_PARAMS,
    args: &mut [*mut c_void; 4],
) -> Result<(CUgraphNode, &'static str), DriverError> {
    let mut node: CUgraphNode = std::ptr::null_mut();
    unsafe {
        let mut params: CUgraphNodeParams = zeroed();
        params.r#type = CU_GRAPH_NODE_TYPE_KERNEL;
        params.kernel.func = kernel.func;
        params.kernel.gridDimX = kernel.gridDimX;
        params.kernel.gridDimY = kernel.gridDimY;
        params.kernel.gridDimZ = kernel.gridDimZ;
        params.kernel.blockDimX = kernel.blockDimX;
        params.kernel.blockDimY = kernel.blockDimY;
        params.kernel.blockDimZ = kernel.blockDimZ;
        params.kernel.sharedMemBytes = kernel.sharedMemBytes;
        params.kernel.kernelParams = args.as_mut_ptr();
        #[cfg(cuda_ge = "13.0")]
        check_driver!(cuGraphAddNode(&mut node, graph, &after, std::ptr::null(), 1, &mut params))?;
        #[cfg(not(cuda_ge = "13.0"))]
        check_driver!(cuGraphAddNode(&mut node, graph, &after, 1, &mut params))?;
    }
    Ok((node, "cuGraphAddNode (CUgraphNodeParams, CUDA 12.2 and later)"))
}

/// Before CUDA 12.2's `cuGraphAddNode`: `cuGraphAddKernelNode` again.
#[cfg(not(cuda_ge = "12.2"))]
unsafe fn add_second_saxpy(
    graph: CUgraph,
    after: CUgraphNode,
    kernel: &CUDA_KERNEL_NODE_PARAMS,
    args: &mut [*mut c_void; 4],
) -> Result<(CUgraphNode, &'static str), DriverError> {
    let mut node: CUgraphNode = std::ptr::null_mut();
    let mut kernel = *kernel;
    kernel.kernelParams = args.as_mut_ptr();
    unsafe {
        check_driver!(cuGraphAddKernelNode(&mut node, graph, &after, 1, &kernel))?;
    }
    Ok((node, "cuGraphAddKernelNode (this header is older than CUDA 12.2's cuGraphAddNode)"))
}
