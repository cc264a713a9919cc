/* Lesson 19, in C: lessons/kernels/inlinePTX_kernel.cu reads each thread's lane with inline
 * PTX, compiled by NVRTC for this GPU, the way NVIDIA's inlinePTX_nvrtc sample does it (our own
 * short version). */
#include "nvrtc_helper.h"

int main(void) {
    printf("CUDA inline PTX assembler sample\n");
    size_t size;
    char *cubin = compile_file_to_cubin("lessons/kernels/inlinePTX_kernel.cu", &size);
    if (!cubin) return 1;
    CUcontext context;
    CUmodule module = load_cubin(cubin, &context);
    free(cubin);
    CUfunction kernel;
    CHECK(cuModuleGetFunction(&kernel, module, "sequence_gpu"));

    int n = 1000;
    int *expected = malloc(n * sizeof(int)), *got = malloc(n * sizeof(int));
    CUdeviceptr d_ptr;
    CHECK(cuMemAlloc(&d_ptr, n * sizeof(int)));
    void *args[] = {&d_ptr, &n};
    CHECK(cuLaunchKernel(kernel, (n + 255) / 256, 1, 1, 256, 1, 1, 0, NULL, args, NULL));
    CHECK(cuCtxSynchronize());
    for (int i = 0; i < n; i++) expected[i] = i % 32;
    CHECK(cuMemcpyDtoH(got, d_ptr, n * sizeof(int)));
    CHECK(cuMemFree(d_ptr));
    CHECK(cuModuleUnload(module));
    CHECK(cuCtxDestroy(context));

    int valid = memcmp(expected, got, n * sizeof(int)) == 0;
    printf("Test %s.\n", valid ? "Successful" : "Failed");
    free(expected);
    free(got);
    return valid ? 0 : 1;
}
