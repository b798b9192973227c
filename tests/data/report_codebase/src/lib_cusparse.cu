#include <cusparse.h>
void use_cusparse() {
  cusparseHandle_t h; cusparseCreate(&h);
}
