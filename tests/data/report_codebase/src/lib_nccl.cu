#include <nccl.h>
void use_nccl() {
  ncclComm_t c; ncclCommInitAll(&c, 1, 0);
}
