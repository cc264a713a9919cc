// Lesson nvjitlink_jit_lto, in C++: link-time optimization at run time, the way NVIDIA's jitLto
// sample does it (our own short version). NVRTC compiles lessons/kernels/lto/lto_saxpy.cu and
// lto_compute.cu to LTO-IR, nvJitLink links them for this GPU into a cubin, the driver runs it.
// needs: CUDA_VERSION >= 12000
#include <cstring>
#include <iostream>
#include <nvJitLink.h>
#include <nvrtc.h>
#include <string>
#include <vector>

#include "check.h"

#define NUM_THREADS 128
#define NUM_BLOCKS 32

#define NVRTC_CHECK(call)                                                                  \
    do {                                                                                   \
        nvrtcResult r_ = (call);                                                           \
        if (r_ != NVRTC_SUCCESS) {                                                         \
            std::cerr << #call << " failed: " << nvrtcGetErrorString(r_) << '\n';          \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

// nvJitLink words no code: its number, then the linker's error log, which says why.
#define NVJITLINK_CHECK(handle, call)                                                      \
    do {                                                                                   \
        nvJitLinkResult r_ = (call);                                                       \
        if (r_ != NVJITLINK_SUCCESS) {                                                     \
            std::cerr << #call << " failed: nvJitLinkResult " << r_ << '\n';               \
            size_t size_ = 0;                                                              \
            if (nvJitLinkGetErrorLogSize(handle, &size_) == NVJITLINK_SUCCESS && size_) {  \
                std::string log_(size_, '\0');                                             \
                if (nvJitLinkGetErrorLog(handle, &log_[0]) == NVJITLINK_SUCCESS)           \
                    std::cerr << "error log: " << log_.c_str() << '\n';                    \
            }                                                                              \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

// ANCHOR: ltoir
// One source compiled to LTO-IR: relocatable device code, left open for the link.
static std::vector<char> get_ltoir(const char *code, const char *name) {
    nvrtcProgram prog;
    NVRTC_CHECK(nvrtcCreateProgram(&prog, code, name, 0, NULL, NULL));
    const char *opts[] = {"-dlto", "--relocatable-device-code=true"};
    nvrtcResult compiled = nvrtcCompileProgram(prog, 2, opts);
    size_t log_size;
    NVRTC_CHECK(nvrtcGetProgramLogSize(prog, &log_size));
    std::string log(log_size, '\0');
    NVRTC_CHECK(nvrtcGetProgramLog(prog, &log[0]));
    std::cout << log.c_str() << '\n';
    if (compiled != NVRTC_SUCCESS) exit(1);
    size_t size;
    NVRTC_CHECK(nvrtcGetLTOIRSize(prog, &size));
    std::vector<char> ir(size);
    NVRTC_CHECK(nvrtcGetLTOIR(prog, ir.data()));
    NVRTC_CHECK(nvrtcDestroyProgram(&prog));
    return ir;
}
// ANCHOR_END: ltoir

int main() {
    // The driver first: the device, a context, its architecture.
    CUdevice device;
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&device, 0));
    CUcontext context = init_context(device);
    int major = 0, minor = 0;
    CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device));
    CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device));
    std::string arch = "-arch=sm_" + std::to_string(major * 10 + minor);

#if CUDA_VERSION >= 12030 // nvJitLinkVersion came with CUDA 12.3
    unsigned int cuda_major = 0, cuda_minor = 0;
    if (nvJitLinkVersion(&cuda_major, &cuda_minor) != NVJITLINK_SUCCESS)
        std::cerr << "Version check failed\n";
    else
        std::cout << "CUDA " << cuda_major << "." << cuda_minor << '\n';
#endif

    char *saxpy = read_ptx("lessons/kernels/lto/lto_saxpy.cu");
    char *compute = read_ptx("lessons/kernels/lto/lto_compute.cu");
    std::vector<char> ir1 = get_ltoir(saxpy, "lto_saxpy.cu");
    std::vector<char> ir2 = get_ltoir(compute, "lto_compute.cu");
    free(saxpy);
    free(compute);

    // ANCHOR: link
    nvJitLinkHandle handle = NULL;
    const char *lopts[] = {"-lto", arch.c_str()};
    NVJITLINK_CHECK(handle, nvJitLinkCreate(&handle, 2, lopts));
    NVJITLINK_CHECK(handle, nvJitLinkAddData(handle, NVJITLINK_INPUT_LTOIR, ir1.data(), ir1.size(), "lto_saxpy"));
    NVJITLINK_CHECK(handle, nvJitLinkAddData(handle, NVJITLINK_INPUT_LTOIR, ir2.data(), ir2.size(), "lto_compute"));
    // The link: both modules joined, optimized as one, compiled to a cubin.
    NVJITLINK_CHECK(handle, nvJitLinkComplete(handle));

    size_t log_size;
    NVJITLINK_CHECK(handle, nvJitLinkGetErrorLogSize(handle, &log_size));
    if (log_size > 0) {
        std::string log(log_size + 1, '\0');
        NVJITLINK_CHECK(handle, nvJitLinkGetErrorLog(handle, &log[0]));
        std::cout << "Error log: " << log.c_str() << std::endl;
    }

    size_t cubin_size;
    NVJITLINK_CHECK(handle, nvJitLinkGetLinkedCubinSize(handle, &cubin_size));
    std::vector<char> cubin(cubin_size);
    NVJITLINK_CHECK(handle, nvJitLinkGetLinkedCubin(handle, cubin.data()));
    NVJITLINK_CHECK(handle, nvJitLinkDestroy(&handle));
    // ANCHOR_END: link

    CUmodule module;
    CUfunction kernel;
    CHECK(cuModuleLoadData(&module, cubin.data()));
    CHECK(cuModuleGetFunction(&kernel, module, "saxpy"));

    size_t n = NUM_THREADS * NUM_BLOCKS;
    size_t buffer_size = n * sizeof(float);
    float a = 5.1f;
    std::vector<float> x(n), y(n), out(n);
    for (size_t i = 0; i < n; ++i) {
        x[i] = static_cast<float>(i);
        y[i] = static_cast<float>(i * 2);
    }
    CUdeviceptr d_x, d_y, d_out;
    CHECK(cuMemAlloc(&d_x, buffer_size));
    CHECK(cuMemAlloc(&d_y, buffer_size));
    CHECK(cuMemAlloc(&d_out, buffer_size));
    CHECK(cuMemcpyHtoD(d_x, x.data(), buffer_size));
    CHECK(cuMemcpyHtoD(d_y, y.data(), buffer_size));
    void *args[] = {&a, &d_x, &d_y, &d_out, &n};
    CHECK(cuLaunchKernel(kernel, NUM_BLOCKS, 1, 1, NUM_THREADS, 1, 1, 0, NULL, args, NULL));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(out.data(), d_out, buffer_size));

    for (size_t i = 0; i < n; ++i) std::cout << a << " * " << x[i] << " + " << y[i] << " = " << out[i] << '\n';
    bool passed = out[n - 1] == 29074.5f;
    std::cout << (passed ? "PASSED!" : "values not expected?") << '\n';

    CHECK(cuMemFree(d_x));
    CHECK(cuMemFree(d_y));
    CHECK(cuMemFree(d_out));
    CHECK(cuModuleUnload(module));
    CHECK(cuCtxDestroy(context));
    return passed ? 0 : 1;
}
