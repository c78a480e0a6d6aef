/* Reading user files with bounds (fecforge/input.h). */
#include "fecforge/input.h"

#include "fecforge/error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind_of(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
           : S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket" : "not a plain file";
}

static int not_regular(const char *path, mode_t m)
{
    return fg_set_error(FG_EINVAL, "%s is %s, not a regular file", path, kind_of(m));
}

int fg_in_is_regular(const char *path)
{
    struct stat st;
    return strcmp(path, "-") && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int fg_in_open(fg_in *in, const char *path, int flags)
{
    memset(in, 0, sizeof *in);
    in->path = path;
    if ((flags & FG_IN_STDIN) && !strcmp(path, "-")) {
        in->f = stdin;
        return 0;
    }
    /* the kind first, so that a device is never opened and a FIFO without a writer does not block */
    struct stat st;
    if (stat(path, &st) != 0)
        return errno == ENOENT ? fg_set_error(FG_EIO, "%s: no such file", path)
                               : fg_set_error(FG_EIO, "%s: cannot read: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return not_regular(path, st.st_mode);
    const int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return fg_set_error(FG_EIO, "%s: cannot read: %s", path, strerror(errno));
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) { /* replaced since the stat */
        close(fd);
        return not_regular(path, st.st_mode);
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!(in->f = fdopen(fd, "rb"))) {
        close(fd);
        return fg_set_error(FG_ENOMEM, "%s: out of memory", path);
    }
    return 0;
}

void fg_in_close(fg_in *in)
{
    if (in->f && in->f != stdin)
        fclose(in->f);
    free(in->buf);
    memset(in, 0, sizeof *in);
}

int fg_in_line(fg_in *in, size_t max, char **line, size_t *len)
{
    size_t n = 0;
    int c, nul = 0;
    while ((c = getc_unlocked(in->f)) != EOF && c != '\n') {
        if (n >= max) {
            in->line++;
            return fg_set_error(FG_EINVAL, "%s line %lld: longer than %zu bytes", in->path, in->line, max);
        }
        if (n + 1 >= in->cap) {
            const size_t cap = in->cap ? (2 * in->cap < max + 1 ? 2 * in->cap : max + 1) : (max < 256 ? max + 1 : 256);
            char *b = realloc(in->buf, cap);
            if (!b)
                return fg_set_error(FG_ENOMEM, "%s: out of memory for a line of %zu bytes", in->path, cap);
            in->buf = b;
            in->cap = cap;
        }
        nul |= c == 0;
        in->buf[n++] = (char)c;
    }
    if (c == EOF && ferror(in->f))
        return fg_set_error(FG_EIO, "%s: cannot read: %s", in->path, strerror(errno));
    if (c == EOF && n == 0)
        return 0;
    in->line++;
    if (nul)
        return fg_set_error(FG_EINVAL, "%s line %lld: a NUL byte (not a text line)", in->path, in->line);
    if (!in->buf && !(in->buf = malloc(in->cap = 1)))
        return fg_set_error(FG_ENOMEM, "%s: out of memory", in->path);
    in->buf[n] = '\0';
    *line = in->buf;
    *len = n;
    return 1;
}

int fg_in_file(const char *path, int flags, size_t max, char **text, size_t *len)
{
    *text = NULL;
    if (len)
        *len = 0;
    fg_in in;
    int rc = fg_in_open(&in, path, flags);
    if (rc)
        return rc;
    size_t cap = 0, n = 0;
    char *s = NULL;
    for (;;) {
        if (n + 1 >= cap) {
            const size_t want = cap ? 2 * cap : 65536;
            char *t = realloc(s, want < max + 2 ? want : max + 2);
            if (!t) {
                rc = fg_set_error(FG_ENOMEM, "%s: out of memory", path);
                break;
            }
            s = t;
            cap = want < max + 2 ? want : max + 2;
        }
        const size_t got = fread(s + n, 1, cap - 1 - n, in.f);
        n += got;
        if (n > max) {
            rc = fg_set_error(FG_EINVAL, "%s: larger than %zu bytes", path, max);
            break;
        }
        if (got == 0) {
            if (ferror(in.f))
                rc = fg_set_error(FG_EIO, "%s: cannot read: %s", path, strerror(errno));
            break;
        }
    }
    fg_in_close(&in);
    if (!rc && (flags & FG_IN_TEXT) && memchr(s, '\0', n))
        rc = fg_set_error(FG_EINVAL, "%s: a NUL byte at offset %zu (not a text file)", path,
                          (size_t)((char *)memchr(s, '\0', n) - s));
    if (rc) {
        free(s);
        return rc;
    }
    s[n] = '\0';
    *text = s;
    if (len)
        *len = n;
    return 0;
}
