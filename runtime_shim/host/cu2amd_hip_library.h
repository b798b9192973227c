/* HIP's C ABI for library management, kernel handles and driver entry points, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_LIBRARY_H
#define CU2AMD_HIP_LIBRARY_H

#endif
