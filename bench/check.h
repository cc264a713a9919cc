/* What the Driver API references share: the check on every call, cuCtxCreate as the header
 * spells it, and with -DDLOPEN_LIBCUDA libcuda loaded with dlopen instead of linked. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef DLOPEN_LIBCUDA
#include "dlopen_cuda.h"
#endif

#define CHECK(call)                                                            \
    do {                                                                       \
        CUresult code = (call);                                                \
        if (code != CUDA_SUCCESS) {                                            \
            fprintf(stderr, "%s failed: %d\n", #call, (int)code);              \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

/* (libcuda loaded,) cuInit, then a context on device 0. CUDA 13's cuCtxCreate takes a
 * CUctxCreateParams*. */
static CUcontext create_context(void) {
    CUcontext context;
#ifdef DLOPEN_LIBCUDA
    load_libcuda();
#endif
    CHECK(cuInit(0));
#if CUDA_VERSION >= 13000
    CHECK(cuCtxCreate(&context, NULL, CU_CTX_SCHED_AUTO, 0));
#else
    CHECK(cuCtxCreate(&context, CU_CTX_SCHED_AUTO, 0));
#endif
    return context;
}
