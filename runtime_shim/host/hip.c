/* The HIP C ABI subset that compiled CUDA host code calls, implemented on the CPU, so a
 * program built for --offload-arch=host links against this library instead of ROCm's
 * libamdhip64. Device memory is host memory; streams run their work at once, in order;
 * errors are returned as HIP error codes (and remembered for hipGetLastError), never
 * crashes. Kernels come from the offload bundle that clang embeds in the program
 * (-fcuda-include-gpubinary): its entry "hipv4-<host triple>--cu2amd_host" is a shared
 * object following the host module ABI, loaded with dlopen from a memfd. This file has
 * errors, devices, modules and launches; hip_memory.c and hip_stream.c the rest. */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <dlfcn.h>
#include <link.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ errors */

static __thread hipError_t g_last_error = hipSuccess;

/* An error is remembered for hipGetLastError (launch failures are also explained on
 * stderr by hipLaunchKernel). */
hipError_t cu2amd_hip_record(hipError_t err) {
    if (err != hipSuccess) g_last_error = err;
    return err;
}
#define record cu2amd_hip_record

hipError_t hipGetLastError(void) {
    hipError_t err = g_last_error;
    g_last_error = hipSuccess;
    return err;
}

hipError_t hipPeekAtLastError(void) { return g_last_error; }

/* A kernel that faults, traps, fails an assert or cannot finish leaves CUDA's context
 * unusable: "any further CUDA work will return the same error" (cudaErrorIllegalAddress,
 * cudaErrorAssert, cudaErrorLaunchFailure), for the rest of the process. The first such
 * error is kept here; cuda_runtime_api.h and cuda.h return it from every call after it
 * (HIP-level calls keep HIP's behaviour). A launch refused before it starts (its
 * configuration, its resources) is not sticky, as in CUDA. */
static _Atomic int g_sticky_error = hipSuccess;

int __cu2amd_host_sticky_error(void) { return atomic_load(&g_sticky_error); }

hipError_t cu2amd_hip_launch_status(int status) {
    hipError_t err;
    switch (status) {
    case CU2AMD_OK: return hipSuccess;
    case CU2AMD_ERR_INVALID_LAUNCH: return hipErrorInvalidConfiguration;
    case CU2AMD_ERR_OUT_OF_RESOURCES: return hipErrorLaunchOutOfResources;
    case CU2AMD_ERR_MEMORY: err = hipErrorIllegalAddress; break;
    case CU2AMD_ERR_ASSERT: err = hipErrorAssert; break;
    default: err = hipErrorLaunchFailure; break; /* a trap, a deadlock, a misused barrier or collective */
    }
    int none = hipSuccess;
    atomic_compare_exchange_strong(&g_sticky_error, &none, (int)err);
    return err;
}

const char *hipGetErrorName(hipError_t err) {
    switch (err) {
#define NAME(e)                                                                                                        \
    case e: return #e;
        CU2AMD_HIP_ERRORS(NAME)
#undef NAME
    default: return "hipErrorUnknown";
    }
}

const char *hipGetErrorString(hipError_t err) {
    switch (err) {
    case hipSuccess: return "no error";
    case hipErrorInvalidValue: return "invalid argument";
    case hipErrorOutOfMemory: return "out of memory";
    case hipErrorInvalidConfiguration: return "invalid configuration argument";
    case hipErrorInvalidPitchValue: return "invalid pitch argument";
    case hipErrorInvalidSymbol: return "invalid device symbol";
    case hipErrorInvalidDevicePointer: return "invalid device pointer";
    case hipErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case hipErrorMissingConfiguration: return "__global__ function call is not configured";
    case hipErrorInvalidDeviceFunction: return "invalid device function";
    case hipErrorNoDevice: return "no device is available";
    case hipErrorInvalidDevice: return "invalid device ordinal";
    case hipErrorInvalidImage: return "device kernel image is invalid";
    case hipErrorNoBinaryForGpu: return "no kernel image is available for execution on the device";
    case hipErrorPeerAccessUnsupported: return "peer access is not supported between these two devices";
    case hipErrorInvalidResourceHandle: return "invalid resource handle";
    case hipErrorNotFound: return "named symbol not found";
    case hipErrorNotReady: return "device not ready";
    case hipErrorIllegalAddress: return "an illegal memory access was encountered";
    case hipErrorLaunchOutOfResources: return "too many resources requested for launch";
    case hipErrorPeerAccessAlreadyEnabled: return "peer access is already enabled";
    case hipErrorPeerAccessNotEnabled: return "peer access has not been enabled";
    case hipErrorAssert: return "device-side assert triggered";
    case hipErrorHostMemoryAlreadyRegistered: return "part or all of the requested memory range is already mapped";
    case hipErrorHostMemoryNotRegistered: return "pointer does not correspond to a registered memory region";
    case hipErrorLaunchFailure: return "unspecified launch failure";
    case hipErrorNotSupported: return "operation not supported";
    default: return "unknown error";
    }
}

/* ------------------------------------------------------------------ versions */

/* What cuda_runtime_api.h reads to know which HIP ABI it talks to (structure layouts and
 * enum numbers changed in ROCm 6): this runtime implements ROCm 5.2's. */
hipError_t hipRuntimeGetVersion(int *runtimeVersion) {
    if (!runtimeVersion) return record(hipErrorInvalidValue);
    *runtimeVersion = CU2AMD_HIP_ABI_VERSION;
    return hipSuccess;
}

/* ------------------------------------------------------------------ devices */

hipError_t hipGetDeviceCount(int *count) {
    if (!count) return record(hipErrorInvalidValue);
    *count = 1;
    return hipSuccess;
}

static __thread int g_device = 0;

hipError_t hipSetDevice(int device) {
    if (device != 0) return record(hipErrorInvalidDevice);
    g_device = device;
    return hipSuccess;
}

hipError_t hipGetDevice(int *device) {
    if (!device) return record(hipErrorInvalidValue);
    *device = g_device;
    return hipSuccess;
}

hipError_t hipDeviceSynchronize(void) {
    return cu2amd_graph_unsafe() ? record(hipErrorStreamCaptureUnsupported) : hipSuccess;
}

/* Per-device state that hipDeviceReset returns to its defaults; it frees the device's
 * memory too, as CUDA's reset does (streams and events stay usable handles). */
static unsigned g_device_flags;
static hipFuncCache_t g_cache_config = hipFuncCachePreferNone;
static hipSharedMemConfig g_shared_mem_config = hipSharedMemBankSizeFourByte;

hipError_t hipDeviceReset(void) {
    cu2amd_hip_free_all();
    g_device_flags = 0;
    g_cache_config = hipFuncCachePreferNone;
    g_shared_mem_config = hipSharedMemBankSizeFourByte;
    return hipSuccess;
}

/* CUDA's rule: at most one scheduling policy (spin, yield, blocking sync) besides the map
 * and local-memory flags. They change nothing here: work runs on the calling thread. */
hipError_t hipSetDeviceFlags(unsigned flags) {
    unsigned schedule = flags & hipDeviceScheduleMask;
    if ((flags & ~(unsigned)(hipDeviceScheduleMask | hipDeviceMapHost | 0x10)) != 0 ||
        (schedule != 0 && (schedule & (schedule - 1)) != 0))
        return record(hipErrorInvalidValue);
    g_device_flags = flags;
    return hipSuccess;
}

hipError_t hipGetDeviceFlags(unsigned int *flags) {
    if (!flags) return record(hipErrorInvalidValue);
    *flags = g_device_flags;
    return hipSuccess;
}

/* Device memory is the host's: its physical memory, and what is available of it. */
hipError_t hipMemGetInfo(size_t *free_bytes, size_t *total_bytes) {
    if (!free_bytes || !total_bytes) return record(hipErrorInvalidValue);
    long pages = sysconf(_SC_PHYS_PAGES), available = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    *total_bytes = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : (size_t)1 << 32;
    *free_bytes = available > 0 && page > 0 ? (size_t)available * (size_t)page : *total_bytes;
    return hipSuccess;
}

/* One device: no peer to reach (CUDA says 0, not an error, for a device and itself). */
hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId) {
    if (!canAccessPeer) return record(hipErrorInvalidValue);
    if (deviceId != 0 || peerDeviceId != 0) return record(hipErrorInvalidDevice);
    *canAccessPeer = 0;
    return hipSuccess;
}

hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags) {
    (void)peerDeviceId;
    return record(flags != 0 ? hipErrorInvalidValue : hipErrorInvalidDevice);
}

hipError_t hipDeviceDisablePeerAccess(int peerDeviceId) {
    (void)peerDeviceId;
    return record(hipErrorInvalidDevice);
}

/* Contexts' peer access: every context is device 0's, so a peer context is always of the
 * current device, which CUDA refuses (hipErrorInvalidDevice); none is ever enabled. */
static hipError_t check_ctx(hipCtx_t ctx) {
    hipError_t err = hipCtxPushCurrent(ctx);
    if (err == hipSuccess) hipCtxPopCurrent(NULL);
    return err;
}

hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags) {
    if (flags != 0) return record(hipErrorInvalidValue);
    hipError_t err = check_ctx(peerCtx);
    return record(err != hipSuccess ? err : hipErrorInvalidDevice);
}

hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx) {
    hipError_t err = check_ctx(peerCtx);
    return record(err != hipSuccess ? err : hipErrorPeerAccessNotEnabled);
}

hipError_t hipDeviceGetP2PAttribute(int *value, hipDeviceP2PAttr attr, int srcDevice, int dstDevice) {
    if (!value || (unsigned)attr > hipDevP2PAttrHipArrayAccessSupported) return record(hipErrorInvalidValue);
    (void)srcDevice, (void)dstDevice;
    return record(hipErrorInvalidDevice); /* one device: no pair of devices to describe */
}

/* Streams have no priorities here (all work runs at once): CUDA's answer for a device
 * without them is 0 and 0. */
hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
    if (leastPriority) *leastPriority = 0;
    if (greatestPriority) *greatestPriority = 0;
    return hipSuccess;
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig) {
    if ((unsigned)cacheConfig > hipFuncCachePreferEqual) return record(hipErrorInvalidValue);
    g_cache_config = cacheConfig;
    return hipSuccess;
}

hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *cacheConfig) {
    if (!cacheConfig) return record(hipErrorInvalidValue);
    *cacheConfig = g_cache_config;
    return hipSuccess;
}

hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
    if ((unsigned)config > hipSharedMemBankSizeEightByte) return record(hipErrorInvalidValue);
    g_shared_mem_config = config;
    return hipSuccess;
}

hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *pConfig) {
    if (!pConfig) return record(hipErrorInvalidValue);
    *pConfig = g_shared_mem_config == hipSharedMemBankSizeDefault ? hipSharedMemBankSizeFourByte : g_shared_mem_config;
    return hipSuccess;
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device) {
    if (!prop) return record(hipErrorInvalidValue);
    if (device != 0) return record(hipErrorInvalidDevice);
    memset(prop, 0, sizeof *prop);
    snprintf(prop->name, sizeof prop->name, "cu2amd host platform (CPU)");
    snprintf(prop->gcnArchName, sizeof prop->gcnArchName, "host");
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    prop->totalGlobalMem = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : (size_t)1 << 32;
    prop->sharedMemPerBlock = CU2AMD_MAX_SHARED_BYTES;
    prop->regsPerBlock = 65536;
    prop->warpSize = 32; /* CUDA's warp: cu2amd gives kernels warp-32 semantics */
    prop->maxThreadsPerBlock = CU2AMD_MAX_BLOCK_THREADS;
    prop->maxThreadsDim[0] = 1024, prop->maxThreadsDim[1] = 1024, prop->maxThreadsDim[2] = 64;
    prop->maxGridSize[0] = 0x7FFFFFFF, prop->maxGridSize[1] = 65535, prop->maxGridSize[2] = 65535;
    prop->clockRate = 1000000;
    prop->memoryClockRate = 1000000;
    prop->memoryBusWidth = 64;
    prop->totalConstMem = 64 * 1024;
    prop->major = 8, prop->minor = 0;
    prop->multiProcessorCount = 1;
    prop->cooperativeLaunch = 1; /* hipLaunchCooperativeKernel (runtime.c) */
    prop->maxThreadsPerMultiProcessor = CU2AMD_MAX_BLOCK_THREADS;
    prop->maxSharedMemoryPerMultiProcessor = CU2AMD_MAX_SHARED_OPTIN_BYTES;
    prop->canMapHostMemory = 1;
    prop->integrated = 1;
    prop->managedMemory = 1;
    prop->concurrentManagedAccess = 1;
    prop->directManagedMemAccessFromHost = 1;
    prop->pageableMemoryAccess = 1;
    prop->pageableMemoryAccessUsesHostPageTables = 1;
    prop->memPitch = (size_t)1 << 31;
    prop->textureAlignment = 256;
    prop->texturePitchAlignment = 256;
    /* texture sizes (hip_texture.c has no limits but memory's): an sm_80 GPU's */
    prop->maxTexture1DLinear = 1 << 28;
    prop->maxTexture1D = 1 << 17;
    prop->maxTexture2D[0] = 1 << 17, prop->maxTexture2D[1] = 1 << 16;
    prop->maxTexture3D[0] = prop->maxTexture3D[1] = prop->maxTexture3D[2] = 1 << 14;
    return hipSuccess;
}

/* ------------------------------------------------------------------ modules and kernels */

typedef struct host_module {
    void *handle;
    cu2amd_thread **thread_slot;
    void **shared_regions;
    size_t *shared_sizes;
    uint32_t n_shared;
    uint8_t *dynamic_shared; /* what extern __shared__ arrays alias, if the module has them */
} host_module;

typedef struct registered_function {
    const void *host_function;
    host_module *module;
    cu2amd_entry_fn entry;
    uint32_t flags;
    char *name;
    struct registered_function *next;
    int max_dynamic_shared; /* hipFuncAttributeMaxDynamicSharedMemorySize; -1: not set */
    int carveout;           /* hipFuncAttributePreferredSharedMemoryCarveout; -1: none */
    hipFunction_t as_module_function; /* __cu2amd_host_function_of's answer, once made */
} registered_function;

static registered_function *g_functions;

static registered_function *find_function(const void *host_function) {
    registered_function *f = g_functions;
    while (f && f->host_function != host_function) f = f->next;
    return f;
}

/* The module's static shared memory, which every block of its kernels has. */
static size_t static_shared_bytes(const host_module *m) {
    size_t bytes = 0;
    for (uint32_t r = 0; r < m->n_shared; r++) bytes += m->shared_sizes[r];
    return bytes;
}

/* CUDA's limit on a launch's dynamic shared memory: what the kernel opted in to, else what
 * the default per-block limit leaves beside its static shared memory. */
static size_t max_dynamic_shared(const registered_function *f) {
    if (f->max_dynamic_shared >= 0) return (size_t)f->max_dynamic_shared;
    size_t fixed = static_shared_bytes(f->module);
    return fixed < CU2AMD_MAX_SHARED_BYTES ? CU2AMD_MAX_SHARED_BYTES - fixed : 0;
}

/* The size of the module's buffer that extern __shared__ arrays alias (its symbol's size):
 * no launch may ask for more dynamic shared memory than it holds. */
static size_t dynamic_buffer_bytes(const host_module *m) {
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    if (!m->dynamic_shared || !dladdr1(m->dynamic_shared, &info, (void **)&sym, RTLD_DL_SYMENT) || !sym)
        return CU2AMD_MAX_SHARED_BYTES;
    return (size_t)sym->st_size;
}

/* clang's __hip_fatbin_wrapper */
typedef struct fatbin_wrapper {
    int magic;
    int version;
    const void *binary;
    const void *unused;
} fatbin_wrapper;
#define FATBIN_MAGIC 0x48495046 /* "HIPF" */

static int host_entry_id(const char *id, size_t len) {
    static const char suffix[] = "--cu2amd_host";
    char want[256];
    snprintf(want, sizeof want, "hipv4-%s%s", CU2AMD_HOST_TRIPLE, suffix);
    return len == strlen(want) && memcmp(id, want, len) == 0;
}

/* The host entry of a clang offload bundle: its bytes, or NULL. */
static const unsigned char *find_host_entry(const unsigned char *bundle, uint64_t *size) {
    static const char magic[] = "__CLANG_OFFLOAD_BUNDLE__";
    if (memcmp(bundle, magic, 24) != 0) return NULL;
    uint64_t count;
    memcpy(&count, bundle + 24, 8);
    const unsigned char *p = bundle + 32;
    for (uint64_t i = 0; i < count && i < 4096; i++) {
        uint64_t offset, length, id_len;
        memcpy(&offset, p, 8), memcpy(&length, p + 8, 8), memcpy(&id_len, p + 16, 8);
        if (host_entry_id((const char *)p + 24, (size_t)id_len)) {
            *size = length;
            return bundle + offset;
        }
        p += 24 + id_len;
    }
    return NULL;
}

/* An allocation of the runtime failed: said on stderr (a debugging platform), and the
 * error remembered for hipGetLastError. */
static hipError_t out_of_memory(const char *what) {
    fprintf(stderr, "cu2amd host runtime: out of memory %s\n", what);
    return record(hipErrorOutOfMemory);
}

static host_module *load_module(const unsigned char *data, uint64_t size, char *err, size_t err_len,
                                hipError_t *code) {
    *code = hipErrorInvalidImage;
    /* Device math calls the C math library (sinf, exp, ...): make it visible to modules
     * even when the program itself was linked without it. */
    static int libm_loaded;
    if (!libm_loaded) libm_loaded = dlopen("libm.so.6", RTLD_NOW | RTLD_GLOBAL) != NULL;
    int fd = memfd_create("cu2amd-host-module", MFD_CLOEXEC);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
        snprintf(err, err_len, "cannot stage the host module in memory");
        if (fd >= 0) close(fd);
        return NULL;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    /* The descriptor stays open as long as the module is loaded (always): dlopen knows a
     * loaded object by its path, and a closed descriptor's number, hence the path, would
     * be the next module's, which would then get this module back. */
    if (!handle) close(fd);
    if (!handle) {
        snprintf(err, err_len, "cannot load the host module: %s", dlerror());
        return NULL;
    }
    host_module *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, err_len, "out of memory loading the host module");
        *code = hipErrorOutOfMemory;
        dlclose(handle);
        return NULL;
    }
    m->handle = handle;
    m->thread_slot = dlsym(handle, "__cu2amd_thread");
    const int64_t *count = dlsym(handle, "__cu2amd_shared_regions_count");
    const uint64_t *table = dlsym(handle, "__cu2amd_shared_regions");
    if (!m->thread_slot || !count || !table) {
        snprintf(err, err_len, "the host module lacks the cu2amd module ABI symbols");
        dlclose(handle);
        free(m);
        return NULL;
    }
    m->dynamic_shared = dlsym(handle, "__cu2amd_dynamic_shared");
    m->n_shared = (uint32_t)*count;
    m->shared_regions = calloc(m->n_shared + 1, sizeof *m->shared_regions);
    m->shared_sizes = calloc(m->n_shared + 1, sizeof *m->shared_sizes);
    if (!m->shared_regions || !m->shared_sizes) {
        snprintf(err, err_len, "out of memory loading the host module");
        *code = hipErrorOutOfMemory;
        free(m->shared_regions), free(m->shared_sizes), free(m);
        dlclose(handle);
        return NULL;
    }
    for (uint32_t i = 0; i < m->n_shared; i++) {
        m->shared_regions[i] = (void *)(uintptr_t)table[2 * i];
        m->shared_sizes[i] = (size_t)table[2 * i + 1];
    }
    return m;
}

void **__hipRegisterFatBinary(const void *data) {
    const fatbin_wrapper *w = data;
    uint64_t size = 0;
    const unsigned char *entry = NULL;
    if (w && w->magic == FATBIN_MAGIC && w->binary) entry = find_host_entry(w->binary, &size);
    host_module **slot = calloc(1, sizeof *slot);
    if (!slot) {
        out_of_memory("registering the program's kernels");
        return NULL; /* registering functions with it does nothing; launches fail */
    }
    if (!entry) {
        fprintf(stderr, "cu2amd host runtime: the program holds no kernels for the host platform "
                        "(build it with --offload-arch=host)\n");
        record(hipErrorNoBinaryForGpu);
        return (void **)slot;
    }
    char err[512];
    hipError_t code;
    *slot = load_module(entry, size, err, sizeof err, &code);
    if (!*slot) {
        fprintf(stderr, "cu2amd host runtime: %s\n", err);
        record(code);
    }
    return (void **)slot;
}

void __hipRegisterFunction(void **modules, const void *host_function, char *device_function,
                           const char *device_name, unsigned int thread_limit, void *tid, void *bid,
                           dim3 *block_dim, dim3 *grid_dim, int *wave_size) {
    (void)device_function, (void)thread_limit, (void)tid, (void)bid, (void)block_dim, (void)grid_dim, (void)wave_size;
    host_module *m = modules ? *(host_module **)modules : NULL;
    if (!m) return;
    char symbol[1024];
    snprintf(symbol, sizeof symbol, "__cu2amd_entry_%s", device_name);
    cu2amd_entry_fn entry = (cu2amd_entry_fn)dlsym(m->handle, symbol);
    snprintf(symbol, sizeof symbol, "__cu2amd_flags_%s", device_name);
    const int32_t *flags = dlsym(m->handle, symbol);
    if (!entry || !flags) return; /* launching it reports hipErrorInvalidDeviceFunction */
    registered_function *f = calloc(1, sizeof *f);
    char *name = strdup(device_name);
    if (!f || !name) {
        free(f), free(name);
        out_of_memory("registering a kernel"); /* launching it reports hipErrorInvalidDeviceFunction */
        return;
    }
    *f = (registered_function){host_function, m, entry, (uint32_t)*flags, name, g_functions, -1, -1, NULL};
    g_functions = f;
}

/* cuda_runtime_api.h's cudaGetFuncBySymbol: the registered kernel of a stub as a module
 * function (made once, kept for the program's life); NULL for anything else. */
hipFunction_t __cu2amd_host_function_of(const void *stub) {
    registered_function *f = find_function(stub);
    if (f && !f->as_module_function) {
        host_module *m = f->module;
        f->as_module_function = cu2amd_module_function_of_program(
            m->handle, m->thread_slot, m->shared_regions, m->shared_sizes, m->n_shared, m->dynamic_shared, f->entry,
            f->flags, f->name);
        if (!f->as_module_function) out_of_memory("making a kernel's driver API handle");
    }
    return f ? f->as_module_function : NULL;
}

/* The sizes of a kernel's parameters (the retargeted module's __cu2amd_argsizes_NAME:
 * the count, then each size), for graph kernel nodes, which copy their arguments. */
int cu2amd_hip_kernel_arg_sizes(const void *function, const uint64_t **sizes) {
    registered_function *f = find_function(function);
    char symbol[1024];
    if (!f) return -1;
    snprintf(symbol, sizeof symbol, "__cu2amd_argsizes_%s", f->name);
    const uint64_t *table = dlsym(f->module->handle, symbol);
    if (!table) return -1;
    *sizes = table + 1;
    return (int)table[0];
}

/* __device__ and __constant__ variables: clang registers each one's host shadow with its
 * device name; the device copy is the module's symbol of that name, found when first
 * used (hipMemcpyToSymbol, hipGetSymbolAddress, ...). */
typedef struct registered_var {
    const void *shadow;
    host_module *module;
    char *name;
    size_t size;
    int constant;
    void *address; /* NULL until resolved */
    struct registered_var *next;
} registered_var;

static registered_var *g_vars;

/* Adds a variable to g_vars (`what` names it if memory runs out: using it then reports
 * hipErrorInvalidSymbol). */
static void register_var(const void *shadow, host_module *m, const char *name, size_t size, int constant,
                         void *address, const char *what) {
    registered_var *v = calloc(1, sizeof *v);
    char *copy = strdup(name);
    if (!v || !copy) {
        free(v), free(copy);
        out_of_memory(what);
        return;
    }
    *v = (registered_var){shadow, m, copy, size, constant, address, g_vars};
    g_vars = v;
}

void __hipRegisterVar(void **modules, void *var, char *host_var, char *device_var, int ext, size_t size,
                      int constant, int global) {
    (void)host_var, (void)ext, (void)global;
    host_module *m = modules ? *(host_module **)modules : NULL;
    if (!m || !var || !device_var) return; /* using it reports hipErrorInvalidSymbol */
    register_var(var, m, device_var, size, constant, NULL, "registering a device variable");
}

/* __managed__ variables: clang's HIP host code reaches one through a pointer (`pointer`,
 * which is also the variable's host symbol) that the runtime sets. The host platform's
 * device code has the variable as a plain __device__ one (cu2amd/config.h), in host memory
 * that host and kernels share, so the pointer is set to it now; its initial value is the
 * device variable's own (clang gives both the same). It is also a symbol for
 * hipMemcpyToSymbol and hipGetSymbolAddress, as in CUDA: host code's `&var` is the
 * variable itself (clang reads the pointer), so that address is the symbol's key. */
void __hipRegisterManagedVar(void *modules, void **pointer, void *init_value, const char *name, size_t size,
                             unsigned align) {
    (void)init_value, (void)align;
    host_module *m = modules ? *(host_module **)modules : NULL;
    if (!m || !pointer || !name) return;
    void *address = dlsym(m->handle, name);
    if (!address) {
        fprintf(stderr, "cu2amd host runtime: __managed__ variable '%s' is not in the host module\n", name);
        return; /* using it from the host dereferences NULL, as an unregistered one would */
    }
    *pointer = address;
    register_var(address, m, name, size, 0, address, "registering a __managed__ variable");
}

hipError_t cu2amd_hip_symbol(const void *shadow, void **address, size_t *size) {
    registered_var *v = g_vars;
    while (v && v->shadow != shadow) v = v->next;
    if (!v) return hipErrorInvalidSymbol;
    if (!v->address) {
        void *address = dlsym(v->module->handle, v->name);
        if (!address) {
            fprintf(stderr, "cu2amd host runtime: device variable '%s' is not in the host module\n", v->name);
            return hipErrorInvalidSymbol;
        }
        /* A __constant__ variable is read-only data in the module; the host writes it. */
        if (v->constant && v->size) {
            uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
            uintptr_t start = (uintptr_t)address & ~(page - 1), end = (uintptr_t)address + v->size;
            if (mprotect((void *)start, end - start, PROT_READ | PROT_WRITE) != 0) {
                fprintf(stderr, "cu2amd host runtime: cannot make __constant__ variable '%s' writable\n", v->name);
                return hipErrorInvalidSymbol;
            }
        }
        v->address = address;
    }
    *address = v->address;
    *size = v->size;
    return hipSuccess;
}

void __hipUnregisterFatBinary(void **modules) {
    host_module *m = modules ? *(host_module **)modules : NULL;
    for (registered_var **v = &g_vars; *v;) {
        if ((*v)->module == m) {
            registered_var *dead = *v;
            *v = dead->next;
            free(dead->name);
            free(dead);
        } else {
            v = &(*v)->next;
        }
    }
    for (registered_function **f = &g_functions; *f;) {
        if ((*f)->module == m) {
            registered_function *dead = *f;
            *f = dead->next;
            free(dead->name);
            free(dead);
        } else {
            f = &(*f)->next;
        }
    }
    /* The shared object stays loaded: destructors of other translation units may still
     * run code that references it. */
    free(modules);
}

/* <<<grid, block, shmem, stream>>> configurations, as a stack (launches may nest in
 * argument evaluation). */
typedef struct call_config {
    dim3 grid, block;
    size_t shmem;
    hipStream_t stream;
} call_config;
static __thread call_config g_configs[16];
static __thread int g_config_depth;

hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, hipStream_t stream) {
    if (g_config_depth == 16) return record(hipErrorInvalidConfiguration);
    g_configs[g_config_depth++] = (call_config){grid, block, shmem, stream};
    return hipSuccess;
}

hipError_t __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, hipStream_t *stream) {
    if (g_config_depth == 0) return record(hipErrorMissingConfiguration);
    call_config c = g_configs[--g_config_depth];
    *grid = c.grid, *block = c.block, *shmem = c.shmem, *stream = c.stream;
    return hipSuccess;
}

/* Launch options for the host platform, from the environment: CU2AMD_WARP_SIZE (32|64),
 * CU2AMD_THREAD_ORDER (forward|reverse|random|random:SEED), CU2AMD_STRICT (0|1). Unset or
 * empty means the default; any other value is an error naming the variable and the values
 * it takes, and the launch fails (never a silent default). */
static int launch_options(cu2amd_launch *l, char *err, size_t err_len) {
    const char *w = getenv("CU2AMD_WARP_SIZE");
    l->wave_size = 32;
    if (w && *w) {
        if (strcmp(w, "64") == 0) l->wave_size = 64;
        else if (strcmp(w, "32") != 0) {
            snprintf(err, err_len, "CU2AMD_WARP_SIZE='%s' is not valid: use 32 or 64", w);
            return -1;
        }
    }
    const char *order = getenv("CU2AMD_THREAD_ORDER");
    if (order && *order && strcmp(order, "forward") != 0) {
        char *end = NULL;
        if (strcmp(order, "reverse") == 0) l->order = CU2AMD_ORDER_REVERSE;
        else if (strcmp(order, "random") == 0) l->order = CU2AMD_ORDER_RANDOM;
        else if (strncmp(order, "random:", 7) == 0 && order[7] >= '0' && order[7] <= '9' &&
                 (l->seed = strtoull(order + 7, &end, 10), *end == 0)) {
            l->order = CU2AMD_ORDER_RANDOM;
        } else {
            snprintf(err, err_len,
                     "CU2AMD_THREAD_ORDER='%s' is not valid: use forward, reverse, random or random:SEED "
                     "(SEED a decimal number)",
                     order);
            return -1;
        }
    }
    const char *strict = getenv("CU2AMD_STRICT");
    if (strict && *strict) {
        if (strcmp(strict, "1") == 0) l->flags |= CU2AMD_LAUNCH_STRICT;
        else if (strcmp(strict, "0") != 0) {
            snprintf(err, err_len, "CU2AMD_STRICT='%s' is not valid: use 0 or 1", strict);
            return -1;
        }
    }
    return 0;
}

hipError_t hipLaunchKernel(const void *function, dim3 grid, dim3 block, void **args, size_t shmem,
                           hipStream_t stream) {
    int sticky = atomic_load(&g_sticky_error);
    if (sticky) return record((hipError_t)sticky); /* a failed kernel before: nothing runs any more */
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_kernel(function, grid, block, args, shmem, stream);
    registered_function *f = find_function(function);
    if (!f) return record(hipErrorInvalidDeviceFunction);
    cu2amd_launch l = {
        .entry = f->entry,
        .args = args,
        .thread_slot = f->module->thread_slot,
        .grid = {grid.x, grid.y, grid.z},
        .block = {block.x, block.y, block.z},
        .dynamic_shared_size = shmem,
        .flags = f->flags,
        .shared_regions = (uint8_t **)f->module->shared_regions,
        .shared_region_sizes = f->module->shared_sizes,
        .n_shared_regions = f->module->n_shared,
        .dynamic_shared_buffer = f->module->dynamic_shared,
    };
    char err[CU2AMD_ERR_LEN];
    if (launch_options(&l, err, sizeof err) != 0) {
        fprintf(stderr, "cu2amd host runtime: kernel '%s' not launched: %s\n", f->name, err);
        return record(hipErrorInvalidValue);
    }
    /* CUDA's limit first (the runtime's check below); within it, what this module holds. */
    size_t buffer = dynamic_buffer_bytes(f->module);
    if (f->module->dynamic_shared && shmem <= max_dynamic_shared(f) && shmem > buffer) {
        fprintf(stderr,
                "cu2amd host runtime: kernel '%s' not launched: %zu bytes of dynamic shared memory, but its "
                "module's extern __shared__ buffer holds %zu\n",
                f->name, shmem, buffer);
        return record(hipErrorInvalidConfiguration);
    }
    uint64_t max_shared = static_shared_bytes(f->module) + max_dynamic_shared(f);
    int status = cu2amd_rt_launch_limited(&l, max_shared, err, sizeof err);
    if (status != CU2AMD_OK) /* a debugging platform: say why, even if nobody checks */
        fprintf(stderr, "cu2amd host runtime: kernel '%s' failed: %s\n", f->name, err);
    return status == CU2AMD_OK ? hipSuccess : record(cu2amd_hip_launch_status(status));
}

/* ------------------------------------------------------------------ kernel attributes */

/* What the host platform knows of a kernel: its module's static shared memory, its limits;
 * it has no registers, local or constant memory of its own (the CPU's stack and globals). */
/* The kernel's (mangled) name, as registered; NULL for anything else. */
const char *hipKernelNameRefByPtr(const void *hostFunction, hipStream_t stream) {
    (void)stream;
    registered_function *f = find_function(hostFunction);
    return f ? f->name : NULL;
}

hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, const void *func) {
    if (!attr) return record(hipErrorInvalidValue);
    registered_function *f = find_function(func);
    if (!f) return record(hipErrorInvalidDeviceFunction);
    memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = static_shared_bytes(f->module);
    attr->maxThreadsPerBlock = CU2AMD_MAX_BLOCK_THREADS;
    attr->maxDynamicSharedSizeBytes = (int)max_dynamic_shared(f);
    attr->preferredShmemCarveout = f->carveout;
    return hipSuccess;
}

/* The opt-in to more dynamic shared memory (up to the "multiprocessor's" 64 KiB with the
 * static part), and the carveout preference (kept, no effect): CUDA's checks. */
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value) {
    registered_function *f = find_function(func);
    if (!f) return record(hipErrorInvalidDeviceFunction);
    switch (attr) {
    case hipFuncAttributeMaxDynamicSharedMemorySize:
        if (value < 0 || static_shared_bytes(f->module) + (size_t)value > CU2AMD_MAX_SHARED_OPTIN_BYTES)
            return record(hipErrorInvalidValue);
        f->max_dynamic_shared = value;
        return hipSuccess;
    case hipFuncAttributePreferredSharedMemoryCarveout:
        if (value < -1 || value > 100) return record(hipErrorInvalidValue);
        f->carveout = value;
        return hipSuccess;
    default: return record(hipErrorInvalidValue);
    }
}

/* Cache and bank preferences of a kernel: checked, and without effect on the CPU. */
hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config) {
    if (!find_function(func)) return record(hipErrorInvalidDeviceFunction);
    return (unsigned)config > hipFuncCachePreferEqual ? record(hipErrorInvalidValue) : hipSuccess;
}

hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config) {
    if (!find_function(func)) return record(hipErrorInvalidDeviceFunction);
    return (unsigned)config > hipSharedMemBankSizeEightByte ? record(hipErrorInvalidValue) : hipSuccess;
}

/* ------------------------------------------------------------------ occupancy */

/* The host platform's occupancy model (it runs one block at a time; this answers what a
 * GPU with its properties would hold): a multiprocessor has 1024 thread slots handed out
 * in warps of 32, 64 KiB of shared memory and at most 32 blocks; a block of n threads
 * takes ceil(n/32) warps and its static plus dynamic shared memory. 0 blocks when the block
 * cannot launch at all (too many threads, or more dynamic shared memory than allowed). */
#define HOST_SM_WARPS (CU2AMD_MAX_BLOCK_THREADS / 32)
#define HOST_SM_BLOCKS 32

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *f, int blockSize,
                                                                 size_t dynSharedMemPerBlk, unsigned int flags) {
    if (!numBlocks || blockSize <= 0 || (flags & ~1u) != 0) return record(hipErrorInvalidValue);
    registered_function *fn = find_function(f);
    if (!fn) return record(hipErrorInvalidDeviceFunction);
    *numBlocks = 0;
    if (blockSize > CU2AMD_MAX_BLOCK_THREADS || dynSharedMemPerBlk > max_dynamic_shared(fn)) return hipSuccess;
    int blocks = HOST_SM_WARPS / ((blockSize + 31) / 32);
    blocks = blocks < HOST_SM_BLOCKS ? blocks : HOST_SM_BLOCKS;
    size_t shared = static_shared_bytes(fn->module) + dynSharedMemPerBlk;
    if (shared > 0 && (size_t)blocks > CU2AMD_MAX_SHARED_OPTIN_BYTES / shared)
        blocks = (int)(CU2AMD_MAX_SHARED_OPTIN_BYTES / shared);
    *numBlocks = blocks;
    return hipSuccess;
}
