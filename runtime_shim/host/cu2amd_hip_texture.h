/* HIP's C ABI for arrays, texture and surface objects, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_TEXTURE_H
#define CU2AMD_HIP_TEXTURE_H

#endif
