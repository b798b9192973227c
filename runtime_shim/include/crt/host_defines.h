/* cu2amd's crt/host_defines.h: the same as host_defines.h (CUDA's qualifiers and attribute
 * macros), under the path NVIDIA's newer headers give it. */
#include "../host_defines.h"
