/* The reference for the bandwidth lesson (examples/bandwidth.rs): the same copies, sizes,
 * repeat counts and event timing (bandwidth.h), and the same calls in the same order, in C,
 * printing the same table.
 * Build: gcc -O2 bandwidth.c -I/usr/local/cuda/include -lcuda -o bandwidth_c */
#include "bandwidth.h"

int main(void) {
    CUcontext context = create_context();
    CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
    char *pageable = malloc(MAX_SIZE);
    memset(pageable, 1, MAX_SIZE);
    void *pinned;
    CHECK(cuMemAllocHost(&pinned, MAX_SIZE));
    memset(pinned, 1, MAX_SIZE);
    CUdeviceptr device;
    CHECK(cuMemAlloc(&device, MAX_SIZE));
    /* The lesson names the device before its table. */
    char name[256];
    CHECK(cuDeviceGetName(name, sizeof name, 0));
    printf("%s\n", name);
    printf("GB/s (10^9 bytes per second), median of %d timed batches\n", TRIALS);

    printf("%10s %13s %13s %13s %13s\n", "size", "H2D pageable", "H2D pinned", "D2H pageable", "D2H pinned");
    for (size_t size = MIN_SIZE; size <= MAX_SIZE; size *= 2) {
        char label[32];
        human(size, label);
        /* In the lesson's order (printf's arguments would be evaluated in any order). */
        double h2d_pageable = bandwidth(1, pageable, device, size);
        double h2d_pinned = bandwidth(1, pinned, device, size);
        double d2h_pageable = bandwidth(0, pageable, device, size);
        double d2h_pinned = bandwidth(0, pinned, device, size);
        printf("%10s %13.2f %13.2f %13.2f %13.2f\n", label, h2d_pageable, h2d_pinned, d2h_pageable, d2h_pinned);
    }
    CHECK(cuMemFree(device));
    CHECK(cuMemFreeHost(pinned));
    free(pageable);
    CHECK(cuEventDestroy(start));
    CHECK(cuEventDestroy(stop));
    CHECK(cuCtxDestroy(context));
    return 0;
}
