/* The reference for bench/call_overhead.rs: the same calls, the same loop, linked to libcuda.
 * Build: gcc -O2 call_overhead.c -I/usr/local/cuda/include -lcuda -o call_overhead_c */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CALLS 10000000
#define ROUNDS 7

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

#define CHECK(call)                                                            \
    do {                                                                       \
        CUresult code = (call);                                                \
        if (code != CUDA_SUCCESS) {                                            \
            fprintf(stderr, "%s failed: %d\n", #call, (int)code);              \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

int main(void) {
    CUcontext context;
    CUdevice device = 0;
    CHECK(cuInit(0));
#if CUDA_VERSION >= 13000
    CHECK(cuCtxCreate(&context, NULL, CU_CTX_SCHED_AUTO, 0));
#else
    CHECK(cuCtxCreate(&context, CU_CTX_SCHED_AUTO, 0));
#endif
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
