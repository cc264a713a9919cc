// Lesson runtime_simple_occupancy, in CUDA C++: our own version of what NVIDIA's
// simpleOccupancy does (the lesson ports the sample itself; run.sh builds the original beside
// it). A kernel launched with a block size by hand, then with the one the occupancy
// calculator of cuda_runtime.h suggests.
#include <cstdio>
#include <cstdlib>
#include <iostream>
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

__global__ void square(int *array, int arrayCount) {
    extern __shared__ int dynamicSmem[];
    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    if (idx < arrayCount) array[idx] *= array[idx];
}

// ANCHOR: occupancy
static double potential_occupancy(void *kernel, int blockSize, size_t dynamicSMem) {
    int device, numBlocks;
    cudaDeviceProp prop;
    checkCudaErrors(cudaGetDevice(&device));
    checkCudaErrors(cudaGetDeviceProperties(&prop, device));
    checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, kernel, blockSize, dynamicSMem));
    int activeWarps = numBlocks * blockSize / prop.warpSize;
    int maxWarps = prop.maxThreadsPerMultiProcessor / prop.warpSize;
    return (double)activeWarps / maxWarps;
}
// ANCHOR_END: occupancy

int main() {
    const int count = 1000000;
    int *d_array;
    checkCudaErrors(cudaMalloc(&d_array, count * sizeof(int)));
    checkCudaErrors(cudaMemset(d_array, 0, count * sizeof(int)));

    // ANCHOR: automatic
    int blockSize, minGridSize;
    size_t dynamicSMemUsage = 0;
    checkCudaErrors(cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, (void *)square,
                                                       dynamicSMemUsage, count));
    std::cout << "Suggested block size: " << blockSize << std::endl
              << "Minimum grid size for maximum occupancy: " << minGridSize << std::endl;
    int gridSize = (count + blockSize - 1) / blockSize;
    square<<<gridSize, blockSize, dynamicSMemUsage>>>(d_array, count);
    checkCudaErrors(cudaDeviceSynchronize());
    // ANCHOR_END: automatic

    std::cout << "Potential occupancy: "
              << potential_occupancy((void *)square, blockSize, dynamicSMemUsage) * 100 << "%" << std::endl;
    checkCudaErrors(cudaFree(d_array));
    return 0;
}
