/* Device-side printf for the host runtime: CUDA's `vprintf(format, args)` ABI, where the
 * arguments are packed in a buffer, each aligned to its size, with char/short promoted to
 * int and float to double (as clang's NVPTX backend and nvcc lay them out). Length
 * modifiers are C's: h and hh convert the promoted int back to short or char, l, ll, j, z
 * and t take 8 bytes. One call's output is formatted whole, of any length, then written
 * at once. Returns the number of arguments consumed, as CUDA's printf does, or -1 for a
 * malformed or unsupported format (what was formatted before it is still printed). */
#include "cu2amd_host.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct text {
    char *data;
    size_t len, cap;
    int failed; /* out of memory: the output is dropped, the call returns -1 */
} text;

static void append(text *t, const char *spec, ...) {
    if (t->failed) return;
    va_list ap, again;
    va_start(ap, spec);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, spec, ap);
    va_end(ap);
    if (n < 0) {
        t->failed = 1;
        va_end(again);
        return;
    }
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + (size_t)n + 1) cap *= 2;
        char *grown = realloc(t->data, cap);
        if (!grown) {
            t->failed = 1;
            va_end(again);
            return;
        }
        t->data = grown, t->cap = cap;
    }
    vsnprintf(t->data + t->len, t->cap - t->len, spec, again);
    va_end(again);
    t->len += (size_t)n;
}

static void append_bytes(text *t, const char *p, size_t n) {
    if (n) append(t, "%.*s", (int)n, p);
}

static const char *take(const char *args, size_t *offset, size_t size) {
    *offset = (*offset + size - 1) & ~(size - 1);
    const char *p = args + *offset;
    *offset += size;
    return p;
}

/* Formats `format` into `out`; returns the arguments consumed or -1. */
static int format_all(text *out, const char *format, const char *args) {
    size_t offset = 0;
    int count = 0;
    const char *p = format;
    while (*p) {
        const char *pct = strchr(p, '%');
        if (!pct) {
            append_bytes(out, p, strlen(p));
            break;
        }
        append_bytes(out, p, (size_t)(pct - p));
        if (pct[1] == '%') {
            append_bytes(out, "%", 1);
            p = pct + 2;
            continue;
        }
        /* %[flags][width][.precision][length]conversion; the length is not copied: the
         * value is passed as the type the conversion expects without it. */
        char spec[64];
        size_t n = 0;
        const char *q = pct + 1;
        spec[n++] = '%';
        while (*q && strchr("-+ #0'", *q) && n < 40) spec[n++] = *q++;
        for (int part = 0; part < 2; part++) {
            if (part == 1) {
                if (*q != '.') break;
                spec[n++] = *q++;
            }
            if (*q == '*') {
                int star;
                memcpy(&star, take(args, &offset, 4), 4);
                count++;
                n += (size_t)snprintf(spec + n, sizeof spec - n, "%d", star);
                q++;
            } else {
                while (*q >= '0' && *q <= '9' && n < 48) spec[n++] = *q++;
            }
        }
        int wide = 0, half = 0; /* half: 1 for h, 2 for hh */
        if (q[0] == 'h' && q[1] == 'h') half = 2, q += 2;
        else if (q[0] == 'h') half = 1, q++;
        else if (q[0] == 'l' && q[1] == 'l') wide = 1, q += 2;
        else if (*q && strchr("ljzt", *q)) wide = 1, q++;
        else if (*q == 'L') return -1; /* long double has no device representation */
        char conv = *q;
        if (!conv) return -1;
        q++;
        if (strchr("diouxXc", conv)) {
            if (wide) {
                long long v;
                memcpy(&v, take(args, &offset, 8), 8);
                spec[n++] = 'l', spec[n++] = 'l', spec[n++] = conv, spec[n] = 0;
                append(out, spec, v);
            } else {
                int v;
                memcpy(&v, take(args, &offset, 4), 4);
                int is_signed = conv == 'd' || conv == 'i';
                if (half == 1 && conv != 'c') v = is_signed ? (int)(short)v : (int)(unsigned short)v;
                if (half == 2 && conv != 'c') v = is_signed ? (int)(signed char)v : (int)(unsigned char)v;
                spec[n++] = conv, spec[n] = 0;
                append(out, spec, v);
            }
        } else if (strchr("fFeEgGaA", conv)) {
            double v;
            memcpy(&v, take(args, &offset, 8), 8);
            spec[n++] = conv, spec[n] = 0;
            append(out, spec, v);
        } else if (conv == 's' || conv == 'p') {
            const void *v;
            memcpy(&v, take(args, &offset, 8), 8);
            spec[n++] = conv, spec[n] = 0;
            if (conv == 's' && !v) v = "(null)";
            append(out, spec, v);
        } else {
            return -1;
        }
        count++;
        p = q;
    }
    return count;
}

int __cu2amd_vprintf(const char *format, const char *args) {
    if (!format) return -1;
    text out = {0};
    int count = format_all(&out, format, args);
    if (out.failed) count = -1;
    else if (out.len) fwrite(out.data, 1, out.len, stdout);
    free(out.data);
    return count;
}
