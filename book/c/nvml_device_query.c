/* Lesson 43, in C: the lines of
 * nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used,temperature.gpu,power.draw,utilization.gpu --format=csv
 * asked of NVML directly. Link with -lnvidia-ml (the driver's library). */
#include <nvml.h>
#include <stdio.h>

#define CHECK(call)                                                                  \
    do {                                                                             \
        nvmlReturn_t r_ = (call);                                                    \
        if (r_ != NVML_SUCCESS) {                                                    \
            fprintf(stderr, "%s:%d %s failed. \n code = %d, message = %s\n", __FILE__, \
                    __LINE__, #call, (int)r_, nvmlErrorString(r_));                  \
            return 1;                                                                \
        }                                                                            \
    } while (0)

/* A value, or nvidia-smi's [N/A] where the GPU does not report it. */
#define OR_NA(code, out, ...)                                                        \
    do {                                                                             \
        nvmlReturn_t r_ = (code);                                                    \
        if (r_ == NVML_ERROR_NOT_SUPPORTED)                                          \
            snprintf(out, sizeof out, "[N/A]");                                      \
        else {                                                                       \
            CHECK(r_);                                                               \
            snprintf(out, sizeof out, __VA_ARGS__);                                  \
        }                                                                            \
    } while (0)

int main(void) {
    CHECK(nvmlInit());
    char driver[NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE];
    CHECK(nvmlSystemGetDriverVersion(driver, sizeof driver));

    printf("name, driver_version, memory.total [MiB], memory.used [MiB], temperature.gpu, power.draw [W], "
           "utilization.gpu [%%]\n");
    unsigned int count = 0;
    CHECK(nvmlDeviceGetCount(&count));
    for (unsigned int index = 0; index < count; index++) {
        nvmlDevice_t device;
        CHECK(nvmlDeviceGetHandleByIndex(index, &device));

        char name[NVML_DEVICE_NAME_V2_BUFFER_SIZE];
        CHECK(nvmlDeviceGetName(device, name, sizeof name));

        /* Version 2, as nvidia-smi reads it: used without the memory the driver reserves. */
        nvmlMemory_v2_t memory = {0};
        memory.version = nvmlMemory_v2;
        CHECK(nvmlDeviceGetMemoryInfo_v2(device, &memory));

        char temperature[16], power[32], busy[16];
        unsigned int celsius = 0, milliwatts = 0;
        nvmlUtilization_t utilization = {0};
        /* Deprecated from CUDA 13.0's nvml.h on, for nvmlDeviceGetTemperatureV, which CUDA 11's
         * lacks: the call every release has. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        OR_NA(nvmlDeviceGetTemperature(device, NVML_TEMPERATURE_GPU, &celsius), temperature, "%u", celsius);
#pragma GCC diagnostic pop
        OR_NA(nvmlDeviceGetPowerUsage(device, &milliwatts), power, "%.2f W", milliwatts / 1000.0);
        OR_NA(nvmlDeviceGetUtilizationRates(device, &utilization), busy, "%u %%", utilization.gpu);

        printf("%s, %s, %llu MiB, %llu MiB, %s, %s, %s\n", name, driver, memory.total >> 20, memory.used >> 20,
               temperature, power, busy);
    }
    CHECK(nvmlShutdown());
    return 0;
}
