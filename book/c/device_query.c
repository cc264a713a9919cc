/* Lesson 3, in C: what the driver knows about the machine, the way NVIDIA's deviceQueryDrv
 * sample asks (this is our own short version of it). */
#include <cuda.h>
#include <stdio.h>

#define CHECK(call)                                                                  \
    do {                                                                             \
        CUresult r_ = (call);                                                        \
        if (r_ != CUDA_SUCCESS) {                                                    \
            const char *name_ = NULL;                                                \
            cuGetErrorName(r_, &name_);                                              \
            fprintf(stderr, "%s:%d %s failed: %s\n", __FILE__, __LINE__, #call, name_); \
            return 1;                                                                \
        }                                                                            \
    } while (0)

int main(void) {
    CHECK(cuInit(0));
    int version = 0;
    CHECK(cuDriverGetVersion(&version));
    printf("driver supports CUDA %d.%d (%d)\n", version / 1000, version % 1000 / 10, version);
    printf("bindings from cuda.h %d.%d (%d)\n", CUDA_VERSION / 1000, CUDA_VERSION % 1000 / 10, CUDA_VERSION);

    int count = 0;
    CHECK(cuDeviceGetCount(&count));
    printf("%d device(s)\n", count);
    for (int ordinal = 0; ordinal < count; ordinal++) {
        CUdevice device;
        CHECK(cuDeviceGet(&device, ordinal));

        char name[256];
        CHECK(cuDeviceGetName(name, sizeof name, device));

        size_t bytes = 0;
        CHECK(cuDeviceTotalMem(&bytes, device));

        int major, minor, sms, clock_khz, bus_bits, l2, managed;
        CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device));
        CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device));
        CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device));
        CHECK(cuDeviceGetAttribute(&clock_khz, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, device));
        CHECK(cuDeviceGetAttribute(&bus_bits, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, device));
        CHECK(cuDeviceGetAttribute(&l2, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, device));
        CHECK(cuDeviceGetAttribute(&managed, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, device));

        printf("device %d: %s\n", ordinal, name);
        printf("  memory             %.1f GiB (%zu bytes)\n", bytes / (double)(1ull << 30), bytes);
        printf("  compute capability %d.%d\n", major, minor);
        printf("  multiprocessors    %d\n", sms);
        printf("  clock              %d MHz\n", clock_khz / 1000);
        printf("  memory bus         %d bits\n", bus_bits);
        printf("  L2 cache           %d MiB\n", l2 >> 20);
        printf("  managed memory     %s\n", managed ? "yes" : "no");
    }
    return 0;
}
