/* HIP's C ABI for external memory and semaphores, and graphics interoperability, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_INTEROP_H
#define CU2AMD_HIP_INTEROP_H

#endif
