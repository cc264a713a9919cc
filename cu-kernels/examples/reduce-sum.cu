// A block-wide sum in shared memory, the blocks' sums added with atomicAdd (the course's
// reduce-sum kernel in our words, without its printf).
#include <cuda_runtime.h>

__global__ void sum_kernel(float* array, int n, float* output) {
    int position = blockIdx.x * blockDim.x + threadIdx.x;
    extern __shared__ float cache[];
    int lane = threadIdx.x;
    float value = position < n ? array[position] : 0;
    for (int i = blockDim.x / 2; i > 0; i /= 2) {
        cache[lane] = value;
        __syncthreads();
        if (lane < i) value += cache[lane + i];
        __syncthreads();
    }
    if (lane == 0) atomicAdd(output, value);
}
