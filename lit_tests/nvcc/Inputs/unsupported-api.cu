// A CUDA runtime function cu2amd does not provide.
int main() {
    cudaExternalMemory_t memory = 0;
    cudaDestroyExternalMemory(memory);
    return 0;
}
