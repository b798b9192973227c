/* Cluster occupancy: cuOccupancyMaxPotentialClusterSize and cuOccupancyMaxActiveClusters
 * (driver API), and, for cuda_runtime_api.h, cudaOccupancyMaxPotentialClusterSize and
 * cudaOccupancyMaxActiveClusters. Part of cuda.h, after driver_launch_ex.h (the launch
 * configuration types): include that.
 *
 * AMD GPUs have no thread block clusters: cu2amd launches every block as a cluster of one
 * (cudaLaunchKernelEx and cuLaunchKernelEx refuse a larger cluster dimension, and
 * __cluster_dims__ is a compile error), so the largest cluster is 1 block and the active
 * clusters are the active blocks of the whole device (the occupancy API's blocks per
 * multiprocessor times the multiprocessors). As CUDA documents, a configuration must give
 * the cluster dimension (no kernel has a compile-time one); one larger than 1x1x1 cannot be
 * launched here: cudaErrorInvalidClusterSize / CUDA_ERROR_INVALID_CLUSTER_SIZE. */
#ifndef CU2AMD_OCCUPANCY_CLUSTER_H
#define CU2AMD_OCCUPANCY_CLUSTER_H

/* The cluster dimension an attribute list asks for: 0 when it asks none, -1 for a zero
 * extent (an invalid value), else the number of blocks in a cluster. */
CU2AMD_API long long __cu2amd_cluster_blocks(const CUlaunchAttribute *attrs, unsigned int count) {
    long long blocks = 0;
    for (unsigned int i = 0; i < count; i++)
        if (attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
            unsigned int x = attrs[i].value.clusterDim.x, y = attrs[i].value.clusterDim.y,
                         z = attrs[i].value.clusterDim.z;
            if (!x || !y || !z) return -1;
            blocks = (long long)x * y * z;
        }
    return blocks;
}

/* 1 (a block is the only cluster), or 0 when a block of the configuration cannot be resident
 * at all; the configuration's cluster dimension, if any, does not change the answer. */
CU2AMD_API CUresult cuOccupancyMaxPotentialClusterSize(int *clusterSize, CUfunction func, const CUlaunchConfig *config) {
    if (!clusterSize || !config || (config->numAttrs && !config->attrs)) return CUDA_ERROR_INVALID_VALUE;
    if (__cu2amd_cluster_blocks(config->attrs, config->numAttrs) < 0) return CUDA_ERROR_INVALID_VALUE;
    int per_sm = 0;
    CUresult err = cuOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, func, (int)(config->blockDimX * config->blockDimY * config->blockDimZ), config->sharedMemBytes);
    if (err != CUDA_SUCCESS) return err;
    *clusterSize = per_sm > 0 ? 1 : 0;
    return CUDA_SUCCESS;
}

/* Clusters of one block: the blocks the whole device holds at once. */
CU2AMD_API CUresult cuOccupancyMaxActiveClusters(int *numClusters, CUfunction func, const CUlaunchConfig *config) {
    if (!numClusters || !config || (config->numAttrs && !config->attrs)) return CUDA_ERROR_INVALID_VALUE;
    long long cluster = __cu2amd_cluster_blocks(config->attrs, config->numAttrs);
    if (cluster < 0) return CUDA_ERROR_INVALID_VALUE;
    int per_sm = 0, sms = 0, device = 0;
    CUresult err = cuOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, func, (int)(config->blockDimX * config->blockDimY * config->blockDimZ), config->sharedMemBytes);
    if (err != CUDA_SUCCESS) return err;
    if (cluster != 1) return CUDA_ERROR_INVALID_CLUSTER_SIZE; /* none given, or more than one block */
    err = CU2AMD_CU(hipGetDevice(&device)); /* the current context's device, as the runtime's */
    if (err == CUDA_SUCCESS) err = cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
    if (err != CUDA_SUCCESS) return err;
    *numClusters = per_sm * sms;
    return CUDA_SUCCESS;
}

#if defined(CU2AMD_CUDA_RUNTIME_API_H) && defined(__cplusplus)

/* The runtime's launch configuration as the driver's attribute list sees it (the same
 * attribute layout: an id, padding, a 64-byte value). */
CU2AMD_API long long __cu2amd_rt_cluster_blocks(const cudaLaunchConfig_t *config) {
    static_assert(sizeof(cudaLaunchAttribute) == sizeof(CUlaunchAttribute), "launch attribute layouts");
    return __cu2amd_cluster_blocks((const CUlaunchAttribute *)config->attrs, config->numAttrs);
}

CU2AMD_API cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
                                                            const cudaLaunchConfig_t *config) {
    if (!clusterSize || !config || (config->numAttrs && !config->attrs) || __cu2amd_rt_cluster_blocks(config) < 0)
        return __cu2amd_fail(cudaErrorInvalidValue);
    int per_sm = 0;
    dim3 b = config->blockDim;
    cudaError_t err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func, (int)(b.x * b.y * b.z),
                                                                    config->dynamicSmemBytes);
    if (err != cudaSuccess) return err;
    *clusterSize = per_sm > 0 ? 1 : 0;
    return cudaSuccess;
}
template <typename T>
static __host__ __inline__ cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func,
                                                                            const cudaLaunchConfig_t *config) {
    return cudaOccupancyMaxPotentialClusterSize(clusterSize, (const void *)func, config);
}

CU2AMD_API cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, const void *func,
                                                      const cudaLaunchConfig_t *config) {
    if (!numClusters || !config || (config->numAttrs && !config->attrs)) return __cu2amd_fail(cudaErrorInvalidValue);
    long long cluster = __cu2amd_rt_cluster_blocks(config);
    if (cluster < 0) return __cu2amd_fail(cudaErrorInvalidValue);
    int per_sm = 0, sms = 0, device = 0;
    dim3 b = config->blockDim;
    cudaError_t err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func, (int)(b.x * b.y * b.z),
                                                                    config->dynamicSmemBytes);
    if (err != cudaSuccess) return err;
    if (cluster != 1) return __cu2amd_fail(cudaErrorInvalidClusterSize); /* none given, or more than one block */
    err = cudaGetDevice(&device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (err != cudaSuccess) return err;
    *numClusters = per_sm * sms;
    return cudaSuccess;
}
template <typename T>
static __host__ __inline__ cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, T *func,
                                                                      const cudaLaunchConfig_t *config) {
    return cudaOccupancyMaxActiveClusters(numClusters, (const void *)func, config);
}

#endif

#endif
