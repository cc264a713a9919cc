/* Lesson 21, in C: a row-major product through column-major cuBLAS, our own version of NVIDIA's
 * matrixMulCUBLAS: C = A B asked as C^T = B^T A^T, 30 calls timed, checked against the host. */
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

int main(void) {
    const int block = 32, mult = 5;
    const int wa = 3 * block * mult, ha = 4 * block * mult; /* A: ha x wa */
    const int wb = 2 * block * mult, hb = wa;               /* B: hb x wb */
    const int wc = wb, hc = ha;                             /* C: hc x wc */
    float *h_a = malloc(sizeof(float) * ha * wa), *h_b = malloc(sizeof(float) * hb * wb);
    float *h_c = malloc(sizeof(float) * hc * wc), *reference = malloc(sizeof(float) * hc * wc);
    srand(2006);
    for (int i = 0; i < ha * wa; i++) h_a[i] = rand() / (float)RAND_MAX;
    for (int i = 0; i < hb * wb; i++) h_b[i] = rand() / (float)RAND_MAX;
    CHECK_CUDA(cudaSetDevice(0));
    void *d_a, *d_b, *d_c;
    CHECK_CUDA(cudaMalloc(&d_a, sizeof(float) * ha * wa));
    CHECK_CUDA(cudaMalloc(&d_b, sizeof(float) * hb * wb));
    CHECK_CUDA(cudaMalloc(&d_c, sizeof(float) * hc * wc));
    CHECK_CUDA(cudaMemcpy(d_a, h_a, sizeof(float) * ha * wa, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_b, h_b, sizeof(float) * hb * wb, cudaMemcpyHostToDevice));

    // ANCHOR: sgemm
    /* Row-major C = A B is column-major C^T = B^T A^T: B first, m = wb, n = ha, k = wa, each
     * leading dimension the row length of its row-major matrix. */
    const float alpha = 1.0f, beta = 0.0f;
    cublasHandle_t handle;
    CHECK_CUBLAS(cublasCreate(&handle));
    CHECK_CUBLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, wb, ha, wa, &alpha, d_b, wb, d_a, wa, &beta, d_c, wb));
    // ANCHOR_END: sgemm

    // ANCHOR: timing
    const int iterations = 30;
    cudaEvent_t start, stop;
    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));
    CHECK_CUDA(cudaEventRecord(start, NULL));
    for (int i = 0; i < iterations; i++)
        CHECK_CUBLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, wb, ha, wa, &alpha, d_b, wb, d_a, wa, &beta, d_c, wb));
    CHECK_CUDA(cudaEventRecord(stop, NULL));
    CHECK_CUDA(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
    double flops = 2.0 * hc * wc * hb;
    printf("Performance= %.2f GFlop/s, Time= %.3f msec, Size= %.0f Ops\n",
           flops * 1e-9 / (ms / iterations / 1000.0), ms / iterations, flops);
    // ANCHOR_END: timing

    CHECK_CUDA(cudaMemcpy(h_c, d_c, sizeof(float) * hc * wc, cudaMemcpyDeviceToHost));
    double error = 0, norm = 0;
    for (int i = 0; i < ha; i++)
        for (int j = 0; j < wb; j++) {
            double sum = 0;
            for (int k = 0; k < wa; k++) sum += (double)h_a[i * wa + k] * h_b[k * wb + j];
            reference[i * wb + j] = (float)sum;
            error += (sum - h_c[i * wb + j]) * (sum - h_c[i * wb + j]);
            norm += sum * sum;
        }
    int pass = sqrt(error) / sqrt(norm) < 1e-6;
    printf("Comparing CUBLAS Matrix Multiply with CPU results: %s\n", pass ? "PASS" : "FAIL");
    CHECK_CUBLAS(cublasDestroy(handle));
    CHECK_CUDA(cudaEventDestroy(start));
    CHECK_CUDA(cudaEventDestroy(stop));
    CHECK_CUDA(cudaFree(d_a));
    CHECK_CUDA(cudaFree(d_b));
    CHECK_CUDA(cudaFree(d_c));
    free(h_a);
    free(h_b);
    free(h_c);
    free(reference);
    return pass ? 0 : 1;
}
