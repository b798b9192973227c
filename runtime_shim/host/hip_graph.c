/* The host platform's HIP functions for CUDA graphs and stream capture. */
#include "cu2amd_hip.h"
