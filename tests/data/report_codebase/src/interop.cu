struct cudaGraphicsResource;
int map(cudaGraphicsResource* r) {
  return cudaGraphicsMapResources(1, &r, 0);
}
