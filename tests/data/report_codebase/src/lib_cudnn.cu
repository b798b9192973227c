#include <cudnn.h>
void use_cudnn() {
  cudnnHandle_t h; cudnnCreate(&h);
}
