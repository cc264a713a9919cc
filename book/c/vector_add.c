/* Lesson 6, in C: the vector-add PTX loaded with cuModuleLoadData and launched with
 * cuLaunchKernel, the way NVIDIA's vectorAddDrv sample does it (our own short version). */
#include <math.h>
#include "check.h"

#define N (1 << 20)

int main(void) {
    CUcontext context = init_context(0);
    CUmodule module;
    CUfunction kernel;
    char *ptx = read_ptx("lessons/kernels/vector_add.ptx");
    CHECK(cuModuleLoadData(&module, ptx));
    CHECK(cuModuleGetFunction(&kernel, module, "vector_add"));

    size_t bytes = N * sizeof(float);
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = (float)(2 * i) * 0.5f + 1.0f;
        c[i] = NAN;
    }

    CUdeviceptr d_a, d_b, d_c;
    CHECK(cuMemAlloc(&d_a, bytes));
    CHECK(cuMemAlloc(&d_b, bytes));
    CHECK(cuMemAlloc(&d_c, bytes));
    CHECK(cuMemcpyHtoD(d_a, a, bytes));
    CHECK(cuMemcpyHtoD(d_b, b, bytes));

    /* One pointer per kernel argument, pointing at its value. */
    unsigned int n = N;
    void *args[] = {&d_a, &d_b, &d_c, &n};
    unsigned int block = 256, grid = (n + block - 1) / block;
    CHECK(cuLaunchKernel(kernel, grid, 1, 1, block, 1, 1, 0, NULL, args, NULL));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(c, d_c, bytes));

    CHECK(cuMemFree(d_a));
    CHECK(cuMemFree(d_b));
    CHECK(cuMemFree(d_c));
    CHECK(cuModuleUnload(module));
    CHECK(cuCtxDestroy(context));

    long wrong = 0;
    double sum = 0;
    for (int i = 0; i < N; i++) {
        wrong += c[i] != (float)(2 * i + 1);
        sum += c[i];
    }
    printf("vector_add: %d elements, c[0] = %g, c[%d] = %g\n", N, c[0], N - 1, c[N - 1]);
    printf("sum of c = %.0f (expected %.0f)\n", sum, (double)N * N);
    if (wrong > 0) {
        fprintf(stderr, "%ld elements are wrong\n", wrong);
        return 1;
    }
    printf("all %d elements correct\n", N);
    return 0;
}
