/* The reference for bench/gemm.rs: the same cuBLAS calls on the same data, timed the same way,
 * linked to libcublas and libcudart (shared).
 * Build: gcc -O2 gemm.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lcublas -lcudart -ldl
 * Run:   ./a.out BATCH_MS SHAPE...   (SHAPE: N for N x N x N, or MxNxK)
 * Prints `MODE M N K TFLOPS` rows (see bench/gemm.rs for what is measured and why). */
#define _GNU_SOURCE /* dladdr */
#include "check_runtime.h"
#include <dlfcn.h>
#include <cublas_v2.h>
#include <stdint.h>
#include <string.h>

#define CHECK_CUBLAS(call)                                                     \
    do {                                                                       \
        cublasStatus_t status = (call);                                        \
        if (status != CUBLAS_STATUS_SUCCESS) {                                 \
            fprintf(stderr, "%s failed: %s\n", #call, cublasGetStatusName(status)); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

#define BATCHES 3
#define PERIOD (1 << 20) /* elements of the repeated input pattern */

enum mode { SGEMM, TF32, BF16, MODES };
static const char *const MODE_NAMES[MODES] = {"sgemm", "tf32", "bf16"};

/* Input element i: one of the 256 multiples of 1/128 in [-1, 1), from a hash of i. Exact in
 * float and in bfloat16, and the same in gemm.rs and gemm_torch.py. */
static float input(uint32_t i) {
    return (float)((int)((i * 2654435761u) >> 24) - 128) / 128.0f;
}

/* Fills `count` elements of `size` bytes at `device`: the pattern's first PERIOD elements
 * from the host, then copies of what is there, doubling. */
static void fill(void *device, size_t count, size_t size, const void *pattern) {
    size_t done = count < PERIOD ? count : PERIOD;
    CHECK_CUDA(cudaMemcpy(device, pattern, done * size, cudaMemcpyHostToDevice));
    while (done < count) {
        size_t n = done < count - done ? done : count - done;
        CHECK_CUDA(cudaMemcpy((char *)device + done * size, device, n * size, cudaMemcpyDeviceToDevice));
        done += n;
    }
}

/* Row-major C[m x n] = A[m x k] B[k x n], as torch.matmul computes it: cuBLAS is column-major,
 * so it computes C^T = B^T A^T, with B first. */
static void gemm(cublasHandle_t handle, enum mode mode, int m, int n, int k, const void *a,
                 const void *b, void *c) {
    const float alpha = 1.0f, beta = 0.0f;
    if (mode == BF16) {
        CHECK_CUBLAS(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha, b, CUDA_R_16BF, n,
                                  a, CUDA_R_16BF, k, &beta, c, CUDA_R_16BF, n, CUBLAS_COMPUTE_32F,
                                  CUBLAS_GEMM_DEFAULT));
    } else {
        CHECK_CUBLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha, b, n, a, k, &beta, c, n));
    }
}

static int compare(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s BATCH_MS SHAPE... (SHAPE: N or MxNxK)\n", argv[0]);
        return 2;
    }
    double batch_ms = atof(argv[1]);
    float *pattern = malloc(PERIOD * sizeof(float));
    uint16_t *pattern16 = malloc(PERIOD * sizeof(uint16_t));
    for (uint32_t i = 0; i < PERIOD; i++) {
        uint32_t bits;
        pattern[i] = input(i);
        memcpy(&bits, &pattern[i], 4);
        pattern16[i] = (uint16_t)(bits >> 16); /* exact: the low half is zero */
    }
    int version;
    cublasHandle_t handle;
    cudaEvent_t start, stop;
    CHECK_CUDA(cudaSetDevice(0));
    CHECK_CUBLAS(cublasCreate(&handle));
    CHECK_CUBLAS(cublasGetVersion(handle, &version));
    Dl_info where;
    printf("# c: %s, cuBLAS %d\n", dladdr((void *)cublasCreate, &where) ? where.dli_fname : "?", version);
    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));

    for (int s = 2; s < argc; s++) {
        int m, n, k;
        if (sscanf(argv[s], "%dx%dx%d", &m, &n, &k) != 3) {
            if (sscanf(argv[s], "%d", &m) != 1) {
                fprintf(stderr, "bad shape '%s': write N or MxNxK\n", argv[s]);
                return 2;
            }
            n = k = m;
        }
        void *a, *b, *c;
        CHECK_CUDA(cudaMalloc(&a, (size_t)m * k * sizeof(float)));
        CHECK_CUDA(cudaMalloc(&b, (size_t)k * n * sizeof(float)));
        CHECK_CUDA(cudaMalloc(&c, (size_t)m * n * sizeof(float)));
        for (int mode = 0; mode < MODES; mode++) {
            size_t size = mode == BF16 ? 2 : 4;
            const void *p = mode == BF16 ? (const void *)pattern16 : (const void *)pattern;
            fill(a, (size_t)m * k, size, p);
            fill(b, (size_t)k * n, size, p);
            CHECK_CUBLAS(cublasSetMathMode(handle, mode == TF32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH));
            /* Warm-up, then one timed call decides the batch: about BATCH_MS of calls. */
            gemm(handle, mode, m, n, k, a, b, c);
            float ms;
            CHECK_CUDA(cudaEventRecord(start, NULL));
            gemm(handle, mode, m, n, k, a, b, c);
            CHECK_CUDA(cudaEventRecord(stop, NULL));
            CHECK_CUDA(cudaEventSynchronize(stop));
            CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
            int calls = ms > 0 ? (int)(batch_ms / ms) : 1;
            if (calls < 1) calls = 1;
            double tflops[BATCHES];
            for (int r = 0; r < BATCHES; r++) {
                CHECK_CUDA(cudaEventRecord(start, NULL));
                for (int i = 0; i < calls; i++) gemm(handle, mode, m, n, k, a, b, c);
                CHECK_CUDA(cudaEventRecord(stop, NULL));
                CHECK_CUDA(cudaEventSynchronize(stop));
                CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
                tflops[r] = 2.0 * m * n * k * calls / (ms * 1e-3) / 1e12;
            }
            qsort(tflops, BATCHES, sizeof(double), compare);
            printf("%s %d %d %d %.3f\n", MODE_NAMES[mode], m, n, k, tflops[BATCHES / 2]);
            fflush(stdout);
        }
        CHECK_CUDA(cudaFree(a));
        CHECK_CUDA(cudaFree(b));
        CHECK_CUDA(cudaFree(c));
    }
    CHECK_CUBLAS(cublasDestroy(handle));
    CHECK_CUDA(cudaEventDestroy(start));
    CHECK_CUDA(cudaEventDestroy(stop));
    free(pattern);
    free(pattern16);
    return 0;
}
