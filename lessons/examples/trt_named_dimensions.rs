//! Lesson 33: NVIDIA's sampleNamedDimensions, line for line with
//! book/c/trt_named_dimensions.cpp: an ONNX model whose two inputs share a named dimension
//! (`n_rows`, -1 in the network), an optimization profile that fixes it, the shapes set on the
//! execution context, `executeV2` with an array of bindings, and the concatenation the model
//! computes checked. `Dims2(3, 8)` is `trt_common::Dims2(3, 8)`, C++'s constructor.
//! Run: `cargo run --example trt_named_dimensions -- --datadir data/named_dimensions`

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
#[allow(non_upper_case_globals)] // kNamedDimension, the sample's name
mod port {
    use std::ffi::{c_void, CString};
    use std::mem::size_of;
    use std::process::ExitCode;
    use std::ptr::null_mut;

    use cuda_checked::{check_cuda, check_trt};
    use cudart_sys::*;
    use lessons::trt_common::{gLogger, shape, volume, Dims2, SampleUniquePtr};
    use nvinfer_sys::nvinfer1::{self, Dims, ICudaEngine, IRuntime, OptProfileSelector, TensorIOMode};
    use nvinfer_sys::nvonnxparser;

    type Error = Box<dyn std::error::Error>;

    /// The value the sample gives the named dimension.
    const kNamedDimension: i64 = 3;

    /// `class SampleNamedDimensions`.
    pub struct SampleNamedDimensions {
        m_data_dir: String,
        m_input_dims: [Dims; 2],
        m_output_dims: Dims,
        // Declared in C++'s order: C++ destroys members last to first, Rust first to last.
        m_engine: Option<SampleUniquePtr<ICudaEngine>>,
        m_runtime: Option<SampleUniquePtr<IRuntime>>,
    }

    impl SampleNamedDimensions {
        pub fn new(data_dir: String) -> Self {
            SampleNamedDimensions {
                m_data_dir: data_dir,
                m_input_dims: [Dims::default(); 2],
                m_output_dims: Dims::default(),
                m_engine: None,
                m_runtime: None,
            }
        }

        // ANCHOR: build
        /// `bool build()`: a `check_trt!` error is the sample's `return false`, with TensorRT's words.
        pub fn build(&mut self) -> Result<bool, Error> {
            unsafe {
                let builder = SampleUniquePtr::new(check_trt!(nvinfer1::createInferBuilder(gLogger()))?);
                let network = SampleUniquePtr::new(check_trt!(builder.createNetworkV2(0))?);
                let config = SampleUniquePtr::new(check_trt!(builder.createBuilderConfig())?);
                let parser =
                    SampleUniquePtr::new(check_trt!(nvonnxparser::createParser(&network, gLogger()))?);
                let model = CString::new(format!("{}/concat_layer.onnx", self.m_data_dir))?;
                check_trt!(parser.parseFromFile(model.as_ptr(), nvinfer1::ILogger_Severity::kWARNING.0))?;
                if network.getNbInputs() != 2 || network.getNbOutputs() != 1 {
                    return Ok(false);
                }
                self.m_input_dims[0] = (*network.getInput(0)).getDimensions();
                self.m_input_dims[1] = (*network.getInput(1)).getDimensions();
                self.m_output_dims = (*network.getOutput(0)).getDimensions();
                println!(
                    "input0 {}, input1 {}, output {}",
                    shape(&self.m_input_dims[0]),
                    shape(&self.m_input_dims[1]),
                    shape(&self.m_output_dims)
                );

                // The named dimension is -1 in the network: a profile says which values it may take.
                let profile = builder.createOptimizationProfile(); // IOptimizationProfile* profile = ...; the builder owns it
                let input0_dims = Dims2(kNamedDimension, self.m_input_dims[0].d[1]); // Dims2 const input0Dims(...);
                (*profile).setDimensions(c"input0".as_ptr(), OptProfileSelector::kMIN, &input0_dims);
                (*profile).setDimensions(c"input0".as_ptr(), OptProfileSelector::kMAX, &input0_dims);
                (*profile).setDimensions(c"input0".as_ptr(), OptProfileSelector::kOPT, &input0_dims);
                let input1_dims = Dims2(kNamedDimension, self.m_input_dims[1].d[1]);
                (*profile).setDimensions(c"input1".as_ptr(), OptProfileSelector::kMIN, &input1_dims);
                (*profile).setDimensions(c"input1".as_ptr(), OptProfileSelector::kMAX, &input1_dims);
                (*profile).setDimensions(c"input1".as_ptr(), OptProfileSelector::kOPT, &input1_dims);
                config.addOptimizationProfile(profile); // config->addOptimizationProfile(profile);

                let plan =
                    SampleUniquePtr::new(check_trt!(builder.buildSerializedNetwork(&network, &config))?);
                let runtime = SampleUniquePtr::new(check_trt!(nvinfer1::createInferRuntime(gLogger()))?);
                let engine = check_trt!(runtime.deserializeCudaEngine(plan.data(), plan.size()))?;
                self.m_runtime = Some(runtime);
                self.m_engine = Some(SampleUniquePtr::new(engine));
                // Leaving the block deletes plan, parser, config, network, builder: C++'s order.
                drop((plan, parser, config, network));
                drop(builder);
            }
            Ok(true)
        }
        // ANCHOR_END: build

        // ANCHOR: infer
        /// `bool infer()`.
        pub fn infer(&self) -> Result<bool, Error> {
            let engine = self.m_engine.as_ref().ok_or("build() first")?;
            unsafe {
                let context = SampleUniquePtr::new(check_trt!(engine.createExecutionContext())?);
                // The shapes of this inference: the named dimension's value.
                context.setInputShape(c"input0".as_ptr(), &Dims2(kNamedDimension, self.m_input_dims[0].d[1]));
                context.setInputShape(c"input1".as_ptr(), &Dims2(kNamedDimension, self.m_input_dims[1].d[1]));

                let nb_tensors = engine.getNbIOTensors() as usize;
                let mut bindings: Vec<*mut c_void> = vec![null_mut(); nb_tensors]; // std::vector<void*> bindings(nbTensors, nullptr);
                let mut host: Vec<Vec<f32>> = vec![Vec::new(); nb_tensors];
                for i in 0..nb_tensors {
                    let name = engine.getIOTensorName(i as i32);
                    host[i].resize(volume(&context.getTensorShape(name)) as usize, 0.0);
                    check_cuda!(cudaMalloc(&mut bindings[i], host[i].len() * size_of::<f32>()))?;
                    if engine.getTensorIOMode(name) == TensorIOMode::kINPUT {
                        for (j, x) in host[i].iter_mut().enumerate() {
                            *x = (if i == 0 { 1.0 } else { -0.5 }) * j as f32;
                        }
                        let bytes = host[i].len() * size_of::<f32>();
                        check_cuda!(cudaMemcpy(
                            bindings[i],
                            host[i].as_ptr().cast(),
                            bytes,
                            cudaMemcpyHostToDevice
                        ))?;
                    }
                }
                let status = context.executeV2(bindings.as_ptr()); // context->executeV2(bindings.data());
                let bytes = host[2].len() * size_of::<f32>();
                check_cuda!(cudaMemcpy(
                    host[2].as_mut_ptr().cast(),
                    bindings[2],
                    bytes,
                    cudaMemcpyDeviceToHost
                ))?;
                for binding in &bindings {
                    check_cuda!(cudaFree(*binding))?;
                }
                Ok(status && self.verify_output(&host[0], &host[1], &host[2]))
            }
        }
        // ANCHOR_END: infer

        // ANCHOR: verify
        /// The output is input0's rows, then input1's (Concat on axis 0).
        fn verify_output(&self, input0: &[f32], input1: &[f32], output: &[f32]) -> bool {
            let output_w = self.m_output_dims.d[1] as usize;
            println!("Output:");
            for (i, x) in output.iter().enumerate() {
                print!("{x}{}", if (i + 1) % output_w != 0 { " " } else { "\n" });
            }
            if output.len() != input0.len() + input1.len() {
                return false;
            }
            output.iter().zip(input0.iter().chain(input1)).all(|(x, expected)| (x - expected).abs() <= 0.0)
        }
        // ANCHOR_END: verify
    }

    pub fn main() -> Result<ExitCode, Error> {
        let args: Vec<String> = std::env::args().collect();
        let mut data_dir = String::from("data/named_dimensions");
        for pair in args[1..].chunks(2) {
            if let [option, value] = pair {
                if option == "--datadir" {
                    data_dir = value.clone();
                }
            }
        }
        let mut sample = SampleNamedDimensions::new(data_dir);
        println!("Building and running a GPU inference engine with named input dimensions");
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
