#include <cuda_runtime.h>

__global__ void broken(int* p) {
    p[0] = undefined_name;
}
