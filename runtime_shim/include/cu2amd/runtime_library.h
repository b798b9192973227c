/* The CUDA runtime API: library management, kernel handles and driver entry points. Part of
 * cuda_runtime_api.h: include that. These are the types; the functions are built on the
 * driver API's libraries (cuda.h, which cuda_runtime_api.h includes last):
 * cu2amd/driver_library_entry.h. */
#ifndef CU2AMD_RUNTIME_LIBRARY_H
#define CU2AMD_RUNTIME_LIBRARY_H

/* The driver's handles (CUlibrary, CUkernel): a library is a module, a library's kernel its
 * function; cudaGetKernel's kernel is the __global__ function's stub. */
typedef struct ihipModule_t *cudaLibrary_t;
typedef struct ihipModuleSymbol_t *cudaKernel_t;

/* CUDA's values (the driver's CUjit_option numbering). */
enum cudaJitOption {
    cudaJitMaxRegisters = 0,
    cudaJitThreadsPerBlock = 1,
    cudaJitWallTime = 2,
    cudaJitInfoLogBuffer = 3,
    cudaJitInfoLogBufferSizeBytes = 4,
    cudaJitErrorLogBuffer = 5,
    cudaJitErrorLogBufferSizeBytes = 6,
    cudaJitOptimizationLevel = 7,
    cudaJitFallbackStrategy = 10,
    cudaJitGenerateDebugInfo = 11,
    cudaJitLogVerbose = 12,
    cudaJitGenerateLineInfo = 13,
    cudaJitCacheMode = 14,
};
typedef enum cudaJitOption cudaJitOption;

enum cudaLibraryOption {
    cudaLibraryHostUniversalFunctionAndDataTable = 0,
    cudaLibraryBinaryIsPreserved = 1,
};
typedef enum cudaLibraryOption cudaLibraryOption;

enum cudaDriverEntryPointQueryResult {
    cudaDriverEntryPointSuccess = 0,
    cudaDriverEntryPointSymbolNotFound = 1,
    cudaDriverEntryPointVersionNotSufficent = 2,
};
typedef enum cudaDriverEntryPointQueryResult cudaDriverEntryPointQueryResult;

#define cudaEnableDefault 0x0
#define cudaEnableLegacyStream 0x1
#define cudaEnablePerThreadDefaultStream 0x2

#endif
