/* The reference for bench/nvrtc_compile.rs: the vector_add_nvrtc lesson's kernel compiled
 * with NVRTC to CUBIN for device 0's architecture and loaded with cuModuleLoadData, ITERATIONS
 * times, timed; the same calls in the same order, linked to libnvrtc and libcuda.
 *   nvrtc_compile_c KERNEL.cu              compile and load on device 0
 *   nvrtc_compile_c KERNEL.cu sm_XY        (built with -DNVRTC_ONLY, no driver) compile only
 * Prints `METRIC c MS` lines: first-compile (the process's first, NVRTC's own start-up
 * included), compile (each later one), load (cuModuleLoadData + cuModuleGetFunction +
 * cuModuleUnload).
 * Build: gcc -O2 nvrtc_compile.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lnvrtc -lcuda */
#ifndef NVRTC_ONLY
#include "check.h"
#else
#include <stdio.h>
#include <stdlib.h>
#endif
#include <nvrtc.h>
#include <string.h>
#include <time.h>

#define ITERATIONS 10

#define CHECK_NVRTC(call)                                                      \
    do {                                                                       \
        nvrtcResult code = (call);                                             \
        if (code != NVRTC_SUCCESS) {                                           \
            fprintf(stderr, "%s failed: %s\n", #call, nvrtcGetErrorString(code)); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The whole file, NUL-terminated. */
static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (!text || fread(text, 1, size, f) != (size_t)size) {
        fprintf(stderr, "%s: cannot read\n", path);
        exit(1);
    }
    text[size] = '\0';
    fclose(f);
    return text;
}

/* What the lesson's compile() does for CUBIN: create, compile, read the log (warnings, which
 * the sample's helper prints), get the code, destroy. */
static char *compile(const char *source, const char *option, size_t *size) {
    nvrtcProgram prog;
    size_t log_size;
    CHECK_NVRTC(nvrtcCreateProgram(&prog, source, "vectorAdd_kernel.cu", 0, NULL, NULL));
    CHECK_NVRTC(nvrtcCompileProgram(prog, 1, &option));
    CHECK_NVRTC(nvrtcGetProgramLogSize(prog, &log_size));
    char *log = malloc(log_size + 1);
    CHECK_NVRTC(nvrtcGetProgramLog(prog, log));
    log[log_size] = '\0';
    if (strlen(log) >= 2) fprintf(stderr, "%s\n", log);
    free(log);
    CHECK_NVRTC(nvrtcGetCUBINSize(prog, size));
    char *cubin = malloc(*size);
    CHECK_NVRTC(nvrtcGetCUBIN(prog, cubin));
    CHECK_NVRTC(nvrtcDestroyProgram(&prog));
    return cubin;
}

int main(int argc, char **argv) {
    char option[64];
#ifdef NVRTC_ONLY
    if (argc != 3) {
        fprintf(stderr, "usage: %s KERNEL.cu sm_XY\n", argv[0]);
        return 2;
    }
    snprintf(option, sizeof option, "--gpu-architecture=%s", argv[2]);
#else
    if (argc != 2) {
        fprintf(stderr, "usage: %s KERNEL.cu\n", argv[0]);
        return 2;
    }
    CUcontext context = create_context();
    int major, minor;
    CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 0));
    CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0));
    snprintf(option, sizeof option, "--gpu-architecture=sm_%d%d", major, minor);
#endif
    char *source = read_file(argv[1]);
    int nvrtc_major, nvrtc_minor;
    CHECK_NVRTC(nvrtcVersion(&nvrtc_major, &nvrtc_minor));
    printf("# c: NVRTC %d.%d, %s\n", nvrtc_major, nvrtc_minor, option);

    for (int i = 0; i < ITERATIONS; i++) {
        size_t size;
        double start = now_ms();
        char *cubin = compile(source, option, &size);
        printf("%s c %.4f\n", i == 0 ? "first-compile" : "compile", now_ms() - start);
#ifndef NVRTC_ONLY
        CUmodule module;
        CUfunction kernel;
        start = now_ms();
        CHECK(cuModuleLoadData(&module, cubin));
        CHECK(cuModuleGetFunction(&kernel, module, "vectorAdd"));
        CHECK(cuModuleUnload(module));
        printf("load c %.4f\n", now_ms() - start);
#endif
        free(cubin);
    }
    free(source);
#ifndef NVRTC_ONLY
    CHECK(cuCtxDestroy(context));
#endif
    return 0;
}
