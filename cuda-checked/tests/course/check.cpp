// The C++ side of tests/course.rs: the check functions of the course
// jinmin527/learning-cuda-trt (driver chapter 1.3 and the runtime chapters) and of NVIDIA's
// cuda-samples (Common/helper_cuda.h), with their printf formats exactly as those print them,
// called on a failing call with the call's text, file and line the Rust side printed, so that
// both outputs must be the same bytes.
//
//   check KIND OP FILE LINE    KIND: driver | runtime | samples-driver | samples-runtime
//
// Compiled with -DWITH_DRIVER for the driver kinds (linked against a fake libcuda), without it
// for the runtime kinds (linked against NVIDIA's libcudart, run where no driver is).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#ifdef WITH_DRIVER
#include <cuda.h>
#endif
#include <cuda_runtime_api.h>

#ifdef WITH_DRIVER
// The course's __check_cuda_driver (chapter 1.3): its printf format, byte for byte.
static bool check_cuda_driver(CUresult code, const char* op, const char* file, int line) {
    if (code != CUresult::CUDA_SUCCESS) {
        const char* err_name = nullptr;
        const char* err_message = nullptr;
        cuGetErrorName(code, &err_name);
        cuGetErrorString(code, &err_message);
        printf("%s:%d  %s failed. \n  code = %s, message = %s\n", file, line, op, err_name, err_message);
        return false;
    }
    return true;
}

// helper_cuda.h's _cudaGetErrorEnum for CUresult.
static const char* error_enum(CUresult error) {
    static char unknown[] = "<unknown>";
    const char* ret = NULL;
    cuGetErrorName(error, &ret);
    return ret ? ret : unknown;
}
#endif

// The course's __check_cuda_runtime: its printf format, byte for byte.
static bool check_cuda_runtime(cudaError_t code, const char* op, const char* file, int line) {
    if (code != cudaSuccess) {
        const char* err_name = cudaGetErrorName(code);
        const char* err_message = cudaGetErrorString(code);
        printf("runtime error %s:%d  %s failed. \n  code = %s, message = %s\n", file, line, op, err_name, err_message);
        return false;
    }
    return true;
}

static const char* error_enum(cudaError_t error) { return cudaGetErrorName(error); }

// helper_cuda.h's check (what checkCudaErrors expands to): its fprintf format, byte for byte.
template <typename T>
static void check(T result, char const* const func, const char* const file, int const line) {
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line,
                static_cast<unsigned int>(result), error_enum(result), func);
        exit(EXIT_FAILURE);
    }
}

int main(int argc, char** argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: check KIND OP FILE LINE\n");
        return 2;
    }
    const char *kind = argv[1], *op = argv[2], *file = argv[3];
    int line = atoi(argv[4]);
#ifdef WITH_DRIVER
    // The same failing call as the Rust side's: the fake driver has no device.
    cuInit(0);
    CUdevice device = 0;
    CUresult driver = cuDeviceGet(&device, 0);
    if (!strcmp(kind, "driver")) {
        bool ok = check_cuda_driver(driver, op, file, line);
        printf("returned %s\n", ok ? "true" : "false");
        return 0;
    }
    if (!strcmp(kind, "samples-driver")) check(driver, op, file, line);
#else
    // Without a driver, NVIDIA's runtime answers this with its own error.
    cudaError_t runtime = cudaSetDevice(0);
    if (!strcmp(kind, "runtime")) {
        bool ok = check_cuda_runtime(runtime, op, file, line);
        printf("returned %s\n", ok ? "true" : "false");
        return 0;
    }
    if (!strcmp(kind, "samples-runtime")) check(runtime, op, file, line);
#endif
    return 0;
}
