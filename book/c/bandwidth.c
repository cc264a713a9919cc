/* Lesson 4, in C: pageable against pinned copies, timed with events, the approach of NVIDIA's
 * bandwidthTest sample (our own short version: one size, both directions). */
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define SIZE (256u << 20)
#define REPEATS 4

/* ANCHOR: measure */
/* GB/s of REPEATS copies of `size` bytes, timed by two events on the default stream. */
static double bandwidth(CUevent start, CUevent stop, int to_device, void *host, CUdeviceptr device,
                        size_t size) {
    float ms = 0;
    CHECK(cuEventRecord(start, NULL));
    for (int i = 0; i < REPEATS; i++) {
        if (to_device)
            CHECK(cuMemcpyHtoD(device, host, size));
        else
            CHECK(cuMemcpyDtoH(host, device, size));
    }
    CHECK(cuEventRecord(stop, NULL));
    CHECK(cuEventSynchronize(stop));
    CHECK(cuEventElapsedTime(&ms, start, stop));
    return (double)size * REPEATS / (ms * 1e-3) / 1e9;
}
/* ANCHOR_END: measure */

int main(void) {
    CUcontext context = init_context(0);
    CUevent start, stop;
    CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
    /* ANCHOR: alloc */
    void *pageable = malloc(SIZE); /* ordinary memory: the driver stages copies through its own */
    memset(pageable, 1, SIZE);     /* touched, so every page exists */
    void *pinned = NULL;
    CHECK(cuMemAllocHost(&pinned, SIZE)); /* page-locked: the GPU copies it directly (DMA) */
    memset(pinned, 1, SIZE);
    CUdeviceptr device;
    CHECK(cuMemAlloc(&device, SIZE));
    /* ANCHOR_END: alloc */

    double h2d_pageable = bandwidth(start, stop, 1, pageable, device, SIZE);
    double h2d_pinned = bandwidth(start, stop, 1, pinned, device, SIZE);
    double d2h_pageable = bandwidth(start, stop, 0, pageable, device, SIZE);
    double d2h_pinned = bandwidth(start, stop, 0, pinned, device, SIZE);
    printf("256 MiB: H2D %.2f pageable, %.2f pinned; D2H %.2f pageable, %.2f pinned GB/s\n",
           h2d_pageable, h2d_pinned, d2h_pageable, d2h_pinned);

    CHECK(cuEventDestroy(start));
    CHECK(cuEventDestroy(stop));
    CHECK(cuMemFree(device));
    CHECK(cuMemFreeHost(pinned));
    free(pageable);
    CHECK(cuCtxDestroy(context));
    return 0;
}
