"""What cu2amd implements of cooperative launch, grid sync and the rest of execution control:
the `Impl` of each function (RUNTIME for the runtime API, DRIVER for the driver API) and of
each type, enum or enumerator (TYPES). runtime.py, driver.py and runtime_types.py take their
rows' status from here, as from their own IMPL."""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, names
from cu2amd.runtime_shim.tables.row import Kind, Status

_EX = (
    "the Cooperative attribute makes it cudaLaunchCooperativeKernel; a 1x1x1 cluster, in-order "
    "programmatic serialization and the hints (access policy window, synchronization policy, "
    "priority, cluster scheduling, memory sync domains) are accepted without effect; larger "
    "clusters and programmatic events are cudaErrorNotSupported; the cluster-scheduling and "
    "memory-sync-domain members of cudaLaunchAttributeValue are not declared"
)

RUNTIME: dict[str, Impl] = {
    "cudaLaunchCooperativeKernelMultiDevice": Impl(
        "hipLaunchCooperativeKernel",
        Status.EMULATED,
        "one device (cu2amd has one): one entry, launched with cudaLaunchCooperativeKernel; more "
        "entries are cudaErrorInvalidValue; multi_grid_group is not provided",
    ),
    "cudaFuncGetName": Impl("hipKernelNameRefByPtr", note="the mangled name"),
    "cudaSetDoubleForDevice": Impl("cu2amd: nothing to do (deprecated; so in CUDA too)"),
    "cudaSetDoubleForHost": Impl("cu2amd: nothing to do (deprecated; so in CUDA too)"),
    "cudaLaunchKernelExC": Impl(
        "hipLaunchKernel, hipLaunchCooperativeKernel", Status.EMULATED, _EX
    ),
    "cudaLaunchKernelEx": Impl("hipLaunchKernel, hipLaunchCooperativeKernel", Status.EMULATED, _EX),
    "cudaLaunchCooperativeKernel": Impl(
        "hipLaunchCooperativeKernel",
        note="a grid beyond the occupancy limit (cudaOccupancyMaxActiveBlocksPerMultiprocessor "
        "times the multiprocessors) is cudaErrorCooperativeLaunchTooLarge; the host platform "
        "holds all blocks at once (they take turns at grid.sync())",
    ),
}
_LEGACY = (
    "the block shape, shared memory size and parameter buffer are cu2amd's (cuda.h), one list "
    "for the program; launched with cuLaunchKernel's extra buffer form"
)
DRIVER: dict[str, Impl] = {
    **{
        name: Impl("cu2amd (cuda.h): hipModuleLaunchKernel", note=_LEGACY)
        for name in names("""
        cuFuncSetBlockShape cuFuncSetSharedSize cuLaunch cuLaunchGrid cuLaunchGridAsync
        cuParamSetSize cuParamSetf cuParamSeti cuParamSetv
    """)
    },
    "cuLaunchKernelEx": Impl(
        "hipModuleLaunchKernel",
        Status.EMULATED,
        "the COOPERATIVE attribute makes it cuLaunchCooperativeKernel (kernelParams only); the "
        "other attributes as cudaLaunchKernelExC's",
    ),
    "cuFuncGetName": Impl("hipKernelNameRef"),
    "cuLaunchCooperativeKernel": Impl(
        "hipModuleLaunchKernel",
        Status.EMULATED,
        "a grid beyond the occupancy limit is CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE; the host "
        "platform holds all blocks at once; ROCm 5.2 has no cooperative module launch, so on AMD "
        "the blocks are resident together only when the GPU runs nothing else",
    ),
}
# Declared by cu2amd/runtime_launch_ex.h beyond runtime_types.py's lists: CUDA's values.
NEW_TYPES: dict[Kind, tuple[str, ...]] = {
    Kind.TYPE: names("cudaLaunchAttributeValue cudaLaunchAttribute_st cudaLaunchConfig_st"),
    Kind.ENUMERATOR: names("""
        cudaLaunchAttributeAccessPolicyWindow cudaLaunchAttributeClusterDimension
        cudaLaunchAttributeClusterSchedulingPolicyPreference cudaLaunchAttributeCooperative
        cudaLaunchAttributeIgnore cudaLaunchAttributeMemSyncDomain
        cudaLaunchAttributeMemSyncDomainMap cudaLaunchAttributePriority
        cudaLaunchAttributeProgrammaticEvent cudaLaunchAttributeProgrammaticStreamSerialization
        cudaLaunchAttributeSynchronizationPolicy
    """),
}
_LAYOUT = "cu2amd: CUDA 12.0's layout (cu2amd/runtime_launch_ex.h)"
TYPES: dict[str, Impl] = {
    "cudaLaunchParams": Impl("hipLaunchParams"),
    "cudaCooperativeLaunchMultiDeviceNoPreSync": Impl("hipCooperativeLaunchMultiDeviceNoPreSync"),
    "cudaCooperativeLaunchMultiDeviceNoPostSync": Impl("hipCooperativeLaunchMultiDeviceNoPostSync"),
    **{name: Impl("cu2amd: CUDA's value") for name in NEW_TYPES[Kind.ENUMERATOR]},
    "cudaLaunchAttributeID": Impl("cu2amd: CUDA's values"),
    "cudaLaunchAttributeValue": Impl(
        _LAYOUT,
        Status.EMULATED,
        "the cluster-scheduling and memory-sync-domain members are "
        "not declared (the size and the other members are CUDA's)",
    ),
    "cudaLaunchAttribute": Impl(_LAYOUT),
    "cudaLaunchAttribute_st": Impl(_LAYOUT),
    "cudaLaunchConfig_t": Impl(_LAYOUT),
    "cudaLaunchConfig_st": Impl(_LAYOUT),
    "cudaErrorCooperativeLaunchTooLarge": Impl("hipErrorCooperativeLaunchTooLarge"),
}

# Declared by cu2amd/driver_launch_ex.h: name -> (kind, what it is).
_CU_LAUNCH = "cu2amd: CUDA 12.0's values and layout (cu2amd/driver_launch_ex.h)"
DRIVER_TYPES: dict[str, tuple[Kind, str]] = {
    **{
        name: (Kind.TYPE, _CU_LAUNCH)
        for name in names("""
        CUlaunchAttribute CUlaunchAttributeID CUlaunchAttributeValue CUlaunchAttribute_st
        CUlaunchConfig CUlaunchConfig_st
    """)
    },
    "CUlaunchAttributeID_enum": (Kind.ENUM, _CU_LAUNCH),
    **{
        name: (Kind.ENUMERATOR, _CU_LAUNCH)
        for name in names("""
        CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE CU_LAUNCH_ATTRIBUTE_COOPERATIVE
        CU_LAUNCH_ATTRIBUTE_IGNORE CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN
        CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP CU_LAUNCH_ATTRIBUTE_PRIORITY
        CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION
        CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY
    """)
    },
}
