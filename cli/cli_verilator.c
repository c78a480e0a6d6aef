/* The Verilator driver of `fecforge verify` (cli_verilator.h): the work directory, the harness sources
 * (embedded), the binding of a generated design's ports, the Verilator builds of the vector harness and
 * of the SystemC co-simulation, and their runs. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli_verilator.h"

#include "cli.h"
#include "cli_embed.h"
#include "fecforge/error.h"
#include "fecforge/input.h"
#include "fecforge/vectors.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const CMD = "verify";

/* Paths derived from the work directory: its length is checked once (at most PATH_MAX - 512), so
 * the derived names cannot be truncated; vsnprintf keeps the compiler's truncation analysis off. */
void fg_cli_pathf(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

/* ---- paths of the library the harness links with ---- */

/* Where the harness's headers and libraries are: the build tree this command was built in, else
 * the installation the command sits in (<prefix>/bin/fecforge -> <prefix>/include, <prefix>/lib). */
typedef struct {
    char inc[PATH_MAX], lib[PATH_MAX];         /* libfecforge */
    char gen_inc[PATH_MAX], gen_lib[PATH_MAX]; /* libfecforge_gen (SystemC co-simulation) */
} fg_libs;

static int find_library(fg_libs *l)
{
    if (access(FG_CLI_BUILD_LIB, R_OK) == 0 && access(FG_CLI_BUILD_INCLUDE "/fecforge/vectors.h", R_OK) == 0 &&
        access(FG_CLI_BUILD_GEN_LIB, R_OK) == 0) {
        fg_cli_pathf(l->inc, sizeof l->inc, "%s", FG_CLI_BUILD_INCLUDE);
        fg_cli_pathf(l->lib, sizeof l->lib, "%s", FG_CLI_BUILD_LIB);
        fg_cli_pathf(l->gen_inc, sizeof l->gen_inc, "%s", FG_CLI_BUILD_GEN_INCLUDE);
        fg_cli_pathf(l->gen_lib, sizeof l->gen_lib, "%s", FG_CLI_BUILD_GEN_LIB);
        return 0;
    }
    char exe[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0 && n < PATH_MAX - 512) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0; /* <prefix>/bin */
            fg_cli_pathf(l->inc, sizeof l->inc, "%s/../include", exe);
            fg_cli_pathf(l->gen_inc, sizeof l->gen_inc, "%s/../include", exe);
            fg_cli_pathf(l->lib, sizeof l->lib, "%s/../%s/libfecforge.a", exe, FG_CLI_INSTALL_LIBDIR);
            fg_cli_pathf(l->gen_lib, sizeof l->gen_lib, "%s/../%s/libfecforge_gen.a", exe, FG_CLI_INSTALL_LIBDIR);
            char probe[PATH_MAX + 32];
            fg_cli_pathf(probe, sizeof probe, "%s/fecforge/vectors.h", l->inc);
            if (access(probe, R_OK) == 0 && access(l->lib, R_OK) == 0 && access(l->gen_lib, R_OK) == 0)
                return 0;
        }
    }
    return fg_cli_fail(CMD, "libfecforge (headers, libfecforge.a, libfecforge_gen.a) not found next to this "
                            "command: run it from its build tree or install it (cmake --install)");
}

static void on_run_tick(void *argv0, double el)
{
    if (el < 2.0)
        return;
    const char *slash = strrchr(argv0, '/');
    fg_cli_progress_text(0, "fecforge verify: %s running: %.0f s", slash ? slash + 1 : (const char *)argv0, el);
}

/* Run argv in directory cwd (NULL: here) with stdout and stderr appended to log (NULL: ours);
 * returns the exit status (128 + signal if killed, -1 if it could not run). */
int fg_cli_vl_run(const char *cwd, char *const argv[], const char *log)
{
    /* into a log: a progress line (plain: every FG_CLI_PROGRESS_PLAIN_S) while it runs; a build takes minutes */
    const fg_cli_proc p = {.cwd = cwd, .stdout_path = log, .stderr_path = log, .append = 1,
                           .tick = log ? on_run_tick : NULL, .tick_ctx = argv[0]};
    const int st = fg_cli_run(argv, &p);
    fg_cli_progress_done();
    return st;
}

/* The last lines of a log, to stderr. */
void fg_cli_vl_tail(const char *log, int lines)
{
    FILE *f = fopen(log, "r");
    if (!f)
        return;
    static char buf[1 << 16];
    fseek(f, 0, SEEK_END);
    const long size = ftell(f);
    const long from = size > (long)sizeof buf - 1 ? size - (long)sizeof buf + 1 : 0;
    fseek(f, from, SEEK_SET);
    const size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    const char *p = buf + n;
    for (int seen = 0; p > buf; p--)
        if (p[-1] == '\n' && ++seen > lines)
            break;
    fputs(p, stderr);
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return fg_cli_fail(CMD, "cannot write %s: %s", path, strerror(errno));
    const int ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok ? 0 : fg_cli_fail(CMD, "cannot write %s", path);
}

/* path (a directory that exists) made absolute in place: Verilator runs inside the RTL directory. */
int fg_cli_vl_absolute(char *path, size_t n)
{
    char abs[PATH_MAX];
    if (!realpath(path, abs))
        return errno == ENOENT ? fg_set_error(FG_EINVAL, "%s: no such file or directory", path)
                               : fg_set_error(FG_EINVAL, "%s: %s", path, strerror(errno));
    if (strlen(abs) >= n || strlen(abs) > PATH_MAX - 512)
        return fg_set_error(FG_EINVAL, "%s: path longer than %d characters", abs, PATH_MAX - 512);
    memcpy(path, abs, strlen(abs) + 1);
    return 0;
}

/* [A-Za-z_][A-Za-z0-9_]*: names from a manifest become C++ member names. */
/* [A-Za-z0-9], whatever the locale. */
static int ascii_alnum(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

static int identifier(const char *s)
{
    if (!*s || !(*s == '_' || (ascii_alnum(*s) && !(*s >= '0' && *s <= '9'))))
        return 0;
    for (; *s; s++)
        if (!(*s == '_' || ascii_alnum(*s)))
            return 0;
    return 1;
}

/* src for a message: printable ASCII as it is, anything else as '?' (a line of a user's file). */
static void printable(char *dst, size_t n, const char *src)
{
    size_t i = 0;
    for (; src[i] && i + 1 < n; i++)
        dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? src[i] : '?';
    dst[i] = 0;
}

/* A name of a file list: [A-Za-z0-9_][A-Za-z0-9_.-]* ending in .v, .sv or .vh. */
static int list_name_ok(const char *s)
{
    const size_t n = strlen(s);
    if (!n || n >= FG_CLI_VL_NAME_MAX || !(ascii_alnum(s[0]) || s[0] == '_'))
        return 0;
    for (const char *p = s; *p; p++)
        if (!(ascii_alnum(*p) || *p == '_' || *p == '.' || *p == '-'))
            return 0;
    const char *dot = strrchr(s, '.');
    return dot && (!strcmp(dot, ".v") || !strcmp(dot, ".sv") || !strcmp(dot, ".vh"));
}

void fg_cli_vl_list_free(fg_cli_vl_list *l)
{
    free(l->names);
    l->names = NULL;
    l->n = 0;
}

int fg_cli_vl_list_read(const char *dir, fg_cli_vl_list *l)
{
    memset(l, 0, sizeof *l);
    char list[PATH_MAX + 16], shown[64];
    fg_cli_pathf(list, sizeof list, "%s/files.f", dir);
    fg_in in;
    if (fg_in_open(&in, list, 0)) /* a regular file (a FIFO or device is refused, not read) */
        return FG_EINVAL;             /* (the message names it: missing, a FIFO, ...) */
    int rc = 0;
    char *line;
    size_t len;
    int got;
    while (!rc && (got = fg_in_line(&in, FG_CLI_VL_NAME_MAX - 1, &line, &len)) != 0) {
        if (got < 0) {
            rc = got;
            break;
        }
        const long no = (long)in.line;
        if (len && line[len - 1] == '\r')
            line[--len] = 0;
        if (!len)
            continue;
        printable(shown, sizeof shown, line);
        struct stat st;
        char path[PATH_MAX + 2 * FG_CLI_VL_NAME_MAX];
        fg_cli_pathf(path, sizeof path, "%s/%s", dir, line);
        if (!list_name_ok(line))
            rc = fg_set_error(FG_EINVAL, "%s line %ld: '%s' is not the plain name of a .v, .sv or .vh file of the "
                                         "directory (letters, digits, '_', '.', '-'; no '-', '+' or '.' first; no "
                                         "'/'): a file list names files, never options",
                              list, no, shown);
        else if (lstat(path, &st) || !S_ISREG(st.st_mode))
            rc = fg_set_error(FG_EINVAL, "%s line %ld: '%s' is not a regular file of %s", list, no, shown, dir);
        else {
            fg_cli_vl_name *nm = realloc(l->names, sizeof *nm * (size_t)(l->n + 1));
            if (!nm)
                rc = fg_set_error(FG_ENOMEM, "out of memory");
            else {
                l->names = nm;
                snprintf(nm[l->n++], sizeof *nm, "%s", line);
            }
        }
    }
    if (!rc && !l->n)
        rc = fg_set_error(FG_EINVAL, "%s names no Verilog file", list);
    fg_in_close(&in);
    if (rc)
        fg_cli_vl_list_free(l);
    return rc;
}

/* from to a new file to (mode), all of it: 0 or FG_EIO with the message. */
static int copy_file(const char *from, const char *to, mode_t mode)
{
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    int rc = 0;
    if (!in)
        rc = fg_set_error(FG_EIO, "cannot read %s: %s", from, strerror(errno));
    else if (!out || fg_cli_copy(in, out))
        rc = fg_set_error(FG_EIO, "cannot copy %s to %s", from, to);
    if (out && fclose(out) && !rc)
        rc = fg_set_error(FG_EIO, "cannot write %s", to);
    if (in)
        fclose(in);
    if (!rc && chmod(to, mode))
        rc = fg_set_error(FG_EIO, "cannot chmod %s: %s", to, strerror(errno));
    return rc;
}

/* The generator's manifest.json of an RTL directory, parsed. */
int fg_cli_vl_manifest(const char *rtl_dir, vj *doc)
{
    char mpath[PATH_MAX + 16];
    fg_cli_pathf(mpath, sizeof mpath, "%s/manifest.json", rtl_dir);
    FILE *f = fopen(mpath, "r");
    if (!f)
        return fg_set_error(FG_EINVAL, "cannot read %s: %s (not a `fecforge gen` output?)", mpath, strerror(errno));
    static char text[1 << 20];
    const size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char err[128];
    if (vj_parse(text, doc, err, sizeof err))
        return fg_set_error(FG_EINVAL, "%s: %s", mpath, err);
    const vj *t = vj_get(doc, "top"), *ports = vj_get(doc, "ports"), *d = vj_get(doc, "design");
    if (!t || t->t != VJ_STR || !ports || ports->t != VJ_ARR || !d || d->t != VJ_STR) {
        vj_free(doc);
        return fg_set_error(FG_EINVAL, "%s: no \"design\", \"top\" or \"ports\" (not a `fecforge gen` output?)",
                            mpath);
    }
    return 0;
}

/* The work directory: --work DIR (created if missing, emptied if an earlier verify work directory,
 * refused if anything else) or a new one under $TMPDIR (*td); absolute. */
int fg_cli_vl_work(const char *work_opt, char *work, size_t n, fg_tmpdir **td)
{
    *td = NULL;
    if (work_opt && strlen(work_opt) > PATH_MAX - 512)
        return fg_cli_usage_error(CMD, "--work: path longer than %d characters", PATH_MAX - 512);
    if (work_opt) {
        const int rc = fg_outdir_prepare(work_opt, "verify-work");
        if (rc)
            return fg_cli_outdir_error(CMD, "work", rc);
        snprintf(work, n, "%s", work_opt);
    } else {
        if (fg_tmpdir_create("fecforge-verify", td))
            return fg_cli_fail(CMD, "%s", fg_last_error());
        snprintf(work, n, "%s", fg_tmpdir_path(*td));
    }
    return fg_cli_vl_absolute(work, n) ? fg_cli_fail(CMD, "%s", fg_last_error()) : 0;
}

/* The design-specific part of a harness, from the generator's manifest.json: fg_tb_bind.cpp for the
 * vector harness (systemc 0) or fg_sc_bind.cpp for the SystemC co-simulation (systemc 1). */
static int write_binding(const char *rtl_dir, const char *path, int systemc, char *top, size_t top_n)
{
    vj doc;
    if (fg_cli_vl_manifest(rtl_dir, &doc))
        return fg_cli_fail(CMD, "%s", fg_last_error());
    const vj *t = vj_get(&doc, "top"), *ports = vj_get(&doc, "ports");
    int rc = 0;
    FILE *o = NULL;
    char mpath[PATH_MAX + 16];
    fg_cli_pathf(mpath, sizeof mpath, "%s/manifest.json", rtl_dir);
    snprintf(top, top_n, "%s", t->s);
    if (!identifier(t->s)) {
        rc = fg_cli_fail(CMD, "%s: top module name '%s' is not a Verilog identifier", mpath, t->s);
        goto done;
    }
    if (!(o = fopen(path, "w"))) {
        rc = fg_cli_fail(CMD, "cannot write %s: %s", path, strerror(errno));
        goto done;
    }
    if (systemc)
        fprintf(o,
                "// Generated by fecforge verify from the design's manifest.json: the ports of %s for the SystemC\n"
                "// co-simulation.\n"
                "#include \"V%s.h\"\n#include \"cosim_vectors.h\"\n\n"
                "namespace {\nclass Dut final : public fg_sc_dut {\npublic:\n"
                "    explicit Dut(sc_core::sc_clock &clk) : m_(\"dut\")\n    {\n        m_.clk_i(clk);\n",
                t->s, t->s);
    else
        fprintf(o,
                "// Generated by fecforge verify from the design's manifest.json: the ports of %s for the vector\n"
                "// harness.\n"
                "#include \"V%s.h\"\n#include \"tb_vectors.h\"\n#if VM_TRACE\n#include \"verilated_fst_c.h\"\n#endif\n\n"
                "#include <memory>\n\n"
                "namespace {\nclass Dut final : public fg_tb_dut {\npublic:\n"
                "    explicit Dut(VerilatedContext *ctx) : m_(ctx)\n    {\n",
                t->s, t->s);
    for (int i = 0; i < ports->n; i++) {
        const vj *p = &ports->items[i], *name = vj_get(p, "name"), *dir = vj_get(p, "direction"),
                 *w = vj_get(p, "width");
        if (!name || name->t != VJ_STR || !identifier(name->s) || !dir || dir->t != VJ_STR || !w || !w->is_int) {
            rc = fg_cli_fail(CMD, "%s: port %d lacks name, direction or width", mpath, i);
            goto done;
        }
        if (systemc && !strcmp(name->s, "clk_i"))
            continue; /* bound to the clock above */
        fprintf(o, "        %s(\"%s\", %s, %lld, m_.%s);\n", systemc ? "bind_port" : "add", name->s,
                strcmp(dir->s, "output") ? "false" : "true", w->i, name->s);
    }
    if (systemc)
        fprintf(o,
                "    }\n\nprivate:\n    V%s m_;\n};\n} // namespace\n\n"
                "fg_sc_dut *fg_sc_make_dut(sc_core::sc_clock &clk) { return new Dut(clk); }\n",
                t->s);
    else
        fprintf(o,
                "    }\n    void eval() override { m_.eval(); }\n    void final() override { m_.final(); }\n"
                "#if VM_TRACE\n"
                "    bool traced() const override { return true; }\n"
                "    void trace_open(const char *path) override\n    {\n"
                "        tr_ = std::make_unique<VerilatedFstC>();\n        m_.trace(tr_.get(), 99);\n"
                "        tr_->open(path);\n    }\n"
                "    void trace_dump(uint64_t time) override\n    {\n        if (tr_)\n            tr_->dump(time);\n    }\n"
                "    void trace_close() override\n    {\n        if (tr_)\n            tr_->close();\n        tr_.reset();\n"
                "    }\n#endif\n\nprivate:\n    V%s m_;\n"
                "#if VM_TRACE\n    std::unique_ptr<VerilatedFstC> tr_;\n#endif\n};\n} // namespace\n\n"
                "fg_tb_dut *fg_tb_make_dut(VerilatedContext *ctx) { return new Dut(ctx); }\n",
                t->s);
done:
    if (o && fclose(o) != 0 && !rc)
        rc = fg_cli_fail(CMD, "cannot write %s", path);
    vj_free(&doc);
    return rc;
}

/* The embedded harness sources into tb = work/tb (tb/vecsim, tb/systemc). */
static int write_sources(const char *work, char *tb, size_t tb_n)
{
    fg_cli_pathf(tb, tb_n, "%s/tb", work);
    if (mkdir(tb, 0755) && errno != EEXIST)
        return fg_cli_fail(CMD, "cannot create %s: %s", tb, strerror(errno));
    const char *dir = tb;
    char path[PATH_MAX + 128];
    for (const fg_cli_embedded *e = fg_cli_tb_sources; e->name; e++) {
        fg_cli_pathf(path, sizeof path, "%s/%s", dir, e->name);
        char *slash = strrchr(path, '/');
        *slash = 0;
        if (mkdir(path, 0755) && errno != EEXIST)
            return fg_cli_fail(CMD, "cannot create %s: %s", path, strerror(errno));
        *slash = '/';
        if (write_text(path, e->text))
            return FG_EXIT_FAIL;
    }
    return 0;
}

/* Run a Verilator build in the RTL directory; on failure the last lines of its log (hint: what else
 * the build needs, "" for nothing). */
static int run_verilator(const char *rtl, char *const argv[], const char *log, const char *hint)
{
    const int st = fg_cli_vl_run(rtl, argv, log);
    if (st == 0)
        return 0;
    fprintf(stderr, "fecforge verify: the Verilator build failed (exit %d%s); last lines of %s:\n", st, hint, log);
    fg_cli_vl_tail(log, 25);
    return FG_CLI_VL_BUILD_FAILED;
}

/* The libraries and headers of the harness as links in work (lib/, include/, gen-include/): the Verilator
 * build then names nothing outside work and everything by a path relative to it, so no path of the user
 * (work directory, source tree) reaches the Makefile or the shell that Verilator's make runs. */
static int link_libraries(const char *work)
{
    static fg_libs libs;
    if (find_library(&libs))
        return FG_EXIT_FAIL;
    char dir[PATH_MAX + 8], link[PATH_MAX + 64];
    fg_cli_pathf(dir, sizeof dir, "%s/lib", work);
    if (mkdir(dir, 0777) && errno != EEXIST)
        return fg_cli_fail(CMD, "cannot create %s: %s", dir, strerror(errno));
    const struct {
        const char *name, *target;
    } links[] = {{"lib/libfecforge.a", libs.lib},
                 {"lib/libfecforge_gen.a", libs.gen_lib},
                 {"include", libs.inc},
                 {"gen-include", libs.gen_inc}};
    for (size_t i = 0; i < sizeof links / sizeof *links; i++) {
        fg_cli_pathf(link, sizeof link, "%s/%s", work, links[i].name);
        unlink(link);
        if (symlink(links[i].target, link))
            return fg_cli_fail(CMD, "cannot create the link %s: %s", link, strerror(errno));
    }
    return 0;
}

/* ---- where Verilator builds ----
 * Verilator's make refuses a directory whose path has a blank ("GNU Make cannot build in directories
 * containing spaces"), and make splits or expands a few other characters. A work directory whose absolute
 * path has any character but [A-Za-z0-9_./+-] is therefore built in a private directory B under $TMPDIR
 * (/tmp when $TMPDIR has such a character too): B/rtl holds links to the checked files of work/rtl, B/tb
 * is a link to work/tb, B/lib and B/include the libraries; the build's product (obj/tb, obj-trace/tb or
 * sc-obj/cosim) is copied into the work directory and B removed. The logs are written in the work
 * directory in every case. */
typedef struct {
    char root[PATH_MAX]; /* the work directory, or B */
    fg_tmpdir *td;       /* B, or NULL */
} vl_build;

static int make_safe(const char *p)
{
    for (; *p; p++)
        if (!(ascii_alnum(*p) || strchr("_./+-", *p)))
            return 0;
    return 1;
}

/* A private directory whose path make takes: fg_tmpdir_create under $TMPDIR, or under /tmp. */
static int safe_tmpdir(fg_tmpdir **td)
{
    const char *env = getenv("TMPDIR");
    int rc = fg_tmpdir_create_in(env && *env && !make_safe(env) ? "/tmp" : NULL, "fecforge-build", td);
    if (!rc && !make_safe(fg_tmpdir_path(*td))) {
        fg_tmpdir_release(*td, 0);
        *td = NULL;
        rc = fg_set_error(FG_EINVAL, "no temporary directory without blanks for the Verilator build");
    }
    return rc;
}

/* b->root for a build of work/rtl (its file list checked) with the libraries and work/tb. */
static int build_begin(const char *work, vl_build *b)
{
    memset(b, 0, sizeof *b);
    char rtl[PATH_MAX + 8], from[PATH_MAX + 2 * FG_CLI_VL_NAME_MAX], to[PATH_MAX + 2 * FG_CLI_VL_NAME_MAX];
    fg_cli_pathf(rtl, sizeof rtl, "%s/rtl", work);
    fg_cli_vl_list l;
    if (fg_cli_vl_list_read(rtl, &l))
        return fg_cli_fail(CMD, "%s", fg_last_error());
    int rc = 0;
    if (make_safe(work))
        fg_cli_pathf(b->root, sizeof b->root, "%s", work);
    else if (safe_tmpdir(&b->td))
        rc = fg_cli_fail(CMD, "%s", fg_last_error());
    else {
        fg_cli_pathf(b->root, sizeof b->root, "%s", fg_tmpdir_path(b->td));
        fprintf(stderr, "fecforge verify: %s has characters make cannot take: building in %s\n", work, b->root);
        fg_cli_pathf(to, sizeof to, "%s/rtl", b->root);
        if (mkdir(to, 0700))
            rc = fg_cli_fail(CMD, "cannot create %s: %s", to, strerror(errno));
        for (int i = -2; i < l.n && !rc; i++) { /* B/tb, B/rtl/files.f, B/rtl/NAME: links into work */
            if (i == -2) {
                fg_cli_pathf(from, sizeof from, "%s/tb", work);
                fg_cli_pathf(to, sizeof to, "%s/tb", b->root);
            } else {
                const char *name = i < 0 ? "files.f" : l.names[i];
                fg_cli_pathf(from, sizeof from, "%s/%s", rtl, name);
                fg_cli_pathf(to, sizeof to, "%s/rtl/%s", b->root, name);
            }
            if (symlink(from, to))
                rc = fg_cli_fail(CMD, "cannot create the link %s: %s", to, strerror(errno));
        }
    }
    fg_cli_vl_list_free(&l);
    if (!rc && link_libraries(b->root))
        rc = FG_EXIT_FAIL;
    if (rc) {
        fg_tmpdir_release(b->td, 0);
        b->td = NULL;
    }
    return rc;
}

/* After the build (ok: it succeeded): its product product ("obj/tb") into the work directory; B removed. */
static int build_end(vl_build *b, const char *work, const char *product, int ok)
{
    int rc = 0;
    if (b->td && ok) {
        char from[PATH_MAX + 64], to[PATH_MAX + 64];
        fg_cli_pathf(to, sizeof to, "%s/%s", work, product);
        char *slash = strrchr(to, '/');
        *slash = 0;
        if (mkdir(to, 0777) && errno != EEXIST)
            rc = fg_cli_fail(CMD, "cannot create %s: %s", to, strerror(errno));
        *slash = '/';
        fg_cli_pathf(from, sizeof from, "%s/%s", b->root, product);
        if (!rc && copy_file(from, to, 0755))
            rc = fg_cli_fail(CMD, "%s", fg_last_error());
    }
    fg_tmpdir_release(b->td, 0);
    b->td = NULL;
    return rc;
}

long long fg_cli_vl_set_cycles(const char *dir)
{
    fg_vec_set *v = NULL;
    long long c = FG_CLI_VL_SHORT_RUN;
    if (!fg_vec_open(dir, &v) && fg_vec_get_count(v, "trace_cycles", &c))
        c = FG_CLI_VL_SHORT_RUN;
    fg_vec_close(v);
    return c;
}

long long fg_cli_vl_sets_cycles(const fg_cli_vl_set *s, int n)
{
    long long c = 0;
    for (int i = 0; i < n; i++)
        c += fg_cli_vl_set_cycles(s[i].dir);
    return c;
}

/* Verilator's make flags for a run of that many cycles (FG_CLI_VL_SHORT_RUN), with a word for the
 * progress line. With ccache on PATH every compilation goes through it (Verilator's OBJCACHE): the
 * Verilator runtime and the harness are the same C++ in every build, and a design built before is
 * not compiled again (CCACHE_DISABLE=1 turns it off). */
static const char *make_flags(long long cycles, const char **word)
{
    const int fast_build = cycles < FG_CLI_VL_SHORT_RUN, cache = fg_cli_have_program("ccache");
    /* Never empty: Verilator rejects "-MAKEFLAGS ''". -Os is Verilator's own default, spelled out. */
    static const char *const flags[2][2] = {{"OPT_FAST=-Os OPT_GLOBAL=-Os", "OPT_FAST=-Os OPT_GLOBAL=-Os OBJCACHE=ccache"},
                                            {"OPT_FAST=-O0 OPT_GLOBAL=-O0", "OPT_FAST=-O0 OPT_GLOBAL=-O0 OBJCACHE=ccache"}};
    static const char *const words[2][2] = {{"C++ -Os", "C++ -Os, ccache"},
                                            {"C++ -O0: a short run", "C++ -O0: a short run, ccache"}};
    *word = words[fast_build][cache];
    return flags[fast_build][cache];
}

/* Verilate the design in work/rtl (its files.f and manifest.json) with the harness into work/obj/tb,
 * or with --trace-fst into work/obj-trace/tb (sources in work/tb, log work/verilator[-trace].log).
 * Paths are relative to work/rtl and work/obj alike. */
int fg_cli_vl_harness(const char *work, int jobs, long long cycles, int trace, char *top, size_t top_n)
{
    char tb[PATH_MAX + 8], path[PATH_MAX + 64], log[PATH_MAX + 32], rtl[PATH_MAX + 8];
    fg_cli_pathf(rtl, sizeof rtl, "%s/rtl", work);
    if (write_sources(work, tb, sizeof tb))
        return FG_EXIT_FAIL;
    fg_cli_pathf(path, sizeof path, "%s/fg_tb_bind.cpp", tb);
    if (write_binding(rtl, path, 0, top, top_n))
        return FG_EXIT_FAIL;
    vl_build b;
    if (build_begin(work, &b))
        return FG_EXIT_FAIL;
    char ldflags[128], jobs_s[16], prefix[300], cwd[PATH_MAX + 8];
    /* A sanitized libfecforge needs the sanitizer runtime at link time only: the Verilated C++ is
     * not ours, and compiling its hundreds of files instrumented would multiply the build time. */
    snprintf(ldflags, sizeof ldflags, "../lib/libfecforge.a -lm -lpthread%s", FG_CLI_SANITIZE_FLAGS);
    snprintf(jobs_s, sizeof jobs_s, "%d", jobs);
    snprintf(prefix, sizeof prefix, "V%s", top);
    fg_cli_pathf(log, sizeof log, "%s/verilator%s.log", work, trace ? "-trace" : "");
    fg_cli_pathf(cwd, sizeof cwd, "%s/rtl", b.root);
    const char *word;
    /* --trace-fst costs about 40 % more C++ to compile (98 s against 60 s for the two-code LDPC
     * decoder): only the waveform of a mismatch needs it (fg_cli_vl_waveform). */
    char *argv[] = {"verilator", "--cc", "--exe", "--build", "-j", jobs_s, "-Wall", "--Mdir",
                    trace ? "../obj-trace" : "../obj", "--prefix", prefix, "--top-module", top, "-o", "tb", "-f",
                    "files.f", "../tb/vecsim/tb_vectors.cpp", "../tb/vecsim/tb_ports.cpp", "../tb/fg_tb_bind.cpp",
                    "-CFLAGS", "-std=c++17 -I../tb/vecsim -I../include", "-LDFLAGS", ldflags, "-MAKEFLAGS",
                    (char *)make_flags(cycles, &word), trace ? "--trace-fst" : NULL, NULL};
    fprintf(stderr, "fecforge verify: verilating %s with the vector harness%s (%s; log: %s)\n", top,
            trace ? " and FST tracing" : "", word, log);
    const int rc = run_verilator(cwd, argv, log, "");
    const int rc2 = build_end(&b, work, trace ? "obj-trace/tb" : "obj/tb", rc == 0);
    return rc ? rc : rc2;
}

int fg_cli_vl_waveform(const char *work, int jobs, long long cycles, const char *latency, char *const dirs[],
                       int n)
{
    char top[256], tb[PATH_MAX + 24], log[PATH_MAX + 24], line[PATH_MAX + 64];
    fprintf(stderr, "fecforge verify: building the harness again with tracing, for the waveform of the mismatch\n");
    if (fg_cli_vl_harness(work, jobs, cycles, 1, top, sizeof top))
        return FG_EXIT_FAIL;
    fg_cli_pathf(tb, sizeof tb, "%s/obj-trace/tb", work);
    fg_cli_pathf(log, sizeof log, "%s/harness-trace.log", work);
    char *argv[FG_CLI_VL_BATCH + 4];
    int na = 0;
    argv[na++] = tb;
    if (latency) {
        argv[na++] = "--latency";
        argv[na++] = (char *)latency;
    }
    argv[na++] = "--quiet";
    for (int i = 0; i < n && i < FG_CLI_VL_BATCH; i++)
        argv[na++] = dirs[i];
    argv[na] = NULL;
    /* The sets again up to the first mismatch (1), which the traced model replays into a waveform. */
    const int st = fg_cli_vl_run(NULL, argv, log);
    FILE *f = fopen(log, "r");
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f))
        if (!strncmp(line, "waveform of the failing run: ", 29)) {
            fputs(line, stdout);
            found = 1;
        }
    if (f)
        fclose(f);
    if (st != 1 || !found) {
        fprintf(stderr, "fecforge verify: the traced harness did not repeat the mismatch (exit %d); last lines of %s:\n",
                st, log);
        fg_cli_vl_tail(log, 10);
        return FG_EXIT_FAIL;
    }
    return 0;
}

/* The SystemC co-simulation (testbench/systemc, docs/cosim.md) around the design in work/rtl: the C
 * model as an SC_MODULE and the Verilated model (--sc) in lock step, driven by a vector set
 * (cosim_vectors.cpp and the port binding fg_sc_bind.cpp); into work/sc-obj/cosim. */
int fg_cli_vl_cosim(const char *work, int jobs, long long cycles, char *top, size_t top_n)
{
    char tb[PATH_MAX + 8], log[PATH_MAX + 16], binding[PATH_MAX + 32], rtl[PATH_MAX + 8];
    fg_cli_pathf(rtl, sizeof rtl, "%s/rtl", work);
    if (write_sources(work, tb, sizeof tb))
        return FG_EXIT_FAIL;
    fg_cli_pathf(binding, sizeof binding, "%s/fg_sc_bind.cpp", tb);
    if (write_binding(rtl, binding, 1, top, top_n))
        return FG_EXIT_FAIL;
    vl_build b;
    if (build_begin(work, &b))
        return FG_EXIT_FAIL;
    char ldflags[256], jobs_s[16], prefix[300], cwd[PATH_MAX + 8];
    fg_cli_pathf(cwd, sizeof cwd, "%s/rtl", b.root);
    snprintf(ldflags, sizeof ldflags, "../lib/libfecforge_gen.a ../lib/libfecforge.a -lsystemc -lm -pthread%s",
             FG_CLI_SANITIZE_FLAGS);
    snprintf(jobs_s, sizeof jobs_s, "%d", jobs);
    snprintf(prefix, sizeof prefix, "V%s", top);
    fg_cli_pathf(log, sizeof log, "%s/verilator-sc.log", work);
    const char *word;
    char *argv[] = {"verilator", "--sc", "--pins-bv", "2", "--exe", "--build", "-j", jobs_s, "-Wall", "--Mdir",
                    "../sc-obj", "--prefix", prefix, "--top-module", top, "-o", "cosim", "-f", "files.f",
                    "../tb/systemc/cosim_vectors.cpp", "-CFLAGS", "-std=c++17 -I../include -I../tb/vecsim -I../tb/systemc",
                    "-LDFLAGS", ldflags, "-MAKEFLAGS", (char *)make_flags(cycles, &word),
                    "../tb/vecsim/tb_ports.cpp", "../tb/fg_sc_bind.cpp", NULL};
    fprintf(stderr, "fecforge verify: verilating %s for the SystemC co-simulation (%s; log: %s)\n", top, word,
            log);
    const int rc = run_verilator(cwd, argv, log, "; SystemC installed? Debian package libsystemc-dev");
    const int rc2 = build_end(&b, work, "sc-obj/cosim", rc == 0);
    return rc ? rc : rc2;
}

/* The design of an RTL directory copied into work/rtl, where the Verilator build expects it: its
 * manifest.json, the files its files.f names (each checked: fg_cli_vl_list_read) and a files.f of
 * ours with those names. */
int fg_cli_vl_copy_design(const char *src, const char *work)
{
    char dst[PATH_MAX + 8], from[PATH_MAX + 2 * FG_CLI_VL_NAME_MAX], to[PATH_MAX + 2 * FG_CLI_VL_NAME_MAX];
    fg_cli_vl_list l;
    if (fg_cli_vl_list_read(src, &l))
        return fg_cli_usage_error(CMD, "--rtl: %s", fg_last_error());
    fg_cli_pathf(dst, sizeof dst, "%s/rtl", work);
    int rc = mkdir(dst, 0777) && errno != EEXIST ? fg_cli_fail(CMD, "cannot create %s: %s", dst, strerror(errno)) : 0;
    for (int i = -1; i < l.n && !rc; i++) {
        const char *name = i < 0 ? "manifest.json" : l.names[i];
        fg_cli_pathf(from, sizeof from, "%s/%s", src, name);
        fg_cli_pathf(to, sizeof to, "%s/%s", dst, name);
        if (copy_file(from, to, 0644))
            rc = fg_cli_fail(CMD, "%s", fg_last_error());
    }
    fg_cli_pathf(to, sizeof to, "%s/files.f", dst);
    FILE *f = rc ? NULL : fopen(to, "w");
    if (!rc && !f)
        rc = fg_cli_fail(CMD, "cannot write %s: %s", to, strerror(errno));
    for (int i = 0; f && i < l.n; i++)
        fprintf(f, "%s\n", l.names[i]);
    if (f && (ferror(f) | (fclose(f) != 0)))
        rc = fg_cli_fail(CMD, "cannot write %s", to);
    fg_cli_vl_list_free(&l);
    return rc;
}

/* The harness prints one PASS line per matching set: does its log have one for set dir? */
int fg_cli_vl_passed(const char *log, const char *dir)
{
    FILE *f = fopen(log, "r");
    char line[PATH_MAX + 256];
    const size_t n = strlen(dir);
    int pass = 0;
    while (f && !pass && fgets(line, sizeof line, f))
        pass = !strncmp(line, "PASS ", 5) && !strncmp(line + 5, dir, n) && line[5 + n] == ':';
    if (f)
        fclose(f);
    return pass;
}

int fg_cli_vl_status(int st, const char *top, const char *log)
{
    if (st == 0)
        return 0;
    if (st == 1)
        fprintf(stderr, "fecforge verify: %s does NOT match the C model:\n", top);
    else
        fprintf(stderr, "fecforge verify: the harness of %s failed (exit %d; a mismatch exits 1); last lines of %s:\n",
                top, st, log);
    fg_cli_vl_tail(log, 30);
    return st == 1 ? FG_CLI_VL_MISMATCH : FG_CLI_VL_RUN_FAILED;
}

/* --sim systemc: the co-simulation on every vector set (both models and the set compared every cycle). */
int fg_cli_vl_cosim_sets(const char *work, int jobs, fg_cli_vl_set *res, int n, const char *log)
{
    char top[256], exe[PATH_MAX + 32];
    const int built = fg_cli_vl_cosim(work, jobs, fg_cli_vl_sets_cycles(res, n), top, sizeof top);
    if (built)
        return built;
    fg_cli_pathf(exe, sizeof exe, "%s/sc-obj/cosim", work);
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        /* the design's port-level model served from this program's registry (a program's own design) */
        fg_vec_model_server *srv;
        char fd[16];
        int peer;
        if (fg_vec_model_serve(&srv, &peer))
            return fg_cli_fail(CMD, "%s", fg_last_error());
        snprintf(fd, sizeof fd, "%d", peer);
        char *argv[] = {exe, "--model-fd", fd, res[i].dir, NULL};
        rc = fg_cli_vl_run(NULL, argv, log);
        fg_vec_model_serve_end(srv);
        res[i].pass = rc == 0;
    }
    if (rc != 0) {
        if (rc == 1)
            fprintf(stderr, "fecforge verify: %s does NOT match the C model in the SystemC co-simulation:\n", top);
        else
            fprintf(stderr, "fecforge verify: the SystemC co-simulation of %s failed (exit %d; a mismatch exits 1):\n",
                    top, rc);
        fg_cli_vl_tail(log, 30);
        return rc == 1 ? FG_CLI_VL_MISMATCH : FG_CLI_VL_RUN_FAILED;
    }
    return 0;
}

