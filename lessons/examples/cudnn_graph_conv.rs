//! Lesson 41: the convolution of lesson 40 through cuDNN's backend graph API, cuDNN 9's own:
//! every object is a descriptor made with `cudnnBackendCreateDescriptor`, given its attributes
//! with `cudnnBackendSetAttribute` and frozen with `cudnnBackendFinalize`. Three tensors (each
//! with a unique id), a convolution, a forward-convolution operation joining them, an operation
//! graph; the heuristics rank engine configurations for the graph; the first that builds an
//! execution plan (and computes in FP32, not TF32) is run with a variant pack that binds each
//! tensor's id to its device pointer. The summary line is lesson 40's and PyTorch's.
//! Run: `cargo run --release --example cudnn_graph_conv`

use std::ffi::c_void;
use std::mem::size_of;

use cuda_checked::{check_cuda, check_cudnn, CudaError};
use cudart_sys::*;
use cudnn_sys::*;
use lessons::conv::{max_abs_error, LESSON};
use lessons::cudnn_graph::{create, engine_of, set, tensor, W_UID, X_UID, Y_UID};

fn main() -> Result<(), CudaError> {
    let conv = LESSON;
    let x = conv.input();
    let f = conv.filter();
    let dim = |v: usize| v as i64;

    unsafe {
        check_cuda!(cudaSetDevice(0))?;
        println!("cuDNN {} (cudnn.h {CUDNN_VERSION})", cudnnGetVersion());
        let mut handle: cudnnHandle_t = std::ptr::null_mut();
        check_cudnn!(cudnnCreate(&mut handle))?;

        // ANCHOR: graph
        // 1. The tensors: x (N, C, H, W), w (K, C, R, S), y (N, K, P, Q), each with its id.
        let x_desc = tensor(X_UID, [dim(conv.n), dim(conv.c), dim(conv.h), dim(conv.w)])?;
        let w_desc = tensor(W_UID, [dim(conv.k), dim(conv.c), dim(conv.r), dim(conv.s)])?;
        let y_desc = tensor(Y_UID, [dim(conv.n), dim(conv.k), dim(conv.out_h()), dim(conv.out_w())])?;
        // 2. The convolution: two spatial dimensions, cross-correlation, FP32.
        let conv_desc = create(CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR)?;
        let two = |v: usize| [v as i64, v as i64];
        set(conv_desc, CUDNN_ATTR_CONVOLUTION_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, &[CUDNN_DATA_FLOAT])?;
        set(
            conv_desc,
            CUDNN_ATTR_CONVOLUTION_CONV_MODE,
            CUDNN_TYPE_CONVOLUTION_MODE,
            &[CUDNN_CROSS_CORRELATION],
        )?;
        set(conv_desc, CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS, CUDNN_TYPE_INT64, &[2i64])?;
        set(conv_desc, CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS, CUDNN_TYPE_INT64, &two(conv.pad))?;
        set(conv_desc, CUDNN_ATTR_CONVOLUTION_POST_PADDINGS, CUDNN_TYPE_INT64, &two(conv.pad))?;
        set(conv_desc, CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES, CUDNN_TYPE_INT64, &two(conv.stride))?;
        set(conv_desc, CUDNN_ATTR_CONVOLUTION_DILATIONS, CUDNN_TYPE_INT64, &two(conv.dilation))?;
        check_cudnn!(cudnnBackendFinalize(conv_desc))?;
        // 3. The operation: y = alpha conv(x, w) + beta y.
        let op = create(CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR)?;
        set(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[x_desc])?;
        set(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[w_desc])?;
        set(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[y_desc])?;
        set(
            op,
            CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC,
            CUDNN_TYPE_BACKEND_DESCRIPTOR,
            &[conv_desc],
        )?;
        set(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA, CUDNN_TYPE_FLOAT, &[1.0f32])?;
        set(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA, CUDNN_TYPE_FLOAT, &[0.0f32])?;
        check_cudnn!(cudnnBackendFinalize(op))?;
        // 4. The graph: one operation here (a fused graph would hold a bias and a ReLU too), on
        //    the handle's GPU.
        let graph = create(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)?;
        set(graph, CUDNN_ATTR_OPERATIONGRAPH_OPS, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[op])?;
        set(graph, CUDNN_ATTR_OPERATIONGRAPH_HANDLE, CUDNN_TYPE_HANDLE, &[handle])?;
        check_cudnn!(cudnnBackendFinalize(graph))?;
        // ANCHOR_END: graph

        // ANCHOR: heuristics
        // 5. The heuristics (mode A, the quick one): engine configurations for the graph, best
        //    first. Asked once for the count, then for that many descriptors, made beforehand.
        let heuristics = create(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR)?;
        set(heuristics, CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[graph])?;
        set(heuristics, CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE, &[CUDNN_HEUR_MODE_A])?;
        check_cudnn!(cudnnBackendFinalize(heuristics))?;
        let mut count = 0i64;
        check_cudnn!(cudnnBackendGetAttribute(
            heuristics,
            CUDNN_ATTR_ENGINEHEUR_RESULTS,
            CUDNN_TYPE_BACKEND_DESCRIPTOR,
            0,
            &mut count,
            std::ptr::null_mut()
        ))?;
        let mut configs = Vec::new();
        for _ in 0..count {
            configs.push(create(CUDNN_BACKEND_ENGINECFG_DESCRIPTOR)?);
        }
        let mut returned = 0i64;
        check_cudnn!(cudnnBackendGetAttribute(
            heuristics,
            CUDNN_ATTR_ENGINEHEUR_RESULTS,
            CUDNN_TYPE_BACKEND_DESCRIPTOR,
            count,
            &mut returned,
            configs.as_mut_ptr().cast()
        ))?;
        println!("the heuristics ranked {returned} engine configurations");
        // ANCHOR_END: heuristics

        // ANCHOR: plan
        // 6. The first configuration that computes in FP32 and builds a plan: finalizing a plan
        //    is where an engine says it cannot run this graph on this GPU.
        let mut chosen = None;
        for &config in &configs[..returned.max(0) as usize] {
            let (index, fp32) = engine_of(config)?;
            if !fp32 {
                continue;
            }
            let plan = create(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)?;
            set(plan, CUDNN_ATTR_EXECUTION_PLAN_HANDLE, CUDNN_TYPE_HANDLE, &[handle])?;
            set(plan, CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[config])?;
            if cudnnBackendFinalize(plan) == CUDNN_STATUS_SUCCESS {
                chosen = Some((plan, index));
                break;
            }
            check_cudnn!(cudnnBackendDestroyDescriptor(plan))?;
        }
        let Some((plan, engine)) = chosen else {
            eprintln!("no engine cuDNN ranked runs this convolution in FP32 on this GPU");
            std::process::exit(1);
        };
        let mut workspace_size = 0i64;
        let mut got = 0i64;
        check_cudnn!(cudnnBackendGetAttribute(
            plan,
            CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE,
            CUDNN_TYPE_INT64,
            1,
            &mut got,
            (&mut workspace_size as *mut i64).cast()
        ))?;
        // ANCHOR_END: plan

        let (mut d_x, mut d_w, mut d_y, mut workspace): (*mut c_void, *mut c_void, *mut c_void, *mut c_void) =
            (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
        let y_len = conv.output_len();
        check_cuda!(cudaMalloc(&mut d_x, x.len() * size_of::<f32>()))?;
        check_cuda!(cudaMalloc(&mut d_w, f.len() * size_of::<f32>()))?;
        check_cuda!(cudaMalloc(&mut d_y, y_len * size_of::<f32>()))?;
        if workspace_size > 0 {
            check_cuda!(cudaMalloc(&mut workspace, workspace_size as usize))?;
        }
        check_cuda!(cudaMemcpy(d_x, x.as_ptr().cast(), x.len() * size_of::<f32>(), cudaMemcpyHostToDevice))?;
        check_cuda!(cudaMemcpy(d_w, f.as_ptr().cast(), f.len() * size_of::<f32>(), cudaMemcpyHostToDevice))?;

        // ANCHOR: execute
        // 7. The variant pack: which pointer is which tensor (by id), and the workspace; then
        //    the plan runs on the handle's stream.
        let pack = create(CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR)?;
        set(pack, CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, CUDNN_TYPE_INT64, &[X_UID, W_UID, Y_UID])?;
        set(pack, CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, CUDNN_TYPE_VOID_PTR, &[d_x, d_w, d_y])?;
        set(pack, CUDNN_ATTR_VARIANT_PACK_WORKSPACE, CUDNN_TYPE_VOID_PTR, &[workspace])?;
        check_cudnn!(cudnnBackendFinalize(pack))?;
        check_cudnn!(cudnnBackendExecute(handle, plan, pack))?;
        // ANCHOR_END: execute
        let mut y = vec![0f32; y_len];
        check_cuda!(cudaMemcpy(
            y.as_mut_ptr().cast(),
            d_y,
            y_len * size_of::<f32>(),
            cudaMemcpyDeviceToHost
        ))?;

        let reference = conv.reference(&x, &f);
        let error = max_abs_error(&y, &reference);
        println!("engine {engine} (workspace {workspace_size} bytes)");
        println!("max abs error against the host: {error:.3e}");
        println!("{}", conv.summary(&y));

        for desc in
            [pack, plan, heuristics, graph, op, conv_desc, x_desc, w_desc, y_desc].into_iter().chain(configs)
        {
            check_cudnn!(cudnnBackendDestroyDescriptor(desc))?;
        }
        for pointer in [workspace, d_x, d_w, d_y] {
            if !pointer.is_null() {
                check_cuda!(cudaFree(pointer))?;
            }
        }
        check_cudnn!(cudnnDestroy(handle))?;
        if error > 1e-3 {
            eprintln!("the GPU's convolution differs from the host's by {error:.3e}");
            std::process::exit(1);
        }
    }
    println!("the convolution matches the host's");
    Ok(())
}
