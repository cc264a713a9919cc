// cu-kernels' test kernels: C++ names, a template, and host code beside them, as a .cu has.
#include <stdio.h>
#include <cuda_runtime.h>
#include <math.h>
#include <iostream>

__global__ void scale(float* x, float factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * factor;
}

template <typename T>
__global__ void fill(T* x, T value, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = value + (T)sqrtf((float)i) * 0;
}

// Host code: cut out of the device compile.
void launch_scale(float* x, float factor, int n) {
    scale<<<(n + 255) / 256, 256>>>(x, factor, n);
    printf("launched: %s\n", cudaGetErrorString(cudaPeekAtLastError()));
}

int main() {
    std::cout << "a host program" << std::endl;
    return 0;
}
