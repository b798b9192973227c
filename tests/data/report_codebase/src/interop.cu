struct cudaGraphicsResource;
int map(cudaGraphicsResource* r) {
  return cudaEGLStreamConsumerConnect(0, 0);
}
int map_gl(cudaGraphicsResource* r) {
  return cudaGraphicsMapResources(1, &r, 0);
}
