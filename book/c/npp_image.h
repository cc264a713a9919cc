// What the NPP lessons' C++ twins share: their check macros, and an 8-bit grey image read from
// and written to a binary PGM file (P5) in a few lines of our own, where NVIDIA's samples go
// through FreeImage (Common/UtilNPP/ImageIO.h). The file written has the header FreeImage
// writes ("P5\n<width> <height>\n255\n", then the rows top first): the same bytes.
#ifndef LESSONS_NPP_IMAGE_H
#define LESSONS_NPP_IMAGE_H
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include <npp.h>

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

struct GreyImage {
    int width = 0, height = 0;
    std::vector<Npp8u> pixels; // row after row, `width` bytes apart
};

// The next number of a PGM header, after white space and # comments, and the one byte after
// it, which must be white space; -1 when there is none.
static int pgm_number(FILE *f) {
    int c = fgetc(f);
    for (;;) {
        if (c == '#')
            while (c != '\n' && c != EOF) c = fgetc(f);
        else if (c != EOF && isspace(c))
            c = fgetc(f);
        else
            break;
    }
    int value = -1;
    while (c >= '0' && c <= '9' && value < 1000000) {
        value = (value < 0 ? 0 : value * 10) + (c - '0');
        c = fgetc(f);
    }
    return c != EOF && isspace(c) ? value : -1;
}

// False, saying why on stderr, unless `path` is a binary PGM of 8-bit pixels.
static bool read_pgm(const std::string &path, GreyImage &image) {
    FILE *f = fopen(path.c_str(), "rb");
    if (!f) {
        perror(path.c_str());
        return false;
    }
    int width = -1, height = -1, largest = -1;
    if (fgetc(f) == 'P' && fgetc(f) == '5') {
        width = pgm_number(f);
        height = pgm_number(f);
        largest = pgm_number(f);
    }
    bool ok = width > 0 && height > 0 && largest > 0 && largest <= 255;
    if (ok) {
        image.width = width;
        image.height = height;
        image.pixels.resize((size_t)width * height);
        ok = fread(image.pixels.data(), 1, image.pixels.size(), f) == image.pixels.size();
    }
    fclose(f);
    if (!ok) fprintf(stderr, "%s: not a binary PGM of 8-bit grey pixels\n", path.c_str());
    return ok;
}

static bool write_pgm(const std::string &path, const GreyImage &image) {
    FILE *f = fopen(path.c_str(), "wb");
    if (!f) {
        perror(path.c_str());
        return false;
    }
    fprintf(f, "P5\n%d %d\n255\n", image.width, image.height);
    bool ok = fwrite(image.pixels.data(), 1, image.pixels.size(), f) == image.pixels.size();
    return fclose(f) == 0 && ok;
}

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

// `path` less its extension, plus `suffix`: where the samples save their result.
static std::string result_name(std::string path, const char *suffix) {
    std::string::size_type dot = path.rfind('.');
    if (dot != std::string::npos) path.erase(dot);
    return path + suffix;
}
#endif
