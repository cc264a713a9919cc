// Lesson cusolver_sp_linear_solver, in C++: our own version of what NVIDIA's
// cuSolverSp_LinearSolver does (the lesson ports the sample itself; run.sh builds the original
// beside it). A sparse matrix from a Matrix Market file, reordered by symrcm, A*x = b solved
// with cuSOLVER's sparse API on the CPU and on the GPU, each residual b - A*x by cuSPARSE.
//   ./cusolver_sp_linear_solver [chol|qr] [file.mtx]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>
// CUDA 13 marks cuSolverSp deprecated (its successor is cuDSS, a library of its own); the
// sample, and so this lesson, still use it.
#define DISABLE_CUSOLVER_DEPRECATED
#include <cusolverSp.h>
#include <cusparse.h>

#include "mtx_reader.h"

// Every status here (cudaError_t, cusolverStatus_t, cusparseStatus_t) is 0 on success.
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

static double normInf(const std::vector<double> &x) {
    double norm = 0;
    for (double v : x) norm = std::fmax(norm, std::fabs(v));
    return norm;
}

int main(int argc, char **argv) {
    const bool qr = argc > 1 && strcmp(argv[1], "qr") == 0;
    const char *path = argc > 2 ? argv[2] : "lap2D_5pt_n100.mtx";
    Csr a;
    if (!readMtx(path, a)) return 1;
    const int n = a.m, nnz = a.nnz;
    printf("sparse matrix A is %d x %d with %d nonzeros, base=%d\n", a.m, a.n, nnz, a.rowPtr[0]);
    if (a.m != a.n) {
        fprintf(stderr, "Error: only square matrices\n");
        return 1;
    }

    cusolverSpHandle_t handle;
    cusparseHandle_t sparse;
    cusparseMatDescr_t descrA;
    check(cusolverSpCreate(&handle));
    check(cusparseCreate(&sparse));
    check(cusparseCreateMatDescr(&descrA));
    check(cusparseSetMatType(descrA, CUSPARSE_MATRIX_TYPE_GENERAL));
    check(cusparseSetMatIndexBase(descrA, CUSPARSE_INDEX_BASE_ONE)); // the file's base

    // ANCHOR: reorder
    // Q = symrcm(A), a permutation that narrows the band; B = A(Q,Q): csrperm permutes B's
    // pattern in place and says, in map, which entry of A each entry of B is.
    std::vector<int> q(n), rowPtrB = a.rowPtr, colIndB = a.colInd, map(nnz);
    std::vector<double> valB(nnz), b(n), qb(n), z(n), x(n), r(n);
    check(cusolverSpXcsrsymrcmHost(handle, n, nnz, descrA, a.rowPtr.data(), a.colInd.data(), q.data()));
    size_t permBytes = 0;
    check(cusolverSpXcsrperm_bufferSizeHost(handle, n, n, nnz, descrA, rowPtrB.data(), colIndB.data(), q.data(),
                                            q.data(), &permBytes));
    std::vector<char> permBuffer(permBytes);
    for (int k = 0; k < nnz; k++) map[k] = k;
    check(cusolverSpXcsrpermHost(handle, n, n, nnz, descrA, rowPtrB.data(), colIndB.data(), q.data(), q.data(),
                                 map.data(), permBuffer.data()));
    for (int k = 0; k < nnz; k++) valB[k] = a.val[map[k]];
    // b(j) = 1 + j/n, and Q*b for the permuted system B z = Q b, whose x is z put back: x(Q) = z.
    for (int j = 0; j < n; j++) b[j] = 1.0 + (double)j / n;
    for (int j = 0; j < n; j++) qb[j] = b[q[j]];
    // ANCHOR_END: reorder

    // On the CPU: the ...Host solvers take host arrays.
    const double tol = 1e-12;
    int singularity = 0;
    double start = seconds();
    if (qr)
        check(cusolverSpDcsrlsvqrHost(handle, n, nnz, descrA, valB.data(), rowPtrB.data(), colIndB.data(), qb.data(),
                                      tol, 0, z.data(), &singularity));
    else
        check(cusolverSpDcsrlsvcholHost(handle, n, nnz, descrA, valB.data(), rowPtrB.data(), colIndB.data(),
                                        qb.data(), tol, 0, z.data(), &singularity));
    for (int j = 0; j < n; j++) x[q[j]] = z[j];
    double cpu = seconds() - start;
    if (singularity >= 0) printf("WARNING: the matrix is singular at row %d under tol (%E)\n", singularity, tol);

    // The same arrays on the device, and A, x and r as cuSPARSE's generic objects.
    int *dRowPtrA, *dColIndA, *dRowPtrB, *dColIndB, *dQ;
    double *dValA, *dValB, *dQb, *dZ, *dX, *dB, *dR;
    check(cudaMalloc(&dRowPtrA, sizeof(int) * (n + 1)));
    check(cudaMalloc(&dColIndA, sizeof(int) * nnz));
    check(cudaMalloc(&dValA, sizeof(double) * nnz));
    check(cudaMalloc(&dRowPtrB, sizeof(int) * (n + 1)));
    check(cudaMalloc(&dColIndB, sizeof(int) * nnz));
    check(cudaMalloc(&dValB, sizeof(double) * nnz));
    check(cudaMalloc(&dQ, sizeof(int) * n));
    for (double **v : {&dQb, &dZ, &dX, &dB, &dR}) check(cudaMalloc(v, sizeof(double) * n));
    check(cudaMemcpy(dRowPtrA, a.rowPtr.data(), sizeof(int) * (n + 1), cudaMemcpyHostToDevice));
    check(cudaMemcpy(dColIndA, a.colInd.data(), sizeof(int) * nnz, cudaMemcpyHostToDevice));
    check(cudaMemcpy(dValA, a.val.data(), sizeof(double) * nnz, cudaMemcpyHostToDevice));
    check(cudaMemcpy(dRowPtrB, rowPtrB.data(), sizeof(int) * (n + 1), cudaMemcpyHostToDevice));
    check(cudaMemcpy(dColIndB, colIndB.data(), sizeof(int) * nnz, cudaMemcpyHostToDevice));
    check(cudaMemcpy(dValB, valB.data(), sizeof(double) * nnz, cudaMemcpyHostToDevice));
    check(cudaMemcpy(dQ, q.data(), sizeof(int) * n, cudaMemcpyHostToDevice));
    check(cudaMemcpy(dQb, qb.data(), sizeof(double) * n, cudaMemcpyHostToDevice));
    check(cudaMemcpy(dB, b.data(), sizeof(double) * n, cudaMemcpyHostToDevice));
    check(cudaMemcpy(dX, x.data(), sizeof(double) * n, cudaMemcpyHostToDevice));

    // ANCHOR: residual
    // r = b - A*x by SpMV: y = alpha A x + beta y with alpha -1, beta 1 and y a copy of b.
    cusparseSpMatDescr_t matA;
    cusparseDnVecDescr_t vecX, vecR;
    check(cusparseCreateCsr(&matA, n, n, nnz, dRowPtrA, dColIndA, dValA, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                            CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F));
    check(cusparseCreateDnVec(&vecX, n, dX, CUDA_R_64F));
    check(cusparseCreateDnVec(&vecR, n, dR, CUDA_R_64F));
    const double minusOne = -1.0, one = 1.0;
    size_t spmvBytes = 0;
    void *spmvBuffer;
    check(cusparseSpMV_bufferSize(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &minusOne, matA, vecX, &one, vecR,
                                  CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, &spmvBytes));
    check(cudaMalloc(&spmvBuffer, spmvBytes));
    auto residual = [&](const char *side) {
        check(cudaMemcpy(dR, dB, sizeof(double) * n, cudaMemcpyDeviceToDevice));
        check(cusparseSpMV(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &minusOne, matA, vecX, &one, vecR, CUDA_R_64F,
                           CUSPARSE_SPMV_ALG_DEFAULT, spmvBuffer));
        check(cudaMemcpy(x.data(), dX, sizeof(double) * n, cudaMemcpyDeviceToHost));
        check(cudaMemcpy(r.data(), dR, sizeof(double) * n, cudaMemcpyDeviceToHost));
        double normA = 0; // the largest row sum of |A|
        for (int row = 0; row < n; row++) {
            double sum = 0;
            for (int k = a.rowPtr[row] - 1; k < a.rowPtr[row + 1] - 1; k++) sum += std::fabs(a.val[k]);
            normA = std::fmax(normA, sum);
        }
        printf("(%s) |b - A*x|/(|A|*|x| + |b|) = %E \n", side, normInf(r) / (normA * normInf(x) + normInf(b)));
    };
    residual("CPU");
    // ANCHOR_END: residual

    // ANCHOR: gpu
    // On the GPU: the same solve on device arrays, then x(Q) = z by a scatter of z through Q.
    start = seconds();
    if (qr)
        check(cusolverSpDcsrlsvqr(handle, n, nnz, descrA, dValB, dRowPtrB, dColIndB, dQb, tol, 0, dZ, &singularity));
    else
        check(cusolverSpDcsrlsvchol(handle, n, nnz, descrA, dValB, dRowPtrB, dColIndB, dQb, tol, 0, dZ, &singularity));
    cusparseSpVecDescr_t vecZ;
    check(cusparseCreateSpVec(&vecZ, n, n, dQ, dZ, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
    check(cusparseScatter(sparse, vecZ, vecX));
    check(cusparseDestroySpVec(vecZ));
    check(cudaDeviceSynchronize());
    double gpu = seconds() - start;
    // ANCHOR_END: gpu
    if (singularity >= 0) printf("WARNING: the matrix is singular at row %d under tol (%E)\n", singularity, tol);
    residual("GPU");
    printf("timing %s: CPU = %10.6f sec , GPU = %10.6f sec\n", qr ? "qr" : "chol", cpu, gpu);
    for (int j = n - 3; j < n; j++) printf("x[%d] = %E\n", j, x[j]);

    check(cusparseDestroySpMat(matA));
    check(cusparseDestroyDnVec(vecX));
    check(cusparseDestroyDnVec(vecR));
    check(cusparseDestroyMatDescr(descrA));
    check(cusparseDestroy(sparse));
    check(cusolverSpDestroy(handle));
    check(cudaFree(spmvBuffer));
    for (void *p : {(void *)dRowPtrA, (void *)dColIndA, (void *)dRowPtrB, (void *)dColIndB, (void *)dQ})
        check(cudaFree(p));
    for (double *p : {dValA, dValB, dQb, dZ, dX, dB, dR}) check(cudaFree(p));
    return 0;
}
