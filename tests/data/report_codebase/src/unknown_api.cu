int release_memory() {
  cudaArraySparseProperties props;
  return cudaArrayGetSparseProperties(&props, 0);
}
