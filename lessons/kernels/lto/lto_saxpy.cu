// The jitLto lesson's kernel (lessons/examples/nvjitlink_jit_lto.rs): SAXPY through a function it
// only declares, which LTO-IR leaves open for nvJitLink to resolve (lto_compute.cu).
extern __device__ float compute(float a, float x, float y);

extern "C" __global__ void saxpy(float a, float *x, float *y, float *out, size_t n)
{
    size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        out[tid] = compute(a, x[tid], y[tid]);
    }
}
