/* Lesson 22, in C: a BF16 linear layer through cuBLASLt, Y = X W^T with FP32 accumulation and an
 * algorithm from cuBLASLt's heuristic, as inference engines run it (our own program). */
#include <cublasLt.h>
#include <cuda_runtime_api.h>
#include <stdint.h>
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
#define CHECK_CUBLASLT(call)                                                                   \
    do {                                                                                     \
        cublasStatus_t s_ = (call);                                                          \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                   \
            printf("%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, __LINE__, #call, \
                   cublasLtGetStatusName(s_), cublasLtGetStatusString(s_));                      \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

enum { M = 1024, K = 4096, N = 4096, REQUESTED = 8 };
static const size_t WORKSPACE = 32 << 20;

int main(void) {
    uint16_t *x = calloc((size_t)M * K, 2), *w = calloc((size_t)N * K, 2);
    CHECK_CUDA(cudaSetDevice(0));
    cudaStream_t stream;
    CHECK_CUDA(cudaStreamCreate(&stream));
    void *d_x, *d_w, *d_y, *workspace;
    CHECK_CUDA(cudaMalloc(&d_x, (size_t)M * K * 2));
    CHECK_CUDA(cudaMalloc(&d_w, (size_t)N * K * 2));
    CHECK_CUDA(cudaMalloc(&d_y, (size_t)M * N * 2));
    CHECK_CUDA(cudaMalloc(&workspace, WORKSPACE));
    CHECK_CUDA(cudaMemcpy(d_x, x, (size_t)M * K * 2, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_w, w, (size_t)N * K * 2, cudaMemcpyHostToDevice));

    // ANCHOR: describe
    cublasLtHandle_t lt;
    CHECK_CUBLASLT(cublasLtCreate(&lt));
    cublasLtMatmulDesc_t desc;
    CHECK_CUBLASLT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    int32_t transa = CUBLAS_OP_T, transb = CUBLAS_OP_N;
    CHECK_CUBLASLT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &transa, sizeof(transa)));
    CHECK_CUBLASLT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &transb, sizeof(transb)));
    cublasLtMatrixLayout_t a_desc, b_desc, c_desc;
    CHECK_CUBLASLT(cublasLtMatrixLayoutCreate(&a_desc, CUDA_R_16BF, K, N, K)); /* W, read as K x N */
    CHECK_CUBLASLT(cublasLtMatrixLayoutCreate(&b_desc, CUDA_R_16BF, K, M, K)); /* X, read as K x M */
    CHECK_CUBLASLT(cublasLtMatrixLayoutCreate(&c_desc, CUDA_R_16BF, N, M, N)); /* Y^T: N x M */
    // ANCHOR_END: describe

    // ANCHOR: heuristic
    cublasLtMatmulPreference_t preference;
    CHECK_CUBLASLT(cublasLtMatmulPreferenceCreate(&preference));
    uint64_t budget = WORKSPACE;
    CHECK_CUBLASLT(cublasLtMatmulPreferenceSetAttribute(preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                        &budget, sizeof(budget)));
    cublasLtMatmulHeuristicResult_t results[REQUESTED] = {0};
    int returned = 0;
    CHECK_CUBLASLT(cublasLtMatmulAlgoGetHeuristic(lt, desc, a_desc, b_desc, c_desc, c_desc, preference, REQUESTED,
                                                  results, &returned));
    if (returned == 0) {
        printf("no algorithm for this product on this GPU\n");
        return 1;
    }
    // ANCHOR_END: heuristic

    // ANCHOR: matmul
    const float alpha = 1.0f, beta = 0.0f;
    CHECK_CUBLASLT(cublasLtMatmul(lt, desc, &alpha, d_w, a_desc, d_x, b_desc, &beta, d_y, c_desc, d_y, c_desc,
                                  &results[0].algo, workspace, results[0].workspaceSize, stream));
    CHECK_CUDA(cudaStreamSynchronize(stream));
    // ANCHOR_END: matmul
    printf("the heuristic returned %d algorithms; the first ran\n", returned);

    CHECK_CUBLASLT(cublasLtMatmulPreferenceDestroy(preference));
    CHECK_CUBLASLT(cublasLtMatrixLayoutDestroy(a_desc));
    CHECK_CUBLASLT(cublasLtMatrixLayoutDestroy(b_desc));
    CHECK_CUBLASLT(cublasLtMatrixLayoutDestroy(c_desc));
    CHECK_CUBLASLT(cublasLtMatmulDescDestroy(desc));
    CHECK_CUBLASLT(cublasLtDestroy(lt));
    CHECK_CUDA(cudaFree(d_x));
    CHECK_CUDA(cudaFree(d_w));
    CHECK_CUDA(cudaFree(d_y));
    CHECK_CUDA(cudaFree(workspace));
    CHECK_CUDA(cudaStreamDestroy(stream));
    free(x);
    free(w);
    return 0;
}
