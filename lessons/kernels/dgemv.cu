// y = alpha * A x + beta * y for a square row-major n x n matrix A, one thread per row: what
// UnifiedMemoryStreams asks cuBLAS's Dgemv for (these crates bind no cuBLAS yet). Rows are
// read by one thread each, so this is simple, not fast.
extern "C" __global__ void dgemv(int n, double alpha, const double *A, const double *x, double beta, double *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n) {
        return;
    }
    double sum = 0.0;
    for (int j = 0; j < n; j++) {
        sum += A[(size_t)row * n + j] * x[j];
    }
    y[row] = alpha * sum + beta * y[row];
}
