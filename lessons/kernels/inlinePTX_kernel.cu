// Every thread writes its lane (its place in its warp of 32, 0 to 31), read with one line of
// inline PTX: `mov.u32 %0, %%laneid;` copies the special register %laneid into an "=r"
// (32-bit register) output (the inline_ptx_nvrtc lesson; NVIDIA's inlinePTX_nvrtc does the
// same). PTX's special registers: https://docs.nvidia.com/cuda/parallel-thread-execution/#special-registers
// Inline PTX in CUDA C++: https://docs.nvidia.com/cuda/inline-ptx-assembly/

extern "C" __global__ void sequence_gpu(int *d_ptr, int length)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < length) {
        unsigned int lane;
        asm("mov.u32 %0, %%laneid;" : "=r"(lane));
        d_ptr[i] = lane;
    }
}
