//! Lesson 32: NVIDIA's sampleOnnxMNIST, line for line with book/c/trt_onnx_mnist.cpp: build an
//! engine from an ONNX model (the builder, a network, the ONNX parser, a builder config,
//! `buildSerializedNetwork`), deserialize it, and classify one handwritten digit (a PGM image),
//! checking the answer. The class and its methods are the sample's; each `SampleUniquePtr`
//! deletes its object when it goes, in the order C++'s do.
//! Run: `cargo run --example trt_onnx_mnist -- --datadir data/mnist --digit 3`

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
    use std::ffi::{c_void, CString};
    use std::mem::size_of;
    use std::process::ExitCode;
    use std::ptr::null_mut;

    use cuda_checked::{check_cuda, check_trt};
    use cudart_sys::*;
    use lessons::trt_common::{gLogger, read_pgm_file, shape, volume, SampleUniquePtr};
    use nvinfer_sys::nvinfer1::{self, Dims, ICudaEngine, IRuntime, MemoryPoolType};
    use nvinfer_sys::nvonnxparser;

    type Error = Box<dyn std::error::Error>;

    /// `struct SampleParams`.
    pub struct SampleParams {
        data_dir: String,
        onnx_file_name: String,
        digit: i32,
    }

    impl Default for SampleParams {
        fn default() -> Self {
            SampleParams { data_dir: "data/mnist".into(), onnx_file_name: "mnist.onnx".into(), digit: 3 }
        }
    }

    /// `class SampleOnnxMNIST`.
    pub struct SampleOnnxMNIST {
        m_params: SampleParams,
        m_input_dims: Dims,
        m_output_dims: Dims,
        // Declared in C++'s order: C++ destroys members last to first, Rust first to last.
        m_engine: Option<SampleUniquePtr<ICudaEngine>>,
        m_runtime: Option<SampleUniquePtr<IRuntime>>,
    }

    impl SampleOnnxMNIST {
        pub fn new(params: SampleParams) -> Self {
            SampleOnnxMNIST {
                m_params: params,
                m_input_dims: Dims::default(),
                m_output_dims: Dims::default(),
                m_engine: None,
                m_runtime: None,
            }
        }

        // ANCHOR: build
        /// `bool build()`: a `check_trt!` error is the sample's `return false`, with TensorRT's words.
        pub fn build(&mut self) -> Result<bool, Error> {
            unsafe {
                // auto builder = SampleUniquePtr<IBuilder>(createInferBuilder(sample::gLogger));
                let builder = SampleUniquePtr::new(check_trt!(nvinfer1::createInferBuilder(gLogger()))?);
                // auto network = SampleUniquePtr<INetworkDefinition>(builder->createNetworkV2(0));
                let network = SampleUniquePtr::new(check_trt!(builder.createNetworkV2(0))?);
                // auto config = SampleUniquePtr<IBuilderConfig>(builder->createBuilderConfig());
                let config = SampleUniquePtr::new(check_trt!(builder.createBuilderConfig())?);
                // auto parser = SampleUniquePtr<nvonnxparser::IParser>(nvonnxparser::createParser(*network, sample::gLogger));
                let parser =
                    SampleUniquePtr::new(check_trt!(nvonnxparser::createParser(&network, gLogger()))?);
                let model =
                    CString::new(format!("{}/{}", self.m_params.data_dir, self.m_params.onnx_file_name))?;
                // if (!parser->parseFromFile(model.c_str(), static_cast<int32_t>(ILogger::Severity::kWARNING)))
                check_trt!(parser.parseFromFile(model.as_ptr(), nvinfer1::ILogger_Severity::kWARNING.0))?;
                config.setMemoryPoolLimit(MemoryPoolType::kWORKSPACE, 16 << 20);
                // SampleUniquePtr<IHostMemory> plan{builder->buildSerializedNetwork(*network, *config)};
                let plan =
                    SampleUniquePtr::new(check_trt!(builder.buildSerializedNetwork(&network, &config))?);
                // mRuntime = SampleUniquePtr<IRuntime>(createInferRuntime(sample::gLogger));
                let runtime = SampleUniquePtr::new(check_trt!(nvinfer1::createInferRuntime(gLogger()))?);
                // mEngine = SampleUniquePtr<ICudaEngine>(mRuntime->deserializeCudaEngine(plan->data(), plan->size()));
                let engine = check_trt!(runtime.deserializeCudaEngine(plan.data(), plan.size()))?;
                self.m_runtime = Some(runtime);
                self.m_engine = Some(SampleUniquePtr::new(engine));
                // mInputDims = network->getInput(0)->getDimensions();
                self.m_input_dims = (*network.getInput(0)).getDimensions();
                self.m_output_dims = (*network.getOutput(0)).getDimensions();
                println!("input {}, output {}", shape(&self.m_input_dims), shape(&self.m_output_dims));
                // Leaving the block deletes plan, parser, config, network, builder: C++'s order.
                drop((plan, parser, config, network));
                drop(builder);
            }
            Ok(self.m_input_dims.nbDims == 4 && self.m_output_dims.nbDims == 2)
        }
        // ANCHOR_END: build

        // ANCHOR: infer
        /// `bool infer()`.
        pub fn infer(&self) -> Result<bool, Error> {
            let engine = self.m_engine.as_ref().ok_or("build() first")?;
            unsafe {
                // auto context = SampleUniquePtr<IExecutionContext>(mEngine->createExecutionContext());
                let context = SampleUniquePtr::new(check_trt!(engine.createExecutionContext())?);
                let mut stream: cudaStream_t = null_mut();
                check_cuda!(cudaStreamCreate(&mut stream))?;
                let input_name = engine.getIOTensorName(0);
                let output_name = engine.getIOTensorName(1);
                let input_count = volume(&self.m_input_dims) as usize;
                let output_count = volume(&self.m_output_dims) as usize;
                let mut input = vec![0f32; input_count];
                let mut output = vec![0f32; output_count];
                if !self.process_input(&mut input) {
                    return Ok(false);
                }
                let (mut device_input, mut device_output): (*mut c_void, *mut c_void) =
                    (null_mut(), null_mut());
                check_cuda!(cudaMalloc(&mut device_input, input_count * size_of::<f32>()))?;
                check_cuda!(cudaMalloc(&mut device_output, output_count * size_of::<f32>()))?;
                context.setTensorAddress(input_name, device_input);
                context.setTensorAddress(output_name, device_output);
                let bytes = input_count * size_of::<f32>();
                check_cuda!(cudaMemcpyAsync(
                    device_input,
                    input.as_ptr().cast(),
                    bytes,
                    cudaMemcpyHostToDevice,
                    stream
                ))?;
                let status = context.enqueueV3(stream); // bool const status = context->enqueueV3(stream);
                let bytes = output_count * size_of::<f32>();
                let destination = output.as_mut_ptr().cast();
                check_cuda!(cudaMemcpyAsync(
                    destination,
                    device_output,
                    bytes,
                    cudaMemcpyDeviceToHost,
                    stream
                ))?;
                check_cuda!(cudaStreamSynchronize(stream))?;
                check_cuda!(cudaFree(device_input))?;
                check_cuda!(cudaFree(device_output))?;
                check_cuda!(cudaStreamDestroy(stream))?;
                Ok(status && self.verify_output(&output))
            }
        }
        // ANCHOR_END: infer

        // ANCHOR: input
        /// The digit's image, as the sample draws it, then scaled to [0, 1] inverted.
        fn process_input(&self, input: &mut [f32]) -> bool {
            let (h, w) = (self.m_input_dims.d[2] as usize, self.m_input_dims.d[3] as usize);
            let file = format!("{}/{}.pgm", self.m_params.data_dir, self.m_params.digit);
            let Some(file_data) = read_pgm_file(&file, h, w) else {
                println!("cannot read {file}");
                return false;
            };
            const SHADES: &[u8] = b" .:-=+*#%@";
            for (i, pixel) in file_data.iter().enumerate() {
                print!(
                    "{}{}",
                    SHADES[(pixel / 26) as usize] as char,
                    if (i + 1) % w != 0 { "" } else { "\n" }
                );
            }
            for (x, pixel) in input.iter_mut().zip(&file_data) {
                *x = 1.0 - f32::from(*pixel) / 255.0;
            }
            true
        }
        // ANCHOR_END: input

        // ANCHOR: verify
        /// Softmax over the ten scores; the digit must be the most likely.
        fn verify_output(&self, output: &[f32]) -> bool {
            let top = output.iter().copied().fold(f32::MIN, f32::max);
            let mut probabilities: Vec<f32> = output.iter().map(|x| (x - top).exp()).collect();
            let sum: f32 = probabilities.iter().sum();
            let mut best = 0;
            for i in 0..output.len() {
                probabilities[i] /= sum;
                best = if probabilities[i] > probabilities[best] { i } else { best };
                let stars = if probabilities[i] > 0.9 { "**********" } else { "" };
                println!(" Prob {i}  {:.4} Class {i}: {stars}", probabilities[i]);
            }
            best as i32 == self.m_params.digit && probabilities[best] > 0.9
        }
        // ANCHOR_END: verify
    }

    pub fn main() -> Result<ExitCode, Error> {
        let mut params = SampleParams::default();
        let args: Vec<String> = std::env::args().collect();
        for pair in args[1..].chunks(2) {
            match pair {
                [option, value] if option == "--datadir" => params.data_dir = value.clone(),
                [option, value] if option == "--digit" => {
                    params.digit = value.parse().unwrap_or(params.digit)
                }
                _ => {}
            }
        }
        let mut sample = SampleOnnxMNIST::new(params);
        println!("Building and running a GPU inference engine for Onnx MNIST");
        if !sample.build()? {
            println!("&&&& FAILED building the engine");
            return Ok(ExitCode::FAILURE);
        }
        if !sample.infer()? {
            println!("&&&& FAILED inference");
            return Ok(ExitCode::FAILURE);
        }
        println!("&&&& PASSED");
        Ok(ExitCode::SUCCESS)
    }
}
