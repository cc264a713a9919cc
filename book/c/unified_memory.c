/* Lesson 5, in C: one managed allocation that the CPU and the GPU both write and read
 * (cuMemAllocManaged), the third kind of memory of the lesson "CUDA Driver API 内存分配". */
#include <stdint.h>
#include <string.h>
#include "check.h"

#define N (1 << 20)

int main(void) {
    CUcontext context = init_context(0);
    int managed = 0;
    CHECK(cuDeviceGetAttribute(&managed, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 0));
    if (!managed) {
        fprintf(stderr, "device 0 does not support managed memory\n");
        return 1;
    }
    size_t bytes = N * sizeof(float), free_bytes, total;
    CHECK(cuMemGetInfo(&free_bytes, &total));
    if (bytes >= free_bytes) {
        fprintf(stderr, "%zu bytes of managed memory would not fit in the %zu free\n", bytes, free_bytes);
        return 1;
    }

    CUdeviceptr pointer;
    CHECK(cuMemAllocManaged(&pointer, bytes, CU_MEM_ATTACH_GLOBAL));
    printf("managed allocation of %zu bytes at %#llx\n", bytes, (unsigned long long)pointer);

    /* The CPU writes through the same address... */
    float *host = (float *)(uintptr_t)pointer;
    for (int i = 0; i < N; i++) host[i] = (float)i;
    /* ...the GPU sets the second half to 2.5 (the float's bits, as lesson 1 passes 555.0f)... */
    int half = N / 2;
    float value = 2.5f;
    unsigned int bits;
    memcpy(&bits, &value, sizeof bits);
    CHECK(cuMemsetD32(pointer + half * sizeof(float), bits, N - half));
    /* ...and once the GPU is done, the CPU reads both halves. */
    CHECK(cuCtxSynchronize());
    int ok = 1;
    for (int i = 0; i < N; i++) ok &= host[i] == (i < half ? (float)i : 2.5f);
    printf("cpu wrote [0] = %g, [%d] = %g\n", host[0], half - 1, host[half - 1]);
    printf("gpu set   [%d] = %g, [%d] = %g\n", half, host[half], N - 1, host[N - 1]);

    CHECK(cuMemFree(pointer));
    CHECK(cuCtxDestroy(context));
    if (!ok) {
        fprintf(stderr, "managed memory did not read back as written\n");
        return 1;
    }
    printf("unified memory: CPU and GPU writes both read back correctly\n");
    return 0;
}
