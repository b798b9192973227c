/* CUDA runtime API: memory management (device, pinned, registered and managed memory; 2D
 * and 3D copies with pitches; peer copies; pointer attributes; __device__ and __constant__
 * variables by symbol). Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_MEMORY_H
#define CU2AMD_RUNTIME_MEMORY_H

/* ------------------------------------------------------------------ linear memory */

CU2AMD_API cudaError_t cudaMalloc(void **ptr, size_t size) { return CU2AMD_ERR(hipMalloc(ptr, size)); }
template <typename T> static __host__ __inline__ cudaError_t cudaMalloc(T **ptr, size_t size) {
    return cudaMalloc((void **)ptr, size);
}
CU2AMD_API int __cu2amd_graph_mem_hook(int op, void **ptr, size_t size, cudaStream_t stream, cudaError_t *err);
CU2AMD_API cudaError_t cudaFree(void *ptr) {
    cudaError_t err; /* graph allocations: runtime_graph.h */
    return __cu2amd_graph_mem_hook(2, &ptr, 0, 0, &err) ? err : CU2AMD_ERR(hipFree(ptr));
}
CU2AMD_API cudaError_t cudaMemcpy(void *dst, const void *src, size_t size, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipMemcpy(dst, src, size, kind));
}
CU2AMD_API cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t size, cudaMemcpyKind kind,
                                       cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemcpyAsync(dst, src, size, kind, __cu2amd_stream(stream)));
}
CU2AMD_API cudaError_t cudaMemset(void *dst, int value, size_t size) { return CU2AMD_ERR(hipMemset(dst, value, size)); }
CU2AMD_API cudaError_t cudaMemsetAsync(void *dst, int value, size_t size, cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemsetAsync(dst, value, size, __cu2amd_stream(stream)));
}
CU2AMD_API cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count) {
    return CU2AMD_ERR(hipMemcpyPeer(dst, dstDevice, src, srcDevice, count));
}
CU2AMD_API cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count,
                                           cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemcpyPeerAsync(dst, dstDevice, src, srcDevice, count, __cu2amd_stream(stream)));
}

/* ------------------------------------------------------------------ host memory */

/* CUDA's cudaHostAlloc* and cudaHostRegister* flags have HIP's values. */
CU2AMD_API cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags) {
    return CU2AMD_ERR(hipHostMalloc(ptr, size, flags));
}
template <typename T> static __host__ __inline__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) {
    return cudaHostAlloc((void **)ptr, size, flags);
}
CU2AMD_API cudaError_t cudaMallocHost(void **ptr, size_t size) { return CU2AMD_ERR(hipHostMalloc(ptr, size, 0)); }
template <typename T>
static __host__ __inline__ cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0) {
    return cudaHostAlloc((void **)ptr, size, flags);
}
CU2AMD_API cudaError_t cudaFreeHost(void *ptr) { return CU2AMD_ERR(hipHostFree(ptr)); }
CU2AMD_API cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags) {
    return CU2AMD_ERR(hipHostRegister(ptr, size, flags));
}
CU2AMD_API cudaError_t cudaHostUnregister(void *ptr) { return CU2AMD_ERR(hipHostUnregister(ptr)); }
CU2AMD_API cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) {
    return CU2AMD_ERR(hipHostGetDevicePointer(pDevice, pHost, flags));
}
CU2AMD_API cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost) {
    return CU2AMD_ERR(hipHostGetFlags(pFlags, pHost));
}

/* Managed memory: on AMD GPUs it migrates on demand only with XNACK on; without it the
 * program still runs, more slowly or (when a kernel touches pages it cannot reach) not at
 * all, so that is said on stderr, once. The host platform's is plain host memory. */
CU2AMD_API void __cu2amd_managed_memory_check(void) {
    static int checked;
    if (checked) return;
    checked = 1;
    __cu2amd_hip_device_prop hip;
    int device = 0;
    if (hipGetDevice(&device) != 0 || hipGetDeviceProperties(&hip, device) != 0) return;
    hip.gcnArchName[sizeof hip.gcnArchName - 1] = 0;
    if (__builtin_strstr(hip.gcnArchName, "xnack-"))
        fprintf(stderr,
                "cu2amd: cudaMallocManaged on %s: XNACK is off, so managed memory is not migrated on demand "
                "(run with HSA_XNACK=1 on a kernel with XNACK enabled)\n",
                hip.gcnArchName);
}
CU2AMD_API cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
    cudaError_t err = CU2AMD_ERR(hipMallocManaged(ptr, size, flags));
    if (err == cudaSuccess) __cu2amd_managed_memory_check();
    return err;
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMallocManaged(T **ptr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
    return cudaMallocManaged((void **)ptr, size, flags);
}

/* Hints for managed memory (HIP's values): kept or acted on by ROCm with XNACK, no effect on
 * the host platform, where all memory is the host's. */
CU2AMD_API cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemPrefetchAsync(devPtr, count, dstDevice, __cu2amd_stream(stream)));
}
CU2AMD_API cudaError_t cudaMemAdvise(const void *devPtr, size_t count, cudaMemoryAdvise advice, int device) {
    return CU2AMD_ERR(hipMemAdvise(devPtr, count, (int)advice, device));
}
CU2AMD_API cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length = 0,
                                                unsigned int flags = cudaMemAttachSingle) {
    return CU2AMD_ERR(hipStreamAttachMemAsync(__cu2amd_stream(stream), devPtr, length, flags));
}

/* Stream-ordered allocation without pools: the default pool's allocation, in stream order. */
CU2AMD_API cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) {
    cudaError_t err; /* a capturing stream's alloc node: runtime_graph.h */
    if (__cu2amd_graph_mem_hook(0, devPtr, size, stream, &err)) return err;
    return CU2AMD_ERR(hipMallocAsync(devPtr, size, __cu2amd_stream(stream)));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream) {
    return cudaMallocAsync((void **)devPtr, size, stream);
}
CU2AMD_API cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) {
    cudaError_t err; /* a capturing stream's free node, graph allocations: runtime_graph.h */
    if (__cu2amd_graph_mem_hook(1, &devPtr, 0, stream, &err)) return err;
    return CU2AMD_ERR(hipFreeAsync(devPtr, __cu2amd_stream(stream)));
}

/* CUDA 11's meaning: a pointer the runtime does not know is cudaMemoryTypeUnregistered and
 * cudaSuccess (HIP returns an error for it, and would leave it as the last error). */
CU2AMD_API cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *attributes, const void *ptr) {
    if (!attributes) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_pointer_attributes hip;
    __builtin_memset(&hip, 0, sizeof hip);
    int before = hipPeekAtLastError();
    int err = hipPointerGetAttributes(&hip, ptr);
    if (err == cudaErrorInvalidValue) {
        if (before == cudaSuccess) hipGetLastError();
        attributes->type = cudaMemoryTypeUnregistered;
        attributes->device = cudaInvalidDeviceId;
        attributes->devicePointer = 0;
        attributes->hostPointer = (void *)ptr;
        return cudaSuccess;
    }
    if (err != cudaSuccess) return CU2AMD_ERR(err);
    int version = 0;
    hipRuntimeGetVersion(&version);
    cudaMemoryType type;
    if (hip.isManaged) type = cudaMemoryTypeManaged;
    else if (version >= 60000000) /* ROCm 6: CUDA's numbers, and array 10, unified 11 */
        type = hip.memoryType == 11  ? cudaMemoryTypeManaged
               : hip.memoryType == 10 ? cudaMemoryTypeDevice
                                      : (cudaMemoryType)hip.memoryType;
    else /* ROCm 5, and the host platform, which implements its ABI: host 0, device 1, array 2, unified 3 */
        type = hip.memoryType == 0   ? cudaMemoryTypeHost
               : hip.memoryType == 3 ? cudaMemoryTypeManaged
                                     : cudaMemoryTypeDevice;
    attributes->type = type;
    attributes->device = hip.device;
    attributes->devicePointer = hip.devicePointer;
    attributes->hostPointer = hip.hostPointer;
    return cudaSuccess;
}

/* ------------------------------------------------------------------ pitched 2D and 3D memory */

CU2AMD_API cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height) {
    return CU2AMD_ERR(hipMallocPitch(ptr, pitch, width, height));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMallocPitch(T **ptr, size_t *pitch, size_t width, size_t height) {
    return cudaMallocPitch((void **)ptr, pitch, width, height);
}
CU2AMD_API cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                    size_t height, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind));
}
CU2AMD_API cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                                         size_t height, cudaMemcpyKind kind, cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, __cu2amd_stream(stream)));
}
CU2AMD_API cudaError_t cudaMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height) {
    return CU2AMD_ERR(hipMemset2D(dst, pitch, value, width, height));
}
CU2AMD_API cudaError_t cudaMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height,
                                         cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemset2DAsync(dst, pitch, value, width, height, __cu2amd_stream(stream)));
}

CU2AMD_HOST_DEVICE_INLINE cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
    cudaPitchedPtr s = {d, p, xsz, ysz};
    return s;
}
CU2AMD_HOST_DEVICE_INLINE cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
    cudaExtent e = {w, h, d};
    return e;
}
CU2AMD_HOST_DEVICE_INLINE cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
    cudaPos p = {x, y, z};
    return p;
}

/* A 3D allocation is a pitched 2D one of height * depth rows (as CUDA lays it out). */
CU2AMD_API cudaError_t cudaMalloc3D(cudaPitchedPtr *pitchedDevPtr, cudaExtent extent) {
    if (!pitchedDevPtr) return __cu2amd_fail(cudaErrorInvalidValue);
    void *ptr = 0;
    size_t pitch = 0;
    cudaError_t err = CU2AMD_ERR(hipMallocPitch(&ptr, &pitch, extent.width, extent.height * extent.depth));
    if (err != cudaSuccess) return err;
    *pitchedDevPtr = make_cudaPitchedPtr(ptr, pitch, extent.width, extent.height);
    return cudaSuccess;
}

/* 3D copies and sets of linear (pitched) memory, one 2D operation per slice; copies with a
 * CUDA array (srcArray/dstArray) are HIP's 3D copy. */
CU2AMD_API cudaError_t __cu2amd_memcpy3d(const cudaMemcpy3DParms *p, int async, cudaStream_t stream) {
    if (!p) return __cu2amd_fail(cudaErrorInvalidValue);
    if (p->srcArray || p->dstArray)
        return CU2AMD_ERR(async ? hipMemcpy3DAsync(p, __cu2amd_stream(stream)) : hipMemcpy3D(p));
    const cudaExtent e = p->extent;
    if (e.width == 0 || e.height == 0 || e.depth == 0) return cudaSuccess;
    if (e.depth > 1 && (p->srcPtr.ysize == 0 || p->dstPtr.ysize == 0)) return __cu2amd_fail(cudaErrorInvalidValue);
    const size_t sslice = p->srcPtr.pitch * p->srcPtr.ysize, dslice = p->dstPtr.pitch * p->dstPtr.ysize;
    for (size_t z = 0; z < e.depth; z++) {
        const char *src = (const char *)p->srcPtr.ptr + (p->srcPos.z + z) * sslice + p->srcPos.y * p->srcPtr.pitch +
                          p->srcPos.x;
        char *dst = (char *)p->dstPtr.ptr + (p->dstPos.z + z) * dslice + p->dstPos.y * p->dstPtr.pitch + p->dstPos.x;
        cudaError_t err = async ? cudaMemcpy2DAsync(dst, p->dstPtr.pitch, src, p->srcPtr.pitch, e.width, e.height,
                                                    p->kind, stream)
                                : cudaMemcpy2D(dst, p->dstPtr.pitch, src, p->srcPtr.pitch, e.width, e.height, p->kind);
        if (err != cudaSuccess) return err;
    }
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *p) { return __cu2amd_memcpy3d(p, 0, 0); }
CU2AMD_API cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *p, cudaStream_t stream = 0) {
    return __cu2amd_memcpy3d(p, 1, stream);
}
CU2AMD_API cudaError_t __cu2amd_memset3d(cudaPitchedPtr ptr, int value, cudaExtent e, int async, cudaStream_t stream) {
    if (e.width == 0 || e.height == 0 || e.depth == 0) return cudaSuccess;
    if (e.depth > 1 && ptr.ysize == 0) return __cu2amd_fail(cudaErrorInvalidValue);
    for (size_t z = 0; z < e.depth; z++) {
        char *dst = (char *)ptr.ptr + z * ptr.pitch * ptr.ysize;
        cudaError_t err = async ? cudaMemset2DAsync(dst, ptr.pitch, value, e.width, e.height, stream)
                                : cudaMemset2D(dst, ptr.pitch, value, e.width, e.height);
        if (err != cudaSuccess) return err;
    }
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaMemset3D(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent) {
    return __cu2amd_memset3d(pitchedDevPtr, value, extent, 0, 0);
}
CU2AMD_API cudaError_t cudaMemset3DAsync(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent,
                                         cudaStream_t stream = 0) {
    return __cu2amd_memset3d(pitchedDevPtr, value, extent, 1, stream);
}

/* ------------------------------------------------------------------ symbols */

/* `symbol` is the host-side shadow of a __device__ or __constant__ variable, which clang
 * registers with the runtime (__hipRegisterVar); the template forms take the variable
 * itself, as CUDA's do. */
CU2AMD_API cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset = 0,
                                          cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
    return CU2AMD_ERR(hipMemcpyToSymbol(symbol, src, count, offset, kind));
}
CU2AMD_API cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset = 0,
                                            cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
    return CU2AMD_ERR(hipMemcpyFromSymbol(dst, symbol, count, offset, kind));
}
CU2AMD_API cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                               cudaMemcpyKind kind, cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemcpyToSymbolAsync(symbol, src, count, offset, kind, __cu2amd_stream(stream)));
}
CU2AMD_API cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                                 cudaMemcpyKind kind, cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, __cu2amd_stream(stream)));
}
CU2AMD_API cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) {
    return CU2AMD_ERR(hipGetSymbolAddress(devPtr, symbol));
}
CU2AMD_API cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) {
    return CU2AMD_ERR(hipGetSymbolSize(size, symbol));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count = sizeof(T),
                                                          size_t offset = 0,
                                                          cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
    return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count = sizeof(T),
                                                            size_t offset = 0,
                                                            cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
    return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src,
                                                               size_t count = sizeof(T), size_t offset = 0,
                                                               cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                               cudaStream_t stream = 0) {
    return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count = sizeof(T),
                                                                 size_t offset = 0,
                                                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                                 cudaStream_t stream = 0) {
    return cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <typename T> static __host__ __inline__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) {
    return cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <typename T> static __host__ __inline__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
    return cudaGetSymbolSize(size, (const void *)&symbol);
}

#endif
