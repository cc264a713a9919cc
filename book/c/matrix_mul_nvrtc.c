/* Lesson 17, in C: the tiled matrix product of lessons/kernels/matrixMul_kernel.cu, compiled by
 * NVRTC for this GPU, its 32x32 instance fetched by name and launched 300 times, the way
 * NVIDIA's matrixMul_nvrtc sample does it (our own short version). */
#include <math.h>
#include "nvrtc_helper.h"

int main(void) {
    const int block = 32;
    int w_a = 10 * block, h_a = 10 * block, w_b = 20 * block, h_b = 10 * block;
    printf("[Matrix Multiply Using CUDA] - Starting...\n");
    printf("MatrixA(%d,%d), MatrixB(%d,%d)\n", w_a, h_a, w_b, h_b);
    size_t bytes_a = (size_t)w_a * h_a * sizeof(float), bytes_b = (size_t)w_b * h_b * sizeof(float);
    size_t bytes_c = (size_t)w_b * h_a * sizeof(float);
    float *a = malloc(bytes_a), *b = malloc(bytes_b), *c = malloc(bytes_c);
    for (int i = 0; i < w_a * h_a; i++) a[i] = 1.0f;
    for (int i = 0; i < w_b * h_b; i++) b[i] = 0.01f;

    size_t size;
    char *cubin = compile_file_to_cubin("lessons/kernels/matrixMul_kernel.cu", &size);
    if (!cubin) return 1;
    CUcontext context;
    CUmodule module = load_cubin(cubin, &context);
    free(cubin);

    CUdeviceptr d_a, d_b, d_c;
    CHECK(cuMemAlloc(&d_a, bytes_a));
    CHECK(cuMemAlloc(&d_b, bytes_b));
    CHECK(cuMemAlloc(&d_c, bytes_c));
    CHECK(cuMemcpyHtoD(d_a, a, bytes_a));
    CHECK(cuMemcpyHtoD(d_b, b, bytes_b));

    printf("Computing result using CUDA Kernel...\n");
    CUfunction kernel;
    CHECK(cuModuleGetFunction(&kernel, module, "matrixMulCUDA_block32"));
    void *args[] = {&d_c, &d_a, &d_b, &w_a, &w_b};
    for (int j = 0; j < 300; j++) {
        CHECK(cuLaunchKernel(kernel, w_b / block, h_a / block, 1, block, block, 1, 0, NULL, args, NULL));
        CHECK(cuCtxSynchronize());
    }
    CHECK(cuMemcpyDtoH(c, d_c, bytes_c));

    printf("Checking computed result for correctness: ");
    int correct = 1;
    double reference = w_a * 0.01;
    for (int i = 0; i < w_b * h_a; i++) {
        double relative = fabs(c[i] - reference) / fabs(c[i]) / w_a;
        if (!(relative <= 1e-6)) {
            printf("Error! Matrix[%05d]=%.8f, ref=%.8f\n", i, c[i], reference);
            correct = 0;
        }
    }
    printf("%s\n", correct ? "Result = PASS" : "Result = FAIL");

    CHECK(cuMemFree(d_a));
    CHECK(cuMemFree(d_b));
    CHECK(cuMemFree(d_c));
    CHECK(cuModuleUnload(module));
    CHECK(cuCtxDestroy(context));
    free(a);
    free(b);
    free(c);
    return correct ? 0 : 1;
}
