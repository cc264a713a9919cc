// The vector_add_nvrtc lesson's kernel with one mistake: line 10 uses `idx`, which does not
// exist (the index is `i`). NVRTC's log names this file, the line and the identifier; the
// lesson prints it through check_nvrtc!, then compiles the right kernel. CI checks the log.

extern "C" __global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        // The mistake:
        c[i] = a[idx] + b[i];
    }
}
