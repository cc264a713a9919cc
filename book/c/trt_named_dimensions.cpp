// Lesson 33, in C++: NVIDIA's sampleNamedDimensions, our own version: an ONNX model whose two
// inputs share a named dimension (n_rows, -1 in the network), an optimization profile that
// fixes it, the shapes set on the execution context, executeV2 with an array of bindings, and
// the concatenation the model computes checked.
// needs: NvInfer.h
#include "trt_common.h"

#include <NvOnnxParser.h>
#include <cmath>

using namespace nvinfer1;

//! The value the sample gives the named dimension.
constexpr int32_t kNamedDimension = 3;

class SampleNamedDimensions
{
public:
    explicit SampleNamedDimensions(std::string dataDir)
        : mDataDir(std::move(dataDir))
    {
    }

    // ANCHOR: build
    bool build()
    {
        auto builder = SampleUniquePtr<IBuilder>(createInferBuilder(sample::gLogger));
        if (!builder)
        {
            return false;
        }
        auto network = SampleUniquePtr<INetworkDefinition>(builder->createNetworkV2(0));
        if (!network)
        {
            return false;
        }
        auto config = SampleUniquePtr<IBuilderConfig>(builder->createBuilderConfig());
        if (!config)
        {
            return false;
        }
        auto parser = SampleUniquePtr<nvonnxparser::IParser>(nvonnxparser::createParser(*network, sample::gLogger));
        if (!parser)
        {
            return false;
        }
        std::string const model = mDataDir + "/concat_layer.onnx";
        if (!parser->parseFromFile(model.c_str(), static_cast<int32_t>(ILogger::Severity::kWARNING)))
        {
            return false;
        }
        if (network->getNbInputs() != 2 || network->getNbOutputs() != 1)
        {
            return false;
        }
        mInputDims[0] = network->getInput(0)->getDimensions();
        mInputDims[1] = network->getInput(1)->getDimensions();
        mOutputDims = network->getOutput(0)->getDimensions();
        std::printf("input0 %s, input1 %s, output %s\n", samplesCommon::shape(mInputDims[0]).c_str(),
            samplesCommon::shape(mInputDims[1]).c_str(), samplesCommon::shape(mOutputDims).c_str());

        // The named dimension is -1 in the network: a profile says which values it may take.
        IOptimizationProfile* profile = builder->createOptimizationProfile();
        Dims2 const input0Dims(kNamedDimension, mInputDims[0].d[1]);
        profile->setDimensions("input0", OptProfileSelector::kMIN, input0Dims);
        profile->setDimensions("input0", OptProfileSelector::kMAX, input0Dims);
        profile->setDimensions("input0", OptProfileSelector::kOPT, input0Dims);
        Dims2 const input1Dims(kNamedDimension, mInputDims[1].d[1]);
        profile->setDimensions("input1", OptProfileSelector::kMIN, input1Dims);
        profile->setDimensions("input1", OptProfileSelector::kMAX, input1Dims);
        profile->setDimensions("input1", OptProfileSelector::kOPT, input1Dims);
        config->addOptimizationProfile(profile);

        SampleUniquePtr<IHostMemory> plan{builder->buildSerializedNetwork(*network, *config)};
        if (!plan)
        {
            return false;
        }
        mRuntime = SampleUniquePtr<IRuntime>(createInferRuntime(sample::gLogger));
        if (!mRuntime)
        {
            return false;
        }
        mEngine = SampleUniquePtr<ICudaEngine>(mRuntime->deserializeCudaEngine(plan->data(), plan->size()));
        return mEngine != nullptr;
    }
    // ANCHOR_END: build

    // ANCHOR: infer
    bool infer()
    {
        auto context = SampleUniquePtr<IExecutionContext>(mEngine->createExecutionContext());
        if (!context)
        {
            return false;
        }
        // The shapes of this inference: the named dimension's value.
        context->setInputShape("input0", Dims2(kNamedDimension, mInputDims[0].d[1]));
        context->setInputShape("input1", Dims2(kNamedDimension, mInputDims[1].d[1]));

        int32_t const nbTensors = mEngine->getNbIOTensors();
        std::vector<void*> bindings(nbTensors, nullptr);
        std::vector<std::vector<float>> host(nbTensors);
        for (int32_t i = 0; i < nbTensors; ++i)
        {
            char const* name = mEngine->getIOTensorName(i);
            host[i].resize(samplesCommon::volume(context->getTensorShape(name)));
            CHECK(cudaMalloc(&bindings[i], host[i].size() * sizeof(float)));
            if (mEngine->getTensorIOMode(name) == TensorIOMode::kINPUT)
            {
                for (size_t j = 0; j < host[i].size(); ++j)
                {
                    host[i][j] = (i == 0 ? 1.0F : -0.5F) * static_cast<float>(j);
                }
                CHECK(cudaMemcpy(bindings[i], host[i].data(), host[i].size() * sizeof(float), cudaMemcpyHostToDevice));
            }
        }
        bool const status = context->executeV2(bindings.data());
        CHECK(cudaMemcpy(host[2].data(), bindings[2], host[2].size() * sizeof(float), cudaMemcpyDeviceToHost));
        for (void* binding : bindings)
        {
            CHECK(cudaFree(binding));
        }
        return status && verifyOutput(host[0], host[1], host[2]);
    }
    // ANCHOR_END: infer

private:
    // ANCHOR: verify
    //! The output is input0's rows, then input1's (Concat on axis 0).
    bool verifyOutput(std::vector<float> const& input0, std::vector<float> const& input1, std::vector<float> const& output)
    {
        int32_t const outputW = static_cast<int32_t>(mOutputDims.d[1]);
        std::printf("Output:\n");
        for (size_t i = 0; i < output.size(); ++i)
        {
            std::printf("%g%s", output[i], ((i + 1) % outputW) ? " " : "\n");
        }
        if (output.size() != input0.size() + input1.size())
        {
            return false;
        }
        for (size_t i = 0; i < output.size(); ++i)
        {
            float const expected = i < input0.size() ? input0[i] : input1[i - input0.size()];
            if (std::fabs(output[i] - expected) > 0.0F)
            {
                return false;
            }
        }
        return true;
    }
    // ANCHOR_END: verify

    std::string mDataDir;
    Dims mInputDims[2]{};
    Dims mOutputDims{};
    SampleUniquePtr<IRuntime> mRuntime;
    SampleUniquePtr<ICudaEngine> mEngine;
};

int main(int argc, char** argv)
{
    std::string dataDir = "data/named_dimensions";
    for (int i = 1; i + 1 < argc; i += 2)
    {
        if (std::string(argv[i]) == "--datadir")
        {
            dataDir = argv[i + 1];
        }
    }
    SampleNamedDimensions sample(dataDir);
    std::printf("Building and running a GPU inference engine with named input dimensions\n");
    if (!sample.build())
    {
        std::printf("&&&& FAILED building the engine\n");
        return 1;
    }
    if (!sample.infer())
    {
        std::printf("&&&& FAILED inference\n");
        return 1;
    }
    std::printf("&&&& PASSED\n");
    return 0;
}
