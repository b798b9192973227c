/* Device-side printf for the host runtime: CUDA's `vprintf(format, args)` ABI, where the
 * arguments are packed in a buffer, each aligned to its size, with char/short promoted to
 * int and float to double (as clang's NVPTX backend and nvcc lay them out). Returns the
 * number of arguments consumed, as CUDA's printf does, or -1 for a malformed format. */
#include "cu2amd_host.h"

#include <stdio.h>
#include <string.h>

static const char *take(const char *args, size_t *offset, size_t size) {
    *offset = (*offset + size - 1) & ~(size - 1);
    const char *p = args + *offset;
    *offset += size;
    return p;
}

int __cu2amd_vprintf(const char *format, const char *args) {
    if (!format) return -1;
    size_t offset = 0;
    int count = 0;
    const char *p = format;
    while (*p) {
        const char *pct = strchr(p, '%');
        if (!pct) {
            fputs(p, stdout);
            break;
        }
        fwrite(p, 1, (size_t)(pct - p), stdout);
        if (pct[1] == '%') {
            fputc('%', stdout);
            p = pct + 2;
            continue;
        }
        /* %[flags][width][.precision][length]conversion */
        char spec[64];
        size_t n = 0;
        const char *q = pct + 1;
        spec[n++] = '%';
        int star_args[2] = {0, 0}, stars = 0;
        while (*q && strchr("-+ #0'", *q) && n < 40) spec[n++] = *q++;
        for (int part = 0; part < 2; part++) {
            if (part == 1) {
                if (*q != '.') break;
                spec[n++] = *q++;
            }
            if (*q == '*') {
                memcpy(&star_args[stars++], take(args, &offset, 4), 4);
                count++;
                n += (size_t)snprintf(spec + n, sizeof spec - n, "%d", star_args[stars - 1]);
                q++;
            } else {
                while (*q >= '0' && *q <= '9' && n < 48) spec[n++] = *q++;
            }
        }
        int wide = 0;
        while (*q && strchr("hljztL", *q) && n < 56) {
            if (strchr("ljzt", *q)) wide = 1;
            if (*q == 'L') return -1; /* long double has no device representation */
            q++;
        }
        char conv = *q;
        if (!conv) return -1;
        q++;
        char out[512];
        if (strchr("diouxXc", conv)) {
            if (wide) {
                long long v;
                memcpy(&v, take(args, &offset, 8), 8);
                spec[n++] = 'l', spec[n++] = 'l', spec[n++] = conv, spec[n] = 0;
                snprintf(out, sizeof out, spec, v);
            } else {
                int v;
                memcpy(&v, take(args, &offset, 4), 4);
                spec[n++] = conv, spec[n] = 0;
                snprintf(out, sizeof out, spec, v);
            }
        } else if (strchr("fFeEgGaA", conv)) {
            double v;
            memcpy(&v, take(args, &offset, 8), 8);
            spec[n++] = conv, spec[n] = 0;
            snprintf(out, sizeof out, spec, v);
        } else if (conv == 's' || conv == 'p') {
            const void *v;
            memcpy(&v, take(args, &offset, 8), 8);
            spec[n++] = conv, spec[n] = 0;
            if (conv == 's' && !v) v = "(null)";
            snprintf(out, sizeof out, spec, v);
        } else {
            return -1;
        }
        fputs(out, stdout);
        count++;
        p = q;
    }
    return count;
}
