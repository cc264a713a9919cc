/* The reference for the bandwidth lesson (examples/bandwidth.rs): the same copies, sizes,
 * repeat counts and event timing, in C, printing the same table.
 * Build: gcc -O2 bandwidth.c -I/usr/local/cuda/include -lcuda -o bandwidth_c */
#include "check.h"
#include <string.h>

#define MIN_SIZE (4u << 10)
#define MAX_SIZE (256u << 20)
#define TRIALS 5


static CUevent start, stop;

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void copy(int to_device, void *host, CUdeviceptr device, size_t size) {
    if (to_device) CHECK(cuMemcpyHtoD(device, host, size));
    else CHECK(cuMemcpyDtoH(host, device, size));
}

/* GB/s: the median of TRIALS batches, each timed with events around `repeats` copies. */
static double bandwidth(int to_device, void *host, CUdeviceptr device, size_t size) {
    size_t repeats = (1ul << 30) / size;
    if (repeats < 4) repeats = 4;
    if (repeats > 200) repeats = 200;
    copy(to_device, host, device, size); /* warm-up */
    double rates[TRIALS];
    for (int t = 0; t < TRIALS; t++) {
        float ms;
        CHECK(cuEventRecord(start, NULL));
        for (size_t r = 0; r < repeats; r++) copy(to_device, host, device, size);
        CHECK(cuEventRecord(stop, NULL));
        CHECK(cuEventSynchronize(stop));
        CHECK(cuEventElapsedTime(&ms, start, stop));
        rates[t] = (double)(size * repeats) / (ms * 1e-3) / 1e9;
    }
    qsort(rates, TRIALS, sizeof rates[0], cmp);
    return rates[TRIALS / 2];
}

static void human(size_t bytes, char *out) {
    if (bytes >= (1u << 20)) sprintf(out, "%zu MiB", bytes >> 20);
    else sprintf(out, "%zu KiB", bytes >> 10);
}

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
