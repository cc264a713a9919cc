/* Lesson 40, in C: a convolution forward through cuDNN's legacy API, the fastest algorithm
 * cudnnFindConvolutionForwardAlgorithm finds, checked against the host (our own program). */
// needs: cudnn.h
#include <cuda_runtime_api.h>
#include <cudnn.h>

#include "cudnn_conv.h"

/* cuDNN 9 marks its legacy API deprecated; this lesson is about that API. */
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
/* The status's name, and what cuDNN said of it. */
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

int main(void) {
    static float x[N * C * H * W], f[K * C * R * S], y[N * K * P * Q], ref[N * K * P * Q];
    for (size_t i = 0; i < sizeof x / sizeof *x; i++) x[i] = input_value(i);
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) f[i] = filter_value(i);
    CHECK_CUDA(cudaSetDevice(0));
    printf("cuDNN %zu (cudnn.h %d)\n", cudnnGetVersion(), CUDNN_VERSION);
    cudnnHandle_t handle;
    CHECK_CUDNN(cudnnCreate(&handle));

    // ANCHOR: describe
    cudnnTensorDescriptor_t x_desc, y_desc;
    CHECK_CUDNN(cudnnCreateTensorDescriptor(&x_desc));
    CHECK_CUDNN(cudnnSetTensor4dDescriptor(x_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, N, C, H, W));
    cudnnFilterDescriptor_t w_desc;
    CHECK_CUDNN(cudnnCreateFilterDescriptor(&w_desc));
    CHECK_CUDNN(cudnnSetFilter4dDescriptor(w_desc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, K, C, R, S));
    cudnnConvolutionDescriptor_t conv_desc;
    CHECK_CUDNN(cudnnCreateConvolutionDescriptor(&conv_desc));
    CHECK_CUDNN(cudnnSetConvolution2dDescriptor(conv_desc, PAD, PAD, STRIDE, STRIDE, DILATION, DILATION,
                                                CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    CHECK_CUDNN(cudnnSetConvolutionMathType(conv_desc, CUDNN_FMA_MATH));
    int on, oc, oh, ow;
    CHECK_CUDNN(cudnnGetConvolution2dForwardOutputDim(conv_desc, x_desc, w_desc, &on, &oc, &oh, &ow));
    CHECK_CUDNN(cudnnCreateTensorDescriptor(&y_desc));
    CHECK_CUDNN(cudnnSetTensor4dDescriptor(y_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, on, oc, oh, ow));
    // ANCHOR_END: describe

    void *d_x, *d_w, *d_y, *workspace = NULL;
    CHECK_CUDA(cudaMalloc(&d_x, sizeof x));
    CHECK_CUDA(cudaMalloc(&d_w, sizeof f));
    CHECK_CUDA(cudaMalloc(&d_y, sizeof y));
    CHECK_CUDA(cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_w, f, sizeof f, cudaMemcpyHostToDevice));

    // ANCHOR: find
    cudnnConvolutionFwdAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];
    int returned = 0;
    CHECK_CUDNN(cudnnFindConvolutionForwardAlgorithm(handle, x_desc, w_desc, conv_desc, y_desc,
                                                     CUDNN_CONVOLUTION_FWD_ALGO_COUNT, &returned, perf));
    int best = -1;
    for (int i = 0; i < returned && best < 0; i++)
        if (perf[i].status == CUDNN_STATUS_SUCCESS) best = i;
    if (best < 0) {
        fprintf(stderr, "cuDNN has no algorithm for this convolution on this GPU\n");
        return 1;
    }
    cudnnConvolutionFwdAlgo_t algo = perf[best].algo;
    size_t workspace_size = 0;
    CHECK_CUDNN(cudnnGetConvolutionForwardWorkspaceSize(handle, x_desc, w_desc, conv_desc, y_desc, algo, &workspace_size));
    if (workspace_size > 0) CHECK_CUDA(cudaMalloc(&workspace, workspace_size));
    // ANCHOR_END: find

    // ANCHOR: forward
    float alpha = 1.0f, beta = 0.0f;
    CHECK_CUDNN(cudnnConvolutionForward(handle, &alpha, x_desc, d_x, w_desc, d_w, conv_desc, algo, workspace,
                                        workspace_size, &beta, y_desc, d_y));
    // ANCHOR_END: forward
    CHECK_CUDA(cudaMemcpy(y, d_y, sizeof y, cudaMemcpyDeviceToHost));

    reference(x, f, ref);
    float error = max_abs_error(y, ref, sizeof y / sizeof *y);
    printf("algorithm %d (workspace %zu bytes)\n", (int)algo, workspace_size);
    printf("max abs error against the host: %.3e\n", error);
    print_summary(y, sizeof y / sizeof *y);
    if (workspace) CHECK_CUDA(cudaFree(workspace));
    CHECK_CUDA(cudaFree(d_x));
    CHECK_CUDA(cudaFree(d_w));
    CHECK_CUDA(cudaFree(d_y));
    CHECK_CUDNN(cudnnDestroyTensorDescriptor(x_desc));
    CHECK_CUDNN(cudnnDestroyTensorDescriptor(y_desc));
    CHECK_CUDNN(cudnnDestroyFilterDescriptor(w_desc));
    CHECK_CUDNN(cudnnDestroyConvolutionDescriptor(conv_desc));
    CHECK_CUDNN(cudnnDestroy(handle));
    if (error > 1e-3f) return 1;
    printf("the convolution matches the host's\n");
    return 0;
}
