// needs: nccl.h
/* NCCL lesson 1, in C: one process drives every GPU (after NVIDIA's NCCL example "single
 * process, single thread, multiple devices", in our own words), with the check on the host
 * that the example leaves out. */
#include <cuda_runtime_api.h>
#include <nccl.h>
#include <stdio.h>
#include <stdlib.h>

#define CUDACHECK(call)                                                                      \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            printf("%s:%d %s failed. \n code = %s, message = %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorName(e_), cudaGetErrorString(e_));                            \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

/* NCCLCHECK with the communicator's last error, as check_nccl!(call, comm) prints it. */
#define NCCLCHECK(call, comm)                                                                \
    do {                                                                                     \
        ncclResult_t r_ = (call);                                                            \
        if (r_ != ncclSuccess) {                                                             \
            printf("%s:%d %s failed. \n code = %d, message = %s; NCCL's last error: %s\n",   \
                   __FILE__, __LINE__, #call, (int)r_, ncclGetErrorString(r_),              \
                   ncclGetLastError(comm));                                                  \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

#define SIZE (32 * 1024 * 1024)

int main(void) {
    int version = 0;
    NCCLCHECK(ncclGetVersion(&version), NULL);
    printf("NCCL %d (ncclGetVersion); nccl.h %d\n", version, NCCL_VERSION_CODE);

    // ANCHOR: setup
    int nDev = 0;
    CUDACHECK(cudaGetDeviceCount(&nDev));
    int *devs = malloc(nDev * sizeof(int));
    float **sendbuff = malloc(nDev * sizeof(float *));
    float **recvbuff = malloc(nDev * sizeof(float *));
    cudaStream_t *s = malloc(nDev * sizeof(cudaStream_t));
    float *host = malloc(SIZE * sizeof(float));
    for (int i = 0; i < nDev; ++i) {
        devs[i] = i;
        CUDACHECK(cudaSetDevice(i));
        CUDACHECK(cudaMalloc((void **)&sendbuff[i], SIZE * sizeof(float)));
        CUDACHECK(cudaMalloc((void **)&recvbuff[i], SIZE * sizeof(float)));
        for (int k = 0; k < SIZE; ++k) host[k] = (float)(i + 1);
        CUDACHECK(cudaMemcpy(sendbuff[i], host, SIZE * sizeof(float), cudaMemcpyHostToDevice));
        CUDACHECK(cudaMemset(recvbuff[i], 0xff, SIZE * sizeof(float)));
        CUDACHECK(cudaStreamCreate(&s[i]));
    }
    // ANCHOR_END: setup

    // ANCHOR: all_reduce
    ncclComm_t *comms = malloc(nDev * sizeof(ncclComm_t));
    NCCLCHECK(ncclCommInitAll(comms, nDev, devs), NULL);

    NCCLCHECK(ncclGroupStart(), NULL);
    for (int i = 0; i < nDev; ++i)
        NCCLCHECK(ncclAllReduce(sendbuff[i], recvbuff[i], SIZE, ncclFloat, ncclSum, comms[i], s[i]), comms[i]);
    NCCLCHECK(ncclGroupEnd(), NULL);

    for (int i = 0; i < nDev; ++i) {
        CUDACHECK(cudaSetDevice(i));
        CUDACHECK(cudaStreamSynchronize(s[i]));
    }
    // ANCHOR_END: all_reduce

    // ANCHOR: check
    float expected = (float)(nDev * (nDev + 1) / 2);
    long correct = 0;
    for (int i = 0; i < nDev; ++i) {
        CUDACHECK(cudaSetDevice(i));
        CUDACHECK(cudaMemcpy(host, recvbuff[i], SIZE * sizeof(float), cudaMemcpyDeviceToHost));
        long good = 0;
        for (int k = 0; k < SIZE; ++k) good += host[k] == expected;
        printf("GPU %d: %ld of %d elements = %g\n", i, good, SIZE, expected);
        correct += good;
    }
    // ANCHOR_END: check

    // ANCHOR: cleanup
    for (int i = 0; i < nDev; ++i) {
        CUDACHECK(cudaSetDevice(i));
        CUDACHECK(cudaFree(sendbuff[i]));
        CUDACHECK(cudaFree(recvbuff[i]));
        CUDACHECK(cudaStreamDestroy(s[i]));
    }
    for (int i = 0; i < nDev; ++i) NCCLCHECK(ncclCommDestroy(comms[i]), NULL);
    // ANCHOR_END: cleanup
    free(host), free(s), free(recvbuff), free(sendbuff), free(devs), free(comms);
    if (correct != (long)nDev * SIZE) return 1;
    printf("Success\n");
    return 0;
}
