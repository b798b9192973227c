/* The neutral builtins (DESIGN.md layer 1 -> 3): CUDA semantics, one definition per
 * target. AMD device code uses amdgcn builtins and OCML; host-platform device code is
 * NVPTX IR whose special registers and barriers the retargeting pass maps onto the
 * host runtime. Nothing else in the headers names a target. */
#ifndef CU2AMD_BUILTINS_H
#define CU2AMD_BUILTINS_H

#include "cu2amd/config.h"

/* Defined in both passes: host compilation parses (but does not emit) device code, with
 * the device target's builtins available as the auxiliary target's. HIP mode targets
 * AMD GPUs; CUDA mode is the host platform's NVPTX pass. */

#if defined(__HIP__)
#define CU2AMD_AXIS(name, amd, nv) CU2AMD_DEVICE_INLINE unsigned int name(void) { return amd; }
#else
#define CU2AMD_AXIS(name, amd, nv) CU2AMD_DEVICE_INLINE unsigned int name(void) { return nv; }
#endif

CU2AMD_AXIS(__cu2amd_tid_x, __builtin_amdgcn_workitem_id_x(), __nvvm_read_ptx_sreg_tid_x())
CU2AMD_AXIS(__cu2amd_tid_y, __builtin_amdgcn_workitem_id_y(), __nvvm_read_ptx_sreg_tid_y())
CU2AMD_AXIS(__cu2amd_tid_z, __builtin_amdgcn_workitem_id_z(), __nvvm_read_ptx_sreg_tid_z())
CU2AMD_AXIS(__cu2amd_ctaid_x, __builtin_amdgcn_workgroup_id_x(), __nvvm_read_ptx_sreg_ctaid_x())
CU2AMD_AXIS(__cu2amd_ctaid_y, __builtin_amdgcn_workgroup_id_y(), __nvvm_read_ptx_sreg_ctaid_y())
CU2AMD_AXIS(__cu2amd_ctaid_z, __builtin_amdgcn_workgroup_id_z(), __nvvm_read_ptx_sreg_ctaid_z())
CU2AMD_AXIS(__cu2amd_ntid_x, __builtin_amdgcn_workgroup_size_x(), __nvvm_read_ptx_sreg_ntid_x())
CU2AMD_AXIS(__cu2amd_ntid_y, __builtin_amdgcn_workgroup_size_y(), __nvvm_read_ptx_sreg_ntid_y())
CU2AMD_AXIS(__cu2amd_ntid_z, __builtin_amdgcn_workgroup_size_z(), __nvvm_read_ptx_sreg_ntid_z())
/* gridDim: HSA gives the grid in work-items; CUDA grids are whole blocks. */
CU2AMD_AXIS(__cu2amd_nctaid_x, __builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x(),
            __nvvm_read_ptx_sreg_nctaid_x())
CU2AMD_AXIS(__cu2amd_nctaid_y, __builtin_amdgcn_grid_size_y() / __builtin_amdgcn_workgroup_size_y(),
            __nvvm_read_ptx_sreg_nctaid_y())
CU2AMD_AXIS(__cu2amd_nctaid_z, __builtin_amdgcn_grid_size_z() / __builtin_amdgcn_workgroup_size_z(),
            __nvvm_read_ptx_sreg_nctaid_z())
#undef CU2AMD_AXIS

/* __syncthreads(): a CTA barrier with CTA-scope memory ordering. */
CU2AMD_DEVICE_INLINE void __cu2amd_syncthreads(void) {
#if defined(__HIP__)
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
#else
    __nvvm_bar_sync(0);
#endif
}

CU2AMD_DEVICE_INLINE void __cu2amd_fence_block(void) {
#if defined(__HIP__)
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

CU2AMD_DEVICE_INLINE void __cu2amd_fence_device(void) {
#if defined(__HIP__)
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

CU2AMD_DEVICE_INLINE void __cu2amd_fence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

#if defined(__NVPTX__)
/* The host platform: its runtime stops the kernel and reports it (an NVPTX trap would be a
 * CPU's illegal instruction once retargeted). */
extern "C" __device__ __attribute__((noreturn)) void __cu2amd_trap(const char *site);
CU2AMD_DEVICE_INLINE __attribute__((noreturn)) void __cu2amd_trap(void) { __cu2amd_trap("__trap()"); }
#else
CU2AMD_DEVICE_INLINE __attribute__((noreturn)) void __cu2amd_trap(void) { __builtin_trap(); }
#endif

#endif
