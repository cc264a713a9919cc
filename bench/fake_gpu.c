/*
 * A simulated GPU for bench/dry_run.sh: just enough of libcuda.so.1 (built with -DFAKE_DRIVER)
 * of libcudart.so.<major> (-DFAKE_RUNTIME) and of libcublas.so.<major> (-DFAKE_CUBLAS, linked to
 * that libcudart, whose clock it advances; so are -DFAKE_CUFFT and -DFAKE_CURAND) for the benchmarks and the runtime and cuBLAS lessons to
 * run on a machine without one, so that gpu.sh, its C builds, its runs and analyse.py can be
 * checked end to end before the GPU's time is spent. Nothing it measures means anything.
 *
 * "Device" memory is host memory. Copies are memcpy (skipped above 1 MiB when
 * $FAKE_GPU_NO_COPY is set, to keep the benchmarks quick); each copy advances a clock by
 * 4 us + bytes / 50 GB/s, with 0.3% noise, and events read that clock. The runtime uses the
 * driver as the real one does: cudaSetDevice retains the device's primary context and makes
 * it current through libcuda.so.1. cuLaunchKernel runs `vector_add` on the host. The device
 * is an sm_90 one; a CUBIN (an ELF file, as NVRTC makes for the nvrtc benchmark and the
 * vector_add_nvrtc lesson) loads as a module whose `vectorAdd` runs as `vector_add` does. cuBLAS's
 * GEMMs are computed on the host when small (the lessons'), skipped when large (the benchmark's),
 * and advance the clock at 50 (FP32), 400 (TF32) or 800 (BF16) TFLOP/s.
 * Functions are defined under the names C code writes; the headers map them to the symbols
 * (cuMemAlloc is cuMemAlloc_v2), so each has the signature its header declares.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(FAKE_DRIVER) || defined(FAKE_RUNTIME)
static double now_ms;

static double noise(void) {
    static unsigned seed;
    if (!seed) seed = (unsigned)getpid();
    double u1 = (rand_r(&seed) + 1.0) / (RAND_MAX + 2.0), u2 = (rand_r(&seed) + 1.0) / (RAND_MAX + 2.0);
    return 1 + 0.003 * sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

static void copy_bytes(void *dst, const void *src, size_t bytes) {
    if (bytes <= (1u << 20) || !getenv("FAKE_GPU_NO_COPY")) memcpy(dst, src, bytes);
    now_ms += (0.004 + bytes / 50e9 * 1e3) * noise();
}
#endif

#ifdef FAKE_DRIVER
#include <cuda.h>

struct CUctx_st { int primary; };
struct CUevent_st { double at; };
struct CUmod_st { int loaded; };
struct CUfunc_st { int vector_add; };

static struct CUctx_st primary_context = {1};
static int primary_uses;
static __thread CUcontext current;
static struct CUfunc_st vector_add = {1};
static struct CUfunc_st vector_add_from_cubin = {1}; /* the same (a, b, c, n), n an int */
static const size_t TOTAL = 16ul << 30;

CUresult cuGetErrorName(CUresult error, const char **pStr) {
    switch (error) {
    case CUDA_SUCCESS: *pStr = "CUDA_SUCCESS"; return CUDA_SUCCESS;
    case CUDA_ERROR_INVALID_VALUE: *pStr = "CUDA_ERROR_INVALID_VALUE"; return CUDA_SUCCESS;
    case CUDA_ERROR_OUT_OF_MEMORY: *pStr = "CUDA_ERROR_OUT_OF_MEMORY"; return CUDA_SUCCESS;
    case CUDA_ERROR_INVALID_CONTEXT: *pStr = "CUDA_ERROR_INVALID_CONTEXT"; return CUDA_SUCCESS;
    case CUDA_ERROR_NOT_FOUND: *pStr = "CUDA_ERROR_NOT_FOUND"; return CUDA_SUCCESS;
    default: *pStr = NULL; return CUDA_ERROR_INVALID_VALUE;
    }
}
CUresult cuGetErrorString(CUresult error, const char **pStr) {
    switch (error) {
    case CUDA_SUCCESS: *pStr = "no error"; return CUDA_SUCCESS;
    case CUDA_ERROR_INVALID_VALUE: *pStr = "invalid argument"; return CUDA_SUCCESS;
    case CUDA_ERROR_OUT_OF_MEMORY: *pStr = "out of memory"; return CUDA_SUCCESS;
    case CUDA_ERROR_INVALID_CONTEXT: *pStr = "invalid device context"; return CUDA_SUCCESS;
    case CUDA_ERROR_NOT_FOUND: *pStr = "named symbol not found"; return CUDA_SUCCESS;
    default: *pStr = NULL; return CUDA_ERROR_INVALID_VALUE;
    }
}
CUresult cuInit(unsigned int flags) { return flags ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS; }
/* NVRTC asks a driver already in the process for its private tables (it crashes when the
 * function is missing): this one has none to give. */
CUresult cuGetExportTable(const void **table, const CUuuid *id) {
    (void)id;
    *table = NULL;
    return CUDA_ERROR_NOT_SUPPORTED;
}
CUresult cuDriverGetVersion(int *v) { *v = CUDA_VERSION; return CUDA_SUCCESS; }
CUresult cuDeviceGetCount(int *count) { *count = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *device, int ordinal) {
    if (ordinal != 0) return CUDA_ERROR_INVALID_DEVICE;
    *device = 0;
    return CUDA_SUCCESS;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
    (void)dev;
    strncpy(name, "NVIDIA fake GPU (bench/fake_gpu.c)", len);
    name[len - 1] = 0;
    return CUDA_SUCCESS;
}
CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) { (void)dev; *bytes = TOTAL; return CUDA_SUCCESS; }
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute, CUdevice dev) {
    if (dev != 0) return CUDA_ERROR_INVALID_DEVICE;
    switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = 9; return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = 0; return CUDA_SUCCESS;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
}

#if CUDA_VERSION >= 13000
CUresult cuCtxCreate(CUcontext *pctx, CUctxCreateParams *params, unsigned int flags, CUdevice dev) {
    (void)params;
#else
CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev) {
#endif
    (void)flags;
    (void)dev;
    *pctx = calloc(1, sizeof **pctx);
    current = *pctx;
    return CUDA_SUCCESS;
}
CUresult cuCtxDestroy(CUcontext ctx) {
    if (!ctx || ctx->primary) return CUDA_ERROR_INVALID_CONTEXT;
    if (current == ctx) current = NULL;
    free(ctx);
    return CUDA_SUCCESS;
}
CUresult cuCtxGetCurrent(CUcontext *pctx) { *pctx = current; return CUDA_SUCCESS; }
CUresult cuCtxSetCurrent(CUcontext ctx) { current = ctx; return CUDA_SUCCESS; }
CUresult cuCtxSynchronize(void) { return current ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT; }
CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
    if (dev != 0) return CUDA_ERROR_INVALID_DEVICE;
    primary_uses++;
    *pctx = &primary_context;
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease(CUdevice dev) {
    if (dev != 0 || primary_uses == 0) return CUDA_ERROR_INVALID_CONTEXT;
    primary_uses--;
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxReset(CUdevice dev) { return dev == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE; }

CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize) {
    if (!current) return CUDA_ERROR_INVALID_CONTEXT;
    if (bytesize > TOTAL) return CUDA_ERROR_OUT_OF_MEMORY;
    *dptr = (CUdeviceptr)malloc(bytesize);
    return *dptr ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFree(CUdeviceptr dptr) { free((void *)dptr); return CUDA_SUCCESS; }
CUresult cuMemAllocHost(void **pp, size_t bytesize) {
    if (!current) return CUDA_ERROR_INVALID_CONTEXT;
    *pp = malloc(bytesize);
    return *pp ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFreeHost(void *p) { free(p); return CUDA_SUCCESS; }
CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t n) {
    copy_bytes((void *)dst, src, n);
    return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t n) {
    copy_bytes(dst, (const void *)src, n);
    return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *event, unsigned int flags) {
    (void)flags;
    *event = calloc(1, sizeof **event);
    return CUDA_SUCCESS;
}
CUresult cuEventDestroy(CUevent event) { free(event); return CUDA_SUCCESS; }
CUresult cuEventRecord(CUevent event, CUstream stream) { (void)stream; event->at = now_ms; return CUDA_SUCCESS; }
CUresult cuEventSynchronize(CUevent event) { (void)event; return CUDA_SUCCESS; }
CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end) {
    *ms = (float)(end->at - start->at);
    return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
    int cubin = !memcmp(image, "\177ELF", 4);
    if (!cubin && !strstr(image, ".entry vector_add")) return CUDA_ERROR_INVALID_IMAGE;
    *module = calloc(1, sizeof **module);
    (*module)->loaded = cubin ? 2 : 1;
    return CUDA_SUCCESS;
}
CUresult cuModuleUnload(CUmodule module) { free(module); return CUDA_SUCCESS; }
CUresult cuModuleGetFunction(CUfunction *f, CUmodule module, const char *name) {
    if (module->loaded == 2) {
        if (strcmp(name, "vectorAdd")) return CUDA_ERROR_NOT_FOUND;
        *f = &vector_add_from_cubin;
        return CUDA_SUCCESS;
    }
    if (strcmp(name, "vector_add")) return CUDA_ERROR_NOT_FOUND;
    *f = &vector_add;
    return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                        unsigned int by, unsigned int bz, unsigned int shared, CUstream stream, void **params,
                        void **extra) {
    (void)shared, (void)stream, (void)extra;
    if ((f != &vector_add && f != &vector_add_from_cubin) || !params) return CUDA_ERROR_INVALID_VALUE;
    float *a = *(float **)params[0], *b = *(float **)params[1], *c = *(float **)params[2];
    unsigned int n = *(unsigned int *)params[3];
    if ((unsigned long)gx * gy * gz * bx * by * bz < n) return CUDA_ERROR_INVALID_VALUE;
    for (unsigned int i = 0; i < n; i++) c[i] = a[i] + b[i];
    return CUDA_SUCCESS;
}
#endif

#ifdef FAKE_RUNTIME
#include <cuda.h>
#include <cuda_runtime_api.h>

struct CUstream_st { int stream; };
struct CUevent_st { double at; };

static __thread cudaError_t last_error;
static int device_ready;
static const size_t TOTAL = 16ul << 30;

static cudaError_t fail(cudaError_t code) {
    last_error = code;
    return code;
}

/* The runtime's use of the driver: the primary context of device 0, current on this thread. */
static cudaError_t ready(void) {
    if (device_ready) return cudaSuccess;
    void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!driver) return fail(cudaErrorInsufficientDriver);
    CUresult (*init)(unsigned int) = (CUresult(*)(unsigned int))dlsym(driver, "cuInit");
    CUresult (*retain)(CUcontext *, CUdevice) = (CUresult(*)(CUcontext *, CUdevice))dlsym(driver, "cuDevicePrimaryCtxRetain");
    CUresult (*set)(CUcontext) = (CUresult(*)(CUcontext))dlsym(driver, "cuCtxSetCurrent");
    CUcontext context;
    if (!init || !retain || !set || init(0) || retain(&context, 0) || set(context)) return fail(cudaErrorInitializationError);
    device_ready = 1;
    return cudaSuccess;
}

const char *cudaGetErrorName(cudaError_t error) {
    switch (error) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInitializationError: return "cudaErrorInitializationError";
    case cudaErrorInsufficientDriver: return "cudaErrorInsufficientDriver";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    default: return "unrecognized error code";
    }
}
const char *cudaGetErrorString(cudaError_t error) {
    switch (error) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInitializationError: return "initialization error";
    case cudaErrorInsufficientDriver: return "CUDA driver version is insufficient for CUDA runtime version";
    case cudaErrorInvalidDevice: return "invalid device ordinal";
    default: return "unrecognized error code";
    }
}
cudaError_t cudaGetLastError(void) {
    cudaError_t e = last_error;
    last_error = cudaSuccess;
    return e;
}
cudaError_t cudaPeekAtLastError(void) { return last_error; }
cudaError_t cudaRuntimeGetVersion(int *v) { *v = CUDART_VERSION; return cudaSuccess; }
cudaError_t cudaDriverGetVersion(int *v) { *v = CUDART_VERSION; return cudaSuccess; }
cudaError_t cudaGetDeviceCount(int *count) { *count = 1; return cudaSuccess; }
cudaError_t cudaSetDevice(int device) { return device == 0 ? ready() : fail(cudaErrorInvalidDevice); }
cudaError_t cudaGetDevice(int *device) { *device = 0; return cudaSuccess; }
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) {
    if (device != 0) return fail(cudaErrorInvalidDevice);
    memset(prop, 0, sizeof *prop);
    strcpy(prop->name, "NVIDIA fake GPU (bench/fake_gpu.c)");
    prop->totalGlobalMem = TOTAL;
    prop->multiProcessorCount = 2;
    prop->major = 9;
    return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize(void) { return ready(); }
cudaError_t cudaDeviceReset(void) { device_ready = 0; return cudaSuccess; }

cudaError_t cudaMalloc(void **p, size_t size) {
    if (ready()) return last_error;
    if (size > TOTAL || !(*p = malloc(size))) return fail(cudaErrorMemoryAllocation);
    return cudaSuccess;
}
cudaError_t cudaFree(void *p) {
    free(p);
    return ready();
}
cudaError_t cudaMallocHost(void **p, size_t size) {
    if (ready()) return last_error;
    return (*p = malloc(size)) ? cudaSuccess : fail(cudaErrorMemoryAllocation);
}
cudaError_t cudaFreeHost(void *p) { free(p); return cudaSuccess; }
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
    (void)kind;
    copy_bytes(dst, src, count);
    return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t s) {
    (void)s;
    return cudaMemcpy(dst, src, count, kind);
}
cudaError_t cudaMemsetAsync(void *p, int value, size_t count, cudaStream_t s) {
    (void)s;
    memset(p, value, count);
    return cudaSuccess;
}
cudaError_t cudaMemset(void *p, int value, size_t count) { return cudaMemsetAsync(p, value, count, 0); }
cudaError_t cudaStreamCreate(cudaStream_t *s) {
    if (ready()) return last_error;
    *s = calloc(1, sizeof **s);
    return cudaSuccess;
}
cudaError_t cudaStreamDestroy(cudaStream_t s) { free(s); return cudaSuccess; }
cudaError_t cudaStreamSynchronize(cudaStream_t s) { (void)s; return cudaSuccess; }
cudaError_t cudaEventCreate(cudaEvent_t *e) {
    if (ready()) return last_error;
    *e = calloc(1, sizeof **e);
    return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t e) { free(e); return cudaSuccess; }
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) { (void)s; e->at = now_ms; return cudaSuccess; }
cudaError_t cudaEventSynchronize(cudaEvent_t e) { (void)e; return cudaSuccess; }
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
    *ms = (float)(end->at - start->at);
    return cudaSuccess;
}
/* For the fake cuBLAS: work that takes `ms` on the GPU. */
void fake_gpu_advance(double ms) { now_ms += ms * noise(); }
#endif

#ifdef FAKE_CUBLAS
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

void fake_gpu_advance(double ms);

struct cublasContext { cublasMath_t math; };

const char *cublasGetStatusName(cublasStatus_t status) {
    switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    default: return "unrecognized status";
    }
}
const char *cublasGetStatusString(cublasStatus_t status) {
    switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "success";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "the library was not initialized";
    case CUBLAS_STATUS_INVALID_VALUE: return "an unsupported value or parameter was passed to the function";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "the requested functionality is not supported";
    default: return "unrecognized status";
    }
}
size_t cublasGetCudartVersion(void) { return CUDART_VERSION; }
cublasStatus_t cublasCreate(cublasHandle_t *handle) {
    if (cudaSetDevice(0) != cudaSuccess) return CUBLAS_STATUS_NOT_INITIALIZED;
    *handle = calloc(1, sizeof **handle);
    return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasDestroy(cublasHandle_t handle) { free(handle); return CUBLAS_STATUS_SUCCESS; }
cublasStatus_t cublasGetVersion(cublasHandle_t handle, int *version) {
    (void)handle;
    *version = CUBLAS_VERSION;
    return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode) {
    handle->math = mode;
    return CUBLAS_STATUS_SUCCESS;
}
static cublasStatus_t copy_strided(int n, int size, const void *x, int incx, void *y, int incy) {
    if (n < 0 || size <= 0 || incx <= 0 || incy <= 0) return CUBLAS_STATUS_INVALID_VALUE;
    for (int i = 0; i < n; i++) memcpy((char *)y + (size_t)i * incy * size, (const char *)x + (size_t)i * incx * size, size);
    fake_gpu_advance(0.004 + (double)n * size / 50e9 * 1e3);
    return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetVector(int n, int size, const void *x, int incx, void *y, int incy) {
    return copy_strided(n, size, x, incx, y, incy);
}
cublasStatus_t cublasGetVector(int n, int size, const void *x, int incx, void *y, int incy) {
    return copy_strided(n, size, x, incx, y, incy);
}
/* Column-major C = alpha A B + beta C, no transposes, on the host when small: element i of a
 * matrix of type `bf16` or float. */
static float get(const void *p, int bf16, size_t i) {
    if (!bf16) return ((const float *)p)[i];
    unsigned bits = (unsigned)((const unsigned short *)p)[i] << 16;
    float x;
    memcpy(&x, &bits, 4);
    return x;
}
static cublasStatus_t gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, float alpha,
                           const void *a, int lda, const void *b, int ldb, float beta, void *c, int ldc,
                           int bf16, double tflops) {
    if (ta != CUBLAS_OP_N || tb != CUBLAS_OP_N) return CUBLAS_STATUS_NOT_SUPPORTED;
    if (m < 0 || n < 0 || k < 0 || lda < m || ldb < k || ldc < m) return CUBLAS_STATUS_INVALID_VALUE;
    if ((double)m * n * k <= (1 << 28)) {
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                float sum = 0;
                for (int l = 0; l < k; l++) sum += get(a, bf16, (size_t)l * lda + i) * get(b, bf16, (size_t)j * ldb + l);
                size_t at = (size_t)j * ldc + i;
                float value = alpha * sum + (beta != 0 ? beta * get(c, bf16, at) : 0);
                if (bf16) {
                    unsigned bits;
                    memcpy(&bits, &value, 4);
                    ((unsigned short *)c)[at] = (unsigned short)(bits >> 16);
                } else {
                    ((float *)c)[at] = value;
                }
            }
    }
    fake_gpu_advance(0.005 + 2.0 * m * n * k / (tflops * 1e12) * 1e3);
    return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSgemm(cublasHandle_t handle, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                           const float *alpha, const float *a, int lda, const float *b, int ldb,
                           const float *beta, float *c, int ldc) {
    double rate = handle->math == CUBLAS_TF32_TENSOR_OP_MATH ? 400 : 50;
    return gemm(ta, tb, m, n, k, *alpha, a, lda, b, ldb, *beta, c, ldc, 0, rate);
}
cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                            const void *alpha, const void *a, cudaDataType at, int lda, const void *b,
                            cudaDataType bt, int ldb, const void *beta, void *c, cudaDataType ct, int ldc,
                            cublasComputeType_t compute, cublasGemmAlgo_t algo) {
    (void)handle;
    (void)algo;
    if (at != CUDA_R_16BF || bt != CUDA_R_16BF || ct != CUDA_R_16BF || compute != CUBLAS_COMPUTE_32F)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    return gemm(ta, tb, m, n, k, *(const float *)alpha, a, lda, b, ldb, *(const float *)beta, c, ldc, 1, 800);
}
#endif

#ifdef FAKE_CUFFT
/* The fake cuFFT (libcufft.so.<its major>, linked to the fake runtime): plans remember their
 * size, and a transform takes a fixed time per point. */
#include <cufft.h>

void fake_gpu_advance(double ms);

static size_t plan_points[64];
static int plans;

cufftResult cufftGetVersion(int *version) { *version = CUFFT_VERSION; return CUFFT_SUCCESS; }
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
                          int *onembed, int ostride, int odist, cufftType type, int batch) {
    (void)inembed, (void)istride, (void)idist, (void)onembed, (void)ostride, (void)odist;
    if (rank < 1 || rank > 3 || batch < 1 || type != CUFFT_C2C || plans == 64) return CUFFT_INVALID_VALUE;
    size_t points = (size_t)batch;
    for (int i = 0; i < rank; i++) points *= (size_t)n[i];
    plan_points[plans] = points;
    *plan = plans++;
    return CUFFT_SUCCESS;
}
cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction) {
    (void)idata, (void)odata, (void)direction;
    if (plan < 0 || plan >= plans) return CUFFT_INVALID_PLAN;
    fake_gpu_advance((double)plan_points[plan] * 1e-6);
    return CUFFT_SUCCESS;
}
cufftResult cufftDestroy(cufftHandle plan) { return plan >= 0 && plan < plans ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN; }
#endif

#ifdef FAKE_CURAND
/* The fake cuRAND (libcurand.so.10, linked to the fake runtime): a generator is its type, and
 * generating takes a fixed time per number. */
#include <curand.h>

void fake_gpu_advance(double ms);

struct curandGenerator_st { curandRngType_t type; };

curandStatus_t curandGetVersion(int *version) { *version = CURAND_VERSION; return CURAND_STATUS_SUCCESS; }
curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t type) {
    *generator = calloc(1, sizeof **generator);
    if (!*generator) return CURAND_STATUS_ALLOCATION_FAILED;
    (*generator)->type = type;
    return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed) {
    (void)seed;
    return generator ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *output, size_t n) {
    (void)output;
    if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
    fake_gpu_advance((double)n * (generator->type == CURAND_RNG_PSEUDO_XORWOW ? 2e-7 : 1.5e-7));
    return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandDestroyGenerator(curandGenerator_t generator) { free(generator); return CURAND_STATUS_SUCCESS; }
#endif
