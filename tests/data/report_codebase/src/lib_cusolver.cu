#include <cusolverDn.h>
void use_cusolverDn() {
  cusolverDnHandle_t h; cusolverDnCreate(&h);
}
