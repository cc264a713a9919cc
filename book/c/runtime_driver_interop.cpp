// Lesson 11, in C++: the Runtime API and the Driver API in one context and on one stream, as
// TensorRT code that launches its own PTX does (our own version).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime_api.h>

#define CHECK_CUDA(call)                                                                            \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            printf("%s:%d %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_));       \
            std::exit(1);                                                                           \
        }                                                                                           \
    } while (0)
#define CHECK_DRIVER(call)                                                                          \
    do {                                                                                            \
        CUresult r_ = (call);                                                                       \
        if (r_ != CUDA_SUCCESS) {                                                                   \
            const char* name_ = nullptr;                                                            \
            cuGetErrorName(r_, &name_);                                                             \
            printf("%s:%d %s failed: %s\n", __FILE__, __LINE__, #call, name_);                      \
            std::exit(1);                                                                           \
        }                                                                                           \
    } while (0)

constexpr int N = 1 << 20;
extern const char vector_add_ptx[]; // the PTX text, linked in (the Rust lesson embeds it)

int main() {
    // ANCHOR: contexts
    CHECK_CUDA(cudaSetDevice(0));
    CHECK_CUDA(cudaFree(nullptr)); // forces the primary context into being before CUDA 12
    CHECK_DRIVER(cuInit(0));
    CUdevice device;
    CHECK_DRIVER(cuDeviceGet(&device, 0));
    CUcontext current = nullptr, primary = nullptr;
    CHECK_DRIVER(cuCtxGetCurrent(&current));
    CHECK_DRIVER(cuDevicePrimaryCtxRetain(&primary, device));
    printf("current context (cuCtxGetCurrent)          = %p\n", (void*)current);
    printf("primary context (cuDevicePrimaryCtxRetain) = %p\n", (void*)primary);
    // ANCHOR_END: contexts

    CUmodule module;
    CUfunction kernel;
    CHECK_DRIVER(cuModuleLoadData(&module, vector_add_ptx));
    CHECK_DRIVER(cuModuleGetFunction(&kernel, module, "vector_add"));
    cudaStream_t stream;
    CHECK_CUDA(cudaStreamCreate(&stream));
    size_t bytes = N * sizeof(float);
    float *d_a, *d_b, *d_c, *h_a, *h_b, *h_c;
    CHECK_CUDA(cudaMalloc((void**)&d_a, bytes));
    CHECK_CUDA(cudaMalloc((void**)&d_b, bytes));
    CHECK_CUDA(cudaMalloc((void**)&d_c, bytes));
    CHECK_CUDA(cudaMallocHost((void**)&h_a, bytes));
    CHECK_CUDA(cudaMallocHost((void**)&h_b, bytes));
    CHECK_CUDA(cudaMallocHost((void**)&h_c, bytes));
    for (int i = 0; i < N; i++) {
        h_a[i] = (float)i;
        h_b[i] = (float)(i + 1);
        h_c[i] = NAN;
    }

    // ANCHOR: launch
    CHECK_CUDA(cudaMemcpyAsync(d_a, h_a, bytes, cudaMemcpyHostToDevice, stream));
    CHECK_CUDA(cudaMemcpyAsync(d_b, h_b, bytes, cudaMemcpyHostToDevice, stream));
    CUdeviceptr a = (CUdeviceptr)d_a, b = (CUdeviceptr)d_b, c = (CUdeviceptr)d_c;
    unsigned int n = N, block = 256;
    void* args[] = {&a, &b, &c, &n};
    // cudaStream_t is CUstream: the runtime's stream goes to the driver as it is.
    CHECK_DRIVER(cuLaunchKernel(kernel, (n + block - 1) / block, 1, 1, block, 1, 1, 0, stream, args, nullptr));
    CHECK_CUDA(cudaMemcpyAsync(h_c, d_c, bytes, cudaMemcpyDeviceToHost, stream));
    CHECK_CUDA(cudaStreamSynchronize(stream));
    // ANCHOR_END: launch

    // ANCHOR: cleanup
    CHECK_DRIVER(cuModuleUnload(module));
    CHECK_CUDA(cudaFreeHost(h_a));
    CHECK_CUDA(cudaFreeHost(h_b));
    CHECK_CUDA(cudaFreeHost(h_c));
    CHECK_CUDA(cudaFree(d_a));
    CHECK_CUDA(cudaFree(d_b));
    CHECK_CUDA(cudaFree(d_c));
    CHECK_CUDA(cudaStreamDestroy(stream));
    CHECK_DRIVER(cuDevicePrimaryCtxRelease(device));
    CHECK_CUDA(cudaDeviceReset());
    // ANCHOR_END: cleanup
    return 0;
}
