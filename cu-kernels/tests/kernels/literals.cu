// cu-kernels' test of what C++14 and C++17 read and a scanner may not (issue 41, items 9, 10
// and 12): digit separators, raw strings over lines, literal prefixes and suffixes; a Latin-1
// byte in this comment, café, which NVRTC reads; and a header of its own, tracked.
#include <stdio.h>
#include "literals.cuh"

__device__ constexpr unsigned long long operator""_k(unsigned long long v) { return v * 1'000; }

__global__ void count(long long* out, double* real, int n) {
    long long big = 10'000 + 0x7FFF'FFFFll + 0b1010'1010 + 0'17 + 1'000ull + 2_k + LITERALS_BASE;
    double d = 1'000.000'1 + 0x1.8p+3 + 1e-5 + .5'0;
    char c = '\'';
    char16_t u = u'{';
    if (n > 0) {
        out[0] = big + c + u;
        real[0] = d;
    }
}

// Host code, cut out of the device compile.
void print_usage() {
    const char* usage = R"usage(count: "counts" {
  over two lines)usage";
    printf("%s\n", usage);
}
