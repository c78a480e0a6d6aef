/* Reading user files with bounds (frame files, code files, vector sets, JSON inputs; docs/decode.md
 * "Bounds"): only regular files are read (a directory, device, FIFO or socket is refused by its kind,
 * before anything is read, so a FIFO without a writer does not block), or standard input for "-" where
 * the caller allows it; every line and every whole file has a maximum size, so /dev/zero or a file
 * without line ends is refused at once, naming the file and the line, instead of filling the memory.
 * Messages start with the path. */
#ifndef FECFORGE_INPUT_H
#define FECFORGE_INPUT_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_IN_STDIN = 1, /* "-" is standard input (read with the same bounds) */
    FG_IN_TEXT = 2   /* fg_in_file: a NUL byte is refused (not a text file) */
};

typedef struct {
    FILE *f;
    const char *path; /* as given (not copied: it must outlive the reader) */
    long long line;   /* lines read by fg_in_line */
    char *buf;
    size_t cap;
} fg_in;

/* Open path for reading: FG_EINVAL "PATH is a directory, not a regular file" (character device, block
 * device, FIFO, socket); FG_EIO when it cannot be read ("PATH: no such file", permissions). */
int fg_in_open(fg_in *in, const char *path, int flags);
/* The next line without its '\n' (a '\r' before it is kept) in *line (valid until the next call), its
 * length in *len: 1, or 0 at the end of the file, or FG_EINVAL "PATH line L: longer than MAX bytes" /
 * "PATH line L: a NUL byte (not a text line)", FG_EIO for a read error. A last line without '\n' counts. */
int fg_in_line(fg_in *in, size_t max, char **line, size_t *len);
void fg_in_close(fg_in *in);
/* A whole file of at most max bytes into *text (NUL-terminated, malloc'ed; len may be NULL): as fg_in_open,
 * then FG_EINVAL "PATH: larger than MAX bytes" (and with FG_IN_TEXT a NUL byte). */
int fg_in_file(const char *path, int flags, size_t max, char **text, size_t *len);
/* 1 when path is a regular file (after symbolic links), 0 otherwise (standard input, a FIFO, ...). */
int fg_in_is_regular(const char *path);

#ifdef __cplusplus
}
#endif
#endif
