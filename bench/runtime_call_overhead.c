/* The reference for bench/runtime_call_overhead.rs: the same calls, the same loop, linked to
 * libcudart (shared, as -lcudart links it with gcc; nvcc would link cudart_static by default).
 * Build: gcc -O2 runtime_call_overhead.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lcudart */
#include "check_runtime.h"
#include <time.h>

#define CALLS 3000000
#define ROUNDS 7

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void) {
    int device = -1;
    double best;
    /* The device's primary context exists before anything is timed. */
    CHECK_CUDA(cudaSetDevice(0));
    CHECK_CUDA(cudaFree(NULL));

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

    MEASURE("cudaGetDevice c", (void)cudaGetDevice(&device))
    MEASURE("cudaGetDevice c-checked", CHECK_CUDA(cudaGetDevice(&device)))
    MEASURE("cudaGetLastError c", (void)cudaGetLastError())
    MEASURE("cudaGetLastError c-checked", CHECK_CUDA(cudaGetLastError()))
    CHECK_CUDA(cudaDeviceReset());
    return 0;
}
