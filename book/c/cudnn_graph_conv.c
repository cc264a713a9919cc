/* Lesson 41, in C: lesson 40's convolution through cuDNN's backend graph API: descriptors,
 * heuristics, an execution plan and a variant pack (our own program). */
// needs: cudnn.h
#include <cuda_runtime_api.h>
#include <cudnn.h>
#include <stdint.h>

#include "cudnn_conv.h"

/* CUDNN_ATTR_OPERATIONGRAPH_HANDLE and CUDNN_ATTR_EXECUTION_PLAN_HANDLE are marked deprecated in
 * newer cuDNN 9 headers; cuDNN 9.0 needs them. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#define CHECK_CUDA(call)                                                                       \
    do {                                                                                       \
        cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess) {                                                               \
            printf("%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorName(e_), cudaGetErrorString(e_));                              \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)
#define CHECK_CUDNN(call)                                                                     \
    do {                                                                                      \
        cudnnStatus_t s_ = (call);                                                            \
        if (s_ != CUDNN_STATUS_SUCCESS) {                                                     \
            char last_[1024];                                                                 \
            cudnnGetLastErrorString(last_, sizeof last_);                                     \
            printf("%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, __LINE__, #call, \
                   cudnnGetErrorString(s_), last_);                                           \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)

enum { X_UID = 1, W_UID = 2, Y_UID = 3 };

static cudnnBackendDescriptor_t create(cudnnBackendDescriptorType_t kind) {
    cudnnBackendDescriptor_t desc;
    CHECK_CUDNN(cudnnBackendCreateDescriptor(kind, &desc));
    return desc;
}

static cudnnBackendDescriptor_t tensor(int64_t uid, int64_t n, int64_t c, int64_t h, int64_t w) {
    int64_t dims[4] = {n, c, h, w}, strides[4] = {c * h * w, h * w, w, 1}, alignment = 16;
    cudnnDataType_t type = CUDNN_DATA_FLOAT;
    cudnnBackendDescriptor_t desc = create(CUDNN_BACKEND_TENSOR_DESCRIPTOR);
    CHECK_CUDNN(cudnnBackendSetAttribute(desc, CUDNN_ATTR_TENSOR_DATA_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &type));
    CHECK_CUDNN(cudnnBackendSetAttribute(desc, CUDNN_ATTR_TENSOR_DIMENSIONS, CUDNN_TYPE_INT64, 4, dims));
    CHECK_CUDNN(cudnnBackendSetAttribute(desc, CUDNN_ATTR_TENSOR_STRIDES, CUDNN_TYPE_INT64, 4, strides));
    CHECK_CUDNN(cudnnBackendSetAttribute(desc, CUDNN_ATTR_TENSOR_UNIQUE_ID, CUDNN_TYPE_INT64, 1, &uid));
    CHECK_CUDNN(cudnnBackendSetAttribute(desc, CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, CUDNN_TYPE_INT64, 1, &alignment));
    CHECK_CUDNN(cudnnBackendFinalize(desc));
    return desc;
}

/* Whether the configuration's engine computes in FP32 (no TF32 tensor cores, no inputs
 * converted down); its global index through `index`. */
static int fp32_engine(cudnnBackendDescriptor_t config, int64_t *index) {
    cudnnBackendDescriptor_t engine = create(CUDNN_BACKEND_ENGINE_DESCRIPTOR);
    int64_t count;
    CHECK_CUDNN(cudnnBackendGetAttribute(config, CUDNN_ATTR_ENGINECFG_ENGINE, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &count, &engine));
    CHECK_CUDNN(cudnnBackendGetAttribute(engine, CUDNN_ATTR_ENGINE_GLOBAL_INDEX, CUDNN_TYPE_INT64, 1, &count, index));
    cudnnBackendNumericalNote_t notes[CUDNN_NUMERICAL_NOTE_TYPE_COUNT];
    int64_t noted = 0;
    CHECK_CUDNN(cudnnBackendGetAttribute(engine, CUDNN_ATTR_ENGINE_NUMERICAL_NOTE, CUDNN_TYPE_NUMERICAL_NOTE,
                                         CUDNN_NUMERICAL_NOTE_TYPE_COUNT, &noted, notes));
    int fp32 = 1;
    for (int64_t i = 0; i < noted && i < CUDNN_NUMERICAL_NOTE_TYPE_COUNT; i++)
        if (notes[i] == CUDNN_NUMERICAL_NOTE_TENSOR_CORE || notes[i] == CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS) fp32 = 0;
    CHECK_CUDNN(cudnnBackendDestroyDescriptor(engine));
    return fp32;
}

int main(void) {
    static float x[N * C * H * W], f[K * C * R * S], y[N * K * P * Q], ref[N * K * P * Q];
    for (size_t i = 0; i < sizeof x / sizeof *x; i++) x[i] = input_value(i);
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) f[i] = filter_value(i);
    CHECK_CUDA(cudaSetDevice(0));
    printf("cuDNN %zu (cudnn.h %d)\n", cudnnGetVersion(), CUDNN_VERSION);
    cudnnHandle_t handle;
    CHECK_CUDNN(cudnnCreate(&handle));

    // ANCHOR: graph
    cudnnBackendDescriptor_t x_desc = tensor(X_UID, N, C, H, W), w_desc = tensor(W_UID, K, C, R, S),
                             y_desc = tensor(Y_UID, N, K, P, Q);
    cudnnBackendDescriptor_t conv = create(CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR);
    cudnnDataType_t comp = CUDNN_DATA_FLOAT;
    cudnnConvolutionMode_t mode = CUDNN_CROSS_CORRELATION;
    int64_t dims = 2, pad[2] = {PAD, PAD}, stride[2] = {STRIDE, STRIDE}, dilation[2] = {DILATION, DILATION};
    CHECK_CUDNN(cudnnBackendSetAttribute(conv, CUDNN_ATTR_CONVOLUTION_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &comp));
    CHECK_CUDNN(cudnnBackendSetAttribute(conv, CUDNN_ATTR_CONVOLUTION_CONV_MODE, CUDNN_TYPE_CONVOLUTION_MODE, 1, &mode));
    CHECK_CUDNN(cudnnBackendSetAttribute(conv, CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS, CUDNN_TYPE_INT64, 1, &dims));
    CHECK_CUDNN(cudnnBackendSetAttribute(conv, CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS, CUDNN_TYPE_INT64, 2, pad));
    CHECK_CUDNN(cudnnBackendSetAttribute(conv, CUDNN_ATTR_CONVOLUTION_POST_PADDINGS, CUDNN_TYPE_INT64, 2, pad));
    CHECK_CUDNN(cudnnBackendSetAttribute(conv, CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES, CUDNN_TYPE_INT64, 2, stride));
    CHECK_CUDNN(cudnnBackendSetAttribute(conv, CUDNN_ATTR_CONVOLUTION_DILATIONS, CUDNN_TYPE_INT64, 2, dilation));
    CHECK_CUDNN(cudnnBackendFinalize(conv));
    cudnnBackendDescriptor_t op = create(CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR);
    float alpha = 1.0f, beta = 0.0f;
    CHECK_CUDNN(cudnnBackendSetAttribute(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &x_desc));
    CHECK_CUDNN(cudnnBackendSetAttribute(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &w_desc));
    CHECK_CUDNN(cudnnBackendSetAttribute(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &y_desc));
    CHECK_CUDNN(cudnnBackendSetAttribute(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &conv));
    CHECK_CUDNN(cudnnBackendSetAttribute(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA, CUDNN_TYPE_FLOAT, 1, &alpha));
    CHECK_CUDNN(cudnnBackendSetAttribute(op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA, CUDNN_TYPE_FLOAT, 1, &beta));
    CHECK_CUDNN(cudnnBackendFinalize(op));
    cudnnBackendDescriptor_t graph = create(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR);
    CHECK_CUDNN(cudnnBackendSetAttribute(graph, CUDNN_ATTR_OPERATIONGRAPH_OPS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &op));
    CHECK_CUDNN(cudnnBackendSetAttribute(graph, CUDNN_ATTR_OPERATIONGRAPH_HANDLE, CUDNN_TYPE_HANDLE, 1, &handle));
    CHECK_CUDNN(cudnnBackendFinalize(graph));
    // ANCHOR_END: graph

    // ANCHOR: heuristics
    cudnnBackendDescriptor_t heuristics = create(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR);
    cudnnBackendHeurMode_t heur_mode = CUDNN_HEUR_MODE_A;
    CHECK_CUDNN(cudnnBackendSetAttribute(heuristics, CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &graph));
    CHECK_CUDNN(cudnnBackendSetAttribute(heuristics, CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE, 1, &heur_mode));
    CHECK_CUDNN(cudnnBackendFinalize(heuristics));
    int64_t count = 0, returned = 0;
    CHECK_CUDNN(cudnnBackendGetAttribute(heuristics, CUDNN_ATTR_ENGINEHEUR_RESULTS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 0, &count, NULL));
    cudnnBackendDescriptor_t *configs = calloc((size_t)count + 1, sizeof *configs);
    for (int64_t i = 0; i < count; i++) configs[i] = create(CUDNN_BACKEND_ENGINECFG_DESCRIPTOR);
    CHECK_CUDNN(cudnnBackendGetAttribute(heuristics, CUDNN_ATTR_ENGINEHEUR_RESULTS, CUDNN_TYPE_BACKEND_DESCRIPTOR, count, &returned, configs));
    printf("the heuristics ranked %lld engine configurations\n", (long long)returned);
    // ANCHOR_END: heuristics

    // ANCHOR: plan
    cudnnBackendDescriptor_t plan = NULL;
    int64_t engine = -1, workspace_size = 0, got;
    for (int64_t i = 0; i < returned && !plan; i++) {
        if (!fp32_engine(configs[i], &engine)) continue;
        cudnnBackendDescriptor_t candidate = create(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR);
        CHECK_CUDNN(cudnnBackendSetAttribute(candidate, CUDNN_ATTR_EXECUTION_PLAN_HANDLE, CUDNN_TYPE_HANDLE, 1, &handle));
        CHECK_CUDNN(cudnnBackendSetAttribute(candidate, CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &configs[i]));
        if (cudnnBackendFinalize(candidate) == CUDNN_STATUS_SUCCESS)
            plan = candidate;
        else
            CHECK_CUDNN(cudnnBackendDestroyDescriptor(candidate));
    }
    if (!plan) {
        fprintf(stderr, "no engine cuDNN ranked runs this convolution in FP32 on this GPU\n");
        return 1;
    }
    CHECK_CUDNN(cudnnBackendGetAttribute(plan, CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE, CUDNN_TYPE_INT64, 1, &got, &workspace_size));
    // ANCHOR_END: plan

    void *d_x, *d_w, *d_y, *workspace = NULL;
    CHECK_CUDA(cudaMalloc(&d_x, sizeof x));
    CHECK_CUDA(cudaMalloc(&d_w, sizeof f));
    CHECK_CUDA(cudaMalloc(&d_y, sizeof y));
    if (workspace_size > 0) CHECK_CUDA(cudaMalloc(&workspace, (size_t)workspace_size));
    CHECK_CUDA(cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_w, f, sizeof f, cudaMemcpyHostToDevice));

    // ANCHOR: execute
    cudnnBackendDescriptor_t pack = create(CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR);
    int64_t uids[3] = {X_UID, W_UID, Y_UID};
    void *pointers[3] = {d_x, d_w, d_y};
    CHECK_CUDNN(cudnnBackendSetAttribute(pack, CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, CUDNN_TYPE_INT64, 3, uids));
    CHECK_CUDNN(cudnnBackendSetAttribute(pack, CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, CUDNN_TYPE_VOID_PTR, 3, pointers));
    CHECK_CUDNN(cudnnBackendSetAttribute(pack, CUDNN_ATTR_VARIANT_PACK_WORKSPACE, CUDNN_TYPE_VOID_PTR, 1, &workspace));
    CHECK_CUDNN(cudnnBackendFinalize(pack));
    CHECK_CUDNN(cudnnBackendExecute(handle, plan, pack));
    // ANCHOR_END: execute
    CHECK_CUDA(cudaMemcpy(y, d_y, sizeof y, cudaMemcpyDeviceToHost));

    reference(x, f, ref);
    float error = max_abs_error(y, ref, sizeof y / sizeof *y);
    printf("engine %lld (workspace %lld bytes)\n", (long long)engine, (long long)workspace_size);
    printf("max abs error against the host: %.3e\n", error);
    print_summary(y, sizeof y / sizeof *y);
    cudnnBackendDescriptor_t all[] = {pack, plan, heuristics, graph, op, conv, x_desc, w_desc, y_desc};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) CHECK_CUDNN(cudnnBackendDestroyDescriptor(all[i]));
    for (int64_t i = 0; i < count; i++) CHECK_CUDNN(cudnnBackendDestroyDescriptor(configs[i]));
    free(configs);
    if (workspace) CHECK_CUDA(cudaFree(workspace));
    CHECK_CUDA(cudaFree(d_x));
    CHECK_CUDA(cudaFree(d_w));
    CHECK_CUDA(cudaFree(d_y));
    CHECK_CUDNN(cudnnDestroy(handle));
    if (error > 1e-3f) return 1;
    printf("the convolution matches the host's\n");
    return 0;
}
