int release_memory() {
  cudaExternalMemory_t exec;
  return cudaDestroyExternalMemory(exec);
}
