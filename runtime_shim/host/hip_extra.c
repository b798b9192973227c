/* The host platform's HIP functions for memory pools, IPC, virtual memory, stream attributes and the remaining runtime/driver functions. */
#include "cu2amd_hip.h"
