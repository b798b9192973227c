// A CUDA runtime function cu2amd does not provide.
int main() {
    cudaStream_t stream;
    cudaStreamCreateWithPriority(&stream, 0, -1);
    return 0;
}
