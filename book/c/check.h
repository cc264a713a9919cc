/* What every C counterpart of the lessons shares: the samples' check macro, returning from
 * main with the driver's (or the runtime's) name for the error, and reading a PTX file. */
#ifndef LESSONS_CHECK_H
#define LESSONS_CHECK_H
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                  \
    do {                                                                             \
        CUresult r_ = (call);                                                        \
        if (r_ != CUDA_SUCCESS) {                                                    \
            const char *name_ = NULL, *text_ = NULL;                                 \
            cuGetErrorName(r_, &name_);                                              \
            cuGetErrorString(r_, &text_);                                            \
            fprintf(stderr, "%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, \
                    __LINE__, #call, name_, text_);                                  \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)

/* The whole file, NUL-terminated, as cuModuleLoadData wants PTX (the Rust lessons embed it
 * with include_str! instead). */
static inline char *read_ptx(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *text = (char *)malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "could not read %s\n", path);
        exit(1);
    }
    text[size] = '\0';
    fclose(f);
    return text;
}

/* cuInit, then a context on `device` (cuCtxCreate's arguments changed in CUDA 13). */
static inline CUcontext init_context(CUdevice device) {
    CUcontext context = NULL;
    CHECK(cuInit(0));
#if CUDA_VERSION >= 13000
    CHECK(cuCtxCreate(&context, NULL, CU_CTX_SCHED_AUTO, device));
#else
    CHECK(cuCtxCreate(&context, CU_CTX_SCHED_AUTO, device));
#endif
    return context;
}
#endif
