// A kernel with a C++ syntax error on line 4.
__global__ void broken(int *out) {
    int i = threadIdx.x;
    int j = ;
    out[i] = j;
}
