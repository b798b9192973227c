/* The CUDA driver API: launches with a configuration and attributes (cuLaunchKernelEx),
 * CUDA 12.0's layouts. Part of cuda.h (after driver_extra.h, whose stream-attribute types
 * the attribute values share): include that. */
#ifndef CU2AMD_DRIVER_LAUNCH_EX_H
#define CU2AMD_DRIVER_LAUNCH_EX_H

typedef enum CUlaunchAttributeID_enum {
    CU_LAUNCH_ATTRIBUTE_IGNORE = 0,
    CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1,
    CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2,
    CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3,
    CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4,
    CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5,
    CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 6,
    CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT = 7,
    CU_LAUNCH_ATTRIBUTE_PRIORITY = 8,
    CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP = 9,
    CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN = 10,
} CUlaunchAttributeID;

/* 64 bytes, as CUDA's; the members for the scheduling-policy and memory-sync-domain
 * attributes are not declared (their types are not provided). */
typedef union CUlaunchAttributeValue_union {
    char pad[64];
    CUaccessPolicyWindow accessPolicyWindow;
    int cooperative;
    CUsynchronizationPolicy syncPolicy;
    struct {
        unsigned int x;
        unsigned int y;
        unsigned int z;
    } clusterDim;
    int programmaticStreamSerializationAllowed;
    struct {
        CUevent event;
        int flags;
        int triggerAtBlockStart;
    } programmaticEvent;
    int priority;
} CUlaunchAttributeValue;

typedef struct CUlaunchAttribute_st {
    CUlaunchAttributeID id;
    char pad[8 - sizeof(CUlaunchAttributeID)];
    CUlaunchAttributeValue value;
} CUlaunchAttribute;

typedef struct CUlaunchConfig_st {
    unsigned int gridDimX;
    unsigned int gridDimY;
    unsigned int gridDimZ;
    unsigned int blockDimX;
    unsigned int blockDimY;
    unsigned int blockDimZ;
    unsigned int sharedMemBytes;
    CUstream hStream;
    CUlaunchAttribute *attrs;
    unsigned int numAttrs;
} CUlaunchConfig;

/* cuLaunchKernel, or cuLaunchCooperativeKernel with a nonzero COOPERATIVE attribute (which
 * takes kernelParams only). The other attributes as cudaLaunchKernelExC
 * (cu2amd/runtime_launch_ex.h): a 1x1x1 cluster, in-order programmatic serialization and
 * the hints are accepted without effect; larger clusters and programmatic events are
 * CUDA_ERROR_NOT_SUPPORTED. */
CU2AMD_API CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **kernelParams, void **extra) {
    if (!config || (config->numAttrs && !config->attrs)) return CUDA_ERROR_INVALID_VALUE;
    int cooperative = 0;
    for (unsigned int i = 0; i < config->numAttrs; i++) {
        const CUlaunchAttribute *a = &config->attrs[i];
        switch (a->id) {
        case CU_LAUNCH_ATTRIBUTE_COOPERATIVE: cooperative = a->value.cooperative != 0; break;
        case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION: {
            unsigned int x = a->value.clusterDim.x, y = a->value.clusterDim.y, z = a->value.clusterDim.z;
            if (!x || !y || !z) return CUDA_ERROR_INVALID_VALUE;
            if (x != 1 || y != 1 || z != 1) return CUDA_ERROR_NOT_SUPPORTED;
            break;
        }
        case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT: return CUDA_ERROR_NOT_SUPPORTED;
        case CU_LAUNCH_ATTRIBUTE_IGNORE:
        case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
        case CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY:
        case CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
        case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION:
        case CU_LAUNCH_ATTRIBUTE_PRIORITY:
        case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
        case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN: break;
        default: return CUDA_ERROR_INVALID_VALUE;
        }
    }
    if (cooperative) {
        if (extra) return CUDA_ERROR_INVALID_VALUE;
        return cuLaunchCooperativeKernel(f, config->gridDimX, config->gridDimY, config->gridDimZ, config->blockDimX,
                                         config->blockDimY, config->blockDimZ, config->sharedMemBytes,
                                         config->hStream, kernelParams);
    }
    return cuLaunchKernel(f, config->gridDimX, config->gridDimY, config->gridDimZ, config->blockDimX,
                          config->blockDimY, config->blockDimZ, config->sharedMemBytes, config->hStream, kernelParams,
                          extra);
}

#endif
