// C = A * B by tiles in shared memory (the matrix_mul_nvrtc lesson; NVIDIA's matrixMul_nvrtc
// computes the same way). A is wA wide, B is wB wide; C has A's height and B's width; every
// size is a multiple of the tile. Each block computes one TILE x TILE tile of C, each thread
// one element of it, walking along A's rows and down B's columns one tile at a time.
//
// The block waits with __syncthreads(). NVIDIA's sample calls cooperative_groups::sync on
// this_thread_block(), which is the same barrier, but <cooperative_groups.h> is a toolkit
// header NVRTC does not ship: the program would need --include-path to a toolkit (and, from
// CUDA 13, to its CCCL headers as well) on every machine that runs it.

template <int TILE>
__device__ void matrixMulTiled(float *C, const float *A, const float *B, int wA, int wB)
{
    __shared__ float tileA[TILE][TILE];
    __shared__ float tileB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty; // of C and A
    int col = blockIdx.x * TILE + tx; // of C and B

    float sum = 0.0f;
    for (int t = 0; t < wA; t += TILE) {
        // Each thread brings one element of each tile into shared memory ...
        tileA[ty][tx] = A[row * wA + t + tx];
        tileB[ty][tx] = B[(t + ty) * wB + col];
        __syncthreads(); // ... and every thread of the block waits for all of them,

#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            sum += tileA[ty][k] * tileB[k][tx];
        }
        __syncthreads(); // and for everyone to finish with them before they are overwritten.
    }
    C[row * wB + col] = sum;
}

// One kernel per tile size, unmangled, as the host code asks for them by name.
extern "C" __global__ void matrixMulCUDA_block16(float *C, const float *A, const float *B, int wA, int wB)
{
    matrixMulTiled<16>(C, A, B, wA, wB);
}

extern "C" __global__ void matrixMulCUDA_block32(float *C, const float *A, const float *B, int wA, int wB)
{
    matrixMulTiled<32>(C, A, B, wA, wB);
}
