/* The paths of one command line, identified before anything is written (cli.h, docs/architecture.md
 * "Outputs"): an output that is an input or another output, or that holds one, is refused naming both
 * options. */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CLAIMS_MAX = 64 };

typedef struct {
    char opt[48];        /* "--in", "-o", "argument 2" */
    char shown[128];     /* the path as given, shortened for messages */
    char canon[PATH_MAX];
    int kind;            /* fg_cli_path_kind */
    int exists;          /* stat succeeded: dev and ino identify it */
    dev_t dev;
    ino_t ino;
    int is_dir;
    int std;             /* 1: standard input ("-" as an input), 2: standard output ("-" or the same file) */
    int fifo;            /* an output that is a FIFO */
} claim;

static claim claims[CLAIMS_MAX];
static int n_claims;

void fg_cli_claims_reset(void) { n_claims = 0; }

void fg_cli_claims_end(int failed)
{
    for (int i = 0; failed && i < n_claims; i++)
        if (claims[i].fifo) { /* a reader waiting there gets its end of file, as after a shell's redirection */
            const int fd = open(claims[i].canon, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
            if (fd >= 0)
                close(fd);
        }
    n_claims = 0;
}

static int is_dev_null(const struct stat *st)
{
    struct stat nul;
    return S_ISCHR(st->st_mode) && stat("/dev/null", &nul) == 0 && st->st_rdev == nul.st_rdev;
}

static int same_as_fd(const struct stat *st, int fd)
{
    struct stat f;
    return fstat(fd, &f) == 0 && f.st_dev == st->st_dev && f.st_ino == st->st_ino && !is_dev_null(st);
}

/* a lies in the directory b (or is it) */
static int inside(const claim *a, const claim *b)
{
    const size_t n = strlen(b->canon);
    return !strncmp(a->canon, b->canon, n) && (a->canon[n] == '/' || a->canon[n] == '\0' || !strcmp(b->canon, "/"));
}

static int same(const claim *a, const claim *b)
{
    if (a->std || b->std)
        return a->std == b->std;
    if (a->exists && b->exists)
        return a->dev == b->dev && a->ino == b->ino;
    return !strcmp(a->canon, b->canon);
}

static int is_out(const claim *c) { return c->kind == FG_CLI_PATH_OUT || c->kind == FG_CLI_PATH_OUTDIR; }

/* Why the claims a (new) and b (earlier) clash, or NULL. */
static const char *clash(const claim *a, const claim *b)
{
    if (!is_out(a) && !is_out(b))
        return a->std && a->std == b->std ? "both read standard input" : NULL;
    if (same(a, b))
        return a->std == 2 ? "both write standard output" : "name the same file";
    if (a->std || b->std)
        return NULL;
    const claim *dir_a = a->kind == FG_CLI_PATH_OUTDIR || (!is_out(a) && a->is_dir) ? a : NULL;
    const claim *dir_b = b->kind == FG_CLI_PATH_OUTDIR || (!is_out(b) && b->is_dir) ? b : NULL;
    if (dir_b && inside(a, b))
        return "are one inside the other";
    if (dir_a && inside(b, a))
        return "are one inside the other";
    return NULL;
}

int fg_cli_claim(const char *cmd, const char *opt, const char *path, int kind)
{
    if (!path || !*path)
        return 0;
    claim c = {.kind = kind};
    snprintf(c.opt, sizeof c.opt, "%s", opt);
    snprintf(c.shown, sizeof c.shown, "%s", path);
    const int out = kind == FG_CLI_PATH_OUT || kind == FG_CLI_PATH_OUTDIR;
    struct stat st;
    if (!strcmp(path, "-"))
        c.std = out ? 2 : 1;
    else if (stat(path, &st) == 0) {
        c.exists = 1;
        c.dev = st.st_dev;
        c.ino = st.st_ino;
        c.is_dir = S_ISDIR(st.st_mode);
        c.fifo = out && S_ISFIFO(st.st_mode);
        if (is_dev_null(&st))
            return 0; /* written and read any number of times */
        if (out && same_as_fd(&st, STDOUT_FILENO))
            c.std = 2;
    } else if (!out)
        return 0; /* an input that does not exist is the reader's error */
    if (!c.std && fg_path_canonical(path, c.canon))
        return 0; /* a path that cannot be resolved is the opener's error */
    for (int i = 0; i < n_claims; i++) {
        const char *why = clash(&c, &claims[i]);
        if (why)
            return fg_cli_usage_error(cmd, "%s %s and %s %s %s: %s", claims[i].opt, claims[i].shown, c.opt, c.shown,
                                      why,
                                      !is_out(&c) && !is_out(&claims[i]) ? "it can be read once"
                                      : is_out(&c) && is_out(&claims[i]) ? "refusing to write one over the other"
                                                                          : "refusing to overwrite an input");
    }
    if (n_claims == CLAIMS_MAX)
        return fg_cli_usage_error(cmd, "more than %d file arguments", CLAIMS_MAX);
    claims[n_claims++] = c;
    return 0;
}
