// Lesson 1, the C++ original: the program of the lesson "CUDA Driver API 内存分配" (the seed of
// this project), laid out one statement per line, with the step numbers the Rust port uses.
#include <cuda.h>
#include <stdio.h>
#include <string.h>

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
    // 1. Initialise the driver.
    checkDriver(cuInit(0));

    // 2. A context on device 0.
    CUcontext context = nullptr;
    CUdevice device = 0;
#if CUDA_VERSION >= 13000 // CUDA 13's cuCtxCreate takes a CUctxCreateParams* second (null here)
    checkDriver(cuCtxCreate(&context, nullptr, CU_CTX_SCHED_AUTO, device));
#else
    checkDriver(cuCtxCreate(&context, CU_CTX_SCHED_AUTO, device));
#endif
    printf("context = %p\n", context);

    // 3. Linear device memory.
    CUdeviceptr device_memory_pointer = 0;
    checkDriver(cuMemAlloc(&device_memory_pointer, 100));
    printf("device_memory_pointer = %p\n", (void*)device_memory_pointer);

    // 4. Page-locked host memory.
    float* host_page_locked_memory = nullptr;
    checkDriver(cuMemAllocHost((void**)&host_page_locked_memory, 100));
    printf("host_page_locked_memory = %p\n", host_page_locked_memory);

    // 5. The CPU writes it.
    host_page_locked_memory[0] = 123;
    printf("host_page_locked_memory[0] = %f\n", host_page_locked_memory[0]);

    // 6. cuMemsetD32 with a float's bits.
    float new_value = 555;
    checkDriver(cuMemsetD32((CUdeviceptr)host_page_locked_memory, *(int*)&new_value, 1));
    printf("host_page_locked_memory[0] = %f\n", host_page_locked_memory[0]);

    // 7. Free (the original stops after cuMemFreeHost; the lesson adds cuMemFree).
    checkDriver(cuMemFreeHost(host_page_locked_memory));
    checkDriver(cuMemFree(device_memory_pointer));
    return 0;
}
