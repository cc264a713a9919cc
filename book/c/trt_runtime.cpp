// Lesson 31, in C++: the program every TensorRT deployment writes, our own version: read a
// serialized engine, deserialize it, make an execution context, give each input and output
// tensor a device buffer (as lesson 10's runtime_buffers does), copy the input in, run it on a
// stream with enqueueV3, copy the output back.
// needs: NvInfer.h
#include "trt_common.h"

#include <NvInferRuntime.h>

using namespace nvinfer1;

int main(int argc, char** argv)
{
    std::string const enginePath = argc > 1 ? argv[1] : "model.engine";

    // ANCHOR: runtime
    SampleUniquePtr<IRuntime> runtime{createInferRuntime(sample::gLogger)};
    if (!runtime)
    {
        return 1;
    }
    std::vector<char> blob = samplesCommon::readFile(enginePath);
    if (blob.empty())
    {
        std::printf("cannot read %s\n", enginePath.c_str());
        return 1;
    }
    SampleUniquePtr<ICudaEngine> engine{runtime->deserializeCudaEngine(blob.data(), blob.size())};
    if (!engine)
    {
        return 1;
    }
    SampleUniquePtr<IExecutionContext> context{engine->createExecutionContext()};
    if (!context)
    {
        return 1;
    }
    // ANCHOR_END: runtime

    // ANCHOR: buffers
    cudaStream_t stream = nullptr;
    CHECK(cudaStreamCreate(&stream));
    int32_t const nbTensors = engine->getNbIOTensors();
    std::vector<void*> device(nbTensors, nullptr);
    std::vector<std::vector<float>> host(nbTensors);
    for (int32_t i = 0; i < nbTensors; ++i)
    {
        char const* name = engine->getIOTensorName(i);
        Dims const dims = engine->getTensorShape(name);
        if (engine->getTensorDataType(name) != DataType::kFLOAT)
        {
            std::printf("%s is not float: this program moves floats only\n", name);
            return 1;
        }
        int64_t const count = samplesCommon::volume(dims);
        bool const input = engine->getTensorIOMode(name) == TensorIOMode::kINPUT;
        std::printf("%s %s %s\n", input ? "input" : "output", name, samplesCommon::shape(dims).c_str());
        host[i].resize(count);
        CHECK(cudaMalloc(&device[i], count * sizeof(float)));
        context->setTensorAddress(name, device[i]);
        if (input)
        {
            for (int64_t j = 0; j < count; ++j)
            {
                host[i][j] = 0.5F * static_cast<float>(j);
            }
            CHECK(cudaMemcpyAsync(device[i], host[i].data(), count * sizeof(float), cudaMemcpyHostToDevice, stream));
        }
    }
    // ANCHOR_END: buffers

    // ANCHOR: enqueue
    if (!context->enqueueV3(stream))
    {
        return 1;
    }
    for (int32_t i = 0; i < nbTensors; ++i)
    {
        char const* name = engine->getIOTensorName(i);
        if (engine->getTensorIOMode(name) == TensorIOMode::kOUTPUT)
        {
            CHECK(cudaMemcpyAsync(host[i].data(), device[i], host[i].size() * sizeof(float), cudaMemcpyDeviceToHost, stream));
        }
    }
    CHECK(cudaStreamSynchronize(stream));
    // ANCHOR_END: enqueue

    for (int32_t i = 0; i < nbTensors; ++i)
    {
        char const* name = engine->getIOTensorName(i);
        if (engine->getTensorIOMode(name) == TensorIOMode::kOUTPUT)
        {
            std::printf("%s:", name);
            for (size_t j = 0; j < host[i].size() && j < 8; ++j)
            {
                std::printf(" %g", host[i][j]);
            }
            std::printf("\n");
        }
        CHECK(cudaFree(device[i]));
    }
    CHECK(cudaStreamDestroy(stream));
    return 0;
}
