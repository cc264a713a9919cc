// The launch benchmark (issue 32, item 9), C++'s side, built by bench/gpu.sh with nvcc: an
// empty kernel launched with <<<>>>, nanoseconds per launch (the median of 7 rounds of 100000
// launches, each round ended by cudaDeviceSynchronize), and the time from main to the first
// launch done. bench/launch.rs launches the same kernel, from this very file, through
// cu-kernels (its host code, below, is cut out of that compile).
//   launch_nvcc          prints `launch nvcc NS` and `first-launch nvcc MS`
//   launch_nvcc first    the first launch only: `first-launch nvcc MS`
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

__global__ void empty() {}

static double now_ns() {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void check(cudaError_t code, const char* what) {
    if (code != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(code));
        exit(1);
    }
}

int main(int argc, char** argv) {
    double start = now_ns();
    empty<<<1, 1>>>();
    check(cudaDeviceSynchronize(), "the first launch");
    printf("first-launch nvcc %.3f\n", (now_ns() - start) / 1e6);
    if (argc > 1 && !strcmp(argv[1], "first")) return 0;

    const int rounds = 7, launches = 100000;
    double ns[rounds];
    for (int r = 0; r < rounds; ++r) {
        double t0 = now_ns();
        for (int i = 0; i < launches; ++i) empty<<<1, 1>>>();
        check(cudaDeviceSynchronize(), "the launches");
        ns[r] = (now_ns() - t0) / launches;
    }
    for (int i = 1; i < rounds; ++i)  // insertion sort: the median
        for (int j = i; j > 0 && ns[j - 1] > ns[j]; --j) {
            double t = ns[j];
            ns[j] = ns[j - 1];
            ns[j - 1] = t;
        }
    printf("launch nvcc %.1f\n", ns[rounds / 2]);
    return 0;
}
