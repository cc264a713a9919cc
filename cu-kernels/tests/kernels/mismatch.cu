// Kernels that cu-kernels' tests declare wrongly on purpose (issue 41, item 11): each reads
// 8-byte doubles and a long, where the declaration says f32 and c_int.
#include <cuda_runtime.h>

__global__ void scale(double* x, double factor, long n) {
    long i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= factor;
}

// Only NVRTC sees through the typedef: the check waits for its lowered name.
typedef double real;
__global__ void scale_real(real* x, real factor, long n) {
    long i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= factor;
}

// An extern "C" kernel's lowered name is its name: the check reads the text.
extern "C" __global__ void scale_c(double* x, double factor, long n) {
    long i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= factor;
}
