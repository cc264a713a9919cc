/* What the C counterparts of the NVRTC lessons share, in the shape of NVIDIA's
 * Common/nvrtc_helper.h (our own short version): compile a .cu file with NVRTC to CUBIN for
 * device 0's architecture, and load a CUBIN into a new context. Run from the repository's root
 * (the kernels are read from lessons/kernels/). */
#ifndef LESSONS_NVRTC_HELPER_H
#define LESSONS_NVRTC_HELPER_H
#include <nvrtc.h>
#include <string.h>
#include "check.h"

#define NVRTC_CHECK(call)                                                          \
    do {                                                                           \
        nvrtcResult r_ = (call);                                                   \
        if (r_ != NVRTC_SUCCESS) {                                                 \
            fprintf(stderr, "%s:%d %s failed. \n code = %s\n", __FILE__, __LINE__, \
                    #call, nvrtcGetErrorString(r_));                               \
            exit(1);                                                               \
        }                                                                          \
    } while (0)

/* NVRTC's log of prog, printed when it says anything (errors, or warnings). */
static inline void print_log(nvrtcProgram prog, const char *path) {
    size_t size;
    NVRTC_CHECK(nvrtcGetProgramLogSize(prog, &size));
    char *log = (char *)malloc(size + 1);
    NVRTC_CHECK(nvrtcGetProgramLog(prog, log));
    log[size] = '\0';
    if (log[0] != '\0' && log[1] != '\0') fprintf(stdout, "NVRTC's log of %s:\n%s\n", path, log);
    free(log);
}

/* findCudaDeviceDRV: cuInit, then device 0 (the sample picks the fastest), named. */
static inline CUdevice find_cuda_device(void) {
    CUdevice device;
    char name[100];
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&device, 0));
    CHECK(cuDeviceGetName(name, sizeof name, device));
    printf("> Using CUDA Device [0]: %s\n", name);
    return device;
}

/* compileFileToCUBIN: the device, its compute capability, then `path` compiled to CUBIN for
 * exactly that architecture. A compile error prints NVRTC's log and returns NULL. */
static inline char *compile_file_to_cubin(const char *path, size_t *size) {
    CUdevice device = find_cuda_device();
    int major, minor;
    CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device));
    CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device));
    char option[64];
    snprintf(option, sizeof option, "--gpu-architecture=sm_%d%d", major, minor);
    const char *options[] = {option};

    char *source = read_ptx(path); /* any text file, NUL-terminated */
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    nvrtcProgram prog;
    NVRTC_CHECK(nvrtcCreateProgram(&prog, source, name, 0, NULL, NULL));
    nvrtcResult compiled = nvrtcCompileProgram(prog, 1, options);
    print_log(prog, path);
    char *cubin = NULL;
    if (compiled == NVRTC_SUCCESS) {
        NVRTC_CHECK(nvrtcGetCUBINSize(prog, size));
        cubin = (char *)malloc(*size);
        NVRTC_CHECK(nvrtcGetCUBIN(prog, cubin));
    } else if (compiled != NVRTC_ERROR_COMPILATION) {
        NVRTC_CHECK(compiled);
    }
    NVRTC_CHECK(nvrtcDestroyProgram(&prog));
    free(source);
    return cubin;
}

/* loadCUBIN: the device, a context on it, current, and the CUBIN loaded into it. */
static inline CUmodule load_cubin(const char *cubin, CUcontext *context) {
    CUdevice device = find_cuda_device();
    int major, minor;
    CUmodule module;
    CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device));
    CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device));
    printf("> GPU Device has SM %d.%d compute capability\n", major, minor);
    *context = init_context(device);
    CHECK(cuModuleLoadData(&module, cubin));
    return module;
}
#endif
