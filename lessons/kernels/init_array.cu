// simpleStreams' kernel: adds *factor to each element num_iterations times, reading the
// factor from global memory each time (slow on purpose: the lesson times it).
extern "C" __global__ void init_array(int *g_data, const int *factor, int num_iterations)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < num_iterations; i++) {
        g_data[idx] += *factor;
    }
}
