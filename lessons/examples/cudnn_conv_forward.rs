//! Lesson 40: a convolution forward through cuDNN's legacy API, as frameworks called it for a
//! decade: a tensor descriptor for the input and the output, a filter descriptor, a convolution
//! descriptor (padding, stride, dilation, cross-correlation), `cudnnFindConvolutionForwardAlgorithm`
//! to time every algorithm and rank them, the fastest's workspace, and `cudnnConvolutionForward`.
//! The result is checked against the host's and summarized as `lessons/cudnn/conv_torch.py`
//! summarizes `torch.nn.functional.conv2d`'s on the same input (`lessons/cudnn/compare.py`
//! compares the three).
//! Run: `cargo run --release --example cudnn_conv_forward`

use std::ffi::c_void;
use std::mem::size_of;

use cuda_checked::{check_cuda, check_cudnn, CudaError};
use cudart_sys::*;
use cudnn_sys::*;
use lessons::conv::{max_abs_error, LESSON};

/// An algorithm's name in cudnn_cnn.h.
fn algorithm_name(algo: cudnnConvolutionFwdAlgo_t) -> &'static str {
    match algo {
        CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM => "CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM",
        CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM => {
            "CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM"
        }
        CUDNN_CONVOLUTION_FWD_ALGO_GEMM => "CUDNN_CONVOLUTION_FWD_ALGO_GEMM",
        CUDNN_CONVOLUTION_FWD_ALGO_DIRECT => "CUDNN_CONVOLUTION_FWD_ALGO_DIRECT",
        CUDNN_CONVOLUTION_FWD_ALGO_FFT => "CUDNN_CONVOLUTION_FWD_ALGO_FFT",
        CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING => "CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING",
        CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD => "CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD",
        CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED => "CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED",
        _ => "an algorithm this header does not name",
    }
}

fn main() -> Result<(), CudaError> {
    let conv = LESSON;
    let x = conv.input();
    let f = conv.filter();
    let as_int = |v: usize| v as i32;

    unsafe {
        check_cuda!(cudaSetDevice(0))?;
        // SAFETY: no arguments.
        println!("cuDNN {} (cudnn.h {CUDNN_VERSION})", cudnnGetVersion());
        let mut handle: cudnnHandle_t = std::ptr::null_mut();
        check_cudnn!(cudnnCreate(&mut handle))?;

        // ANCHOR: describe
        // 1. The input: N x C x H x W floats, NCHW (each image's channels one after another).
        let mut x_desc: cudnnTensorDescriptor_t = std::ptr::null_mut();
        check_cudnn!(cudnnCreateTensorDescriptor(&mut x_desc))?;
        check_cudnn!(cudnnSetTensor4dDescriptor(
            x_desc,
            CUDNN_TENSOR_NCHW,
            CUDNN_DATA_FLOAT,
            as_int(conv.n),
            as_int(conv.c),
            as_int(conv.h),
            as_int(conv.w)
        ))?;
        // 2. The filters: K x C x R x S, as PyTorch's conv2d weight is laid out.
        let mut w_desc: cudnnFilterDescriptor_t = std::ptr::null_mut();
        check_cudnn!(cudnnCreateFilterDescriptor(&mut w_desc))?;
        check_cudnn!(cudnnSetFilter4dDescriptor(
            w_desc,
            CUDNN_DATA_FLOAT,
            CUDNN_TENSOR_NCHW,
            as_int(conv.k),
            as_int(conv.c),
            as_int(conv.r),
            as_int(conv.s)
        ))?;
        // 3. The convolution: padding, stride and dilation per direction, cross-correlation
        //    (the filter not flipped: what deep learning calls convolution), computed in FP32.
        //    FMA math only: no TF32 tensor cores, so the host's FP32 reference applies.
        let mut conv_desc: cudnnConvolutionDescriptor_t = std::ptr::null_mut();
        check_cudnn!(cudnnCreateConvolutionDescriptor(&mut conv_desc))?;
        check_cudnn!(cudnnSetConvolution2dDescriptor(
            conv_desc,
            as_int(conv.pad),
            as_int(conv.pad),
            as_int(conv.stride),
            as_int(conv.stride),
            as_int(conv.dilation),
            as_int(conv.dilation),
            CUDNN_CROSS_CORRELATION,
            CUDNN_DATA_FLOAT
        ))?;
        check_cudnn!(cudnnSetConvolutionMathType(conv_desc, CUDNN_FMA_MATH))?;
        // 4. The output's shape, as cuDNN computes it, and its descriptor.
        let (mut on, mut oc, mut oh, mut ow) = (0, 0, 0, 0);
        check_cudnn!(cudnnGetConvolution2dForwardOutputDim(
            conv_desc, x_desc, w_desc, &mut on, &mut oc, &mut oh, &mut ow
        ))?;
        assert_eq!(
            (on, oc, oh, ow),
            (as_int(conv.n), as_int(conv.k), as_int(conv.out_h()), as_int(conv.out_w()))
        );
        let mut y_desc: cudnnTensorDescriptor_t = std::ptr::null_mut();
        check_cudnn!(cudnnCreateTensorDescriptor(&mut y_desc))?;
        check_cudnn!(cudnnSetTensor4dDescriptor(
            y_desc,
            CUDNN_TENSOR_NCHW,
            CUDNN_DATA_FLOAT,
            on,
            oc,
            oh,
            ow
        ))?;
        // ANCHOR_END: describe

        let (mut d_x, mut d_w, mut d_y): (*mut c_void, *mut c_void, *mut c_void) =
            (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
        let y_len = conv.output_len();
        check_cuda!(cudaMalloc(&mut d_x, x.len() * size_of::<f32>()))?;
        check_cuda!(cudaMalloc(&mut d_w, f.len() * size_of::<f32>()))?;
        check_cuda!(cudaMalloc(&mut d_y, y_len * size_of::<f32>()))?;
        check_cuda!(cudaMemcpy(d_x, x.as_ptr().cast(), x.len() * size_of::<f32>(), cudaMemcpyHostToDevice))?;
        check_cuda!(cudaMemcpy(d_w, f.as_ptr().cast(), f.len() * size_of::<f32>(), cudaMemcpyHostToDevice))?;

        // ANCHOR: find
        // 5. Every algorithm run once and timed by cuDNN itself, fastest first (the Ex form
        //    runs them on buffers of ours; this one allocates its own).
        let mut perf: [cudnnConvolutionFwdAlgoPerf_t; CUDNN_CONVOLUTION_FWD_ALGO_COUNT as usize] =
            std::mem::zeroed();
        let mut returned = 0;
        check_cudnn!(cudnnFindConvolutionForwardAlgorithm(
            handle,
            x_desc,
            w_desc,
            conv_desc,
            y_desc,
            perf.len() as i32,
            &mut returned,
            perf.as_mut_ptr()
        ))?;
        let usable: Vec<&cudnnConvolutionFwdAlgoPerf_t> =
            perf[..returned as usize].iter().filter(|p| p.status == CUDNN_STATUS_SUCCESS).collect();
        println!(
            "cudnnFindConvolutionForwardAlgorithm ranked {returned} algorithms, {} usable:",
            usable.len()
        );
        for p in &usable {
            println!("  {:<48} {:.4} ms, workspace {} bytes", algorithm_name(p.algo), p.time, p.memory);
        }
        let Some(best) = usable.first() else {
            eprintln!("cuDNN has no algorithm for this convolution on this GPU");
            std::process::exit(1);
        };
        let algo = best.algo;
        // 6. Its workspace: what the algorithm needs beside the tensors.
        let mut workspace_size = 0usize;
        check_cudnn!(cudnnGetConvolutionForwardWorkspaceSize(
            handle,
            x_desc,
            w_desc,
            conv_desc,
            y_desc,
            algo,
            &mut workspace_size
        ))?;
        let mut workspace: *mut c_void = std::ptr::null_mut();
        if workspace_size > 0 {
            check_cuda!(cudaMalloc(&mut workspace, workspace_size))?;
        }
        // ANCHOR_END: find

        // ANCHOR: forward
        // 7. y = alpha conv(x, w) + beta y.
        let (alpha, beta) = (1.0f32, 0.0f32);
        check_cudnn!(cudnnConvolutionForward(
            handle,
            (&alpha as *const f32).cast(),
            x_desc,
            d_x,
            w_desc,
            d_w,
            conv_desc,
            algo,
            workspace,
            workspace_size,
            (&beta as *const f32).cast(),
            y_desc,
            d_y
        ))?;
        // ANCHOR_END: forward
        let mut y = vec![0f32; y_len];
        check_cuda!(cudaMemcpy(
            y.as_mut_ptr().cast(),
            d_y,
            y_len * size_of::<f32>(),
            cudaMemcpyDeviceToHost
        ))?;

        let reference = conv.reference(&x, &f);
        let error = max_abs_error(&y, &reference);
        println!("algorithm {} (workspace {workspace_size} bytes)", algorithm_name(algo));
        println!("max abs error against the host: {error:.3e}");
        println!("{}", conv.summary(&y));

        if !workspace.is_null() {
            check_cuda!(cudaFree(workspace))?;
        }
        check_cuda!(cudaFree(d_x))?;
        check_cuda!(cudaFree(d_w))?;
        check_cuda!(cudaFree(d_y))?;
        check_cudnn!(cudnnDestroyTensorDescriptor(x_desc))?;
        check_cudnn!(cudnnDestroyTensorDescriptor(y_desc))?;
        check_cudnn!(cudnnDestroyFilterDescriptor(w_desc))?;
        check_cudnn!(cudnnDestroyConvolutionDescriptor(conv_desc))?;
        check_cudnn!(cudnnDestroy(handle))?;
        if error > 1e-3 {
            eprintln!("the GPU's convolution differs from the host's by {error:.3e}");
            std::process::exit(1);
        }
    }
    println!("the convolution matches the host's");
    Ok(())
}
