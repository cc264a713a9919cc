// Lesson runtime_matrix_mul, in CUDA C++: our own version of what NVIDIA's matrixMul does
// (the lesson ports the sample itself; run.sh builds the original beside it). C = A * B on
// square tiles in shared memory, 300 launches timed with events between the profiler's marks.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_profiler_api.h>
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

template <int TILE>
__global__ void matrix_mul(float *C, const float *A, const float *B, int wA, int wB) {
    __shared__ float As[TILE][TILE], Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    float sum = 0;
    for (int a = wA * TILE * blockIdx.y, b = TILE * blockIdx.x; a < wA * TILE * blockIdx.y + wA;
         a += TILE, b += TILE * wB) {
        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[wB * TILE * blockIdx.y + TILE * blockIdx.x + wB * ty + tx] = sum;
}

int main() {
    const int block_size = 32, n_iter = 300;
    dim3 dimsA(10 * block_size, 10 * block_size, 1), dimsB(20 * block_size, 10 * block_size, 1);
    dim3 dimsC(dimsB.x, dimsA.y, 1);
    size_t mem_size_A = sizeof(float) * dimsA.x * dimsA.y, mem_size_B = sizeof(float) * dimsB.x * dimsB.y;
    size_t mem_size_C = sizeof(float) * dimsC.x * dimsC.y;
    checkCudaErrors(cudaSetDevice(0));
    checkCudaErrors(cudaProfilerStart());
    float *h_A, *h_B, *h_C, *d_A, *d_B, *d_C;
    checkCudaErrors(cudaMallocHost(&h_A, mem_size_A));
    checkCudaErrors(cudaMallocHost(&h_B, mem_size_B));
    checkCudaErrors(cudaMallocHost(&h_C, mem_size_C));
    for (unsigned i = 0; i < dimsA.x * dimsA.y; i++) h_A[i] = 1.0f;
    for (unsigned i = 0; i < dimsB.x * dimsB.y; i++) h_B[i] = 0.01f;

    // ANCHOR: setup
    checkCudaErrors(cudaMalloc(&d_A, mem_size_A));
    checkCudaErrors(cudaMalloc(&d_B, mem_size_B));
    checkCudaErrors(cudaMalloc(&d_C, mem_size_C));
    cudaEvent_t start, stop;
    checkCudaErrors(cudaEventCreate(&start));
    checkCudaErrors(cudaEventCreate(&stop));
    cudaStream_t stream;
    checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    checkCudaErrors(cudaMemcpyAsync(d_A, h_A, mem_size_A, cudaMemcpyHostToDevice, stream));
    checkCudaErrors(cudaMemcpyAsync(d_B, h_B, mem_size_B, cudaMemcpyHostToDevice, stream));
    // ANCHOR_END: setup

    // ANCHOR: launch
    dim3 threads(block_size, block_size);
    dim3 grid(dimsB.x / threads.x, dimsA.y / threads.y);
    matrix_mul<32><<<grid, threads, 0, stream>>>(d_C, d_A, d_B, dimsA.x, dimsB.x); // warm-up
    checkCudaErrors(cudaStreamSynchronize(stream));
    checkCudaErrors(cudaEventRecord(start, stream));
    for (int j = 0; j < n_iter; j++)
        matrix_mul<32><<<grid, threads, 0, stream>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
    checkCudaErrors(cudaEventRecord(stop, stream));
    checkCudaErrors(cudaEventSynchronize(stop));
    // ANCHOR_END: launch

    float msec_total = 0;
    checkCudaErrors(cudaEventElapsedTime(&msec_total, start, stop));
    double flops = 2.0 * dimsA.x * dimsA.y * dimsB.x;
    printf("Performance= %.2f GFlop/s\n", flops * 1e-9 / (msec_total / n_iter / 1000.0));
    checkCudaErrors(cudaMemcpyAsync(h_C, d_C, mem_size_C, cudaMemcpyDeviceToHost, stream));
    checkCudaErrors(cudaStreamSynchronize(stream));
    bool correct = true;
    for (unsigned i = 0; i < dimsC.x * dimsC.y; i++)
        if (fabs(h_C[i] - dimsA.x * 0.01f) / fabs(h_C[i]) / dimsA.x > 1e-6) correct = false;
    printf("%s\n", correct ? "Result = PASS" : "Result = FAIL");
    checkCudaErrors(cudaProfilerStop());
    return correct ? 0 : 1;
}
