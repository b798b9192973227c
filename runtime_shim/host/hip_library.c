/* The host platform's HIP functions for library management, kernel handles and driver entry points. */
#include "cu2amd_hip.h"
