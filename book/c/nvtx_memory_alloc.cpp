// Lesson 1 with NVTX ranges, the C++: memory_alloc.cpp with a range around each step
// (nvtx3/nvToolsExt.h is header-only: no library to link; a profiler's tool is loaded by the
// first NVTX call when NVTX_INJECTION64_PATH names it).
// needs: CUDA_VERSION >= 13000
#include <cuda.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCuda.h>
#include <stdio.h>

#define checkDriver(op) __check_cuda_driver((op), #op, __FILE__, __LINE__)

bool __check_cuda_driver(CUresult code, const char* op, const char* file, int line) {
    if (code != CUresult::CUDA_SUCCESS) {
        const char* err_name = nullptr;
        const char* err_message = nullptr;
        cuGetErrorName(code, &err_name);
        cuGetErrorString(code, &err_message);
        printf("%s:%d %s failed. \n code = %s, message = %s\n", file, line, op, err_name, err_message);
        return false;
    }
    return true;
}

int main() {
    nvtxRangePushA("memory_alloc");

    // 1. Initialise the driver.
    nvtxRangePushA("1. cuInit");
    checkDriver(cuInit(0));
    nvtxRangePop();

    // 2. A context on device 0, named on the timeline.
    nvtxRangePushA("2. cuCtxCreate");
    CUcontext context = nullptr;
    CUdevice device = 0;
#if CUDA_VERSION >= 13000 // CUDA 13's cuCtxCreate takes a CUctxCreateParams* second (null here)
    checkDriver(cuCtxCreate(&context, nullptr, CU_CTX_SCHED_AUTO, device));
#else
    checkDriver(cuCtxCreate(&context, CU_CTX_SCHED_AUTO, device));
#endif
    nvtxNameCuContextA(context, "lesson context");
    nvtxRangePop();
    printf("context = %p\n", context);

    // 3. Linear device memory.
    nvtxRangePushA("3. cuMemAlloc");
    CUdeviceptr device_memory_pointer = 0;
    checkDriver(cuMemAlloc(&device_memory_pointer, 100));
    nvtxRangePop();
    printf("device_memory_pointer = %p\n", (void*)device_memory_pointer);

    // 4. Page-locked host memory.
    nvtxRangePushA("4. cuMemAllocHost");
    float* host_page_locked_memory = nullptr;
    checkDriver(cuMemAllocHost((void**)&host_page_locked_memory, 100));
    nvtxRangePop();
    printf("host_page_locked_memory = %p\n", host_page_locked_memory);

    // 5. The CPU writes it: a mark.
    host_page_locked_memory[0] = 123;
    nvtxMarkA("5. the CPU wrote 123");
    printf("host_page_locked_memory[0] = %f\n", host_page_locked_memory[0]);

    // 6. cuMemsetD32 with a float's bits.
    nvtxRangePushA("6. cuMemsetD32");
    float new_value = 555;
    checkDriver(cuMemsetD32((CUdeviceptr)host_page_locked_memory, *(int*)&new_value, 1));
    nvtxRangePop();
    printf("host_page_locked_memory[0] = %f\n", host_page_locked_memory[0]);

    // 7. Free.
    nvtxRangePushA("7. free");
    checkDriver(cuMemFreeHost(host_page_locked_memory));
    checkDriver(cuMemFree(device_memory_pointer));
    checkDriver(cuCtxDestroy(context));
    nvtxRangePop();

    nvtxRangePop();
    return 0;
}
