#include <nvToolsExt.h>
void use_nvToolsExt() {
  nvtxRangePushA("x"); nvtxRangePop();
}
