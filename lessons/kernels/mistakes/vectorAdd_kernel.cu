// The vector_add_nvrtc lesson's kernel with one mistake: it uses `idx`, which does not exist
// (the index is `i`). NVRTC's log names this file, the line and the identifier; the lesson
// prints it through check_nvrtc!, then compiles the right kernel. CI compiles this file and
// checks that NVRTC's log has the line below, after "NVRTC says: ".
// NVRTC says: mistakes/vectorAdd_kernel.cu(12): error: identifier "idx" is undefined

extern "C" __global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        // The mistake:
        c[i] = a[idx] + b[i];
    }
}
