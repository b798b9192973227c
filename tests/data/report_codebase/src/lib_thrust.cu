#include <thrust/device_vector.h>
void use_thrust_device_vector() {
  thrust::device_vector<int> v(4);
}
