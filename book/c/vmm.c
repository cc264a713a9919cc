/* Lesson 8, in C: virtual memory management, the steps NVIDIA's vectorAddMMAP and memMapIPCDrv
 * samples take (our own short version): two physical allocations mapped back to back into one
 * reserved range of addresses. */
#include "check.h"

#define N 3000000
#define PIECES 2

int main(void) {
    CUcontext context = init_context(0);
    CUdevice device;
    CHECK(cuCtxGetDevice(&device));
    int supported = 0;
    CHECK(cuDeviceGetAttribute(&supported, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, device));
    if (!supported) {
        printf("device %d does not support virtual memory management\n", device);
        return 0;
    }

    /* ANCHOR: prop */
    CUmemAllocationProp prop = {0};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    size_t minimum = 0;
    CHECK(cuMemGetAllocationGranularity(&minimum, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
    size_t bytes = N * sizeof(unsigned int);
    size_t piece = ((bytes + PIECES - 1) / PIECES + minimum - 1) / minimum * minimum;
    size_t size = PIECES * piece;
    /* ANCHOR_END: prop */

    /* ANCHOR: map */
    CUdeviceptr base = 0;
    CHECK(cuMemAddressReserve(&base, size, 0, 0, 0));
    CUmemGenericAllocationHandle handles[PIECES];
    for (int k = 0; k < PIECES; k++) {
        CHECK(cuMemCreate(&handles[k], piece, &prop, 0));
        CHECK(cuMemMap(base + k * piece, piece, 0, handles[k], 0));
    }
    /* ANCHOR_END: map */

    /* ANCHOR: access */
    CUmemAccessDesc access = {0};
    access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    access.location.id = device;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    CHECK(cuMemSetAccess(base, size, &access, 1));
    /* ANCHOR_END: access */

    /* (the lesson's kernel writes the range here, and one copy reads it back) */

    /* ANCHOR: undo */
    CHECK(cuMemUnmap(base, size));
    for (int k = 0; k < PIECES; k++) CHECK(cuMemRelease(handles[k]));
    CHECK(cuMemAddressFree(base, size));
    /* ANCHOR_END: undo */
    CHECK(cuCtxDestroy(context));
    return 0;
}
