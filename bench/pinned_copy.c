/* The C twin of bench/pinned_copy.rs: the pinned half of bandwidth.c, with its code
 * (bandwidth.h), the same calls in the same order as the Rust. Built two ways:
 *   gcc -O2 pinned_copy.c -I/usr/local/cuda/include -lcuda                 (linked, as C usually is)
 *   gcc -O2 pinned_copy.c -I/usr/local/cuda/include -DDLOPEN_LIBCUDA -ldl  (loaded with dlopen at
 *       start, as libcuda-sys's default build loads it: see dlopen_cuda.h) */
#include "bandwidth.h"

int main(void) {
    CUcontext context = create_context();
    CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
    void *pinned;
    CHECK(cuMemAllocHost(&pinned, MAX_SIZE));
    memset(pinned, 1, MAX_SIZE);
    CUdeviceptr device;
    CHECK(cuMemAlloc(&device, MAX_SIZE));
#ifdef DLOPEN_LIBCUDA
    printf("# c-dlopen: GB/s, median of %d timed batches\n", TRIALS);
#else
    printf("# c-link: GB/s, median of %d timed batches\n", TRIALS);
#endif
    printf("%10s %13s %13s\n", "size", "H2D pinned", "D2H pinned");
    for (size_t size = MIN_SIZE; size <= MAX_SIZE; size *= 2) {
        char label[32];
        human(size, label);
        double h2d = bandwidth(1, pinned, device, size);
        double d2h = bandwidth(0, pinned, device, size);
        printf("%10s %13.4f %13.4f\n", label, h2d, d2h);
    }
    CHECK(cuEventDestroy(start));
    CHECK(cuEventDestroy(stop));
    CHECK(cuMemFree(device));
    CHECK(cuMemFreeHost(pinned));
    CHECK(cuCtxDestroy(context));
    return 0;
}
