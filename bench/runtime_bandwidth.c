/* The reference for bench/runtime_bandwidth.rs: the same copies, sizes, repeat counts and
 * event timing, with the Runtime API, printing the same rows.
 * Build: gcc -O2 runtime_bandwidth.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lcudart */
#include "check_runtime.h"
#include <string.h>

#define MIN_SIZE (1u << 20)
#define MAX_SIZE (256u << 20)
#define TRIALS 5

static cudaEvent_t start, stop;

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* GB/s: the median of TRIALS batches, each timed with events around `repeats` copies. */
static double bandwidth(enum cudaMemcpyKind kind, void *dst, const void *src, size_t size) {
    size_t repeats = (1ul << 30) / size;
    if (repeats < 4) repeats = 4;
    if (repeats > 200) repeats = 200;
    CHECK_CUDA(cudaMemcpy(dst, src, size, kind)); /* warm-up */
    double rates[TRIALS];
    for (int t = 0; t < TRIALS; t++) {
        float ms;
        CHECK_CUDA(cudaEventRecord(start, NULL));
        for (size_t r = 0; r < repeats; r++) CHECK_CUDA(cudaMemcpy(dst, src, size, kind));
        CHECK_CUDA(cudaEventRecord(stop, NULL));
        CHECK_CUDA(cudaEventSynchronize(stop));
        CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
        rates[t] = (double)(size * repeats) / (ms * 1e-3) / 1e9;
    }
    qsort(rates, TRIALS, sizeof rates[0], cmp);
    return rates[TRIALS / 2];
}

int main(void) {
    void *pinned, *device;
    CHECK_CUDA(cudaSetDevice(0));
    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));
    CHECK_CUDA(cudaMallocHost(&pinned, MAX_SIZE));
    memset(pinned, 1, MAX_SIZE);
    CHECK_CUDA(cudaMalloc(&device, MAX_SIZE));

    printf("%10s %13s %13s\n", "size", "H2D pinned", "D2H pinned");
    for (size_t size = MIN_SIZE; size <= MAX_SIZE; size *= 2) {
        /* In the Rust's order (printf's arguments would be evaluated in any order). */
        double h2d = bandwidth(cudaMemcpyHostToDevice, device, pinned, size);
        double d2h = bandwidth(cudaMemcpyDeviceToHost, pinned, device, size);
        printf("%6zu MiB %13.4f %13.4f\n", size >> 20, h2d, d2h);
    }
    CHECK_CUDA(cudaFree(device));
    CHECK_CUDA(cudaFreeHost(pinned));
    CHECK_CUDA(cudaEventDestroy(start));
    CHECK_CUDA(cudaEventDestroy(stop));
    CHECK_CUDA(cudaDeviceReset());
    return 0;
}
