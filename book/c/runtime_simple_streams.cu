// Lesson runtime_simple_streams, in CUDA C++: our own version of what NVIDIA's simpleStreams
// does (the lesson ports the sample itself; run.sh builds the original beside it). One array
// is filled by a slow kernel and copied back, first all at once, then cut over 4 streams.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(call)                                                                \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            fprintf(stderr, "%s:%d %s failed. \n code = %s, message = %s\n", __FILE__,     \
                    __LINE__, #call, cudaGetErrorName(e_), cudaGetErrorString(e_));          \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

__global__ void init_array(int *g_data, const int *factor, int num_iterations) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < num_iterations; i++) g_data[idx] += *factor;
}

int main() {
    const int nstreams = 4, nreps = 100, niterations = 5, n = 16 * 1024 * 1024, c = 5;
    const size_t nbytes = n * sizeof(int);
    checkCudaErrors(cudaSetDevice(0));

    // ANCHOR: memory
    int *h_a = nullptr, *d_a = nullptr, *d_c = nullptr;
    checkCudaErrors(cudaMallocHost(&h_a, nbytes));      // a template: no (void**)
    checkCudaErrors(cudaMalloc(&d_a, nbytes));
    checkCudaErrors(cudaMemset(d_a, 0, nbytes));
    checkCudaErrors(cudaMalloc(&d_c, sizeof(int)));
    checkCudaErrors(cudaMemcpy(d_c, &c, sizeof(int), cudaMemcpyHostToDevice));
    cudaStream_t streams[nstreams];
    for (int i = 0; i < nstreams; i++) checkCudaErrors(cudaStreamCreate(&streams[i]));
    cudaEvent_t start_event, stop_event;
    checkCudaErrors(cudaEventCreate(&start_event, cudaEventBlockingSync)); // the 2-argument overload
    checkCudaErrors(cudaEventCreate(&stop_event, cudaEventBlockingSync));
    // ANCHOR_END: memory

    // ANCHOR: streams
    dim3 threads(512, 1);
    dim3 blocks(n / (nstreams * threads.x), 1);
    checkCudaErrors(cudaMemset(d_a, 0, nbytes));
    checkCudaErrors(cudaEventRecord(start_event, 0));
    for (int k = 0; k < nreps; k++) {
        for (int i = 0; i < nstreams; i++)
            init_array<<<blocks, threads, 0, streams[i]>>>(d_a + i * n / nstreams, d_c, niterations);
        for (int i = 0; i < nstreams; i++)
            checkCudaErrors(cudaMemcpyAsync(h_a + i * n / nstreams, d_a + i * n / nstreams,
                                            nbytes / nstreams, cudaMemcpyDeviceToHost, streams[i]));
    }
    checkCudaErrors(cudaEventRecord(stop_event, 0));
    checkCudaErrors(cudaEventSynchronize(stop_event));
    // ANCHOR_END: streams

    float elapsed_time = 0;
    checkCudaErrors(cudaEventElapsedTime(&elapsed_time, start_event, stop_event));
    printf("%d streams:\t%.2f\n", nstreams, elapsed_time / nreps);
    bool correct = true;
    for (int i = 0; i < n && correct; i++) correct = h_a[i] == c * nreps * niterations;
    for (int i = 0; i < nstreams; i++) checkCudaErrors(cudaStreamDestroy(streams[i]));
    checkCudaErrors(cudaEventDestroy(start_event));
    checkCudaErrors(cudaEventDestroy(stop_event));
    checkCudaErrors(cudaFreeHost(h_a));
    checkCudaErrors(cudaFree(d_a));
    checkCudaErrors(cudaFree(d_c));
    return correct ? 0 : 1;
}
