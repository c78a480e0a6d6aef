/* libFuzzer target: the option driver (fecforge/options.h, cmodel/src/core/options.c) on the real option
 * tables: every subcommand of the fecforge command as it parses its line (its own groups, the shared
 * run, report and device groups of cli/cli_opts.c, the families' and designs' parts, --config), and the
 * bare groups of every family (with each implementation's options) and design (with its run's).
 *
 * Input: one argument per line (at most 64), then optionally a line "%%% config" followed by the
 * contents of a --config file. The text @CONFIG in an argument stands for the path of that file (written
 * into a scratch directory created once per process, $TMPDIR or /tmp, fg_fuzz_cli_opts.XXXXXX, removed at
 * exit). The first argument picks the parser:
 *   - a subcommand (ber, gen, verify, ...): the command runs on the arguments with a parse probe
 *     (fg_cli_set_parse_probe): it builds its spec and parses exactly as `fecforge ARGS...` does, then
 *     ends without work, output or message;
 *   - "@family NAME IMPL" (IMPL "-": none) or "@design NAME RUN" (RUN 0: the configuration alone, 1: with
 *     the run of one vector set, 2: verify's run): fg_opts_parse on fg_family_groups / fg_design_groups and
 *     a --config option.
 * An input with an argument that reaches into dev/, proc/ or sys/ is skipped (--config /dev/stdin waits).
 * Example (gen dbcf with a value from the command line and one from a file):
 *
 *     gen
 *     dbcf
 *     --pllr=8
 *     --config
 *     @CONFIG
 *     %%% config
 *     {"banks": 16}
 *
 * Invariants (abort on violation):
 *  - no crash, leak or undefined behaviour (sanitizers); fg_opts_free resets every text and list;
 *  - --help or -h among the words before "--" gives FG_OPTS_HELP, and nothing else does;
 *  - a failure is FG_EINVAL with a message that names an option ("--NAME", "unknown option", "-x") or
 *    the positional arguments;
 *  - a success holds, for every option given or with a default, a value of its type inside its declared
 *    range: flags 0 or 1; integers and reals in [lo, hi] with the declared open ends, or a named value;
 *    a choice the index of a canonical word; texts non-empty; lists of 1 to max elements, each in
 *    [lo, hi], sweeps strictly ascending, text elements non-empty and without ','; every required option
 *    given; pos_min to pos_max positional arguments;
 *  - a success reproduces itself: the options fg_opts_args writes (the positionals after "--") parse
 *    to the same options, and where the parser reads --config, the JSON fg_opts_write_json writes,
 *    read back as the --config file, gives the same JSON. (The options are skipped when a text value or
 *    positional is empty or holds a blank: blank-separated words cannot carry it.) */
#include "cli_opts.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/json.h"
#include "fecforge/options.h"
#include "fecforge_gen/design.h"
#include "fecforge_gpu/ldpc_gpu.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void scratch_remove(void);
static FILE *report; /* standard error (a command runs with stderr on /dev/null) */

#define FUZZ_CHECK(cond)                                                                                   \
    do {                                                                                                   \
        if (!(cond)) {                                                                                     \
            fprintf(report, "fuzz invariant failed: %s (%s:%d) last error: %s\n", #cond, __FILE__, __LINE__, \
                    fg_last_error());                                                                      \
            scratch_remove();                                                                              \
            abort();                                                                                       \
        }                                                                                                  \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { ARGS_MAX = 64, WORDS_MAX = 4096, ARGS_TEXT_MAX = 1 << 20 };

/* ---- the scratch directory: the --config file and the JSON of a round trip ---- */

static char scratch[3100], config_path[3200], json_path[3200];

static void scratch_remove(void)
{
    if (!scratch[0])
        return;
    unlink(config_path);
    unlink(json_path);
    rmdir(scratch);
    scratch[0] = '\0';
}

static void setup(void)
{
    if (scratch[0])
        return;
    report = stderr;
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !tmp[0] || strlen(tmp) > 3000)
        tmp = "/tmp";
    snprintf(scratch, sizeof scratch, "%s/fg_fuzz_cli_opts.XXXXXX", tmp);
    if (!mkdtemp(scratch)) {
        perror(scratch);
        abort();
    }
    snprintf(config_path, sizeof config_path, "%s/config.json", scratch);
    snprintf(json_path, sizeof json_path, "%s/values.json", scratch);
    atexit(scratch_remove);
    fg_gpu_register(); /* the GPU implementations' options join the LDPC family, as in the command */
}

static void write_file(const char *path, const char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f != NULL);
    FUZZ_CHECK(fwrite(p, 1, n, f) == n);
    FUZZ_CHECK(fclose(f) == 0);
}

/* ---- properties of one parse ---- */

static int in_range(const fg_opt *o, double v)
{
    return (o->flags & FG_OPT_LO_OPEN ? v > o->lo : v >= o->lo) && (o->flags & FG_OPT_HI_OPEN ? v < o->hi : v <= o->hi);
}

/* Entries of a word list "a|b|x=a" without '=' (CHOICE: the canonical words), or v among the values of
 * its "name=N" entries (INT: the named values). */
static int word_count(const char *words)
{
    int n = 0;
    for (const char *p = words; p && *p; p += strcspn(p, "|") + (p[strcspn(p, "|")] == '|'))
        n += memchr(p, '=', strcspn(p, "|")) == NULL;
    return n;
}

static int named_value(const char *words, long long v)
{
    for (const char *p = words; p && *p; p += strcspn(p, "|") + (p[strcspn(p, "|")] == '|')) {
        const char *eq = memchr(p, '=', strcspn(p, "|"));
        if (eq && strtoll(eq + 1, NULL, 10) == v)
            return 1;
    }
    return 0;
}

static int carries(const char *s) /* blank-separated words can carry s */
{
    if (!s[0])
        return 0;
    for (; *s; s++)
        if (isspace((unsigned char)*s))
            return 0;
    return 1;
}

/* The value at field of option o, given or parsed from its default; *words_ok 0 when a text of it cannot
 * be written as one word. */
static void check_value(const fg_opt *o, const void *field, int *words_ok)
{
    switch (o->type) {
    case FG_OPT_FLAG: FUZZ_CHECK(*(const int *)field == 0 || *(const int *)field == 1); break;
    case FG_OPT_INT:
    case FG_OPT_LLONG: {
        const long long v = o->type == FG_OPT_INT ? *(const int *)field : *(const long long *)field;
        FUZZ_CHECK(in_range(o, (double)v) || (o->words && named_value(o->words, v)));
        break;
    }
    case FG_OPT_REAL: FUZZ_CHECK(isfinite(*(const double *)field) && in_range(o, *(const double *)field)); break;
    case FG_OPT_CHOICE: FUZZ_CHECK(*(const int *)field >= 0 && *(const int *)field < word_count(o->words)); break;
    case FG_OPT_TEXT: {
        const char *t = *(char *const *)field;
        FUZZ_CHECK(t && t[0]);
        *words_ok &= carries(t);
        break;
    }
    case FG_OPT_INTS: {
        const fg_opt_ints *l = field;
        if (l->n == FG_OPT_ALL) {
            FUZZ_CHECK(o->words && !l->v);
            break;
        }
        FUZZ_CHECK(l->n >= 1 && l->v && (!o->max || l->n <= o->max));
        for (int i = 0; i < l->n; i++)
            FUZZ_CHECK(l->v[i] >= o->lo && l->v[i] <= o->hi);
        break;
    }
    case FG_OPT_SWEEP: {
        const fg_opt_reals *l = field;
        FUZZ_CHECK(l->n >= 1 && l->v && (!o->max || l->n <= o->max));
        for (int i = 0; i < l->n; i++)
            FUZZ_CHECK(isfinite(l->v[i]) && l->v[i] >= o->lo && l->v[i] <= o->hi && (i == 0 || l->v[i] > l->v[i - 1]));
        break;
    }
    case FG_OPT_TEXTS: {
        const fg_opt_texts *l = field;
        FUZZ_CHECK(l->n >= 1 && l->v && (!o->max || l->n <= o->max));
        for (int i = 0; i < l->n; i++) {
            FUZZ_CHECK(l->v[i] && l->v[i][0] && !strchr(l->v[i], ','));
            *words_ok &= carries(l->v[i]);
        }
        break;
    }
    case FG_OPT_SEED: break; /* any 64-bit value */
    case FG_OPT_CUSTOM:
        if (o->print) {
            char buf[4096];
            o->print(field, buf, sizeof buf);
            *words_ok &= !buf[0] || carries(buf);
        }
        break;
    }
}

/* The message of a failed parse names what it refuses. */
static int names_option(const fg_opts *p, const char *msg)
{
    if (strstr(msg, "--") || strstr(msg, "unknown option") || strstr(msg, "unexpected argument"))
        return 1;
    if (msg[0] == '-' && msg[1] && msg[1] != '-') /* "-o needs a value (FILE)" */
        return 1;
    return p->pos_meta ? strstr(msg, p->pos_meta) && strstr(msg, " is required") : strstr(msg, "an argument is required") != NULL;
}

/* What reproduces a successful parse: its options as words, its values as a --config file. */
typedef struct {
    int done, rc;
    char *args;  /* fg_opts_args; NULL: not writable as words */
    char *json;  /* fg_opts_write_json; NULL: the parser has no --config */
    int n_pos;
    char **pos;  /* the positionals (malloc'ed; the words are the input's) */
} parse_result;

static void result_free(parse_result *r)
{
    free(r->args);
    free(r->json);
    free(r->pos);
    memset(r, 0, sizeof *r);
}

/* The tables of a spec: every alias stands for an option of the spec; long names (but for the --config
 * spellings that no command line reaches) and short names are unique; integer options' ranges and named
 * values fit an int; a CUSTOM option has a print. */
static void check_tables(const fg_opts *p)
{
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++) {
            int target = !o->alias_of;
            for (int h = 0; h < p->n_groups; h++)
                for (const fg_opt *q = p->groups[h].opts; q && q->name; q++) {
                    if (q == o)
                        continue;
                    if (o->alias_of && !strncmp(q->name, o->alias_of, strcspn(o->alias_of, "=")) &&
                        !q->name[strcspn(o->alias_of, "=")])
                        target = 1;
                    if (!(o->flags & FG_OPT_CONFIG) && !(q->flags & FG_OPT_CONFIG))
                        FUZZ_CHECK(strcmp(q->name, o->name));
                    FUZZ_CHECK(!o->short_name || q->short_name != o->short_name);
                }
            FUZZ_CHECK(target);
            /* a CUSTOM value is written back (fg_opts_args, the parameters of results and manifests) by its print */
            FUZZ_CHECK(o->type != FG_OPT_CUSTOM || o->alias_of || o->print);
            if (o->type == FG_OPT_INT || o->type == FG_OPT_INTS)
                FUZZ_CHECK(o->lo >= INT_MIN && o->hi <= INT_MAX);
            for (const char *w = o->type == FG_OPT_INT ? o->words : NULL; w && *w; w += strcspn(w, "|") + (w[strcspn(w, "|")] == '|')) {
                const char *eq = memchr(w, '=', strcspn(w, "|"));
                FUZZ_CHECK(eq && llabs(strtoll(eq + 1, NULL, 10)) <= INT_MAX);
            }
        }
}

/* Check one parse (argv: the words the driver saw) and keep what reproduces it in r. */
static void check_parse(const fg_opts *p, int rc, int argc, char **argv, parse_result *r)
{
    check_tables(p);
    int help = 0;
    for (int i = 0; i < argc && strcmp(argv[i], "--"); i++)
        help |= !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
    FUZZ_CHECK(help == (rc == FG_OPTS_HELP));
    r->done = 1;
    r->rc = rc;
    if (rc == FG_OPTS_HELP)
        return;
    if (rc) {
        FUZZ_CHECK(rc == FG_EINVAL && fg_last_error()[0]);
        FUZZ_CHECK(names_option(p, fg_last_error()));
        return;
    }
    FUZZ_CHECK(p->n_pos >= p->pos_min && p->n_pos <= p->pos_max);
    int words_ok = 1, i = 0;
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++, i++) {
            const void *field = (const char *)p->groups[g].base + o->offset;
            if (o->flags & FG_OPT_REQUIRED)
                FUZZ_CHECK(p->given[i]);
            if (!o->alias_of && (p->given[i] || o->def))
                check_value(o, field, &words_ok);
        }
    r->n_pos = p->n_pos;
    r->pos = malloc(sizeof *r->pos * (size_t)(p->n_pos + 1));
    FUZZ_CHECK(r->pos != NULL);
    for (int k = 0; k < p->n_pos; k++) {
        r->pos[k] = p->pos[k];
        words_ok &= carries(p->pos[k]);
    }
    if (words_ok) {
        r->args = malloc(ARGS_TEXT_MAX);
        FUZZ_CHECK(r->args != NULL);
        if (fg_opts_args(p, r->args, ARGS_TEXT_MAX)) { /* a list too long for the writer (its message says so) */
            FUZZ_CHECK(strstr(fg_last_error(), "characters") != NULL);
            free(r->args);
            r->args = NULL;
        }
    }
    if (p->config_opt) {
        size_t n = 0;
        FILE *f = open_memstream(&r->json, &n);
        FUZZ_CHECK(f != NULL);
        fg_json j;
        fg_json_begin(&j, f);
        fg_json_obj_open(&j, NULL);
        fg_opts_write_json(p, &j);
        fg_json_obj_close(&j);
        fg_json_end(&j);
        FUZZ_CHECK(fclose(f) == 0);
    }
    FILE *null = fopen("/dev/null", "w");
    FUZZ_CHECK(null != NULL);
    fg_opts_help(p, null);
    fclose(null);
}

/* ---- the parsers ---- */

/* argv of a round trip: prefix, then the options of r as words (words 0) or --config of its JSON (1),
 * then "--" and the positionals; *buf holds the words. */
static int repro_argv(char **prefix, int n_prefix, const parse_result *r, int json, char **buf, char **argv)
{
    int argc = 0;
    for (int i = 0; i < n_prefix; i++)
        argv[argc++] = prefix[i];
    if (json) {
        write_file(json_path, r->json, strlen(r->json));
        argv[argc++] = "--config";
        argv[argc++] = json_path;
        *buf = NULL;
    } else {
        *buf = strdup(r->args);
        FUZZ_CHECK(*buf != NULL);
        /* the words as a shell reads them: fg_opts_args quotes values holding blanks or quotes */
        const int n = fg_opts_split(*buf, argv + argc, WORDS_MAX - ARGS_MAX - 2 - argc);
        FUZZ_CHECK(n >= 0);
        argc += n;
    }
    if (r->n_pos)
        argv[argc++] = "--";
    for (int i = 0; i < r->n_pos; i++)
        argv[argc++] = r->pos[i];
    argv[argc] = NULL;
    return argc;
}

/* A parser: runs argv (the whole input, the selection words included) and fills r. */
typedef struct parser parser;
struct parser {
    void (*run)(const parser *ps, int argc, char **argv, parse_result *r);
    int skip; /* the selection words: "@family NAME IMPL" (a command's words are its arguments) */
    const fg_family *family;
    const fg_family_impl *impl;
    const fg_design *design;
    int with_run;
    const fg_cli_command *cmd;
};

/* The bare groups of a family or design, with a --config option. */
static void run_library(const parser *ps, int argc, char **argv, parse_result *r)
{
    argc -= ps->skip;
    argv += ps->skip;
    static const fg_opt config_opt[] = {{"config", 0, FG_OPT_TEXT, 0, .meta = "FILE", .help = "values"}, {NULL}};
    const fg_family *f = ps->family;
    const fg_design *d = ps->design;
    void *cfg = calloc(1, f ? f->cfg_size + 1 : d->cfg_size + 1), *icfg = NULL, *ccfg = NULL, *run = NULL;
    char *config = NULL;
    FUZZ_CHECK(cfg != NULL);
    fg_opt_group g[FG_FAMILY_GROUPS_MAX + 2 * FG_DESIGN_PARTS_MAX + 1];
    int ng;
    if (f) {
        if (f->cfg_default)
            f->cfg_default(cfg);
        if (ps->impl && ps->impl->cfg_size) {
            FUZZ_CHECK((icfg = calloc(1, ps->impl->cfg_size)) != NULL);
            if (ps->impl->cfg_default)
                ps->impl->cfg_default(icfg);
        }
        if (f->channel->cfg_size) {
            FUZZ_CHECK((ccfg = calloc(1, f->channel->cfg_size)) != NULL);
            if (f->channel->cfg_default)
                f->channel->cfg_default(ccfg);
        }
        ng = fg_family_groups(f, cfg, ccfg, ps->impl, icfg, g, FG_FAMILY_GROUPS_MAX);
    } else {
        if (d->cfg_default)
            d->cfg_default(cfg);
        if (ps->with_run) {
            FUZZ_CHECK((run = calloc(1, d->run_size + 1)) != NULL);
            if (d->run_default)
                d->run_default(run, ps->with_run == 2);
        }
        ng = fg_design_groups(d, cfg, run, g, 2 * FG_DESIGN_PARTS_MAX);
    }
    g[ng++] = (fg_opt_group){NULL, config_opt, &config};
    fg_opts p = {.groups = g, .n_groups = ng, .config_opt = "config", .config_ignore = d ? d->config_ignore : NULL};
    fg_clear_error();
    const int rc = fg_opts_parse(&p, argc, argv);
    check_parse(&p, rc, argc, argv, r);
    fg_opts_free(&p);
    /* every text and list reset */
    for (int k = 0; k < ng; k++)
        for (const fg_opt *o = g[k].opts; o->name; o++) {
            const void *field = (const char *)g[k].base + o->offset;
            if (o->alias_of)
                continue;
            if (o->type == FG_OPT_TEXT)
                FUZZ_CHECK(*(char *const *)field == NULL);
            if (o->type == FG_OPT_INTS || o->type == FG_OPT_SWEEP || o->type == FG_OPT_TEXTS)
                FUZZ_CHECK(((const fg_opt_ints *)field)->n == 0 && ((const fg_opt_ints *)field)->v == NULL);
        }
    FUZZ_CHECK(!p.given && !p.spelled && !p.pos);
    free(cfg);
    free(icfg);
    free(ccfg);
    free(run);
}

/* A subcommand of the fecforge command, stopped by the probe after its parse. */
static parse_result *probe_result;
static char **probe_words;
static int probe_prefix; /* words of the command line before those the driver parsed (the command's
                            name and its family or design); -1: no parse or words the command copied */

static void probe(const fg_cli_spec *s, int rc, int argc, char **argv)
{
    FUZZ_CHECK(!probe_result->done); /* one parse per command */
    check_parse(&s->o, rc, argc, argv, probe_result);
    probe_prefix = argv > probe_words && argv <= probe_words + WORDS_MAX ? (int)(argv - probe_words) : -1;
}

static void run_command(const parser *ps, int argc, char **argv, parse_result *r)
{
    probe_result = r;
    probe_words = argv;
    probe_prefix = -1;
    FILE *out = stdout, *err = stderr, *null = fopen("/dev/null", "w");
    FUZZ_CHECK(null != NULL);
    stdout = stderr = null; /* what a command prints before its parse (its help, an unknown family) */
    fg_cli_set_parse_probe(probe);
    fg_clear_error();
    ps->cmd->run(argc, argv);
    fg_cli_set_parse_probe(NULL);
    stdout = out;
    stderr = err;
    fclose(null);
    if (probe_prefix < 0) { /* no round trip */
        free(r->args);
        free(r->json);
        r->args = r->json = NULL;
    }
}

/* ---- the input ---- */

static int select_parser(int argc, char **argv, parser *ps)
{
    memset(ps, 0, sizeof *ps);
    if (argc >= 3 && !strcmp(argv[0], "@family") && (ps->family = fg_family_find(argv[1]))) {
        if (strcmp(argv[2], "-") && !(ps->impl = fg_family_impl_find(ps->family, argv[2])))
            return -1;
        ps->run = run_library;
        ps->skip = 3;
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[0], "@design") && (ps->design = fg_design_find(argv[1])) && argv[2][0] >= '0' &&
        argv[2][0] <= '2' && !argv[2][1]) {
        ps->with_run = argv[2][0] - '0';
        ps->run = run_library;
        ps->skip = 3;
        return 0;
    }
    for (const fg_cli_command *c = fg_cli_commands; argc >= 1 && c->name; c++)
        if (!strcmp(argv[0], c->name)) {
            ps->cmd = c;
            ps->run = run_command;
            return 0;
        }
    return -1;
}

/* Splits the input into arguments (a copy in *text) and the config file; -1 for an input not run. */
static int split(const uint8_t *data, size_t size, char **text, char **argv, int *argc)
{
    static const char MARK[] = "%%% config\n";
    const uint8_t *end = data + size, *cfg = NULL;
    for (const uint8_t *p = data; p < end; p = memchr(p, '\n', (size_t)(end - p)) ? (const uint8_t *)memchr(p, '\n', (size_t)(end - p)) + 1 : end)
        if ((size_t)(end - p) >= sizeof MARK - 1 && !memcmp(p, MARK, sizeof MARK - 1)) {
            cfg = p;
            break;
        }
    const size_t n_args = cfg ? (size_t)(cfg - data) : size;
    write_file(config_path, cfg ? (const char *)cfg + sizeof MARK - 1 : "", cfg ? (size_t)(end - cfg) - (sizeof MARK - 1) : 0);
    if (memchr(data, '\0', n_args))
        return -1; /* no argument holds a NUL */
    *text = malloc(n_args * 2 + sizeof config_path * ARGS_MAX + 1);
    FUZZ_CHECK(*text != NULL);
    char *w = *text;
    *argc = 0;
    for (size_t i = 0; i < n_args;) {
        size_t len = 0;
        while (i + len < n_args && data[i + len] != '\n')
            len++;
        if (*argc == ARGS_MAX)
            return -1;
        argv[(*argc)++] = w;
        /* the argument with @CONFIG as the config file's path */
        for (size_t k = 0; k < len; k++) {
            if (k + 7 <= len && !memcmp(data + i + k, "@CONFIG", 7)) {
                w += sprintf(w, "%s", config_path);
                k += 6;
            } else
                *w++ = (char)data[i + k];
        }
        *w++ = '\0';
        const char *a = argv[*argc - 1];
        if (strstr(a, "dev/") || strstr(a, "proc/") || strstr(a, "sys/"))
            return -1;
        i += len + 1;
    }
    argv[*argc] = NULL;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    setup();
    static char *argv[WORDS_MAX];
    char *text = NULL;
    int argc = 0;
    parser ps;
    if (split(data, size, &text, argv, &argc) || select_parser(argc, argv, &ps)) {
        free(text);
        return 0;
    }
    parse_result r = {0};
    ps.run(&ps, argc, argv, &r);
    /* the round trips: the same options from the words of fg_opts_args, the same JSON from --config */
    const int n_prefix = ps.cmd ? probe_prefix : ps.skip;
    for (int json = 0; json < 2 && r.done && r.rc == 0; json++) {
        if (!(json ? r.json : r.args))
            continue;
        static char *argv2[WORDS_MAX];
        char *buf;
        const int argc2 = repro_argv(argv, n_prefix, &r, json, &buf, argv2);
        parse_result r2 = {0};
        ps.run(&ps, argc2, argv2, &r2);
        if (!r2.done || r2.rc)
            fprintf(stderr, "round trip of %s: %s\n", json ? r.json : r.args, fg_last_error());
        FUZZ_CHECK(r2.done && r2.rc == 0);
        if (json)
            FUZZ_CHECK(r2.json && !strcmp(r2.json, r.json));
        else
            FUZZ_CHECK(r2.args && !strcmp(r2.args, r.args));
        result_free(&r2);
        free(buf);
    }
    result_free(&r);
    free(text);
    return 0;
}
