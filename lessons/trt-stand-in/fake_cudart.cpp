// The CUDA runtime functions the TensorRT lessons call, on host memory, for the trace tests
// (built as libcudart.so.<major> beside the stand-in TensorRT): "device" memory is host
// memory, a stream is a token, copies are memcpy. Each call is traced as the stand-in's are.
#include "trace.h"
#include <cuda_runtime_api.h>
#include <cstring>

using stand_in::show;
using stand_in::trace;

extern "C"
{
    cudaError_t cudaMalloc(void** p, size_t bytes)
    {
        trace("cudaMalloc", {show(bytes)});
        *p = std::malloc(bytes ? bytes : 1);
        return *p ? cudaSuccess : cudaErrorMemoryAllocation;
    }
    cudaError_t cudaFree(void* p)
    {
        trace("cudaFree", {stand_in::show_pointer(p)});
        std::free(p);
        return cudaSuccess;
    }
    cudaError_t cudaMemcpy(void* dst, void const* src, size_t bytes, cudaMemcpyKind kind)
    {
        trace("cudaMemcpy", {show(bytes), show(static_cast<int>(kind))});
        std::memcpy(dst, src, bytes);
        return cudaSuccess;
    }
    cudaError_t cudaMemcpyAsync(void* dst, void const* src, size_t bytes, cudaMemcpyKind kind, cudaStream_t stream)
    {
        trace("cudaMemcpyAsync", {show(bytes), show(static_cast<int>(kind)), stand_in::show_pointer(stream)});
        std::memcpy(dst, src, bytes);
        return cudaSuccess;
    }
    cudaError_t cudaStreamCreate(cudaStream_t* stream)
    {
        trace("cudaStreamCreate", {});
        static int token;
        *stream = reinterpret_cast<cudaStream_t>(&token);
        return cudaSuccess;
    }
    cudaError_t cudaStreamSynchronize(cudaStream_t stream)
    {
        trace("cudaStreamSynchronize", {stand_in::show_pointer(stream)});
        return cudaSuccess;
    }
    cudaError_t cudaStreamDestroy(cudaStream_t stream)
    {
        trace("cudaStreamDestroy", {stand_in::show_pointer(stream)});
        return cudaSuccess;
    }
    char const* cudaGetErrorName(cudaError_t e)
    {
        return e == cudaSuccess ? "cudaSuccess" : "cudaErrorMemoryAllocation";
    }
    char const* cudaGetErrorString(cudaError_t e)
    {
        return e == cudaSuccess ? "no error" : "out of memory";
    }
    cudaError_t cudaRuntimeGetVersion(int* version)
    {
        *version = CUDART_VERSION;
        return cudaSuccess;
    }
}
