/* The CUDA driver API: library management (CUDA 12's context-independent loading) and, for
 * cuda_runtime_api.h, the runtime API's library functions. Part of cuda.h: include that.
 *
 * A library is a module (cuModuleLoadDataEx: PTX text compiled by cu2amd's PTX JIT, or a
 * code object) loaded once: one device, one context. Its kernels are the module's
 * functions. cu2amd keeps each library it loaded, with the kernels it has handed out, in one
 * list for the whole program (a weak function: every file that includes this defines it,
 * the linker keeps one), so that handles are checked (CUDA_ERROR_INVALID_HANDLE, not a
 * crash) and a kernel knows its library, name and parameters. A library loaded from PTX
 * knows all its kernels and their parameter layouts from the JIT's description of the
 * module (its .meta file); one loaded from a code object (or an offload bundle of them)
 * knows its kernels from the symbol tables, without their parameters. */
#ifndef CU2AMD_DRIVER_LIBRARY_H
#define CU2AMD_DRIVER_LIBRARY_H

/* cuGetProcAddress's flags and answers (cu2amd/driver_library_entry.h). */
typedef enum CUdriverProcAddress_flags_enum {
    CU_GET_PROC_ADDRESS_DEFAULT = 0,
    CU_GET_PROC_ADDRESS_LEGACY_STREAM = 1,
    CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM = 2,
} CUdriverProcAddress_flags;
typedef enum CUdriverProcAddressQueryResult_enum {
    CU_GET_PROC_ADDRESS_SUCCESS = 0,
    CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1,
    CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2,
} CUdriverProcAddressQueryResult;

#include "cu2amd/library_registry.h"

/* A new kernel entry named `name` (its `name` copied), or NULL without memory. */
CU2AMD_API __cu2amd_lib_kernel *__cu2amd_lib_add_kernel(__cu2amd_lib *l, const char *name, size_t len) {
    if (l->n_kernels == l->capacity) {
        unsigned int grown = l->capacity ? 2 * l->capacity : 8;
        __cu2amd_lib_kernel *bigger =
            (__cu2amd_lib_kernel *)realloc(l->kernels, grown * sizeof(__cu2amd_lib_kernel));
        if (!bigger) return NULL;
        l->kernels = bigger, l->capacity = grown;
    }
    __cu2amd_lib_kernel *k = &l->kernels[l->n_kernels];
    memset(k, 0, sizeof *k);
    k->name = (char *)malloc(len + 1);
    if (!k->name) return NULL;
    memcpy(k->name, name, len);
    k->name[len] = 0;
    k->n_params = -1;
    k->max_dynamic_shared = -1;
    k->carveout = -1;
    l->n_kernels++;
    return k;
}

CU2AMD_API void __cu2amd_lib_free(__cu2amd_lib *l) {
    for (unsigned int i = 0; l && i < l->n_kernels; i++) free(l->kernels[i].name), free(l->kernels[i].layout);
    if (l) free(l->kernels), free(l->managed);
    free(l);
}

/* The kernels of the JIT's description ("kernel NAME PTXVERSION SIZE:ALIGN ..." lines). */
CU2AMD_API int __cu2amd_lib_describe(__cu2amd_lib *l, const char *meta) {
    for (const char *line = meta; line && *line;) {
        const char *end = strchr(line, '\n');
        if (!end) end = line + strlen(line);
        if (strncmp(line, "kernel ", 7) == 0) {
            const char *name = line + 7, *p = name;
            while (p < end && *p != ' ') p++;
            __cu2amd_lib_kernel *k = __cu2amd_lib_add_kernel(l, name, (size_t)(p - name));
            if (!k) return -1;
            int n = 0;
            for (const char *q = p; q < end; q++) n += *q == ':';
            k->layout = (unsigned int *)calloc(2 * (size_t)n + 1, sizeof(unsigned int));
            if (!k->layout) return -1;
            char *next = NULL;
            strtol(p, &next, 10); /* the PTX version */
            for (int i = 0; i < n; i++) {
                k->layout[2 * i] = (unsigned int)strtoul(next, &next, 10);
                k->layout[2 * i + 1] = (unsigned int)strtoul(next + 1, &next, 10);
            }
            k->n_params = n;
        }
        line = *end ? end + 1 : end;
    }
    l->complete = 1;
    return 0;
}

/* The kernels a code object names in its symbol tables: an AMD GPU code object's kernel
 * descriptors (NAME.kd), a host platform module's entries (__cu2amd_entry_NAME); a clang
 * offload bundle's entries each. Their parameters stay unknown. 0 when the image is one of
 * these (the kernel list is then complete), -1 otherwise or without memory. The image's
 * section headers come last (as ld.lld writes them), which bounds what is read. */
CU2AMD_API int __cu2amd_lib_scan_elf(__cu2amd_lib *l, const unsigned char *elf, size_t size) {
    static const unsigned char magic[5] = {0x7f, 'E', 'L', 'F', 2 /* 64-bit */};
    uint64_t shoff = 0;
    uint16_t shentsize = 0, shnum = 0;
    if (size < 64 || memcmp(elf, magic, 5) != 0) return -1;
    memcpy(&shoff, elf + 0x28, 8), memcpy(&shentsize, elf + 0x3a, 2), memcpy(&shnum, elf + 0x3c, 2);
    if (shentsize != 64 || shoff > size || (uint64_t)shnum * 64 > size - shoff) return -1;
    for (uint16_t i = 0; i < shnum; i++) {
        const unsigned char *sh = elf + shoff + 64 * (uint64_t)i;
        uint32_t type, link;
        uint64_t offset, bytes;
        memcpy(&type, sh + 4, 4), memcpy(&offset, sh + 24, 8), memcpy(&bytes, sh + 32, 8), memcpy(&link, sh + 40, 4);
        if ((type != 2 && type != 11) || link >= shnum || offset > size || bytes > size - offset) continue;
        const unsigned char *strsh = elf + shoff + 64 * (uint64_t)link;
        uint64_t str_offset, str_bytes;
        memcpy(&str_offset, strsh + 24, 8), memcpy(&str_bytes, strsh + 32, 8);
        if (str_offset > size || str_bytes > size - str_offset || str_bytes == 0) continue;
        const char *strings = (const char *)elf + str_offset;
        for (uint64_t sym = 24; sym + 24 <= bytes; sym += 24) {
            uint32_t at;
            memcpy(&at, elf + offset + sym, 4);
            if (at >= str_bytes || !memchr(strings + at, 0, str_bytes - at)) continue;
            const char *name = strings + at, *kernel = NULL;
            size_t len = strlen(name);
            if (len > 3 && strcmp(name + len - 3, ".kd") == 0) kernel = name, len -= 3;
            else if (strncmp(name, "__cu2amd_entry_", 15) == 0) kernel = name + 15, len -= 15;
            int known = 0;
            for (unsigned int k = 0; kernel && k < l->n_kernels && !known; k++)
                known = strlen(l->kernels[k].name) == len && memcmp(l->kernels[k].name, kernel, len) == 0;
            if (kernel && len && !known && !__cu2amd_lib_add_kernel(l, kernel, len)) return -1;
        }
    }
    return 0;
}
CU2AMD_API int __cu2amd_lib_scan(__cu2amd_lib *l, const unsigned char *image) {
    if (memcmp(image, "__CLANG_OFFLOAD_BUNDLE__", 24) != 0) {
        uint64_t shoff = 0;
        uint16_t shnum = 0;
        if (memcmp(image, "\x7f" "ELF", 4) != 0) return -1;
        memcpy(&shoff, image + 0x28, 8), memcpy(&shnum, image + 0x3c, 2);
        return __cu2amd_lib_scan_elf(l, image, (size_t)(shoff + 64 * (uint64_t)shnum));
    }
    uint64_t count = 0;
    memcpy(&count, image + 24, 8);
    const unsigned char *p = image + 32;
    int found = -1;
    for (uint64_t i = 0; i < count && i < 4096; i++) {
        uint64_t offset, bytes, id_len;
        memcpy(&offset, p, 8), memcpy(&bytes, p + 8, 8), memcpy(&id_len, p + 16, 8);
        if (bytes && __cu2amd_lib_scan_elf(l, image + offset, (size_t)bytes) == 0) found = 0;
        p += 24 + id_len;
    }
    return found;
}

/* The names of the managed variables PTX text declares (`.global .attribute(.managed) ...
 * NAME`), as __cu2amd_lib.managed lists them; NULL without memory. */
CU2AMD_API char *__cu2amd_lib_managed_names(const char *ptx) {
    size_t len = strlen(ptx), used = 0;
    char *names = (char *)malloc(len + 2);
    if (!names) return NULL;
    for (const char *p = strstr(ptx, ".managed"); p; p = strstr(p, ".managed")) {
        p += 8;
        const char *q = p;
        while (*q == ' ' || *q == '\t') q++;
        if (*q != ')') continue; /* `.attribute(.managed)` ends here */
        q++;
        for (;;) { /* the state space, alignment and type: .directives and numbers */
            while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r') q++;
            if (*q != '.' && !(*q >= '0' && *q <= '9')) break;
            while (*q && *q != ' ' && *q != '\t' && *q != '\n' && *q != '\r') q++;
        }
        const char *name = q;
        while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_' ||
               *q == '$')
            q++;
        if (q == name) continue;
        memcpy(names + used, name, (size_t)(q - name));
        used += (size_t)(q - name);
        names[used++] = 0;
    }
    names[used] = 0;
    return names;
}

/* A library from `code` (`size` bytes of PTX text, or a code object): PTX is compiled
 * here first, for its description (the module load that follows finds it in the JIT's
 * cache). */
CU2AMD_API CUresult __cu2amd_lib_load(CUlibrary *library, const void *code, size_t size, const char *name,
                                      unsigned int n, CUjit_option *options, void **values) {
    if (!library || !code) return CUDA_ERROR_INVALID_VALUE;
    char *meta = NULL;
    if (__cu2amd_jit_is_ptx(code)) {
        char arch[300], path[CU2AMD_JIT_PATH_MAX], meta_path[CU2AMD_JIT_PATH_MAX];
        CUresult err = __cu2amd_cu_arch(arch, sizeof arch);
        if (err != CUDA_SUCCESS) return err;
        int status = __cu2amd_jit_compile((const char *)code, size, arch, name, path, sizeof path, meta_path,
                                          sizeof meta_path);
        if (status != CU2AMD_JIT_OK) {
            __cu2amd_cu_error_log(n, options, values, "cu2amd PTX JIT failed: its diagnostic is on stderr");
            return status == CU2AMD_JIT_INVALID_PTX ? CUDA_ERROR_INVALID_PTX : CUDA_ERROR_JIT_COMPILER_NOT_FOUND;
        }
        meta = __cu2amd_jit_read(meta_path, NULL);
        if (!meta) return CUDA_ERROR_FILE_NOT_FOUND;
    }
    __cu2amd_lib *l = (__cu2amd_lib *)calloc(1, sizeof(__cu2amd_lib));
    if (l && meta) l->managed = __cu2amd_lib_managed_names((const char *)code);
    if (!l || (meta && (!l->managed || __cu2amd_lib_describe(l, meta) != 0))) {
        free(meta);
        __cu2amd_lib_free(l);
        return CUDA_ERROR_OUT_OF_MEMORY;
    }
    free(meta);
    CUmodule module = NULL;
    CUresult err = __cu2amd_cu_load(&module, code, size, name, n, options, values);
    if (err != CUDA_SUCCESS) {
        __cu2amd_lib_free(l);
        return err;
    }
    if (!l->complete) l->complete = __cu2amd_lib_scan(l, (const unsigned char *)code) == 0;
    l->library = module;
    __cu2amd_lib **head = __cu2amd_libraries(1);
    l->next = *head;
    *head = l;
    __cu2amd_lib_unlock();
    *library = module;
    return CUDA_SUCCESS;
}

/* Library options are accepted and ignored (the code is always copied); of the JIT
 * options, the error log buffer says where the diagnostic went. */
CU2AMD_API CUresult cuLibraryLoadData(CUlibrary *library, const void *code, CUjit_option *jitOptions,
                                      void **jitOptionsValues, unsigned int numJitOptions,
                                      CUlibraryOption *libraryOptions, void **libraryOptionValues,
                                      unsigned int numLibraryOptions) {
    (void)libraryOptions, (void)libraryOptionValues;
    if (numLibraryOptions && !libraryOptions) return CUDA_ERROR_INVALID_VALUE;
    size_t size = code && __cu2amd_jit_is_ptx(code) ? strlen((const char *)code) : 0;
    return __cu2amd_lib_load(library, code, size, "cuLibraryLoadData", numJitOptions, jitOptions, jitOptionsValues);
}
CU2AMD_API CUresult cuLibraryLoadFromFile(CUlibrary *library, const char *fileName, CUjit_option *jitOptions,
                                          void **jitOptionsValues, unsigned int numJitOptions,
                                          CUlibraryOption *libraryOptions, void **libraryOptionValues,
                                          unsigned int numLibraryOptions) {
    (void)libraryOptions, (void)libraryOptionValues;
    if (!library || !fileName || (numLibraryOptions && !libraryOptions)) return CUDA_ERROR_INVALID_VALUE;
    size_t size = 0;
    char *code = __cu2amd_jit_read(fileName, &size);
    if (!code) return CUDA_ERROR_FILE_NOT_FOUND;
    if (__cu2amd_jit_is_ptx(code)) size = strlen(code);
    CUresult err = __cu2amd_lib_load(library, code, size, fileName, numJitOptions, jitOptions, jitOptionsValues);
    free(code);
    return err;
}
CU2AMD_API CUresult cuLibraryUnload(CUlibrary library) {
    __cu2amd_lib **p = __cu2amd_libraries(1);
    while (*p && (*p)->library != library) p = &(*p)->next;
    __cu2amd_lib *l = *p;
    if (l) *p = l->next;
    __cu2amd_lib_unlock();
    if (!l) return CUDA_ERROR_INVALID_HANDLE;
    __cu2amd_lib_free(l);
    return CU2AMD_CU(hipModuleUnload(library));
}
CU2AMD_API CUresult cuLibraryGetModule(CUmodule *pMod, CUlibrary library) {
    if (!pMod) return CUDA_ERROR_INVALID_VALUE;
    int known = __cu2amd_lib_find(library) != NULL;
    __cu2amd_lib_unlock();
    if (!known) return CUDA_ERROR_INVALID_HANDLE;
    *pMod = library;
    return CUDA_SUCCESS;
}

/* The handle of kernel `name` of `l` (looked up in its module once), or an error (the
 * list is locked by the caller). */
CU2AMD_API CUresult __cu2amd_lib_kernel_of(CUkernel *out, __cu2amd_lib *l, const char *name) {
    __cu2amd_lib_kernel *k = NULL;
    for (unsigned int i = 0; i < l->n_kernels && !k; i++)
        if (strcmp(l->kernels[i].name, name) == 0) k = &l->kernels[i];
    if (!k && l->complete) return CUDA_ERROR_NOT_FOUND;
    if (!k || !k->function) {
        CUfunction f = NULL;
        CUresult err = (CUresult)hipModuleGetFunction(&f, l->library, name); /* unlogged: a log callback could reenter */
        if (err != CUDA_SUCCESS) return err;
        if (!k) k = __cu2amd_lib_add_kernel(l, name, strlen(name));
        if (!k) return CUDA_ERROR_OUT_OF_MEMORY;
        k->function = f;
    }
    *out = k->function;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library, const char *name) {
    if (!pKernel || !name) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_lib *l = __cu2amd_lib_find(library);
    CUresult err = l ? __cu2amd_lib_kernel_of(pKernel, l, name) : CUDA_ERROR_INVALID_HANDLE;
    __cu2amd_lib_unlock();
    return err;
}
/* How many kernels, and which (for a library loaded from neither PTX nor a code object,
 * CUDA_ERROR_NOT_SUPPORTED). */
CU2AMD_API CUresult cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib) {
    if (!count) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_lib *l = __cu2amd_lib_find(lib);
    CUresult err = !l ? CUDA_ERROR_INVALID_HANDLE : !l->complete ? CUDA_ERROR_NOT_SUPPORTED : CUDA_SUCCESS;
    if (err == CUDA_SUCCESS) *count = l->n_kernels;
    __cu2amd_lib_unlock();
    return err;
}
CU2AMD_API CUresult cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int numKernels, CUlibrary lib) {
    if (!kernels && numKernels) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_lib *l = __cu2amd_lib_find(lib);
    CUresult err = !l ? CUDA_ERROR_INVALID_HANDLE : !l->complete ? CUDA_ERROR_NOT_SUPPORTED : CUDA_SUCCESS;
    for (unsigned int i = 0; err == CUDA_SUCCESS && i < numKernels && i < l->n_kernels; i++) {
        char *name = l->kernels[i].name;
        err = __cu2amd_lib_kernel_of(&kernels[i], l, name);
    }
    __cu2amd_lib_unlock();
    return err;
}
CU2AMD_API CUresult cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name) {
    if (!name) return CUDA_ERROR_INVALID_VALUE;
    int known = __cu2amd_lib_find(library) != NULL;
    __cu2amd_lib_unlock();
    return known ? cuModuleGetGlobal(dptr, bytes, library, name) : CUDA_ERROR_INVALID_HANDLE;
}

/* A managed variable of a library loaded from PTX (`.attribute(.managed)`). On the host
 * platform it is the module's variable, in host memory that the host and the kernels share;
 * on an AMD GPU a module's variables are device memory, which the host cannot use:
 * CUDA_ERROR_NOT_SUPPORTED, as for a library loaded from a code object (whose managed
 * variables are not known). A name that is not a managed variable is CUDA_ERROR_NOT_FOUND. */
CU2AMD_API CUresult cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name) {
    if (!name) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_lib *l = __cu2amd_lib_find(library);
    int found = 0, known = l && l->managed;
    for (const char *m = known ? l->managed : ""; *m && !found; m += strlen(m) + 1) found = strcmp(m, name) == 0;
    __cu2amd_lib_unlock();
    if (!l) return CUDA_ERROR_INVALID_HANDLE;
    char arch[300];
    CUresult err = __cu2amd_cu_arch(arch, sizeof arch);
    if (err != CUDA_SUCCESS) return err;
    if (!known || strcmp(arch, "host") != 0) return CUDA_ERROR_NOT_SUPPORTED;
    if (!found) return CUDA_ERROR_NOT_FOUND;
    return cuModuleGetGlobal(dptr, bytes, library, name);
}

/* No device has unified function pointers (cudaDeviceProp::unifiedFunctionPointers is 0 on
 * AMD GPUs and the host platform), so, as CUDA documents for such systems, no symbol is a
 * unified function: CUDA_ERROR_NOT_FOUND. */
CU2AMD_API CUresult cuLibraryGetUnifiedFunction(void **fptr, CUlibrary library, const char *symbol) {
    if (!fptr || !symbol) return CUDA_ERROR_INVALID_VALUE;
    int known = __cu2amd_lib_find(library) != NULL;
    __cu2amd_lib_unlock();
    return known ? CUDA_ERROR_NOT_FOUND : CUDA_ERROR_INVALID_HANDLE;
}

/* A kernel handed out by cuLibraryGetKernel or cuLibraryEnumerateKernels; anything else
 * (a CUfunction, a runtime kernel's stub) is CUDA_ERROR_INVALID_HANDLE. */
CU2AMD_API CUresult cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel) {
    if (!pFunc) return CUDA_ERROR_INVALID_VALUE;
    int known = __cu2amd_lib_kernel_find(kernel, NULL) != NULL;
    __cu2amd_lib_unlock();
    if (!known) return CUDA_ERROR_INVALID_HANDLE;
    *pFunc = kernel;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel) {
    if (!pLib) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_lib *l = NULL;
    int known = __cu2amd_lib_kernel_find(kernel, &l) != NULL;
    __cu2amd_lib_unlock();
    if (!known) return CUDA_ERROR_INVALID_HANDLE;
    *pLib = l->library;
    return CUDA_SUCCESS;
}
/* The kernel's name as its module has it (a PTX .entry's name, mangled as it is there). */
CU2AMD_API CUresult cuKernelGetName(const char **name, CUkernel hfunc) {
    if (!name) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_lib_kernel *k = __cu2amd_lib_kernel_find(hfunc, NULL);
    if (k) *name = k->name;
    __cu2amd_lib_unlock();
    return k ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}
/* Parameter `paramIndex`'s offset in the parameter buffer (each parameter at its alignment,
 * as the PTX declares it) and size; known for kernels of libraries loaded from PTX. */
CU2AMD_API CUresult cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex, size_t *paramOffset, size_t *paramSize) {
    __cu2amd_lib_kernel *k = __cu2amd_lib_kernel_find(kernel, NULL);
    CUresult err = !k                               ? CUDA_ERROR_INVALID_HANDLE
                   : k->n_params < 0                ? CUDA_ERROR_NOT_SUPPORTED
                   : paramIndex >= (size_t)k->n_params ? CUDA_ERROR_INVALID_VALUE
                                                    : CUDA_SUCCESS;
    size_t offset = 0;
    for (size_t i = 0; err == CUDA_SUCCESS && i <= paramIndex; i++) {
        size_t align = k->layout[2 * i + 1] ? k->layout[2 * i + 1] : 1;
        offset = (offset + align - 1) / align * align;
        if (i == paramIndex) {
            if (paramOffset) *paramOffset = offset;
            if (paramSize) *paramSize = k->layout[2 * i];
        }
        offset += k->layout[2 * i];
    }
    __cu2amd_lib_unlock();
    return err;
}

CU2AMD_API CUresult __cu2amd_lib_check_device(CUdevice dev) {
    int count = 0;
    CUresult err = cuDeviceGetCount(&count);
    return err != CUDA_SUCCESS ? err : dev < 0 || dev >= count ? CUDA_ERROR_INVALID_DEVICE : CUDA_SUCCESS;
}
/* The function's attributes, with the values cuKernelSetAttribute set. */
CU2AMD_API CUresult cuKernelGetAttribute(int *pi, CUfunction_attribute attrib, CUkernel kernel, CUdevice dev) {
    CUresult err = __cu2amd_lib_check_device(dev);
    if (err != CUDA_SUCCESS) return err;
    __cu2amd_lib_kernel *k = __cu2amd_lib_kernel_find(kernel, NULL);
    int set = !k ? -1
              : attrib == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES    ? k->max_dynamic_shared
              : attrib == CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT ? k->carveout
                                                                             : -1;
    __cu2amd_lib_unlock();
    if (!k) return CUDA_ERROR_INVALID_HANDLE;
    err = cuFuncGetAttribute(pi, attrib, kernel);
    if (err == CUDA_SUCCESS && set >= 0) *pi = set;
    return err;
}
/* The maximum dynamic shared memory (at most what the kernel can have: AMD GPUs and the
 * host platform need no opt-in, so the limit is already the device's) and the carveout
 * (0..100, or -1: a hint without effect) are checked and kept for cuKernelGetAttribute;
 * the other attributes are read-only (CUDA_ERROR_INVALID_VALUE). */
CU2AMD_API CUresult cuKernelSetAttribute(CUfunction_attribute attrib, int val, CUkernel kernel, CUdevice dev) {
    CUresult err = __cu2amd_lib_check_device(dev);
    if (err != CUDA_SUCCESS) return err;
    int limit = 0;
    int known = __cu2amd_lib_kernel_find(kernel, NULL) != NULL;
    __cu2amd_lib_unlock();
    if (!known) return CUDA_ERROR_INVALID_HANDLE;
    if (attrib == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
        err = cuFuncGetAttribute(&limit, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, kernel);
        if (err != CUDA_SUCCESS) return err;
        if (val < 0 || val > limit) return CUDA_ERROR_INVALID_VALUE;
    } else if (attrib == CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT) {
        if (val < -1 || val > 100) return CUDA_ERROR_INVALID_VALUE;
    } else {
        return CUDA_ERROR_INVALID_VALUE;
    }
    __cu2amd_lib_kernel *k = __cu2amd_lib_kernel_find(kernel, NULL);
    if (k && attrib == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) k->max_dynamic_shared = val;
    if (k && attrib == CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT) k->carveout = val;
    __cu2amd_lib_unlock();
    return k ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}
/* A cache preference: checked, without effect (as on AMD GPUs). */
CU2AMD_API CUresult cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache config, CUdevice dev) {
    CUresult err = __cu2amd_lib_check_device(dev);
    if (err != CUDA_SUCCESS) return err;
    int known = __cu2amd_lib_kernel_find(kernel, NULL) != NULL;
    __cu2amd_lib_unlock();
    if (!known) return CUDA_ERROR_INVALID_HANDLE;
    return cuFuncSetCacheConfig(kernel, config);
}

#endif
