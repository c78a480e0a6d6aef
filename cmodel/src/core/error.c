#include "fecforge/error.h"
#include "fg_git_version.h"

#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>

static _Thread_local char last_message[512];
static _Thread_local const void *last_field;

const char *fg_strerror(int code)
{
    switch (code) {
    case FG_OK: return "success";
    case FG_EINVAL: return "invalid parameter";
    case FG_ENOMEM: return "out of memory";
    case FG_EIO: return "input/output error";
    case FG_EOVERFLOW: return "hardware buffer overflow";
    case FG_EMISMATCH: return "verification mismatch";
    case FG_ESTATE: return "invalid state";
    case FG_ENODEV: return "no usable device";
    default: return "unknown error";
    }
}

const char *fg_last_error(void) { return last_message; }
const void *fg_last_error_field(void) { return last_field; }

static int set_error(int code, const void *field, const char *fmt, va_list ap)
{
    char msg[sizeof last_message]; /* an argument may be fg_last_error() itself */
    vsnprintf(msg, sizeof msg, fmt, ap);
    memcpy(last_message, msg, sizeof msg);
    last_field = field;
    return code;
}

int fg_set_error(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_error(code, NULL, fmt, ap);
    va_end(ap);
    return code;
}

int fg_set_error_at(int code, const void *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_error(code, field, fmt, ap);
    va_end(ap);
    return code;
}

int fg_error_at(int code, const void *field)
{
    last_field = field;
    return code;
}

const void *fg_field_in(const void *field, const void *copy, const void *orig, size_t size)
{
    /* addresses as integers: the field may lie in any object */
    const uintptr_t f = (uintptr_t)field, c = (uintptr_t)copy;
    return field && f >= c && f - c < size ? (const char *)orig + (f - c) : field;
}

int fg_prefix_error(int code, const char *fmt, ...)
{
    char old[sizeof last_message];
    snprintf(old, sizeof old, "%s", last_message);
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(last_message, sizeof last_message, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof last_message)
        snprintf(last_message + n, sizeof last_message - (size_t)n, "%s", old);
    return code;
}

void fg_clear_error(void)
{
    last_message[0] = '\0';
    last_field = NULL;
}

const char *fg_version(void) { return FG_VERSION; }
const char *fg_git_hash(void) { return FG_GIT_HASH; }
