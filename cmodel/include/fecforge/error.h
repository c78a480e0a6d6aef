/* Error codes and messages.
 * Every library function that can fail returns 0 or a negative FG_E* code and records a
 * message (per thread) that names the parameter, its value and the valid range. */
#ifndef FECFORGE_ERROR_H
#define FECFORGE_ERROR_H

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

/* Record a failure message (printf format) for this thread and return code. */
int fg_set_error(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

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
