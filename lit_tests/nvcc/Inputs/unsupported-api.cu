// A CUDA runtime function cu2amd does not provide.
int main() {
    cudaStream_t stream;
    cudaGraphLaunch(0, stream);
    return 0;
}
