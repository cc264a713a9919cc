// matrixMul's kernel, C = A * B on square tiles kept in shared memory; one thread computes one
// element of C. wA is A's width, wB is B's; both are multiples of the tile size. Instantiated
// for tiles of 16 and 32 (extern "C" names: no C++ mangling to look up).
template <int TILE>
__device__ void matrix_mul_tiled(float *C, const float *A, const float *B, int wA, int wB)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int aFirst = wA * TILE * by;   // first tile of A for this block row
    int aLast = aFirst + wA - 1;
    int bFirst = TILE * bx;        // first tile of B for this block column
    float sum = 0.0f;
    for (int a = aFirst, b = bFirst; a <= aLast; a += TILE, b += TILE * wB) {
        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            sum += As[ty][k] * Bs[k][tx];
        }
        __syncthreads();
    }
    C[wB * TILE * by + TILE * bx + wB * ty + tx] = sum;
}

extern "C" __global__ void matrix_mul_16(float *C, const float *A, const float *B, int wA, int wB)
{
    matrix_mul_tiled<16>(C, A, B, wA, wB);
}

extern "C" __global__ void matrix_mul_32(float *C, const float *A, const float *B, int wA, int wB)
{
    matrix_mul_tiled<32>(C, A, B, wA, wB);
}
