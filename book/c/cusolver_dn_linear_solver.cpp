// Lesson cusolver_dn_linear_solver, in C++: our own version of what NVIDIA's
// cuSolverDn_LinearSolver does (the lesson ports the sample itself; run.sh builds the original
// beside it). A sparse matrix from a Matrix Market file made dense, A*x = ones solved by
// Cholesky, LU or QR with cuSOLVER's dense API, and the residual b - A*x by cuBLAS.
//   ./cusolver_dn_linear_solver [chol|lu|qr] [file.mtx]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include "mtx_reader.h"

// Every status here (cudaError_t, cusolverStatus_t, cublasStatus_t) is 0 on success.
#define check(call)                                                                          \
    do {                                                                                     \
        int s_ = (int)(call);                                                                \
        if (s_ != 0) {                                                                       \
            fprintf(stderr, "%s:%d %s failed with status %d\n", __FILE__, __LINE__, #call, s_); \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

static double seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// ANCHOR: chol
// x = A \ b by Cholesky: A = L L^T (potrf), then two triangular solves (potrs). A is copied
// first: potrf overwrites it with L.
static void solveCholesky(cusolverDnHandle_t handle, int n, const double *dA, int lda, const double *dB,
                          double *dX) {
    int lwork = 0, hInfo = 0, *dInfo;
    double *work, *a;
    cublasFillMode_t uplo = CUBLAS_FILL_MODE_LOWER;
    check(cusolverDnDpotrf_bufferSize(handle, uplo, n, (double *)dA, lda, &lwork));
    check(cudaMalloc(&dInfo, sizeof(int)));
    check(cudaMalloc(&work, sizeof(double) * lwork));
    check(cudaMalloc(&a, sizeof(double) * lda * n));
    check(cudaMemcpy(a, dA, sizeof(double) * lda * n, cudaMemcpyDeviceToDevice));

    double start = seconds();
    check(cusolverDnDpotrf(handle, uplo, n, a, lda, work, lwork, dInfo));
    check(cudaMemcpy(&hInfo, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
    if (hInfo != 0) fprintf(stderr, "Error: Cholesky factorization failed (devInfo %d)\n", hInfo);
    check(cudaMemcpy(dX, dB, sizeof(double) * n, cudaMemcpyDeviceToDevice));
    check(cusolverDnDpotrs(handle, uplo, n, 1, a, lda, dX, n, dInfo));
    check(cudaDeviceSynchronize());
    printf("timing: cholesky = %10.6f sec\n", seconds() - start);

    check(cudaFree(dInfo));
    check(cudaFree(work));
    check(cudaFree(a));
}
// ANCHOR_END: chol

// x = A \ b by LU with partial pivoting: P A = L U (getrf), then getrs.
static void solveLU(cusolverDnHandle_t handle, int n, const double *dA, int lda, const double *dB, double *dX) {
    int lwork = 0, hInfo = 0, *dInfo, *ipiv;
    double *work, *a;
    check(cusolverDnDgetrf_bufferSize(handle, n, n, (double *)dA, lda, &lwork));
    check(cudaMalloc(&dInfo, sizeof(int)));
    check(cudaMalloc(&work, sizeof(double) * lwork));
    check(cudaMalloc(&a, sizeof(double) * lda * n));
    check(cudaMalloc(&ipiv, sizeof(int) * n));
    check(cudaMemcpy(a, dA, sizeof(double) * lda * n, cudaMemcpyDeviceToDevice));

    double start = seconds();
    check(cusolverDnDgetrf(handle, n, n, a, lda, work, ipiv, dInfo));
    check(cudaMemcpy(&hInfo, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
    if (hInfo != 0) fprintf(stderr, "Error: LU factorization failed (devInfo %d)\n", hInfo);
    check(cudaMemcpy(dX, dB, sizeof(double) * n, cudaMemcpyDeviceToDevice));
    check(cusolverDnDgetrs(handle, CUBLAS_OP_N, n, 1, a, lda, ipiv, dX, n, dInfo));
    check(cudaDeviceSynchronize());
    printf("timing: LU = %10.6f sec\n", seconds() - start);

    check(cudaFree(dInfo));
    check(cudaFree(work));
    check(cudaFree(a));
    check(cudaFree(ipiv));
}

// ANCHOR: qr
// x = A \ b by QR: A = Q R (geqrf), Q^T b (ormqr), then R x = Q^T b (cuBLAS's trsm). One
// workspace serves both cuSOLVER calls: the larger of their two sizes.
static void solveQR(cusolverDnHandle_t handle, int n, const double *dA, int lda, const double *dB, double *dX) {
    cublasHandle_t blas;
    int lworkGeqrf = 0, lworkOrmqr = 0, hInfo = 0, *dInfo;
    double *work, *a, *tau;
    const double one = 1.0;
    check(cublasCreate(&blas));
    check(cusolverDnDgeqrf_bufferSize(handle, n, n, (double *)dA, lda, &lworkGeqrf));
    check(cusolverDnDormqr_bufferSize(handle, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, n, 1, n, dA, lda, nullptr, dX, n,
                                      &lworkOrmqr));
    printf("buffer_geqrf = %d, buffer_ormqr = %d \n", lworkGeqrf, lworkOrmqr);
    int lwork = lworkGeqrf > lworkOrmqr ? lworkGeqrf : lworkOrmqr;
    check(cudaMalloc(&dInfo, sizeof(int)));
    check(cudaMalloc(&work, sizeof(double) * lwork));
    check(cudaMalloc(&a, sizeof(double) * lda * n));
    check(cudaMalloc(&tau, sizeof(double) * n));
    check(cudaMemcpy(a, dA, sizeof(double) * lda * n, cudaMemcpyDeviceToDevice));

    double start = seconds();
    check(cusolverDnDgeqrf(handle, n, n, a, lda, tau, work, lwork, dInfo));
    check(cudaMemcpy(&hInfo, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
    if (hInfo != 0) fprintf(stderr, "Error: QR factorization failed (devInfo %d)\n", hInfo);
    check(cudaMemcpy(dX, dB, sizeof(double) * n, cudaMemcpyDeviceToDevice));
    check(cusolverDnDormqr(handle, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, n, 1, n, a, lda, tau, dX, n, work, lwork, dInfo));
    check(cublasDtrsm(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, 1, &one,
                      a, lda, dX, n));
    check(cudaDeviceSynchronize());
    printf("timing: QR = %10.6f sec\n", seconds() - start);

    check(cublasDestroy(blas));
    check(cudaFree(dInfo));
    check(cudaFree(work));
    check(cudaFree(a));
    check(cudaFree(tau));
}
// ANCHOR_END: qr

static double normInf(const std::vector<double> &x) {
    double norm = 0;
    for (double v : x) norm = std::fmax(norm, std::fabs(v));
    return norm;
}

int main(int argc, char **argv) {
    const char *solver = argc > 1 ? argv[1] : "chol";
    const char *path = argc > 2 ? argv[2] : "gr_900_900_crg.mtx";
    Csr csr;
    if (!readMtx(path, csr)) return 1;
    printf("sparse matrix A is %d x %d with %d nonzeros, base=%d\n", csr.m, csr.n, csr.nnz, csr.rowPtr[0]);
    if (csr.m != csr.n) {
        fprintf(stderr, "Error: only square matrices\n");
        return 1;
    }
    const int n = csr.m, lda = n;

    // Dense A, column-major: A(row, col) at row + col * lda.
    std::vector<double> hA((size_t)lda * n, 0.0), hX(n), hB(n, 1.0), hR(n);
    for (int row = 0; row < n; row++)
        for (int k = csr.rowPtr[row] - 1; k < csr.rowPtr[row + 1] - 1; k++)
            hA[row + (size_t)(csr.colInd[k] - 1) * lda] = csr.val[k];

    cusolverDnHandle_t handle;
    cublasHandle_t blas;
    cudaStream_t stream;
    double *dA, *dX, *dB, *dR;
    check(cusolverDnCreate(&handle));
    check(cublasCreate(&blas));
    check(cudaStreamCreate(&stream));
    check(cusolverDnSetStream(handle, stream));
    check(cublasSetStream(blas, stream));
    check(cudaMalloc(&dA, sizeof(double) * lda * n));
    check(cudaMalloc(&dX, sizeof(double) * n));
    check(cudaMalloc(&dB, sizeof(double) * n));
    check(cudaMalloc(&dR, sizeof(double) * n));
    check(cudaMemcpy(dA, hA.data(), sizeof(double) * lda * n, cudaMemcpyHostToDevice));
    check(cudaMemcpy(dB, hB.data(), sizeof(double) * n, cudaMemcpyHostToDevice));

    if (strcmp(solver, "lu") == 0) solveLU(handle, n, dA, lda, dB, dX);
    else if (strcmp(solver, "qr") == 0) solveQR(handle, n, dA, lda, dB, dX);
    else solveCholesky(handle, n, dA, lda, dB, dX);

    // ANCHOR: residual
    // r = b - A*x: a GEMM with one column, alpha -1 and beta 1 on a copy of b.
    const double minusOne = -1.0, one = 1.0;
    check(cudaMemcpy(dR, dB, sizeof(double) * n, cudaMemcpyDeviceToDevice));
    check(cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, 1, n, &minusOne, dA, lda, dX, n, &one, dR, n));
    check(cudaMemcpy(hX.data(), dX, sizeof(double) * n, cudaMemcpyDeviceToHost));
    check(cudaMemcpy(hR.data(), dR, sizeof(double) * n, cudaMemcpyDeviceToHost));
    double normA = 0; // the largest row sum of |A|
    for (int row = 0; row < n; row++) {
        double sum = 0;
        for (int col = 0; col < n; col++) sum += std::fabs(hA[row + (size_t)col * lda]);
        normA = std::fmax(normA, sum);
    }
    printf("|b - A*x|/(|A|*|x|) = %E \n", normInf(hR) / (normA * normInf(hX)));
    // ANCHOR_END: residual

    check(cusolverDnDestroy(handle));
    check(cublasDestroy(blas));
    check(cudaStreamDestroy(stream));
    check(cudaFree(dA));
    check(cudaFree(dX));
    check(cudaFree(dB));
    check(cudaFree(dR));
    return 0;
}
