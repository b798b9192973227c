/* cu2amd's cuda_device_runtime_api.h: CUDA declares here the device runtime, the runtime API
 * called from device code for dynamic parallelism (kernel launches from kernels,
 * cudaGetParameterBuffer, cudaLaunchDevice, device-side cudaMalloc, cudaStreamCreateWithFlags,
 * cudaEventRecord, cudaMemcpyAsync ..., cudaStreamTailLaunch/FireAndForget). cu2amd has no
 * device runtime (ROCm has none either): including it stops the compile saying so, rather
 * than letting the calls fail later. The host runtime API is cuda_runtime_api.h. */
#ifndef CU2AMD_CUDA_DEVICE_RUNTIME_API_H
#define CU2AMD_CUDA_DEVICE_RUNTIME_API_H

#error "cu2amd does not support the CUDA device runtime (cuda_device_runtime_api.h: dynamic parallelism, runtime API calls from device code): ROCm has no counterpart; launch from the host instead"

#endif
