// c[i] = a[i] + b[i] for every i below n: one thread per element (the vector_add_nvrtc
// lesson compiles it at run time with NVRTC; NVIDIA's vectorAdd_nvrtc has the same kernel).
// extern "C" keeps the name unmangled, so cuModuleGetFunction finds it as "vectorAdd".

extern "C" __global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
    }
}
