/* The reference for bench/call_overhead.rs: the same calls, the same loop, linked to libcuda.
 * Build: gcc -O2 call_overhead.c -I/usr/local/cuda/include -lcuda -o call_overhead_c */
#include "check.h"
#include <time.h>

#define CALLS 10000000
#define ROUNDS 7

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void) {
    CUcontext context = create_context();
    CUdevice device = 0;
    CUcontext current;
    double best;

    /* Each block: a warm-up round, then the fastest of ROUNDS rounds, raw and checked. */
#define MEASURE(label, body)                                                   \
    best = 1e30;                                                               \
    for (int r = 0; r <= ROUNDS; r++) {                                        \
        double start = now_ns();                                               \
        for (int i = 0; i < CALLS; i++) { body; }                              \
        double ns = (now_ns() - start) / CALLS;                                \
        if (r > 0 && ns < best) best = ns;                                     \
    }                                                                          \
    printf("%s %.3f\n", label, best);

    MEASURE("cuCtxGetCurrent c", (void)cuCtxGetCurrent(&current))
    MEASURE("cuCtxGetCurrent c-checked", CHECK(cuCtxGetCurrent(&current)))
    MEASURE("cuDeviceGet c", (void)cuDeviceGet(&device, 0))
    MEASURE("cuDeviceGet c-checked", CHECK(cuDeviceGet(&device, 0)))
    CHECK(cuCtxDestroy(context));
    return 0;
}
