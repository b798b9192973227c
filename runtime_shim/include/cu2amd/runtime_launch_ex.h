/* CUDA runtime API: launches with a configuration and attributes (cudaLaunchKernelExC and
 * the C++ cudaLaunchKernelEx), CUDA 12.0's layouts. Part of cuda_runtime_api.h (after
 * runtime_extra.h, whose stream-attribute types the attribute values share): include that. */
#ifndef CU2AMD_RUNTIME_LAUNCH_EX_H
#define CU2AMD_RUNTIME_LAUNCH_EX_H

enum cudaLaunchAttributeID {
    cudaLaunchAttributeIgnore = 0,
    cudaLaunchAttributeAccessPolicyWindow = 1,
    cudaLaunchAttributeCooperative = 2,
    cudaLaunchAttributeSynchronizationPolicy = 3,
    cudaLaunchAttributeClusterDimension = 4,
    cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
    cudaLaunchAttributeProgrammaticStreamSerialization = 6,
    cudaLaunchAttributeProgrammaticEvent = 7,
    cudaLaunchAttributePriority = 8,
    cudaLaunchAttributeMemSyncDomainMap = 9,
    cudaLaunchAttributeMemSyncDomain = 10,
};
typedef enum cudaLaunchAttributeID cudaLaunchAttributeID;

/* 64 bytes, as CUDA's; the members for the scheduling-policy and memory-sync-domain
 * attributes are not declared (their types are not provided). */
union cudaLaunchAttributeValue {
    char pad[64];
    struct cudaAccessPolicyWindow accessPolicyWindow;
    int cooperative;
    enum cudaSynchronizationPolicy syncPolicy;
    struct {
        unsigned int x;
        unsigned int y;
        unsigned int z;
    } clusterDim;
    int programmaticStreamSerializationAllowed;
    struct {
        cudaEvent_t event;
        int flags;
        int triggerAtBlockStart;
    } programmaticEvent;
    int priority;
};
typedef union cudaLaunchAttributeValue cudaLaunchAttributeValue;

typedef struct cudaLaunchAttribute_st {
    cudaLaunchAttributeID id;
    char pad[8 - sizeof(cudaLaunchAttributeID)];
    cudaLaunchAttributeValue val;
} cudaLaunchAttribute;

typedef struct cudaLaunchConfig_st {
    dim3 gridDim;
    dim3 blockDim;
    size_t dynamicSmemBytes;
    cudaStream_t stream;
    cudaLaunchAttribute *attrs;
    unsigned int numAttrs;
} cudaLaunchConfig_t;

/* cudaLaunchKernel, or cudaLaunchCooperativeKernel with a nonzero Cooperative attribute.
 * The other attributes: a cluster of 1x1x1 blocks (what every cu2amd launch has), in-order
 * programmatic serialization, and the hints (access policy window, synchronization
 * policy, priority, cluster scheduling, memory sync domains), which change no result,
 * are accepted without effect; larger clusters and programmatic events are
 * cudaErrorNotSupported (AMD GPUs have neither). */
CU2AMD_API cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args) {
    if (!config || (config->numAttrs && !config->attrs)) return __cu2amd_fail(cudaErrorInvalidValue);
    int cooperative = 0;
    for (unsigned int i = 0; i < config->numAttrs; i++) {
        const cudaLaunchAttribute *a = &config->attrs[i];
        switch (a->id) {
        case cudaLaunchAttributeCooperative: cooperative = a->val.cooperative != 0; break;
        case cudaLaunchAttributeClusterDimension: {
            unsigned int x = a->val.clusterDim.x, y = a->val.clusterDim.y, z = a->val.clusterDim.z;
            if (!x || !y || !z) return __cu2amd_fail(cudaErrorInvalidValue);
            if (x != 1 || y != 1 || z != 1) return __cu2amd_fail(cudaErrorNotSupported);
            break;
        }
        case cudaLaunchAttributeProgrammaticEvent: return __cu2amd_fail(cudaErrorNotSupported);
        case cudaLaunchAttributeIgnore:
        case cudaLaunchAttributeAccessPolicyWindow:
        case cudaLaunchAttributeSynchronizationPolicy:
        case cudaLaunchAttributeClusterSchedulingPolicyPreference:
        case cudaLaunchAttributeProgrammaticStreamSerialization:
        case cudaLaunchAttributePriority:
        case cudaLaunchAttributeMemSyncDomainMap:
        case cudaLaunchAttributeMemSyncDomain: break;
        default: return __cu2amd_fail(cudaErrorInvalidValue);
        }
    }
    if (cooperative)
        return cudaLaunchCooperativeKernel(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes,
                                           config->stream);
    return cudaLaunchKernel(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes, config->stream);
}

/* The kernel's arguments converted to its parameter types, then cudaLaunchKernelExC. */
template <typename... ExpTypes, typename... ActTypes>
static __host__ __inline__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(ExpTypes...),
                                                          ActTypes &&...args) {
    return [&](ExpTypes... params) {
        void *pointers[] = {(void *)&params..., (void *)0};
        return cudaLaunchKernelExC(config, (const void *)kernel, pointers);
    }(static_cast<ActTypes &&>(args)...);
}

#endif
