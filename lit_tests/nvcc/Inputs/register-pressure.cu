// 48 live values per thread: more registers than -maxrregcount=24 allows.
__global__ void pressure(const float *in, float *out, int n) {
    float acc[48];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 48; ++k) acc[k] = in[i + k * n];
    float s = 0;
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int k = 0; k < 48; ++k) s += acc[k] * acc[(k * 7 + r) % 48];
    out[i] = s;
}
