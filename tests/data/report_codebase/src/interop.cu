struct cudaGraphicsResource;
int map(cudaGraphicsResource* r) {
  return cudaGraphicsEGLRegisterImage(&r, 0, 0);
}
