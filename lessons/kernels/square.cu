// simpleOccupancy's kernel: squares each element; one thread per element, any launch
// configuration (the lesson's occupancy calculator picks it). The dynamic shared memory is
// declared, as in the sample, to show that the calculator accounts for it.
extern "C" __global__ void square(int *array, int arrayCount)
{
    extern __shared__ int dynamicSmem[];
    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    if (idx < arrayCount) {
        array[idx] *= array[idx];
    }
}
