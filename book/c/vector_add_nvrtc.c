/* Lesson 16, in C: the vector-add kernel as CUDA C++ (lessons/kernels/vectorAdd_kernel.cu),
 * compiled by NVRTC for this GPU, loaded and launched, the way NVIDIA's vectorAdd_nvrtc sample
 * does it (our own short version); first the same kernel with a mistake, to see NVRTC's log. */
#include <math.h>
#include "nvrtc_helper.h"

int main(void) {
    size_t size;
    printf("A kernel with a mistake first: what NVRTC says.\n");
    if (compile_file_to_cubin("lessons/kernels/mistakes/vectorAdd_kernel.cu", &size) != NULL) {
        fprintf(stderr, "the mistake compiled\n");
        return 1;
    }

    char *cubin = compile_file_to_cubin("lessons/kernels/vectorAdd_kernel.cu", &size);
    if (!cubin) return 1;
    CUcontext context;
    CUmodule module = load_cubin(cubin, &context);
    free(cubin);
    CUfunction kernel;
    CHECK(cuModuleGetFunction(&kernel, module, "vectorAdd"));

    int n = 50000;
    size_t bytes = n * sizeof(float);
    printf("[Vector addition of %d elements]\n", n);
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    for (int i = 0; i < n; i++) {
        a[i] = rand() / (float)RAND_MAX;
        b[i] = rand() / (float)RAND_MAX;
    }

    CUdeviceptr d_a, d_b, d_c;
    CHECK(cuMemAlloc(&d_a, bytes));
    CHECK(cuMemAlloc(&d_b, bytes));
    CHECK(cuMemAlloc(&d_c, bytes));
    printf("Copy input data from the host memory to the CUDA device\n");
    CHECK(cuMemcpyHtoD(d_a, a, bytes));
    CHECK(cuMemcpyHtoD(d_b, b, bytes));

    unsigned int threads = 256, blocks = (n + threads - 1) / threads;
    printf("CUDA kernel launch with %u blocks of %u threads\n", blocks, threads);
    void *args[] = {&d_a, &d_b, &d_c, &n};
    CHECK(cuLaunchKernel(kernel, blocks, 1, 1, threads, 1, 1, 0, NULL, args, NULL));
    CHECK(cuCtxSynchronize());
    printf("Copy output data from the CUDA device to the host memory\n");
    CHECK(cuMemcpyDtoH(c, d_c, bytes));

    for (int i = 0; i < n; i++) {
        if (fabsf(a[i] + b[i] - c[i]) > 1e-5f) {
            fprintf(stderr, "Result verification failed at element %d!\n", i);
            return 1;
        }
    }
    printf("Test PASSED\n");

    CHECK(cuMemFree(d_a));
    CHECK(cuMemFree(d_b));
    CHECK(cuMemFree(d_c));
    CHECK(cuModuleUnload(module));
    CHECK(cuCtxDestroy(context));
    free(a);
    free(b);
    free(c);
    printf("Done\n");
    return 0;
}
