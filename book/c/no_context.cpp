// Lesson 2, the C++ original: lesson 1's program with cuCtxCreate left out, as the lesson
// "CUDA Driver API 内存分配" suggests trying. The allocation is the first call that needs a context.
#include <cuda.h>
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
    checkDriver(cuInit(0));
    // No cuCtxCreate: this thread has no current context.
    CUcontext current = nullptr;
    checkDriver(cuCtxGetCurrent(&current));
    printf("current context = %p\n", current);

    CUdeviceptr device_memory_pointer = 0;
    if (!checkDriver(cuMemAlloc(&device_memory_pointer, 100))) {
        return 0; // the failure is the lesson: the macro has printed it
    }
    printf("cuMemAlloc succeeded without a context: did something make one current?\n");
    checkDriver(cuMemFree(device_memory_pointer));
    return 1;
}
