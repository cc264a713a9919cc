/* Lesson 7, in C: the same additions on one stream, then in chunks over two streams ordered
 * by events, as NVIDIA's simpleStreams sample does with the runtime (our own Driver API
 * version of its core). */
#include "check.h"

#define N (1 << 24)
#define CHUNKS 8

typedef struct {
    float *host_a, *host_b, *host_c;
    CUdeviceptr dev_a, dev_b, dev_c;
} Buffers;

/* ANCHOR: add_range */
/* Copies [first, first + len) of a and b in, adds them, and copies c out, all on `stream`. */
static void add_range(CUfunction kernel, CUstream stream, const Buffers *m, size_t first, size_t len) {
    CUdeviceptr a = m->dev_a + first * 4, b = m->dev_b + first * 4, c = m->dev_c + first * 4;
    size_t bytes = len * 4;
    CHECK(cuMemcpyHtoDAsync(a, m->host_a + first, bytes, stream));
    CHECK(cuMemcpyHtoDAsync(b, m->host_b + first, bytes, stream));
    unsigned int n = (unsigned int)len, block = 256;
    void *args[] = {&a, &b, &c, &n};
    CHECK(cuLaunchKernel(kernel, (n + block - 1) / block, 1, 1, block, 1, 1, 0, stream, args, NULL));
    CHECK(cuMemcpyDtoHAsync(m->host_c + first, c, bytes, stream));
}
/* ANCHOR_END: add_range */

/* Milliseconds the work between the two records took on streams[0]. */
static float two_streams(CUfunction kernel, CUstream streams[2], const Buffers *m) {
    CUevent start, stop, begun, second_done;
    CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&begun, CU_EVENT_DISABLE_TIMING));
    CHECK(cuEventCreate(&second_done, CU_EVENT_DISABLE_TIMING));
    CHECK(cuEventRecord(start, streams[0]));
    /* ANCHOR: two_streams */
    /* Stream 1 starts only once stream 0 has reached this point... */
    CHECK(cuEventRecord(begun, streams[0]));
    CHECK(cuStreamWaitEvent(streams[1], begun, 0));
    size_t len = N / CHUNKS;
    for (int chunk = 0; chunk < CHUNKS; chunk++)
        add_range(kernel, streams[chunk % 2], m, chunk * len, len);
    /* ...and stream 0 records its stop only once stream 1 has finished too. */
    CHECK(cuEventRecord(second_done, streams[1]));
    CHECK(cuStreamWaitEvent(streams[0], second_done, 0));
    /* ANCHOR_END: two_streams */
    CHECK(cuEventRecord(stop, streams[0]));
    CHECK(cuEventSynchronize(stop));
    float ms = 0;
    CHECK(cuEventElapsedTime(&ms, start, stop));
    CHECK(cuEventDestroy(start));
    CHECK(cuEventDestroy(stop));
    CHECK(cuEventDestroy(begun));
    CHECK(cuEventDestroy(second_done));
    return ms;
}

int main(void) {
    CUcontext context = init_context(0);
    CUmodule module;
    CUfunction kernel;
    CHECK(cuModuleLoadData(&module, read_ptx("lessons/kernels/vector_add.ptx")));
    CHECK(cuModuleGetFunction(&kernel, module, "vector_add"));
    Buffers m;
    size_t bytes = (size_t)N * 4;
    /* Pinned host memory: async copies from pageable memory would not overlap anything. */
    CHECK(cuMemAllocHost((void **)&m.host_a, bytes));
    CHECK(cuMemAllocHost((void **)&m.host_b, bytes));
    CHECK(cuMemAllocHost((void **)&m.host_c, bytes));
    CHECK(cuMemAlloc(&m.dev_a, bytes));
    CHECK(cuMemAlloc(&m.dev_b, bytes));
    CHECK(cuMemAlloc(&m.dev_c, bytes));
    for (int i = 0; i < N; i++) {
        m.host_a[i] = (float)i;
        m.host_b[i] = (float)(i + 1);
    }
    CUstream streams[2];
    for (int s = 0; s < 2; s++) CHECK(cuStreamCreate(&streams[s], CU_STREAM_NON_BLOCKING));
    add_range(kernel, streams[0], &m, 0, N); /* warm-up */
    CHECK(cuStreamSynchronize(streams[0]));
    printf("two streams: %7.3f ms\n", two_streams(kernel, streams, &m));

    for (int s = 0; s < 2; s++) CHECK(cuStreamDestroy(streams[s]));
    CHECK(cuMemFree(m.dev_a));
    CHECK(cuMemFree(m.dev_b));
    CHECK(cuMemFree(m.dev_c));
    CHECK(cuMemFreeHost(m.host_a));
    CHECK(cuMemFreeHost(m.host_b));
    CHECK(cuMemFreeHost(m.host_c));
    CHECK(cuModuleUnload(module));
    CHECK(cuCtxDestroy(context));
    return 0;
}
