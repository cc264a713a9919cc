// simpleCUFFT's kernel: a[i] = a[i] * b[i] * scale for complex a and b, the spectra of a
// signal and a filter multiplied and the inverse transform's 1/N applied at once. Complex is
// float2, the layout of cufftComplex (8-byte aligned: one load for both parts). A grid-stride
// loop: any launch covers any size.
typedef float2 Complex;

__device__ inline Complex complex_mul(Complex a, Complex b)
{
    Complex c;
    c.x = a.x * b.x - a.y * b.y;
    c.y = a.x * b.y + a.y * b.x;
    return c;
}

__device__ inline Complex complex_scale(Complex a, float s)
{
    Complex c;
    c.x = s * a.x;
    c.y = s * a.y;
    return c;
}

extern "C" __global__ void complex_pointwise_mul_and_scale(Complex *a, const Complex *b, int size, float scale)
{
    const int numThreads = blockDim.x * gridDim.x;
    const int threadID = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = threadID; i < size; i += numThreads) {
        a[i] = complex_scale(complex_mul(a[i], b[i]), scale);
    }
}
