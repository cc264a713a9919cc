// Lesson cufft_simple, in CUDA C++: our own version of what NVIDIA's simpleCUFFT does (the
// lesson ports the sample itself; run.sh builds the original beside it). A 1D convolution by
// FFT: pad, transform both, multiply the spectra, transform back, compare with the host's.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cufft.h>
#include <cufftXt.h>

#define checkCuda(call)                                                                      \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            fprintf(stderr, "%s:%d %s failed: %s\n", __FILE__, __LINE__, #call,              \
                    cudaGetErrorName(e_));                                                   \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)
#define checkCufft(call)                                                                     \
    do {                                                                                     \
        cufftResult r_ = (call);                                                             \
        if (r_ != CUFFT_SUCCESS) {                                                           \
            fprintf(stderr, "%s:%d %s failed: cufftResult %d\n", __FILE__, __LINE__, #call, \
                    (int)r_);                                                                \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

typedef float2 Complex;

__host__ __device__ static Complex mul(Complex a, Complex b) {
    return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

__global__ void mul_and_scale(Complex *a, const Complex *b, int n, float scale) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        Complex c = mul(a[i], b[i]);
        a[i] = make_float2(scale * c.x, scale * c.y);
    }
}

// ANCHOR: pad
// The signal, then zeros; the filter's centre and right half, zeros, then its left half.
static int pad(const std::vector<Complex> &signal, const std::vector<Complex> &filter,
               std::vector<Complex> &padded_signal, std::vector<Complex> &padded_filter) {
    int min_radius = (int)filter.size() / 2, max_radius = (int)filter.size() - min_radius;
    int n = (int)signal.size() + max_radius;
    padded_signal.assign(n, make_float2(0, 0));
    padded_filter.assign(n, make_float2(0, 0));
    for (size_t i = 0; i < signal.size(); i++) padded_signal[i] = signal[i];
    for (int i = 0; i < max_radius; i++) padded_filter[i] = filter[min_radius + i];
    for (int i = 0; i < min_radius; i++) padded_filter[n - min_radius + i] = filter[i];
    return n;
}
// ANCHOR_END: pad

int main() {
    std::vector<Complex> signal(50), filter(11), padded_signal, padded_filter;
    for (auto &s : signal) s = make_float2(rand() / (float)RAND_MAX, 0);
    for (auto &f : filter) f = make_float2(rand() / (float)RAND_MAX, 0);
    int n = pad(signal, filter, padded_signal, padded_filter);
    size_t bytes = n * sizeof(Complex);

    // ANCHOR: plans
    Complex *d_signal, *d_filter;
    checkCuda(cudaMalloc(&d_signal, bytes));
    checkCuda(cudaMemcpy(d_signal, padded_signal.data(), bytes, cudaMemcpyHostToDevice));
    checkCuda(cudaMalloc(&d_filter, bytes));
    checkCuda(cudaMemcpy(d_filter, padded_filter.data(), bytes, cudaMemcpyHostToDevice));
    // The simple API, and the advanced one (a handle, then cufftXt.h's plan with 64-bit sizes).
    cufftHandle plan, plan_adv;
    checkCufft(cufftPlan1d(&plan, n, CUFFT_C2C, 1));
    long long n64 = n;
    size_t work_size;
    checkCufft(cufftCreate(&plan_adv));
    checkCufft(cufftXtMakePlanMany(plan_adv, 1, &n64, NULL, 1, 1, CUDA_C_32F, NULL, 1, 1, CUDA_C_32F, 1, &work_size,
                                   CUDA_C_32F));
    printf("Temporary buffer size %zu bytes\n", work_size);
    // ANCHOR_END: plans

    // ANCHOR: convolve
    checkCufft(cufftExecC2C(plan, d_signal, d_signal, CUFFT_FORWARD));
    checkCufft(cufftExecC2C(plan_adv, d_filter, d_filter, CUFFT_FORWARD));
    mul_and_scale<<<32, 256>>>(d_signal, d_filter, n, 1.0f / n);
    checkCuda(cudaGetLastError());
    checkCufft(cufftExecC2C(plan, d_signal, d_signal, CUFFT_INVERSE));
    checkCuda(cudaMemcpy(padded_signal.data(), d_signal, bytes, cudaMemcpyDeviceToHost));
    // ANCHOR_END: convolve

    // The host's convolution, and the relative L2 error of the GPU's.
    int min_radius = (int)filter.size() / 2, max_radius = (int)filter.size() - min_radius;
    float error = 0, norm = 0;
    for (int i = 0; i < (int)signal.size(); i++) {
        Complex ref = make_float2(0, 0);
        for (int j = -max_radius + 1; j <= min_radius; j++) {
            int k = i + j;
            if (k >= 0 && k < (int)signal.size()) {
                Complex p = mul(signal[k], filter[min_radius - j]);
                ref = make_float2(ref.x + p.x, ref.y + p.y);
            }
        }
        float dx = ref.x - padded_signal[i].x, dy = ref.y - padded_signal[i].y;
        error += dx * dx + dy * dy;
        norm += ref.x * ref.x + ref.y * ref.y;
    }
    bool ok = sqrtf(error) / sqrtf(norm) < 1e-5f;
    printf("%s\n", ok ? "PASSED" : "FAILED");

    checkCufft(cufftDestroy(plan));
    checkCufft(cufftDestroy(plan_adv));
    checkCuda(cudaFree(d_signal));
    checkCuda(cudaFree(d_filter));
    return ok ? 0 : 1;
}
