/* Lesson 18, in C: each block of lessons/kernels/clock_kernel.cu times its own reduction with
 * clock(), compiled by NVRTC for this GPU, the way NVIDIA's clock_nvrtc sample does it (our own
 * short version). */
#include "nvrtc_helper.h"

#define NUM_BLOCKS 64
#define NUM_THREADS 256

int main(void) {
    printf("CUDA Clock sample\n");
    long timer[NUM_BLOCKS * 2]; /* the kernel's clock_t: 64 bits */
    float input[NUM_THREADS * 2], output[NUM_BLOCKS];
    for (int i = 0; i < NUM_THREADS * 2; i++) input[i] = (float)i;

    size_t size;
    char *cubin = compile_file_to_cubin("lessons/kernels/clock_kernel.cu", &size);
    if (!cubin) return 1;
    CUcontext context;
    CUmodule module = load_cubin(cubin, &context);
    free(cubin);
    CUfunction kernel;
    CHECK(cuModuleGetFunction(&kernel, module, "timedReduction"));

    CUdeviceptr d_input, d_output, d_timer;
    CHECK(cuMemAlloc(&d_input, sizeof input));
    CHECK(cuMemAlloc(&d_output, sizeof output));
    CHECK(cuMemAlloc(&d_timer, sizeof timer));
    CHECK(cuMemcpyHtoD(d_input, input, sizeof input));
    void *args[] = {&d_input, &d_output, &d_timer};
    /* Dynamic shared memory: the kernel's extern __shared__ array, 2 floats per thread. */
    CHECK(cuLaunchKernel(kernel, NUM_BLOCKS, 1, 1, NUM_THREADS, 1, 1, sizeof(float) * 2 * NUM_THREADS, NULL,
                         args, NULL));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(timer, d_timer, sizeof timer));
    CHECK(cuMemcpyDtoH(output, d_output, sizeof output));
    CHECK(cuMemFree(d_input));
    CHECK(cuMemFree(d_output));
    CHECK(cuMemFree(d_timer));
    CHECK(cuModuleUnload(module));
    CHECK(cuCtxDestroy(context));

    double average = 0;
    int right = 0;
    for (int i = 0; i < NUM_BLOCKS; i++) {
        average += (double)(timer[i + NUM_BLOCKS] - timer[i]) / NUM_BLOCKS;
        right += output[i] == 0.0f;
    }
    printf("Average clocks/block = %f\n", average);
    printf("minimum found by %d of %d blocks: 0\n", right, NUM_BLOCKS);
    return right == NUM_BLOCKS ? 0 : 1;
}
