#include <cub/cub.cuh>
void use_cub_cub() {
  cub::DeviceReduce::Sum(0, 0, 0, 0, 0);
}
