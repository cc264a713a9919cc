// What the TensorRT lessons' C++ shares, our own version of what NVIDIA's samples keep in
// samples/common (logger.h, common.h): a logger, SampleUniquePtr, CHECK for CUDA calls, the
// volume of a shape, a file read whole, a PGM digit read. lessons/src/trt_common.rs is its port.
#pragma once
#include <NvInfer.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

// The samples' CHECK: print what failed and where, and stop.
#define CHECK(call)                                                                          \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            printf("%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorName(e_), cudaGetErrorString(e_));                            \
            std::exit(1);                                                                    \
        }                                                                                    \
    } while (0)

namespace sample
{
// ANCHOR: logger
//! TensorRT's messages at `reportable` or more severe, on stdout: `[TRT] [W] text`.
class Logger : public nvinfer1::ILogger
{
public:
    explicit Logger(Severity reportable = Severity::kWARNING)
        : mReportable(reportable)
    {
    }

    void log(Severity severity, char const* msg) noexcept override
    {
        if (severity > mReportable)
        {
            return;
        }
        static char const* const kTags[] = {"[F]", "[E]", "[W]", "[I]", "[V]"};
        std::printf("[TRT] %s %s\n", kTags[static_cast<int>(severity)], msg);
    }

private:
    Severity mReportable;
};
// ANCHOR_END: logger

inline Logger gLogger{nvinfer1::ILogger::Severity::kINFO};
} // namespace sample

// ANCHOR: unique_ptr
//! TensorRT's objects are deleted with `delete` (their virtual destructors).
template <typename T>
using SampleUniquePtr = std::unique_ptr<T>;
// ANCHOR_END: unique_ptr

namespace samplesCommon
{
//! The number of elements of a shape.
inline int64_t volume(nvinfer1::Dims const& d)
{
    int64_t v = 1;
    for (int32_t i = 0; i < d.nbDims; ++i)
    {
        v *= d.d[i];
    }
    return v;
}

//! A file's bytes, or nothing if it cannot be read.
inline std::vector<char> readFile(std::string const& path)
{
    std::ifstream file(path, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

//! A binary PGM (P5) image of `h` x `w` bytes into `buffer`.
inline bool readPGMFile(std::string const& fileName, uint8_t* buffer, int32_t h, int32_t w)
{
    std::ifstream infile(fileName, std::ifstream::binary);
    if (!infile.is_open())
    {
        return false;
    }
    std::string magic, width, height, max;
    infile >> magic >> width >> height >> max;
    infile.seekg(1, infile.cur);
    infile.read(reinterpret_cast<char*>(buffer), h * w);
    return magic == "P5" && std::stoi(width) == w && std::stoi(height) == h && infile.good();
}

inline std::string shape(nvinfer1::Dims const& d)
{
    std::string s = "[";
    for (int32_t i = 0; i < d.nbDims; ++i)
    {
        s += (i ? "," : "") + std::to_string(d.d[i]);
    }
    return s + "]";
}
} // namespace samplesCommon
