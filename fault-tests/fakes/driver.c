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
 *   NVRTC                 a fake NVRTC too (see below): every compile fails (unless
 *                         $FAKE_NVRTC_COMPILES), and its log is what $FAKE_NVRTC_LOG says (absurd,
 *                         huge, zero, size-fails, log-fails, no-nul, or the default: one line), its
 *                         PTX and CUBIN's size what $FAKE_NVRTC_CODE says (absurd, huge, zero);
 *                         $FAKE_NVRTC_MAJOR and _MINOR override the version;
 *                         $FAKE_NVRTC_NULL_TEXT makes nvrtcGetErrorString answer NULL
 *   NCCL=CODE             a fake NCCL too (see below) whose ncclGetVersion answers CODE (or
 *                         $FAKE_NCCL_VERSION); ncclGetUniqueId answers $FAKE_NCCL_RESULT
 *                         (default ncclInvalidArgument) and ncclGetLastError $FAKE_NCCL_LAST_ERROR
 *   NO_LAST_ERROR         with NCCL: no ncclGetLastError (as NCCL before 2.13)
 *   NVML                  a fake NVML too (see the end of the file): nvmlSystemGetCudaDriverVersion
 *                         answers $FAKE_NVML_CUDA (else FAKE_VERSION), nvmlInit succeeds,
 *                         nvmlDeviceGetCount answers $FAKE_NVML_RESULT (default
 *                         NVML_ERROR_DRIVER_NOT_LOADED), nvmlErrorString words codes its own way
 *   LACKS_COUNT_V2        with NVML: no nvmlDeviceGetCount_v2 (the symbol nvml.h's
 *                         nvmlDeviceGetCount stands for)
 *   ABSURD_OCCUPANCY      (with RUNTIME) a device and a kernel whose every attribute, and every
 *                         occupancy the runtime is asked for, is INT_MAX
 *
 * In every mode but STUB, each library's version function (cuDriverGetVersion,
 * cudaRuntimeGetVersion, nvrtcVersion, ncclGetVersion, nvmlSystemGetCudaDriverVersion) fails
 * with the code $FAKE_VERSION_RESULT when set, once $FAKE_VERSION_OK_CALLS calls (default 0)
 * have succeeded.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The code a version function answers (see the top of the file): 0, or $FAKE_VERSION_RESULT. */
__attribute__((unused)) static int version_result(void) {
    static int calls;
    const char *result = getenv("FAKE_VERSION_RESULT");
    const char *ok = getenv("FAKE_VERSION_OK_CALLS");
    if (!result || calls++ < (ok ? atoi(ok) : 0)) return 0;
    return atoi(result);
}

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
    int failed = version_result();
    if (failed) return (CUresult)failed;
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
    int failed = version_result();
    if (failed) return (unsigned int)failed;
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

#ifdef NVRTC
/* NVRTC's types and the codes these fakes return (nvrtc.h). */
typedef int nvrtcResult;
typedef struct _nvrtcProgram *nvrtcProgram;

static char the_program;

static const char *env_or(const char *name, const char *otherwise) {
    const char *value = getenv(name);
    return value ? value : otherwise;
}

EXPORT nvrtcResult nvrtcVersion(int *major, int *minor) {
    int failed = version_result();
    if (failed) return failed;
    *major = getenv("FAKE_NVRTC_MAJOR") ? atoi(getenv("FAKE_NVRTC_MAJOR")) : FAKE_VERSION / 1000;
    *minor = getenv("FAKE_NVRTC_MINOR") ? atoi(getenv("FAKE_NVRTC_MINOR")) : FAKE_VERSION % 1000 / 10;
    return 0;
}

EXPORT const char *nvrtcGetErrorString(nvrtcResult result) {
    if (getenv("FAKE_NVRTC_NULL_TEXT")) return NULL;
    switch (result) {
    case 0: return "NVRTC_SUCCESS";
    case 6: return "NVRTC_ERROR_COMPILATION";
    case 11: return "NVRTC_ERROR_INTERNAL_ERROR";
    default: return "NVRTC_ERROR unknown";
    }
}

EXPORT nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name, int headers,
                                      const char *const *sources, const char *const *names) {
    (void)src, (void)name, (void)headers, (void)sources, (void)names;
    *prog = (nvrtcProgram)&the_program;
    return 0;
}

EXPORT nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog) {
    *prog = NULL;
    return 0;
}

/* Every compile fails, as a kernel with a mistake does, unless $FAKE_NVRTC_COMPILES is set. */
EXPORT nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int count, const char *const *options) {
    (void)prog, (void)count, (void)options;
    return getenv("FAKE_NVRTC_COMPILES") ? 0 : 6; /* NVRTC_ERROR_COMPILATION */
}

static const char PTX[] = ".version 8.0\n.target sm_90\n";

/* The code of a compile that succeeded: its size as $FAKE_NVRTC_CODE says (absurd, huge, zero). */
static nvrtcResult code_size(size_t *size) {
    const char *mode = env_or("FAKE_NVRTC_CODE", "");
    if (!strcmp(mode, "absurd")) *size = SIZE_MAX;
    else if (!strcmp(mode, "huge")) *size = (size_t)1 << 40;
    else if (!strcmp(mode, "zero")) *size = 0;
    else *size = sizeof PTX;
    return 0;
}

static nvrtcResult code(char *out) {
    if (*env_or("FAKE_NVRTC_CODE", "")) abort(); /* a size that cannot be true was believed */
    memcpy(out, PTX, sizeof PTX);
    return 0;
}

EXPORT nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *size) {
    (void)prog;
    return code_size(size);
}

EXPORT nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx) {
    (void)prog;
    return code(ptx);
}

EXPORT nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *size) {
    (void)prog;
    return code_size(size);
}

EXPORT nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin) {
    (void)prog;
    return code(cubin);
}

static const char LOG[] = "kernel.cu(1): error: identifier \"x\" is undefined";

EXPORT nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *size) {
    (void)prog;
    const char *log = env_or("FAKE_NVRTC_LOG", "");
    if (!strcmp(log, "absurd")) *size = SIZE_MAX;
    else if (!strcmp(log, "huge")) *size = (size_t)1 << 40;
    else if (!strcmp(log, "zero")) *size = 0;
    else if (!strcmp(log, "size-fails")) return 11; /* NVRTC_ERROR_INTERNAL_ERROR */
    else if (!strcmp(log, "no-nul")) *size = strlen(LOG);
    else *size = sizeof LOG;
    return 0;
}

/* Writes what the size promised, and no more: without its NUL for no-nul. */
EXPORT nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log) {
    (void)prog;
    const char *mode = env_or("FAKE_NVRTC_LOG", "");
    if (!strcmp(mode, "log-fails")) return 11;
    if (!strcmp(mode, "absurd") || !strcmp(mode, "huge") || !strcmp(mode, "zero")) {
        /* Asked for a log whose size cannot be true: a real library would write past the buffer. */
        abort();
    }
    memcpy(log, LOG, !strcmp(mode, "no-nul") ? strlen(LOG) : sizeof LOG);
    return 0;
}
#endif

#ifdef NCCL
/* NCCL's types and codes (nccl.h). */
typedef int ncclResult_t;
typedef struct ncclComm *ncclComm_t;
typedef struct {
    char internal[128];
} ncclUniqueId;

EXPORT ncclResult_t ncclGetVersion(int *version) {
    int failed = version_result();
    if (failed) return failed;
    const char *asked = getenv("FAKE_NCCL_VERSION");
    *version = asked ? atoi(asked) : NCCL;
    return 0;
}

EXPORT const char *ncclGetErrorString(ncclResult_t result) {
    switch (result) {
    case 0: return "no error";
    case 1: return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
    case 2: return "unhandled system error (run with NCCL_DEBUG=INFO for details)";
    case 3: return "internal error - please report this issue to the NCCL developers";
    case 4: return "invalid argument (run with NCCL_DEBUG=WARN for details)";
    case 5: return "invalid usage (run with NCCL_DEBUG=WARN for details)";
    case 6: return "remote process exited or there was a network error";
    default: return "unknown result code";
    }
}

#ifndef NO_LAST_ERROR
/* NCCL's last error is one buffer for the whole process, never cleared (src/debug.cc). */
EXPORT const char *ncclGetLastError(ncclComm_t comm) {
    (void)comm;
    return getenv("FAKE_NCCL_LAST_ERROR") ? getenv("FAKE_NCCL_LAST_ERROR") : "";
}
#endif

EXPORT ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
    memset(id, 0, sizeof *id);
    return getenv("FAKE_NCCL_RESULT") ? atoi(getenv("FAKE_NCCL_RESULT")) : 4;
}
#endif

#if defined(CUBLAS) || defined(CUBLASLT)
/* cuBLAS's status type (cublas_api.h) and a handle to give out. */
typedef int cublasStatus_t;
static char the_handle;

/* The CUDA runtime a fake says it was built with: $NAME's number (any size_t, absurd ones
   included), else the header's. */
static size_t cudart_version(const char *name) {
    const char *asked = getenv(name);
    return asked ? (size_t)strtoull(asked, NULL, 10) : FAKE_VERSION;
}
#endif

#ifdef CUBLAS
/* A fake cuBLAS: cublasCreate succeeds; cublasGetCudartVersion answers $FAKE_CUBLAS_CUDART. */
EXPORT size_t cublasGetCudartVersion(void) {
    return cudart_version("FAKE_CUBLAS_CUDART");
}

EXPORT cublasStatus_t cublasCreate_v2(void **handle) {
    *handle = &the_handle;
    return 0;
}

EXPORT const char *cublasGetStatusName(cublasStatus_t status) {
    return status == 0 ? "CUBLAS_STATUS_SUCCESS" : "CUBLAS_STATUS_NOT_INITIALIZED";
}

EXPORT const char *cublasGetStatusString(cublasStatus_t status) {
    return status == 0 ? "success" : "the library was not initialized";
}
#endif

#ifdef CUBLASLT
/* A fake cuBLASLt: cublasLtCreate succeeds; cublasLtGetCudartVersion answers
   $FAKE_CUBLASLT_CUDART. */
EXPORT size_t cublasLtGetCudartVersion(void) {
    return cudart_version("FAKE_CUBLASLT_CUDART");
}

EXPORT cublasStatus_t cublasLtCreate(void **handle) {
    *handle = &the_handle;
    return 0;
}
#endif

#ifdef NVML
/* NVML's return type (nvml.h): 0 is NVML_SUCCESS, 9 NVML_ERROR_DRIVER_NOT_LOADED. */
typedef unsigned int nvmlReturn_t;

EXPORT nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *version) {
    int failed = version_result();
    if (failed) return (nvmlReturn_t)failed;
    const char *asked = getenv("FAKE_NVML_CUDA");
    *version = asked ? atoi(asked) : FAKE_VERSION;
    return 0;
}

EXPORT nvmlReturn_t nvmlInit_v2(void) {
    return 0;
}

#ifndef LACKS_COUNT_V2
EXPORT nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) {
    *count = 0;
    return getenv("FAKE_NVML_RESULT") ? (nvmlReturn_t)atoi(getenv("FAKE_NVML_RESULT")) : 9;
}
#endif

/* Words of the fake's own, so that a test can tell them from the header's. */
EXPORT const char *nvmlErrorString(nvmlReturn_t result) {
    switch (result) {
    case 0: return "fake NVML: success";
    case 9: return "fake NVML: the driver is not loaded";
    case 15: return "fake NVML: the GPU is lost";
    default: return "fake NVML: unknown error";
    }
}
#endif
