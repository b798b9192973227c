/* HIP's C ABI for cooperative launch, grid sync and the rest of execution control, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_COOP_H
#define CU2AMD_HIP_COOP_H

#endif
