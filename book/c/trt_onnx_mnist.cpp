// Lesson 32, in C++: NVIDIA's sampleOnnxMNIST, our own version: build an engine from an ONNX
// model (the builder, a network, the ONNX parser, a builder config, buildSerializedNetwork),
// deserialize it, and classify one handwritten digit (a PGM image), checking the answer.
// needs: NvInfer.h
#include "trt_common.h"

#include <NvOnnxParser.h>
#include <algorithm>
#include <cmath>

using namespace nvinfer1;

struct SampleParams
{
    std::string dataDir{"data/mnist"};
    std::string onnxFileName{"mnist.onnx"};
    int32_t digit{3};
};

class SampleOnnxMNIST
{
public:
    explicit SampleOnnxMNIST(SampleParams params)
        : mParams(std::move(params))
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
        std::string const model = mParams.dataDir + "/" + mParams.onnxFileName;
        if (!parser->parseFromFile(model.c_str(), static_cast<int32_t>(ILogger::Severity::kWARNING)))
        {
            return false;
        }
        config->setMemoryPoolLimit(MemoryPoolType::kWORKSPACE, 16U << 20);
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
        if (!mEngine)
        {
            return false;
        }
        mInputDims = network->getInput(0)->getDimensions();
        mOutputDims = network->getOutput(0)->getDimensions();
        std::printf("input %s, output %s\n", samplesCommon::shape(mInputDims).c_str(), samplesCommon::shape(mOutputDims).c_str());
        return mInputDims.nbDims == 4 && mOutputDims.nbDims == 2;
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
        cudaStream_t stream = nullptr;
        CHECK(cudaStreamCreate(&stream));
        char const* inputName = mEngine->getIOTensorName(0);
        char const* outputName = mEngine->getIOTensorName(1);
        int64_t const inputCount = samplesCommon::volume(mInputDims);
        int64_t const outputCount = samplesCommon::volume(mOutputDims);
        std::vector<float> input(inputCount);
        std::vector<float> output(outputCount);
        if (!processInput(input))
        {
            return false;
        }
        void* deviceInput = nullptr;
        void* deviceOutput = nullptr;
        CHECK(cudaMalloc(&deviceInput, inputCount * sizeof(float)));
        CHECK(cudaMalloc(&deviceOutput, outputCount * sizeof(float)));
        context->setTensorAddress(inputName, deviceInput);
        context->setTensorAddress(outputName, deviceOutput);
        CHECK(cudaMemcpyAsync(deviceInput, input.data(), inputCount * sizeof(float), cudaMemcpyHostToDevice, stream));
        bool const status = context->enqueueV3(stream);
        CHECK(cudaMemcpyAsync(output.data(), deviceOutput, outputCount * sizeof(float), cudaMemcpyDeviceToHost, stream));
        CHECK(cudaStreamSynchronize(stream));
        CHECK(cudaFree(deviceInput));
        CHECK(cudaFree(deviceOutput));
        CHECK(cudaStreamDestroy(stream));
        return status && verifyOutput(output);
    }
    // ANCHOR_END: infer

private:
    // ANCHOR: input
    //! The digit's image, as the sample draws it, then scaled to [0, 1] inverted.
    bool processInput(std::vector<float>& input)
    {
        int32_t const h = static_cast<int32_t>(mInputDims.d[2]);
        int32_t const w = static_cast<int32_t>(mInputDims.d[3]);
        std::vector<uint8_t> fileData(h * w);
        std::string const file = mParams.dataDir + "/" + std::to_string(mParams.digit) + ".pgm";
        if (!samplesCommon::readPGMFile(file, fileData.data(), h, w))
        {
            std::printf("cannot read %s\n", file.c_str());
            return false;
        }
        for (int32_t i = 0; i < h * w; ++i)
        {
            std::printf("%c%s", " .:-=+*#%@"[fileData[i] / 26], ((i + 1) % w) ? "" : "\n");
        }
        for (int32_t i = 0; i < h * w; ++i)
        {
            input[i] = 1.0F - static_cast<float>(fileData[i]) / 255.0F;
        }
        return true;
    }
    // ANCHOR_END: input

    // ANCHOR: verify
    //! Softmax over the ten scores; the digit must be the most likely.
    bool verifyOutput(std::vector<float> const& output)
    {
        float sum = 0.0F;
        std::vector<float> probabilities(output.size());
        float const top = *std::max_element(output.begin(), output.end());
        for (size_t i = 0; i < output.size(); ++i)
        {
            probabilities[i] = std::exp(output[i] - top);
            sum += probabilities[i];
        }
        size_t best = 0;
        for (size_t i = 0; i < output.size(); ++i)
        {
            probabilities[i] /= sum;
            best = probabilities[i] > probabilities[best] ? i : best;
            std::printf(" Prob %zu  %.4f Class %zu: %s\n", i, probabilities[i], i, probabilities[i] > 0.9F ? "**********" : "");
        }
        return static_cast<int32_t>(best) == mParams.digit && probabilities[best] > 0.9F;
    }
    // ANCHOR_END: verify

    SampleParams mParams;
    Dims mInputDims{};
    Dims mOutputDims{};
    SampleUniquePtr<IRuntime> mRuntime;
    SampleUniquePtr<ICudaEngine> mEngine;
};

int main(int argc, char** argv)
{
    SampleParams params;
    for (int i = 1; i + 1 < argc; i += 2)
    {
        std::string const option = argv[i];
        if (option == "--datadir")
        {
            params.dataDir = argv[i + 1];
        }
        else if (option == "--digit")
        {
            params.digit = std::atoi(argv[i + 1]);
        }
    }
    SampleOnnxMNIST sample(params);
    std::printf("Building and running a GPU inference engine for Onnx MNIST\n");
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
