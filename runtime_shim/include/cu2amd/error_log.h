/* The error log of CUDA 12.9's error log management (cudaLogs*, cuLogs*): a message for each
 * error an API call returns, kept for dumps (the last 100 messages of up to 255 bytes: CUDA's
 * 25600-byte buffer), passed to registered callbacks and, where CUDA_LOG_FILE names stdout,
 * stderr or a file, written there as it happens. One log per program, shared by the runtime
 * and the driver API: a weak definition, which the linker makes one (C and C++: cuda.h and
 * cuda_runtime_api.h both include this). A message reads
 *   [hh:mm:ss.mmm][thread id][CUDA][E][function] what went wrong   (UTC time of day)
 * where `function` is the API function (or the cu2amd helper inside it) that found the error. */
#ifndef CU2AMD_ERROR_LOG_H
#define CU2AMD_ERROR_LOG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "cu2amd/spin_lock.h"
#if !defined(__cplusplus) && !defined(__USE_MISC)
extern long syscall(long, ...); /* strict ISO C (gcc -std=c11): glibc's declaration, hidden */
#endif

#define CU2AMD_LOG_MESSAGES 100
#define CU2AMD_LOG_MESSAGE_SIZE 256

/* A registered callback: CUDA's cudaLogsCallbackHandle / CUlogsCallbackHandle points to one.
 * Unregistered entries stay in the list, marked, so the list can be walked while callbacks run. */
struct __cu2amd_logs_callback {
    void (*callback)(void *data, int level, char *message, size_t length);
    void *data;
    int removed;
    struct __cu2amd_logs_callback *next;
};

struct __cu2amd_error_log {
    int busy;
    unsigned int count; /* messages written so far: the iterator of the next one */
    struct __cu2amd_logs_callback *callbacks;
    char messages[CU2AMD_LOG_MESSAGES][CU2AMD_LOG_MESSAGE_SIZE];
};
__attribute__((weak)) struct __cu2amd_error_log __cu2amd_error_log_store;

static __inline__ struct __cu2amd_error_log *__cu2amd_log_lock(void) {
    __cu2amd_spin_lock(&__cu2amd_error_log_store.busy, 1);
    return &__cu2amd_error_log_store;
}
static __inline__ void __cu2amd_log_unlock(struct __cu2amd_error_log *log) {
    __cu2amd_spin_lock(&log->busy, 0);
}

/* "[hh:mm:ss.mmm][tid][CUDA][E][function] " before `text`; the time of day is UTC's. */
static __inline__ int __cu2amd_log_format(char *out, size_t size, const char *function, const char *text) {
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    long day = (long)(now.tv_sec % 86400);
    int n = snprintf(out, size, "[%02ld:%02ld:%02ld.%03ld][%ld][CUDA][E][%s] %s", day / 3600, day / 60 % 60, day % 60,
                     (long)(now.tv_nsec / 1000000), (long)syscall(SYS_gettid), function, text);
    return n < 0 ? 0 : (size_t)n >= size ? (int)size - 1 : n;
}

/* Records one message: into the log, to each callback, to CUDA_LOG_FILE. A failing call made
 * by a callback is recorded but calls no callback (no endless recursion). */
static __inline__ void __cu2amd_log_message(const char *function, const char *text) {
    static __thread int in_callback = 0;
    char message[CU2AMD_LOG_MESSAGE_SIZE];
    int length = __cu2amd_log_format(message, sizeof message, function, text);
    struct __cu2amd_error_log *log = __cu2amd_log_lock();
    memcpy(log->messages[log->count % CU2AMD_LOG_MESSAGES], message, (size_t)length + 1);
    log->count++;
    struct __cu2amd_logs_callback *callbacks = log->callbacks;
    __cu2amd_log_unlock(log);
    const char *path = getenv("CUDA_LOG_FILE");
    if (path && *path) {
        int to_stdout = strcmp(path, "stdout") == 0, to_stderr = strcmp(path, "stderr") == 0;
        FILE *file = to_stdout ? stdout : to_stderr ? stderr : fopen(path, "a");
        if (file) {
            fprintf(file, "%s\n", message);
            if (to_stdout || to_stderr) fflush(file);
            else fclose(file);
        }
    }
    if (in_callback) return;
    in_callback = 1;
    for (struct __cu2amd_logs_callback *c = callbacks; c; c = c->next)
        if (!__atomic_load_n(&c->removed, __ATOMIC_ACQUIRE)) {
            char copy[CU2AMD_LOG_MESSAGE_SIZE];
            memcpy(copy, message, (size_t)length + 1);
            c->callback(c->data, 0 /* error */, copy, (size_t)length);
        }
    in_callback = 0;
}

/* An API function's error result: "Returning 1 (cudaErrorInvalidValue): invalid argument". */
static __inline__ void __cu2amd_log_result(const char *function, int code, const char *name, const char *text) {
    char message[CU2AMD_LOG_MESSAGE_SIZE];
    snprintf(message, sizeof message, "Returning %d (%s): %s", code, name ? name : "?", text ? text : "?");
    __cu2amd_log_message(function, message);
}

/* The functions behind cudaLogs* and cuLogs*: 0 on success, 1 (invalid value) on a misuse. */
static __inline__ int __cu2amd_logs_register(void (*callback)(void *, int, char *, size_t), void *data,
                                            struct __cu2amd_logs_callback **out) {
    if (!callback || !out) return 1;
    struct __cu2amd_logs_callback *entry = (struct __cu2amd_logs_callback *)calloc(1, sizeof *entry);
    if (!entry) return 2; /* out of memory */
    entry->callback = callback;
    entry->data = data;
    struct __cu2amd_error_log *log = __cu2amd_log_lock();
    entry->next = log->callbacks;
    log->callbacks = entry;
    __cu2amd_log_unlock(log);
    *out = entry;
    return 0;
}
static __inline__ int __cu2amd_logs_unregister(struct __cu2amd_logs_callback *handle) {
    int err = 1;
    struct __cu2amd_error_log *log = __cu2amd_log_lock();
    for (struct __cu2amd_logs_callback *c = log->callbacks; c; c = c->next)
        if (c == handle && !c->removed) {
            __atomic_store_n(&c->removed, 1, __ATOMIC_RELEASE);
            err = 0;
        }
    __cu2amd_log_unlock(log);
    return err;
}
static __inline__ int __cu2amd_logs_current(unsigned int *iterator, unsigned int flags) {
    if (!iterator || flags) return 1;
    struct __cu2amd_error_log *log = __cu2amd_log_lock();
    *iterator = log->count;
    __cu2amd_log_unlock(log);
    return 0;
}
/* The messages from *iterator on (all held when iterator is NULL), each ending in '\n', in at
 * most `size` bytes with the final NUL. As CUDA: when they do not all fit, a line saying so
 * comes first and the most recent ones that fit follow (the last is always the newest); a line
 * also says how many were overwritten before they could be read. *written: the bytes written
 * (no NUL); *next: the iterator after the newest. Returns 0, or 1 if there were messages and
 * not even the newest fits. */
static __inline__ int __cu2amd_logs_dump(const unsigned int *iterator, char *out, size_t size, size_t *written,
                                        unsigned int *next) {
    struct __cu2amd_error_log *log = __cu2amd_log_lock();
    unsigned int count = log->count, oldest = count > CU2AMD_LOG_MESSAGES ? count - CU2AMD_LOG_MESSAGES : 0;
    unsigned int from = iterator ? *iterator : oldest, first = count;
    if (from > count) from = count; /* an iterator from the future: nothing yet */
    unsigned int lost = from < oldest ? oldest - from : 0;
    if (from < oldest) from = oldest;
    size_t used = 0, note_length = 0;
    char note[CU2AMD_LOG_MESSAGE_SIZE];
    /* The newest messages that fit, then room for the note (dropping the oldest of them). */
    while (first > from && used + strlen(log->messages[(first - 1) % CU2AMD_LOG_MESSAGES]) + 2 <= size)
        used += strlen(log->messages[--first % CU2AMD_LOG_MESSAGES]) + 1;
    int err = first == count && from < count;
    while (!err && (first > from || lost)) {
        char text[128];
        if (first > from && lost)
            snprintf(text, sizeof text, "%u log messages were overwritten and %u did not fit in the buffer", lost,
                     first - from);
        else if (lost)
            snprintf(text, sizeof text, "%u older log messages were overwritten (the log keeps the last %d)", lost,
                     CU2AMD_LOG_MESSAGES);
        else
            snprintf(text, sizeof text, "%u older log messages did not fit in the buffer", first - from);
        note_length = (size_t)__cu2amd_log_format(note, sizeof note, "cu2amd", text) + 1;
        if (used + note_length + 1 <= size) break;
        note_length = 0;
        if (first + 1 >= count) break; /* the newest alone: no room for the note */
        used -= strlen(log->messages[first++ % CU2AMD_LOG_MESSAGES]) + 1;
    }
    size_t at = 0;
    if (!err && note_length) {
        memcpy(out, note, note_length - 1);
        out[note_length - 1] = '\n';
        at = note_length;
    }
    for (unsigned int i = first; !err && i < count; i++) {
        const char *m = log->messages[i % CU2AMD_LOG_MESSAGES];
        size_t n = strlen(m);
        memcpy(out + at, m, n);
        out[at + n] = '\n';
        at += n + 1;
    }
    __cu2amd_log_unlock(log);
    if (size) out[err ? 0 : at] = '\0';
    *written = err ? 0 : at;
    *next = count;
    return err;
}
static __inline__ int __cu2amd_logs_dump_to_memory(unsigned int *iterator, char *buffer, size_t *size,
                                                  unsigned int flags) {
    if (!buffer || !size || flags) return 1;
    size_t written = 0;
    unsigned int next = 0;
    int err = __cu2amd_logs_dump(iterator, buffer, *size, &written, &next);
    *size = err ? 0 : written;
    if (err) return 1;
    if (iterator) *iterator = next;
    return 0;
}
static __inline__ int __cu2amd_logs_dump_to_file(unsigned int *iterator, const char *path, unsigned int flags) {
    if (!path || flags) return 1;
    const size_t size = CU2AMD_LOG_MESSAGES * (CU2AMD_LOG_MESSAGE_SIZE + 1) + CU2AMD_LOG_MESSAGE_SIZE + 2;
    char *text = (char *)malloc(size);
    if (!text) return 2;
    size_t written = 0;
    unsigned int next = 0;
    __cu2amd_logs_dump(iterator, text, size, &written, &next);
    FILE *file = fopen(path, "a");
    int err = !file || fwrite(text, 1, written, file) != written;
    if (file && fclose(file)) err = 1;
    free(text);
    if (err) return 1;
    if (iterator) *iterator = next;
    return 0;
}

#endif
