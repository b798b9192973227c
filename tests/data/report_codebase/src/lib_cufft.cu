#include <cufft.h>
void use_cufft() {
  cufftHandle plan; cufftPlan1d(&plan, 8, CUFFT_C2C, 1);
}
