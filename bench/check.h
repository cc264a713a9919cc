/* What both C references share: the check on every call, and cuCtxCreate as the header spells it. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                            \
    do {                                                                       \
        CUresult code = (call);                                                \
        if (code != CUDA_SUCCESS) {                                            \
            fprintf(stderr, "%s failed: %d\n", #call, (int)code);              \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

/* cuInit, then a context on device 0. CUDA 13's cuCtxCreate takes a CUctxCreateParams*. */
static CUcontext create_context(void) {
    CUcontext context;
    CHECK(cuInit(0));
#if CUDA_VERSION >= 13000
    CHECK(cuCtxCreate(&context, NULL, CU_CTX_SCHED_AUTO, 0));
#else
    CHECK(cuCtxCreate(&context, CU_CTX_SCHED_AUTO, 0));
#endif
    return context;
}
