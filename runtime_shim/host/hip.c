/* The HIP C ABI subset that compiled CUDA host code calls, implemented on the CPU, so a
 * program built for --offload-arch=host links against this library instead of ROCm's
 * libamdhip64. Device memory is host memory; streams run their work at once, in order;
 * errors are returned as HIP error codes (and remembered for hipGetLastError), never
 * crashes. Kernels come from the offload bundle that clang embeds in the program
 * (-fcuda-include-gpubinary): its entry "hipv4-<host triple>--cu2amd_host" is a shared
 * object following the host module ABI, loaded with dlopen from a memfd. */
#define _GNU_SOURCE
#include "cu2amd_hip.h"

#include <dlfcn.h>
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
static hipError_t record(hipError_t err) {
    if (err != hipSuccess) g_last_error = err;
    return err;
}

hipError_t hipGetLastError(void) {
    hipError_t err = g_last_error;
    g_last_error = hipSuccess;
    return err;
}

hipError_t hipPeekAtLastError(void) { return g_last_error; }

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
    case hipErrorInvalidSymbol: return "invalid device symbol";
    case hipErrorInvalidDevicePointer: return "invalid device pointer";
    case hipErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case hipErrorMissingConfiguration: return "__global__ function call is not configured";
    case hipErrorInvalidDeviceFunction: return "invalid device function";
    case hipErrorNoDevice: return "no device is available";
    case hipErrorInvalidDevice: return "invalid device ordinal";
    case hipErrorInvalidImage: return "device kernel image is invalid";
    case hipErrorNoBinaryForGpu: return "no kernel image is available for execution on the device";
    case hipErrorInvalidResourceHandle: return "invalid resource handle";
    case hipErrorNotFound: return "named symbol not found";
    case hipErrorNotReady: return "device not ready";
    case hipErrorIllegalAddress: return "an illegal memory access was encountered";
    case hipErrorLaunchOutOfResources: return "too many resources requested for launch";
    case hipErrorAssert: return "device-side assert triggered";
    case hipErrorLaunchFailure: return "unspecified launch failure";
    case hipErrorNotSupported: return "operation not supported";
    default: return "unknown error";
    }
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

hipError_t hipDeviceSynchronize(void) { return hipSuccess; }
hipError_t hipDeviceReset(void) { return hipSuccess; }

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
    prop->totalConstMem = 64 * 1024;
    prop->major = 8, prop->minor = 0;
    prop->multiProcessorCount = 1;
    prop->maxThreadsPerMultiProcessor = CU2AMD_MAX_BLOCK_THREADS;
    prop->maxSharedMemoryPerMultiProcessor = 64 * 1024;
    prop->canMapHostMemory = 1;
    prop->integrated = 1;
    prop->managedMemory = 1;
    prop->concurrentManagedAccess = 1;
    prop->pageableMemoryAccess = 1;
    prop->memPitch = (size_t)1 << 31;
    return hipSuccess;
}

/* ------------------------------------------------------------------ memory */

/* Allocations are tracked so that hipFree of a pointer that hipMalloc did not return is
 * an error, as on a GPU. */
typedef struct allocation {
    void *ptr;
    size_t size;
    struct allocation *next;
} allocation;

static allocation *g_allocations;

static allocation **find_allocation(const void *ptr) {
    for (allocation **a = &g_allocations; *a; a = &(*a)->next)
        if ((*a)->ptr == ptr) return a;
    return NULL;
}

hipError_t hipMalloc(void **ptr, size_t size) {
    if (!ptr) return record(hipErrorInvalidValue);
    *ptr = NULL;
    if (size == 0) return hipSuccess;
    void *p = NULL;
    if (posix_memalign(&p, 256, size) != 0) return record(hipErrorOutOfMemory);
    allocation *a = malloc(sizeof *a);
    if (!a) {
        free(p);
        return record(hipErrorOutOfMemory);
    }
    *a = (allocation){p, size, g_allocations};
    g_allocations = a;
    *ptr = p;
    return hipSuccess;
}

hipError_t hipFree(void *ptr) {
    if (!ptr) return hipSuccess;
    allocation **a = find_allocation(ptr);
    if (!a) return record(hipErrorInvalidDevicePointer);
    allocation *dead = *a;
    *a = dead->next;
    free(dead->ptr);
    free(dead);
    return hipSuccess;
}

hipError_t hipMemcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind) {
    if (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault) return record(hipErrorInvalidMemcpyDirection);
    if (size && (!dst || !src)) return record(hipErrorInvalidValue);
    if (size) memmove(dst, src, size);
    return hipSuccess;
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t size, hipMemcpyKind kind, hipStream_t stream) {
    (void)stream;
    return hipMemcpy(dst, src, size, kind);
}

hipError_t hipMemset(void *dst, int value, size_t size) {
    if (size && !dst) return record(hipErrorInvalidValue);
    if (size) memset(dst, value, size);
    return hipSuccess;
}

hipError_t hipMemsetAsync(void *dst, int value, size_t size, hipStream_t stream) {
    (void)stream;
    return hipMemset(dst, value, size);
}

/* ------------------------------------------------------------------ streams and events */

struct ihipStream_t {
    int magic;
};
struct ihipEvent_t {
    int magic;
    int recorded;
    struct timespec when;
};
#define STREAM_MAGIC 0x5354524d
#define EVENT_MAGIC 0x4556544e

hipError_t hipStreamCreate(hipStream_t *stream) {
    if (!stream) return record(hipErrorInvalidValue);
    *stream = calloc(1, sizeof **stream);
    if (!*stream) return record(hipErrorOutOfMemory);
    (*stream)->magic = STREAM_MAGIC;
    return hipSuccess;
}

static int valid_stream(hipStream_t s) { return s == NULL || s->magic == STREAM_MAGIC; }

hipError_t hipStreamSynchronize(hipStream_t stream) {
    return valid_stream(stream) ? hipSuccess : record(hipErrorInvalidResourceHandle);
}

hipError_t hipStreamDestroy(hipStream_t stream) {
    if (!stream || stream->magic != STREAM_MAGIC) return record(hipErrorInvalidResourceHandle);
    stream->magic = 0;
    free(stream);
    return hipSuccess;
}

hipError_t hipEventCreate(hipEvent_t *event) {
    if (!event) return record(hipErrorInvalidValue);
    *event = calloc(1, sizeof **event);
    if (!*event) return record(hipErrorOutOfMemory);
    (*event)->magic = EVENT_MAGIC;
    return hipSuccess;
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
    if (!event || event->magic != EVENT_MAGIC || !valid_stream(stream))
        return record(hipErrorInvalidResourceHandle);
    clock_gettime(CLOCK_MONOTONIC, &event->when);
    event->recorded = 1;
    return hipSuccess;
}

hipError_t hipEventSynchronize(hipEvent_t event) {
    if (!event || event->magic != EVENT_MAGIC) return record(hipErrorInvalidResourceHandle);
    return hipSuccess;
}

hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
    if (!ms) return record(hipErrorInvalidValue);
    if (!start || !stop || start->magic != EVENT_MAGIC || stop->magic != EVENT_MAGIC)
        return record(hipErrorInvalidResourceHandle);
    if (!start->recorded || !stop->recorded) return record(hipErrorNotReady);
    double delta = (double)(stop->when.tv_sec - start->when.tv_sec) * 1e3 +
                   (double)(stop->when.tv_nsec - start->when.tv_nsec) / 1e6;
    *ms = (float)delta;
    return hipSuccess;
}

hipError_t hipEventDestroy(hipEvent_t event) {
    if (!event || event->magic != EVENT_MAGIC) return record(hipErrorInvalidResourceHandle);
    event->magic = 0;
    free(event);
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
} registered_function;

static registered_function *g_functions;

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
    *f = (registered_function){host_function, m, entry, (uint32_t)*flags, name, g_functions};
    g_functions = f;
}

void __hipRegisterVar(void **modules, void *var, char *host_var, char *device_var, int ext, size_t size,
                      int constant, int global) {
    /* Device variables are resolved inside the host module itself; the host shadow is not
     * used by the host platform (cudaMemcpyToSymbol comes with the runtime-shim work). */
    (void)modules, (void)var, (void)host_var, (void)device_var, (void)ext, (void)size, (void)constant, (void)global;
}

void __hipUnregisterFatBinary(void **modules) {
    host_module *m = modules ? *(host_module **)modules : NULL;
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
    if (!valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    registered_function *f = g_functions;
    while (f && f->host_function != function) f = f->next;
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
    int status = cu2amd_rt_launch(&l, err, sizeof err);
    if (status != CU2AMD_OK) /* a debugging platform: say why, even if nobody checks */
        fprintf(stderr, "cu2amd host runtime: kernel '%s' failed: %s\n", f->name, err);
    switch (status) {
    case CU2AMD_OK: return hipSuccess;
    case CU2AMD_ERR_INVALID_LAUNCH: return record(hipErrorInvalidConfiguration);
    case CU2AMD_ERR_MEMORY: return record(hipErrorIllegalAddress);
    case CU2AMD_ERR_TRAP: return record(hipErrorAssert);
    case CU2AMD_ERR_OUT_OF_RESOURCES: return record(hipErrorLaunchOutOfResources);
    default: return record(hipErrorLaunchFailure);
    }
}
