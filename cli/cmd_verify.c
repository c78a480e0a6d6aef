/* fecforge verify: a design's generated RTL against its C step model (the design registry,
 * fecforge_gen/design.h): generate it, write the vector sets of the run, build the generic vector
 * harness (testbench/vecsim) or the SystemC co-simulation around the Verilated design (cli_verilator.c)
 * and compare every output of every cycle; exit 0 only on a full match (docs/verify.md). Also `verify
 * vectors` (an existing design against existing sets) and `verify <family> --impl A --against B`
 * (cmd_verify_impl.c). */
#include "cli.h"
#include "cli_design.h"
#include "cli_verilator.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/rng.h"
#include "fecforge/vectors.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static const char *const CMD = "verify";


static void help(void)
{
    printf("usage: fecforge verify <design> [the design's options] [the sets' options] [--sim verilator|systemc]\n"
           "                       [--random N] [--work DIR] [--keep] [--jobs J] [--json]\n"
           "       fecforge verify vectors --rtl DIR [--work DIR] [--keep] [--jobs J] VECDIR...\n"
           "       fecforge verify <family> --impl A [--against B] [the family's options] [--frames N] ...\n\n"
           "A design's generated RTL against its cycle-accurate C model: generates the design (`fecforge gen`),\n"
           "writes the golden vector sets of the run (`fecforge vectors`: every block size and direction,\n"
           "every code and point the options name), verilates the design with the generic vector harness and\n"
           "compares every output port in every cycle and the final memory contents. Exit 0 only on a full\n"
           "match; on a mismatch the first differing cycle, port, expected and actual value are printed and\n"
           "an FST waveform is written next to the vector set (the work directory is kept).\n"
           "--sim systemc runs the SystemC co-simulation instead (docs/cosim.md: the C model as an SC_MODULE\n"
           "and the Verilated model in lock step; needs libsystemc-dev). --random N verifies N random legal\n"
           "configurations instead of the one given, each printing the command that reproduces it.\n"
           "vectors: an existing generated design (--rtl DIR) against existing vector sets; the sets must be\n"
           "of the same design and parameters (checked from both manifests).\n"
           "<family> --impl A --against B: two implementations of a decoder on the same frames, frame by frame\n"
           "(fecforge verify ldpc --impl gpu-fixed --help; docs/decode.md).\n\n"
           "designs (their options: fecforge verify <design> --help):\n");
    fg_cli_design_list(stdout, 1);
    printf("\nNeeds verilator and a C++ compiler (Debian packages verilator, g++).\n\n"
           "examples:\n");
    for (int i = 0; i < fg_design_count(); i++) {
        const fg_design *d = fg_design_at(i);
        if (d->generate)
            printf("  fecforge verify %s %s %s\n", d->name, d->example_args, d->example_run);
    }
    printf("  fecforge verify dbcf --random 2 --seed 7\n"
           "  fecforge gen dbcf --pllr 8 --banks 16 --select 2 --fifo-depth 4 --buf-depth 4 -o rtl\n"
           "  fecforge vectors dbcf --config rtl/manifest.json --K 200 -o v200\n"
           "  fecforge verify vectors --rtl rtl v200\n"
           "  fecforge verify ldpc --code wifi-648-1/2 --fixed --impl cycle --against fixed --frames 20\n\n"
           "exit: 0 full match, 1 mismatch or tool failure, 2 bad parameters, 128+N interrupted by signal N\n");
}

/* ---- verify <design> ---- */

typedef struct {
    int sim; /* 0 verilator, 1 systemc */
    int random, size, keep, jobs, json;
    uint64_t seed; /* of --random, when the run has no --seed of its own */
    char *work;
} verify_opts;

#define O(f) offsetof(verify_opts, f)
static fg_opt verify_table[] = {
    {"sim", 0, FG_OPT_CHOICE, O(sim), .words = "verilator|systemc", .def = "verilator", .meta = "S",
     .help = "the vector harness under Verilator, or the SystemC co-simulation (docs/cosim.md)"},
    {"random", 0, FG_OPT_INT, O(random), 1, 100000, .meta = "N", .def_text = "none",
     .help = "N random legal configurations instead of the given one"},
    {"size", 0, FG_OPT_INT, O(size), 1, 1024, .meta = "N", .help = "the largest configuration --random picks"},
    {"seed", 0, FG_OPT_SEED, O(seed), .meta = "S", .def_text = "from the clock, printed", .help = "seed of --random"},
    {"work", 0, FG_OPT_TEXT, O(work), .meta = "DIR", .flags = FG_CLI_OUTDIR,
     .help = "work directory (default: a new one under $TMPDIR, removed on success)"},
    {"keep", 0, FG_OPT_FLAG, O(keep), .help = "keep the work directory"},
    {"jobs", 0, FG_OPT_INT, O(jobs), 1, 256, .def = "2", .meta = "J",
     .help = "parallel C++ compile jobs of the Verilator build"},
    {"json", 0, FG_OPT_FLAG, O(json), .help = "one JSON object on stdout"},
    {NULL}};
#undef O

/* The run's option named name (the design's own --seed, if it has one): its field, or NULL. */
static void *run_field(const fg_cli_design *c, const char *name)
{
    for (const fg_design_part *p = c->d->run_parts; c->run && p && p->opts; p++)
        for (const fg_opt *o = p->opts; o->name; o++)
            if (!strcmp(o->name, name) && !o->alias_of)
                return (char *)c->run + p->offset + o->offset;
    return NULL;
}

/* The user's run options (all of them, as text) appended to args, but for those args names itself (a
 * random configuration's block sizes): the random design is run as the user asked. */
static void add_run_args(const fg_cli_design *c, char *args, size_t n)
{
    fg_opt_group g[2 * FG_DESIGN_PARTS_MAX];
    int ng = 0;
    for (const fg_design_part *p = c->d->run_parts; p && p->opts && ng < 2 * FG_DESIGN_PARTS_MAX; p++)
        g[ng++] = (fg_opt_group){p->title, p->opts, (char *)c->run + p->offset};
    fg_opts o = {.groups = g, .n_groups = ng};
    char run[1024], *w[128];
    if (fg_opts_args(&o, run, sizeof run))
        return;
    const int nw = fg_opts_split(run, w, 128);
    for (int i = 0; i < nw; i++) {
        /* "--name VALUE", "--name=VALUE" (a value that starts with '-') or a flag "--name" */
        const int has_value = !strchr(w[i], '=') && i + 1 < nw && w[i + 1][0] != '-';
        const int len = (int)strcspn(w[i], "=");
        char spaced[96], joined[96], value[512] = "";
        snprintf(spaced, sizeof spaced, "%.*s ", len, w[i]);
        snprintf(joined, sizeof joined, "%.*s=", len, w[i]);
        if (has_value && fg_opts_quote(w[i + 1], value, sizeof value))
            return;
        const size_t at = strlen(args);
        if (!strstr(args, spaced) && !strstr(args, joined) && at + strlen(w[i]) + strlen(value) + 3 < n)
            snprintf(args + at, n - at, " %s%s%s", w[i], has_value ? " " : "", value);
        i += has_value;
    }
}

/* The options of random configuration i (Philox stream i of the seed) with the user's run options. */
static int random_args(const fg_cli_design *c, const verify_opts *v, uint64_t seed, int i, char *args, size_t n)
{
    fg_rng r;
    fg_rng_init(&r, seed, (uint64_t)i);
    args[0] = '\0';
    if (c->d->random(&r, v->size, args, n))
        return FG_EINVAL;
    add_run_args(c, args, n);
    return 0;
}

/* The line of a configuration: what its verify_config status means (FG_CLI_VL_*, cli_verilator.h). */
static const char *verdict(int st)
{
    return st == 0                        ? "RTL = C model"
           : st == FG_CLI_VL_MISMATCH     ? "MISMATCH"
           : st == FG_CLI_VL_BUILD_FAILED ? "build failed"
                                          : "not verified";
}

/* One configuration: generate into work/rtl, write every vector set of the run, run the harness (or
 * the co-simulation) on them. res: one per set (malloc'ed). */
static int verify_config(const fg_design *d, const void *cfg, const void *run, const char *work, int jobs, int sim,
                         fg_cli_vl_set **res, int *n_res, char *top, size_t top_n)
{
    char rtl[PATH_MAX + 8], log[PATH_MAX + 16], tb[PATH_MAX + 16];
    fg_cli_pathf(rtl, sizeof rtl, "%s/rtl", work);
    d->top(cfg, top, top_n);
    int rc = d->generate(cfg, rtl);
    if (rc) /* a parameter the design's checks let through is still a parameter error */
        return rc == FG_EINVAL ? fg_cli_usage_error(CMD, "gen: %s", fg_last_error())
                               : fg_cli_fail(CMD, "gen: %s", fg_last_error());
    const int n = d->sets(cfg, run);
    if (n < 1 || n > FG_DESIGN_SETS_MAX)
        return fg_cli_usage_error(CMD, "the options name %d vector sets: 1 to %d per run", n, FG_DESIGN_SETS_MAX);
    fg_cli_vl_set *s = calloc((size_t)n, sizeof *s);
    if (!s)
        return fg_cli_fail(CMD, "out of memory");
    *res = s;
    *n_res = n;
    fg_cli_vectors_progress(CMD);
    for (int i = 0; i < n && !fg_cli_stopped(); i++) {
        char name[128];
        d->set_name(cfg, run, i, name, sizeof name);
        fg_cli_pathf(s[i].dir, sizeof s[i].dir, "%s/vec-%s", work, name);
        fg_cli_progress(CMD, "vector sets", i, n);
        if ((rc = d->vectors(cfg, run, i, s[i].dir))) {
            fg_cli_progress_done();
            return rc == FG_EINVAL ? fg_cli_usage_error(CMD, "vectors %s: %s", name, fg_last_error())
                                   : fg_cli_fail(CMD, "vectors %s: %s", name, fg_last_error());
        }
    }
    fg_cli_progress_done();
    if (fg_cli_stopped())
        return FG_EXIT_FAIL;
    if (sim) { /* a design with a co-simulation (verify_design checked --sim) */
        fg_cli_pathf(log, sizeof log, "%s/cosim.log", work);
        return fg_cli_vl_cosim_sets(work, jobs, s, n, log);
    }
    const long long cycles = fg_cli_vl_sets_cycles(s, n);
    if ((rc = fg_cli_vl_harness(work, jobs, cycles, 0, top, top_n)))
        return rc;
    fg_cli_pathf(tb, sizeof tb, "%s/obj/tb", work);
    fg_cli_pathf(log, sizeof log, "%s/harness.log", work);
    int st = 0;
    for (int b = 0; b < n && st == 0; b += FG_CLI_VL_BATCH) {
        char *argv[FG_CLI_VL_BATCH + 2];
        int na = 0;
        argv[na++] = tb;
        for (int i = b; i < n && i < b + FG_CLI_VL_BATCH; i++)
            argv[na++] = s[i].dir;
        argv[na] = NULL;
        if (n > FG_CLI_VL_BATCH)
            fprintf(stderr, "fecforge verify: running %s on vector sets %d..%d of %d\n", top, b + 1, b + na - 1, n);
        st = fg_cli_vl_run(NULL, argv, log);
    }
    int failed = -1;
    for (int i = 0; i < n; i++)
        if (!(s[i].pass = fg_cli_vl_passed(log, s[i].dir)) && failed < 0)
            failed = i;
    rc = fg_cli_vl_status(st, top, log);
    if (st == 1 && failed >= 0 && !fg_cli_stopped()) { /* a mismatch in the first set without PASS */
        char *one[] = {s[failed].dir};
        fg_cli_vl_waveform(work, jobs, cycles, NULL, one, 1);
    }
    return rc;
}

/* The sets of a configuration: their names, the counts of their manifests, match. */
static void print_sets(const fg_design *d, const void *cfg, const void *run, const fg_cli_vl_set *s, int n,
                       fg_json *js)
{
    for (int i = 0; i < n; i++) {
        char name[128];
        d->set_name(cfg, run, i, name, sizeof name);
        fg_vec_set *v = NULL;
        if (fg_vec_open(s[i].dir, &v))
            v = NULL;
        if (js) {
            fg_json_obj_open(js, NULL);
            fg_json_str(js, "set", name);
        } else
            printf("  %-36s", name);
        for (const char *const *k = d->summary_keys; v && k && *k; k++) {
            long long x;
            if (fg_vec_get_count(v, *k, &x))
                continue;
            if (js)
                fg_json_int(js, *k, x);
            else
                printf(" %s=%-5lld", *k, x);
        }
        if (js) {
            fg_json_bool(js, "match", s[i].pass);
            fg_json_obj_close(js);
        } else
            printf(" %s\n", s[i].pass ? "match" : "MISMATCH");
        fg_vec_close(v);
    }
    fg_clear_error();
}

/* End of a verify run: close the JSON document (js NULL without --json), keep or remove the work
 * directory (a failure keeps it for its waveforms, an interruption does not), the exit code. */
static int finish_run(fg_json *js, int configs_ok, int rc, int keep, const char *work, fg_tmpdir *td)
{
    const int stopped = fg_cli_stopped();
    const int kept = keep || !td || (rc && rc != FG_EXIT_USAGE && !stopped);
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
    return rc == FG_EXIT_USAGE ? FG_EXIT_USAGE : rc ? FG_EXIT_FAIL : FG_EXIT_OK;
}

/* For a design that is also a family (without --help before "--"): a usage error for the first word that
 * names an option of the family's implementations (`verify NAME --impl A --against B`) and none of the
 * design's, naming both readings. */
static int other_reading(const fg_cli_spec *s, const fg_design *d, int argc, char **argv)
{
    const fg_family *f = fg_family_find(d->name);
    const fg_opts mine = {.groups = s->groups, .n_groups = s->n_groups};
    int n = 1;
    while (f && n < argc && strcmp(argv[n], "--") && strcmp(argv[n], "--help") && strcmp(argv[n], "-h"))
        n++;
    const fg_family_impl *impl[FG_FAMILY_IMPLS_MAX];
    for (int i = 1; f && (n == argc || !strcmp(argv[n], "--")) && i < n; i++)
        if (!fg_opts_find(&mine, argv[i]) && fg_cli_verify_family_option(f, argv[i]) && fg_family_impls(f, impl, 1))
            return fg_cli_usage_error(s->cmd, "%.*s is an option of the %s family's implementations: verify %s --impl A "
                                      "--against B %.*s ... compares two of them (fecforge verify %s --impl %s --help "
                                      "lists their options); the design %s, its RTL against the step model, does not "
                                      "take it", (int)strcspn(argv[i], "="), argv[i], f->name, f->name,
                                      (int)strcspn(argv[i], "="), argv[i], f->name, impl[0]->name, d->name);
    return 0;
}

static int verify_design(const fg_design *d, int argc, char **argv)
{
    fg_cli_design c;
    verify_opts v = {0};
    int rc = fg_cli_design_begin(&c, CMD, d, 2);
    char about[1400], examples[512];
    snprintf(about, sizeof about,
             "%s\n\nThe generated RTL against the step model: every vector set of the run (the sets' options)\n"
             "replayed under Verilator, every output compared every cycle (fecforge verify --help).",
             d->about);
    snprintf(examples, sizeof examples, "fecforge verify %s %s %s\nfecforge verify %s --random 2 --seed 7", d->name,
             d->example_args, d->example_run, d->name);
    c.spec.about = about;
    c.spec.examples = examples;
    c.spec.exits = "0 full match, 1 mismatch or tool failure, 2 bad parameters, 128+N interrupted by signal N";
    /* --size is the design's measure of --random (--max-pllr, --max-z); --seed the run's own, if any */
    verify_table[2].name = d->random_size_name ? d->random_size_name : "size";
    verify_table[2].lo = d->random_size_lo;
    verify_table[2].hi = d->random_size_hi;
    verify_table[2].flags = d->random ? 0 : FG_OPT_HIDDEN;
    verify_table[1].flags = d->random ? 0 : FG_OPT_HIDDEN;
    v.size = d->random_size_def;
    uint64_t *run_seed = run_field(&c, "seed");
    verify_table[3].flags = run_seed ? FG_OPT_CONFIG : 0; /* the run's --seed seeds --random too */
    fg_cli_group(&c.spec, "verify", verify_table, &v);
    if (!rc)
        rc = other_reading(&c.spec, d, argc, argv);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc, argv)) != 0) {
        fg_cli_design_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    const int random_n = v.random;
    if (!rc && random_n && !d->random)
        rc = fg_cli_opt_error(&c.spec, &v.random, ": %s has no random configurations", d->name);
    for (const char *const *r = d->random_refuses; !rc && random_n && r && *r; r++) {
        const void *f = run_field(&c, *r);
        if (f && fg_cli_given(&c.spec, f))
            rc = fg_cli_opt_error(&c.spec, f, ": names the design's own; not with --random, which draws the design");
    }
    for (const fg_design_part *p = d->parts; !rc && random_n && p && p->opts; p++) /* no design option */
        for (const fg_opt *o = p->opts; !rc && o->name; o++)
            if (!o->alias_of && fg_cli_given(&c.spec, (char *)c.cfg + p->offset + o->offset))
                rc = fg_cli_opt_error(&c.spec, (char *)c.cfg + p->offset + o->offset,
                                      ": --random draws the design itself (the sets' options apply)");
    if (!rc && fg_cli_given(&c.spec, &v.size) && !random_n)
        rc = fg_cli_opt_error(&c.spec, &v.size, " needs --random");
    const int e = rc || !v.work ? 0 : fg_outdir_check(v.work, "verify-work");
    if (!rc && e < 0)
        rc = fg_cli_outdir_error(c.cmd, "work", e);
    if (!rc && !random_n)
        rc = fg_cli_design_finish(&c);
    if (!rc && v.sim && d->cosim == FG_DESIGN_COSIM_NONE)
        rc = fg_cli_opt_error(&c.spec, &v.sim, "=systemc: %s has no SystemC co-simulation", d->name);
    if (!rc && !fg_cli_have_program("verilator"))
        rc = fg_cli_fail(CMD, "verilator not found on PATH (Debian package verilator)");
    if (rc) {
        rc = fg_cli_finish(&c.spec, rc);
        fg_cli_design_end(&c);
        return rc;
    }
    uint64_t seed = run_seed ? *run_seed : v.seed;
    if (random_n && !fg_cli_given(&c.spec, run_seed ? (const void *)run_seed : &v.seed))
        seed = (uint64_t)time(NULL);
    /* every random configuration takes the run's options: checked before anything is written */
    for (int i = 0; i < random_n && !rc; i++) {
        char args[2048];
        fg_design_setup rs;
        if (random_args(&c, &v, seed, i, args, sizeof args) || fg_design_setup_text(&rs, d, 2, args))
            rc = fg_cli_opt_error(&c.spec, &v.random, ": configuration %d (%s): %s", i + 1, args, fg_last_error());
        fg_design_setup_free(&rs);
    }
    if (rc) {
        rc = fg_cli_finish(&c.spec, rc);
        fg_cli_design_end(&c);
        return rc;
    }
    char work[PATH_MAX];
    fg_tmpdir *td;
    if ((rc = fg_cli_vl_work(v.work, work, sizeof work, &td))) {
        rc = fg_cli_finish(&c.spec, rc);
        fg_cli_design_end(&c);
        return rc;
    }
    fg_cli_coop_begin();
    fg_json js;
    if (v.json) {
        fg_json_begin(&js, stdout);
        fg_json_obj_open(&js, NULL);
        fg_json_provenance(&js, random_n ? &seed : NULL);
        fg_json_str(&js, "design", d->name);
        fg_json_str(&js, "sim", v.sim ? "systemc" : "verilator");
        fg_json_arr_open(&js, "configurations");
    }
    const int n_cfg = random_n ? random_n : 1;
    int configs_ok = 0;
    if (random_n)
        fprintf(stderr, "fecforge verify: %d random configurations, --seed %llu\n", random_n, (unsigned long long)seed);
    for (int i = 0; i < n_cfg && !rc && !fg_cli_stopped(); i++) {
        fg_design_setup rs = {0};
        const void *cfg = c.cfg, *run = c.run;
        char args[2048], cmdline[2400], jw[PATH_MAX + 32];
        if (random_n) {
            if (random_args(&c, &v, seed, i, args, sizeof args) || fg_design_setup_text(&rs, d, 2, args)) {
                rc = fg_cli_fail(CMD, "internal: random configuration %d (%s) is not legal: %s", i + 1, args,
                                 fg_last_error());
                fg_design_setup_free(&rs);
                break;
            }
            cfg = rs.cfg;
            run = rs.run;
            fg_cli_pathf(jw, sizeof jw, "%s/cfg%d", work, i);
            if (mkdir(jw, 0755) && errno != EEXIST) {
                rc = fg_cli_fail(CMD, "cannot create %s: %s", jw, strerror(errno));
                fg_design_setup_free(&rs);
                break;
            }
        } else {
            fg_cli_design_args(&c, args, sizeof args);
            fg_cli_pathf(jw, sizeof jw, "%s", work);
        }
        snprintf(cmdline, sizeof cmdline, "fecforge verify %s %s%s", d->name, args, v.sim ? " --sim systemc" : "");
        if (random_n)
            fprintf(stderr, "fecforge verify: configuration %d/%d: %s\n", i + 1, n_cfg, cmdline);
        fg_cli_vl_set *res = NULL;
        int n_res = 0;
        char top[FG_DESIGN_TOP_MAX];
        const int st = verify_config(d, cfg, run, jw, v.jobs, v.sim, &res, &n_res, top, sizeof top);
        /* the sets' lines only where the harness compared them; nothing for a parameter error */
        const int compared = st == 0 || st == FG_CLI_VL_MISMATCH;
        if (!fg_cli_stopped() && st != FG_EXIT_USAGE) {
            if (v.json) {
                fg_json_obj_open(&js, NULL);
                fg_json_str(&js, "top", top);
                fg_json_str(&js, "command", cmdline);
                fg_json_bool(&js, "match", st == 0);
                if (!compared)
                    fg_json_str(&js, "error", verdict(st));
                fg_json_arr_open(&js, "sets");
                if (compared)
                    print_sets(d, cfg, run, res, n_res, &js);
                fg_json_arr_close(&js);
                fg_json_obj_close(&js);
            } else {
                printf("%s: %s (%d vector set%s%s)\n", top, verdict(st), n_res, n_res == 1 ? "" : "s",
                       compared ? "" : ", not compared: the messages on stderr say why");
                if (compared)
                    print_sets(d, cfg, run, res, n_res, NULL);
                fflush(stdout);
            }
        }
        free(res);
        fg_design_setup_free(&rs);
        if (st) {
            rc = st;
            if (random_n && !fg_cli_stopped())
                fprintf(stderr, "fecforge verify: reproduce with: %s   (random --seed %llu, configuration %d)\n",
                        cmdline, (unsigned long long)seed, i + 1);
        } else
            configs_ok++;
    }
    rc = finish_run(v.json ? &js : NULL, configs_ok, rc, v.keep, work, td);
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_design_end(&c);
    return rc;
}

/* ---- verify vectors: an existing RTL directory against existing vector sets ---- */

/* Whether the option of design d whose manifest key is key is a capacity (FG_OPT_CAPACITY). */
static int is_capacity(const fg_design *d, const char *key)
{
    for (const fg_design_part *p = d ? d->parts : NULL; p && p->opts; p++)
        for (const fg_opt *o = p->opts; o->name; o++) {
            char k[64];
            fg_opt_key(o, k, sizeof k);
            if (!o->alias_of && !strcmp(k, key))
                return (o->flags & FG_OPT_CAPACITY) != 0;
        }
    return 0;
}

/* The vector set was made for this RTL: same design, and every option both manifests name has the same value
 * (a capacity, FG_OPT_CAPACITY, only needs to hold what the set uses: its derived value where it has one). */
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
        const int wider = is_capacity(fg_design_find(design->s), key);
        if ((v->t == VJ_BOOL || (v->t == VJ_NUM && v->is_int)) &&
            ((wider && fg_vec_get_derived_int(s, key, &iv) == 0) || fg_vec_get_param_int(s, key, &iv) == 0)) {
            if (wider ? iv > v->i : iv != v->i)
                rc = fg_cli_usage_error(CMD, "%s was made for %s=%lld, the RTL in %s has %s=%lld%s", vdir, key, iv,
                                        rtl_dir, key, v->i, wider ? " (it may be more, not less)" : "");
        } else if (v->t == VJ_STR && fg_vec_get_param_str(s, key, &sv) == 0 && strcmp(sv, v->s))
            rc = fg_cli_usage_error(CMD, "%s was made for %s=%s, the RTL in %s has %s=%s", vdir, key, sv, rtl_dir,
                                    key, v->s);
    }
    fg_clear_error();
    fg_vec_close(s);
    return rc;
}

/* The RTL's latency beyond what a set of its design shows: the manifest's latency_cycles less the
 * latency the step model already has in the set's streams (its "latency" count: the IAG's pipeline). */
static long long extra_latency(const vj *rtl_doc, const char *vdir)
{
    const vj *lat = vj_get(rtl_doc, "latency_cycles");
    long long l = lat && lat->is_int ? lat->i : 0, own = 0;
    fg_vec_set *s;
    if (!fg_vec_open(vdir, &s)) {
        if (fg_vec_get_count(s, "latency", &own))
            own = 0;
        fg_vec_close(s);
    }
    fg_clear_error();
    return l > own ? l - own : 0;
}

typedef struct {
    char *rtl, *work;
    int keep, jobs;
} vectors_opts;

#define O(f) offsetof(vectors_opts, f)
static const fg_opt vectors_table[] = {
    {"rtl", 0, FG_OPT_TEXT, O(rtl), .meta = "DIR", .flags = FG_OPT_REQUIRED | FG_OPT_PATH_IN,
     .help = "a `fecforge gen` output"},
    {"work", 0, FG_OPT_TEXT, O(work), .meta = "DIR", .flags = FG_CLI_OUTDIR,
     .help = "work directory (default: a new one under $TMPDIR, removed on success)"},
    {"keep", 0, FG_OPT_FLAG, O(keep), .help = "keep the work directory"},
    {"jobs", 0, FG_OPT_INT, O(jobs), 1, 256, .def = "2", .meta = "J",
     .help = "parallel C++ compile jobs of the Verilator build"},
    {NULL}};
#undef O

static int verify_vectors(int argc, char **argv)
{
    vectors_opts v = {0};
    fg_cli_spec spec = {
        .cmd = "verify vectors",
        .about = "An existing generated design (--rtl DIR, a `fecforge gen` output) against existing vector sets\n"
                 "(`fecforge vectors`): the sets must be of the same design and parameters (checked from both\n"
                 "manifests); each set is replayed under Verilator and every output compared every cycle.",
        .examples = "fecforge gen iag --std lte --pllr 8 -o rtl-iag\n"
                    "fecforge vectors iag --config rtl-iag/manifest.json --K 40 --mode inverse -o v40\n"
                    "fecforge verify vectors --rtl rtl-iag v40",
        .exits = "0 full match, 1 mismatch or tool failure, 2 bad parameters or sets that do not fit the design, "
                 "128+N interrupted by signal N",
        .pos_min = 1,
        .pos_max = FG_CLI_VL_BATCH,
        .pos_meta = "VECDIR...",
        .pos_inputs = 1};
    fg_cli_group(&spec, "options", vectors_table, &v);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc)
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    char rtl[PATH_MAX];
    vj doc;
    int have_doc = 0;
    if (strlen(v.rtl) >= sizeof rtl - 512)
        rc = fg_cli_usage_error(spec.cmd, "--rtl: path too long");
    else {
        snprintf(rtl, sizeof rtl, "%s", v.rtl);
        if (fg_cli_vl_absolute(rtl, sizeof rtl) || fg_cli_vl_manifest(rtl, &doc))
            rc = fg_cli_usage_error(spec.cmd, "--rtl=%s: %s", v.rtl, fg_last_error());
        else
            have_doc = 1;
    }
    for (int i = 0; !rc && i < spec.o.n_pos; i++) /* every stream readable and in its ports' widths */
        rc = fg_cli_vectors_check(spec.cmd, spec.o.pos[i], 1);
    long long latency = 0;
    for (int i = 0; !rc && i < spec.o.n_pos; i++) {
        rc = check_agreement(&doc, rtl, spec.o.pos[i]);
        const long long l = rc ? 0 : extra_latency(&doc, spec.o.pos[i]);
        if (!rc && i && l != latency)
            rc = fg_cli_usage_error(spec.cmd, "%s: the sets differ in their latency; give them one run each",
                                    spec.o.pos[i]);
        latency = l;
    }
    if (have_doc)
        vj_free(&doc);
    const int e = rc || !v.work ? 0 : fg_outdir_check(v.work, "verify-work");
    if (!rc && e < 0)
        rc = fg_cli_outdir_error(spec.cmd, "work", e);
    fg_cli_vl_list files; /* the file list is data: checked before anything is written */
    if (!rc && fg_cli_vl_list_read(rtl, &files))
        rc = fg_cli_usage_error(spec.cmd, "--rtl: %s", fg_last_error());
    else if (!rc)
        fg_cli_vl_list_free(&files);
    if (!rc && !fg_cli_have_program("verilator"))
        rc = fg_cli_fail(CMD, "verilator not found on PATH (Debian package verilator)");
    char work[PATH_MAX];
    fg_tmpdir *td = NULL;
    if (!rc)
        rc = fg_cli_vl_work(v.work, work, sizeof work, &td);
    if (rc)
        return fg_cli_finish(&spec, rc);
    fg_cli_coop_begin();
    char top[FG_DESIGN_TOP_MAX], tb[PATH_MAX + 16], lat[24];
    long long cycles = 0;
    for (int i = 0; i < spec.o.n_pos; i++)
        cycles += fg_cli_vl_set_cycles(spec.o.pos[i]);
    rc = fg_cli_vl_copy_design(rtl, work);
    if (!rc)
        rc = fg_cli_vl_harness(work, v.jobs, cycles, 0, top, sizeof top);
    if (!rc) {
        char *run_argv[FG_CLI_VL_BATCH + 4];
        int na = 0;
        fg_cli_pathf(tb, sizeof tb, "%s/obj/tb", work);
        snprintf(lat, sizeof lat, "%lld", latency);
        run_argv[na++] = tb;
        run_argv[na++] = "--latency";
        run_argv[na++] = lat;
        static char dotted[FG_CLI_VL_BATCH][PATH_MAX + 4]; /* the harness reads "-x" as an option: ./-x */
        for (int i = 0; i < spec.o.n_pos; i++) {
            run_argv[na++] = spec.o.pos[i];
            if (spec.o.pos[i][0] == '-' || spec.o.pos[i][0] == '+') {
                fg_cli_pathf(dotted[i], sizeof dotted[i], "./%s", spec.o.pos[i]);
                run_argv[na - 1] = dotted[i];
            }
        }
        run_argv[na] = NULL;
        fflush(NULL);
        const int st = fg_cli_vl_run(NULL, run_argv, NULL);
        rc = st == 0 ? 0 : FG_EXIT_FAIL;
        if (st == 1 && !fg_cli_stopped())
            fg_cli_vl_waveform(work, v.jobs, cycles, lat, run_argv + 3, spec.o.n_pos);
        else if (st && !fg_cli_stopped())
            fprintf(stderr, "fecforge verify: the harness failed (exit %d; a mismatch exits 1)\n", st);
        if (!fg_cli_stopped())
            printf("%s: %s against %d vector set%s\n", top,
                   !st ? "RTL = vectors" : st == 1 ? "MISMATCH" : "not verified", spec.o.n_pos,
                   spec.o.n_pos > 1 ? "s" : "");
    }
    rc = finish_run(NULL, 0, rc, v.keep, work, td);
    return fg_cli_finish(&spec, rc);
}

/* ---- the verbs ---- */

/* `verify NAME` names the family's implementations when NAME is a family and no design with RTL, or when an
 * option that chooses implementations (--impl, --device, --gpus, --against) is given before "--", on the
 * command line or in its --config file (a result of `verify NAME --impl A --json`). */
static int family_mode(int argc, char **argv)
{
    static const char *const choosers[] = {"impl", "against", "device", "gpus", NULL};
    const fg_family *f = fg_family_find(argv[1]);
    const fg_design *d = fg_design_find(argv[1]);
    for (int i = 2; f && d && d->generate && i < argc && strcmp(argv[i], "--"); i++) {
        if (fg_cli_verify_family_option(f, argv[i]) == 2)
            return 1;
        const char *path = !strncmp(argv[i], "--config=", 9) ? argv[i] + 9
                           : !strcmp(argv[i], "--config") && i + 1 < argc ? argv[i + 1] : NULL;
        if (path && fg_opts_config_names(path, choosers))
            return 1;
    }
    return f && (!d || !d->generate);
}

int fg_cmd_verify(int argc, char **argv)
{
    if (argc < 2)
        return fg_cli_design_required(CMD, 1, "or vectors, or a family with --impl");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help();
        return FG_EXIT_OK;
    }
    if (family_mode(argc, argv))
        return fg_cli_verify_family(fg_family_find(argv[1]), argc - 1, argv + 1);
    if (!strcmp(argv[1], "vectors"))
        return verify_vectors(argc - 1, argv + 1);
    const fg_design *d = fg_cli_design_find(CMD, argv[1], 1);
    return d ? verify_design(d, argc - 1, argv + 1) : FG_EXIT_USAGE;
}
