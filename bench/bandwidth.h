/* The measurement bandwidth.c and pinned_copy.c share, as examples/bandwidth.rs and
 * pinned_copy.rs share the lesson's: events around a batch of copies, the median of TRIALS
 * batches, one warm-up copy, the lesson's sizes and repeat counts. */
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
