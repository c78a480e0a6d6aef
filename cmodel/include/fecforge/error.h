/* Error codes and messages.
 * Every library function that can fail returns 0 or a negative FG_E* code and records a
 * message (per thread) that names the parameter, its value and the valid range. */
#ifndef FECFORGE_ERROR_H
#define FECFORGE_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_OK = 0,
    FG_EINVAL = -1,     /* a parameter is out of range or inconsistent */
    FG_ENOMEM = -2,     /* allocation failed */
    FG_EIO = -3,        /* a file could not be read or written */
    FG_EOVERFLOW = -4,  /* a modelled hardware buffer overflowed (data would be lost) */
    FG_EMISMATCH = -5,  /* a verification found a difference */
    FG_ESTATE = -6,     /* call not valid in the object's current state */
    FG_ENODEV = -7      /* no usable accelerator (no CUDA device, or built without CUDA) */
};

/* Generic text for a code ("invalid parameter", ...). Never NULL. */
const char *fg_strerror(int code);

/* The message of the last failure in this thread ("" if none). */
const char *fg_last_error(void);

/* Record a failure message (printf format) for this thread and return code (fg_last_error() may be one of
 * the arguments). */
int fg_set_error(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* fg_set_error for a check that refuses one field of its input (a struct's member, not a copy of it): the
 * message as fg_set_error's, and the field's address beside it (fg_last_error_field), so that a caller that
 * declared an option for that field names it ("--pllr: pllr=99 out of range [1, 64]", fecforge/options.h)
 * without reading the message. As with fg_set_error, fg_last_error() may be one of the arguments. */
int fg_set_error_at(int code, const void *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The field the last failure refused (fg_set_error_at), or NULL: fg_set_error and fg_clear_error clear it,
 * fg_prefix_error keeps it. */
const void *fg_last_error_field(void);

/* Record field as the one the last failure refused, its message unchanged (a check of a value passed by
 * value: the caller knows where the value came from), and return code. */
int fg_error_at(int code, const void *field);

/* A check ran on a copy: field (recorded in copy[0, size)) as the same member of orig; any other field as
 * it is. */
const void *fg_field_in(const void *field, const void *copy, const void *orig, size_t size);

/* Put text (printf format) in front of this thread's last message ("decoder: " + "K=5 ...") and
 * return code; the message may be one of its own arguments' sources safely. */
int fg_prefix_error(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Forget the last message. */
void fg_clear_error(void);

/* The library version ("0.1.0") and the git hash it was built from. */
const char *fg_version(void);
const char *fg_git_hash(void);

#ifdef __cplusplus
}
#endif
#endif
