/* fecforge vectors <design>: a golden vector set (vectors/FORMAT.md) from the design's cycle-accurate
 * step model (the design registry, fecforge_gen/design.h); fecforge vectors check DIR: a reader check. */
#include "cli.h"
#include "cli_design.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/vectors.h"

#include <stdlib.h>
#include <string.h>

static const char *const CMD = "vectors";

typedef struct {
    char *out, *frames_out;
    int json;
} vectors_opts;

#define O(f) offsetof(vectors_opts, f)
static const fg_opt vectors_table[] = {
    {"out", 'o', FG_OPT_TEXT, O(out), .meta = "DIR", .flags = FG_OPT_REQUIRED | FG_CLI_OUTDIR,
     .help = "the vector set's directory: written as DIR.tmp-XXXXXX and renamed at the end; an existing\n"
             "one is replaced only if it is an earlier vector set (or empty)"},
    {"json", 0, FG_OPT_FLAG, O(json), .help = "a JSON summary on stdout (provenance, DIR, cycle counts, streams)"},
    {"frames-out", 0, FG_OPT_TEXT, O(frames_out), .meta = "FILE", .flags = FG_CLI_OUT,
     .help = "also the set's frames as a frame file of the decoder family (docs/decode.md): what\n"
             "`fecforge decode` and a hardware decoder take (designs with frames: ldpc, turbo-fixed)"},
    {NULL}};
#undef O

static void help(void)
{
    printf("usage: fecforge vectors <design> [the design's options] [the set's options] [--config FILE]\n"
           "                        [--json] -o DIR\n"
           "       fecforge vectors check DIR\n\n"
           "Golden vectors from a design's cycle-accurate C step model, for RTL testbenches: DIR/manifest.json\n"
           "(tool, version, git hash, seed, every parameter, expected cycle counts, streams with their ports,\n"
           "directions and widths) and one hex file per stream (vectors/FORMAT.md). The design's options are\n"
           "those of `fecforge gen` (`--config rtl/manifest.json` takes a generated design's), the set's\n"
           "options what it exercises the design with (a block size and direction, noisy frames).\n"
           "check: read every stream of DIR against its manifest; exit 2 with file, line and port on the\n"
           "first error.\n\n"
           "designs (their options: fecforge vectors <design> --help):\n");
    fg_cli_design_list(stdout, 0);
    printf("\nexamples:\n");
    for (int i = 0; i < fg_design_count(); i++) {
        const fg_design *d = fg_design_at(i);
        printf("  fecforge vectors %s %s %s -o v-%s\n", d->name, d->example_args, d->example_run, d->name);
    }
    printf("  fecforge vectors check v-dbcf\n\n"
           "exit: 0 ok, 1 runtime failure, 2 bad parameters, unusable DIR or (check) a corrupt set\n");
}

/* The summary of a written set: its counts and streams (text or JSON), the frame file and the command that
 * decodes it, and a note on stderr when the set records lost words. */
static int summary(const char *cmd, const fg_design *d, const char *dir, int json, const uint64_t *seed,
                   const char *frames, const char *decode)
{
    fg_vec_set *s;
    if (fg_vec_open(dir, &s))
        return fg_cli_fail(cmd, "%s", fg_last_error());
    fg_json j;
    if (json) {
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, seed);
        fg_json_str(&j, "dir", dir);
        fg_json_str(&j, "design", fg_vec_design(s));
        fg_json_obj_open(&j, "cycles");
    } else
        printf("%s: %s vectors,", dir, fg_vec_design(s));
    for (const char *const *k = d->summary_keys; k && *k; k++) {
        long long v;
        if (fg_vec_get_count(s, *k, &v))
            continue;
        if (json)
            fg_json_int(&j, *k, v);
        else
            printf(" %s=%lld", *k, v);
    }
    if (json) {
        fg_json_obj_close(&j);
        fg_json_arr_open(&j, "streams");
        for (int i = 0; i < fg_vec_num_streams(s); i++)
            fg_json_str(&j, NULL, fg_vec_stream_at(s, i)->file);
        fg_json_arr_close(&j);
        if (frames) {
            fg_json_str(&j, "frames_file", frames);
            fg_json_str(&j, "decode", decode);
        }
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("\n");
        if (frames)
            printf("%s: the frames (decode: %s)\n", frames, decode);
    }
    /* a configuration that loses words gives a valid set that records the loss: a note */
    char loss[256] = "";
    for (const char *const *k = d->loss_keys; k && *k; k++) {
        long long v;
        if (!fg_vec_get_count(s, *k, &v) && v) {
            const size_t at = strlen(loss);
            snprintf(loss + at, sizeof loss - at, "%s%s=%lld", at ? ", " : "", *k, v);
        }
    }
    if (loss[0])
        fprintf(stderr, "fecforge %s: note: this configuration loses words (%s); the vectors record it\n", cmd, loss);
    fg_vec_close(s);
    fg_clear_error();
    return FG_EXIT_OK;
}

static void on_vec_progress(void *cmd, long done, long total)
{
    fg_cli_progress(cmd, "steps of the vector set", done, total);
}

void fg_cli_vectors_progress(const char *cmd)
{
    fg_vec_set_progress(on_vec_progress, (void *)cmd);
}

int fg_cli_vectors_check(const char *cmd, const char *dir, int quiet)
{
    fg_vec_set *s;
    int rc = fg_vec_open(dir, &s);
    if (rc) /* an unreadable or malformed input set is a usage error */
        return rc == FG_EINVAL || rc == FG_EIO ? fg_cli_usage_error(cmd, "%s", fg_last_error())
                                               : fg_cli_fail(cmd, "%s", fg_last_error());
    if (!fg_design_find(fg_vec_design(s)))
        rc = fg_set_error(FG_EINVAL, "%s/manifest.json: design '%s' unknown (a set of another tool?)", dir,
                          fg_vec_design(s));
    long total = 0;
    for (int i = 0; !rc && i < fg_vec_num_streams(s); i++) {
        const fg_vec_stream *st = fg_vec_stream_at(s, i);
        int64_t *v = malloc(sizeof *v * (size_t)st->n_ports);
        fg_vec_cursor *c = NULL;
        rc = v ? fg_vec_cursor_open(s, st, &c) : fg_set_error(FG_ENOMEM, "out of memory");
        int r = 0;
        while (!rc && (r = fg_vec_cursor_next(c, v, NULL)) == 1)
            total++;
        if (!rc && r < 0)
            rc = r;
        fg_vec_cursor_close(c);
        free(v);
    }
    if (!rc && !quiet)
        printf("%s: %s vectors, %d streams, %ld lines: format %d, every word fits its port\n", dir, fg_vec_design(s),
               fg_vec_num_streams(s), total, FG_VEC_FORMAT);
    fg_vec_close(s);
    if (rc) /* a corrupt or missing stream of the input set */
        return rc == FG_EINVAL || rc == FG_EIO ? fg_cli_usage_error(cmd, "%s", fg_last_error())
                                               : fg_cli_fail(cmd, "%s", fg_last_error());
    return FG_EXIT_OK;
}

/* --frames-out: the set's frames as the family's frame file (the same frames: frame f of the seed), and
 * the decode command that takes it into decode. */
static int write_frames(const fg_cli_design *c, const char *path, char *decode, size_t n)
{
    char args[1024];
    double x = 0;
    uint64_t seed = 0;
    long long count = 0;
    fg_family_setup fs;
    const fg_family *f = fg_family_find(c->d->family);
    int rc = f ? c->d->frames_of(c->cfg, c->run, 0, args, sizeof args, &x, &seed, &count)
               : fg_set_error(FG_EINVAL, "no family %s", c->d->family);
    if (!rc)
        rc = fg_family_setup_text(&fs, f, "fixed", args);
    else
        memset(&fs, 0, sizeof fs);
    if (!rc)
        rc = fg_family_write_frames(&fs.inst, fs.impl, seed, x, 0, count, 1, 0, path, NULL, NULL, NULL);
    fg_family_setup_free(&fs);
    if (rc)
        return rc == FG_EINVAL ? fg_cli_usage_error(c->cmd, "--frames-out: %s", fg_last_error())
                               : fg_cli_fail(c->cmd, "--frames-out: %s", fg_last_error());
    snprintf(decode, n, "fecforge decode %s %s --in %s -o decisions.txt", f->name, args, path);
    return 0;
}

int fg_cmd_vectors(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "check")) {
        if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) {
            help();
            return FG_EXIT_OK;
        }
        const char *dir = NULL;
        for (int i = 2, opts = 1; i < argc; i++) { /* `check` has no options: its one argument is DIR */
            if (opts && !strcmp(argv[i], "--"))
                opts = 0;
            else if (opts && argv[i][0] == '-' && argv[i][1])
                return fg_cli_usage_error(CMD, "check: %.*s is not an option of `vectors check`, which has none (its "
                                          "one argument is DIR, a vector set; a design's options are those of "
                                          "`vectors DESIGN`)", (int)strcspn(argv[i], "="), argv[i]);
            else if (dir)
                return fg_cli_usage_error(CMD, "check takes one directory: unexpected argument '%s'", argv[i]);
            else
                dir = argv[i];
        }
        if (!dir)
            return fg_cli_usage_error(CMD, "check: DIR (a vector set) is required");
        return fg_cli_vectors_check(CMD, dir, 0);
    }
    const fg_design *d = NULL;
    int rc = fg_cli_design_head(CMD, argc, argv, 0, "or check DIR", help, &d);
    if (rc >= 0)
        return rc;
    fg_cli_design c;
    vectors_opts v = {0};
    rc = fg_cli_design_begin(&c, CMD, d, 1);
    char about[1200], examples[512];
    snprintf(about, sizeof about,
             "%s\n\nWrites one golden vector set of the design's step model into -o DIR (vectors/FORMAT.md):\n"
             "DIR/manifest.json and one hex file per stream, completely or not at all.",
             d->about);
    snprintf(examples, sizeof examples, "fecforge vectors %s %s %s -o v-%s\nfecforge vectors check v-%s", d->name,
             d->example_args, d->example_run, d->name, d->name);
    c.spec.about = about;
    c.spec.examples = examples;
    c.spec.exits = "0 ok, 1 runtime failure, 2 bad parameters or an unusable DIR";
    fg_cli_group(&c.spec, "output", vectors_table, &v);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc - 1, argv + 1)) != 0) {
        fg_cli_design_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    const int e = rc ? 0 : fg_outdir_check(v.out, "vectors");
    if (!rc && e < 0)
        rc = fg_cli_outdir_error(c.cmd, "o", e);
    if (!rc)
        rc = fg_cli_design_finish(&c);
    if (!rc && v.frames_out && !d->family)
        rc = fg_cli_opt_error(&c.spec, &v.frames_out, ": the vector sets of %s hold no frames of a decoder family",
                              d->name);
    const int n = rc ? 0 : d->sets(c.cfg, c.run);
    if (!rc && n != 1) {
        char names[256] = "";
        int k = 0;
        for (const fg_design_part *p = d->run_parts; p && p->opts; p++)
            for (const fg_opt *o = p->opts; o->name; o++)
                if (!o->alias_of && fg_cli_given(&c.spec, (char *)c.run + p->offset + o->offset)) {
                    const size_t at = strlen(names);
                    snprintf(names + at, sizeof names - at, "%s%s", at ? ", " : "",
                             fg_opts_name(&c.spec.o, (char *)c.run + p->offset + o->offset));
                    k++;
                }
        rc = fg_cli_usage_error(c.cmd, "%s %s %d vector sets; vectors writes one (give one value each; verify runs "
                                       "several)", k ? names : "the options", k == 1 ? "names" : "name", n);
    }
    fg_cli_vectors_progress(CMD);
    const int w = rc ? 0 : d->vectors(c.cfg, c.run, 0, v.out);
    fg_cli_progress_done();
    if (w)
        rc = w == FG_EINVAL ? fg_cli_usage_error(c.cmd, "%s", fg_last_error()) : fg_cli_fail(c.cmd, "%s", fg_last_error());
    char decode[1400] = "";
    if (!rc && v.frames_out)
        rc = write_frames(&c, v.frames_out, decode, sizeof decode);
    if (!rc) {
        const uint64_t seed = d->seed_of ? d->seed_of(c.run) : 0;
        rc = summary(c.cmd, d, v.out, v.json, d->seed_of ? &seed : NULL, v.frames_out, decode);
    }
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_design_end(&c);
    return rc;
}
