/* With -DDLOPEN_LIBCUDA (included by check.h, after cuda.h), the C references load libcuda
 * the way libcuda-sys's default build does, instead of linking it: dlopen("libcuda.so.1",
 * RTLD_NOW | RTLD_LOCAL), then dlsym of each function's symbol, the name the header maps the
 * call to (cuMemcpyHtoD is cuMemcpyHtoD_v2, cuCtxCreate is cuCtxCreate_v4 from CUDA 13). Each
 * call then goes through a pointer, as the Rust goes through its slot. The program's calls
 * stay as written: below, each name becomes a call through its pointer. */
#include <dlfcn.h>

/* Every function the references call. */
#define DLOPEN_FUNCTIONS(X)                                                    \
    X(cuInit) X(cuCtxCreate) X(cuCtxDestroy) X(cuCtxGetCurrent) X(cuDeviceGet) \
    X(cuDeviceGetName) X(cuMemAlloc) X(cuMemFree) X(cuMemAllocHost)            \
    X(cuMemFreeHost) X(cuMemcpyHtoD) X(cuMemcpyDtoH) X(cuEventCreate)          \
    X(cuEventDestroy) X(cuEventRecord) X(cuEventSynchronize) X(cuEventElapsedTime)

/* The symbol of a name: the argument is macro-expanded first, so "cuMemcpyHtoD_v2". */
#define DLOPEN_STRING(symbol) #symbol
#define DLOPEN_SYMBOL(name) DLOPEN_STRING(name)

/* static CUresult (*dl_cuMemcpyHtoD)(CUdeviceptr, const void *, size_t); and so on: the type
 * of the function the header declares (`f` is expanded, `dl_##f` is not). */
#define DLOPEN_DECLARE(f) static __typeof__(f) *dl_##f;
DLOPEN_FUNCTIONS(DLOPEN_DECLARE)

static void load_libcuda(void) {
    void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        exit(1);
    }
#define DLOPEN_RESOLVE(f)                                                      \
    dl_##f = (__typeof__(dl_##f))dlsym(library, DLOPEN_SYMBOL(f));             \
    if (!dl_##f) {                                                             \
        fprintf(stderr, "libcuda.so.1 has no %s\n", DLOPEN_SYMBOL(f));         \
        exit(1);                                                               \
    }
    DLOPEN_FUNCTIONS(DLOPEN_RESOLVE)
}

/* From here on each name calls through its pointer. (#undef: the header defines some.) */
#undef cuInit
#define cuInit (*dl_cuInit)
#undef cuCtxCreate
#define cuCtxCreate (*dl_cuCtxCreate)
#undef cuCtxDestroy
#define cuCtxDestroy (*dl_cuCtxDestroy)
#undef cuCtxGetCurrent
#define cuCtxGetCurrent (*dl_cuCtxGetCurrent)
#undef cuDeviceGet
#define cuDeviceGet (*dl_cuDeviceGet)
#undef cuDeviceGetName
#define cuDeviceGetName (*dl_cuDeviceGetName)
#undef cuMemAlloc
#define cuMemAlloc (*dl_cuMemAlloc)
#undef cuMemFree
#define cuMemFree (*dl_cuMemFree)
#undef cuMemAllocHost
#define cuMemAllocHost (*dl_cuMemAllocHost)
#undef cuMemFreeHost
#define cuMemFreeHost (*dl_cuMemFreeHost)
#undef cuMemcpyHtoD
#define cuMemcpyHtoD (*dl_cuMemcpyHtoD)
#undef cuMemcpyDtoH
#define cuMemcpyDtoH (*dl_cuMemcpyDtoH)
#undef cuEventCreate
#define cuEventCreate (*dl_cuEventCreate)
#undef cuEventDestroy
#define cuEventDestroy (*dl_cuEventDestroy)
#undef cuEventRecord
#define cuEventRecord (*dl_cuEventRecord)
#undef cuEventSynchronize
#define cuEventSynchronize (*dl_cuEventSynchronize)
#undef cuEventElapsedTime
#define cuEventElapsedTime (*dl_cuEventElapsedTime)
