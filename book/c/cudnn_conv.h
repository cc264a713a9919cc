/* The cuDNN lessons' convolution in C (lessons/src/conv.rs): its shape, its input of exact floats,
 * the host's reference and the summary line compare.py compares with PyTorch's. */
#ifndef CUDNN_CONV_H
#define CUDNN_CONV_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4, C = 8, H = 32, W = 32, K = 16, R = 3, S = 3, PAD = 1, STRIDE = 1, DILATION = 1 };
enum { P = (H + 2 * PAD - DILATION * (R - 1) - 1) / STRIDE + 1, Q = (W + 2 * PAD - DILATION * (S - 1) - 1) / STRIDE + 1 };

static float input_value(size_t i) { return (float)((i * 37 + 11) % 128) / 64.0f - 1.0f; }
static float filter_value(size_t i) { return (float)((i * 53 + 7) % 128) / 256.0f - 0.25f; }

/* The convolution on the host, summed in double. */
static void reference(const float *x, const float *f, float *y) {
    for (int n = 0; n < N; n++)
        for (int k = 0; k < K; k++)
            for (int p = 0; p < P; p++)
                for (int q = 0; q < Q; q++) {
                    double sum = 0;
                    for (int c = 0; c < C; c++)
                        for (int r = 0; r < R; r++)
                            for (int s = 0; s < S; s++) {
                                int i = p * STRIDE + r * DILATION - PAD, j = q * STRIDE + s * DILATION - PAD;
                                if (i < 0 || j < 0 || i >= H || j >= W) continue;
                                sum += (double)x[((n * C + c) * H + i) * W + j] * f[((k * C + c) * R + r) * S + s];
                            }
                    y[((n * K + k) * P + p) * Q + q] = (float)sum;
                }
}

static float max_abs_error(const float *a, const float *b, size_t len) {
    float largest = 0;
    for (size_t i = 0; i < len; i++) largest = fmaxf(largest, fabsf(a[i] - b[i]));
    return largest;
}

static void print_summary(const float *y, size_t len) {
    double sum = 0, abs_sum = 0;
    for (size_t i = 0; i < len; i++) {
        sum += y[i];
        abs_sum += fabs(y[i]);
    }
    printf("summary: shape=%dx%dx%dx%d sum=%.4f abs_sum=%.4f y0=%.6f y1=%.6f ylast=%.6f\n", N, K, P, Q, sum, abs_sum,
           y[0], y[1], y[len - 1]);
}
#endif
