/* Lesson 9, in C: a graph built node by node with the Driver API, as NVIDIA's simpleCudaGraphs
 * sample builds its first graph with the runtime (our own version of that structure). */
#include <string.h>
#include "check.h"

#define N (1 << 20)

typedef struct {
    const float *y;
    size_t n;
    double sum;
    int calls;
} HostNodeData;

/* ANCHOR: host_fn */
static void CUDA_CB sum_on_host(void *user_data) {
    HostNodeData *data = (HostNodeData *)user_data;
    data->sum = 0;
    for (size_t i = 0; i < data->n; i++) data->sum += data->y[i];
    data->calls++;
}
/* ANCHOR_END: host_fn */

int main(void) {
    CUcontext context = init_context(0);
    CUmodule module;
    CUfunction saxpy;
    CHECK(cuModuleLoadData(&module, read_ptx("lessons/kernels/saxpy.ptx")));
    CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));
    size_t bytes = N * sizeof(float);
    float *x_host, *y_host;
    CHECK(cuMemAllocHost((void **)&x_host, bytes));
    CHECK(cuMemAllocHost((void **)&y_host, bytes));
    CUdeviceptr x, y;
    CHECK(cuMemAlloc(&x, bytes));
    CHECK(cuMemAlloc(&y, bytes));
    CUgraph graph;
    CHECK(cuGraphCreate(&graph, 0));

    /* ANCHOR: memcpy_node */
    CUDA_MEMCPY3D copy_in = {0};
    copy_in.srcMemoryType = CU_MEMORYTYPE_HOST;
    copy_in.srcHost = x_host;
    copy_in.srcPitch = bytes;
    copy_in.srcHeight = 1;
    copy_in.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    copy_in.dstDevice = x;
    copy_in.dstPitch = bytes;
    copy_in.dstHeight = 1;
    copy_in.WidthInBytes = bytes;
    copy_in.Height = 1;
    copy_in.Depth = 1;
    CUgraphNode copy_in_node;
    CHECK(cuGraphAddMemcpyNode(&copy_in_node, graph, NULL, 0, &copy_in, context));
    /* ANCHOR_END: memcpy_node */

    CUDA_MEMSET_NODE_PARAMS fill = {0};
    float one = 1.0f;
    fill.dst = y;
    memcpy(&fill.value, &one, sizeof one);
    fill.elementSize = sizeof(float);
    fill.width = N;
    fill.height = 1;
    CUgraphNode fill_node;
    CHECK(cuGraphAddMemsetNode(&fill_node, graph, NULL, 0, &fill, context));

    /* ANCHOR: kernel_node */
    float a = 2.0f;
    unsigned int n = N, block = 256;
    void *first_args[] = {&x, &y, &a, &n};
    CUDA_KERNEL_NODE_PARAMS kernel = {0};
    kernel.func = saxpy;
    kernel.gridDimX = (n + block - 1) / block;
    kernel.gridDimY = 1;
    kernel.gridDimZ = 1;
    kernel.blockDimX = block;
    kernel.blockDimY = 1;
    kernel.blockDimZ = 1;
    kernel.kernelParams = first_args;
    CUgraphNode roots[] = {copy_in_node, fill_node};
    CUgraphNode first_saxpy;
    CHECK(cuGraphAddKernelNode(&first_saxpy, graph, roots, 2, &kernel));
    /* ANCHOR_END: kernel_node */

    /* y = 3x + y after the first: the same launch, another a (the lesson adds this one with
     * CUDA 12.2's cuGraphAddNode where the header has it). */
    float a3 = 3.0f;
    void *second_args[] = {&x, &y, &a3, &n};
    kernel.kernelParams = second_args;
    CUgraphNode second_saxpy;
    CHECK(cuGraphAddKernelNode(&second_saxpy, graph, &first_saxpy, 1, &kernel));

    CUDA_MEMCPY3D copy_out = copy_in; /* the mirror of the copy in */
    copy_out.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    copy_out.srcHost = NULL;
    copy_out.srcDevice = y;
    copy_out.dstMemoryType = CU_MEMORYTYPE_HOST;
    copy_out.dstDevice = 0;
    copy_out.dstHost = y_host;
    CUgraphNode copy_out_node;
    CHECK(cuGraphAddMemcpyNode(&copy_out_node, graph, &second_saxpy, 1, &copy_out, context));

    HostNodeData data = {y_host, N, 0, 0};
    /* ANCHOR: host_node */
    CUDA_HOST_NODE_PARAMS host = {0};
    host.fn = sum_on_host;
    host.userData = &data;
    CUgraphNode host_node;
    CHECK(cuGraphAddHostNode(&host_node, graph, &copy_out_node, 1, &host));
    /* ANCHOR_END: host_node */

    /* ANCHOR: launch */
    CUgraphExec exec;
#if CUDA_VERSION >= 12000
    CHECK(cuGraphInstantiate(&exec, graph, 0));
#else
    CHECK(cuGraphInstantiate(&exec, graph, NULL, NULL, 0));
#endif
    CUstream stream;
    CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    for (int launch = 1; launch <= 3; launch++) {
        for (int i = 0; i < N; i++) x_host[i] = (float)(i + launch);
        CHECK(cuGraphLaunch(exec, stream));
        CHECK(cuStreamSynchronize(stream));
    }
    /* ANCHOR_END: launch */
    printf("the host node ran %d times\n", data.calls);

    CHECK(cuGraphExecDestroy(exec));
    CHECK(cuGraphDestroy(graph));
    CHECK(cuStreamDestroy(stream));
    CHECK(cuMemFree(x));
    CHECK(cuMemFree(y));
    CHECK(cuMemFreeHost(x_host));
    CHECK(cuMemFreeHost(y_host));
    CHECK(cuModuleUnload(module));
    CHECK(cuCtxDestroy(context));
    return 0;
}
