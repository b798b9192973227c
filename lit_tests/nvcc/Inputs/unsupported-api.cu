// A CUDA runtime function cu2amd does not provide.
int main() {
    cudaArraySparseProperties props = 0;
    cudaArrayGetSparseProperties(&props, 0);
    return 0;
}
