//! cuDNN's backend graph API as lesson 41 (cudnn_graph_conv) calls it, for the lesson and the
//! benchmark (bench/cudnn.rs): C's set-attribute calls with their arrays and counts, a tensor, an
//! engine configuration's engine, and the forward convolution's graph. See
//! <https://docs.nvidia.com/deeplearning/cudnn/latest/api/cudnn-graph-library.html>.
//!
//! # Safety
//! Every function is a sequence of cuDNN calls: the descriptors passed must be live ones of the
//! kind named.
// (The module's Safety section speaks for each function.)
#![allow(clippy::missing_safety_doc)]

use cuda_checked::{check_cudnn, CudnnResult};
use cudnn_sys::*;

use crate::conv::Conv;

/// The tensors' unique ids: how the variant pack says which pointer is which tensor.
pub const X_UID: i64 = 1;
pub const W_UID: i64 = 2;
pub const Y_UID: i64 = 3;

/// `cudnnBackendSetAttribute(desc, name, type, values.len(), values)`: C's array and count.
pub unsafe fn set<T>(
    desc: cudnnBackendDescriptor_t,
    name: cudnnBackendAttributeName_t,
    kind: cudnnBackendAttributeType_t,
    values: &[T],
) -> CudnnResult<()> {
    check_cudnn!(cudnnBackendSetAttribute(desc, name, kind, values.len() as i64, values.as_ptr().cast()))
}

/// A new descriptor of `kind`.
pub unsafe fn create(kind: cudnnBackendDescriptorType_t) -> CudnnResult<cudnnBackendDescriptor_t> {
    let mut desc: cudnnBackendDescriptor_t = std::ptr::null_mut();
    check_cudnn!(cudnnBackendCreateDescriptor(kind, &mut desc))?;
    Ok(desc)
}

/// A packed NCHW float tensor of `dims`, with its id.
pub unsafe fn tensor(uid: i64, dims: [i64; 4]) -> CudnnResult<cudnnBackendDescriptor_t> {
    let strides = [dims[1] * dims[2] * dims[3], dims[2] * dims[3], dims[3], 1];
    let desc = create(CUDNN_BACKEND_TENSOR_DESCRIPTOR)?;
    set(desc, CUDNN_ATTR_TENSOR_DATA_TYPE, CUDNN_TYPE_DATA_TYPE, &[CUDNN_DATA_FLOAT])?;
    set(desc, CUDNN_ATTR_TENSOR_DIMENSIONS, CUDNN_TYPE_INT64, &dims)?;
    set(desc, CUDNN_ATTR_TENSOR_STRIDES, CUDNN_TYPE_INT64, &strides)?;
    set(desc, CUDNN_ATTR_TENSOR_UNIQUE_ID, CUDNN_TYPE_INT64, &[uid])?;
    // cudaMalloc's pointers are aligned far beyond 16 bytes.
    set(desc, CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, CUDNN_TYPE_INT64, &[16i64])?;
    check_cudnn!(cudnnBackendFinalize(desc))?;
    Ok(desc)
}

/// An engine's global index and whether it computes in FP32 (no tensor cores' TF32, no inputs
/// converted down), from its numerical notes.
pub unsafe fn engine_of(config: cudnnBackendDescriptor_t) -> CudnnResult<(i64, bool)> {
    let engine = create(CUDNN_BACKEND_ENGINE_DESCRIPTOR)?;
    let mut count = 0i64;
    check_cudnn!(cudnnBackendGetAttribute(
        config,
        CUDNN_ATTR_ENGINECFG_ENGINE,
        CUDNN_TYPE_BACKEND_DESCRIPTOR,
        1,
        &mut count,
        (&engine as *const cudnnBackendDescriptor_t).cast_mut().cast()
    ))?;
    let mut index = 0i64;
    check_cudnn!(cudnnBackendGetAttribute(
        engine,
        CUDNN_ATTR_ENGINE_GLOBAL_INDEX,
        CUDNN_TYPE_INT64,
        1,
        &mut count,
        (&mut index as *mut i64).cast()
    ))?;
    let mut notes = [0 as cudnnBackendNumericalNote_t; CUDNN_NUMERICAL_NOTE_TYPE_COUNT as usize];
    let mut noted = 0i64;
    check_cudnn!(cudnnBackendGetAttribute(
        engine,
        CUDNN_ATTR_ENGINE_NUMERICAL_NOTE,
        CUDNN_TYPE_NUMERICAL_NOTE,
        notes.len() as i64,
        &mut noted,
        notes.as_mut_ptr().cast()
    ))?;
    let notes = &notes[..(noted.max(0) as usize).min(notes.len())];
    let fp32 = !notes
        .iter()
        .any(|&n| n == CUDNN_NUMERICAL_NOTE_TENSOR_CORE || n == CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS);
    check_cudnn!(cudnnBackendDestroyDescriptor(engine))?;
    Ok((index, fp32))
}

/// The descriptors of a forward convolution's graph, `y = conv(x, w)`: what
/// [`ConvGraph::destroy`] frees.
pub struct ConvGraph {
    pub graph: cudnnBackendDescriptor_t,
    parts: [cudnnBackendDescriptor_t; 5],
}

impl ConvGraph {
    /// Lesson 41's steps 1 to 4 for `conv` (FP32 tensors and compute): the tensors with their
    /// ids, the convolution, the operation, the graph on `handle`'s GPU.
    pub unsafe fn new(handle: cudnnHandle_t, conv: &Conv) -> CudnnResult<ConvGraph> {
        let dim = |v: usize| v as i64;
        let two = |v: usize| [v as i64, v as i64];
        let x = tensor(X_UID, [dim(conv.n), dim(conv.c), dim(conv.h), dim(conv.w)])?;
        let w = tensor(W_UID, [dim(conv.k), dim(conv.c), dim(conv.r), dim(conv.s)])?;
        let y = tensor(Y_UID, [dim(conv.n), dim(conv.k), dim(conv.out_h()), dim(conv.out_w())])?;
        let desc = create(CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR)?;
        set(desc, CUDNN_ATTR_CONVOLUTION_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, &[CUDNN_DATA_FLOAT])?;
        set(desc, CUDNN_ATTR_CONVOLUTION_CONV_MODE, CUDNN_TYPE_CONVOLUTION_MODE, &[CUDNN_CROSS_CORRELATION])?;
        set(desc, CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS, CUDNN_TYPE_INT64, &[2i64])?;
        for (name, value) in [
            (CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS, conv.pad),
            (CUDNN_ATTR_CONVOLUTION_POST_PADDINGS, conv.pad),
            (CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES, conv.stride),
            (CUDNN_ATTR_CONVOLUTION_DILATIONS, conv.dilation),
        ] {
            set(desc, name, CUDNN_TYPE_INT64, &two(value))?;
        }
        check_cudnn!(cudnnBackendFinalize(desc))?;
        let op = create(CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR)?;
        for (name, value) in [
            (CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X, x),
            (CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, w),
            (CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y, y),
            (CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC, desc),
        ] {
            set(op, name, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[value])?;
        }
        set(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA, CUDNN_TYPE_FLOAT, &[1.0f32])?;
        set(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA, CUDNN_TYPE_FLOAT, &[0.0f32])?;
        check_cudnn!(cudnnBackendFinalize(op))?;
        let graph = create(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR)?;
        set(graph, CUDNN_ATTR_OPERATIONGRAPH_OPS, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[op])?;
        set(graph, CUDNN_ATTR_OPERATIONGRAPH_HANDLE, CUDNN_TYPE_HANDLE, &[handle])?;
        check_cudnn!(cudnnBackendFinalize(graph))?;
        Ok(ConvGraph { graph, parts: [op, desc, x, w, y] })
    }

    /// The engine configurations the heuristics of `mode` rank for the graph, best first (the
    /// caller destroys them).
    pub unsafe fn configs(&self, mode: cudnnBackendHeurMode_t) -> CudnnResult<Vec<cudnnBackendDescriptor_t>> {
        let heuristics = create(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR)?;
        set(heuristics, CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[self.graph])?;
        set(heuristics, CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE, &[mode])?;
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
        check_cudnn!(cudnnBackendDestroyDescriptor(heuristics))?;
        for config in configs.drain(returned.clamp(0, count) as usize..) {
            check_cudnn!(cudnnBackendDestroyDescriptor(config))?;
        }
        Ok(configs)
    }

    /// Frees the graph and its parts.
    pub unsafe fn destroy(self) -> CudnnResult<()> {
        for desc in [self.graph].into_iter().chain(self.parts) {
            check_cudnn!(cudnnBackendDestroyDescriptor(desc))?;
        }
        Ok(())
    }
}

/// An execution plan of `config` on `handle`, or `None` where the engine cannot run the graph
/// on this GPU (finalizing the plan is where it says so); and the plan's workspace in bytes.
pub unsafe fn plan(
    handle: cudnnHandle_t,
    config: cudnnBackendDescriptor_t,
) -> CudnnResult<Option<(cudnnBackendDescriptor_t, i64)>> {
    let plan = create(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR)?;
    set(plan, CUDNN_ATTR_EXECUTION_PLAN_HANDLE, CUDNN_TYPE_HANDLE, &[handle])?;
    set(plan, CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, CUDNN_TYPE_BACKEND_DESCRIPTOR, &[config])?;
    if cudnnBackendFinalize(plan) != CUDNN_STATUS_SUCCESS {
        check_cudnn!(cudnnBackendDestroyDescriptor(plan))?;
        return Ok(None);
    }
    let (mut workspace, mut got) = (0i64, 0i64);
    check_cudnn!(cudnnBackendGetAttribute(
        plan,
        CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE,
        CUDNN_TYPE_INT64,
        1,
        &mut got,
        (&mut workspace as *mut i64).cast()
    ))?;
    Ok(Some((plan, workspace)))
}

/// The variant pack binding x, w and y's device pointers to their ids, with the workspace.
pub unsafe fn variant_pack(
    x: *mut core::ffi::c_void,
    w: *mut core::ffi::c_void,
    y: *mut core::ffi::c_void,
    workspace: *mut core::ffi::c_void,
) -> CudnnResult<cudnnBackendDescriptor_t> {
    let pack = create(CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR)?;
    set(pack, CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, CUDNN_TYPE_INT64, &[X_UID, W_UID, Y_UID])?;
    set(pack, CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, CUDNN_TYPE_VOID_PTR, &[x, w, y])?;
    set(pack, CUDNN_ATTR_VARIANT_PACK_WORKSPACE, CUDNN_TYPE_VOID_PTR, &[workspace])?;
    check_cudnn!(cudnnBackendFinalize(pack))?;
    Ok(pack)
}
