// Lesson 10, in C++: a TensorRT inference sample's CUDA side, our own version: the buffers of
// one input and one output binding, a stream, async copies, events, and an allocation that fails.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime_api.h>

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

constexpr size_t N = 1 << 20;

int main() {
    int device = 0;
    CHECK(cudaSetDevice(device));
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, device));
    printf("device %d: %s\n", device, prop.name);

    // ANCHOR: buffers
    cudaStream_t stream = nullptr;
    CHECK(cudaStreamCreate(&stream));
    size_t bytes = N * sizeof(float);
    void* input_device = nullptr;
    void* output_device = nullptr;
    CHECK(cudaMalloc(&input_device, bytes));
    CHECK(cudaMalloc(&output_device, bytes));
    float* input_host = nullptr;
    float* output_host = nullptr;
    CHECK(cudaMallocHost((void**)&input_host, bytes));
    CHECK(cudaMallocHost((void**)&output_host, bytes));
    // ANCHOR_END: buffers
    for (size_t i = 0; i < N; i++) {
        input_host[i] = (float)i;
        output_host[i] = NAN;
    }
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    // ANCHOR: flow
    CHECK(cudaEventRecord(start, stream));
    CHECK(cudaMemsetAsync(output_device, 0, bytes, stream));
    CHECK(cudaMemcpyAsync(input_device, input_host, bytes, cudaMemcpyHostToDevice, stream));
    // (a TensorRT sample enqueues the network here: context->enqueueV3(stream))
    CHECK(cudaMemcpyAsync(output_device, input_device, bytes / 2, cudaMemcpyDeviceToDevice, stream));
    CHECK(cudaMemcpyAsync(output_host, output_device, bytes, cudaMemcpyDeviceToHost, stream));
    CHECK(cudaEventRecord(stop, stream));
    CHECK(cudaStreamSynchronize(stream));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    // ANCHOR_END: flow
    printf("on one stream: %.3f ms\n", ms);

    // ANCHOR: error_path
    size_t too_much = 2 * prop.totalGlobalMem;
    void* huge = nullptr;
    cudaError_t e = cudaMalloc(&huge, too_much);
    if (e != cudaSuccess) {
        printf("cudaMalloc(&huge, too_much) failed: %s, %s\n", cudaGetErrorName(e), cudaGetErrorString(e));
    }
    cudaError_t last = cudaGetLastError(); // returns the failure again, and clears it
    printf("cudaGetLastError() = %s (now cleared)\n", cudaGetErrorName(last));
    CHECK(cudaGetLastError());
    // ANCHOR_END: error_path

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFreeHost(input_host));
    CHECK(cudaFreeHost(output_host));
    CHECK(cudaFree(input_device));
    CHECK(cudaFree(output_device));
    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaDeviceReset());
    return 0;
}
