/* The C++ spellings of CUDA runtime functions that CUDA's cuda_runtime.h adds beside the C
 * API (its "C++ API Routines") and that no other part of cu2amd's runtime headers declares:
 * typed-pointer templates, the CUDA 11 argument lists kept for source compatibility, and a
 * user object that deletes a C++ object. Part of cuda_runtime.h (not cuda_runtime_api.h, as
 * in CUDA): include that. The templates that belong to one API group (cudaMalloc<T>,
 * cudaMemcpyToSymbol<T>, the occupancy calculators ...) are in that group's header. */
#ifndef CU2AMD_RUNTIME_CXX_H
#define CU2AMD_RUNTIME_CXX_H

#include "../cuda_runtime_api.h"

/* cudaHostGetDevicePointer(&int_ptr, host, 0) */
template <typename T>
static __host__ __inline__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags) {
    return cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}

/* CUDA 12.2's location forms of the managed-memory hints, spelled with the CUDA 11 names. */
template <typename T>
static __host__ __inline__ cudaError_t cudaMemAdvise(T *devPtr, size_t count, enum cudaMemoryAdvise advice,
                                                     struct cudaMemLocation location) {
    return cudaMemAdvise_v2((const void *)devPtr, count, advice, location);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMemPrefetchAsync(T *devPtr, size_t count, struct cudaMemLocation location,
                                                            unsigned int flags, cudaStream_t stream = 0) {
    return cudaMemPrefetchAsync_v2((const void *)devPtr, count, location, flags, stream);
}

/* CUDA 11's cudaGraphInstantiate: CUDA 12 ignores the error node and log buffer here too
 * (instantiation errors are in the return value) and instantiates without flags. */
static __host__ __inline__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                            cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                                                            size_t bufferSize) {
    (void)pErrorNode;
    (void)pLogBuffer;
    (void)bufferSize;
    return cudaGraphInstantiate(pGraphExec, graph, 0);
}

/* CUDA 11's cudaGraphExecUpdate: the error node and result of CUDA 12's result info. */
static __host__ __inline__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                                           cudaGraphNode_t *hErrorNode_out,
                                                           enum cudaGraphExecUpdateResult *updateResult_out) {
    cudaGraphExecUpdateResultInfo info;
    cudaError_t status = cudaGraphExecUpdate(hGraphExec, hGraph, &info);
    if (hErrorNode_out) *hErrorNode_out = info.errorNode;
    if (updateResult_out) *updateResult_out = info.result;
    return status;
}

/* The memcpy-node parameter setters taking the __device__ variable itself (the node adders
 * are in runtime_graph.h). */
template <class T>
static __host__ __inline__ cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const T &symbol,
                                                                            const void *src, size_t count,
                                                                            size_t offset, enum cudaMemcpyKind kind) {
    return cudaGraphMemcpyNodeSetParamsToSymbol(node, (const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __host__ __inline__ cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst,
                                                                              const T &symbol, size_t count,
                                                                              size_t offset, enum cudaMemcpyKind kind) {
    return cudaGraphMemcpyNodeSetParamsFromSymbol(node, dst, (const void *)&symbol, count, offset, kind);
}
template <class T>
static __host__ __inline__ cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec,
                                                                                cudaGraphNode_t node, const T &symbol,
                                                                                const void *src, size_t count,
                                                                                size_t offset,
                                                                                enum cudaMemcpyKind kind) {
    return cudaGraphExecMemcpyNodeSetParamsToSymbol(hGraphExec, node, (const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __host__ __inline__ cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec,
                                                                                  cudaGraphNode_t node, void *dst,
                                                                                  const T &symbol, size_t count,
                                                                                  size_t offset,
                                                                                  enum cudaMemcpyKind kind) {
    return cudaGraphExecMemcpyNodeSetParamsFromSymbol(hGraphExec, node, dst, (const void *)&symbol, count, offset,
                                                      kind);
}

/* A user object owning a C++ object: `delete object` when the last reference goes. */
template <typename T>
static __host__ __inline__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, T *objectToWrap,
                                                            unsigned int initialRefcount, unsigned int flags) {
    return cudaUserObjectCreate(object_out, (void *)objectToWrap,
                                [](void *object) { delete reinterpret_cast<T *>(object); }, initialRefcount,
                                flags);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, T *objectToWrap,
                                                            unsigned int initialRefcount,
                                                            enum cudaUserObjectFlags flags) {
    return cudaUserObjectCreate(object_out, objectToWrap, initialRefcount, (unsigned int)flags);
}

#endif
