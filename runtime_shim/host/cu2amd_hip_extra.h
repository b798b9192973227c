/* HIP's C ABI for memory pools, IPC, virtual memory, stream attributes and the remaining runtime/driver functions, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_EXTRA_H
#define CU2AMD_HIP_EXTRA_H

#endif
