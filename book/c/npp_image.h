// What the NPP lessons' C++ twins share: their check macros, the stream context, the versions
// they print, and their images, read and written as binary PGM by pgm.h where NVIDIA's samples
// go through FreeImage (Common/UtilNPP/ImageIO.h).
#ifndef LESSONS_NPP_IMAGE_H
#define LESSONS_NPP_IMAGE_H
#include <cstdio>
#include <cstdlib>
#include <string>
#include <cuda_runtime.h>
#include <npp.h>

#include "pgm.h"

#define checkCuda(call)                                                                      \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            fprintf(stderr, "%s:%d %s failed: %s\n", __FILE__, __LINE__, #call,              \
                    cudaGetErrorName(e_));                                                   \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)
#define checkNpp(call)                                                                       \
    do {                                                                                     \
        NppStatus s_ = (call);                                                               \
        if (s_ != NPP_SUCCESS) {                                                             \
            fprintf(stderr, "%s:%d %s failed: NppStatus %d\n", __FILE__, __LINE__, #call,   \
                    (int)s_);                                                                \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

// ANCHOR: context
// The stream context every _Ctx function takes: the NULL stream, and what NPP would otherwise
// ask the runtime about the current device on every call.
static NppStreamContext stream_context() {
    NppStreamContext ctx = {};
    ctx.hStream = 0;
    checkCuda(cudaGetDevice(&ctx.nCudaDeviceId));
    checkCuda(cudaDeviceGetAttribute(&ctx.nCudaDevAttrComputeCapabilityMajor,
                                     cudaDevAttrComputeCapabilityMajor, ctx.nCudaDeviceId));
    checkCuda(cudaDeviceGetAttribute(&ctx.nCudaDevAttrComputeCapabilityMinor,
                                     cudaDevAttrComputeCapabilityMinor, ctx.nCudaDeviceId));
    checkCuda(cudaStreamGetFlags(ctx.hStream, &ctx.nStreamFlags));
    cudaDeviceProp prop;
    checkCuda(cudaGetDeviceProperties(&prop, ctx.nCudaDeviceId));
    ctx.nMultiProcessorCount = prop.multiProcessorCount;
    ctx.nMaxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    ctx.nMaxThreadsPerBlock = prop.maxThreadsPerBlock;
    ctx.nSharedMemPerBlock = prop.sharedMemPerBlock;
    return ctx;
}
// ANCHOR_END: context

// The versions lines both samples print first.
static void print_versions() {
    const NppLibraryVersion *v = nppGetLibVersion();
    printf("NPP Library Version %d.%d.%d\n", v->major, v->minor, v->build);
    int driver = 0, runtime = 0;
    checkCuda(cudaDriverGetVersion(&driver));
    checkCuda(cudaRuntimeGetVersion(&runtime));
    printf("CUDA Driver  Version: %d.%d\n", driver / 1000, (driver % 100) / 10);
    printf("CUDA Runtime Version: %d.%d\n\n", runtime / 1000, (runtime % 100) / 10);
}

// The image argv[1] names (else teapot512.pgm) read into `image`, said as `sample` says it; the
// path of the result in `output`: argv[2], else the input's less its extension plus `suffix`.
static bool open_image(int argc, char **argv, const char *sample, const char *suffix, GreyImage &image,
                       std::string &output) {
    std::string input = argc > 1 ? argv[1] : "teapot512.pgm";
    output = argc > 2 ? argv[2] : input.substr(0, input.rfind('.')) + suffix;
    if (!read_pgm(input, image)) {
        printf("%s unable to open: <%s>\n", sample, input.c_str());
        return false;
    }
    printf("%s opened: <%s> successfully!\n", sample, input.c_str());
    return true;
}

// A device image of the host image's size, each row `*pitch` bytes after the one before (as
// nppiMalloc chose), holding its pixels when `upload`.
static Npp8u *device_image(const GreyImage &host, int *pitch, bool upload) {
    Npp8u *image = nppiMalloc_8u_C1(host.width, host.height, pitch);
    if (!image) {
        fprintf(stderr, "nppiMalloc_8u_C1 failed\n");
        exit(1);
    }
    if (upload)
        checkCuda(cudaMemcpy2D(image, *pitch, host.pixels.data(), host.width, host.width, host.height,
                               cudaMemcpyHostToDevice));
    return image;
}

// A device image's pixels, `pitch` bytes a row, into a host image of the same size.
static GreyImage download(const Npp8u *image, int pitch, const GreyImage &like) {
    GreyImage result = like;
    checkCuda(cudaMemcpy2D(result.pixels.data(), result.width, image, pitch, result.width, result.height,
                           cudaMemcpyDeviceToHost));
    return result;
}
#endif
