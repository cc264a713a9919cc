// Lesson simple_cublasxt, in C++: our own version of what NVIDIA's simpleCUBLASXT does (the
// lesson ports the sample itself; run.sh builds the original beside it). Up to two GPUs, the
// fastest first, one cublasXtSgemm on matrices in host memory, compared with the host's product.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cublasXt.h>
#include <cuda_runtime.h>

#define checkCuda(call)                                                                      \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            fprintf(stderr, "%s:%d %s failed: %s\n", __FILE__, __LINE__, #call,              \
                    cudaGetErrorName(e_));                                                   \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)
#define checkCublas(call)                                                                    \
    do {                                                                                     \
        cublasStatus_t s_ = (call);                                                          \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                   \
            fprintf(stderr, "%s:%d %s failed: %s\n", __FILE__, __LINE__, #call,              \
                    cublasGetStatusName(s_));                                                \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

static const int N = 1024;
static const int MAX_GPUS = 2;

// Column-major: element (i, j) at j * n + i.
static void host_sgemm(int n, float alpha, const float *a, const float *b, float beta, float *c) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float sum = 0;
            for (int k = 0; k < n; k++) sum += a[k * n + i] * b[j * n + k];
            c[j * n + i] = alpha * sum + beta * c[j * n + i];
        }
}

// ANCHOR: best_gpus
// CUDA cores per multiprocessor by compute capability (newer ones count as 128).
static int cores_per_sm(int major, int minor) {
    switch (major) {
    case 3: return 192;
    case 5: return 128;
    case 6: return minor == 0 ? 64 : 128;
    case 7: return 64;
    case 8: return minor == 0 ? 64 : 128;
    default: return 128;
    }
}

// The usable devices (not in compute mode "prohibited"), fastest first: SMs x cores x clock.
static std::vector<int> best_gpus() {
    int count;
    checkCuda(cudaGetDeviceCount(&count));
    std::vector<std::pair<unsigned long long, int>> perf; // (compute perf, device)
    for (int device = 0; device < count; device++) {
        int mode, clock, sms, major, minor;
        checkCuda(cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, device));
        if (mode == cudaComputeModeProhibited) continue;
        checkCuda(cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, device));
        checkCuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        checkCuda(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
        checkCuda(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
        perf.push_back({(unsigned long long)sms * cores_per_sm(major, minor) * clock, device});
    }
    if (perf.empty()) {
        fprintf(stderr, "every device is in compute mode prohibited\n");
        exit(1);
    }
    // Stable, as the sample's bubble sort: equal devices keep their order.
    std::stable_sort(perf.begin(), perf.end(), [](auto &x, auto &y) { return x.first > y.first; });
    std::vector<int> ids;
    for (auto &p : perf) ids.push_back(p.second);
    return ids;
}
// ANCHOR_END: best_gpus

int main() {
    const int n2 = N * N;
    const float alpha = 1.0f, beta = 0.0f;

    // ANCHOR: devices
    std::vector<int> devices = best_gpus();
    if ((int)devices.size() > MAX_GPUS) devices.resize(MAX_GPUS);
    printf("Using %d GPUs\n", (int)devices.size());
    for (int id : devices) {
        cudaDeviceProp prop;
        checkCuda(cudaGetDeviceProperties(&prop, id));
        printf("GPU ID = %d, Name = %s \n", id, prop.name);
    }
    printf("simpleCUBLASXT test running..\n");
    cublasXtHandle_t handle;
    checkCublas(cublasXtCreate(&handle));
    checkCublas(cublasXtDeviceSelect(handle, (int)devices.size(), devices.data()));
    checkCublas(cublasXtSetBlockDim(handle, 64));
    // ANCHOR_END: devices

    std::vector<float> a(n2), b(n2), c(n2), ref(n2);
    for (int i = 0; i < n2; i++) {
        a[i] = rand() / (float)RAND_MAX;
        b[i] = rand() / (float)RAND_MAX;
        c[i] = rand() / (float)RAND_MAX;
        ref[i] = c[i];
    }

    // ANCHOR: sgemm
    host_sgemm(N, alpha, a.data(), b.data(), beta, ref.data());
    // Host pointers: cuBLASXt moves the tiles to the devices and C back.
    checkCublas(cublasXtSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &alpha, a.data(), N, b.data(), N,
                              &beta, c.data(), N));
    // ANCHOR_END: sgemm

    // ANCHOR: check
    float error = 0, norm = 0;
    for (int i = 0; i < n2; i++) {
        float diff = ref[i] - c[i];
        error += diff * diff;
        norm += ref[i] * ref[i];
    }
    float relative = std::sqrt(error) / std::sqrt(norm);
    checkCublas(cublasXtDestroy(handle));
    bool passed = relative < 1e-6f;
    printf(passed ? "simpleCUBLASXT test passed.\n" : "simpleCUBLASXT test failed.\n");
    return passed ? 0 : 1;
    // ANCHOR_END: check
}
