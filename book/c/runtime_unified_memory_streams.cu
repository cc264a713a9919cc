// Lesson runtime_unified_memory_streams, in CUDA C++: our own version of what NVIDIA's
// UnifiedMemoryStreams does (the lesson ports the sample itself; run.sh builds the original
// beside it, with cuBLAS). Tasks on managed memory, small ones on the host, large ones on the
// device, each thread with its own stream; here the device's product is a kernel of ours.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <omp.h>

#define checkCudaErrors(call)                                                                \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            fprintf(stderr, "%s:%d %s failed. \n code = %s, message = %s\n", __FILE__,     \
                    __LINE__, #call, cudaGetErrorName(e_), cudaGetErrorString(e_));          \
            exit(1);                                                                         \
        }                                                                                    \
    } while (0)

__global__ void dgemv(int n, double alpha, const double *A, const double *x, double beta, double *y) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n) return;
    double sum = 0;
    for (int j = 0; j < n; j++) sum += A[(size_t)row * n + j] * x[j];
    y[row] = alpha * sum + beta * y[row];
}

// ANCHOR: task
struct Task {
    unsigned size = 0, id = 0;
    double *data = nullptr, *result = nullptr, *vector = nullptr;

    void allocate(unsigned s, unsigned unique_id) {
        id = unique_id;
        size = s;
        checkCudaErrors(cudaMallocManaged(&data, sizeof(double) * size * size)); // flags: default
        checkCudaErrors(cudaMallocManaged(&result, sizeof(double) * size));
        checkCudaErrors(cudaMallocManaged(&vector, sizeof(double) * size));
        checkCudaErrors(cudaDeviceSynchronize());
        for (unsigned i = 0; i < size * size; i++) data[i] = drand48();
        for (unsigned i = 0; i < size; i++) { result[i] = 0; vector[i] = drand48(); }
    }
    ~Task() { // a destructor cannot return an error: check and exit
        checkCudaErrors(cudaDeviceSynchronize());
        checkCudaErrors(cudaFree(data));
        checkCudaErrors(cudaFree(result));
        checkCudaErrors(cudaFree(vector));
    }
};
// ANCHOR_END: task

void gemv(int n, double alpha, const double *A, const double *x, double beta, double *result) {
    for (int i = 0; i < n; i++) {
        result[i] *= beta;
        for (int j = 0; j < n; j++) result[i] += alpha * A[i * n + j] * x[j];
    }
}

// ANCHOR: execute
void execute(Task &t, cudaStream_t *stream, int tid) {
    if (t.size < 100) {
        printf("Task [%d], thread [%d] executing on host (%d)\n", t.id, tid, t.size);
        checkCudaErrors(cudaStreamAttachMemAsync(stream[0], t.data, 0, cudaMemAttachHost));
        checkCudaErrors(cudaStreamAttachMemAsync(stream[0], t.vector, 0, cudaMemAttachHost));
        checkCudaErrors(cudaStreamAttachMemAsync(stream[0], t.result, 0, cudaMemAttachHost));
        checkCudaErrors(cudaStreamSynchronize(stream[0]));
        gemv(t.size, 1.0, t.data, t.vector, 0.0, t.result);
    } else {
        printf("Task [%d], thread [%d] executing on device (%d)\n", t.id, tid, t.size);
        checkCudaErrors(cudaStreamAttachMemAsync(stream[tid + 1], t.data)); // length 0, single
        checkCudaErrors(cudaStreamAttachMemAsync(stream[tid + 1], t.vector));
        checkCudaErrors(cudaStreamAttachMemAsync(stream[tid + 1], t.result));
        dgemv<<<(t.size + 127) / 128, 128, 0, stream[tid + 1]>>>(t.size, 1.0, t.data, t.vector, 0.0, t.result);
    }
}
// ANCHOR_END: execute

int main() {
    const int nthreads = 4, n = 40;
    checkCudaErrors(cudaSetDevice(0));
    srand48(42);
    cudaStream_t streams[nthreads + 1];
    for (int i = 0; i < nthreads + 1; i++) checkCudaErrors(cudaStreamCreate(&streams[i]));
    Task *tasks = new Task[n];
    for (int i = 0; i < n; i++) {
        unsigned size = (unsigned)(drand48() * 1000);
        tasks[i].allocate(size < 64 ? 64 : size, i);
    }
    printf("Executing tasks on host / device\n");
#pragma omp parallel for num_threads(nthreads) schedule(dynamic)
    for (int i = 0; i < n; i++) {
        checkCudaErrors(cudaSetDevice(0));
        execute(tasks[i], streams, omp_get_thread_num());
    }
    checkCudaErrors(cudaDeviceSynchronize());
    for (int i = 0; i < nthreads + 1; i++) checkCudaErrors(cudaStreamDestroy(streams[i]));
    delete[] tasks;
    printf("All Done!\n");
    return 0;
}
