/*
 * Fake CUDA drivers, one defect each: the fault tests build this file once per fake where they
 * run (fault-tests/src/lib.rs, FAKES), with the defines below, into a shared library named and
 * versioned like the driver (soname libcuda.so.1). Only the functions the fault tests call are
 * here, with the driver's C signatures and codes. Its STUB mode, completed by a weak stand-in
 * for every other symbol, is also the stub CI links against (.ci/libcuda-stub).
 *
 *   FAKE_VERSION=N        what cuDriverGetVersion reports (1000 * major + 10 * minor)
 *   LACKS_CTX_CREATE_V4   no cuCtxCreate_v4 (an older driver)
 *   NO_ERROR_STRING       no cuGetErrorString
 *   REUSED_BUFFER         cuGetErrorString writes "message number N" into one static buffer
 *   STUB                  every function returns CUDA_ERROR_STUB_LIBRARY (34), as NVIDIA's stub
 *   CTOR_SLEEPS           the constructor creates $FAKE_CTOR_ENTERED, then sleeps
 *                         $FAKE_CTOR_SLEEP_MS milliseconds (default 2000)
 *   CTOR_MARKER           the constructor writes the file $FAKE_MARKER: proof that it ran
 *   NULL_ERROR_TEXT       cuGetErrorName and cuGetErrorString answer CUDA_SUCCESS with a null text
 *   RUNTIME               a fake CUDA runtime instead (see the end of the file): cudaMalloc
 *                         answers cudaErrorMemoryAllocation, and there is no cudaGetErrorName
 *                         or cudaGetErrorString
 *   ABSURD_OCCUPANCY      (with RUNTIME) a device and a kernel whose every attribute, and every
 *                         occupancy the runtime is asked for, is INT_MAX
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef unsigned int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;

#define EXPORT __attribute__((visibility("default")))

enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_STUB_LIBRARY = 34,
    CUDA_ERROR_NO_DEVICE = 100,
    CUDA_ERROR_INVALID_CONTEXT = 201,
    CUDA_ERROR_NOT_FOUND = 500,
};

#ifdef STUB
/* NVIDIA's stub answers everything, even the error functions, with this code. */
#define RETURN(code) return CUDA_ERROR_STUB_LIBRARY
#else
#define RETURN(code) return (code)
#endif

#ifndef FAKE_VERSION
#define FAKE_VERSION 12090
#endif

struct known {
    CUresult code;
    const char *name;
    const char *text;
};

/* The driver's own names and texts for the codes these fakes return. */
static const struct known KNOWN[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_STUB_LIBRARY, "CUDA_ERROR_STUB_LIBRARY", "CUDA driver is a stub library"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
};

static const struct known *lookup(CUresult code) {
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++)
        if (KNOWN[i].code == code) return &KNOWN[i];
    return NULL;
}

EXPORT CUresult cuGetErrorName(CUresult error, const char **pStr) {
#ifdef NULL_ERROR_TEXT
    (void)error;
    *pStr = NULL;
    RETURN(CUDA_SUCCESS);
#endif
    const struct known *k = lookup(error);
    *pStr = k ? k->name : NULL;
    RETURN(k ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}

#ifndef NO_ERROR_STRING
EXPORT CUresult cuGetErrorString(CUresult error, const char **pStr) {
#ifdef NULL_ERROR_TEXT
    (void)error;
    *pStr = NULL;
    RETURN(CUDA_SUCCESS);
#endif
    const struct known *k = lookup(error);
#ifdef REUSED_BUFFER
    /* Like a shim that formats into one buffer: each call overwrites the text it returned
       before. Not thread-safe, on purpose. */
    static char buffer[64];
    static int calls;
    snprintf(buffer, sizeof buffer, "message number %d", ++calls);
    *pStr = k ? buffer : NULL;
#else
    *pStr = k ? k->text : NULL;
#endif
    RETURN(k ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}
#endif

EXPORT CUresult cuInit(unsigned int flags) {
    (void)flags;
    RETURN(CUDA_SUCCESS);
}

EXPORT CUresult cuDriverGetVersion(int *driverVersion) {
#ifndef STUB
    *driverVersion = FAKE_VERSION;
#else
    (void)driverVersion;
#endif
    RETURN(CUDA_SUCCESS);
}

EXPORT CUresult cuDeviceGetCount(int *count) {
#ifndef STUB
    *count = 0;
#else
    (void)count;
#endif
    RETURN(CUDA_SUCCESS);
}

EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
    (void)device;
    (void)ordinal;
    RETURN(CUDA_ERROR_NO_DEVICE);
}

EXPORT CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev) {
    (void)pctx;
    (void)flags;
    (void)dev;
    RETURN(CUDA_ERROR_NO_DEVICE);
}

#ifndef LACKS_CTX_CREATE_V4
EXPORT CUresult cuCtxCreate_v4(CUcontext *pctx, void *ctxCreateParams, unsigned int flags, CUdevice dev) {
    (void)pctx;
    (void)ctxCreateParams;
    (void)flags;
    (void)dev;
    RETURN(CUDA_ERROR_NO_DEVICE);
}
#endif

/* No module has the function asked for: the driver's own NOT_FOUND. */
EXPORT CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name) {
    (void)hfunc;
    (void)hmod;
    (void)name;
    RETURN(CUDA_ERROR_NOT_FOUND);
}

/* Launching a function no module has: the driver's own NOT_FOUND. There is no per-thread
 * cuLaunchKernel_ptsz, as in a driver that lacks it. */
EXPORT CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                               unsigned int by, unsigned int bz, unsigned int shared, void *stream, void **params,
                               void **extra) {
    (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shared, (void)stream, (void)params,
        (void)extra;
    RETURN(f ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND);
}

/* No context is ever current. */
EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
    (void)dptr;
    (void)bytesize;
    RETURN(CUDA_ERROR_INVALID_CONTEXT);
}

#ifdef CTOR_SLEEPS
__attribute__((constructor)) static void sleep_in_constructor(void) {
    const char *entered = getenv("FAKE_CTOR_ENTERED");
    if (entered) {
        int fd = open(entered, O_CREAT | O_WRONLY, 0644);
        if (fd >= 0) close(fd);
    }
    const char *ms = getenv("FAKE_CTOR_SLEEP_MS");
    long millis = ms ? atol(ms) : 2000;
    struct timespec t = {millis / 1000, (millis % 1000) * 1000000L};
    nanosleep(&t, NULL);
}
#endif

#ifdef CTOR_MARKER
__attribute__((constructor)) static void write_marker(void) {
    const char *path = getenv("FAKE_MARKER");
    if (!path) return;
    FILE *f = fopen(path, "w");
    if (f) {
        fputs("the fake driver's constructor ran\n", f);
        fclose(f);
    }
}
#endif

#ifdef RUNTIME
/* A CUDA runtime of the header's version that knows no words for its codes. */
EXPORT unsigned int cudaRuntimeGetVersion(int *version) {
    *version = FAKE_VERSION;
    return 0;
}

EXPORT unsigned int cudaMalloc(void **pointer, size_t size) {
    (void)pointer;
    (void)size;
    return 2; /* cudaErrorMemoryAllocation */
}

#ifdef ABSURD_OCCUPANCY
#include <limits.h>
/* What cudart_sys::cpp's occupancy search (cuda_runtime.h's template) asks, each answered with
   INT_MAX: the device's limits, the kernel's block limit, the blocks per multiprocessor. */
EXPORT unsigned int cudaGetDevice(int *device) {
    *device = 0;
    return 0;
}

EXPORT unsigned int cudaDeviceGetAttribute(int *value, int attribute, int device) {
    (void)attribute;
    (void)device;
    *value = INT_MAX;
    return 0;
}

/* struct cudaFuncAttributes begins with three size_t, then int maxThreadsPerBlock. */
EXPORT unsigned int cudaFuncGetAttributes(void *attributes, const void *func) {
    (void)func;
    *(int *)((char *)attributes + 3 * sizeof(size_t)) = INT_MAX;
    return 0;
}

EXPORT unsigned int cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, const void *func,
                                                                           int block_size, size_t smem,
                                                                           unsigned int flags) {
    (void)func, (void)block_size, (void)smem, (void)flags;
    *blocks = INT_MAX;
    return 0;
}
#endif
#endif
