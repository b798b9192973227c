/* The host platform's HIP functions for external memory and semaphores, and graphics interoperability. */
#include "cu2amd_hip.h"
