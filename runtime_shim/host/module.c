/* HIP's driver-style module API on the host platform: what cuda.h's driver API calls
 * (hipModuleLoadData, hipModuleGetFunction, hipModuleLaunchKernel, hipCtx*, ...).
 *
 * A module is a shared object following the host module ABI (ptx_lowering/targets/
 * host.py): one made by `cu2amd ptx --offload-arch=host`, or PTX text, which is compiled
 * here by cu2amd's PTX compiler (cu2amd/ptx_jit.h: a Python process, cached on disk by
 * content hash). Each module is loaded as the program's own kernels are (hip.c): copied
 * to a memfd and dlopen'ed from it, so every load is a distinct copy with its own
 * globals. Contexts are bookkeeping only: there is one device, and everything is
 * synchronous. */
#define _GNU_SOURCE
#include "cu2amd_hip.h"
#include "hip_internal.h"

#include "cu2amd/ptx_jit.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MODULE_MAGIC 0x4d4f444c
#define FUNCTION_MAGIC 0x46554e43
#define CONTEXT_MAGIC 0x43545854

/* ------------------------------------------------------------------ devices */

hipError_t hipInit(unsigned int flags) { return flags == 0 ? hipSuccess : hipErrorInvalidValue; }

hipError_t hipDeviceGet(hipDevice_t *device, int ordinal) {
    if (!device) return hipErrorInvalidValue;
    int count = 0;
    hipGetDeviceCount(&count);
    if (ordinal < 0 || ordinal >= count) return hipErrorInvalidDevice;
    *device = ordinal;
    return hipSuccess;
}

hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device) {
    if (!name || len <= 0) return hipErrorInvalidValue;
    hipDeviceProp_t prop;
    hipError_t err = hipGetDeviceProperties(&prop, device);
    if (err != hipSuccess) return err;
    snprintf(name, (size_t)len, "%s", prop.name);
    return hipSuccess;
}

hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device) {
    if (!bytes) return hipErrorInvalidValue;
    hipDeviceProp_t prop;
    hipError_t err = hipGetDeviceProperties(&prop, device);
    if (err == hipSuccess) *bytes = prop.totalGlobalMem;
    return err;
}

hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device) {
    if (!major || !minor) return hipErrorInvalidValue;
    hipDeviceProp_t prop;
    hipError_t err = hipGetDeviceProperties(&prop, device);
    if (err == hipSuccess) *major = prop.major, *minor = prop.minor;
    return err;
}

/* One device: PCI id 0000:00:00.0. */
hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device) {
    hipDevice_t d;
    hipError_t err = hipDeviceGet(&d, device);
    if (err != hipSuccess) return err;
    if (!pciBusId || len < 13) return hipErrorInvalidValue;
    snprintf(pciBusId, (size_t)len, "0000:00:%02x.0", (unsigned)device);
    return hipSuccess;
}

hipError_t hipDeviceGetByPCIBusId(int *device, const char *pciBusId) {
    unsigned domain, bus, dev, fn;
    if (!device || !pciBusId || sscanf(pciBusId, "%x:%x:%x.%x", &domain, &bus, &dev, &fn) != 4) {
        return hipErrorInvalidValue;
    }
    int count = 0;
    hipGetDeviceCount(&count);
    if (domain || bus || fn || dev >= (unsigned)count) return hipErrorInvalidDevice;
    *device = (int)dev;
    return hipSuccess;
}

hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device) {
    hipDevice_t d;
    hipError_t err = hipDeviceGet(&d, device);
    if (err != hipSuccess) return err;
    if (!uuid) return hipErrorInvalidValue;
    memcpy(uuid->bytes, "cu2amd-host-cpu0", 16); /* one device, the same every run */
    return hipSuccess;
}

/* No profiler to start: accepted, as on a machine without one attached. */
hipError_t hipProfilerStart(void) { return hipSuccess; }
hipError_t hipProfilerStop(void) { return hipSuccess; }

/* ------------------------------------------------------------------ contexts */

struct ihipCtx_t {
    int magic;
    hipDevice_t device;
    unsigned int flags;
    int cache_config;      /* recorded and reported; the CPU has no such choice */
    int shared_mem_config; /* likewise */
};

static struct ihipCtx_t g_primary = {CONTEXT_MAGIC, 0, 0, 0, 0};
static int g_primary_retained;
#define CTX_STACK 16
static __thread hipCtx_t g_ctx_stack[CTX_STACK];
static __thread int g_ctx_depth;

static int valid_ctx(hipCtx_t ctx) { return ctx && ctx->magic == CONTEXT_MAGIC; }

hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags, hipDevice_t device) {
    if (!ctx) return hipErrorInvalidValue;
    hipDevice_t d;
    hipError_t err = hipDeviceGet(&d, device);
    if (err != hipSuccess) return err;
    hipCtx_t c = calloc(1, sizeof *c);
    if (!c) return hipErrorOutOfMemory;
    *c = (struct ihipCtx_t){CONTEXT_MAGIC, device, flags, 0, 0};
    err = hipCtxPushCurrent(c);
    if (err != hipSuccess) {
        free(c);
        return err;
    }
    *ctx = c;
    return hipSuccess;
}

hipError_t hipCtxDestroy(hipCtx_t ctx) {
    if (!valid_ctx(ctx) || ctx == &g_primary) return hipErrorInvalidContext;
    for (int i = 0; i < g_ctx_depth; i++)
        if (g_ctx_stack[i] == ctx) {
            memmove(g_ctx_stack + i, g_ctx_stack + i + 1, (size_t)(g_ctx_depth - i - 1) * sizeof *g_ctx_stack);
            g_ctx_depth--, i--;
        }
    ctx->magic = 0;
    free(ctx);
    return hipSuccess;
}

hipError_t hipCtxGetCurrent(hipCtx_t *ctx) {
    if (!ctx) return hipErrorInvalidValue;
    *ctx = g_ctx_depth ? g_ctx_stack[g_ctx_depth - 1] : NULL;
    return hipSuccess;
}

hipError_t hipCtxSetCurrent(hipCtx_t ctx) {
    if (!ctx) {
        if (g_ctx_depth) g_ctx_depth--;
        return hipSuccess;
    }
    if (!valid_ctx(ctx)) return hipErrorInvalidContext;
    if (g_ctx_depth == 0) g_ctx_depth = 1;
    g_ctx_stack[g_ctx_depth - 1] = ctx;
    return hipSuccess;
}

hipError_t hipCtxPushCurrent(hipCtx_t ctx) {
    if (!valid_ctx(ctx)) return hipErrorInvalidContext;
    if (g_ctx_depth == CTX_STACK) return hipErrorOutOfMemory;
    g_ctx_stack[g_ctx_depth++] = ctx;
    return hipSuccess;
}

hipError_t hipCtxPopCurrent(hipCtx_t *ctx) {
    if (g_ctx_depth == 0) return hipErrorInvalidContext;
    hipCtx_t top = g_ctx_stack[--g_ctx_depth];
    if (ctx) *ctx = top;
    return hipSuccess;
}

hipError_t hipCtxGetDevice(hipDevice_t *device) {
    if (!device) return hipErrorInvalidValue;
    if (g_ctx_depth == 0) return hipErrorInvalidContext;
    *device = g_ctx_stack[g_ctx_depth - 1]->device;
    return hipSuccess;
}

hipError_t hipCtxSynchronize(void) { return g_ctx_depth ? hipSuccess : hipErrorInvalidContext; }

static hipCtx_t current_ctx(void) { return g_ctx_depth ? g_ctx_stack[g_ctx_depth - 1] : NULL; }

hipError_t hipCtxGetFlags(unsigned int *flags) {
    if (!flags) return hipErrorInvalidValue;
    if (!current_ctx()) return hipErrorInvalidContext;
    *flags = current_ctx()->flags;
    return hipSuccess;
}

hipError_t hipCtxGetCacheConfig(int *config) {
    if (!config) return hipErrorInvalidValue;
    if (!current_ctx()) return hipErrorInvalidContext;
    *config = current_ctx()->cache_config;
    return hipSuccess;
}

hipError_t hipCtxSetCacheConfig(int config) {
    if ((unsigned)config > 3) return hipErrorInvalidValue;
    if (!current_ctx()) return hipErrorInvalidContext;
    current_ctx()->cache_config = config;
    return hipSuccess;
}

hipError_t hipCtxGetSharedMemConfig(int *config) {
    if (!config) return hipErrorInvalidValue;
    if (!current_ctx()) return hipErrorInvalidContext;
    *config = current_ctx()->shared_mem_config;
    return hipSuccess;
}

hipError_t hipCtxSetSharedMemConfig(int config) {
    if ((unsigned)config > 2) return hipErrorInvalidValue;
    if (!current_ctx()) return hipErrorInvalidContext;
    current_ctx()->shared_mem_config = config;
    return hipSuccess;
}

hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *ctx, hipDevice_t device) {
    if (!ctx) return hipErrorInvalidValue;
    hipDevice_t d;
    hipError_t err = hipDeviceGet(&d, device);
    if (err != hipSuccess) return err;
    g_primary_retained++;
    *ctx = &g_primary;
    return hipSuccess;
}

hipError_t hipDevicePrimaryCtxRelease(hipDevice_t device) {
    hipDevice_t d;
    hipError_t err = hipDeviceGet(&d, device);
    if (err != hipSuccess) return err;
    if (g_primary_retained == 0) return hipErrorInvalidContext;
    g_primary_retained--;
    return hipSuccess;
}

hipError_t hipDevicePrimaryCtxGetState(hipDevice_t device, unsigned int *flags, int *active) {
    hipDevice_t d;
    hipError_t err = hipDeviceGet(&d, device);
    if (err != hipSuccess) return err;
    if (!flags || !active) return hipErrorInvalidValue;
    *flags = g_primary.flags;
    *active = g_primary_retained > 0;
    return hipSuccess;
}

hipError_t hipDevicePrimaryCtxReset(hipDevice_t device) {
    hipDevice_t d;
    hipError_t err = hipDeviceGet(&d, device);
    if (err == hipSuccess) g_primary.flags = 0;
    return err;
}

hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t device, unsigned int flags) {
    hipDevice_t d;
    hipError_t err = hipDeviceGet(&d, device);
    if (err == hipSuccess) g_primary.flags = flags;
    return err;
}

/* ------------------------------------------------------------------ modules */

struct ihipModuleSymbol_t {
    int magic;
    hipModule_t module;
    cu2amd_entry_fn entry;
    uint32_t flags;
    char *name;
    int ptx_version;      /* major * 10 + minor; 0 when unknown */
    int n_params;         /* -1 when unknown (a module given as a shared object) */
    uint32_t *param_size; /* n_params sizes, then n_params alignments */
    struct ihipModuleSymbol_t *next;
};

struct ihipModule_t {
    int magic;
    void *handle;
    int fd;
    cu2amd_thread **thread_slot;
    uint8_t **shared_regions;
    size_t *shared_sizes;
    uint32_t n_shared;
    size_t static_shared;
    uint8_t *dynamic_shared;
    char *meta;                          /* the JIT's kernel descriptions, or NULL */
    struct ihipModuleSymbol_t *functions; /* looked up so far */
};

static int valid_module(hipModule_t m) { return m && m->magic == MODULE_MAGIC; }

/* The size of an ELF image: its section headers come last (as ld.lld writes them). */
static size_t elf_size(const unsigned char *image) {
    const ElfW(Ehdr) *e = (const ElfW(Ehdr) *)image;
    if (memcmp(e->e_ident, ELFMAG, SELFMAG) != 0 || e->e_ident[EI_CLASS] != ELFCLASS64) return 0;
    size_t end = (size_t)e->e_shoff + (size_t)e->e_shnum * e->e_shentsize;
    const ElfW(Phdr) *ph = (const ElfW(Phdr) *)(image + e->e_phoff);
    for (int i = 0; i < e->e_phnum; i++)
        if (ph[i].p_offset + ph[i].p_filesz > end) end = ph[i].p_offset + ph[i].p_filesz;
    return end;
}

static hipError_t load_object(hipModule_t *out, const unsigned char *image, size_t size, const char *meta) {
    static int libm_loaded; /* device math calls the C math library */
    if (!libm_loaded) libm_loaded = dlopen("libm.so.6", RTLD_NOW | RTLD_GLOBAL) != NULL;
    int fd = memfd_create("cu2amd-driver-module", MFD_CLOEXEC);
    if (fd < 0 || write(fd, image, size) != (ssize_t)size) {
        fprintf(stderr, "cu2amd host runtime: cannot stage a module in memory\n");
        if (fd >= 0) close(fd);
        return hipErrorInvalidImage;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    /* The descriptor stays open while the module is loaded: dlopen knows an object by its
     * path, which a later module would otherwise reuse (and get this one back). */
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        fprintf(stderr, "cu2amd host runtime: cannot load the module: %s\n", dlerror());
        close(fd);
        return hipErrorInvalidImage;
    }
    const int64_t *count = dlsym(handle, "__cu2amd_shared_regions_count");
    const uint64_t *table = dlsym(handle, "__cu2amd_shared_regions");
    hipModule_t m = calloc(1, sizeof *m);
    if (m) m->thread_slot = dlsym(handle, "__cu2amd_thread");
    if (!m || !m->thread_slot || !count || !table) {
        if (m) fprintf(stderr, "cu2amd host runtime: the module lacks the cu2amd host module ABI symbols\n");
        free(m);
        dlclose(handle);
        close(fd);
        return m ? hipErrorInvalidImage : hipErrorOutOfMemory;
    }
    m->magic = MODULE_MAGIC, m->handle = handle, m->fd = fd;
    m->dynamic_shared = dlsym(handle, "__cu2amd_dynamic_shared");
    m->n_shared = (uint32_t)*count;
    m->shared_regions = calloc(m->n_shared + 1, sizeof *m->shared_regions);
    m->shared_sizes = calloc(m->n_shared + 1, sizeof *m->shared_sizes);
    m->meta = meta ? strdup(meta) : NULL;
    if (!m->shared_regions || !m->shared_sizes || (meta && !m->meta)) {
        m->magic = 0;
        free(m->shared_regions), free(m->shared_sizes), free(m->meta), free(m);
        dlclose(handle);
        close(fd);
        return hipErrorOutOfMemory;
    }
    for (uint32_t i = 0; i < m->n_shared; i++) {
        m->shared_regions[i] = (uint8_t *)(uintptr_t)table[2 * i];
        m->shared_sizes[i] = (size_t)table[2 * i + 1];
        m->static_shared += m->shared_sizes[i];
    }
    *out = m;
    return hipSuccess;
}

/* PTX text -> the JIT's shared object (compiled now, or from the cache), then loaded. */
static hipError_t load_ptx(hipModule_t *out, const char *ptx, const char *name) {
    char so[CU2AMD_JIT_PATH_MAX], meta_path[CU2AMD_JIT_PATH_MAX];
    int status = __cu2amd_jit_compile(ptx, strlen(ptx), "host", name, so, sizeof so, meta_path, sizeof meta_path);
    if (status == CU2AMD_JIT_INVALID_PTX) return hipErrorInvalidKernelFile;
    if (status != CU2AMD_JIT_OK) return hipErrorJitCompilerNotFound;
    size_t size = 0;
    char *image = __cu2amd_jit_read(so, &size);
    char *meta = __cu2amd_jit_read(meta_path, NULL);
    hipError_t err = image ? load_object(out, (const unsigned char *)image, size, meta) : hipErrorFileNotFound;
    free(image);
    free(meta);
    return err;
}

/* The host platform's entry of a clang offload bundle (what `cu2amd ptx -o X.hipfb` and
 * cu2amd-nvcc write), or NULL. */
static const unsigned char *bundle_host_entry(const unsigned char *bundle, size_t *size) {
    static const char magic[] = "__CLANG_OFFLOAD_BUNDLE__";
    if (memcmp(bundle, magic, sizeof magic - 1) != 0) return NULL;
    char want[256];
    snprintf(want, sizeof want, "hipv4-%s--cu2amd_host", CU2AMD_HOST_TRIPLE);
    uint64_t count;
    memcpy(&count, bundle + 24, 8);
    const unsigned char *p = bundle + 32;
    for (uint64_t i = 0; i < count && i < 4096; i++) {
        uint64_t offset, length, id_len;
        memcpy(&offset, p, 8), memcpy(&length, p + 8, 8), memcpy(&id_len, p + 16, 8);
        if (id_len == strlen(want) && memcmp(p + 24, want, id_len) == 0) return *size = length, bundle + offset;
        p += 24 + id_len;
    }
    return NULL;
}

static hipError_t load_image(hipModule_t *module, const void *image, const char *name) {
    if (!module || !image) return hipErrorInvalidValue;
    if (__cu2amd_jit_is_ptx(image)) return load_ptx(module, (const char *)image, name);
    size_t entry_size = 0;
    const unsigned char *entry = bundle_host_entry((const unsigned char *)image, &entry_size);
    if (entry) return load_object(module, entry, entry_size, NULL);
    if (memcmp(image, "__CLANG_OFFLOAD_BUNDLE__", 24) == 0) {
        fprintf(stderr, "cu2amd host runtime: %s: the offload bundle has no code for the host platform "
                        "(build it with --offload-arch=host)\n", name);
        return hipErrorNoBinaryForGpu;
    }
    size_t size = elf_size((const unsigned char *)image);
    if (size == 0) {
        fprintf(stderr, "cu2amd host runtime: %s: the image is neither PTX text, a host module (ELF) nor an offload "
                        "bundle\n", name);
        return hipErrorInvalidImage;
    }
    return load_object(module, (const unsigned char *)image, size, NULL);
}

hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
    return load_image(module, image, "cuModuleLoadData");
}

hipError_t hipModuleLoadDataEx(hipModule_t *module, const void *image, unsigned int numOptions,
                               hipJitOption *options, void **optionValues) {
    (void)numOptions, (void)options, (void)optionValues; /* cu2amd's compiler takes no JIT options */
    return load_image(module, image, "cuModuleLoadData");
}

hipError_t hipModuleLoad(hipModule_t *module, const char *fname) {
    if (!module || !fname) return hipErrorInvalidValue;
    size_t size = 0;
    char *image = __cu2amd_jit_read(fname, &size);
    if (!image) return hipErrorFileNotFound;
    hipError_t err = size < 64 && !__cu2amd_jit_is_ptx(image) ? hipErrorInvalidImage : load_image(module, image, fname);
    free(image);
    return err;
}

hipError_t hipModuleUnload(hipModule_t module) {
    if (!valid_module(module)) return hipErrorInvalidResourceHandle;
    for (struct ihipModuleSymbol_t *f = module->functions, *next; f; f = next) {
        next = f->next;
        f->magic = 0;
        free(f->name), free(f->param_size), free(f);
    }
    module->magic = 0;
    dlclose(module->handle);
    close(module->fd);
    free(module->shared_regions), free(module->shared_sizes), free(module->meta), free(module);
    return hipSuccess;
}

/* The JIT's description of kernel `name` ("kernel NAME PTXVERSION SIZE:ALIGN ..."). */
static void describe(hipFunction_t f, const char *meta) {
    f->n_params = -1;
    size_t len = strlen(f->name);
    for (const char *line = meta; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "kernel ", 7) != 0 || strncmp(line + 7, f->name, len) != 0 || line[7 + len] != ' ')
            continue;
        const char *p = line + 8 + len;
        char *end;
        f->ptx_version = (int)strtol(p, &end, 10);
        int n = 0;
        for (const char *q = end; *q && *q != '\n'; q++) n += *q == ':';
        f->param_size = calloc(2 * (size_t)n + 1, sizeof *f->param_size);
        if (!f->param_size) return;
        for (int i = 0; i < n; i++) {
            f->param_size[i] = (uint32_t)strtoul(end, &end, 10);
            f->param_size[n + i] = (uint32_t)strtoul(end + 1, &end, 10);
        }
        f->n_params = n;
        return;
    }
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *name) {
    if (!function || !name) return hipErrorInvalidValue;
    if (!valid_module(module)) return hipErrorInvalidResourceHandle;
    for (hipFunction_t f = module->functions; f; f = f->next)
        if (strcmp(f->name, name) == 0) return *function = f, hipSuccess;
    char symbol[1024];
    snprintf(symbol, sizeof symbol, "__cu2amd_entry_%s", name);
    cu2amd_entry_fn entry = (cu2amd_entry_fn)dlsym(module->handle, symbol);
    snprintf(symbol, sizeof symbol, "__cu2amd_flags_%s", name);
    const int32_t *flags = dlsym(module->handle, symbol);
    if (!entry || !flags) return hipErrorNotFound;
    hipFunction_t f = calloc(1, sizeof *f);
    char *copy = strdup(name);
    if (!f || !copy) {
        free(f), free(copy);
        return hipErrorOutOfMemory;
    }
    *f = (struct ihipModuleSymbol_t){FUNCTION_MAGIC, module, entry, (uint32_t)*flags, copy, 0, -1, NULL,
                                     module->functions};
    describe(f, module->meta);
    module->functions = f;
    *function = f;
    return hipSuccess;
}

/* A kernel the program registered, as a module function (cudaGetFuncBySymbol: hip.c): a
 * view of the program's own module (its handle, shared memory and thread slot), which no
 * module call accepts as a module, so it is never unloaded; made once per kernel. */
#define PROGRAM_MODULE_MAGIC 0x50524f47
hipFunction_t cu2amd_module_function_of_program(void *handle, cu2amd_thread **thread_slot, void **shared_regions,
                                                size_t *shared_sizes, uint32_t n_shared, uint8_t *dynamic_shared,
                                                cu2amd_entry_fn entry, uint32_t flags, const char *name) {
    hipModule_t m = calloc(1, sizeof *m);
    hipFunction_t f = calloc(1, sizeof *f);
    char *copy = strdup(name);
    if (!m || !f || !copy) {
        free(m), free(f), free(copy);
        return NULL;
    }
    *m = (struct ihipModule_t){PROGRAM_MODULE_MAGIC, handle, -1, thread_slot, (uint8_t **)shared_regions,
                               shared_sizes, n_shared, 0, dynamic_shared, NULL, f};
    for (uint32_t i = 0; i < n_shared; i++) m->static_shared += shared_sizes[i];
    *f = (struct ihipModuleSymbol_t){FUNCTION_MAGIC, m, entry, flags, copy, 0, -1, NULL, NULL};
    /* The parameters' sizes (the retargeted module's __cu2amd_argsizes_NAME: the count, then
     * each size), for kernelParams checks and graph nodes; their alignments are not known
     * (0), so the `extra` form stays unsupported. */
    char symbol[1024];
    snprintf(symbol, sizeof symbol, "__cu2amd_argsizes_%s", name);
    const uint64_t *table = dlsym(handle, symbol);
    uint32_t *sizes = table ? calloc(2 * (size_t)table[0] + 1, sizeof *sizes) : NULL;
    if (sizes) {
        for (uint64_t i = 0; i < table[0]; i++) sizes[i] = (uint32_t)table[1 + i];
        f->param_size = sizes, f->n_params = (int)table[0];
    }
    return f;
}

hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t module, const char *name) {
    if (!name) return hipErrorInvalidValue;
    if (!valid_module(module)) return hipErrorInvalidResourceHandle;
    void *address = dlsym(module->handle, name);
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    if (!address || !dladdr1(address, &info, (void **)&sym, RTLD_DL_SYMENT) || !sym ||
        ELF64_ST_TYPE(sym->st_info) != STT_OBJECT)
        return hipErrorNotFound;
    if (dptr) *dptr = address;
    if (bytes) *bytes = (size_t)sym->st_size;
    return hipSuccess;
}

/* The kernel's name in its module; NULL for anything but a kernel of a loaded module. */
const char *hipKernelNameRef(const hipFunction_t f) { return f && f->magic == FUNCTION_MAGIC ? f->name : NULL; }

hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attrib, hipFunction_t f) {
    if (!value) return hipErrorInvalidValue;
    if (!f || f->magic != FUNCTION_MAGIC) return hipErrorInvalidResourceHandle;
    size_t shared = f->module->static_shared;
    switch (attrib) {
    case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = CU2AMD_MAX_BLOCK_THREADS; break;
    case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = (int)shared; break; /* the module's, all kernels */
    case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *value = 0; break;            /* constants are global data */
    case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *value = 0; break;            /* locals live on the fiber stack */
    case HIP_FUNC_ATTRIBUTE_NUM_REGS: *value = 0; break;
    case HIP_FUNC_ATTRIBUTE_PTX_VERSION: *value = f->ptx_version; break;
    case HIP_FUNC_ATTRIBUTE_BINARY_VERSION: *value = 80; break; /* the compute capability the host reports */
    case HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA: *value = 0; break;
    case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
        *value = shared > CU2AMD_MAX_SHARED_BYTES ? 0 : (int)(CU2AMD_MAX_SHARED_BYTES - shared);
        break;
    case HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: *value = -1; break;
    default: return hipErrorInvalidValue;
    }
    return hipSuccess;
}

/* Occupancy on the host platform's one multiprocessor (a simple model): as many blocks
 * as fit its threads and its shared memory, the block size rounded up to whole warps. */
static hipError_t occupancy(int *blocks, hipFunction_t f, int block_size, size_t dynamic_shared) {
    hipDeviceProp_t prop;
    hipError_t err = hipGetDeviceProperties(&prop, 0);
    if (err != hipSuccess) return err;
    size_t shared = f->module->static_shared + dynamic_shared;
    if (shared > CU2AMD_MAX_SHARED_BYTES) return *blocks = 0, hipSuccess;
    int warps = (block_size + 31) / 32;
    int by_threads = prop.maxThreadsPerMultiProcessor / (warps * 32);
    int by_shared = shared ? (int)(prop.maxSharedMemoryPerMultiProcessor / shared) : by_threads;
    *blocks = by_threads < by_shared ? by_threads : by_shared;
    return hipSuccess;
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, hipFunction_t f, int blockSize,
                                                              size_t dynSharedMemPerBlk) {
    return hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, f, blockSize, dynSharedMemPerBlk, 0);
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, hipFunction_t f, int blockSize,
                                                                       size_t dynSharedMemPerBlk, unsigned int flags) {
    if (!numBlocks || blockSize <= 0 || blockSize > CU2AMD_MAX_BLOCK_THREADS || flags > 1) return hipErrorInvalidValue;
    if (!f || f->magic != FUNCTION_MAGIC) return hipErrorInvalidResourceHandle;
    return occupancy(numBlocks, f, blockSize, dynSharedMemPerBlk);
}

hipError_t hipModuleOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, hipFunction_t f,
                                                   size_t dynSharedMemPerBlk, int blockSizeLimit) {
    return hipModuleOccupancyMaxPotentialBlockSizeWithFlags(gridSize, blockSize, f, dynSharedMemPerBlk,
                                                            blockSizeLimit, 0);
}

/* The largest block size (a multiple of 32, at most the limit) with the most threads
 * resident; the grid that fills the device with it. */
hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int *gridSize, int *blockSize, hipFunction_t f,
                                                            size_t dynSharedMemPerBlk, int blockSizeLimit,
                                                            unsigned int flags) {
    if (!gridSize || !blockSize || blockSizeLimit < 0 || flags > 1) return hipErrorInvalidValue;
    if (!f || f->magic != FUNCTION_MAGIC) return hipErrorInvalidResourceHandle;
    int limit = blockSizeLimit == 0 || blockSizeLimit > CU2AMD_MAX_BLOCK_THREADS ? CU2AMD_MAX_BLOCK_THREADS
                                                                                 : blockSizeLimit;
    int best = 0, best_blocks = 0;
    for (int size = limit - limit % 32 ? limit - limit % 32 : limit; size > 0; size -= size > 32 ? 32 : size) {
        int blocks = 0;
        hipError_t err = occupancy(&blocks, f, size, dynSharedMemPerBlk);
        if (err != hipSuccess) return err;
        if (blocks * size > best_blocks * best) best = size, best_blocks = blocks;
    }
    hipDeviceProp_t prop;
    hipError_t err = hipGetDeviceProperties(&prop, 0);
    if (err != hipSuccess) return err;
    *blockSize = best;
    *gridSize = best_blocks * prop.multiProcessorCount;
    return hipSuccess;
}

/* Launch options from the environment, as hip.c reads them for the program's kernels:
 * CU2AMD_WARP_SIZE (32|64), CU2AMD_THREAD_ORDER (forward|reverse|random|random:SEED),
 * CU2AMD_STRICT (0|1). */
static int launch_options(cu2amd_launch *l, char *err, size_t err_len) {
    const char *w = getenv("CU2AMD_WARP_SIZE"), *order = getenv("CU2AMD_THREAD_ORDER"),
               *strict = getenv("CU2AMD_STRICT");
    l->wave_size = 32;
    if (w && *w && strcmp(w, "32") != 0) {
        if (strcmp(w, "64") != 0) return snprintf(err, err_len, "CU2AMD_WARP_SIZE='%s' is not valid: use 32 or 64", w), -1;
        l->wave_size = 64;
    }
    if (order && *order && strcmp(order, "forward") != 0) {
        char *end = NULL;
        if (strcmp(order, "reverse") == 0) l->order = CU2AMD_ORDER_REVERSE;
        else if (strcmp(order, "random") == 0) l->order = CU2AMD_ORDER_RANDOM;
        else if (strncmp(order, "random:", 7) == 0 && order[7] >= '0' && order[7] <= '9' &&
                 (l->seed = strtoull(order + 7, &end, 10), *end == 0))
            l->order = CU2AMD_ORDER_RANDOM;
        else
            return snprintf(err, err_len,
                            "CU2AMD_THREAD_ORDER='%s' is not valid: use forward, reverse, random or random:SEED",
                            order),
                   -1;
    }
    if (strict && *strict && strcmp(strict, "0") != 0) {
        if (strcmp(strict, "1") != 0) return snprintf(err, err_len, "CU2AMD_STRICT='%s' is not valid: use 0 or 1", strict), -1;
        l->flags |= CU2AMD_LAUNCH_STRICT;
    }
    return 0;
}

/* kernelParams from the `extra` form's buffer (HIP_LAUNCH_PARAM_BUFFER_POINTER/SIZE),
 * with the kernel's parameter layout from the JIT; `args` has room for n_params. */
static hipError_t unpack_extra(hipFunction_t f, void **extra, void **args) {
    uint8_t *buffer = NULL;
    size_t size = 0, *size_ptr = NULL;
    for (int i = 0; extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
        if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER) buffer = extra[i + 1];
        else if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE) size_ptr = extra[i + 1];
        else return hipErrorInvalidValue;
    }
    if (!buffer || !size_ptr) return hipErrorInvalidValue;
    size = *size_ptr;
    /* No layout, or sizes without alignments (0: a program's kernel, cudaGetFuncBySymbol). */
    int layout_known = f->n_params >= 0;
    for (int i = 0; layout_known && i < f->n_params; i++) layout_known = f->param_size[f->n_params + i] != 0;
    if (!layout_known) {
        fprintf(stderr, "cu2amd host runtime: kernel '%s': the `extra` launch form needs the kernel's parameter "
                        "layout, known only for modules loaded from PTX; use kernelParams\n", f->name);
        return hipErrorNotSupported;
    }
    size_t offset = 0;
    for (int i = 0; i < f->n_params; i++) {
        size_t align = f->param_size[f->n_params + i];
        offset = (offset + align - 1) / align * align;
        args[i] = buffer + offset;
        offset += f->param_size[i];
    }
    if (offset > size) {
        fprintf(stderr, "cu2amd host runtime: kernel '%s': its parameters take %zu bytes, the buffer has %zu\n",
                f->name, offset, size);
        return hipErrorInvalidValue;
    }
    return hipSuccess;
}

/* A module kernel's parameter sizes, for graph kernel nodes (hip_graph.c). */
int cu2amd_module_kernel_arg_sizes(const void *function, const uint32_t **sizes) {
    hipFunction_t f = (hipFunction_t)function;
    if (!f || f->magic != FUNCTION_MAGIC || f->n_params < 0) return -1;
    *sizes = f->param_size;
    return f->n_params;
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
                                 void **kernelParams, void **extra) {
    if (!f || f->magic != FUNCTION_MAGIC) return hipErrorInvalidResourceHandle;
    int sticky = __cu2amd_host_sticky_error();
    if (sticky) return (hipError_t)sticky; /* a failed kernel before: nothing runs any more */
    if (cu2amd_graph_capturing(stream)) /* a kernel node (packed `extra` arguments are not copied) */
        return extra ? cu2amd_graph_capture_unsupported(stream)
                     : cu2amd_graph_capture_kernel(f, (dim3){gridDimX, gridDimY, gridDimZ},
                                                   (dim3){blockDimX, blockDimY, blockDimZ}, kernelParams,
                                                   sharedMemBytes, stream);
    if (hipStreamSynchronize(stream) != hipSuccess) return hipErrorInvalidResourceHandle;
    if (kernelParams && extra) return hipErrorInvalidValue;
    void *unpacked[256];
    if (extra) {
        if (f->n_params > 256) return hipErrorNotSupported;
        hipError_t err = unpack_extra(f, extra, unpacked);
        if (err != hipSuccess) return err;
        kernelParams = unpacked;
    } else if (!kernelParams && f->n_params != 0) {
        if (f->n_params > 0) return hipErrorInvalidValue; /* arguments needed, none given */
    }
    cu2amd_launch l = {
        .entry = f->entry,
        .args = kernelParams,
        .thread_slot = f->module->thread_slot,
        .grid = {gridDimX, gridDimY, gridDimZ},
        .block = {blockDimX, blockDimY, blockDimZ},
        .dynamic_shared_size = sharedMemBytes,
        .flags = f->flags,
        .shared_regions = f->module->shared_regions,
        .shared_region_sizes = f->module->shared_sizes,
        .n_shared_regions = f->module->n_shared,
        .dynamic_shared_buffer = f->module->dynamic_shared,
    };
    char err[CU2AMD_ERR_LEN];
    if (launch_options(&l, err, sizeof err) != 0) {
        fprintf(stderr, "cu2amd host runtime: kernel '%s' not launched: %s\n", f->name, err);
        return hipErrorInvalidValue;
    }
    int status = cu2amd_rt_launch(&l, err, sizeof err);
    if (status != CU2AMD_OK) fprintf(stderr, "cu2amd host runtime: kernel '%s' failed: %s\n", f->name, err);
    return cu2amd_hip_launch_status(status);
}

/* ------------------------------------------------------------------ memory */

/* Device memory is host memory; streams run their work at once. */
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t size) {
    return hipMemcpy(dst, src, size, hipMemcpyHostToDevice);
}
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t size) {
    return hipMemcpy(dst, src, size, hipMemcpyDeviceToHost);
}
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t size) {
    return hipMemcpy(dst, src, size, hipMemcpyDeviceToDevice);
}
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src, size_t size, hipStream_t stream) {
    return hipMemcpyAsync(dst, src, size, hipMemcpyHostToDevice, stream);
}
hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t size, hipStream_t stream) {
    return hipMemcpyAsync(dst, src, size, hipMemcpyDeviceToHost, stream);
}
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t size, hipStream_t stream) {
    return hipMemcpyAsync(dst, src, size, hipMemcpyDeviceToDevice, stream);
}

/* Rows padded to 256 bytes, as the alignment hipMalloc gives. */
hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t widthInBytes, size_t height,
                            unsigned int elementSizeBytes) {
    if (!dptr || !pitch || (elementSizeBytes != 4 && elementSizeBytes != 8 && elementSizeBytes != 16))
        return hipErrorInvalidValue;
    size_t row = (widthInBytes + 255) / 256 * 256;
    if (height && row > SIZE_MAX / height) return hipErrorOutOfMemory;
    hipError_t err = hipMalloc(dptr, row * height);
    if (err == hipSuccess) *pitch = row;
    return err;
}

hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count) { return hipMemset(dst, value, count); }

hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count) {
    if (count && !dst) return hipErrorInvalidValue;
    if ((uintptr_t)dst % 2) return hipErrorInvalidValue;
    for (size_t i = 0; i < count; i++) ((uint16_t *)dst)[i] = value;
    return hipSuccess;
}

hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count) {
    if (count && !dst) return hipErrorInvalidValue;
    if ((uintptr_t)dst % 4) return hipErrorInvalidValue;
    for (size_t i = 0; i < count; i++) ((int32_t *)dst)[i] = value;
    return hipSuccess;
}

hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value, size_t count, hipStream_t stream) {
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_memset(dst, 0, (uint8_t)value, 1, count, 1, stream);
    hipError_t err = hipStreamSynchronize(stream);
    return err != hipSuccess ? err : hipMemsetD8(dst, value, count);
}
hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value, size_t count, hipStream_t stream) {
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_memset(dst, 0, value, 2, count, 1, stream);
    hipError_t err = hipStreamSynchronize(stream);
    return err != hipSuccess ? err : hipMemsetD16(dst, value, count);
}
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream) {
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_memset(dst, 0, (uint32_t)value, 4, count, 1, stream);
    hipError_t err = hipStreamSynchronize(stream);
    return err != hipSuccess ? err : hipMemsetD32(dst, value, count);
}
