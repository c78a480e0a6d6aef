/* Outputs that never destroy what they should not (fecforge/output.h). */
#define _GNU_SOURCE /* fopencookie; nftw, realpath, mkdtemp */
#include "fecforge/output.h"

#include "fecforge/error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- registry of pending outputs (interruption clean-up) ---- */

typedef struct pending {
    struct pending *prev, *next;
    char *tmp;      /* temporary file or staging directory; NULL if none */
    int tmp_is_dir;
    char **made;    /* parent directories this output created, outermost first */
    int n_made;
    int cleaned;    /* fg_output_cleanup_pending removed them */
    int listed;
} pending;

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static pending *reg_head;

static void reg_add(pending *p)
{
    pthread_mutex_lock(&reg_lock);
    p->prev = NULL;
    p->next = reg_head;
    if (reg_head)
        reg_head->prev = p;
    reg_head = p;
    p->listed = 1;
    pthread_mutex_unlock(&reg_lock);
}

/* Take p off the list; returns 1 if the clean-up already removed its files. */
static int reg_remove(pending *p)
{
    pthread_mutex_lock(&reg_lock);
    if (p->listed) {
        if (p->prev)
            p->prev->next = p->next;
        else
            reg_head = p->next;
        if (p->next)
            p->next->prev = p->prev;
        p->listed = 0;
    }
    const int cleaned = p->cleaned;
    pthread_mutex_unlock(&reg_lock);
    return cleaned;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path) ? -1 : 0;
}

int fg_remove_tree(const char *dir)
{
    struct stat st;
    if (lstat(dir, &st) && errno == ENOENT)
        return 0;
    if (nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
        return fg_set_error(FG_EIO, "cannot remove %s: %s", dir, strerror(errno));
    return 0;
}

/* The files of p (caller holds reg_lock or owns p alone). */
static void remove_pending_files(pending *p)
{
    if (p->tmp) {
        if (p->tmp_is_dir)
            fg_remove_tree(p->tmp);
        else
            unlink(p->tmp);
    }
    for (int i = p->n_made - 1; i >= 0; i--)
        rmdir(p->made[i]); /* only if still empty */
}

static void free_pending(pending *p)
{
    free(p->tmp);
    for (int i = 0; i < p->n_made; i++)
        free(p->made[i]);
    free(p->made);
    p->tmp = NULL;
    p->made = NULL;
    p->n_made = 0;
}

void fg_output_cleanup_pending(void)
{
    pthread_mutex_lock(&reg_lock);
    for (pending *p = reg_head; p; p = p->next)
        if (!p->cleaned) {
            remove_pending_files(p);
            p->cleaned = 1;
        }
    pthread_mutex_unlock(&reg_lock);
}

/* ---- paths ---- */

static char *dup_str(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (d)
        strcpy(d, s);
    return d;
}

static int oom(void) { return fg_set_error(FG_ENOMEM, "out of memory"); }

/* Create the missing parent directories of path (0777 less the umask), recording them in p. */
static int make_parents(const char *path, pending *p, const char *what)
{
    char *buf = dup_str(path);
    if (!buf)
        return oom();
    char *slash = strrchr(buf, '/');
    int rc = 0;
    if (slash && slash != buf) {
        *slash = '\0';
        /* walk the prefixes: "a", "a/b", ... (a leading "/" is kept) */
        for (char *q = buf + 1;; q++) {
            const int end = *q == '\0';
            if (!end && *q != '/')
                continue;
            *q = '\0';
            struct stat st;
            if (stat(buf, &st) == 0) {
                if (!S_ISDIR(st.st_mode)) {
                    rc = fg_set_error(FG_EINVAL, "cannot write %s %s: %s is not a directory", what, path, buf);
                    break;
                }
            } else if (errno == ENOENT) {
                if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
                    rc = fg_set_error(FG_EIO, "cannot create the directory %s for %s %s: %s", buf, what, path,
                                      strerror(errno));
                    break;
                }
                char **m = realloc(p->made, sizeof *m * (size_t)(p->n_made + 1));
                char *d = m ? dup_str(buf) : NULL;
                if (m)
                    p->made = m;
                if (!d) {
                    rc = oom();
                    break;
                }
                p->made[p->n_made++] = d;
            } else {
                rc = fg_set_error(errno == ENOTDIR ? FG_EINVAL : FG_EIO, "cannot write %s %s: %s: %s", what, path, buf,
                                  strerror(errno));
                break;
            }
            if (end)
                break;
            *q = '/';
        }
    }
    free(buf);
    return rc;
}

static mode_t umask_now(void)
{
    const mode_t m = umask(022);
    umask(m);
    return m;
}

/* ---- files ---- */

/* The test hook FG_TEST_WRITE_LIMIT=N (docs/architecture.md "Outputs"): every write of an output stream
 * past its first N bytes, summed over the process, fails with ENOSPC, as on a full disk. */
static long long write_limit = -2; /* -2: not read yet, -1: none */
static long long write_total;

static size_t write_allowed(size_t n)
{
    long long lim = __atomic_load_n(&write_limit, __ATOMIC_RELAXED);
    if (lim == -2) {
        const char *e = getenv("FG_TEST_WRITE_LIMIT");
        char *end;
        const long long v = e && *e ? strtoll(e, &end, 10) : -1;
        lim = e && *e && !*end && v >= 0 ? v : -1;
        __atomic_store_n(&write_limit, lim, __ATOMIC_RELAXED);
    }
    if (lim < 0)
        return n;
    const long long before = __atomic_fetch_add(&write_total, (long long)n, __ATOMIC_RELAXED);
    return before >= lim ? 0 : (size_t)(lim - before < (long long)n ? lim - before : (long long)n);
}

/* A stream over a file descriptor that remembers why its first write or close failed (ENOSPC, EPIPE):
 * after a buffered write failed, errno no longer says why. After a failure every later write fails too,
 * so no line is written after one that was lost. A lazy stream (fd -1) opens open_path at its first
 * write or at close: a device or FIFO is not touched before the run has something to write. With
 * keep_lines, a failed write cuts the file back to its last complete line. */
typedef struct {
    int fd, close_fd;
    int *err;
    char *open_path;
    long long *written, line_end;
    int keep_lines;
    long long count; /* where written points unless the owner asked for the count */
} fd_cookie;

static int cookie_open(fd_cookie *k)
{
    if (k->fd >= 0)
        return 0;
    k->fd = open(k->open_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (k->fd < 0) {
        if (!*k->err)
            *k->err = errno;
        return -1;
    }
    return 0;
}

static ssize_t cookie_write(void *c, const char *buf, size_t n)
{
    fd_cookie *k = c;
    if (*k->err || cookie_open(k))
        return -1;
    size_t done = 0;
    while (done < n) {
        const size_t allowed = write_allowed(n - done);
        const ssize_t w = allowed ? write(k->fd, buf + done, allowed) : (errno = ENOSPC, -1);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!*k->err)
                *k->err = w < 0 ? errno : EIO;
            if (k->keep_lines && ftruncate(k->fd, (off_t)k->line_end) != 0)
                *k->err = *k->err ? *k->err : errno;
            return -1;
        }
        for (ssize_t i = w; i > 0; i--)
            if (buf[done + (size_t)i - 1] == '\n') {
                k->line_end = *k->written + i;
                break;
            }
        *k->written += w;
        done += (size_t)w;
    }
    return (ssize_t)n;
}

static int cookie_close(void *c)
{
    fd_cookie *k = c;
    int rc = k->fd < 0 && !*k->err ? cookie_open(k) : 0;
    if (k->close_fd && k->fd >= 0 && close(k->fd) && !rc)
        rc = -1;
    if (rc && !*k->err)
        *k->err = errno;
    free(k->open_path);
    free(k);
    return rc;
}

static FILE *cookie_stream(fd_cookie *init)
{
    fd_cookie *k = malloc(sizeof *k);
    if (!k)
        return NULL;
    *k = *init;
    if (!k->written)
        k->written = &k->count;
    const cookie_io_functions_t io = {NULL, cookie_write, NULL, cookie_close};
    FILE *f = fopencookie(k, "w", io);
    if (!f)
        free(k);
    return f;
}

FILE *fg_out_fdopen(int fd, int close_fd, int *err)
{
    return cookie_stream(&(fd_cookie){fd, close_fd, err, .open_path = NULL});
}

struct fg_out {
    pending p;
    char *path;  /* as the user named it (messages) */
    char *dest;  /* the file replaced on commit: path, or the end of the symbolic links it names */
    FILE *f;
    int through, is_stdout, stream;
    int created; /* a stream's file that this run created */
    int err; /* the first write error of f */
    long long written;
};

static int same_file_as_fd(const char *path, int fd)
{
    struct stat a, b;
    return stat(path, &a) == 0 && fstat(fd, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

enum { LINK_HOPS = 40 };

/* What the symbolic link `link` names, taken relative to the link's directory, into next (PATH_MAX):
 * 0, or -1 (errno) if it cannot be read or the result is too long. */
static int link_next(const char *link, char *next)
{
    char t[PATH_MAX];
    const ssize_t n = readlink(link, t, sizeof t - 1);
    if (n < 0)
        return -1;
    t[n] = '\0';
    const char *slash = strrchr(link, '/');
    const int len = t[0] == '/' || !slash ? snprintf(next, PATH_MAX, "%s", t)
                                          : snprintf(next, PATH_MAX, "%.*s/%s", (int)(slash - link), link, t);
    if (len + 16 >= PATH_MAX)
        return errno = ENAMETOOLONG, -1;
    return 0;
}

/* The end of the chain of symbolic links path names, malloc'ed: the file that writing "through" the
 * link would change. */
static int link_end(const char *path, char **out)
{
    char cur[PATH_MAX], next[PATH_MAX];
    snprintf(cur, sizeof cur, "%s", path);
    for (int hop = 0; hop < LINK_HOPS; hop++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return (*out = dup_str(cur)) ? 0 : oom();
        if (link_next(cur, next))
            return fg_set_error(FG_EIO, "cannot write %s: the link %s: %s", path, cur, strerror(errno));
        strcpy(cur, next);
    }
    return fg_set_error(FG_EINVAL, "cannot write %s: too many levels of symbolic links", path);
}

/* fg_path_canonical with a bound on the links followed. */
static int canonical(const char *p, char *out, int depth)
{
    if (depth > LINK_HOPS || strlen(p) >= PATH_MAX)
        return -1;
    if (realpath(p, out))
        return 0;
    struct stat st;
    char next[PATH_MAX];
    if (lstat(p, &st) == 0 && S_ISLNK(st.st_mode)) /* dangling: where the link points */
        return link_next(p, next) ? -1 : canonical(next, out, depth + 1);
    size_t len = strlen(p);
    while (len > 1 && p[len - 1] == '/') /* "a/b/" is "a/b" */
        len--;
    if (len < strlen(p)) {
        snprintf(next, sizeof next, "%.*s", (int)len, p);
        return canonical(next, out, depth + 1);
    }
    const char *slash = strrchr(p, '/'), *base = slash ? slash + 1 : p;
    if (!slash)
        snprintf(next, sizeof next, ".");
    else
        snprintf(next, sizeof next, "%.*s", slash == p ? 1 : (int)(slash - p), p);
    if (canonical(next, out, depth + 1))
        return -1;
    if (!strcmp(base, ".") || !base[0])
        return 0;
    if (!strcmp(base, "..")) { /* lexically: the directory that creating the missing ones makes */
        char *s = strrchr(out, '/');
        if (s && s != out)
            *s = '\0';
        else
            strcpy(out, "/");
        return 0;
    }
    const size_t n = strlen(out);
    if (n + 2 + strlen(base) >= PATH_MAX)
        return -1;
    snprintf(out + n, PATH_MAX - n, "%s%s", strcmp(out, "/") ? "/" : "", base);
    return 0;
}

int fg_path_canonical(const char *path, char *out) { return canonical(path, out, 0) ? FG_EINVAL : 0; }

/* The directory of a link's missing target exists (it is not created: the link names it). */
static int access_parent(const fg_out *o)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(o->dest, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (slash == o->dest ? 1 : (int)(slash - o->dest)) : 1,
             slash ? o->dest : ".");
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return fg_set_error(FG_EINVAL, "cannot write %s: it is a symbolic link to %s, in no directory that exists",
                            o->path, o->dest);
    return 0;
}

/* The temporary file beside o->dest (mode: that of the file it replaces, or 0666 less the umask). */
static int open_temp(fg_out *o, mode_t mode)
{
    if (!(o->p.tmp = malloc(strlen(o->dest) + 16)))
        return oom();
    sprintf(o->p.tmp, "%s.tmp-XXXXXX", o->dest);
    const int fd = mkstemp(o->p.tmp);
    if (fd < 0) {
        const int rc = fg_set_error(errno == ENOENT || errno == ENOTDIR ? FG_EINVAL : FG_EIO, "cannot write %s: %s",
                                    o->path, strerror(errno));
        free(o->p.tmp);
        o->p.tmp = NULL;
        return rc;
    }
    fchmod(fd, mode);
    if (!(o->f = cookie_stream(&(fd_cookie){fd, 1, &o->err, .written = &o->written}))) {
        close(fd);
        unlink(o->p.tmp);
        free(o->p.tmp);
        o->p.tmp = NULL;
        return oom();
    }
    return 0;
}

int fg_out_open(const char *path, int flags, fg_out **out)
{
    *out = NULL;
    if (!path || !*path)
        return fg_set_error(FG_EINVAL, "output file name is empty");
    if (strlen(path) + 16 >= PATH_MAX)
        return fg_set_error(FG_EINVAL, "output file name longer than %d characters: %.60s...", PATH_MAX - 16, path);
    fg_out *o = calloc(1, sizeof *o);
    if (!o || !(o->path = dup_str(path))) {
        free(o);
        return oom();
    }
    o->stream = flags == FG_OUT_STREAM;
    int rc = 0;
    struct stat st;
    if (!strcmp(path, "-") || same_file_as_fd(path, STDOUT_FILENO)) {
        o->f = stdout; /* "-" or /dev/stdout: one stream, so nothing is written at two offsets */
        o->through = o->is_stdout = 1;
        *out = o;
        return 0;
    }
    if ((rc = link_end(path, &o->dest))) {
        free(o->path);
        free(o);
        return rc;
    }
    const int linked = strcmp(o->dest, path) != 0;
    if (lstat(o->dest, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            rc = fg_set_error(FG_EINVAL, "cannot write %s: it is a directory", path);
        else if (!S_ISREG(st.st_mode))
            o->through = 1; /* a device, FIFO or socket: written through */
        else if (access(o->dest, W_OK) != 0)
            rc = fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(errno));
        else if (!o->stream) {
            rc = open_temp(o, st.st_mode & 07777);
            if (!rc)
                reg_add(&o->p);
        }
    } else if (errno == ENOENT) {
        /* a new file: its missing parents are created (not those of a link's target: the link names them) */
        if (linked)
            rc = access_parent(o);
        else
            rc = make_parents(path, &o->p, "output");
        if (!rc && !o->stream)
            rc = open_temp(o, 0666 & ~umask_now());
        o->created = o->stream;
        reg_add(&o->p);
    } else if (errno == ENOTDIR)
        rc = fg_set_error(FG_EINVAL, "cannot write %s: a component of the path is not a directory", path);
    else
        rc = fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(errno));
    if (!rc && o->through && access(o->dest, W_OK) != 0)
        rc = fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(errno));
    if (!rc && (o->through || (o->stream && !o->p.tmp))) {
        /* devices and FIFOs are opened at the first write; a stream's regular file now (truncated) */
        fd_cookie k = {-1, 1, &o->err, .written = &o->written, .keep_lines = o->stream && !o->through};
        if (!(k.open_path = dup_str(o->dest)))
            rc = oom();
        else if (o->stream && !o->through && cookie_open(&k)) {
            rc = fg_set_error(errno == EISDIR || errno == ENOTDIR ? FG_EINVAL : FG_EIO, "cannot write %s: %s", path,
                              strerror(errno));
            free(k.open_path);
        } else if (!(o->f = cookie_stream(&k))) {
            if (k.fd >= 0)
                close(k.fd);
            free(k.open_path);
            rc = oom();
        }
        o->through = o->through || o->stream;
    }
    if (rc) {
        fg_out_abort(o);
        return rc;
    }
    if (o->stream)
        setvbuf(o->f, NULL, _IOLBF, 0);
    *out = o;
    return 0;
}

FILE *fg_out_stream(fg_out *o) { return o->f; }
const char *fg_out_path(const fg_out *o) { return o->path; }
int fg_out_is_through(const fg_out *o) { return o->through; }
long long fg_out_written(const fg_out *o) { return o->written; }

int fg_out_check(fg_out *o)
{
    if (fflush(o->f) == 0 && !ferror(o->f) && !o->err)
        return 0;
    return fg_set_error(FG_EIO, "cannot write %s: %s", o->path, strerror(o->err ? o->err : errno ? errno : EIO));
}

static void out_free(fg_out *o)
{
    reg_remove(&o->p);
    free_pending(&o->p);
    free(o->path);
    free(o->dest);
    free(o);
}

int fg_out_commit(fg_out *o)
{
    int e = 0;
    if (fflush(o->f) != 0)
        e = errno ? errno : EIO;
    if (ferror(o->f))
        e = EIO;
    if (!o->is_stdout && fclose(o->f) != 0 && !e)
        e = errno ? errno : EIO;
    if (o->err)
        e = o->err; /* the reason of the first failed write */
    o->f = NULL;
    const int cleaned = reg_remove(&o->p);
    if (!e && cleaned)
        e = EINTR;
    if (!e && o->p.tmp && rename(o->p.tmp, o->dest) != 0)
        e = errno;
    if (e) {
        const int rc = fg_set_error(FG_EIO, "cannot write %s: %s", o->path, strerror(e));
        struct stat st;
        if (o->created && stat(o->dest, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0)
            unlink(o->dest); /* a stream that kept no whole line: nothing of this run is left */
        if (o->p.tmp)
            remove_pending_files(&o->p);
        out_free(o);
        return rc;
    }
    out_free(o);
    return 0;
}

void fg_out_abort(fg_out *o)
{
    if (!o)
        return;
    if (o->f && !o->is_stdout) {
        if (!o->err)
            o->err = ECANCELED; /* nothing more reaches the file: not the buffer, not a lazy open */
        fclose(o->f);
        struct stat st;
        if (o->through && !o->written && stat(o->dest, &st) == 0 && S_ISFIFO(st.st_mode)) {
            /* a reader waiting at a FIFO gets its end of file (and nothing else); none waiting: nothing */
            const int fd = open(o->dest, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
            if (fd >= 0)
                close(fd);
        }
    } else if (o->f)
        fflush(o->f);
    reg_remove(&o->p);
    if (!o->stream)
        remove_pending_files(&o->p);
    out_free(o);
}

/* ---- directories ---- */

struct fg_outdir {
    pending p;
    char *dir, *kind;
    int err; /* the first write error of a file of the output */
};

/* The marker (version 2): "fecforge-output 2", "kind KIND", then one line per entry below the directory,
 * its path relative to it: "file SIZE DIGEST PATH", "dir PATH", "link DIGEST PATH" (DIGEST: FNV-1a 64
 * of the content or the link's text, 16 hex digits). A directory that fecforge fills in place carries the
 * line "incomplete" until it is marked. An entry that is not listed, or differs from its line, is not
 * fecforge's: the directory is refused. */
enum { MARKER_LINE = 4096, MARKER_MAX = 64 << 20, TREE_FDS = 16 };

static uint64_t fnv_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static int file_digest(const char *path, uint64_t *out)
{
    const int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return -1;
    uint64_t h = 0xcbf29ce484222325ULL;
    char buf[65536];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        h = fnv_bytes(h, buf, (size_t)n);
    close(fd);
    *out = h;
    return n < 0 ? -1 : 0;
}

/* The marker line of the entry path (st: its lstat) named rel, into line; -1 if it cannot be one. */
static int entry_line(const char *path, const struct stat *st, const char *rel, char *line, size_t n)
{
    if (strchr(rel, '\n') || strlen(rel) + 64 >= n)
        return -1;
    uint64_t h;
    if (S_ISDIR(st->st_mode))
        snprintf(line, n, "dir %s", rel);
    else if (S_ISREG(st->st_mode)) {
        if (file_digest(path, &h))
            return -1;
        snprintf(line, n, "file %lld %016llx %s", (long long)st->st_size, (unsigned long long)h, rel);
    } else if (S_ISLNK(st->st_mode)) {
        char t[PATH_MAX];
        const ssize_t k = readlink(path, t, sizeof t);
        if (k < 0)
            return -1;
        snprintf(line, n, "link %016llx %s", (unsigned long long)fnv_bytes(0xcbf29ce484222325ULL, t, (size_t)k),
                 rel);
    } else
        return -1;
    return 0;
}

/* A walk of the entries below a directory (not the marker), for writing and checking markers. */
typedef struct {
    size_t root_len;
    int collect;          /* writing: the lines, sorted afterwards (directory order is the file system's) */
    char **lines;
    int n_lines, cap, oom;
    const char *marker;   /* checking: the marker's text */
    char *stranger;       /* checking: the first entry that is not listed as it is (PATH_MAX) */
    int entries;
} tree_walk;
static __thread tree_walk *walk_now; /* nftw has no context argument */

static int is_marker_name(const char *rel)
{
    return !strcmp(rel, FG_OUTDIR_MARKER) || !strncmp(rel, FG_OUTDIR_MARKER ".tmp-", sizeof FG_OUTDIR_MARKER + 4);
}

/* Is line one of the marker's lines? */
static int marker_has(const char *marker, const char *line)
{
    const size_t n = strlen(line);
    for (const char *p = strstr(marker, line); p; p = strstr(p + 1, line))
        if ((p == marker || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
            return 1;
    return 0;
}

static int walk_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)flag;
    tree_walk *w = walk_now;
    if (ftw->level == 0)
        return 0;
    const char *rel = path + w->root_len + 1;
    if (ftw->level == 1 && is_marker_name(rel))
        return 0;
    w->entries++;
    char line[MARKER_LINE];
    const int ok = entry_line(path, st, rel, line, sizeof line) == 0;
    if (w->collect) {
        if (ok && w->n_lines == w->cap) {
            char **l = realloc(w->lines, sizeof *l * (size_t)(w->cap = w->cap ? 2 * w->cap : 64));
            if (!l)
                return w->oom = 1, -1;
            w->lines = l;
        }
        if (ok && !(w->lines[w->n_lines++] = dup_str(line)))
            return w->oom = 1, -1;
    } else if (!w->stranger[0] && (!ok || !marker_has(w->marker, line)))
        snprintf(w->stranger, PATH_MAX, "%s", rel);
    return 0;
}

static int walk_tree(const char *dir, tree_walk *w)
{
    w->root_len = strlen(dir);
    walk_now = w;
    const int rc = nftw(dir, walk_entry, TREE_FDS, FTW_PHYS);
    walk_now = NULL;
    return rc;
}

/* dir, or the directory a symbolic link dir points to, into res (PATH_MAX). */
static int resolve_dir(const char *dir, char *res)
{
    struct stat st;
    if (lstat(dir, &st) == 0 && S_ISLNK(st.st_mode)) {
        if (!realpath(dir, res))
            return fg_set_error(FG_EINVAL, "output %s is a symbolic link to nothing usable: %s", dir, strerror(errno));
        return 0;
    }
    if (strlen(dir) >= PATH_MAX - 32)
        return fg_set_error(FG_EINVAL, "output directory name longer than %d characters", PATH_MAX - 32);
    strcpy(res, dir);
    size_t n = strlen(res);
    while (n > 1 && res[n - 1] == '/')
        res[--n] = '\0';
    return 0;
}

/* The marker of dir into a malloc'ed string (NULL if absent or not a regular file of at most MARKER_MAX). */
static char *read_marker(const char *dir)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, FG_OUTDIR_MARKER);
    struct stat st;
    if (lstat(path, &st) || !S_ISREG(st.st_mode) || st.st_size > MARKER_MAX)
        return NULL;
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *text = malloc((size_t)st.st_size + 1);
    size_t n = text ? fread(text, 1, (size_t)st.st_size, f) : 0;
    fclose(f);
    if (text)
        text[n] = '\0';
    return text;
}

/* The version and kind a marker names (kind: n bytes); 0, or -1 if the marker is not one of ours. */
static int marker_head(const char *marker, int *version, char *kind, size_t n)
{
    static const char head[] = "fecforge-output ";
    if (strncmp(marker, head, sizeof head - 1) || (marker[sizeof head - 1] != '1' && marker[sizeof head - 1] != '2') ||
        strncmp(marker + sizeof head, "\nkind ", 6))
        return -1;
    *version = marker[sizeof head - 1] - '0';
    const char *k = marker + sizeof head + 6, *nl = strchr(k, '\n');
    const size_t len = nl ? (size_t)(nl - k) : strlen(k);
    if (!len || len >= n)
        return -1;
    memcpy(kind, k, len);
    kind[len] = '\0';
    return 0;
}

/* Is real (an absolute path) the current directory or one of its ancestors? */
static int is_cwd_or_ancestor(const char *real)
{
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd))
        return 0;
    const size_t n = strlen(real);
    if (!strcmp(real, "/"))
        return 1;
    return !strncmp(cwd, real, n) && (cwd[n] == '\0' || cwd[n] == '/');
}

int fg_outdir_check(const char *dir_in, const char *kind)
{
    if (!dir_in || !*dir_in)
        return fg_set_error(FG_EINVAL, "output directory name is empty");
    char dir[PATH_MAX], real[PATH_MAX];
    int rc = resolve_dir(dir_in, dir);
    if (rc)
        return rc;
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (errno == ENOENT)
            return 0;
        if (errno == ENOTDIR)
            return fg_set_error(FG_EINVAL, "output %s: a component of the path is not a directory", dir_in);
        return fg_set_error(FG_EIO, "output %s: %s", dir_in, strerror(errno));
    }
    if (!S_ISDIR(st.st_mode))
        return fg_set_error(FG_EINVAL, "output %s exists and is not a directory", dir_in);
    if (realpath(dir, real) && is_cwd_or_ancestor(real))
        return fg_set_error(FG_EINVAL,
                            "output %s is the current directory or one of its parents: refusing to replace it "
                            "(name a new directory)", dir_in);
    if (access(dir, R_OK | X_OK) != 0)
        return fg_set_error(FG_EIO, "output %s: %s", dir_in, strerror(errno));
    char *marker = read_marker(dir), mkind[64], stranger[PATH_MAX] = "";
    int version = 0;
    tree_walk w = {.marker = marker ? marker : "", .stranger = stranger};
    if (walk_tree(dir, &w) != 0) {
        free(marker);
        return fg_set_error(FG_EIO, "output %s: cannot read it: %s", dir_in, strerror(errno));
    }
    if (!w.entries && !marker)
        rc = 0;
    else if (!marker || marker_head(marker, &version, mkind, sizeof mkind))
        rc = fg_set_error(FG_EINVAL,
                          "output %s is a directory that fecforge did not write (no %s marker): refusing to "
                          "replace it; name a new directory or remove this one",
                          dir_in, FG_OUTDIR_MARKER);
    else if (strcmp(mkind, kind))
        rc = fg_set_error(FG_EINVAL, "output %s is a fecforge output of kind '%s', not '%s': refusing to replace it",
                          dir_in, mkind, kind);
    else if (version == 1 && w.entries)
        rc = fg_set_error(FG_EINVAL,
                          "output %s was written by an earlier fecforge whose marker does not record what its files "
                          "hold: refusing to replace it; remove it or name a new directory", dir_in);
    else if (w.entries && marker_has(marker, "incomplete"))
        rc = fg_set_error(FG_EINVAL,
                          "output %s was left by an interrupted fecforge run, which did not record its files: "
                          "refusing to empty it; remove it or name a new directory", dir_in);
    else if (stranger[0])
        rc = fg_set_error(FG_EINVAL,
                          "output %s holds %s, which fecforge did not write (or which changed since): refusing to "
                          "replace it; name a new directory or remove this one",
                          dir_in, stranger);
    else
        rc = w.entries || marker ? 1 : 0;
    free(marker);
    return rc;
}

static void outdir_free(fg_outdir *o)
{
    reg_remove(&o->p);
    free_pending(&o->p);
    free(o->dir);
    free(o->kind);
    free(o);
}

int fg_outdir_begin(const char *dir_in, const char *kind, fg_outdir **out)
{
    *out = NULL;
    int rc = fg_outdir_check(dir_in, kind);
    if (rc < 0)
        return rc;
    char dir[PATH_MAX];
    if ((rc = resolve_dir(dir_in, dir)))
        return rc;
    fg_outdir *o = calloc(1, sizeof *o);
    if (!o || !(o->dir = dup_str(dir)) || !(o->kind = dup_str(kind)) || !(o->p.tmp = malloc(strlen(dir) + 16))) {
        if (o) {
            free(o->dir);
            free(o->kind);
        }
        free(o);
        return oom();
    }
    o->p.tmp_is_dir = 1;
    if ((rc = make_parents(dir, &o->p, "output directory"))) {
        free(o->p.tmp);
        o->p.tmp = NULL;
        remove_pending_files(&o->p);
        outdir_free(o);
        return rc;
    }
    sprintf(o->p.tmp, "%s.tmp-XXXXXX", dir);
    if (!mkdtemp(o->p.tmp)) {
        rc = fg_set_error(FG_EIO, "cannot create the output directory %s: %s", dir_in, strerror(errno));
        free(o->p.tmp);
        o->p.tmp = NULL;
        remove_pending_files(&o->p);
        outdir_free(o);
        return rc;
    }
    chmod(o->p.tmp, 0777 & ~umask_now()); /* mkdtemp makes it 0700 */
    reg_add(&o->p);
    *out = o;
    return 0;
}

const char *fg_outdir_staging(const fg_outdir *o) { return o->p.tmp; }

FILE *fg_outdir_open(fg_outdir *o, const char *name)
{
    if (!*name || strchr(name, '/') || strchr(name, '\n') || !strcmp(name, ".") || !strcmp(name, "..") ||
        is_marker_name(name) || strlen(name) >= MARKER_LINE - 64) {
        fg_set_error(FG_EINVAL, "output file name '%s' invalid", name);
        return NULL;
    }
    char path[PATH_MAX + MARKER_LINE];
    snprintf(path, sizeof path, "%s/%s", o->p.tmp, name);
    const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    FILE *f = fd >= 0 ? fg_out_fdopen(fd, 1, &o->err) : NULL;
    if (!f) {
        fg_set_error(FG_EIO, "cannot write %s/%s: %s", o->dir, name, strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    return f;
}

int fg_outdir_close(fg_outdir *o, FILE *f)
{
    int e = 0;
    if (fflush(f) != 0)
        e = errno ? errno : EIO;
    if (ferror(f) && !e)
        e = EIO;
    if (fclose(f) != 0 && !e)
        e = errno ? errno : EIO;
    if (o->err)
        e = o->err;
    return e ? fg_set_error(FG_EIO, "cannot write a file of %s: %s", o->dir, strerror(e)) : 0;
}

/* The path of a marker line (after its type and fields). */
static const char *line_path(const char *l)
{
    const int fields = l[0] == 'f' ? 3 : l[0] == 'l' ? 2 : 1;
    for (int i = 0; i < fields && l; i++)
        if ((l = strchr(l, ' ')))
            l++;
    return l ? l : "";
}

/* Marker lines in the order of their paths. */
static int cmp_lines(const void *a, const void *b)
{
    return strcmp(line_path(*(char *const *)a), line_path(*(char *const *)b));
}

/* Write dir's marker of kind (atomically): every entry dir holds now, or with incomplete none (a
 * directory about to be filled in place). */
static int write_marker(const char *dir, const char *kind, int incomplete)
{
    char tmp[PATH_MAX + 64], path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, FG_OUTDIR_MARKER);
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    int err = 0;
    const int fd = mkstemp(tmp);
    FILE *f = fd >= 0 ? fg_out_fdopen(fd, 1, &err) : NULL;
    if (!f) {
        const int e = errno;
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(e));
    }
    fchmod(fd, 0666 & ~umask_now());
    fprintf(f, "fecforge-output 2\nkind %s\n", kind);
    int e = 0;
    if (incomplete)
        fputs("incomplete\n", f);
    else {
        tree_walk w = {.collect = 1};
        if (walk_tree(dir, &w) != 0)
            e = w.oom ? ENOMEM : errno ? errno : EIO;
        qsort(w.lines, (size_t)w.n_lines, sizeof *w.lines, cmp_lines);
        for (int i = 0; i < w.n_lines; i++) {
            fprintf(f, "%s\n", w.lines[i]);
            free(w.lines[i]);
        }
        free(w.lines);
    }
    if (fflush(f) || ferror(f))
        e = e ? e : errno ? errno : EIO;
    if (fclose(f) && !e)
        e = errno ? errno : EIO;
    if (err)
        e = err;
    if (!e && rename(tmp, path))
        e = errno;
    if (e) {
        unlink(tmp);
        return fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(e));
    }
    return 0;
}

int fg_outdir_commit(fg_outdir *o)
{
    int rc = o->err ? fg_set_error(FG_EIO, "cannot write a file of %s: %s", o->dir, strerror(o->err))
                    : write_marker(o->p.tmp, o->kind, 0);
    /* Checked again: the directory may have changed while the output was written. */
    const int exists = rc ? 0 : fg_outdir_check(o->dir, o->kind);
    if (!rc && exists < 0)
        rc = exists;
    char *old = NULL;
    if (!rc && exists == 1) { /* an earlier output moves aside (onto an empty directory made for it) */
        old = malloc(strlen(o->dir) + 16);
        if (!old)
            rc = oom();
        else {
            sprintf(old, "%s.old-XXXXXX", o->dir);
            if (!mkdtemp(old) || rename(o->dir, old) != 0) {
                rc = fg_set_error(FG_EIO, "cannot replace %s: %s", o->dir, strerror(errno));
                rmdir(old);
                free(old);
                old = NULL;
            }
        }
    }
    if (!rc && reg_remove(&o->p))
        rc = fg_set_error(FG_EIO, "output %s: interrupted", o->dir);
    if (!rc && rename(o->p.tmp, o->dir) != 0) {
        rc = fg_set_error(FG_EIO, "cannot rename %s to %s: %s", o->p.tmp, o->dir, strerror(errno));
        if (old)
            rename(old, o->dir);
        free(old);
        old = NULL;
    }
    if (rc)
        remove_pending_files(&o->p);
    else {
        free(o->p.tmp);
        o->p.tmp = NULL;
        if (old)
            fg_remove_tree(old);
    }
    free(old);
    outdir_free(o);
    return rc;
}

void fg_outdir_abort(fg_outdir *o)
{
    if (!o)
        return;
    reg_remove(&o->p);
    remove_pending_files(&o->p);
    outdir_free(o);
}

int fg_outdir_mark(const char *dir, const char *kind)
{
    char real[PATH_MAX];
    const int rc = resolve_dir(dir, real);
    return rc ? rc : write_marker(real, kind, 0);
}

/* The directories this process prepared (fg_outdir_prepare), marked by fg_outdir_mark_prepared. */
enum { PREPARED_MAX = 16 };
static struct {
    char *dir, *kind;
} prepared[PREPARED_MAX];
static int n_prepared;

int fg_outdir_prepare(const char *dir, const char *kind)
{
    int rc = fg_outdir_check(dir, kind);
    if (rc == 1)
        rc = fg_outdir_empty(dir, kind);
    if (rc < 0)
        return rc;
    char real[PATH_MAX];
    if ((rc = resolve_dir(dir, real)))
        return rc;
    pending p = {0};
    if ((rc = make_parents(real, &p, "directory")) == 0 && mkdir(real, 0777) != 0 && errno != EEXIST)
        rc = fg_set_error(FG_EIO, "cannot create the directory %s: %s", dir, strerror(errno));
    free_pending(&p);
    if (rc || (rc = write_marker(real, kind, 1)))
        return rc;
    pthread_mutex_lock(&reg_lock);
    if (n_prepared < PREPARED_MAX && (prepared[n_prepared].dir = dup_str(real)) &&
        (prepared[n_prepared].kind = dup_str(kind)))
        n_prepared++;
    pthread_mutex_unlock(&reg_lock);
    return 0;
}

void fg_outdir_mark_prepared(void)
{
    pthread_mutex_lock(&reg_lock);
    for (int i = 0; i < n_prepared; i++) {
        struct stat st;
        if (stat(prepared[i].dir, &st) == 0 && S_ISDIR(st.st_mode))
            write_marker(prepared[i].dir, prepared[i].kind, 0);
        free(prepared[i].dir);
        free(prepared[i].kind);
    }
    n_prepared = 0;
    pthread_mutex_unlock(&reg_lock);
}

int fg_outdir_empty(const char *dir, const char *kind)
{
    const int rc = fg_outdir_check(dir, kind);
    if (rc <= 0)
        return rc;
    char real[PATH_MAX], path[PATH_MAX + 300];
    int e = resolve_dir(dir, real);
    DIR *d = e ? NULL : opendir(real);
    if (!d)
        return e ? e : fg_set_error(FG_EIO, "%s: %s", dir, strerror(errno));
    struct dirent *ent;
    while ((ent = readdir(d)) && !e)
        if (strcmp(ent->d_name, ".") && strcmp(ent->d_name, "..") && strcmp(ent->d_name, FG_OUTDIR_MARKER)) {
            snprintf(path, sizeof path, "%s/%s", real, ent->d_name);
            e = fg_remove_tree(path);
        }
    closedir(d);
    return e;
}

/* ---- temporary directories ---- */

struct fg_tmpdir {
    pending p;
};

int fg_tmpdir_create(const char *prefix, fg_tmpdir **out) { return fg_tmpdir_create_in(NULL, prefix, out); }

int fg_tmpdir_create_in(const char *base, const char *prefix, fg_tmpdir **out)
{
    *out = NULL;
    if (!base)
        base = getenv("TMPDIR");
    if (!base || !*base || strlen(base) > PATH_MAX - 128)
        base = "/tmp";
    fg_tmpdir *t = calloc(1, sizeof *t);
    if (!t || !(t->p.tmp = malloc(strlen(base) + strlen(prefix) + 16))) {
        free(t);
        return oom();
    }
    t->p.tmp_is_dir = 1;
    sprintf(t->p.tmp, "%s/%s-XXXXXX", base, prefix);
    if (!mkdtemp(t->p.tmp)) {
        const int rc = fg_set_error(FG_EIO, "cannot create a temporary directory in %s: %s", base, strerror(errno));
        free(t->p.tmp);
        free(t);
        return rc;
    }
    reg_add(&t->p);
    *out = t;
    return 0;
}

const char *fg_tmpdir_path(const fg_tmpdir *t) { return t->p.tmp; }

void fg_tmpdir_release(fg_tmpdir *t, int keep)
{
    if (!t)
        return;
    reg_remove(&t->p);
    if (!keep)
        remove_pending_files(&t->p);
    free_pending(&t->p);
    free(t);
}
