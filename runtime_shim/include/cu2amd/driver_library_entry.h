/* The driver API's entry points (cuGetProcAddress) and, for cuda_runtime_api.h, the runtime
 * API's library management (cudaLibrary*, cudaKernelSetAttributeForDevice, cudaGetKernel,
 * cudaFuncGetParamInfo) and driver entry points (cudaGetDriverEntryPoint*). Part of cuda.h,
 * after every cu* function (their addresses are taken here): include that. The runtime part
 * is there when cuda_runtime_api.h is (it includes cuda.h: these are the driver's
 * libraries). */
#ifndef CU2AMD_DRIVER_LIBRARY_ENTRY_H
#define CU2AMD_DRIVER_LIBRARY_ENTRY_H

#include "cu2amd/driver_entry_points.h"

/* The driver function `symbol` (cuda.h's own, whose address differs from file to file as
 * cuda.h's functions are inline), or NULL: the functions cu2amd implements, by their base
 * names ("cuMemAlloc", as CUDA 12 looks up cuMemAlloc_v2). */
CU2AMD_API CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags,
                                     CUdriverProcAddressQueryResult *symbolStatus);
CU2AMD_API void *__cu2amd_driver_entry_point(const char *symbol) {
    static const struct {
        const char *name;
        void *function;
    } table[] = {
#define CU2AMD_ENTRY(name) {#name, (void *)&name},
        CU2AMD_DRIVER_ENTRY_POINTS(CU2AMD_ENTRY) {NULL, NULL},
#undef CU2AMD_ENTRY
    };
    for (size_t i = 0; symbol && table[i].name; i++)
        if (strcmp(table[i].name, symbol) == 0) return table[i].function;
    return NULL;
}

/* Every implemented function is found whatever `cudaVersion` (at most the driver's, 12000)
 * asks: cu2amd does not record the version that introduced each. The per-thread default
 * stream flag gives the same functions (cu2amd has no per-thread default stream variants). */
CU2AMD_API CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags,
                                     CUdriverProcAddressQueryResult *symbolStatus) {
    if (!symbol || !pfn || flags > CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM || cudaVersion > CUDA_VERSION)
        return CUDA_ERROR_INVALID_VALUE;
    *pfn = __cu2amd_driver_entry_point(symbol);
    if (symbolStatus)
        *symbolStatus = *pfn ? CU_GET_PROC_ADDRESS_SUCCESS : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    return CUDA_SUCCESS;
}

#if defined(CU2AMD_CUDA_RUNTIME_API_H) && defined(__cplusplus)

/* A driver error as the runtime's (the same numbers for the codes these functions return),
 * kept as the last error. */
#define CU2AMD_LIB_RT(call)                                                                                            \
    do {                                                                                                               \
        CUresult r_ = (call);                                                                                          \
        return r_ == CUDA_SUCCESS ? cudaSuccess : __cu2amd_fail((cudaError_t)r_);                                      \
    } while (0)

CU2AMD_API cudaError_t cudaLibraryLoadData(cudaLibrary_t *library, const void *code, cudaJitOption *jitOptions,
                                           void **jitOptionsValues, unsigned int numJitOptions,
                                           cudaLibraryOption *libraryOptions, void **libraryOptionValues,
                                           unsigned int numLibraryOptions) {
    CU2AMD_LIB_RT(cuLibraryLoadData(library, code, (CUjit_option *)jitOptions, jitOptionsValues, numJitOptions,
                                    (CUlibraryOption *)libraryOptions, libraryOptionValues, numLibraryOptions));
}
CU2AMD_API cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName,
                                               cudaJitOption *jitOptions, void **jitOptionsValues,
                                               unsigned int numJitOptions, cudaLibraryOption *libraryOptions,
                                               void **libraryOptionValues, unsigned int numLibraryOptions) {
    CU2AMD_LIB_RT(cuLibraryLoadFromFile(library, fileName, (CUjit_option *)jitOptions, jitOptionsValues,
                                        numJitOptions, (CUlibraryOption *)libraryOptions, libraryOptionValues,
                                        numLibraryOptions));
}
CU2AMD_API cudaError_t cudaLibraryUnload(cudaLibrary_t library) { CU2AMD_LIB_RT(cuLibraryUnload(library)); }
CU2AMD_API cudaError_t cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t library, const char *name) {
    CU2AMD_LIB_RT(cuLibraryGetKernel(pKernel, library, name));
}
CU2AMD_API cudaError_t cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t lib) {
    CU2AMD_LIB_RT(cuLibraryGetKernelCount(count, lib));
}
CU2AMD_API cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels, cudaLibrary_t lib) {
    CU2AMD_LIB_RT(cuLibraryEnumerateKernels(kernels, numKernels, lib));
}
CU2AMD_API cudaError_t cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name) {
    CUdeviceptr p = 0;
    CUresult r = cuLibraryGetGlobal(&p, bytes, library, name);
    if (r == CUDA_SUCCESS && dptr) *dptr = (void *)(uintptr_t)p;
    CU2AMD_LIB_RT(r);
}
/* The host platform's managed variables; on an AMD GPU cudaErrorNotSupported (see
 * cuLibraryGetManaged). */
CU2AMD_API cudaError_t cudaLibraryGetManaged(void **dptr, size_t *bytes, cudaLibrary_t library, const char *name) {
    CUdeviceptr p = 0;
    CUresult r = cuLibraryGetManaged(&p, bytes, library, name);
    if (r == CUDA_SUCCESS && dptr) *dptr = (void *)(uintptr_t)p;
    CU2AMD_LIB_RT(r);
}

CU2AMD_API cudaError_t cudaLibraryGetUnifiedFunction(void **fptr, cudaLibrary_t library, const char *symbol) {
    CU2AMD_LIB_RT(cuLibraryGetUnifiedFunction(fptr, library, symbol));
}

/* A library kernel, or a kernel from cudaGetKernel (its stub, as cudaFuncSetAttribute
 * takes it). */
CU2AMD_API cudaError_t cudaKernelSetAttributeForDevice(cudaKernel_t kernel, cudaFuncAttribute attr, int value,
                                                       int device) {
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) return err;
    if (device < 0 || device >= count) return __cu2amd_fail(cudaErrorInvalidDevice);
    if (!__cu2amd_lib_is_kernel(kernel)) return cudaFuncSetAttribute((const void *)kernel, attr, value);
    if (attr > cudaFuncAttributePreferredSharedMemoryCarveout && attr < cudaFuncAttributeMax)
        return __cu2amd_fail(cudaErrorNotSupported); /* thread block clusters: none on AMD GPUs */
    CU2AMD_LIB_RT(cuKernelSetAttribute((CUfunction_attribute)attr, value, kernel, device));
}

/* The kernel handle of a __global__ function is its stub (what cudaLaunchKernel and the
 * cudaFunc* functions take); the function must be a kernel. */
CU2AMD_API cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr, const void *entryFuncAddr) {
    if (!kernelPtr || !entryFuncAddr) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaFuncAttributes attr;
    cudaError_t err = cudaFuncGetAttributes(&attr, entryFuncAddr);
    if (err != cudaSuccess) return err;
    *kernelPtr = (cudaKernel_t)(uintptr_t)entryFuncAddr;
    return cudaSuccess;
}
template <typename T> static __host__ __inline__ cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr, T *func) {
    return cudaGetKernel(kernelPtr, (const void *)func);
}

/* A parameter's offset and size: a library kernel's from its PTX; a __global__ function's
 * from its parameter types when it is named as a function (the template below: each
 * parameter at its alignment, as CUDA lays them out). A kernel given only as `const void *`
 * (its stub) carries no parameter types: cudaErrorNotSupported. */
CU2AMD_API cudaError_t cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset,
                                            size_t *paramSize) {
    if (__cu2amd_lib_is_kernel(func))
        CU2AMD_LIB_RT(cuKernelGetParamInfo((CUkernel)(uintptr_t)func, paramIndex, paramOffset, paramSize));
    cudaFuncAttributes attr;
    cudaError_t err = cudaFuncGetAttributes(&attr, func);
    return err != cudaSuccess ? err : __cu2amd_fail(cudaErrorNotSupported);
}
template <typename... Params>
static __host__ __inline__ cudaError_t cudaFuncGetParamInfo(void (*func)(Params...), size_t paramIndex,
                                                            size_t *paramOffset, size_t *paramSize) {
    cudaFuncAttributes attr;
    cudaError_t err = cudaFuncGetAttributes(&attr, (const void *)func);
    if (err != cudaSuccess) return err;
    const size_t sizes[] = {sizeof(Params)..., 0}, aligns[] = {alignof(Params)..., 1};
    if (paramIndex >= sizeof...(Params)) return __cu2amd_fail(cudaErrorInvalidValue);
    size_t offset = 0;
    for (size_t i = 0;; offset += sizes[i++]) {
        offset = (offset + aligns[i] - 1) / aligns[i] * aligns[i];
        if (i == paramIndex) break;
    }
    if (paramOffset) *paramOffset = offset;
    if (paramSize) *paramSize = sizes[paramIndex];
    return cudaSuccess;
}

/* The driver function `symbol` (cuGetProcAddress): cudaSuccess with NULL and
 * cudaDriverEntryPointSymbolNotFound for a name cu2amd does not implement. */
CU2AMD_API cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr, unsigned int cudaVersion,
                                                        unsigned long long flags,
                                                        cudaDriverEntryPointQueryResult *driverStatus = NULL) {
    CUdriverProcAddressQueryResult status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    if (cudaVersion > (unsigned int)CUDA_VERSION) return __cu2amd_fail(cudaErrorInvalidValue);
    CUresult r = cuGetProcAddress(symbol, funcPtr, (int)cudaVersion, flags, &status);
    if (r == CUDA_SUCCESS && driverStatus) *driverStatus = (cudaDriverEntryPointQueryResult)status;
    CU2AMD_LIB_RT(r);
}
CU2AMD_API cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
                                               cudaDriverEntryPointQueryResult *driverStatus = NULL) {
    return cudaGetDriverEntryPointByVersion(symbol, funcPtr, CUDART_VERSION, flags, driverStatus);
}

#undef CU2AMD_LIB_RT
#endif

#endif
