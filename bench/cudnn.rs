//! cuDNN's convolution forward through libcudnn-sys, beside PyTorch's `conv2d` (cudnn_torch.py),
//! timed the same way (see bench/gpu.sh, section `cudnn`) on a ResNet-sized layer: a 3 x 3
//! convolution with padding 1 of N images of C channels, H x H, into C channels (`K = C`,
//! `W = H`), NCHW float.
//!
//! - `fp32 N C H TFLOPS`: engines that compute in FP32 (no TF32 tensor cores, no inputs converted
//!   down), as torch with `torch.backends.cudnn.allow_tf32 = False`;
//! - `tf32 N C H TFLOPS`: any engine, TF32 allowed, as torch's default (`allow_tf32 = True`).
//!
//! The rows are the graph API's (lesson 41's graph), chosen as torch's `cudnn.benchmark` chooses:
//! the engine configurations heuristics mode A and then the fallback list give, the first
//! `TRIED` (torch's `cudnn.benchmark_limit`, 10) that the filter above lets through and that
//! build a plan, each timed, the fastest kept and named in a `#` line. Lesson 40's legacy API
//! (`cudnnFindConvolutionForwardAlgorithm`'s first algorithm, `CUDNN_FMA_MATH` or
//! `CUDNN_DEFAULT_MATH`) is timed too and reported in `#` lines only: its algorithms are not the
//! engines torch runs. Each timing ([`timing::rate`]): one call warms up, one sizes a batch of
//! about BATCH_MS milliseconds, the median of 3 batches between CUDA events, as
//! `NAME N C H TFLOPS` (2 N K P Q C R S flops per call), the rows bench/analyse.py reads.
//!
//! Run: `cudnn BATCH_MS [N C H]` (defaults: 32 64 56).

use std::ffi::c_void;
use std::mem::size_of;

use cuda_checked::{check_cuda, check_cudnn, CudaError};
use cudart_sys::*;
use cudnn_sys::*;
use lessons::conv::Conv;
use lessons::cudnn_graph::{engine_of, plan, variant_pack, ConvGraph};

mod timing;
use timing::rate;

/// Torch's `cudnn.benchmark_limit`: the engine configurations timed, at most.
const TRIED: usize = 10;

/// A timed plan: its rate, the plan, its variant pack, its workspace, the engine's global index
/// and the workspace's bytes.
type Candidate = (f64, cudnnBackendDescriptor_t, cudnnBackendDescriptor_t, *mut c_void, i64, i64);

fn usage() -> ! {
    eprintln!("usage: cudnn BATCH_MS [N C H]   (a 3 x 3 convolution, padding 1, K = C, W = H)");
    std::process::exit(2)
}

fn main() -> Result<(), CudaError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Vec<f64> = args.iter().map(|a| a.parse().unwrap_or_else(|_| usage())).collect();
    let (batch_ms, n, c, h) = match numbers[..] {
        [ms] => (ms, 32, 64, 56),
        [ms, n, c, h] if n >= 1.0 && c >= 1.0 && h >= 1.0 => (ms, n as i32, c as i32, h as i32),
        _ => usage(),
    };
    let (k, r) = (c, 3);
    let elements = |a: i32, b: i32, d: i32, e: i32| (a as usize) * (b as usize) * (d as usize) * (e as usize);
    unsafe {
        check_cuda!(cudaSetDevice(0))?;
        let mut handle: cudnnHandle_t = std::ptr::null_mut();
        check_cudnn!(cudnnCreate(&mut handle))?;
        println!(
            "# cuDNN {} (cudnn.h {CUDNN_VERSION}), {}",
            cudnnGetVersion(),
            cudnn_sys::loader::library_path().map_or_else(|e| e.to_string(), |p| p.display().to_string())
        );
        let (mut x_desc, mut y_desc): (cudnnTensorDescriptor_t, cudnnTensorDescriptor_t) =
            (std::ptr::null_mut(), std::ptr::null_mut());
        let mut w_desc: cudnnFilterDescriptor_t = std::ptr::null_mut();
        let mut conv_desc: cudnnConvolutionDescriptor_t = std::ptr::null_mut();
        check_cudnn!(cudnnCreateTensorDescriptor(&mut x_desc))?;
        check_cudnn!(cudnnSetTensor4dDescriptor(x_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, h))?;
        check_cudnn!(cudnnCreateFilterDescriptor(&mut w_desc))?;
        check_cudnn!(cudnnSetFilter4dDescriptor(w_desc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, k, c, r, r))?;
        check_cudnn!(cudnnCreateConvolutionDescriptor(&mut conv_desc))?;
        check_cudnn!(cudnnSetConvolution2dDescriptor(
            conv_desc,
            1,
            1,
            1,
            1,
            1,
            1,
            CUDNN_CROSS_CORRELATION,
            CUDNN_DATA_FLOAT
        ))?;
        let (mut on, mut oc, mut oh, mut ow) = (0, 0, 0, 0);
        check_cudnn!(cudnnGetConvolution2dForwardOutputDim(
            conv_desc, x_desc, w_desc, &mut on, &mut oc, &mut oh, &mut ow
        ))?;
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

        let (mut d_x, mut d_w, mut d_y): (*mut c_void, *mut c_void, *mut c_void) =
            (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
        let (x_bytes, w_bytes, y_bytes) = (
            elements(n, c, h, h) * size_of::<f32>(),
            elements(k, c, r, r) * size_of::<f32>(),
            elements(on, oc, oh, ow) * size_of::<f32>(),
        );
        check_cuda!(cudaMalloc(&mut d_x, x_bytes))?;
        check_cuda!(cudaMalloc(&mut d_w, w_bytes))?;
        check_cuda!(cudaMalloc(&mut d_y, y_bytes))?;
        // The lesson's exact values, repeated: what is computed does not change the time.
        let fill = |len: usize, value: fn(usize) -> f32| {
            (0..len / size_of::<f32>()).map(value).collect::<Vec<f32>>()
        };
        let (x, w) = (fill(x_bytes, lessons::conv::input_value), fill(w_bytes, lessons::conv::filter_value));
        check_cuda!(cudaMemcpy(d_x, x.as_ptr().cast(), x_bytes, cudaMemcpyHostToDevice))?;
        check_cuda!(cudaMemcpy(d_w, w.as_ptr().cast(), w_bytes, cudaMemcpyHostToDevice))?;
        let flops = 2.0 * elements(on, oc, oh, ow) as f64 * f64::from(c) * f64::from(r * r);

        for (name, math) in [("fp32", CUDNN_FMA_MATH), ("tf32", CUDNN_DEFAULT_MATH)] {
            check_cudnn!(cudnnSetConvolutionMathType(conv_desc, math))?;
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
            let Some(best) = perf[..returned as usize].iter().find(|p| p.status == CUDNN_STATUS_SUCCESS)
            else {
                eprintln!("cudnn: no algorithm for the {name} convolution on this GPU");
                std::process::exit(1);
            };
            let (algo, math_used) = (best.algo, best.mathType);
            // The algorithm's own math type (cuDNN may report the one it ran with).
            check_cudnn!(cudnnSetConvolutionMathType(conv_desc, math_used))?;
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

            let (alpha, beta) = (1.0f32, 0.0f32);
            let tflops = rate(batch_ms, flops / 1e12, || {
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
                Ok(())
            })?;
            println!(
                "# legacy API {name}: algorithm {algo}, math type {math_used}, workspace {workspace_size} bytes: \
                 {tflops:.3} TFLOP/s"
            );
            if !workspace.is_null() {
                check_cuda!(cudaFree(workspace))?;
            }
        }

        let shape = Conv {
            n: n as usize,
            c: c as usize,
            h: h as usize,
            w: h as usize,
            k: k as usize,
            r: r as usize,
            s: r as usize,
            pad: 1,
            stride: 1,
            dilation: 1,
        };
        let graph = ConvGraph::new(handle, &shape)?;
        let mut configs = graph.configs(CUDNN_HEUR_MODE_A)?;
        configs.extend(graph.configs(CUDNN_HEUR_MODE_FALLBACK)?);
        for (name, tf32) in [("fp32", false), ("tf32", true)] {
            let mut best: Option<Candidate> = None;
            let mut tried = 0;
            for &config in &configs {
                if tried == TRIED {
                    break;
                }
                let (engine, fp32) = engine_of(config)?;
                if !fp32 && !tf32 {
                    continue;
                }
                let Some((plan, workspace_size)) = plan(handle, config)? else { continue };
                tried += 1;
                let mut workspace: *mut c_void = std::ptr::null_mut();
                if workspace_size > 0 {
                    if let Err(e) = check_cuda!(cudaMalloc(&mut workspace, workspace_size as usize)) {
                        // (torch skips such a configuration too.)
                        println!(
                            "# {name}: engine {engine} skipped, its workspace: {}",
                            e.to_string().replace('\n', " ")
                        );
                        check_cudnn!(cudnnBackendDestroyDescriptor(plan))?;
                        continue;
                    }
                }
                let pack = variant_pack(d_x, d_w, d_y, workspace)?;
                let timed = rate(1.0, flops / 1e12, || {
                    check_cudnn!(cudnnBackendExecute(handle, plan, pack))?;
                    Ok(())
                });
                let quick = timed.unwrap_or_else(|e| {
                    println!("# {name}: engine {engine} skipped: {}", e.to_string().replace('\n', " "));
                    -1.0
                });
                let candidate = (quick, plan, pack, workspace, engine, workspace_size);
                let loser = if quick < 0.0 || best.as_ref().is_some_and(|kept: &Candidate| kept.0 >= quick) {
                    Some(candidate)
                } else {
                    best.replace(candidate)
                };
                if let Some((_, plan, pack, workspace, ..)) = loser {
                    check_cudnn!(cudnnBackendDestroyDescriptor(pack))?;
                    check_cudnn!(cudnnBackendDestroyDescriptor(plan))?;
                    if !workspace.is_null() {
                        check_cuda!(cudaFree(workspace))?;
                    }
                }
            }
            let Some((_, plan, pack, workspace, engine, workspace_size)) = best else {
                eprintln!(
                    "cudnn: no engine configuration builds a plan for the {name} convolution on this GPU"
                );
                std::process::exit(1);
            };
            println!(
                "# {name}: graph API engine {engine}, the fastest of {tried} configurations timed \
                 (heuristics A, then fallback), workspace {workspace_size} bytes"
            );
            let tflops = rate(batch_ms, flops / 1e12, || {
                check_cudnn!(cudnnBackendExecute(handle, plan, pack))?;
                Ok(())
            })?;
            println!("{name} {n} {c} {h} {tflops:.3}");
            check_cudnn!(cudnnBackendDestroyDescriptor(pack))?;
            check_cudnn!(cudnnBackendDestroyDescriptor(plan))?;
            if !workspace.is_null() {
                check_cuda!(cudaFree(workspace))?;
            }
        }
        for config in configs {
            check_cudnn!(cudnnBackendDestroyDescriptor(config))?;
        }
        graph.destroy()?;
        for pointer in [d_x, d_w, d_y] {
            check_cuda!(cudaFree(pointer))?;
        }
        check_cudnn!(cudnnDestroyTensorDescriptor(x_desc))?;
        check_cudnn!(cudnnDestroyTensorDescriptor(y_desc))?;
        check_cudnn!(cudnnDestroyFilterDescriptor(w_desc))?;
        check_cudnn!(cudnnDestroyConvolutionDescriptor(conv_desc))?;
        check_cudnn!(cudnnDestroy(handle))?;
    }
    Ok(())
}
