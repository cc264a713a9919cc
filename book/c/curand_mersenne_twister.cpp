// Lesson curand_mersenne_twister, in C++: our own version of what NVIDIA's
// MersenneTwisterGP11213 does (the lesson ports the sample itself; run.sh builds the original
// beside it). The same MTGP32 generator on the GPU and on the host, the same seed, the same
// numbers; then the GPU's timed.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <curand.h>

#define checkCuda(call)                                                                      \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            fprintf(stderr, "%s:%d %s failed: %s\n", __FILE__, __LINE__, #call,              \
                    cudaGetErrorName(e_));                                                   \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)
#define checkCurand(call)                                                                    \
    do {                                                                                     \
        curandStatus_t s_ = (call);                                                          \
        if (s_ != CURAND_STATUS_SUCCESS) {                                                   \
            fprintf(stderr, "%s:%d %s failed: curandStatus_t %d\n", __FILE__, __LINE__,     \
                    #call, (int)s_);                                                         \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

// ANCHOR: compare
static float compare(const float *gpu, const float *cpu, int n) {
    float max_delta = 0, sum_delta = 0, sum_ref = 0;
    for (int i = 0; i < n; i++) {
        float delta = fabsf(cpu[i] - gpu[i]);
        sum_delta += delta;
        sum_ref += fabsf(cpu[i]);
        if (delta >= max_delta) max_delta = delta;
    }
    float l1norm = sum_delta / sum_ref;
    printf("Max absolute error: %E\n", max_delta);
    printf("L1 norm: %E\n\n", l1norm);
    return l1norm;
}
// ANCHOR_END: compare

int main() {
    const int n = 2400000;
    const unsigned long long seed = 777;
    checkCuda(cudaSetDevice(0));

    // ANCHOR: generators
    cudaStream_t stream;
    float *d_rand;
    curandGenerator_t gpu, cpu;
    checkCuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    checkCuda(cudaMalloc(&d_rand, n * sizeof(float)));
    // On the GPU: numbers into device memory, made on the stream.
    checkCurand(curandCreateGenerator(&gpu, CURAND_RNG_PSEUDO_MTGP32));
    checkCurand(curandSetStream(gpu, stream));
    checkCurand(curandSetPseudoRandomGeneratorSeed(gpu, seed));
    // On the host: the same algorithm, into host memory.
    checkCurand(curandCreateGeneratorHost(&cpu, CURAND_RNG_PSEUDO_MTGP32));
    checkCurand(curandSetPseudoRandomGeneratorSeed(cpu, seed));
    // ANCHOR_END: generators

    // ANCHOR: generate
    float *h_gpu;
    checkCuda(cudaMallocHost(&h_gpu, n * sizeof(float)));
    checkCurand(curandGenerateUniform(gpu, d_rand, n));
    checkCuda(cudaMemcpyAsync(h_gpu, d_rand, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
    std::vector<float> h_cpu(n);
    checkCurand(curandGenerateUniform(cpu, h_cpu.data(), n));
    checkCuda(cudaStreamSynchronize(stream));
    // ANCHOR_END: generate
    float l1norm = compare(h_gpu, h_cpu.data(), n);

    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 10; i++) checkCurand(curandGenerateUniform(gpu, d_rand, n));
    checkCuda(cudaStreamSynchronize(stream));
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 10;
    printf("Throughput = %.4f GNumbers/s, Time = %.5f s\n", 1.0e-9 * n / seconds, seconds);

    checkCurand(curandDestroyGenerator(gpu));
    checkCurand(curandDestroyGenerator(cpu));
    checkCuda(cudaStreamDestroy(stream));
    checkCuda(cudaFree(d_rand));
    checkCuda(cudaFreeHost(h_gpu));
    return l1norm < 1e-6 ? 0 : 1;
}
