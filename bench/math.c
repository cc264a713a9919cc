/* The reference for bench/math.rs: the same cuFFT and cuRAND calls on the same data, timed the
 * same way, linked to libcufft, libcurand and libcudart (shared).
 * Build: gcc -O2 math.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lcufft -lcurand -lcudart -ldl
 * Run:   ./a.out BATCH_MS [N BATCH GIB]   (defaults 4096 16 1)
 * Prints `NAME A B C RATE` rows (see bench/math.rs for what is measured and why). */
#define _GNU_SOURCE /* dladdr */
#include "check_runtime.h"
#include <cufft.h>
#include <curand.h>
#include <dlfcn.h>

#define CHECK_LIB(call, success)                                               \
    do {                                                                       \
        int status = (int)(call);                                              \
        if (status != (success)) {                                             \
            fprintf(stderr, "%s failed: %d\n", #call, status);                 \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

#define BATCHES 3

static int compare(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* One of the benchmarked calls, with what it needs. */
struct call {
    cufftHandle plan;
    cufftComplex *idata, *odata;
    curandGenerator_t generator;
    float *numbers;
    size_t count;
};

static void run(const struct call *c) {
    if (c->generator)
        CHECK_LIB(curandGenerateUniform(c->generator, c->numbers, c->count), CURAND_STATUS_SUCCESS);
    else
        CHECK_LIB(cufftExecC2C(c->plan, c->idata, c->odata, CUFFT_FORWARD), CUFFT_SUCCESS);
}

/* Runs the call in batches as math.rs's `rate` does: the median of work / seconds. */
static double rate(double batch_ms, double work, const struct call *c) {
    cudaEvent_t start, stop;
    double rates[BATCHES];
    float ms = 0;
    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));
    run(c);
    CHECK_CUDA(cudaEventRecord(start, 0));
    run(c);
    CHECK_CUDA(cudaEventRecord(stop, 0));
    CHECK_CUDA(cudaEventSynchronize(stop));
    CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
    size_t calls = ms > 0 ? (size_t)(batch_ms / ms) : 1;
    if (calls < 1) calls = 1;
    for (int b = 0; b < BATCHES; b++) {
        CHECK_CUDA(cudaEventRecord(start, 0));
        for (size_t i = 0; i < calls; i++) run(c);
        CHECK_CUDA(cudaEventRecord(stop, 0));
        CHECK_CUDA(cudaEventSynchronize(stop));
        CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
        rates[b] = work * (double)calls / (ms * 1e-3);
    }
    CHECK_CUDA(cudaEventDestroy(start));
    CHECK_CUDA(cudaEventDestroy(stop));
    qsort(rates, BATCHES, sizeof rates[0], compare);
    return rates[BATCHES / 2];
}

static void library(const char *what, void *symbol) {
    Dl_info info;
    printf("# c: %s %s\n", what, dladdr(symbol, &info) && info.dli_fname ? info.dli_fname : "?");
}

int main(int argc, char **argv) {
    int n = 4096, batch = 16, gib = 1;
    if (argc != 2 && argc != 5) {
        fprintf(stderr, "usage: %s BATCH_MS [N BATCH GIB] (defaults 4096 16 1)\n", argv[0]);
        return 2;
    }
    double batch_ms = atof(argv[1]);
    if (argc == 5) n = atoi(argv[2]), batch = atoi(argv[3]), gib = atoi(argv[4]);
    CHECK_CUDA(cudaSetDevice(0));
    library("cuFFT", (void *)cufftExecC2C);
    library("cuRAND", (void *)curandGenerateUniform);

    struct call c = {0};
    size_t points = (size_t)n * n * batch, bytes = points * sizeof(cufftComplex);
    CHECK_CUDA(cudaMalloc((void **)&c.idata, bytes));
    CHECK_CUDA(cudaMalloc((void **)&c.odata, bytes));
    CHECK_CUDA(cudaMemset(c.idata, 0x3c, bytes));
    int dims[2] = {n, n};
    CHECK_LIB(cufftPlanMany(&c.plan, 2, dims, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, batch), CUFFT_SUCCESS);
    printf("fft2_c2c %d %d %d %.3f\n", n, n, batch, rate(batch_ms, (double)points / 1e9, &c));
    CHECK_LIB(cufftDestroy(c.plan), CUFFT_SUCCESS);
    CHECK_CUDA(cudaFree(c.idata));
    CHECK_CUDA(cudaFree(c.odata));

    c.count = ((size_t)gib << 30) / sizeof(float);
    CHECK_CUDA(cudaMalloc((void **)&c.numbers, c.count * sizeof(float)));
    const char *names[2] = {"xorwow", "philox"};
    curandRngType_t kinds[2] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10};
    for (int i = 0; i < 2; i++) {
        CHECK_LIB(curandCreateGenerator(&c.generator, kinds[i]), CURAND_STATUS_SUCCESS);
        CHECK_LIB(curandSetPseudoRandomGeneratorSeed(c.generator, 1234), CURAND_STATUS_SUCCESS);
        printf("%s %zu 1 1 %.3f\n", names[i], c.count, rate(batch_ms, (double)(c.count * sizeof(float)) / 1e9, &c));
        CHECK_LIB(curandDestroyGenerator(c.generator), CURAND_STATUS_SUCCESS);
    }
    CHECK_CUDA(cudaFree(c.numbers));
    return 0;
}
