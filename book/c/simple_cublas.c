/* Lesson 20, in C: a first cuBLAS program, our own version of NVIDIA's simpleCUBLAS: three
 * N x N matrices to the GPU, one cublasSgemm, the result back, compared with the host's product. */
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The samples' checks, one per library: what failed, where, and the library's words. */
#define CHECK_CUDA(call)                                                                     \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            printf("%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorName(e_), cudaGetErrorString(e_));                            \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)
#define CHECK_CUBLAS(call)                                                                   \
    do {                                                                                     \
        cublasStatus_t s_ = (call);                                                          \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                   \
            printf("%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, __LINE__, #call, \
                   cublasGetStatusName(s_), cublasGetStatusString(s_));                      \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

#define N 275

/* Column-major: element (i, j) at j * n + i. */
static void host_sgemm(int n, float alpha, const float *a, const float *b, float beta, float *c) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float sum = 0;
            for (int k = 0; k < n; k++) sum += a[k * n + i] * b[j * n + k];
            c[j * n + i] = alpha * sum + beta * c[j * n + i];
        }
}

int main(void) {
    const int n2 = N * N;
    const float alpha = 1.0f, beta = 0.0f;
    cublasHandle_t handle;

    // ANCHOR: setup
    CHECK_CUDA(cudaSetDevice(0));
    printf("simpleCUBLAS test running..\n");
    CHECK_CUBLAS(cublasCreate(&handle));

    float *h_a = malloc(n2 * sizeof(float)), *h_b = malloc(n2 * sizeof(float));
    float *h_c = malloc(n2 * sizeof(float)), *h_result = malloc(n2 * sizeof(float));
    for (int i = 0; i < n2; i++) {
        h_a[i] = rand() / (float)RAND_MAX;
        h_b[i] = rand() / (float)RAND_MAX;
        h_c[i] = rand() / (float)RAND_MAX;
    }
    void *d_a, *d_b, *d_c;
    CHECK_CUDA(cudaMalloc(&d_a, n2 * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&d_b, n2 * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&d_c, n2 * sizeof(float)));
    CHECK_CUBLAS(cublasSetVector(n2, sizeof(float), h_a, 1, d_a, 1));
    CHECK_CUBLAS(cublasSetVector(n2, sizeof(float), h_b, 1, d_b, 1));
    CHECK_CUBLAS(cublasSetVector(n2, sizeof(float), h_c, 1, d_c, 1));
    // ANCHOR_END: setup

    // ANCHOR: sgemm
    host_sgemm(N, alpha, h_a, h_b, beta, h_c);
    CHECK_CUBLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &alpha, d_a, N, d_b, N, &beta, d_c, N));
    CHECK_CUBLAS(cublasGetVector(n2, sizeof(float), d_c, 1, h_result, 1));
    // ANCHOR_END: sgemm

    // ANCHOR: check
    double error = 0, norm = 0;
    for (int i = 0; i < n2; i++) {
        error += (h_c[i] - h_result[i]) * (h_c[i] - h_result[i]);
        norm += h_c[i] * h_c[i];
    }
    double relative = sqrt(error) / sqrt(norm);
    CHECK_CUDA(cudaFree(d_a));
    CHECK_CUDA(cudaFree(d_b));
    CHECK_CUDA(cudaFree(d_c));
    CHECK_CUBLAS(cublasDestroy(handle));
    free(h_a);
    free(h_b);
    free(h_c);
    free(h_result);
    printf("relative error ||ref - gpu|| / ||ref|| = %.3e\n", relative);
    printf(relative < 1e-6 ? "simpleCUBLAS test passed.\n" : "simpleCUBLAS test failed.\n");
    return relative < 1e-6 ? 0 : 1;
    // ANCHOR_END: check
}
