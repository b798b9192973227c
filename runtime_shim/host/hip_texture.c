/* The host platform's HIP functions for arrays, texture and surface objects. */
#include "cu2amd_hip.h"
