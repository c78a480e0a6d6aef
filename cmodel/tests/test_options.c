/* Options declared as data (fecforge/options.h): every type's grammar, ranges, defaults, aliases,
 * repeated and unknown options, positional arguments, --config files and the help text. */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/json.h"
#include "fecforge/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    int flag, pllr, mode, select;
    long long frames;
    uint64_t seed;
    double scale;
    char *label;
    fg_opt_ints K;
    fg_opt_reals ebn0;
    fg_opt_texts codes;
    int et, mb[2];
} vals;

static int parse_mb(const char *text, void *field)
{
    int *mb = field;
    char tail;
    if (sscanf(text, "%dx%d%c", &mb[0], &mb[1], &tail) != 2 || mb[0] < 1 || mb[1] < 1)
        return fg_set_error(FG_EINVAL, "expected N1xN2 with N1, N2 >= 1");
    return 0;
}

#define O(f) offsetof(vals, f)
static const fg_opt table[] = {
    {"flag", 0, FG_OPT_FLAG, O(flag), .help = "a switch"},
    {"pllr", 0, FG_OPT_INT, O(pllr), 4, 1024, .def = "32", .meta = "P", .help = "lanes"},
    {"mode", 0, FG_OPT_CHOICE, O(mode), .words = "dual|head|both=dual", .def = "dual", .meta = "M", .help = "offer"},
    {"select", 0, FG_OPT_INT, O(select), 1, 64, .words = "all=0", .def = "3", .meta = "S", .help = "admitted"},
    {"frames", 0, FG_OPT_LLONG, O(frames), 1, 1099511627776.0, .def = "1000", .meta = "N", .help = "frames"},
    {"seed", 0, FG_OPT_SEED, O(seed), .def = "1", .meta = "S", .help = "seed"},
    {"scale", 0, FG_OPT_REAL, O(scale), 0, 1, .def = "0.75", .meta = "F", .help = "scaling",
     .flags = FG_OPT_LO_OPEN},
    {"label", 'l', FG_OPT_TEXT, O(label), .meta = "TEXT", .help = "a name"},
    {"K", 0, FG_OPT_INTS, O(K), 40, 6144, 8, .words = "all", .meta = "LIST", .help = "sizes"},
    {"ebn0", 0, FG_OPT_SWEEP, O(ebn0), -50, 100, .meta = "LIST", .help = "points"},
    {"code", 0, FG_OPT_TEXTS, O(codes), .meta = "LIST", .help = "codes", .flags = FG_OPT_REPEAT},
    {"et", 0, FG_OPT_CHOICE, O(et), .words = "syndrome|none", .def = "syndrome", .meta = "KIND", .help = "stop"},
    {"no-et", 0, FG_OPT_FLAG, 0, .alias_of = "et=none"},
    {"max-pllr", 0, FG_OPT_INT, 0, .alias_of = "pllr"},
    {"mb", 0, FG_OPT_CUSTOM, O(mb), .parse = parse_mb, .meta = "N1xN2", .help = "macroblock"},
    {NULL}};

static vals v;
static fg_opt_group grp;
static fg_opts p;

/* Parse a blank-separated command line; 0 / FG_OPTS_HELP / FG_EINVAL. */
static int run(const char *line)
{
    fg_opts_free(&p);
    memset(&v, 0, sizeof v);
    grp = (fg_opt_group){"options", table, &v};
    p = (fg_opts){.groups = &grp, .n_groups = 1, .pos_max = 2, .pos_meta = "DIR", .config_opt = NULL};
    char buf[512], *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
        argv[argc++] = strcmp(t, "''") ? t : "";
    fg_clear_error();
    return fg_opts_parse(&p, argc, argv);
}

static int err_has(const char *s)
{
    if (strstr(fg_last_error(), s))
        return 1;
    fprintf(stderr, "message '%s' lacks '%s'\n", fg_last_error(), s);
    return 0;
}

static void test_defaults_and_values(void)
{
    CU_ASSERT_EQUAL(run(""), 0);
    CU_ASSERT(v.pllr == 32 && v.mode == 0 && v.select == 3 && v.frames == 1000 && v.seed == 1 && v.scale == 0.75);
    CU_ASSERT(v.et == 0 && !v.flag && !v.label && v.K.n == 0 && !fg_opts_given(&p, &v.pllr));
    CU_ASSERT_EQUAL(run("--pllr 64 --mode=head --select all --frames 1099511627776 --seed 0xffffffffffffffff "
                        "--scale 1 -l x --K 40-64:8,6144 --ebn0 1:0.5:2,2.2 --code a,b --code c --flag --mb 2x3 d1"),
                    0);
    CU_ASSERT(v.pllr == 64 && v.mode == 1 && v.select == 0 && v.frames == 1099511627776LL);
    CU_ASSERT(v.seed == UINT64_MAX && v.scale == 1.0 && v.flag == 1 && !strcmp(v.label, "x"));
    CU_ASSERT(v.K.n == 5 && v.K.v[0] == 40 && v.K.v[3] == 64 && v.K.v[4] == 6144);
    CU_ASSERT(v.ebn0.n == 4 && v.ebn0.v[1] == 1.5 && v.ebn0.v[3] == 2.2);
    CU_ASSERT(v.codes.n == 3 && !strcmp(v.codes.v[2], "c"));
    CU_ASSERT(v.mb[0] == 2 && v.mb[1] == 3);
    CU_ASSERT(p.n_pos == 1 && !strcmp(p.pos[0], "d1"));
    CU_ASSERT(fg_opts_given(&p, &v.pllr) && !fg_opts_given(&p, &v.et));
    CU_ASSERT_STRING_EQUAL(fg_opts_name(&p, &v.select), "--select");
    /* synonyms, aliases, named words, a value that starts with '-', "--" */
    CU_ASSERT_EQUAL(run("--mode both --no-et --max-pllr 8 --K all --ebn0 -3 -- --flag"), 0);
    CU_ASSERT(v.mode == 0 && v.et == 1 && v.pllr == 8 && v.K.n == FG_OPT_ALL && v.ebn0.v[0] == -3);
    CU_ASSERT(p.n_pos == 1 && !strcmp(p.pos[0], "--flag") && !v.flag);
    CU_ASSERT_EQUAL(run("--seed 18446744073709551615 --seed-x 1"), FG_EINVAL); /* unknown */
    CU_ASSERT_EQUAL(run("--seed 18446744073709551615"), 0);
    CU_ASSERT(v.seed == UINT64_MAX);
    CU_ASSERT_EQUAL(run("--help --pllr x"), FG_OPTS_HELP);
}

static void test_errors(void)
{
    static const struct {
        const char *line, *msg;
    } bad[] = {
        {"--pllr 0", "--pllr=0 out of range [4, 1024]"},
        {"--pllr 1025", "--pllr=1025 out of range [4, 1024]"},
        {"--pllr x", "--pllr=x invalid: expected an integer in [4, 1024]"},
        {"--pllr 5x", "--pllr=5x invalid"},
        {"--pllr ''", "--pllr= invalid"},
        {"--pllr 99999999999999999999", "--pllr=99999999999999999999 invalid"},
        {"--pllr", "--pllr needs a value (P)"},
        {"--pllr 8 --pllr 16", "--pllr given more than once"},
        {"--plr 8", "unknown option --plr (did you mean --pllr?)"},
        {"-x", "unknown option -x"},
        {"--flag=1", "--flag takes no value"},
        {"--mode tail", "--mode=tail invalid: expected dual or head"},
        {"--select none", "--select=none invalid: expected an integer in [1, 64] or all"},
        {"--frames 0", "--frames=0 out of range"},
        {"--seed -1", "--seed=-1 invalid: expected a 64-bit unsigned integer"},
        {"--seed 18446744073709551616", "--seed=18446744073709551616 invalid"},
        {"--seed 0x", "--seed=0x invalid"},
        {"--scale 0", "--scale=0 out of range (0, 1]"},
        {"--scale nan", "--scale=nan invalid"},
        {"--scale inf", "--scale=inf invalid"},
        {"--scale 1e999", "--scale=1e999 invalid"},
        {"--scale 0x1p-1", "--scale=0x1p-1 invalid"},
        {"--K 40,,48", "--K=40,,48 invalid: empty element"},
        {"--K ,40", "--K=,40 invalid: empty element"},
        {"--K 40,", "--K=40, invalid: empty element"},
        {"--K 48-40", "range 48-40 is empty"},
        {"--K 40-48:0", "--K=40-48:0 invalid"},
        {"--K 40:8", "STEP only after a range"},
        {"--K 39", "--K=39 out of range: values must be in [40, 6144]"},
        {"--K 40-104", "more than 8 values"},
        {"--ebn0 1,,2", "--ebn0=1,,2 invalid: empty element"},
        {"--ebn0 2,1", "strictly ascending"},
        {"--ebn0 1:0:5", "STEP=0 must be > 0"},
        {"--ebn0 5:1:1", "is empty: A=5 > B=1"},
        {"--ebn0 1:1", "is not A:STEP:B"},
        {"--ebn0 101", "101 out of range [-50, 100]"},
        {"--code a,,b", "--code=a,,b invalid: empty element"},
        {"--mb 2y2", "--mb=2y2 invalid: expected N1xN2"},
        {"a b c", "unexpected argument 'c' (at most 2 DIR)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const int rc = run(bad[i].line);
        if (rc != FG_EINVAL || !err_has(bad[i].msg))
            fprintf(stderr, "case '%s': rc %d\n", bad[i].line, rc);
        CU_ASSERT(rc == FG_EINVAL && strstr(fg_last_error(), bad[i].msg));
    }
}

static void test_required_and_positional(void)
{
    static const fg_opt req[] = {{"code", 0, FG_OPT_TEXT, 0, .meta = "NAME", .help = "the code", .flags = FG_OPT_REQUIRED},
                                 {NULL}};
    char *code = NULL;
    fg_opt_group g = {NULL, req, &code};
    fg_opts q = {.groups = &g, .n_groups = 1, .pos_min = 1, .pos_max = 1, .pos_meta = "DIR"};
    char *a1[] = {"x"};
    CU_ASSERT_EQUAL(fg_opts_parse(&q, 1, a1), FG_EINVAL);
    CU_ASSERT(err_has("--code is required"));
    fg_opts_free(&q);
    char *a2[] = {"--code", "c"};
    CU_ASSERT_EQUAL(fg_opts_parse(&q, 2, a2), FG_EINVAL);
    CU_ASSERT(err_has("DIR is required"));
    fg_opts_free(&q);
    free(code);
}

static void test_config(void)
{
    char path[] = "/tmp/fg_test_options_XXXXXX";
    const int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("{\"tool\": {}, \"parameters\": {\"pllr\": 16, \"mode\": \"head\", \"flag\": true, \"K\": [40, 48],\n"
          "  \"scale\": 0.5, \"derived\": 7}}\n",
          f);
    fclose(f);
    static const fg_opt cfg_opt[] = {{"config", 0, FG_OPT_TEXT, 0, .meta = "FILE", .help = "values"}, {NULL}};
    char *cfg_text = NULL;
    fg_opt_group gs[2] = {{NULL, table, &v}, {NULL, cfg_opt, &cfg_text}};
    static const char *const ignore[] = {"derived", NULL};
    memset(&v, 0, sizeof v);
    fg_opts q = {.groups = gs, .n_groups = 2, .config_opt = "config", .config_ignore = ignore};
    char *argv[] = {"--pllr", "64", "--config", path};
    CU_ASSERT_EQUAL(fg_opts_parse(&q, 4, argv), 0);
    /* the command line wins over the file; the file over the defaults */
    CU_ASSERT(v.pllr == 64 && v.mode == 1 && v.flag == 1 && v.K.n == 2 && v.K.v[1] == 48 && v.scale == 0.5);
    CU_ASSERT(fg_opts_given(&q, &v.mode) && fg_opts_given(&q, &v.pllr) && !fg_opts_given(&q, &v.seed));
    fg_opts_free(&q);
    free(cfg_text);
    cfg_text = NULL;
    /* an unknown key, a bad value: errors naming the file and the key */
    f = fopen(path, "w");
    fputs("{\"pllr\": 3}", f);
    fclose(f);
    memset(&v, 0, sizeof v);
    q = (fg_opts){.groups = gs, .n_groups = 2, .config_opt = "config"};
    char *argv2[] = {"--config", path};
    CU_ASSERT_EQUAL(fg_opts_parse(&q, 2, argv2), FG_EINVAL);
    CU_ASSERT(err_has("--pllr (\"pllr\" of") && err_has("=3 out of range [4, 1024]"));
    fg_opts_free(&q);
    free(cfg_text);
    cfg_text = NULL;
    f = fopen(path, "w");
    fputs("{\"plr\": 8}", f);
    fclose(f);
    memset(&v, 0, sizeof v);
    CU_ASSERT_EQUAL(fg_opts_parse(&q, 2, argv2), FG_EINVAL);
    CU_ASSERT(err_has("\"plr\" is not a parameter of this command"));
    fg_opts_free(&q);
    free(cfg_text);
    cfg_text = NULL;
    char *argv3[] = {"--config", "/nonexistent/x.json"};
    CU_ASSERT_EQUAL(fg_opts_parse(&q, 2, argv3), FG_EINVAL);
    CU_ASSERT(err_has("--config=/nonexistent/x.json: no such file"));
    fg_opts_free(&q);
    free(cfg_text);
    cfg_text = NULL;
    /* the file named twice: only the first would be read (found by fuzz_cli_opts) */
    f = fopen(path, "w");
    fputs("{}", f);
    fclose(f);
    char *argv4[] = {"--config", path, "--config", path};
    CU_ASSERT_EQUAL(fg_opts_parse(&q, 4, argv4), FG_EINVAL);
    CU_ASSERT(err_has("--config given more than once"));
    fg_opts_free(&q);
    free(cfg_text);
    unlink(path);
}

/* What fg_opts_args and fg_opts_write_json write parses back to the same values (the properties of
 * cmodel/fuzz/fuzz_cli_opts.c; each case was a finding). */
static void test_reproduce(void)
{
    CU_ASSERT_EQUAL(run("--label=-h --seed 18446744073709551615 --ebn0=-3,1 --code c"), 0);
    v.scale = 0; /* outside (0, 1]: a default computed later ("0.75 for maxlog") */
    char args[1024];
    CU_ASSERT_EQUAL(fg_opts_args(&p, args, sizeof args), 0);
    /* a value that starts with '-' is joined to its name: "--label -h" would ask for the help */
    CU_ASSERT(strstr(args, "--label=-h") && strstr(args, "--ebn0=-3,1") && strstr(args, "--code c"));
    CU_ASSERT(!strstr(args, "--scale")); /* "--scale 0" would be refused */
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    fg_json j;
    fg_json_begin(&j, f);
    fg_json_obj_open(&j, NULL);
    fg_opts_write_json(&p, &j);
    fg_json_obj_close(&j);
    fg_json_end(&j);
    fclose(f);
    /* unset lists were written as [], which a --config file refuses as empty; the seed above 2^63 came
     * back as 1e+19 (the JSON reader kept only a double) */
    CU_ASSERT(!strstr(text, "\"scale\"") && !strstr(text, "\"K\"") && strstr(text, "18446744073709551615"));
    char path[] = "/tmp/fg_test_options_XXXXXX";
    const int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    CU_ASSERT(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    free(text);
    static const fg_opt cfg_opt[] = {{"config", 0, FG_OPT_TEXT, 0, .meta = "FILE", .help = "values"}, {NULL}};
    char *cfg_text = NULL;
    fg_opt_group gs[2] = {{NULL, table, &v}, {NULL, cfg_opt, &cfg_text}};
    fg_opts_free(&p);
    memset(&v, 0, sizeof v);
    fg_opts q = {.groups = gs, .n_groups = 2, .config_opt = "config"};
    char *argv[] = {"--config", path};
    CU_ASSERT_EQUAL(fg_opts_parse(&q, 2, argv), 0);
    CU_ASSERT(v.seed == UINT64_MAX && v.label && !strcmp(v.label, "-h") && v.ebn0.n == 2 && v.ebn0.v[0] == -3);
    fg_opts_free(&q);
    free(cfg_text);
    unlink(path);
    CU_ASSERT_EQUAL(run(args), 0);
    CU_ASSERT(v.seed == UINT64_MAX && v.label && !strcmp(v.label, "-h") && v.codes.n == 1 && v.scale == 0.75);
    /* a long text is written whole */
    static char long_label[6000];
    memset(long_label, 'x', sizeof long_label - 1);
    free(v.label);
    v.label = long_label;
    static char big[8192];
    CU_ASSERT_EQUAL(fg_opts_args(&p, big, sizeof big), 0);
    CU_ASSERT(strstr(big, long_label) != NULL);
    v.label = NULL;
    /* the integer grammar has no leading blank or '+' (strtoll takes both) */
    for (int k = 0; k < 3; k++) {
        char *bad[] = {"--pllr", k == 0 ? " 8" : k == 1 ? "+8" : "\t8"};
        fg_opts_free(&p);
        memset(&v, 0, sizeof v);
        p = (fg_opts){.groups = &grp, .n_groups = 1};
        CU_ASSERT_EQUAL(fg_opts_parse(&p, 2, bad), FG_EINVAL);
        CU_ASSERT(err_has("invalid: expected an integer"));
    }
}

/* Words as a shell splits them (fg_opts_split), fg_opts_quote's words read back, and fg_opts_args /
 * fg_opts_parse_text round trip a text with blanks, quotes and shell syntax. */
static void test_words(void)
{
    char text[] = "a  'b c' d\\ e 'it'\\''s' '' --x=\"y\"";
    char *w[8];
    CU_ASSERT_EQUAL(fg_opts_split(text, w, 8), 6);
    CU_ASSERT(!strcmp(w[0], "a") && !strcmp(w[1], "b c") && !strcmp(w[2], "d e") && !strcmp(w[3], "it's") &&
              !strcmp(w[4], "") && !strcmp(w[5], "--x=\"y\""));
    char open_quote[] = "a 'b";
    CU_ASSERT_EQUAL(fg_opts_split(open_quote, w, 8), FG_EINVAL);
    char many[] = "1 2 3";
    CU_ASSERT_EQUAL(fg_opts_split(many, w, 2), FG_EINVAL);
    static const char *const odd[] = {"plain-1.5,2:3", "a b", "it's", "", "$(touch x);`y`", "back\\slash", "\n"};
    for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
        char q[128], *one[2];
        CU_ASSERT_EQUAL_FATAL(fg_opts_quote(odd[i], q, sizeof q), 0);
        CU_ASSERT(i > 0 || !strcmp(q, odd[i])); /* nothing to quote */
        CU_ASSERT_EQUAL(fg_opts_split(q, one, 2), 1);
        CU_ASSERT_STRING_EQUAL(one[0], odd[i]);
    }
    run("--label x");
    free(v.label);
    v.label = strdup("it's a \"b\" $(c)");
    char args[512];
    CU_ASSERT_EQUAL(fg_opts_args(&p, args, sizeof args), 0);
    fg_opts_free(&p);
    memset(&v, 0, sizeof v);
    p = (fg_opts){.groups = &grp, .n_groups = 1};
    CU_ASSERT_EQUAL(fg_opts_parse_text(&p, args), 0);
    CU_ASSERT(v.label && !strcmp(v.label, "it's a \"b\" $(c)"));
    fg_opts_free(&p); /* one parse per fg_opts: free before parsing again */
    memset(&v, 0, sizeof v);
    p = (fg_opts){.groups = &grp, .n_groups = 1};
    CU_ASSERT_EQUAL(fg_opts_parse_text(&p, "--help"), FG_EINVAL);
    fg_opts_free(&p);
    memset(&v, 0, sizeof v);
}

static void test_help(void)
{
    run("");
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    fg_opts_help(&p, f);
    fclose(f);
    CU_ASSERT(strstr(text, "--pllr P") && strstr(text, "lanes ([4, 1024], default 32)"));
    CU_ASSERT(strstr(text, "--mode M") && strstr(text, "(dual or head, default dual)"));
    CU_ASSERT(strstr(text, "--select S") && strstr(text, "[1, 64] or all, default 3"));
    CU_ASSERT(strstr(text, "-l, --label TEXT") != NULL);
    CU_ASSERT(strstr(text, "old spellings") && strstr(text, "--no-et = --et=none"));
    free(text);
}

/* fg_opts_find: the option a word names, whatever its value, before any parse. */
static void test_find(void)
{
    static vals w;
    const fg_opt_group g = {"options", table, &w};
    const fg_opts q = {.groups = &g, .n_groups = 1};
    CU_ASSERT_PTR_EQUAL(fg_opts_find(&q, "--pllr"), &table[1]);
    CU_ASSERT_PTR_EQUAL(fg_opts_find(&q, "--pllr=7"), &table[1]);
    CU_ASSERT_PTR_EQUAL(fg_opts_find(&q, "--no-et"), &table[12]); /* an old spelling: its own entry */
    CU_ASSERT_PTR_EQUAL(fg_opts_find(&q, "-l"), &table[7]);
    CU_ASSERT_PTR_EQUAL(fg_opts_find(&q, "-lname"), &table[7]);
    CU_ASSERT_PTR_NULL(fg_opts_find(&q, "--pll"));
    CU_ASSERT_PTR_NULL(fg_opts_find(&q, "--pllrs"));
    CU_ASSERT_PTR_NULL(fg_opts_find(&q, "pllr"));
    CU_ASSERT_PTR_NULL(fg_opts_find(&q, "--"));
    CU_ASSERT_PTR_NULL(fg_opts_find(&q, "-"));
    CU_ASSERT_PTR_NULL(fg_opts_find(&q, "-x"));
}

static void test_cleanup(void) { fg_opts_free(&p); }

/* The JSON writer's three layouts on one document. */
static void test_json_layouts(void)
{
    static const char *const want[] = {
        "{\"a\":1,\"o\":{\"k\":\"v\",\"n\":2},\"p\":[{\"x\":1},{\"x\":2}],\"f\":[\"u\",\"w\"],\"e\":{}}\n",
        "{\n  \"a\": 1,\n  \"o\": {\n    \"k\": \"v\",\n    \"n\": 2\n  },\n  \"p\": [\n    {\n      \"x\": 1\n    },\n"
        "    {\n      \"x\": 2\n    }\n  ],\n  \"f\": [\n    \"u\",\n    \"w\"\n  ],\n  \"e\": {}\n}\n",
        "{\n  \"a\": 1,\n  \"o\": {\"k\": \"v\", \"n\": 2},\n  \"p\": [\n    {\"x\": 1},\n    {\"x\": 2}\n  ],\n"
        "  \"f\": [\"u\", \"w\"],\n  \"e\": {}\n}\n"};
    for (int layout = FG_JSON_LINE; layout <= FG_JSON_MANIFEST; layout++) {
        char *text = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&text, &n);
        fg_json j;
        fg_json_begin(&j, f);
        j.pretty = layout;
        fg_json_obj_open(&j, NULL);
        fg_json_int(&j, "a", 1);
        fg_json_obj_open(&j, "o");
        fg_json_str(&j, "k", "v");
        fg_json_int(&j, "n", 2);
        fg_json_obj_close(&j);
        fg_json_arr_open(&j, "p");
        for (int x = 1; x <= 2; x++) {
            fg_json_obj_open(&j, NULL);
            fg_json_int(&j, "x", x);
            fg_json_obj_close(&j);
        }
        fg_json_arr_close(&j);
        fg_json_arr_open(&j, "f");
        fg_json_str(&j, NULL, "u");
        fg_json_str(&j, NULL, "w");
        fg_json_arr_close(&j);
        fg_json_obj_open(&j, "e");
        fg_json_obj_close(&j);
        fg_json_obj_close(&j);
        fg_json_end(&j);
        fclose(f);
        CU_ASSERT_STRING_EQUAL(text, want[layout]);
        free(text);
    }
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"defaults_and_values", test_defaults_and_values},
                                         {"errors", test_errors},
                                         {"required_and_positional", test_required_and_positional},
                                         {"config", test_config},
                                         {"words", test_words},
                                         {"reproduce", test_reproduce},
                                         {"help", test_help},
                                         {"find", test_find},
                                         {"cleanup", test_cleanup},
                                         {"json_layouts", test_json_layouts},
                                         {NULL, NULL}};
    fg_add_suite("options", cases);
}
