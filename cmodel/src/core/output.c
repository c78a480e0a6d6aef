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

/* A stream over a file descriptor that remembers why its first write or close failed (ENOSPC, EPIPE):
 * after a buffered write failed, errno no longer says why. */
typedef struct {
    int fd, close_fd;
    int *err;
} fd_cookie;

static ssize_t cookie_write(void *c, const char *buf, size_t n)
{
    fd_cookie *k = c;
    size_t done = 0;
    while (done < n) {
        const ssize_t w = write(k->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!*k->err)
                *k->err = w < 0 ? errno : EIO;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)n;
}

static int cookie_close(void *c)
{
    fd_cookie *k = c;
    const int rc = k->close_fd ? close(k->fd) : 0;
    if (rc && !*k->err)
        *k->err = errno;
    free(k);
    return rc;
}

FILE *fg_out_fdopen(int fd, int close_fd, int *err)
{
    fd_cookie *k = malloc(sizeof *k);
    if (!k)
        return NULL;
    *k = (fd_cookie){fd, close_fd, err};
    const cookie_io_functions_t io = {NULL, cookie_write, NULL, cookie_close};
    FILE *f = fopencookie(k, "w", io);
    if (!f)
        free(k);
    return f;
}

struct fg_out {
    pending p;
    char *path;
    FILE *f;
    int through, is_stdout, stream;
    int err; /* the first write error of f */
};

static int same_file_as_fd(const char *path, int fd)
{
    struct stat a, b;
    return stat(path, &a) == 0 && fstat(fd, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
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
    } else if (lstat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            rc = fg_set_error(FG_EINVAL, "cannot write %s: it is a directory", path);
        else if (S_ISREG(st.st_mode) && !o->stream) {
            o->p.tmp = malloc(strlen(path) + 16);
            if (!o->p.tmp)
                rc = oom();
            else {
                sprintf(o->p.tmp, "%s.tmp-XXXXXX", path);
                const int fd = mkstemp(o->p.tmp);
                if (fd < 0) {
                    rc = fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(errno));
                    free(o->p.tmp);
                    o->p.tmp = NULL;
                } else {
                    fchmod(fd, st.st_mode & 07777);
                    reg_add(&o->p);
                    if (!(o->f = fg_out_fdopen(fd, 1, &o->err))) {
                        close(fd);
                        rc = oom();
                    }
                }
            }
        } else
            o->through = 1; /* a link, device, FIFO or socket: written through */
    } else if (errno == ENOENT) {
        if (!(rc = make_parents(path, &o->p, "output"))) {
            if (o->stream)
                o->through = 1;
            else if (!(o->p.tmp = malloc(strlen(path) + 16)))
                rc = oom();
            else {
                sprintf(o->p.tmp, "%s.tmp-XXXXXX", path);
                const int fd = mkstemp(o->p.tmp);
                if (fd < 0) {
                    rc = fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(errno));
                    free(o->p.tmp);
                    o->p.tmp = NULL;
                } else {
                    fchmod(fd, 0666 & ~umask_now());
                    if (!(o->f = fg_out_fdopen(fd, 1, &o->err))) {
                        close(fd);
                        rc = oom();
                    }
                }
            }
        }
        reg_add(&o->p);
    } else if (errno == ENOTDIR)
        rc = fg_set_error(FG_EINVAL, "cannot write %s: a component of the path is not a directory", path);
    else
        rc = fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(errno));
    if (!rc && o->through && !o->is_stdout) {
        const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd < 0)
            rc = fg_set_error(errno == EISDIR || errno == ENOTDIR ? FG_EINVAL : FG_EIO, "cannot write %s: %s", path,
                              strerror(errno));
        else if (!(o->f = fg_out_fdopen(fd, 1, &o->err))) {
            close(fd);
            rc = oom();
        }
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

static void out_free(fg_out *o)
{
    reg_remove(&o->p);
    free_pending(&o->p);
    free(o->path);
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
    if (!e && o->p.tmp && rename(o->p.tmp, o->path) != 0)
        e = errno;
    if (e) {
        const int rc = fg_set_error(FG_EIO, "cannot write %s: %s", o->path, strerror(e));
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
    if (o->f && !o->is_stdout)
        fclose(o->f);
    else if (o->f)
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
    char **names;
    int n_names;
    int err; /* the first write error of a file of the output */
};

enum { MARKER_LINE = 512 };

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

/* Is name listed by the marker text? ("file *" lists everything.) */
static int marker_lists(const char *marker, const char *name)
{
    char line[MARKER_LINE];
    for (const char *p = marker; *p;) {
        const char *nl = strchr(p, '\n');
        const size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n < sizeof line) {
            memcpy(line, p, n);
            line[n] = '\0';
            if (!strncmp(line, "file ", 5) && (!strcmp(line + 5, name) || !strcmp(line + 5, "*")))
                return 1;
        }
        p += n + (nl != NULL);
    }
    return 0;
}

/* The marker of dir into a malloc'ed string (NULL if absent or not a small regular file). */
static char *read_marker(const char *dir)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, FG_OUTDIR_MARKER);
    struct stat st;
    if (lstat(path, &st) || !S_ISREG(st.st_mode) || st.st_size > (1 << 20))
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

/* The kind a marker names, into kind (n bytes); 0, or -1 if the marker is not one of ours. */
static int marker_kind(const char *marker, char *kind, size_t n)
{
    static const char head[] = "fecforge-output 1\nkind ";
    if (strncmp(marker, head, sizeof head - 1))
        return -1;
    const char *k = marker + sizeof head - 1, *nl = strchr(k, '\n');
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
    DIR *d = opendir(dir);
    if (!d)
        return fg_set_error(FG_EIO, "output %s: %s", dir_in, strerror(errno));
    char *marker = read_marker(dir), mkind[64];
    int entries = 0;
    const char *stranger = NULL;
    char stranger_buf[256];
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, FG_OUTDIR_MARKER))
            continue;
        entries++;
        if (!stranger && (!marker || !marker_lists(marker, e->d_name))) {
            snprintf(stranger_buf, sizeof stranger_buf, "%s", e->d_name);
            stranger = stranger_buf;
        }
    }
    closedir(d);
    if (!entries && !marker)
        rc = 0;
    else if (!marker || marker_kind(marker, mkind, sizeof mkind))
        rc = fg_set_error(FG_EINVAL,
                          "output %s is a directory that fecforge did not write (no %s marker): refusing to "
                          "replace it; name a new directory or remove this one",
                          dir_in, FG_OUTDIR_MARKER);
    else if (strcmp(mkind, kind))
        rc = fg_set_error(FG_EINVAL, "output %s is a fecforge output of kind '%s', not '%s': refusing to replace it",
                          dir_in, mkind, kind);
    else if (stranger)
        rc = fg_set_error(FG_EINVAL,
                          "output %s holds %s, which fecforge did not write: refusing to replace it; name a new "
                          "directory or remove this one",
                          dir_in, stranger);
    else
        rc = entries ? 1 : 0;
    free(marker);
    return rc;
}

static void outdir_free(fg_outdir *o)
{
    reg_remove(&o->p);
    free_pending(&o->p);
    for (int i = 0; i < o->n_names; i++)
        free(o->names[i]);
    free(o->names);
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
    if (!*name || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..") ||
        !strcmp(name, FG_OUTDIR_MARKER) || strlen(name) >= MARKER_LINE - 8) {
        fg_set_error(FG_EINVAL, "output file name '%s' invalid", name);
        return NULL;
    }
    int listed = 0;
    for (int i = 0; i < o->n_names && !listed; i++)
        listed = !strcmp(o->names[i], name);
    if (!listed) {
        char **n = realloc(o->names, sizeof *n * (size_t)(o->n_names + 1));
        if (!n || !(n[o->n_names] = dup_str(name))) {
            if (n)
                o->names = n;
            oom();
            return NULL;
        }
        o->names = n;
        o->n_names++;
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

/* Write the marker of kind listing names (n of them; NULL = every entry of dir) into dir. */
static int write_marker(const char *dir, const char *kind, char *const *names, int n)
{
    char tmp[PATH_MAX + 64], path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, FG_OUTDIR_MARKER);
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    const int fd = mkstemp(tmp);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        const int e = errno;
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return fg_set_error(FG_EIO, "cannot write %s: %s", path, strerror(e));
    }
    fchmod(fd, 0666 & ~umask_now());
    fprintf(f, "fecforge-output 1\nkind %s\n", kind);
    if (names)
        for (int i = 0; i < n; i++)
            fprintf(f, "file %s\n", names[i]);
    else {
        DIR *d = opendir(dir);
        struct dirent *e;
        while (d && (e = readdir(d)))
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, FG_OUTDIR_MARKER) &&
                strncmp(e->d_name, FG_OUTDIR_MARKER ".tmp-", sizeof FG_OUTDIR_MARKER + 4) && !strchr(e->d_name, '\n'))
                fprintf(f, "file %s\n", e->d_name);
        if (d)
            closedir(d);
    }
    int e = 0;
    if (fflush(f) || ferror(f))
        e = errno ? errno : EIO;
    if (fclose(f) && !e)
        e = errno ? errno : EIO;
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
    int rc = write_marker(o->p.tmp, o->kind, o->names, o->n_names);
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

int fg_outdir_mark(const char *dir, const char *kind) { return write_marker(dir, kind, NULL, 0); }

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
    if (rc)
        return rc;
    static char *const all[] = {"*"};
    return write_marker(real, kind, all, 1);
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

int fg_tmpdir_create(const char *prefix, fg_tmpdir **out)
{
    *out = NULL;
    const char *base = getenv("TMPDIR");
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
