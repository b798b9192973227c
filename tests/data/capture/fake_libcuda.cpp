/* A stand-in for NVIDIA's libcuda.so.1 in tests/test_capture_nvidia.py: cu2amd's own driver
 * API (runtime_shim/include/cuda.h on the host platform, PTX compiled by cu2amd's JIT)
 * exported as cu2amd_fake_<name>, under the names NVIDIA's library exports (the _v2 ones
 * where it versions them), so that capture_nvidia.py's ctypes driver code runs for real.
 * CU2AMD_FAKE_CUDA_NO_DEVICE=1 makes cuInit fail as on a machine without a GPU;
 * CU2AMD_FAKE_CUDA_REJECT=TEXT makes the JIT reject PTX containing TEXT, as NVIDIA's rejects
 * a form the GPU lacks (CUDA_ERROR_INVALID_PTX, a line in the error log buffer).
 * Built by the host's C++ compiler (plain C++, no cu2amd-nvcc), like a program using cuda.h
 * with -lcuda. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAKE(name) cu2amd_fake_##name

extern "C" {

CUresult FAKE(cuInit)(unsigned int flags) {
    const char *none = getenv("CU2AMD_FAKE_CUDA_NO_DEVICE");
    if (none && strcmp(none, "1") == 0) return CUDA_ERROR_NO_DEVICE;
    return cuInit(flags);
}
CUresult FAKE(cuGetErrorName)(CUresult error, const char **name) { return cuGetErrorName(error, name); }
CUresult FAKE(cuDriverGetVersion)(int *version) { return cuDriverGetVersion(version); }
CUresult FAKE(cuDeviceGetCount)(int *count) { return cuDeviceGetCount(count); }
CUresult FAKE(cuDeviceGet)(CUdevice *device, int ordinal) { return cuDeviceGet(device, ordinal); }
CUresult FAKE(cuDeviceGetName)(char *name, int len, CUdevice dev) { return cuDeviceGetName(name, len, dev); }
CUresult FAKE(cuDeviceGetAttribute)(int *value, CUdevice_attribute attribute, CUdevice dev) {
    return cuDeviceGetAttribute(value, attribute, dev);
}
CUresult FAKE(cuDevicePrimaryCtxRetain)(CUcontext *context, CUdevice dev) {
    return cuDevicePrimaryCtxRetain(context, dev);
}
CUresult FAKE(cuCtxSetCurrent)(CUcontext context) { return cuCtxSetCurrent(context); }
CUresult FAKE(cuCtxSynchronize)(void) { return cuCtxSynchronize(); }
CUresult FAKE(cuModuleLoadDataEx)(CUmodule *module, const void *image, unsigned int count,
                                  CUjit_option *options, void **values) {
    const char *reject = getenv("CU2AMD_FAKE_CUDA_REJECT");
    if (reject && *reject && strstr((const char *)image, reject)) {
        char *log = NULL;
        size_t size = 0;
        for (unsigned int i = 0; i < count; i++) {
            if (options[i] == CU_JIT_ERROR_LOG_BUFFER) log = (char *)values[i];
            if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) size = (size_t)values[i];
        }
        if (log && size) snprintf(log, size, "ptxas fatal   : fake: '%s' is not supported", reject);
        return CUDA_ERROR_INVALID_PTX;
    }
    return cuModuleLoadDataEx(module, image, count, options, values);
}
CUresult FAKE(cuModuleGetFunction)(CUfunction *function, CUmodule module, const char *name) {
    return cuModuleGetFunction(function, module, name);
}
CUresult FAKE(cuMemAlloc_v2)(CUdeviceptr *pointer, size_t size) { return cuMemAlloc(pointer, size); }
CUresult FAKE(cuMemFree_v2)(CUdeviceptr pointer) { return cuMemFree(pointer); }
CUresult FAKE(cuMemcpyHtoD_v2)(CUdeviceptr to, const void *from, size_t size) { return cuMemcpyHtoD(to, from, size); }
CUresult FAKE(cuMemcpyDtoH_v2)(void *to, CUdeviceptr from, size_t size) { return cuMemcpyDtoH(to, from, size); }
CUresult FAKE(cuLaunchKernel)(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                              unsigned int by, unsigned int bz, unsigned int shared, CUstream stream, void **params,
                              void **extra) {
    return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, stream, params, extra);
}
}
