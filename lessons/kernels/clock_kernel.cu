// Each block finds the minimum of its 2 * blockDim.x inputs by a tree reduction in shared
// memory, and times itself with clock(): thread 0 stores the block's start in timer[block]
// and its end in timer[gridDim.x + block] (the clock_nvrtc lesson; NVIDIA's clock_nvrtc
// measures the same way). clock() counts the cycles of the multiprocessor the block runs on,
// so only differences within one block mean anything.
// The launch gives 2 * blockDim.x floats of dynamic shared memory.

extern "C" __global__ void timedReduction(const float *input, float *output, clock_t *timer)
{
    extern __shared__ float values[];

    const int tid = threadIdx.x;
    const int block = blockIdx.x;

    if (tid == 0) {
        timer[block] = clock();
    }

    values[tid] = input[tid];
    values[tid + blockDim.x] = input[tid + blockDim.x];

    // Halve the number of candidates each step: thread tid keeps the smaller of tid, tid + d.
    for (int d = blockDim.x; d > 0; d /= 2) {
        __syncthreads();
        if (tid < d && values[tid + d] < values[tid]) {
            values[tid] = values[tid + d];
        }
    }

    if (tid == 0) {
        output[block] = values[0];
    }

    __syncthreads();
    if (tid == 0) {
        timer[block + gridDim.x] = clock();
    }
}
