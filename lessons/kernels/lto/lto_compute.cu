// The function lto_saxpy.cu calls, in a source of its own: linked to it at run time by nvJitLink.
__device__ float compute(float a, float x, float y)
{
    return a * x + y;
}
