/* What the Runtime API references share: the check on every call, as the samples' CHECK. */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK_CUDA(call)                                                       \
    do {                                                                       \
        cudaError_t code = (call);                                             \
        if (code != cudaSuccess) {                                             \
            fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorName(code)); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)
