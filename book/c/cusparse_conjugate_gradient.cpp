// Lesson cusparse_conjugate_gradient, in C++: our own version of what NVIDIA's
// conjugateGradient does (the lesson ports the sample itself; run.sh builds the original beside
// it). A random symmetric tridiagonal matrix in CSR, and A x = b solved by conjugate gradient:
// cuSPARSE's generic API for A p, cuBLAS for the vectors.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusparse.h>

// One check for the three libraries' codes: the call, its file and line, the library's name
// for the code; exit 1.
static const char *code_name(cudaError_t e) { return cudaGetErrorName(e); }
static const char *code_name(cublasStatus_t s) { return cublasGetStatusName(s); }
static const char *code_name(cusparseStatus_t s) { return cusparseGetErrorName(s); }
static bool failed(cudaError_t e) { return e != cudaSuccess; }
static bool failed(cublasStatus_t s) { return s != CUBLAS_STATUS_SUCCESS; }
static bool failed(cusparseStatus_t s) { return s != CUSPARSE_STATUS_SUCCESS; }

template <typename Code> static void check(Code code, const char *call, const char *file, int line) {
    if (failed(code)) {
        fprintf(stderr, "%s:%d %s failed: code=%d(%s)\n", file, line, call, (int)code, code_name(code));
        exit(1);
    }
}
#define CHECK(call) check((call), #call, __FILE__, __LINE__)

// Row i holds A[i][i-1], A[i][i], A[i][i+1] (two entries in the first and the last row): the
// diagonal in [10, 11], the others in [0, 1], mirrored, so A is symmetric and positive definite.
static void random_tridiagonal(int n, std::vector<int> &rows, std::vector<int> &cols, std::vector<float> &vals) {
    auto uniform = [] { return (float)rand() / RAND_MAX; };
    rows.assign(n + 1, 0);
    cols.clear();
    vals.clear();
    for (int i = 0; i < n; i++) {
        rows[i] = (int)cols.size();
        if (i > 0) {
            cols.push_back(i - 1);
            float above = vals[rows[i - 1] + (i > 1 ? 2 : 1)]; // A[i][i-1] = A[i-1][i]
            vals.push_back(above);
        }
        cols.push_back(i);
        vals.push_back(uniform() + 10.0f);
        if (i < n - 1) {
            cols.push_back(i + 1);
            vals.push_back(uniform());
        }
    }
    rows[n] = (int)cols.size();
}

int main() {
    const int n = 1 << 20;
    const float tol = 1e-5f;
    const int max_iter = 10000;

    CHECK(cudaSetDevice(0));
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("> GPU device has %d Multi-Processors, SM %d.%d compute capabilities\n\n", prop.multiProcessorCount,
           prop.major, prop.minor);

    std::vector<int> rows, cols;
    std::vector<float> vals;
    random_tridiagonal(n, rows, cols, vals);
    const int nz = (int)vals.size();
    std::vector<float> x(n, 0.0f), b(n, 1.0f);

    // ANCHOR: setup
    cublasHandle_t cublas;
    cusparseHandle_t cusparse;
    CHECK(cublasCreate(&cublas));
    CHECK(cusparseCreate(&cusparse));

    int *d_rows, *d_cols;
    float *d_vals, *d_x, *d_r, *d_p, *d_Ap;
    CHECK(cudaMalloc(&d_rows, (n + 1) * sizeof(int)));
    CHECK(cudaMalloc(&d_cols, nz * sizeof(int)));
    CHECK(cudaMalloc(&d_vals, nz * sizeof(float)));
    CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CHECK(cudaMalloc(&d_r, n * sizeof(float)));
    CHECK(cudaMalloc(&d_p, n * sizeof(float)));
    CHECK(cudaMalloc(&d_Ap, n * sizeof(float)));

    // Descriptors point at the device arrays; they copy nothing.
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t vec_x, vec_p, vec_Ap;
    CHECK(cusparseCreateCsr(&A, n, n, nz, d_rows, d_cols, d_vals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                            CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    CHECK(cusparseCreateDnVec(&vec_x, n, d_x, CUDA_R_32F));
    CHECK(cusparseCreateDnVec(&vec_p, n, d_p, CUDA_R_32F));
    CHECK(cusparseCreateDnVec(&vec_Ap, n, d_Ap, CUDA_R_32F));

    CHECK(cudaMemcpy(d_rows, rows.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_cols, cols.data(), nz * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_vals, vals.data(), nz * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_r, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    // ANCHOR_END: setup

    const float one = 1.0f, minus_one = -1.0f, zero = 0.0f;

    // ANCHOR: spmv
    // y = 1 * A x + 0 * y, in the workspace cuSPARSE asks for.
    size_t workspace_size = 0;
    void *workspace = nullptr;
    CHECK(cusparseSpMV_bufferSize(cusparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vec_x, &zero, vec_Ap,
                                  CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &workspace_size));
    CHECK(cudaMalloc(&workspace, workspace_size));

    // r = b - A x0; rr = r.r (to the host: cuBLAS's default pointer mode).
    float rr = 0.0f, rr_old = 0.0f, pAp = 0.0f;
    CHECK(cusparseSpMV(cusparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vec_x, &zero, vec_Ap, CUDA_R_32F,
                       CUSPARSE_SPMV_ALG_DEFAULT, workspace));
    CHECK(cublasSaxpy(cublas, n, &minus_one, d_Ap, 1, d_r, 1));
    CHECK(cublasSdot(cublas, n, d_r, 1, d_r, 1, &rr));
    // ANCHOR_END: spmv

    // ANCHOR: cg
    int k = 1;
    for (; rr > tol * tol && k <= max_iter; k++) {
        if (k == 1) {
            CHECK(cublasScopy(cublas, n, d_r, 1, d_p, 1)); // p = r
        } else {
            float beta = rr / rr_old; // p = r + beta p
            CHECK(cublasSscal(cublas, n, &beta, d_p, 1));
            CHECK(cublasSaxpy(cublas, n, &one, d_r, 1, d_p, 1));
        }
        CHECK(cusparseSpMV(cusparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vec_p, &zero, vec_Ap, CUDA_R_32F,
                           CUSPARSE_SPMV_ALG_DEFAULT, workspace));
        CHECK(cublasSdot(cublas, n, d_p, 1, d_Ap, 1, &pAp));
        float alpha = rr / pAp, minus_alpha = -alpha;
        CHECK(cublasSaxpy(cublas, n, &alpha, d_p, 1, d_x, 1));        // x += alpha p
        CHECK(cublasSaxpy(cublas, n, &minus_alpha, d_Ap, 1, d_r, 1)); // r -= alpha A p
        rr_old = rr;
        CHECK(cublasSdot(cublas, n, d_r, 1, d_r, 1, &rr));
        CHECK(cudaDeviceSynchronize());
        printf("iteration = %3d, residual = %e\n", k, std::sqrt(rr)); // the float sqrt
    }
    // ANCHOR_END: cg

    // ANCHOR: check
    CHECK(cudaMemcpy(x.data(), d_x, n * sizeof(float), cudaMemcpyDeviceToHost));
    float worst = 0.0f;
    for (int i = 0; i < n; i++) {
        float ax = 0.0f;
        for (int j = rows[i]; j < rows[i + 1]; j++) ax += vals[j] * x[cols[j]];
        worst = std::fmax(worst, std::fabs(ax - b[i]));
    }
    // ANCHOR_END: check

    CHECK(cudaFree(workspace));
    CHECK(cusparseDestroySpMat(A));
    CHECK(cusparseDestroyDnVec(vec_x));
    CHECK(cusparseDestroyDnVec(vec_p));
    CHECK(cusparseDestroyDnVec(vec_Ap));
    CHECK(cusparseDestroy(cusparse));
    CHECK(cublasDestroy(cublas));
    for (void *d : {(void *)d_rows, (void *)d_cols, (void *)d_vals, (void *)d_x, (void *)d_r, (void *)d_p, (void *)d_Ap})
        CHECK(cudaFree(d));

    printf("Test Summary:  Error amount = %f\n", worst);
    return k <= max_iter ? 0 : 1;
}
