#include "fecforge/error.h"
#include "fg_git_version.h"

#include <stdarg.h>
#include <string.h>
#include <stdio.h>

static _Thread_local char last_message[512];

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

int fg_set_error(int code, const char *fmt, ...)
{
    char msg[sizeof last_message]; /* an argument may be fg_last_error() itself */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    memcpy(last_message, msg, sizeof msg);
    return code;
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

void fg_clear_error(void) { last_message[0] = '\0'; }

const char *fg_version(void) { return FG_VERSION; }
const char *fg_git_hash(void) { return FG_GIT_HASH; }
