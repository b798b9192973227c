#include <cublas_v2.h>
void use_cublas_v_() {
  cublasHandle_t h; cublasCreate(&h);
}
