/* The Yosys driver of `fecforge area` (cli_yosys.h): runs `synth -top TOP` on a generated design,
 * hierarchically (each distinct module once) or flat (-flatten), and reads its cell statistics
 * (`stat -json`, Yosys's own format). */
#include "cli_yosys.h"

#include "cli.h"
#include "cli_verilator.h"
#include "fecforge/error.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- Yosys stat -json reader --------------------------------------------------------------------
 * Reads the "design" object of `stat -json` (num_cells, num_memory_bits and num_cells_by_type, the
 * totals over the hierarchy) and the same fields of each object of "modules". The format is Yosys's own
 * (flat objects of integers and one object of "type": count); Yosys 0.23 also prints its hierarchy as
 * plain text between "modules" and "design", which the reader skips. */

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    return p;
}

/* A JSON string at p (after whitespace) into out; returns the position after it or NULL. */
static const char *json_string(const char *p, char *out, size_t n)
{
    p = skip_ws(p);
    if (*p != '"')
        return NULL;
    size_t k = 0;
    for (p++; *p && *p != '"'; p++) {
        char c = *p;
        if (c == '\\') {
            p++;
            if (!*p)
                return NULL;
            c = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p; /* \" \\ \/ and the rest as themselves */
        }
        if (k + 1 < n)
            out[k++] = c;
    }
    if (*p != '"')
        return NULL;
    out[k] = 0;
    return p + 1;
}

/* The integer value of key (e.g. "num_cells") in the object starting at obj, before its end. */
static int json_key_long(const char *obj, const char *end, const char *key, long *v)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(obj, pat);
    if (!p || p >= end)
        return -1;
    char *e;
    *v = strtol(p + strlen(pat), &e, 10);
    return e == p + strlen(pat) ? -1 : 0;
}

/* End of the {...} object that starts at p ('{'), strings skipped. */
static const char *json_object_end(const char *p)
{
    int depth = 0;
    char tmp[8];
    while (*p) {
        if (*p == '"') {
            p = json_string(p, tmp, sizeof tmp);
            if (!p)
                return NULL;
            continue;
        }
        if (*p == '{')
            depth++;
        else if (*p == '}' && --depth == 0)
            return p;
        p++;
    }
    return NULL;
}

/* One statistics object (obj at its '{', end at its '}'): cells, memory bits, cells by type. */
static int stat_object(const char *obj, const char *end, fg_cli_yosys_stat *s)
{
    if (json_key_long(obj, end, "num_cells", &s->cells) || json_key_long(obj, end, "num_memory_bits", &s->mem_bits))
        return -1;
    const char *t = strstr(obj, "\"num_cells_by_type\":");
    if (!t || t > end)
        return 0; /* an empty module has no cells */
    const char *p = skip_ws(t + strlen("\"num_cells_by_type\":"));
    if (*p != '{')
        return -1;
    p = skip_ws(p + 1);
    while (*p != '}') {
        if (s->ntypes >= FG_CLI_YOSYS_TYPES_MAX)
            return -1;
        p = json_string(p, s->type[s->ntypes], FG_CLI_YOSYS_TYPE_LEN);
        if (!p || *(p = skip_ws(p)) != ':')
            return -1;
        char *e;
        s->count[s->ntypes] = strtol(p + 1, &e, 10);
        if (e == p + 1)
            return -1;
        s->ntypes++;
        p = skip_ws(e);
        if (*p == ',')
            p = skip_ws(p + 1);
        else if (*p != '}')
            return -1;
    }
    return 0;
}

/* The "design" object of `stat -json` (the totals over the hierarchy) and the creator line. */
static int stat_parse(const char *text, fg_cli_yosys_stat *s)
{
    memset(s, 0, sizeof *s);
    const char *c = strstr(text, "\"creator\":");
    if (c && !json_string(c + 10, s->creator, sizeof s->creator))
        return -1;
    const char *d = strstr(text, "\"design\":");
    if (!d || !(d = strchr(d, '{')))
        return -1;
    const char *end = json_object_end(d);
    return end ? stat_object(d, end, s) : -1;
}

/* A cell type names module `name`: Yosys lists a plain module as \NAME and its instances' type as NAME. */
static int same_module(const char *type, const char *name)
{
    return !strcmp(type, name) || (name[0] == '\\' && !strcmp(type, name + 1));
}

/* The "modules" object of `stat -json`: every module's own statistics, in r->modules (top first). */
static int stat_modules(const char *text, const char *top, fg_cli_yosys_result *r)
{
    const char *p = strstr(text, "\"modules\":");
    if (!p || *(p = skip_ws(p + strlen("\"modules\":"))) != '{')
        return -1;
    int cap = 0;
    for (p = skip_ws(p + 1); *p != '}'; p = skip_ws(p)) {
        if (r->nmodules == cap) {
            cap = cap ? 2 * cap : 16;
            fg_cli_yosys_module *m = realloc(r->modules, (size_t)cap * sizeof *m);
            if (!m)
                return -1;
            r->modules = m;
        }
        fg_cli_yosys_module *m = &r->modules[r->nmodules];
        memset(m, 0, sizeof *m);
        p = json_string(p, m->name, sizeof m->name);
        if (!p || *(p = skip_ws(p)) != ':' || *(p = skip_ws(p + 1)) != '{')
            return -1;
        const char *end = json_object_end(p);
        if (!end || stat_object(p, end, &m->st))
            return -1;
        if (m->name[0] == '\\' && !strcmp(m->name + 1, top) && r->nmodules > 0) { /* the top first */
            const fg_cli_yosys_module t = *m;
            memmove(&r->modules[1], &r->modules[0], (size_t)r->nmodules * sizeof *m);
            r->modules[0] = t;
        }
        r->nmodules++;
        p = skip_ws(end + 1);
        if (*p == ',')
            p++;
    }
    /* Instances: 1 for the top, plus every parent's instances times its cells of the module's name. Each
     * pass settles one more level of the hierarchy. */
    for (int pass = 0; pass < r->nmodules; pass++)
        for (int i = 0; i < r->nmodules; i++) {
            long n = i == 0;
            for (int k = 0; k < r->nmodules; k++)
                for (int t = 0; t < r->modules[k].st.ntypes; t++)
                    if (same_module(r->modules[k].st.type[t], r->modules[i].name))
                        n += r->modules[k].st.count[t] * r->modules[k].instances;
            r->modules[i].instances = n;
        }
    return 0;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n + 1 < cap)
            break;
        char *b = realloc(buf, cap *= 2);
        if (!b) {
            free(buf);
            buf = NULL;
        } else {
            buf = b;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

/* ---- running Yosys ------------------------------------------------------------------------------ */

/* The yosys executable: $FG_YOSYS if set, else "yosys" found on PATH. NULL if none. */
const char *fg_cli_yosys_find(char *buf, size_t n)
{
    const char *env = getenv("FG_YOSYS");
    if (env && *env) {
        snprintf(buf, n, "%s", env);
        return access(buf, X_OK) == 0 ? buf : NULL;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        size_t len = strcspn(path, ":");
        if (len > 0 && (int)len < (int)n - 7) {
            snprintf(buf, n, "%.*s/yosys", (int)len, path);
            if (access(buf, X_OK) == 0)
                return buf;
        }
        path += len;
        if (*path == ':')
            path++;
    }
    return NULL;
}

/* The pass Yosys is in: the last "Executing X pass" line of its log (for the progress line). */
static void current_pass(const char *log, char *out, size_t n)
{
    out[0] = 0;
    FILE *f = fopen(log, "rb");
    if (!f)
        return;
    char tail[8192];
    long size = (fseek(f, 0, SEEK_END) == 0) ? ftell(f) : 0;
    long from = size > (long)sizeof tail - 1 ? size - (long)sizeof tail + 1 : 0;
    fseek(f, from, SEEK_SET);
    size_t got = fread(tail, 1, sizeof tail - 1, f);
    fclose(f);
    tail[got] = 0;
    const char *p = tail, *last = NULL;
    while ((p = strstr(p, "Executing ")))
        last = p++;
    if (last) {
        last += strlen("Executing ");
        size_t k = strcspn(last, " \n(");
        snprintf(out, n, "%.*s", (int)(k < 40 ? k : 40), last);
    }
}

/* Print the last lines of a file to stderr. */
static void print_tail(const char *path, int lines)
{
    char *t = read_text(path);
    if (!t)
        return;
    size_t n = strlen(t);
    while (n > 0 && t[n - 1] == '\n')
        t[--n] = 0;
    const char *p = t + n;
    int seen = 0;
    while (p > t && seen < lines)
        if (*--p == '\n')
            seen++;
    if (*p == '\n')
        p++;
    fprintf(stderr, "%s\n", p);
    free(t);
}

typedef struct {
    const char *cmd, *log, *top;
} yosys_tick;

/* Progress while Yosys runs: the seconds and the pass it is in. */
static void on_yosys_tick(void *ctx, double el)
{
    const yosys_tick *t = ctx;
    if (el < 2.0)
        return;
    char pass[48];
    current_pass(t->log, pass, sizeof pass);
    fg_cli_progress_text(0, "fecforge %s: yosys synthesizing %s: %.0f s%s%s", t->cmd, t->top, el, pass[0] ? ", " : "", pass);
}

/* Run `yosys -q -l yosys.log -s area.ys` in dir; progress on stderr while it runs. Yosys's stdout is in
 * its log (-l); its ERROR line goes to stderr, kept in yosys.stderr. Returns 0 on success, else prints
 * the failure (with the log's last lines) and returns -1. */
static int run_yosys(const char *cmd, const char *yosys, const char *dir, const char *top, double *seconds)
{
    char log[PATH_MAX + 64];
    snprintf(log, sizeof log, "%s/yosys.log", dir);
    const double t0 = fg_cli_now();
    char *argv[] = {(char *)yosys, "-q", "-l", "yosys.log", "-s", "area.ys", NULL};
    yosys_tick tk = {cmd, log, top};
    const fg_cli_proc p = {.cwd = dir, .stdout_path = "/dev/null", .stderr_path = "yosys.stderr",
                           .tick = on_yosys_tick, .tick_ctx = &tk};
    const int st = fg_cli_run(argv, &p);
    fg_cli_progress_done();
    *seconds = fg_cli_now() - t0;
    if (st == 0)
        return 0;
    if (st == 127 || st < 0) {
        fg_cli_fail(cmd, "cannot run %s (install the Debian package yosys, or set FG_YOSYS)", yosys);
        return -1;
    }
    if (st > 128)
        fg_cli_fail(cmd, "yosys killed by signal %d on %s; last lines of %s:", st - 128, top, log);
    else
        fg_cli_fail(cmd, "yosys failed (exit %d) on %s; last lines of %s:", st, top, log);
    print_tail(log, 12);
    char err[PATH_MAX + 64];
    snprintf(err, sizeof err, "%s/yosys.stderr", dir);
    print_tail(err, 5);
    return -1;
}

/* Write area.ys for the design in dir (the files of its checked files.f, top). SRAM models (fg_sram_*) become
 * black boxes. */
static int write_script(const char *cmd, const char *dir, const char *top, int flatten, int *has_macros)
{
    char path[PATH_MAX + 64];
    fg_cli_vl_list l;
    if (fg_cli_vl_list_read(dir, &l))
        return fg_cli_fail(cmd, "%s", fg_last_error()), -1;
    snprintf(path, sizeof path, "%s/area.ys", dir);
    FILE *out = fopen(path, "w");
    if (!out) {
        fg_cli_vl_list_free(&l);
        return fg_cli_fail(cmd, "cannot write %s: %s", path, strerror(errno)), -1;
    }
    fprintf(out, "# fecforge %s %s (git %s): Yosys script\n", cmd, fg_version(), fg_git_hash());
    *has_macros = 0;
    for (int i = 0; i < l.n; i++) {
        fprintf(out, "read_verilog \"%s\"\n", l.names[i]);
        if (!strncmp(l.names[i], "fg_sram_", 8))
            *has_macros = 1;
    }
    fg_cli_vl_list_free(&l);
    /* arrays_all: every memory array; arrays_reg: those left once the SRAM models are black boxes. */
    fprintf(out,
            "hierarchy -check -top %s\n"
            "proc\n"
            "tee -q -o arrays_all.json stat -json -top %s\n",
            top, top);
    if (*has_macros)
        fprintf(out, "blackbox =*fg_sram_*\n");
    /* Without -flatten every module (each parameter set of it) is optimised and mapped once, however
     * often it is instantiated; stat -top counts each instance. */
    fprintf(out,
            "tee -q -o arrays_reg.json stat -json -top %s\n"
            "synth -top %s%s\n"
            "tee -q -o stat.json stat -json -top %s\n",
            top, top, flatten ? " -flatten" : "", top);
    if (fclose(out) != 0)
        return fg_cli_fail(cmd, "cannot write %s", path), -1;
    return 0;
}

/* Read DIR/NAME (stat -json) into s; with r, also its modules into r. */
static int read_stat(const char *cmd, const char *dir, const char *name, const char *top, fg_cli_yosys_stat *s,
                     fg_cli_yosys_result *r)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *t = read_text(path);
    if (!t)
        return fg_cli_fail(cmd, "yosys wrote no %s", path), -1;
    int rc = stat_parse(t, s);
    if (!rc && r)
        rc = stat_modules(t, top, r);
    free(t);
    if (rc)
        return fg_cli_fail(cmd, "cannot parse %s (yosys stat -json)", path), -1;
    return 0;
}

int fg_cli_yosys(const char *cmd, const char *yosys, const char *dir, const char *top, int flatten,
                 fg_cli_yosys_result *r)
{
    int macros;
    memset(r, 0, sizeof *r);
    r->flatten = flatten;
    if (write_script(cmd, dir, top, flatten, &macros) || run_yosys(cmd, yosys, dir, top, &r->seconds))
        return FG_EXIT_FAIL;
    fg_cli_yosys_stat *all = calloc(1, sizeof *all);
    fg_cli_yosys_result pre = {0}; /* before synthesis: every module, the SRAM models with their memories */
    if (!all)
        return fg_cli_fail(cmd, "out of memory");
    int rc = read_stat(cmd, dir, "arrays_all.json", top, all, flatten ? NULL : &pre) ||
             read_stat(cmd, dir, "arrays_reg.json", top, &r->st, NULL);
    r->mem_bits_all = all->mem_bits;
    r->mem_bits_reg = r->st.mem_bits;
    free(all);
    for (int i = 0; i < pre.nmodules && !rc; i++) {
        if (!strstr(pre.modules[i].name, "fg_sram_"))
            continue;
        fg_cli_yosys_sram *m = realloc(r->sram, (size_t)(r->nsram + 1) * sizeof *m);
        if (!m) {
            rc = fg_cli_fail(cmd, "out of memory");
            break;
        }
        r->sram = m;
        const char *nm = pre.modules[i].name;
        snprintf(m[r->nsram].name, sizeof m->name, "%s", nm[0] == '\\' ? nm + 1 : nm); /* as its cells' type */
        m[r->nsram++].bits = pre.modules[i].st.mem_bits;
    }
    fg_cli_yosys_free(&pre);
    if (rc || read_stat(cmd, dir, "stat.json", top, &r->st, r))
        return FG_EXIT_FAIL;
    snprintf(r->version, sizeof r->version, "%s", r->st.creator);
    return 0;
}

void fg_cli_yosys_free(fg_cli_yosys_result *r)
{
    free(r->modules);
    r->modules = NULL;
    r->nmodules = 0;
    free(r->sram);
    r->sram = NULL;
    r->nsram = 0;
}
