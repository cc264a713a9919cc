//! Lesson 31: the program every TensorRT deployment writes, line for line with
//! book/c/trt_runtime.cpp: read a serialized engine, `deserializeCudaEngine`, an execution
//! context, a device buffer for each input and output tensor (lesson 10's buffers), the input
//! copied in, `enqueueV3` on a stream, the output copied back. TensorRT's calls are
//! nvinfer-sys's (C++'s `->` is `.` through `SampleUniquePtr`), checked by `check_trt!`; the
//! runtime's by `CHECK` (`check_cuda!`).
//! Run: `cargo run --example trt_runtime -- model.engine`

#[cfg(windows)]
fn main() {
    eprintln!("TensorRT's C++ interfaces are bound for Linux only (nvinfer-sys): this lesson does not run on Windows");
    std::process::exit(1);
}

/// A failure the program reports itself ends with status 1 after every object is deleted, as
/// C++'s `return 1` from `main` does.
#[cfg(not(windows))]
fn main() -> Result<std::process::ExitCode, Box<dyn std::error::Error>> {
    port::main()
}

#[cfg(not(windows))]
mod port {
    use std::ffi::{c_void, CStr};
    use std::mem::size_of;
    use std::process::ExitCode;
    use std::ptr::null_mut;

    use cuda_checked::{check_cuda, check_trt};
    use cudart_sys::*;
    use lessons::trt_common::{gLogger, read_file, shape, volume, SampleUniquePtr};
    use nvinfer_sys::nvinfer1::{self, DataType, TensorIOMode};

    pub fn main() -> Result<ExitCode, Box<dyn std::error::Error>> {
        // std::string const enginePath = argc > 1 ? argv[1] : "model.engine";
        let engine_path = std::env::args().nth(1).unwrap_or_else(|| "model.engine".into());
        unsafe {
            // ANCHOR: runtime
            // SampleUniquePtr<IRuntime> runtime{createInferRuntime(sample::gLogger)};
            let runtime = SampleUniquePtr::new(check_trt!(nvinfer1::createInferRuntime(gLogger()))?);
            // std::vector<char> blob = samplesCommon::readFile(enginePath);
            let blob = read_file(&engine_path);
            if blob.is_empty() {
                println!("cannot read {engine_path}");
                return Ok(ExitCode::FAILURE);
            }
            // SampleUniquePtr<ICudaEngine> engine{runtime->deserializeCudaEngine(blob.data(), blob.size())};
            let engine = SampleUniquePtr::new(check_trt!(
                runtime.deserializeCudaEngine(blob.as_ptr().cast(), blob.len())
            )?);
            // SampleUniquePtr<IExecutionContext> context{engine->createExecutionContext()};
            let context = SampleUniquePtr::new(check_trt!(engine.createExecutionContext())?);
            // ANCHOR_END: runtime

            // ANCHOR: buffers
            let mut stream: cudaStream_t = null_mut(); // cudaStream_t stream = nullptr;
            check_cuda!(cudaStreamCreate(&mut stream))?;
            let nb_tensors = engine.getNbIOTensors(); // int32_t const nbTensors = engine->getNbIOTensors();
            let mut device: Vec<*mut c_void> = vec![null_mut(); nb_tensors as usize];
            let mut host: Vec<Vec<f32>> = vec![Vec::new(); nb_tensors as usize];
            for i in 0..nb_tensors {
                let name = engine.getIOTensorName(i); // char const* name = engine->getIOTensorName(i);
                let dims = engine.getTensorShape(name); // Dims const dims = engine->getTensorShape(name);
                let printed = CStr::from_ptr(name).to_string_lossy();
                if engine.getTensorDataType(name) != DataType::kFLOAT {
                    println!("{printed} is not float: this program moves floats only");
                    return Ok(ExitCode::FAILURE);
                }
                let count = volume(&dims) as usize; // int64_t const count = samplesCommon::volume(dims);
                let input = engine.getTensorIOMode(name) == TensorIOMode::kINPUT;
                println!("{} {printed} {}", if input { "input" } else { "output" }, shape(&dims));
                let i = i as usize;
                host[i].resize(count, 0.0); // host[i].resize(count);
                check_cuda!(cudaMalloc(&mut device[i], count * size_of::<f32>()))?;
                context.setTensorAddress(name, device[i]); // context->setTensorAddress(name, device[i]);
                if input {
                    for (j, x) in host[i].iter_mut().enumerate() {
                        *x = 0.5 * j as f32; // host[i][j] = 0.5F * static_cast<float>(j);
                    }
                    let bytes = count * size_of::<f32>();
                    check_cuda!(cudaMemcpyAsync(
                        device[i],
                        host[i].as_ptr().cast(),
                        bytes,
                        cudaMemcpyHostToDevice,
                        stream
                    ))?;
                }
            }
            // ANCHOR_END: buffers

            // ANCHOR: enqueue
            check_trt!(context.enqueueV3(stream))?; // if (!context->enqueueV3(stream)) return 1;
            for i in 0..nb_tensors {
                let name = engine.getIOTensorName(i);
                if engine.getTensorIOMode(name) == TensorIOMode::kOUTPUT {
                    let i = i as usize;
                    let bytes = host[i].len() * size_of::<f32>();
                    let destination = host[i].as_mut_ptr().cast();
                    check_cuda!(cudaMemcpyAsync(
                        destination,
                        device[i],
                        bytes,
                        cudaMemcpyDeviceToHost,
                        stream
                    ))?;
                }
            }
            check_cuda!(cudaStreamSynchronize(stream))?;
            // ANCHOR_END: enqueue

            for i in 0..nb_tensors {
                let name = engine.getIOTensorName(i);
                if engine.getTensorIOMode(name) == TensorIOMode::kOUTPUT {
                    // std::printf(" %g", ...) for the first 8.
                    let values: Vec<String> =
                        host[i as usize].iter().take(8).map(|x| format!("{x}")).collect();
                    println!("{}: {}", CStr::from_ptr(name).to_string_lossy(), values.join(" "));
                }
                check_cuda!(cudaFree(device[i as usize]))?;
            }
            check_cuda!(cudaStreamDestroy(stream))?;
        }
        Ok(ExitCode::SUCCESS)
    }
}
