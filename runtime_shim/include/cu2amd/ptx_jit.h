/* PTX JIT for the driver API: a module image that is PTX text is compiled at run time by
 * cu2amd's PTX compiler for the device's architecture, and the result cached on disk.
 *
 * Used by cuda.h (programs linked against ROCm's libamdhip64: the code object is then
 * given to hipModuleLoadData) and by the host platform runtime's module.c (the shared
 * object is loaded like the program's own kernels). Plain C that also compiles as C++.
 *
 * The cache: $CU2AMD_CACHE_DIR, else $XDG_CACHE_HOME/cu2amd, else ~/.cache/cu2amd (as
 * runtime_shim/host/build.py's cache_dir), folder ptx-jit/, one file per module named
 * after the SHA-256 of (cu2amd's version, the architecture, the PTX text); a .meta file
 * beside it lists each kernel's parameters. A miss runs
 *     PYTHON -m cu2amd.runtime_shim.ptx_jit --arch ARCH --name NAME -o OUT --meta META IN
 * where PYTHON is $CU2AMD_PYTHON, else the macro CU2AMD_PYTHON where the including code
 * is compiled with it (the host platform runtime is, with the interpreter that built it),
 * else `python3` from PATH (a program for AMD GPUs: the Python cu2amd is installed in must
 * come first on PATH, or be named by $CU2AMD_PYTHON). Its diagnostics (file:line:col, the
 * line, a caret) go to the program's stderr. */
#ifndef CU2AMD_PTX_JIT_H
#define CU2AMD_PTX_JIT_H

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* The cu2amd version whose compiler made a cached module (tests/test_driver_api.py checks
 * it is cu2amd.__version__). */
#define CU2AMD_JIT_VERSION "0.1.0.dev0"
#define CU2AMD_JIT_PATH_MAX 4096

#if defined(__CUDA__) || defined(__HIP__)
#define CU2AMD_JIT_FN static inline __attribute__((unused)) __host__
#else
#define CU2AMD_JIT_FN static inline __attribute__((unused))
#endif

/* PTX text: after white space and comments, the .version directive (which the PTX ISA
 * requires first). Reads no further than that, so binary images are safe to test. */
CU2AMD_JIT_FN int __cu2amd_jit_is_ptx(const void *image) {
    const char *p = (const char *)image;
    if (!p) return 0;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') p++;
        } else if (p[0] == '/' && p[1] == '*') {
            p += 2;
            while (*p && !(p[0] == '*' && p[1] == '/')) p++;
            if (!*p) return 0;
            p += 2;
        } else {
            break;
        }
    }
    return strncmp(p, ".version", 8) == 0;
}

/* ------------------------------------------------------------------ SHA-256 (FIPS 180-4) */

typedef struct __cu2amd_sha256 {
    uint32_t h[8];
    uint64_t length;
    unsigned char block[64];
    size_t used;
} __cu2amd_sha256;

CU2AMD_JIT_FN uint32_t __cu2amd_ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

CU2AMD_JIT_FN void __cu2amd_sha256_block(__cu2amd_sha256 *s, const unsigned char *b) {
    static const uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };
    uint32_t w[64], v[8];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 | (uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = __cu2amd_ror(w[i - 15], 7) ^ __cu2amd_ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = __cu2amd_ror(w[i - 2], 17) ^ __cu2amd_ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(v, s->h, sizeof v);
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = v[7] + (__cu2amd_ror(v[4], 6) ^ __cu2amd_ror(v[4], 11) ^ __cu2amd_ror(v[4], 25)) +
                      ((v[4] & v[5]) ^ (~v[4] & v[6])) + k[i] + w[i];
        uint32_t t2 = (__cu2amd_ror(v[0], 2) ^ __cu2amd_ror(v[0], 13) ^ __cu2amd_ror(v[0], 22)) +
                      ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
        memmove(v + 1, v, 7 * sizeof v[0]);
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; i++) s->h[i] += v[i];
}

CU2AMD_JIT_FN void __cu2amd_sha256_init(__cu2amd_sha256 *s) {
    static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(s->h, h0, sizeof h0);
    s->length = 0;
    s->used = 0;
}

CU2AMD_JIT_FN void __cu2amd_sha256_update(__cu2amd_sha256 *s, const void *data, size_t size) {
    const unsigned char *p = (const unsigned char *)data;
    s->length += size;
    while (size) {
        size_t n = 64 - s->used < size ? 64 - s->used : size;
        memcpy(s->block + s->used, p, n);
        s->used += n, p += n, size -= n;
        if (s->used == 64) __cu2amd_sha256_block(s, s->block), s->used = 0;
    }
}

/* The digest as 64 lower-case hex digits and a NUL. */
CU2AMD_JIT_FN void __cu2amd_sha256_hex(__cu2amd_sha256 *s, char out[65]) {
    uint64_t bits = s->length * 8;
    unsigned char pad = 0x80, zero = 0, len[8];
    __cu2amd_sha256_update(s, &pad, 1);
    while (s->used != 56) __cu2amd_sha256_update(s, &zero, 1);
    for (int i = 0; i < 8; i++) len[i] = (unsigned char)(bits >> (56 - 8 * i));
    __cu2amd_sha256_update(s, len, 8);
    for (int i = 0; i < 32; i++) snprintf(out + 2 * i, 3, "%02x", (unsigned)(s->h[i / 4] >> (24 - 8 * (i % 4))) & 0xff);
}

/* ------------------------------------------------------------------ files */

/* The whole file, malloc'ed (NUL-terminated, not counted in *size); NULL if unreadable. */
CU2AMD_JIT_FN char *__cu2amd_jit_read(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = (char *)malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        char *bigger = (char *)realloc(buf, 2 * cap + 1);
        if (!bigger) free(buf);
        buf = bigger, cap *= 2;
    }
    int failed = ferror(f);
    fclose(f);
    if (!buf || failed) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    if (size) *size = n;
    return buf;
}

CU2AMD_JIT_FN int __cu2amd_jit_mkdirs(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        int ok = mkdir(path, 0777) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok) return -1;
    }
    return mkdir(path, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

/* cu2amd's cache folder for JIT modules, created if missing. */
CU2AMD_JIT_FN int __cu2amd_jit_cache_dir(char *out, size_t len) {
    const char *explicit_dir = getenv("CU2AMD_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (explicit_dir && *explicit_dir) n = snprintf(out, len, "%s/ptx-jit", explicit_dir);
    else if (xdg && *xdg) n = snprintf(out, len, "%s/cu2amd/ptx-jit", xdg);
    else if (home && *home) n = snprintf(out, len, "%s/.cache/cu2amd/ptx-jit", home);
    else return -1;
    if (n < 0 || (size_t)n >= len) return -1;
    return __cu2amd_jit_mkdirs(out);
}

/* ------------------------------------------------------------------ compiling */

#define CU2AMD_JIT_OK 0
#define CU2AMD_JIT_INVALID_PTX 1
#define CU2AMD_JIT_NO_COMPILER 2
#define CU2AMD_JIT_SYSTEM 3
/* The compiler's exit status for a diagnostic about the PTX (ptx_jit.py PTX_ERROR_EXIT). */
#define CU2AMD_JIT_PTX_ERROR_EXIT 65

/* Compiles `ptx` for `arch` (a gfx target id, or "host") unless the cache holds it; the
 * cached file's path goes to `out` (and its .meta file's to `meta`, which may be NULL).
 * `name` is what diagnostics call the PTX. Returns a CU2AMD_JIT_* status; on failure the
 * reason is on stderr (the compiler's diagnostic, or one line from here). */
CU2AMD_JIT_FN int __cu2amd_jit_compile(const char *ptx, size_t size, const char *arch, const char *name,
                                      char *out, size_t out_len, char *meta, size_t meta_len) {
    char dir[CU2AMD_JIT_PATH_MAX], hex[65];
    if (__cu2amd_jit_cache_dir(dir, sizeof dir) != 0) {
        fprintf(stderr, "cu2amd PTX JIT: cannot create the cache folder (set CU2AMD_CACHE_DIR)\n");
        return CU2AMD_JIT_SYSTEM;
    }
    __cu2amd_sha256 s;
    __cu2amd_sha256_init(&s);
    __cu2amd_sha256_update(&s, "cu2amd-ptx-jit\0" CU2AMD_JIT_VERSION, sizeof "cu2amd-ptx-jit\0" CU2AMD_JIT_VERSION);
    __cu2amd_sha256_update(&s, arch, strlen(arch) + 1);
    __cu2amd_sha256_update(&s, ptx, size);
    __cu2amd_sha256_hex(&s, hex);
    const char *ext = strcmp(arch, "host") == 0 ? "so" : "hsaco";
    char meta_path[CU2AMD_JIT_PATH_MAX];
    if ((size_t)snprintf(out, out_len, "%s/%.32s.%s", dir, hex, ext) >= out_len ||
        (size_t)snprintf(meta_path, sizeof meta_path, "%s/%.32s.meta", dir, hex) >= sizeof meta_path) {
        fprintf(stderr, "cu2amd PTX JIT: the cache folder's path is too long\n");
        return CU2AMD_JIT_SYSTEM;
    }
    if (meta) snprintf(meta, meta_len, "%s", meta_path);
    if (access(out, R_OK) == 0) return CU2AMD_JIT_OK; /* written last, whole (renamed) */

    /* The input under a name no other process or thread is using (O_EXCL). */
    char input[CU2AMD_JIT_PATH_MAX + 128]; /* the folder's path is shorter than CU2AMD_JIT_PATH_MAX */
    static unsigned serial;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; attempt++) {
        snprintf(input, sizeof input, "%s/.input-%.32s-%ld-%u.ptx", dir, hex, (long)getpid(), serial++);
        fd = open(input, O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd < 0 && errno != EEXIST) break;
    }
    int written = 0;
    if (fd >= 0) {
        const char *p = ptx;
        size_t left = size;
        while (left) {
            ssize_t n = write(fd, p, left);
            if (n <= 0 && errno == EINTR) continue;
            if (n <= 0) break;
            p += n, left -= (size_t)n;
        }
        written = left == 0;
        if (close(fd) != 0) written = 0;
    }
    if (!written) {
        if (fd >= 0) unlink(input);
        fprintf(stderr, "cu2amd PTX JIT: cannot write %s\n", input);
        return CU2AMD_JIT_SYSTEM;
    }
    const char *python = getenv("CU2AMD_PYTHON");
#ifdef CU2AMD_PYTHON
    if (!python || !*python) python = CU2AMD_PYTHON;
#endif
    if (!python || !*python) python = "python3";
    char arch_arg[300];
    snprintf(arch_arg, sizeof arch_arg, "%s", arch);
    char *argv[] = {(char *)python, (char *)"-m", (char *)"cu2amd.runtime_shim.ptx_jit", (char *)"--arch", arch_arg,
                    (char *)"--name", (char *)name, (char *)"-o", out, (char *)"--meta", meta_path,
                    input, NULL};
    extern char **environ;
    pid_t pid;
    int status = 0, rc = posix_spawnp(&pid, python, NULL, NULL, argv, environ);
    if (rc == 0) {
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    unlink(input);
    if (rc != 0) {
        fprintf(stderr, "cu2amd PTX JIT: cannot run '%s' (%s): set CU2AMD_PYTHON to the Python that has cu2amd\n",
                python, strerror(rc));
        return CU2AMD_JIT_NO_COMPILER;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == CU2AMD_JIT_PTX_ERROR_EXIT) return CU2AMD_JIT_INVALID_PTX;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || access(out, R_OK) != 0) {
        fprintf(stderr, "cu2amd PTX JIT: '%s -m cu2amd.runtime_shim.ptx_jit' failed (status %d)\n", python,
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return CU2AMD_JIT_NO_COMPILER;
    }
    return CU2AMD_JIT_OK;
}

#undef CU2AMD_JIT_FN
#endif
