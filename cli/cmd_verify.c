/* fecforge verify: generate the RTL of a design, write golden vectors from the C step model,
 * build the generic vector harness (testbench/vecsim) around the Verilated design and compare
 * every output of every cycle. Exit 0 only on a full match (docs/verify.md). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli.h"
#include "cli_embed.h"
#include "cli_ldpc_design.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/rng.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/gen.h"
#include "vec_json.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *const CMD = "verify";

enum { MAX_SETS = 64 };

static void help(void)
{
    printf("usage: fecforge verify dbcf [--pllr P] [--banks M] [--select S|all] [--fifo-depth F] [--buf-depth B]\n"
           "                            [--offer dual|head] [--lfsr-seed X] [--width W] [--std umts|lte]\n"
           "                            [--K LIST] [--mapping NAME] [--direction both|interleave|deinterleave]\n"
           "                            [--sim verilator|systemc] [--random N --seed S] [--work DIR] [--keep]\n"
           "                            [--jobs J] [--json]\n"
           "       fecforge verify iag --std lte|umts [--pllr P] [--forward-only] [--K LIST]\n"
           "                           [--mode both|forward|inverse] [--sim verilator|systemc] [--random N --seed S] ...\n"
           "       fecforge verify subsystem [--std umts|lte] [the dbcf design options] [--mapping NAME]\n"
           "                           [--mode both|forward|inverse] [--K LIST] [--random N --seed S] ...\n"
           "       fecforge verify ldpc --codes LIST [--layers K] [--mb N1xN2] [the gen ldpc options]\n"
           "                            [--frames N] [--ebn0 LIST] [--seed S] [--verify-codes LIST]\n"
           "                            [--random N [--max-z Z]] [--work DIR] [--keep] [--jobs J] [--json]\n"
           "       fecforge verify ldpc|turbo --impl A [--against B] [the family's options] [--frames N] ...\n"
           "                            (two implementations of a decoder on the same frames, e.g. the GPU\n"
           "                            kernels against the C model: fecforge verify ldpc --impl gpu-fixed --help)\n"
           "       fecforge verify vectors --rtl DIR [--work DIR] [--keep] [--jobs J] VECDIR...\n\n"
           "Proves the generated RTL equal to the cycle-accurate C model: generates the design\n"
           "(`fecforge gen`), writes golden vectors from the step model (`fecforge vectors`) for every K\n"
           "and direction, verilates the design with the generic vector harness and compares every\n"
           "output port in every cycle and the final bank contents. Exit 0 only on a full match; on a\n"
           "mismatch the first differing cycle, port, expected and actual value are printed and an FST\n"
           "waveform is written next to the vector set (the work directory is kept).\n\n"
           "dbcf: the DBCF write network (docs/rtl-dbcf.md). Defaults: PLLR 8, M 16, S 3, F 4, B 4,\n"
           "      offer dual, data width 16 (holds the position tags), std umts, K 5114 (LTE 6144),\n"
           "      mapping xmap-xor, both directions.\n"
           "  --K LIST          block sizes: N, N,M,... or all (every size of the standard; long)\n"
           "  --sim systemc     the SystemC co-simulation (docs/cosim.md) instead of the vector harness:\n"
           "                    the C model as an SC_MODULE and the Verilated model in lock step with a\n"
           "                    scoreboard, on every vector set (the DBCF also on its own random traffic\n"
           "                    first); dbcf, iag and subsystem (needs libsystemc-dev)\n"
           "  --random N        instead of the given configuration: N random legal configurations\n"
           "                    (PLLR, M, S, F, B, offer, mapping, std, K, direction); each prints the\n"
           "                    command that reproduces it\n"
           "  --seed S          seed of --random (default: from the clock, printed)\n"
           "  --max-pllr P      largest PLLR --random picks, [4, 64] (default 16: Verilator builds of\n"
           "                    larger networks take minutes each)\n"
           "  --work DIR        work directory (default: a new directory under $TMPDIR, removed on success)\n"
           "  --keep            keep the work directory\n"
           "  --jobs J          parallel C++ compile jobs of the Verilator build (default 2)\n"
           "  --json            one JSON object on stdout\n\n"
           "iag:  an interleaver address generator (docs/rtl-interleaver.md), from reset: preprocessing\n"
           "      of K, start, one half-iteration in XMAP lane order. Defaults: PLLR 8, K 5114 (LTE 6144),\n"
           "      both modes (forward x -> pi(x), inverse x -> pi^-1(x)); --random picks std, PLLR, K.\n"
           "subsystem: the write path IAG + LLR delay + bank mapper + DBCF + banks (docs/rtl-subsystem.md)\n"
           "      from reset, one half-iteration per K and mode; mappings xmap, xmap-xor (PLLR and M/PLLR\n"
           "      powers of 2) and mod (M a power of 2). Defaults as dbcf, std umts.\n"
           "ldpc: the multi-code MB-serial LDPC decoder (docs/rtl-ldpc.md; design options and defaults as\n"
           "      `fecforge gen ldpc --help`). One vector set per code and Eb/N0 (`fecforge vectors ldpc` with\n"
           "      --lanes Zmax and --code-index = the code's position in --codes): N noisy frames decoded back\n"
           "      to back; every other set runs with early termination on and max_iter_i = --max-iter, the\n"
           "      others with it off and max_iter_i = min(5, --max-iter). Compared every cycle: the port\n"
           "      trace, the write data (APP values), the hard decisions and the iteration count.\n"
           "  --frames N        frames per vector set, [1, 10000] (default 2)\n"
           "  --ebn0 LIST       Eb/N0 values in dB (default 0.5,2.5,12: frames that do not decode, frames\n"
           "                    that do, saturated inputs)\n"
           "  --seed S          seed of the frames (default 1) and of --random (default: from the clock)\n"
           "  --verify-codes L  only these codes of the set (default: all)\n"
           "  --random N        N random legal designs (wifi or wimax, 1-3 codes with Z <= --max-z, K 1..3,\n"
           "                    N2 1..3, widths, scaling, switches, iterations, MB order); each prints the\n"
           "                    command that reproduces it\n"
           "  --max-z Z         largest Z --random picks, [24, 384] (default 32: each design is a Verilator\n"
           "                    build of minutes)\n"
           "  --sim systemc     the SystemC co-simulation (docs/cosim.md): C model, Verilated RTL and the set in\n"
           "                    lock step, every output port compared every cycle\n"
           "vectors: an existing generated design (--rtl DIR, a `fecforge gen` output) against existing\n"
           "      vector sets (`fecforge vectors`): the sets must be of the same design and parameters\n"
           "      (checked from both manifests); outputs are compared latency_cycles later (manifest).\n\n"
           "Needs verilator and a C++ compiler (Debian packages verilator, g++).\n"
           "exit: 0 full match, 1 mismatch or tool failure, 2 bad parameters\n\n"
           "examples:\n"
           "  fecforge verify dbcf --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7 --K 5114,40\n"
           "  fecforge verify dbcf --random 5 --seed 7\n"
           "  fecforge verify iag --std umts --pllr 32 --K 5114,40\n"
           "  fecforge verify subsystem --std lte --pllr 8 --banks 16 --mapping xmap --K 6144,40\n"
           "  fecforge verify ldpc --codes wifi-648-1/2,wifi-1944-5/6 --layers 2 --mb 2x2 --frames 2\n"
           "  fecforge verify ldpc --random 2 --seed 5\n"
           "  fecforge gen dbcf --pllr 8 --banks 16 --select 2 --fifo-depth 4 --buf-depth 4 --width 8 -o rtl\n"
           "  fecforge vectors dbcf --pllr 8 --banks 16 --select 2 --fifo-depth 4 --buf-depth 4 --K 200 -o v200\n"
           "  fecforge verify vectors --rtl rtl v200\n");
}

/* Paths derived from the work directory: its length is checked once (at most PATH_MAX - 512), so
 * the derived names cannot be truncated; vsnprintf keeps the compiler's truncation analysis off. */
static void pathf(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void pathf(char *buf, size_t n, const char *fmt, ...)
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
        pathf(l->inc, sizeof l->inc, "%s", FG_CLI_BUILD_INCLUDE);
        pathf(l->lib, sizeof l->lib, "%s", FG_CLI_BUILD_LIB);
        pathf(l->gen_inc, sizeof l->gen_inc, "%s", FG_CLI_BUILD_GEN_INCLUDE);
        pathf(l->gen_lib, sizeof l->gen_lib, "%s", FG_CLI_BUILD_GEN_LIB);
        return 0;
    }
    char exe[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0 && n < PATH_MAX - 512) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0; /* <prefix>/bin */
            pathf(l->inc, sizeof l->inc, "%s/../include", exe);
            pathf(l->gen_inc, sizeof l->gen_inc, "%s/../include", exe);
            pathf(l->lib, sizeof l->lib, "%s/../%s/libfecforge.a", exe, FG_CLI_INSTALL_LIBDIR);
            pathf(l->gen_lib, sizeof l->gen_lib, "%s/../%s/libfecforge_gen.a", exe, FG_CLI_INSTALL_LIBDIR);
            char probe[PATH_MAX + 32];
            pathf(probe, sizeof probe, "%s/fecforge/vectors.h", l->inc);
            if (access(probe, R_OK) == 0 && access(l->lib, R_OK) == 0 && access(l->gen_lib, R_OK) == 0)
                return 0;
        }
    }
    return fg_cli_fail(CMD, "libfecforge (headers, libfecforge.a, libfecforge_gen.a) not found next to this "
                            "command: run it from its build tree or install it (cmake --install)");
}

/* Run argv in directory cwd (NULL: here) with stdout and stderr appended to log (NULL: ours);
 * returns the exit status (128 + signal if killed, -1 if it could not run). */
static int run_logged(const char *cwd, char *const argv[], const char *log)
{
    const fg_cli_proc p = {.cwd = cwd, .stdout_path = log, .stderr_path = log, .append = 1};
    return fg_cli_run(argv, &p);
}

/* The last lines of a log, to stderr. */
static void tail_log(const char *log, int lines)
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
static int absolute(char *path, size_t n)
{
    char abs[PATH_MAX];
    if (!realpath(path, abs))
        return fg_cli_fail(CMD, "%s: %s", path, strerror(errno));
    if (strlen(abs) >= n || strlen(abs) > PATH_MAX - 512)
        return fg_cli_fail(CMD, "%s: path longer than %d characters", abs, PATH_MAX - 512);
    memcpy(path, abs, strlen(abs) + 1);
    return 0;
}

/* [A-Za-z_][A-Za-z0-9_]*: names from a manifest become C++ member names. */
static int identifier(const char *s)
{
    if (!*s || !(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')))
        return 0;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

/* The generator's manifest.json of an RTL directory, parsed. */
static int read_manifest(const char *rtl_dir, vj *doc)
{
    char mpath[PATH_MAX + 16];
    pathf(mpath, sizeof mpath, "%s/manifest.json", rtl_dir);
    FILE *f = fopen(mpath, "r");
    if (!f)
        return fg_cli_usage_error(CMD, "cannot read %s: %s (not a `fecforge gen` output?)", mpath, strerror(errno));
    static char text[1 << 20];
    const size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char err[128];
    if (vj_parse(text, doc, err, sizeof err))
        return fg_cli_usage_error(CMD, "%s: %s", mpath, err);
    const vj *t = vj_get(doc, "top"), *ports = vj_get(doc, "ports"), *d = vj_get(doc, "design");
    if (!t || t->t != VJ_STR || !ports || ports->t != VJ_ARR || !d || d->t != VJ_STR) {
        vj_free(doc);
        return fg_cli_usage_error(CMD, "%s: no \"design\", \"top\" or \"ports\"", mpath);
    }
    return 0;
}

/* The work directory: --work DIR (created if missing, emptied if an earlier verify work directory,
 * refused if anything else) or a new one under $TMPDIR (*td); absolute. */
static int make_work(const char *work_opt, char *work, size_t n, fg_tmpdir **td)
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
    return absolute(work, n);
}

/* The design-specific part of a harness, from the generator's manifest.json: fg_tb_bind.cpp for the
 * vector harness (systemc 0) or fg_sc_bind.cpp for the SystemC co-simulation (systemc 1). */
static int write_binding(const char *rtl_dir, const char *path, int systemc, char *top, size_t top_n)
{
    vj doc;
    if (read_manifest(rtl_dir, &doc))
        return FG_EXIT_FAIL;
    const vj *t = vj_get(&doc, "top"), *ports = vj_get(&doc, "ports");
    int rc = 0;
    FILE *o = NULL;
    char mpath[PATH_MAX + 16];
    pathf(mpath, sizeof mpath, "%s/manifest.json", rtl_dir);
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
                "// Generated by fecforge verify from %s: the ports of %s for the SystemC co-simulation.\n"
                "#include \"V%s.h\"\n#include \"cosim_vectors.h\"\n\n"
                "namespace {\nclass Dut final : public fg_sc_dut {\npublic:\n"
                "    explicit Dut(sc_core::sc_clock &clk) : m_(\"dut\")\n    {\n        m_.clk_i(clk);\n",
                mpath, t->s, t->s);
    else
        fprintf(o,
                "// Generated by fecforge verify from %s: the ports of %s for the vector harness.\n"
                "#include \"V%s.h\"\n#include \"tb_vectors.h\"\n#include \"verilated_fst_c.h\"\n\n#include <memory>\n\n"
                "namespace {\nclass Dut final : public fg_tb_dut {\npublic:\n"
                "    explicit Dut(VerilatedContext *ctx) : m_(ctx)\n    {\n",
                mpath, t->s, t->s);
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
                "    void trace_open(const char *path) override\n    {\n"
                "        tr_ = std::make_unique<VerilatedFstC>();\n        m_.trace(tr_.get(), 99);\n"
                "        tr_->open(path);\n    }\n"
                "    void trace_dump(uint64_t time) override\n    {\n        if (tr_)\n            tr_->dump(time);\n    }\n"
                "    void trace_close() override\n    {\n        if (tr_)\n            tr_->close();\n        tr_.reset();\n"
                "    }\n\nprivate:\n    V%s m_;\n    std::unique_ptr<VerilatedFstC> tr_;\n};\n} // namespace\n\n"
                "fg_tb_dut *fg_tb_make_dut(VerilatedContext *ctx) { return new Dut(ctx); }\n",
                t->s);
done:
    if (o && fclose(o) != 0 && !rc)
        rc = fg_cli_fail(CMD, "cannot write %s", path);
    vj_free(&doc);
    return rc;
}

/* The embedded harness sources into tb = work/tb (tb/vecsim, tb/systemc, tb/dbcf). */
static int write_sources(const char *work, char *tb, size_t tb_n)
{
    pathf(tb, tb_n, "%s/tb", work);
    if (mkdir(tb, 0755) && errno != EEXIST)
        return fg_cli_fail(CMD, "cannot create %s: %s", tb, strerror(errno));
    const char *dir = tb;
    char path[PATH_MAX + 128];
    for (const fg_cli_embedded *e = fg_cli_tb_sources; e->name; e++) {
        pathf(path, sizeof path, "%s/%s", dir, e->name);
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
    const int st = run_logged(rtl, argv, log);
    if (st == 0)
        return 0;
    fprintf(stderr, "fecforge verify: the Verilator build failed (exit %d%s); last lines of %s:\n", st, hint, log);
    tail_log(log, 25);
    return FG_EXIT_FAIL;
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
    pathf(dir, sizeof dir, "%s/lib", work);
    if (mkdir(dir, 0777) && errno != EEXIST)
        return fg_cli_fail(CMD, "cannot create %s: %s", dir, strerror(errno));
    const struct {
        const char *name, *target;
    } links[] = {{"lib/libfecforge.a", libs.lib},
                 {"lib/libfecforge_gen.a", libs.gen_lib},
                 {"include", libs.inc},
                 {"gen-include", libs.gen_inc}};
    for (size_t i = 0; i < sizeof links / sizeof *links; i++) {
        pathf(link, sizeof link, "%s/%s", work, links[i].name);
        unlink(link);
        if (symlink(links[i].target, link))
            return fg_cli_fail(CMD, "cannot create the link %s: %s", link, strerror(errno));
    }
    return 0;
}

/* Verilate the design in work/rtl (its files.f and manifest.json) with the harness into work/obj/tb
 * (sources in work/tb, log work/verilator.log). Paths are relative to work/rtl and work/obj alike. */
static int build_harness(const char *work, int jobs, char *top, size_t top_n)
{
    char tb[PATH_MAX + 8], path[PATH_MAX + 64], log[PATH_MAX + 16], rtl[PATH_MAX + 8];
    pathf(rtl, sizeof rtl, "%s/rtl", work);
    if (link_libraries(work) || write_sources(work, tb, sizeof tb))
        return FG_EXIT_FAIL;
    pathf(path, sizeof path, "%s/fg_tb_bind.cpp", tb);
    if (write_binding(rtl, path, 0, top, top_n))
        return FG_EXIT_FAIL;
    char ldflags[128], jobs_s[16], prefix[300];
    /* A sanitized libfecforge needs the sanitizer runtime at link time only: the Verilated C++ is
     * not ours, and compiling its hundreds of files instrumented would multiply the build time. */
    snprintf(ldflags, sizeof ldflags, "../lib/libfecforge.a -lm -lpthread%s", FG_CLI_SANITIZE_FLAGS);
    snprintf(jobs_s, sizeof jobs_s, "%d", jobs);
    snprintf(prefix, sizeof prefix, "V%s", top);
    pathf(log, sizeof log, "%s/verilator.log", work);
    char *argv[] = {"verilator", "--cc", "--exe", "--build", "-j", jobs_s, "-Wall", "--trace-fst", "--Mdir", "../obj",
                    "--prefix", prefix, "--top-module", top, "-o", "tb", "-f", "files.f",
                    "../tb/vecsim/tb_vectors.cpp", "../tb/vecsim/tb_ports.cpp", "../tb/fg_tb_bind.cpp",
                    "-CFLAGS", "-std=c++17 -I../tb/vecsim -I../include", "-LDFLAGS", ldflags, NULL};
    fprintf(stderr, "fecforge verify: verilating %s with the vector harness (log: %s)\n", top, log);
    return run_verilator(rtl, argv, log, "");
}

/* The SystemC co-simulation (testbench/systemc, docs/cosim.md) around the design in work/rtl: the C
 * model as an SC_MODULE and the Verilated model (--sc) in lock step; into work/sc-obj/cosim. The DBCF
 * has its own co-simulation (cosim_dbcf.cpp, with its own traffic); the IAG and the subsystem share
 * the vector-driven one (cosim_vectors.cpp and the port binding fg_sc_bind.cpp). */
static int build_cosim(const char *work, int jobs, int dbcf, char *top, size_t top_n)
{
    char tb[PATH_MAX + 8], log[PATH_MAX + 16], binding[PATH_MAX + 32], rtl[PATH_MAX + 8];
    pathf(rtl, sizeof rtl, "%s/rtl", work);
    if (link_libraries(work) || write_sources(work, tb, sizeof tb))
        return FG_EXIT_FAIL;
    pathf(binding, sizeof binding, "%s/fg_sc_bind.cpp", tb);
    if (dbcf) {
        vj doc;
        if (read_manifest(rtl, &doc))
            return FG_EXIT_FAIL;
        snprintf(top, top_n, "%s", vj_get(&doc, "top")->s);
        vj_free(&doc);
        if (!identifier(top))
            return fg_cli_fail(CMD, "%s/manifest.json: top module name '%s' is not a Verilog identifier", rtl, top);
    } else if (write_binding(rtl, binding, 1, top, top_n))
        return FG_EXIT_FAIL;
    char cflags[512], ldflags[256], jobs_s[16], prefix[300];
    if (dbcf) /* top: a Verilog identifier (checked) */
        snprintf(cflags, sizeof cflags, "-std=c++17 -I../include -I../gen-include -DFG_SC_CLASS=V%s", top);
    else
        snprintf(cflags, sizeof cflags, "-std=c++17 -I../include -I../tb/vecsim -I../tb/systemc");
    snprintf(ldflags, sizeof ldflags, "../lib/libfecforge_gen.a ../lib/libfecforge.a -lsystemc -lm -pthread%s",
             FG_CLI_SANITIZE_FLAGS);
    snprintf(jobs_s, sizeof jobs_s, "%d", jobs);
    snprintf(prefix, sizeof prefix, "V%s", top);
    pathf(log, sizeof log, "%s/verilator-sc.log", work);
    char *argv[] = {"verilator", "--sc", "--pins-bv", "2", "--exe", "--build", "-j", jobs_s, "-Wall", "--Mdir",
                    "../sc-obj", "--prefix", prefix, "--top-module", top, "-o", "cosim", "-f", "files.f",
                    dbcf ? "../tb/systemc/cosim_dbcf.cpp" : "../tb/systemc/cosim_vectors.cpp", "-CFLAGS", cflags,
                    "-LDFLAGS", ldflags, dbcf ? NULL : "../tb/vecsim/tb_ports.cpp", "../tb/fg_sc_bind.cpp", NULL};
    fprintf(stderr, "fecforge verify: verilating %s for the SystemC co-simulation (log: %s)\n", top, log);
    return run_verilator(rtl, argv, log, "; SystemC installed? Debian package libsystemc-dev");
}

/* The design of an RTL directory (files.f, its files, manifest.json) copied into work/rtl, where the
 * Verilator build expects it. */
static int copy_design(const char *src, const char *work)
{
    char dst[PATH_MAX + 8], list[PATH_MAX + 16];
    pathf(dst, sizeof dst, "%s/rtl", work);
    if (mkdir(dst, 0777) && errno != EEXIST)
        return fg_cli_fail(CMD, "cannot create %s: %s", dst, strerror(errno));
    pathf(list, sizeof list, "%s/files.f", src);
    FILE *f = fopen(list, "r");
    if (!f)
        return fg_cli_usage_error(CMD, "--rtl: cannot read %s: %s", list, strerror(errno));
    char line[512];
    int rc = 0;
    const char *extra[] = {"files.f", "manifest.json"};
    for (int k = 0; !rc; k++) {
        const char *name;
        if (k < 2)
            name = extra[k];
        else if (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\r\n")] = 0;
            if (!line[0])
                continue;
            name = line;
        } else
            break;
        if (strchr(name, '/') || name[0] == '.') {
            rc = fg_cli_usage_error(CMD, "--rtl: %s lists '%s': a file of the directory itself expected", list, name);
            break;
        }
        char from[PATH_MAX + 600], to[PATH_MAX + 600];
        pathf(from, sizeof from, "%s/%s", src, name);
        pathf(to, sizeof to, "%s/%s", dst, name);
        FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
        char buf[1 << 14];
        size_t n;
        while (in && out && (n = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, n, out) != n)
                break;
        if (!in)
            rc = fg_cli_usage_error(CMD, "--rtl: cannot read %s: %s", from, strerror(errno));
        else if (!out || ferror(in) || ferror(out))
            rc = fg_cli_fail(CMD, "cannot copy %s to %s", from, to);
        if (out && fclose(out) && !rc)
            rc = fg_cli_fail(CMD, "cannot write %s", to);
        if (in)
            fclose(in);
    }
    fclose(f);
    return rc;
}

/* ---- verify dbcf | iag: one job = one generated design and its vector sets ---- */

typedef enum { DESIGN_DBCF, DESIGN_IAG, DESIGN_SUBSYS } design_kind;

typedef struct {
    design_kind kind;
    fg_gen_dbcf_cfg dbcf;     /* DBCF design (and the DBCF part of the subsystem) */
    fg_bank_mapping mapping;  /* DBCF traffic; the subsystem's bank mapper */
    fg_gen_iag_cfg iag;       /* IAG design */
    fg_std std;
    int K_n[MAX_SETS / 2], nK;
    int halves; /* per K: bit 0 the first kind of run (interleave / forward), bit 1 the second */
    int systemc; /* --sim systemc: the SystemC co-simulation instead of the vector harness */
} job;

typedef struct {
    char dir[PATH_MAX];
    int K, half, pass;
} set_result;

static const char *std_name_of(fg_std s) { return s == FG_STD_LTE ? "lte" : "umts"; }
static const char *const design_names[] = {"dbcf", "iag", "subsystem"};
static const char *half_name(design_kind k, int half)
{
    return k == DESIGN_DBCF ? (half ? "deinterleave" : "interleave") : (half ? "inverse" : "forward");
}
static const char *halves_name(design_kind k, int halves)
{
    return halves == 3 ? "both" : half_name(k, halves == 2);
}

/* The command line that reproduces job j. */
static void job_command(const job *j, char *buf, size_t n)
{
    int at;
    if (j->kind == DESIGN_IAG)
        at = snprintf(buf, n, "fecforge verify iag --std %s --pllr %d%s --mode %s %s--K ", std_name_of(j->std),
                      j->iag.pllr, j->iag.forward_only ? " --forward-only" : "", halves_name(j->kind, j->halves),
                      j->systemc ? "--sim systemc " : "");
    else { /* dbcf, subsystem: the DBCF design options, the mapping, the runs */
        const fg_dbcf_cfg *c = &j->dbcf.dbcf;
        char sel[16];
        if (c->select == FG_DBCF_SELECT_ALL)
            snprintf(sel, sizeof sel, "all");
        else
            snprintf(sel, sizeof sel, "%d", c->select);
        at = snprintf(buf, n,
                      "fecforge verify %s --std %s --pllr %d --banks %d --select %s --fifo-depth %d --buf-depth %d "
                      "--offer %s --lfsr-seed 0x%x --width %d --mapping %s --%s %s %s--K ",
                      design_names[j->kind], std_name_of(j->std), c->pllr, c->banks, sel, c->fifo_depth, c->buf_depth,
                      c->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual", c->lfsr_seed, j->dbcf.width,
                      fg_bank_mapping_name(j->mapping), j->kind == DESIGN_DBCF ? "direction" : "mode",
                      halves_name(j->kind, j->halves), j->systemc ? "--sim systemc " : "");
    }
    for (int i = 0; i < j->nK && at > 0 && (size_t)at < n; i++)
        at += snprintf(buf + at, n - (size_t)at, i ? ",%d" : "%d", j->K_n[i]);
}

/* Every check a job must pass before anything is written (exit 2 on failure). */
static fg_gen_subsys_cfg subsys_cfg(const job *j)
{
    fg_gen_subsys_cfg g = {.dbcf = j->dbcf, .std = j->std, .mapping = j->mapping};
    return g;
}

static int check_job(job *j)
{
    if (j->kind == DESIGN_SUBSYS) {
        const fg_gen_subsys_cfg g = subsys_cfg(j);
        if (fg_gen_subsys_check(&g))
            return fg_cli_usage_error(CMD, "%s", fg_last_error());
    } else if (j->kind == DESIGN_IAG) {
        j->iag.std = j->std;
        if (fg_gen_iag_check(&j->iag))
            return fg_cli_usage_error(CMD, "%s", fg_last_error());
        if (j->iag.forward_only && (j->halves & 2))
            return fg_cli_usage_error(CMD, "--forward-only: the design has no inverse mode; use --mode forward");
    } else {
        const fg_dbcf_cfg *c = &j->dbcf.dbcf;
        if (fg_gen_dbcf_check(&j->dbcf))
            return fg_cli_usage_error(CMD, "%s", fg_last_error());
        if ((j->mapping == FG_MAP_XMAP || j->mapping == FG_MAP_XMAP_XOR) && c->banks % c->pllr)
            return fg_cli_usage_error(CMD, "--banks=%d invalid for mapping %s: must be a multiple of PLLR=%d",
                                      c->banks, fg_bank_mapping_name(j->mapping), c->pllr);
        if (c->pllr % 4)
            return fg_cli_usage_error(CMD, "--pllr=%d invalid: must be a multiple of 4 (4 LLRs per radix-4 XMAP)",
                                      c->pllr);
    }
    for (int i = 0; i < j->nK; i++)
        if (fg_interleaver_check_k(j->std, j->K_n[i]))
            return fg_cli_usage_error(CMD, "--%s", fg_last_error());
    return 0;
}

/* The harness prints one PASS line per matching set: does its log have one for set dir? */
static int harness_passed(const char *log, const char *dir)
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

/* The harness's exit status st: 0, or the mismatch it logged and FG_EXIT_FAIL. */
static int harness_status(int st, const char *top, const char *log)
{
    if (st == 0)
        return 0;
    fprintf(stderr, "fecforge verify: %s does NOT match the C model:\n", top);
    tail_log(log, 30);
    return FG_EXIT_FAIL;
}

/* --sim systemc: for the DBCF the co-simulation on its own traffic (tb_dbcf's half-iterations and
 * random phase) first; then every vector set (both models and the set compared every cycle). */
static int cosim_sets(const char *rtl, const char *work, int jobs, int dbcf, set_result *res, int n, const char *log)
{
    char top[256], exe[PATH_MAX + 32];
    if (build_cosim(work, jobs, dbcf, top, sizeof top))
        return FG_EXIT_FAIL;
    pathf(exe, sizeof exe, "%s/sc-obj/cosim", work);
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
    char *own[] = {exe, "--rtl", (char *)rtl, NULL};
    int rc = dbcf ? run_logged(NULL, own, log) : 0;
    if (rc == 0 && dbcf)
        printf("%s: SystemC co-simulation on the tb_dbcf traffic (half-iterations, random phase): match\n", top);
    for (int i = 0; i < n && rc == 0; i++) {
        char *with_rtl[] = {exe, "--rtl", (char *)rtl, "--vectors", res[i].dir, NULL};
        char *plain[] = {exe, res[i].dir, NULL};
        rc = run_logged(NULL, dbcf ? with_rtl : plain, log);
        res[i].pass = rc == 0;
    }
    if (rc != 0) {
        fprintf(stderr, "fecforge verify: %s does NOT match the C model in the SystemC co-simulation:\n", top);
        tail_log(log, 30);
        return FG_EXIT_FAIL;
    }
    return 0;
}

/* Generate into work/rtl, write the vector sets, build the harness, run it on every set. */
static int verify_job(const job *j, const char *work, int jobs, set_result *res, int *nres)
{
    char rtl[PATH_MAX + 8], top[256], tb[PATH_MAX + 16], log[PATH_MAX + 16];
    pathf(rtl, sizeof rtl, "%s/rtl", work);
    const fg_gen_subsys_cfg sub = subsys_cfg(j);
    if (j->kind == DESIGN_DBCF ? fg_gen_dbcf(&j->dbcf, rtl)
        : j->kind == DESIGN_IAG ? fg_gen_iag(&j->iag, rtl)
                                : fg_gen_subsys(&sub, rtl))
        return fg_cli_fail(CMD, "gen: %s", fg_last_error());
    char *run_argv[MAX_SETS + 2];
    int na = 0;
    pathf(tb, sizeof tb, "%s/obj/tb", work);
    run_argv[na++] = tb;
    *nres = 0;
    for (int i = 0; i < j->nK; i++)
        for (int h = 0; h < 2; h++) {
            if (!(j->halves & (1 << h)))
                continue;
            set_result *r = &res[(*nres)++];
            r->K = j->K_n[i];
            r->half = h;
            r->pass = 0;
            pathf(r->dir, sizeof r->dir, "%s/vec-%s-k%d-%s", work, std_name_of(j->std), r->K, half_name(j->kind, h));
            int rc;
            if (j->kind == DESIGN_DBCF) {
                fg_vec_dbcf_params p = {.cfg = j->dbcf.dbcf, .std = j->std, .K = r->K,
                                        .dir = h ? FG_DIR_DEINTERLEAVE : FG_DIR_INTERLEAVE, .mapping = j->mapping,
                                        .data_width = j->dbcf.width};
                p.cfg.stall = 0;
                rc = fg_vec_make_dbcf(r->dir, &p, NULL);
            } else if (j->kind == DESIGN_SUBSYS) {
                fg_vec_subsys_params p = {.cfg = j->dbcf.dbcf, .std = j->std, .K = r->K, .inverse = h,
                                          .mapping = j->mapping, .data_width = j->dbcf.width};
                p.cfg.stall = 0;
                rc = fg_vec_make_subsys(r->dir, &p);
            } else
                rc = fg_vec_make_iag(r->dir, j->std, r->K, j->iag.pllr, h, NULL);
            if (rc)
                return fg_cli_fail(CMD, "vectors: %s", fg_last_error());
            run_argv[na++] = r->dir;
        }
    run_argv[na] = NULL;
    pathf(log, sizeof log, "%s/harness.log", work);
    if (j->systemc)
        return cosim_sets(rtl, work, jobs, j->kind == DESIGN_DBCF, res, *nres, log);
    if (build_harness(work, jobs, top, sizeof top))
        return FG_EXIT_FAIL;
    const int st = run_logged(NULL, run_argv, log);
    for (int i = 0; i < *nres; i++)
        res[i].pass = harness_passed(log, res[i].dir);
    return harness_status(st, top, log);
}

/* One line (or JSON object) per vector set, with the counts of its manifest. */
static void print_results(const job *j, const set_result *r, int n, fg_json *js)
{
    static const char *const dbcf_keys[] = {"C0", "C1", "dC", "overflow", "written", NULL};
    static const char *const iag_keys[] = {"preprocess_cycles", "C0", "latency", "trace_cycles", NULL};
    static const char *const subsys_keys[] = {"preprocess_cycles", "C0", "C1", "dC", "overflow", NULL};
    const char *const *keys = j->kind == DESIGN_DBCF ? dbcf_keys : j->kind == DESIGN_IAG ? iag_keys : subsys_keys;
    for (int i = 0; i < n; i++) {
        fg_vec_set *s = NULL;
        if (fg_vec_open(r[i].dir, &s))
            s = NULL;
        if (js) {
            fg_json_obj_open(js, NULL);
            fg_json_int(js, "K", r[i].K);
            fg_json_str(js, j->kind == DESIGN_DBCF ? "direction" : "mode", half_name(j->kind, r[i].half));
        } else
            printf("  %-4s K=%-5d %-12s", std_name_of(j->std), r[i].K, half_name(j->kind, r[i].half));
        for (int k = 0; s && keys[k]; k++) {
            long long v;
            if (fg_vec_get_count(s, keys[k], &v))
                continue;
            if (js)
                fg_json_int(js, keys[k], v);
            else
                printf(" %s=%-5lld", keys[k], v);
        }
        if (js) {
            fg_json_bool(js, "match", r[i].pass);
            fg_json_obj_close(js);
        } else
            printf(" %s\n", r[i].pass ? "match" : "MISMATCH");
        fg_vec_close(s);
    }
    fg_clear_error();
}

/* A random legal job of kind j->kind with PLLR <= max_pllr, two K, both halves. */
static void random_job(fg_rng *rs, int max_pllr, job *j)
{
#define PICK(n) ((int)(fg_rng_next_u32(rs) % (uint32_t)(n)))
    j->std = PICK(2) ? FG_STD_LTE : FG_STD_UMTS;
    if (j->kind != DESIGN_IAG) {
        fg_gen_dbcf_cfg g = fg_gen_dbcf_cfg_default();
        fg_dbcf_cfg *c = &g.dbcf;
        static const fg_bank_mapping maps[] = {FG_MAP_XMAP, FG_MAP_XMAP_XOR, FG_MAP_MOD, FG_MAP_BLOCK};
        if (j->kind == DESIGN_DBCF) {
            c->pllr = 4 * (1 + PICK(max_pllr / 4));
            j->mapping = maps[PICK(4)];
        } else { /* the RTL mapper: powers of 2, no block mapping */
            int lg = 0; /* powers of 2 in [4, max_pllr] */
            while ((8 << lg) <= max_pllr)
                lg++;
            c->pllr = 4 << PICK(lg + 1);
            j->mapping = maps[PICK(3)];
        }
        c->banks = c->pllr * (1 + PICK(2)); /* PLLR or 2 PLLR */
        c->select = PICK(6) == 0 ? FG_DBCF_SELECT_ALL : 1 + PICK(4);
        c->fifo_depth = PICK(7);
        c->buf_depth = PICK(9);
        c->offer = PICK(3) == 0 ? FG_DBCF_OFFER_HEAD : FG_DBCF_OFFER_DUAL;
        c->lfsr_seed = (uint16_t)(1 + PICK(0xFFFF));
        c->stall = 0;
        g.width = 16;
        g.bank_depth = j->kind == DESIGN_DBCF ? fg_gen_dbcf_default_bank_depth(c->pllr, c->banks)
                                              : fg_gen_subsys_bank_depth(j->std, c->pllr, c->banks, j->mapping);
        j->dbcf = g;
    } else {
        j->iag = fg_gen_iag_cfg_default();
        j->iag.std = j->std;
        j->iag.pllr = 4 * (1 + PICK(max_pllr / 4));
    }
    j->nK = 2;
    for (int i = 0; i < 2; i++)
        j->K_n[i] = fg_interleaver_size(j->std, PICK(fg_interleaver_num_sizes(j->std)));
    j->halves = 3;
#undef PICK
}

/* End of a verify run: close the JSON document (js NULL without --json), keep or remove the work
 * directory (a failure keeps it for its waveforms, an interruption does not), the exit code. */
static int finish_run(fg_json *js, int configs_ok, int rc, int keep, const char *work, fg_tmpdir *td)
{
    const int stopped = fg_cli_stopped();
    const int kept = keep || !td || (rc && !stopped);
    if (js) {
        fg_json_arr_close(js);
        fg_json_int(js, "configurations_matching", configs_ok);
        fg_json_bool(js, "match", rc == 0 && !stopped);
        if (stopped)
            fg_json_int(js, "interrupted_by_signal", stopped);
        fg_json_str(js, "work", kept && (rc || keep || stopped) ? work : "");
        fg_json_obj_close(js);
        fg_json_end(js);
    }
    if (kept && (rc || keep || stopped))
        fprintf(stderr, "fecforge verify: work directory kept: %s\n", work);
    fg_tmpdir_release(td, kept);
    fg_cli_coop_end();
    if (stopped)
        return 128 + stopped;
    return rc ? FG_EXIT_FAIL : FG_EXIT_OK;
}

static int verify_design(design_kind kind, int argc, char **argv)
{
    enum { O_PLLR = 256, O_BANKS, O_SEL, O_FIFO, O_BUF, O_OFFER, O_SEED_LFSR, O_WIDTH, O_DEPTH, O_MAP, O_DIR, /* dbcf */
           O_MODE, O_FWD,                                                                        /* iag */
           O_STD, O_K, O_RANDOM, O_SEED, O_WORK, O_KEEP, O_JOBS, O_JSON, O_SIM, O_MAXP };
    static const struct option opts[] = {
        {"pllr", required_argument, NULL, O_PLLR},        {"banks", required_argument, NULL, O_BANKS},
        {"select", required_argument, NULL, O_SEL},       {"fifo-depth", required_argument, NULL, O_FIFO},
        {"buf-depth", required_argument, NULL, O_BUF},    {"offer", required_argument, NULL, O_OFFER},
        {"lfsr-seed", required_argument, NULL, O_SEED_LFSR}, {"width", required_argument, NULL, O_WIDTH},
        {"bank-depth", required_argument, NULL, O_DEPTH},
        {"mapping", required_argument, NULL, O_MAP},      {"direction", required_argument, NULL, O_DIR},
        {"mode", required_argument, NULL, O_MODE},        {"forward-only", no_argument, NULL, O_FWD},
        {"std", required_argument, NULL, O_STD},          {"K", required_argument, NULL, O_K},
        {"random", required_argument, NULL, O_RANDOM},    {"seed", required_argument, NULL, O_SEED},
        {"work", required_argument, NULL, O_WORK},        {"keep", no_argument, NULL, O_KEEP},
        {"jobs", required_argument, NULL, O_JOBS},        {"json", no_argument, NULL, O_JSON},
        {"sim", required_argument, NULL, O_SIM},          {"max-pllr", required_argument, NULL, O_MAXP},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *what = design_names[kind];
    job j = {.kind = kind, .dbcf = fg_gen_dbcf_cfg_default(), .mapping = FG_MAP_XMAP_XOR,
             .iag = fg_gen_iag_cfg_default(), .std = FG_STD_UMTS, .halves = 3};
    fg_dbcf_cfg *c = &j.dbcf.dbcf;
    c->pllr = 8;
    c->banks = 16;
    c->select = 3;
    c->fifo_depth = 4;
    c->buf_depth = 4;
    j.dbcf.width = 16;
    j.iag.pllr = 8;
    const char *K_text = NULL, *work_opt = NULL, *std_name = kind == DESIGN_IAG ? NULL : "umts";
    int random_n = 0, max_pllr = 16, keep = 0, jobs = 2, json = 0, seed_set = 0, opt;
    unsigned long long seed = 0;
    optind = 1;
    int idx = -1, seen = 0, r;
    while ((opt = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
        if ((kind == DESIGN_IAG && opt >= O_BANKS && opt <= O_DIR) || (kind == DESIGN_DBCF && opt >= O_MODE && opt <= O_FWD) ||
            (kind == DESIGN_SUBSYS && (opt == O_DIR || opt == O_FWD))) {
            const struct option *o = opts;
            while (o->val != opt)
                o++;
            return fg_cli_usage_error(CMD, "option --%s is not an option of 'verify %s'", o->name, what);
        }
        if (kind != DESIGN_IAG && idx >= 0 &&
            (r = fg_cli_dbcf_design_option(CMD, opts[idx].name, optarg, &j.dbcf, &seen)) != 0) {
            if (r < 0)
                return FG_EXIT_USAGE;
            idx = -1;
            continue;
        }
        idx = -1;
        int bad = 0;
        switch (opt) {
        case O_PLLR: bad = fg_cli_int(CMD, "pllr", optarg, 4, FG_IAG_LANES_MAX, &j.iag.pllr); break; /* iag */
        case O_MAP:
            if (fg_bank_mapping_parse(optarg, &j.mapping))
                return fg_cli_usage_error(CMD, "--%s", fg_last_error());
            break;
        case O_DIR:
        case O_MODE: {
            const char *first = opt == O_DIR ? "interleave" : "forward", *second = opt == O_DIR ? "deinterleave" : "inverse";
            if (!strcmp(optarg, "both"))
                j.halves = 3;
            else if (!strcmp(optarg, first))
                j.halves = 1;
            else if (!strcmp(optarg, second))
                j.halves = 2;
            else
                return fg_cli_usage_error(CMD, "--%s=%s unknown: valid are both, %s, %s",
                                          opt == O_DIR ? "direction" : "mode", optarg, first, second);
            break;
        }
        case O_FWD: j.iag.forward_only = 1; break;
        case O_STD: std_name = optarg; break;
        case O_K: K_text = optarg; break;
        case O_RANDOM: bad = fg_cli_int(CMD, "random", optarg, 1, 100000, &random_n); break;
        case O_MAXP: bad = fg_cli_int(CMD, "max-pllr", optarg, 4, 64, &max_pllr); break;
        case O_SEED: {
            char *end;
            errno = 0;
            seed = strtoull(optarg, &end, 0);
            if (!*optarg || *end || errno)
                return fg_cli_usage_error(CMD, "--seed=%s invalid: expected a non-negative integer", optarg);
            seed_set = 1;
            break;
        }
        case O_WORK: work_opt = optarg; break;
        case O_KEEP: keep = 1; break;
        case O_JOBS: bad = fg_cli_int(CMD, "jobs", optarg, 1, 256, &jobs); break;
        case O_JSON: json = 1; break;
        case O_SIM:
            if (!strcmp(optarg, "systemc"))
                j.systemc = 1;
            else if (strcmp(optarg, "verilator"))
                return fg_cli_usage_error(CMD, "--sim=%s unknown: valid are verilator, systemc", optarg);
            break;
        case 'h': help(); return FG_EXIT_OK;
        default: return FG_EXIT_USAGE;
        }
        if (bad)
            return FG_EXIT_USAGE;
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!std_name && !random_n)
        return fg_cli_usage_error(CMD, "iag: --std is required: lte or umts");
    if (std_name && fg_std_parse(std_name, &j.std))
        return fg_cli_usage_error(CMD, "--%s", fg_last_error());
    if (kind != DESIGN_IAG && (c->pllr < 4 || c->pllr > FG_PLLR_MAX || c->pllr % 4))
        return fg_cli_usage_error(CMD, "--pllr=%d invalid: a multiple of 4 in [4, %d] (4 LLRs per radix-4 XMAP)",
                                  c->pllr, FG_PLLR_MAX);
    if (kind != DESIGN_IAG && (c->banks < 1 || c->banks > FG_DBCF_BANKS_MAX))
        return fg_cli_usage_error(CMD, "--banks=%d out of range [1, %d]", c->banks, FG_DBCF_BANKS_MAX);
    if (kind != DESIGN_IAG && !(seen & FG_CLI_OPT_BANKS) && (j.mapping == FG_MAP_XMAP || j.mapping == FG_MAP_XMAP_XOR) &&
        c->banks % c->pllr)
        c->banks = 2 * c->pllr;
    if (K_text) {
        int *K = NULL, n = 0;
        if (fg_cli_k_set(CMD, j.std, K_text, &K, &n))
            return FG_EXIT_USAGE;
        if (n > MAX_SETS / 2) {
            free(K);
            return fg_cli_usage_error(CMD, "--K=%s: at most %d block sizes per run", K_text, MAX_SETS / 2);
        }
        memcpy(j.K_n, K, sizeof *K * (size_t)n);
        j.nK = n;
        free(K);
    } else {
        j.nK = 1;
        j.K_n[0] = j.std == FG_STD_LTE ? 6144 : 5114;
    }
    if (!(seen & FG_CLI_OPT_DEPTH))
        j.dbcf.bank_depth = kind == DESIGN_SUBSYS ? fg_gen_subsys_bank_depth(j.std, c->pllr, c->banks, j.mapping)
                                                  : fg_gen_dbcf_default_bank_depth(c->pllr, c->banks);
    if (random_n && !seed_set)
        seed = (unsigned long long)time(NULL);
    if (!random_n && check_job(&j))
        return FG_EXIT_USAGE;
    if (!fg_cli_have_program("verilator"))
        return fg_cli_fail(CMD, "verilator not found on PATH (Debian package verilator)");

    char work[PATH_MAX];
    fg_tmpdir *td;
    int rc = make_work(work_opt, work, sizeof work, &td);
    if (rc)
        return rc;
    fg_cli_coop_begin();
    fg_json js;
    if (json) {
        fg_json_begin(&js, stdout);
        fg_json_obj_open(&js, NULL);
        fg_json_provenance(&js, random_n ? (long long)seed : -1);
        fg_json_str(&js, "design", what);
        fg_json_str(&js, "sim", j.systemc ? "systemc" : "verilator");
        fg_json_arr_open(&js, "configurations");
    }
    const int n_jobs = random_n ? random_n : 1;
    int configs_ok = 0;
    if (random_n)
        fprintf(stderr, "fecforge verify: %d random configurations, --seed %llu\n", random_n, seed);
    static set_result results[MAX_SETS];
    for (int i = 0; i < n_jobs && !rc; i++) {
        if (random_n) {
            fg_rng rs; /* configuration i draws from Philox stream i of the seed */
            fg_rng_init(&rs, seed, (uint64_t)i);
            random_job(&rs, max_pllr, &j);
            if (check_job(&j)) {
                rc = fg_cli_fail(CMD, "internal: random configuration %d is not legal", i);
                break;
            }
        }
        char cmdline[1024], jw[PATH_MAX + 32];
        job_command(&j, cmdline, sizeof cmdline);
        if (random_n) {
            pathf(jw, sizeof jw, "%s/cfg%d", work, i);
            if (mkdir(jw, 0755) && errno != EEXIST) {
                rc = fg_cli_fail(CMD, "cannot create %s: %s", jw, strerror(errno));
                break;
            }
            fprintf(stderr, "fecforge verify: configuration %d/%d: %s\n", i + 1, n_jobs, cmdline);
        } else
            pathf(jw, sizeof jw, "%s", work);
        int nres = 0;
        const int st = verify_job(&j, jw, jobs, results, &nres);
        if (fg_cli_stopped()) {
            rc = FG_EXIT_FAIL;
            break;
        }
        char name[256];
        if (kind == DESIGN_DBCF)
            fg_gen_dbcf_name(&j.dbcf, name, sizeof name);
        else if (kind == DESIGN_IAG)
            fg_gen_iag_name(&j.iag, name, sizeof name);
        else {
            const fg_gen_subsys_cfg g = subsys_cfg(&j);
            fg_gen_subsys_name(&g, name, sizeof name);
        }
        if (json) {
            fg_json_obj_open(&js, NULL);
            fg_json_str(&js, "top", name);
            fg_json_str(&js, "command", cmdline);
            fg_json_bool(&js, "match", st == 0);
            fg_json_arr_open(&js, "sets");
            print_results(&j, results, nres, &js);
            fg_json_arr_close(&js);
            fg_json_obj_close(&js);
        } else {
            printf("%s: %s (%d vector sets)\n", name, st == 0 ? "RTL = C model" : "MISMATCH", nres);
            print_results(&j, results, nres, NULL);
            fflush(stdout);
        }
        if (st) {
            rc = st;
            if (random_n)
                fprintf(stderr, "fecforge verify: reproduce with: %s   (random --seed %llu, configuration %d)\n",
                        cmdline, seed, i + 1);
        } else
            configs_ok++;
    }
    return finish_run(json ? &js : NULL, configs_ok, rc, keep, work, td);
}

/* ---- verify vectors: an existing RTL directory against existing vector sets ---- */

/* The vector set was made for this RTL: same design, and every parameter both manifests name has
 * the same value (the RTL may be wider: bank_depth and the data width only need to hold the set). */
static int check_agreement(const vj *rtl_doc, const char *rtl_dir, const char *vdir)
{
    fg_vec_set *s;
    if (fg_vec_open(vdir, &s))
        return fg_cli_usage_error(CMD, "%s", fg_last_error());
    int rc = 0;
    const vj *design = vj_get(rtl_doc, "design"), *params = vj_get(rtl_doc, "parameters");
    if (strcmp(design->s, fg_vec_design(s)))
        rc = fg_cli_usage_error(CMD, "%s holds %s vectors, %s a %s design", vdir, fg_vec_design(s), rtl_dir,
                                design->s);
    for (int i = 0; !rc && params && params->t == VJ_OBJ && i < params->n; i++) {
        const char *key = params->keys[i];
        const vj *v = &params->items[i];
        long long iv;
        const char *sv;
        if (!strcmp(key, "bank_depth") || !strcmp(key, "width")) {
            const char *vkey = !strcmp(key, "width") ? "data_width" : key;
            if (v->is_int && fg_vec_get_param_int(s, vkey, &iv) == 0 && iv > v->i)
                rc = fg_cli_usage_error(CMD, "%s: %s=%lld does not fit the RTL's %s=%lld (%s)", vdir, vkey, iv, key,
                                        v->i, rtl_dir);
        } else if (v->is_int && fg_vec_get_param_int(s, key, &iv) == 0) {
            if (iv != v->i)
                rc = fg_cli_usage_error(CMD, "%s was made for %s=%lld, the RTL in %s has %s=%lld", vdir, key, iv,
                                        rtl_dir, key, v->i);
        } else if (v->t == VJ_STR && fg_vec_get_param_str(s, key, &sv) == 0 && strcmp(sv, v->s))
            rc = fg_cli_usage_error(CMD, "%s was made for %s=%s, the RTL in %s has %s=%s", vdir, key, sv, rtl_dir,
                                    key, v->s);
    }
    fg_clear_error();
    fg_vec_close(s);
    return rc;
}

static int verify_vectors(int argc, char **argv)
{
    static const struct option opts[] = {{"rtl", required_argument, NULL, 'r'}, {"work", required_argument, NULL, 'w'},
                                         {"keep", no_argument, NULL, 'k'},      {"jobs", required_argument, NULL, 'j'},
                                         {"help", no_argument, NULL, 'h'},      {NULL, 0, NULL, 0}};
    const char *rtl_opt = NULL, *work_opt = NULL;
    int keep = 0, jobs = 2, opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (opt) {
        case 'r': rtl_opt = optarg; break;
        case 'w': work_opt = optarg; break;
        case 'k': keep = 1; break;
        case 'j':
            if (fg_cli_int(CMD, "jobs", optarg, 1, 256, &jobs))
                return FG_EXIT_USAGE;
            break;
        case 'h': help(); return FG_EXIT_OK;
        default: return FG_EXIT_USAGE;
        }
    }
    if (!rtl_opt)
        return fg_cli_usage_error(CMD, "vectors: --rtl DIR (a `fecforge gen` output) is required");
    if (optind >= argc)
        return fg_cli_usage_error(CMD, "vectors: expected at least one vector set directory");
    if (argc - optind > MAX_SETS)
        return fg_cli_usage_error(CMD, "vectors: at most %d vector sets per run", MAX_SETS);
    char rtl[PATH_MAX];
    if (strlen(rtl_opt) >= sizeof rtl)
        return fg_cli_usage_error(CMD, "--rtl: path too long");
    snprintf(rtl, sizeof rtl, "%s", rtl_opt);
    vj doc;
    if (absolute(rtl, sizeof rtl) || read_manifest(rtl, &doc))
        return FG_EXIT_USAGE;
    const vj *lat = vj_get(&doc, "latency_cycles");
    char latency[24];
    snprintf(latency, sizeof latency, "%lld", lat && lat->is_int ? lat->i : 0LL);
    int rc = 0;
    for (int i = optind; !rc && i < argc; i++)
        rc = check_agreement(&doc, rtl, argv[i]);
    vj_free(&doc);
    if (rc)
        return rc;
    if (!fg_cli_have_program("verilator"))
        return fg_cli_fail(CMD, "verilator not found on PATH (Debian package verilator)");
    char work[PATH_MAX];
    fg_tmpdir *td;
    if ((rc = make_work(work_opt, work, sizeof work, &td)))
        return rc;
    fg_cli_coop_begin();
    char top[256], tb[PATH_MAX + 16];
    rc = copy_design(rtl, work);
    if (!rc)
        rc = build_harness(work, jobs, top, sizeof top);
    if (!rc) {
        char *run_argv[MAX_SETS + 4];
        int na = 0;
        pathf(tb, sizeof tb, "%s/obj/tb", work);
        run_argv[na++] = tb;
        run_argv[na++] = "--latency";
        run_argv[na++] = latency;
        for (int i = optind; i < argc; i++)
            run_argv[na++] = argv[i];
        run_argv[na] = NULL;
        fflush(NULL);
        const int st = run_logged(NULL, run_argv, NULL);
        rc = st == 0 ? 0 : FG_EXIT_FAIL;
        if (!fg_cli_stopped())
            printf("%s: %s against %d vector set%s\n", top, rc ? "MISMATCH" : "RTL = vectors", argc - optind,
                   argc - optind > 1 ? "s" : "");
    }
    return finish_run(NULL, 0, rc, keep, work, td);
}

/* ---- verify ldpc: the generated multi-code LDPC decoder ---- */

enum { LDPC_EBN0_MAX = 8, LDPC_ET_OFF_ITER = 5 };

typedef struct {
    char dir[PATH_MAX];
    int code;              /* index in the design's set (code_sel_i) */
    double ebn0;
    int et, max_iter;      /* the runtime inputs et_en_i and max_iter_i of the set */
    int frames;
    fg_ldpc_arch_vec_result vr;
    int pass;
} ldpc_set;

typedef struct {
    int frames;
    double ebn0[LDPC_EBN0_MAX];
    int n_ebn0;
    char ebn0_text[128];
    unsigned long long seed;
    const char *verify_codes; /* --verify-codes LIST, NULL = all */
    int systemc;              /* --sim systemc: the co-simulation instead of the vector harness */
} ldpc_run;

/* The command line that reproduces a verify ldpc run of design d. */
static void ldpc_command(const fg_cli_ldpc_design *d, const ldpc_run *r, char *buf, size_t n)
{
    char args[1024];
    fg_cli_ldpc_design_args(d, args, sizeof args);
    snprintf(buf, n, "fecforge verify ldpc %s --frames %d --ebn0 %s --seed %llu%s%s", args, r->frames, r->ebn0_text,
             r->seed, r->verify_codes ? " --verify-codes " : "", r->verify_codes ? r->verify_codes : "");
}

/* The indices of --verify-codes in the design's set (all codes without it) into idx; usage error if
 * a name is not in the set. */
static int ldpc_verify_codes(const fg_cli_ldpc_design *d, const char *list, int *idx, int *n)
{
    *n = 0;
    if (!list) {
        for (int i = 0; i < d->gen.n_codes; i++)
            idx[(*n)++] = i;
        return 0;
    }
    char *text = strdup(list), *save = NULL;
    if (!text)
        return fg_cli_fail(CMD, "out of memory");
    int rc = 0;
    for (char *tok = strtok_r(text, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
        int found = -1;
        for (int i = 0; i < d->gen.n_codes; i++)
            if (!strcmp(d->gen.codes[i]->name, tok))
                found = i;
        int dup = 0;
        for (int k = 0; k < *n; k++)
            dup |= idx[k] == found;
        if (found < 0)
            rc = fg_cli_usage_error(CMD, "--verify-codes: %s is not in the design's --codes set", tok);
        else if (!dup && *n < FG_GEN_LDPC_CODES_MAX)
            idx[(*n)++] = found;
    }
    free(text);
    if (!rc && !*n)
        rc = fg_cli_usage_error(CMD, "--verify-codes=%s: no code in the list", list);
    return rc;
}

/* Generate d into work/rtl, write the vector sets (each code of idx x each Eb/N0; every other set with
 * early termination off and max_iter_i = min(5, max)), build the harness once and run it on all sets.
 * *sets is malloc'ed (n_sets entries). */
static int ldpc_verify_job(const fg_cli_ldpc_design *d, const ldpc_run *r, const int *idx, int n_idx,
                           const char *work, int jobs, ldpc_set **sets, int *n_sets, char *top, size_t top_n)
{
    char rtl[PATH_MAX + 8], tb[PATH_MAX + 16], log[PATH_MAX + 16];
    *n_sets = 0;
    *sets = NULL;
    pathf(rtl, sizeof rtl, "%s/rtl", work);
    fg_gen_ldpc_name(&d->gen, top, top_n);
    fg_gen_ldpc_dims dims;
    if (fg_gen_ldpc(&d->gen, rtl) || fg_gen_ldpc_dims_of(&d->gen, &dims))
        return fg_cli_fail(CMD, "gen: %s", fg_last_error());
    const int n = n_idx * r->n_ebn0;
    ldpc_set *s = calloc((size_t)n, sizeof *s);
    if (!s)
        return fg_cli_fail(CMD, "out of memory");
    *sets = s;
    const int max = d->gen.arch.fx.max_iter;
    for (int i = 0; i < n; i++) {
        ldpc_set *e = &s[i];
        e->code = idx[i / r->n_ebn0];
        e->ebn0 = r->ebn0[i % r->n_ebn0];
        e->et = i % 2 == 0;
        e->frames = r->frames;
        e->max_iter = e->et ? max : (max < LDPC_ET_OFF_ITER ? max : LDPC_ET_OFF_ITER);
        const fg_ldpc_code *code = d->gen.codes[e->code];
        char nm[FG_LDPC_NAME_MAX];
        snprintf(nm, sizeof nm, "%s", code->name);
        for (char *p = nm; *p; p++)
            if (*p == '/')
                *p = '_';
        pathf(e->dir, sizeof e->dir, "%s/vec-%03d-%s-e%g-%s", work, e->code, nm, e->ebn0, e->et ? "et" : "noet");
        fg_ldpc_arch_cfg cfg = d->gen.arch;
        cfg.col_order = d->gen.col_order ? d->gen.col_order[e->code] : NULL;
        cfg.layer_order = NULL;
        cfg.fx.max_iter = e->max_iter;
        cfg.fx.early_term = e->et;
        fg_ldpc_vec_params vp = fg_ldpc_vec_params_default();
        vp.frames = r->frames;
        vp.ebn0_db = e->ebn0;
        vp.seed = (uint64_t)r->seed;
        vp.lanes = dims.zmax;
        vp.code_index = e->code;
        fg_cli_progress(CMD, "vector sets", i, n);
        if (fg_ldpc_arch_write_vectors(e->dir, code, &cfg, &vp, &e->vr)) {
            fg_cli_progress_done();
            return fg_cli_fail(CMD, "vectors %s: %s", code->name, fg_last_error());
        }
        (*n_sets)++;
    }
    fg_cli_progress_done();
    if (r->systemc) { /* the C model, the Verilated model and the set in lock step, set by set */
        pathf(log, sizeof log, "%s/cosim.log", work);
        set_result *res = calloc((size_t)n, sizeof *res);
        if (!res)
            return fg_cli_fail(CMD, "out of memory");
        for (int i = 0; i < n; i++)
            snprintf(res[i].dir, sizeof res[i].dir, "%s", s[i].dir);
        const int rc = cosim_sets(rtl, work, jobs, 0, res, n, log);
        for (int i = 0; i < n; i++)
            s[i].pass = res[i].pass;
        free(res);
        return rc;
    }
    if (build_harness(work, jobs, top, top_n))
        return FG_EXIT_FAIL;
    vj doc;
    if (read_manifest(rtl, &doc))
        return FG_EXIT_FAIL;
    const vj *lat = vj_get(&doc, "latency_cycles");
    char latency[24];
    snprintf(latency, sizeof latency, "%lld", lat && lat->is_int ? lat->i : 0LL);
    vj_free(&doc);
    pathf(tb, sizeof tb, "%s/obj/tb", work);
    pathf(log, sizeof log, "%s/harness.log", work);
    int st = 0;
    for (int b = 0; b < n && st == 0; b += MAX_SETS) { /* the harness in batches of MAX_SETS sets */
        char *argv[MAX_SETS + 4];
        int na = 0;
        argv[na++] = tb;
        argv[na++] = "--latency";
        argv[na++] = latency;
        for (int i = b; i < n && i < b + MAX_SETS; i++)
            argv[na++] = s[i].dir;
        argv[na] = NULL;
        fprintf(stderr, "fecforge verify: running %s on vector sets %d..%d of %d\n", top, b + 1, na - 3 + b, n);
        st = run_logged(NULL, argv, log);
    }
    for (int i = 0; i < n; i++)
        s[i].pass = harness_passed(log, s[i].dir);
    return harness_status(st, top, log);
}

static void ldpc_print_sets(const fg_cli_ldpc_design *d, const ldpc_set *s, int n, fg_json *js)
{
    if (!js)
        printf("  %-18s %4s %6s %4s %8s %6s %9s %10s %12s  %s\n", "code", "idx", "Eb/N0", "ET", "max_iter", "frames",
               "frame_err", "iterations", "trace_cycles", "result");
    for (int i = 0; i < n; i++) {
        const ldpc_set *e = &s[i];
        const char *name = d->gen.codes[e->code]->name;
        if (js) {
            fg_json_obj_open(js, NULL);
            fg_json_str(js, "code", name);
            fg_json_int(js, "code_index", e->code);
            fg_json_num(js, "ebn0_db", e->ebn0);
            fg_json_bool(js, "early_term", e->et);
            fg_json_int(js, "max_iter", e->max_iter);
            fg_json_int(js, "frames", e->frames);
            fg_json_int(js, "frame_errors", e->vr.frame_errors);
            fg_json_int(js, "iterations", e->vr.iterations_total);
            fg_json_int(js, "trace_cycles", e->vr.cycles);
            fg_json_bool(js, "match", e->pass);
            fg_json_obj_close(js);
        } else
            printf("  %-18s %4d %6g %4s %8d %6d %9d %10d %12ld  %s\n", name, e->code, e->ebn0, e->et ? "on" : "off",
                   e->max_iter, e->frames, e->vr.frame_errors, e->vr.iterations_total, e->vr.cycles,
                   e->pass ? "PASS" : "FAIL");
    }
}

/* A random legal design: family wifi or wimax, 1-3 codes with Z <= max_z, K 1..3, N2 1..3, widths,
 * scaling and arithmetic switches, iteration limit, MB order; through the option parser, so that the
 * printed command reproduces it. */
static int ldpc_random_design(fg_rng *rs, int max_z, fg_cli_ldpc_design *d)
{
#define PICK(n) ((int)(fg_rng_next_u32(rs) % (uint32_t)(n)))
    const char *fam = PICK(2) ? "wimax" : "wifi";
    int cand[FG_GEN_LDPC_CODES_MAX], nc = 0;
    for (int i = 0; i < fg_ldpc_code_count() && nc < FG_GEN_LDPC_CODES_MAX; i++) {
        const char *nm = fg_ldpc_code_name(i);
        fg_ldpc_code *c;
        if (strncmp(nm, fam, strlen(fam)) || nm[strlen(fam)] != '-' || fg_ldpc_code_create(nm, &c))
            continue;
        if (c->z <= max_z)
            cand[nc++] = i;
        fg_ldpc_code_destroy(c);
    }
    if (!nc)
        return fg_cli_usage_error(CMD, "--max-z=%d: no %s code has Z <= %d", max_z, fam, max_z);
    char codes[256] = "";
    const int want = 1 + PICK(3);
    for (int k = 0; k < want && nc > 0; k++) {
        const int p = PICK(nc);
        const size_t at = strlen(codes);
        snprintf(codes + at, sizeof codes - at, "%s%s", k ? "," : "", fg_ldpc_code_name(cand[p]));
        cand[p] = cand[--nc];
    }
    static const char *const scales[] = {"3/4", "1/2", "7/8", "1", "5/8"};
    const int K = 1 + PICK(3), N2 = 1 + PICK(3), lw = 4 + PICK(5), rw = 4 + PICK(4);
    const int aw = (lw > rw ? lw : rw) + PICK(3);
    char v[16][32];
    snprintf(v[0], sizeof v[0], "%d", K);
    snprintf(v[1], sizeof v[1], "%dx%d", K, N2);
    snprintf(v[2], sizeof v[2], "%d", 3 + PICK(13));
    snprintf(v[3], sizeof v[3], "%s", PICK(2) ? "hazard" : "ltr");
    snprintf(v[4], sizeof v[4], "%s", scales[PICK(5)]);
    snprintf(v[5], sizeof v[5], "%d", lw);
    snprintf(v[6], sizeof v[6], "%d", 1 + PICK(3));
    snprintf(v[7], sizeof v[7], "%d", rw);
    snprintf(v[8], sizeof v[8], "%d", aw);
    snprintf(v[9], sizeof v[9], "%d", PICK(2));
    snprintf(v[10], sizeof v[10], "%d", PICK(2));
    snprintf(v[11], sizeof v[11], "%d", PICK(2));
    snprintf(v[12], sizeof v[12], "%d", PICK(2));
    static const char *const names[] = {"layers",   "mb",        "max-iter",    "mb-order",   "scale",
                                        "llr-width", "llr-frac", "r-width",     "app-width",  "in-shift",
                                        "scale-round", "r-sat-late", "app-keep"};
#undef PICK
    fg_cli_ldpc_design_init(d);
    if (fg_cli_ldpc_design_option(CMD, "codes", codes, d) < 0)
        return FG_EXIT_FAIL;
    for (int i = 0; i < 13; i++)
        if (fg_cli_ldpc_design_option(CMD, names[i], v[i], d) < 0)
            return fg_cli_fail(CMD, "internal: random option --%s %s refused", names[i], v[i]);
    if (fg_cli_ldpc_design_finish(CMD, d))
        return fg_cli_fail(CMD, "internal: the random configuration (--codes %s) is not legal", codes);
    return 0;
}

static int verify_ldpc(int argc, char **argv)
{
    enum { O_FRAMES = 256, O_EBN0, O_SEED, O_RANDOM, O_MAXZ, O_SIM, O_WORK, O_KEEP, O_JOBS, O_JSON, O_VCODES, O_DESIGN };
    static const struct option opts[] = {FG_CLI_LDPC_DESIGN_OPTIONS(O_DESIGN),
                                         {"frames", required_argument, NULL, O_FRAMES},
                                         {"ebn0", required_argument, NULL, O_EBN0},
                                         {"seed", required_argument, NULL, O_SEED},
                                         {"random", required_argument, NULL, O_RANDOM},
                                         {"max-z", required_argument, NULL, O_MAXZ},
                                         {"sim", required_argument, NULL, O_SIM},
                                         {"work", required_argument, NULL, O_WORK},
                                         {"keep", no_argument, NULL, O_KEEP},
                                         {"jobs", required_argument, NULL, O_JOBS},
                                         {"json", no_argument, NULL, O_JSON},
                                         {"verify-codes", required_argument, NULL, O_VCODES},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    fg_cli_ldpc_design d;
    fg_cli_ldpc_design_init(&d);
    ldpc_run run = {.frames = 2, .ebn0 = {0.5, 2.5, 12}, .n_ebn0 = 3, .ebn0_text = "0.5,2.5,12", .seed = 1};
    const char *work_opt = NULL;
    int random_n = 0, max_z = 32, keep = 0, jobs = 2, json = 0, seed_set = 0, systemc = 0, opt, idx = -1, rc = 0;
    int design_given = 0;
    optind = 1;
    while (!rc && (opt = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
        const char *name = idx >= 0 ? opts[idx].name : "";
        idx = -1;
        if (opt >= O_DESIGN && opt < O_DESIGN + FG_CLI_LDPC_DESIGN_NOPTS) {
            if (fg_cli_ldpc_design_option(CMD, name, optarg, &d) <= 0)
                rc = FG_EXIT_USAGE;
            design_given = 1;
            continue;
        }
        switch (opt) {
        case O_FRAMES: rc = fg_cli_int(CMD, "frames", optarg, 1, 10000, &run.frames) ? FG_EXIT_USAGE : 0; break;
        case O_EBN0: {
            char *text = strdup(optarg), *save = NULL;
            run.n_ebn0 = 0;
            for (char *tok = text ? strtok_r(text, ",", &save) : NULL; tok && !rc; tok = strtok_r(NULL, ",", &save)) {
                char *end;
                const double x = strtod(tok, &end);
                if (end == tok || *end || !(x >= -50 && x <= 100) || run.n_ebn0 >= LDPC_EBN0_MAX)
                    rc = fg_cli_usage_error(CMD, "--ebn0=%s invalid: expected up to %d numbers in [-50, 100] dB, "
                                                 "comma-separated", optarg, LDPC_EBN0_MAX);
                else
                    run.ebn0[run.n_ebn0++] = x;
            }
            if (!text)
                rc = fg_cli_fail(CMD, "out of memory");
            else if (!rc && !run.n_ebn0)
                rc = fg_cli_usage_error(CMD, "--ebn0: expected at least one value");
            free(text);
            if (!rc && strlen(optarg) >= sizeof run.ebn0_text)
                rc = fg_cli_usage_error(CMD, "--ebn0=%s: list too long", optarg);
            if (!rc)
                snprintf(run.ebn0_text, sizeof run.ebn0_text, "%s", optarg);
            break;
        }
        case O_SEED: {
            char *end;
            errno = 0;
            run.seed = strtoull(optarg, &end, 0);
            if (!*optarg || *end || errno || optarg[0] == '-')
                rc = fg_cli_usage_error(CMD, "--seed=%s invalid: expected a non-negative integer", optarg);
            seed_set = 1;
            break;
        }
        case O_RANDOM: rc = fg_cli_int(CMD, "random", optarg, 1, 100000, &random_n) ? FG_EXIT_USAGE : 0; break;
        case O_MAXZ: rc = fg_cli_int(CMD, "max-z", optarg, 24, FG_GEN_LDPC_ZMAX, &max_z) ? FG_EXIT_USAGE : 0; break;
        case O_SIM:
            if (!strcmp(optarg, "systemc"))
                systemc = 1;
            else if (strcmp(optarg, "verilator"))
                rc = fg_cli_usage_error(CMD, "--sim=%s unknown: valid are verilator, systemc", optarg);
            break;
        case O_WORK: work_opt = optarg; break;
        case O_KEEP: keep = 1; break;
        case O_JOBS: rc = fg_cli_int(CMD, "jobs", optarg, 1, 256, &jobs) ? FG_EXIT_USAGE : 0; break;
        case O_JSON: json = 1; break;
        case O_VCODES: run.verify_codes = optarg; break;
        case 'h':
            help();
            fg_cli_ldpc_design_free(&d);
            return FG_EXIT_OK;
        default: rc = FG_EXIT_USAGE;
        }
    }
    if (!rc && optind < argc)
        rc = fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    run.systemc = systemc;
    if (!rc && random_n && (design_given || run.verify_codes))
        rc = fg_cli_usage_error(CMD, "--random: draws the design itself; give no design options or --verify-codes");
    if (!rc && !random_n)
        rc = fg_cli_ldpc_design_finish(CMD, &d);
    int vidx[FG_GEN_LDPC_CODES_MAX], n_vidx = 0;
    if (!rc && !random_n)
        rc = ldpc_verify_codes(&d, run.verify_codes, vidx, &n_vidx);
    if (!rc && !fg_cli_have_program("verilator"))
        rc = fg_cli_fail(CMD, "verilator not found on PATH (Debian package verilator)");
    char work[PATH_MAX];
    fg_tmpdir *td = NULL;
    if (!rc)
        rc = make_work(work_opt, work, sizeof work, &td);
    if (rc) {
        fg_cli_ldpc_design_free(&d);
        return rc;
    }
    fg_cli_coop_begin();
    unsigned long long rseed = run.seed;
    if (random_n && !seed_set)
        rseed = run.seed = (unsigned long long)time(NULL);
    fg_json js;
    if (json) {
        fg_json_begin(&js, stdout);
        fg_json_obj_open(&js, NULL);
        fg_json_provenance(&js, (long long)run.seed);
        fg_json_str(&js, "design", "ldpc");
        fg_json_str(&js, "sim", "verilator");
        fg_json_arr_open(&js, "configurations");
    }
    const int n_jobs = random_n ? random_n : 1;
    int configs_ok = 0;
    if (random_n)
        fprintf(stderr, "fecforge verify: %d random configurations, --seed %llu\n", random_n, rseed);
    for (int i = 0; i < n_jobs && !rc; i++) {
        char jw[PATH_MAX + 32], cmdline[2048], top[256] = "";
        if (random_n) {
            fg_rng rs; /* configuration i draws from Philox stream i of the seed */
            fg_rng_init(&rs, rseed, (uint64_t)i);
            fg_cli_ldpc_design_free(&d);
            if ((rc = ldpc_random_design(&rs, max_z, &d)) != 0)
                break;
            ldpc_verify_codes(&d, NULL, vidx, &n_vidx);
            pathf(jw, sizeof jw, "%s/cfg%d", work, i);
            if (mkdir(jw, 0755) && errno != EEXIST) {
                rc = fg_cli_fail(CMD, "cannot create %s: %s", jw, strerror(errno));
                break;
            }
        } else
            pathf(jw, sizeof jw, "%s", work);
        ldpc_command(&d, &run, cmdline, sizeof cmdline);
        if (random_n)
            fprintf(stderr, "fecforge verify: configuration %d/%d: %s\n", i + 1, n_jobs, cmdline);
        ldpc_set *sets = NULL;
        int n_sets = 0;
        const int st = ldpc_verify_job(&d, &run, vidx, n_vidx, jw, jobs, &sets, &n_sets, top, sizeof top);
        if (fg_cli_stopped()) {
            rc = FG_EXIT_FAIL;
            break;
        }
        if (json) {
            fg_json_obj_open(&js, NULL);
            fg_json_str(&js, "top", top);
            fg_json_str(&js, "command", cmdline);
            fg_json_bool(&js, "match", st == 0);
            fg_json_arr_open(&js, "sets");
            ldpc_print_sets(&d, sets, n_sets, &js);
            fg_json_arr_close(&js);
            fg_json_obj_close(&js);
        } else {
            printf("%s: %s (%d vector sets)\n", top, st == 0 ? "RTL = C model" : "MISMATCH", n_sets);
            if (random_n)
                printf("  %s\n", cmdline);
            ldpc_print_sets(&d, sets, n_sets, NULL);
            fflush(stdout);
        }
        free(sets);
        if (st) {
            rc = st;
            if (random_n)
                fprintf(stderr, "fecforge verify: reproduce with: %s   (random --seed %llu, configuration %d)\n",
                        cmdline, rseed, i + 1);
        } else
            configs_ok++;
    }
    fg_cli_ldpc_design_free(&d);
    return finish_run(json ? &js : NULL, configs_ok, rc, keep, work, td);
}

/* The family mode: the word names a family and the options name implementations to compare. */
static int family_mode(int argc, char **argv)
{
    if (!fg_family_find(argv[1]))
        return 0;
    for (int i = 2; i < argc && strcmp(argv[i], "--"); i++)
        if (!strncmp(argv[i], "--impl", 6) || !strncmp(argv[i], "--against", 9) || !strncmp(argv[i], "--device", 8))
            return 1;
    /* a family that is no design: always the family mode */
    return strcmp(argv[1], "ldpc") != 0;
}

int fg_cmd_verify(int argc, char **argv)
{
    if (argc < 2)
        return fg_cli_usage_error(CMD, "expected a design: dbcf, iag, subsystem, ldpc or vectors; or a family with "
                                       "--impl (see fecforge verify --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help();
        return FG_EXIT_OK;
    }
    if (family_mode(argc, argv))
        return fg_cli_verify_family(fg_family_find(argv[1]), argc - 1, argv + 1);
    if (!strcmp(argv[1], "dbcf"))
        return verify_design(DESIGN_DBCF, argc - 1, argv + 1);
    if (!strcmp(argv[1], "iag"))
        return verify_design(DESIGN_IAG, argc - 1, argv + 1);
    if (!strcmp(argv[1], "subsystem"))
        return verify_design(DESIGN_SUBSYS, argc - 1, argv + 1);
    if (!strcmp(argv[1], "vectors"))
        return verify_vectors(argc - 1, argv + 1);
    if (!strcmp(argv[1], "ldpc"))
        return verify_ldpc(argc - 1, argv + 1);
    return fg_cli_usage_error(CMD, "'%s' unknown: valid are dbcf, iag, subsystem, vectors, ldpc, or a family with "
                                   "--impl", argv[1]);
}
