/* fecforge frames <family>: the channel frames of a family (frame f of seed S at one point of its
 * channel, exactly the frames `ber` decodes) written as a frame file (fecforge/frames.h, docs/decode.md),
 * with their reference decisions: stimulus for a hardware decoder and the input of `decode`. */
#include "cli.h"
#include "cli_family.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/frames.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_opt_reals x;
    uint64_t seed;
    long long count, first;
    int threads, binary;
    char *out, *ref;
} frames_opts;

#define O(f) offsetof(frames_opts, f)
static fg_opt frames_table[] = {
    {"ebn0", 0, FG_OPT_SWEEP, O(x), -50, 100, 1, .meta = "X", .help = "the channel point of the frames",
     .flags = FG_OPT_REQUIRED},
    {"count", 0, FG_OPT_LLONG, O(count), 1, 1099511627776.0, .meta = "N", .help = "frames",
     .flags = FG_OPT_REQUIRED},
    {"first", 0, FG_OPT_LLONG, O(first), 0, 1099511627776.0, .def = "0", .meta = "F",
     .help = "index of the first frame (frame f of a ber run)"},
    {"seed", 0, FG_OPT_SEED, O(seed), .def = "1", .meta = "S", .help = "Philox seed of the frames"},
    {"threads", 0, FG_OPT_INT, O(threads), 1, FG_BER_WORKERS_MAX, .def = "1", .meta = "T",
     .help = "CPU threads making frames"},
    {"jobs", 0, FG_OPT_INT, 0, .alias_of = "threads"},
    {"encoding", 0, FG_OPT_CHOICE, O(binary), .words = "text|binary", .def = "text", .meta = "E",
     .help = "text: a frame per line; binary: little-endian records (large runs)"},
    {"out", 'o', FG_OPT_TEXT, O(out), .meta = "FILE", .help = "the frame file (channel LLRs)",
     .flags = FG_OPT_REQUIRED | FG_CLI_OUT},
    {"ref", 0, FG_OPT_TEXT, O(ref), .meta = "FILE", .flags = FG_CLI_OUT,
     .help = "also the reference decisions (a bits file: what a correct decoder decides)"},
    {NULL}};
#undef O

static void on_progress(void *ctx, long long done, long long total)
{
    fg_cli_progress(ctx, "frames", (long)done, (long)total);
}

int fg_cmd_frames(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        FILE *o = argc < 2 ? stderr : stdout;
        fprintf(o, "usage: fecforge frames <family> [--options] --ebn0 X --count N -o FILE\n\n"
                   "The channel frames of a family (frame f of the seed at one point: the frames 'ber' decodes) as a\n"
                   "frame file (docs/decode.md), in the arithmetic of the implementation: stimulus for a hardware\n"
                   "decoder and the input of 'fecforge decode'.\n\nfamilies:\n");
        fg_cli_family_list(o);
        fprintf(o, "\n'fecforge frames <family> --help' lists the options.\n");
        return argc < 2 ? FG_EXIT_USAGE : FG_EXIT_OK;
    }
    const fg_family *f = fg_cli_family_find("frames", argv[1]);
    if (!f)
        return FG_EXIT_USAGE;
    fg_cli_family c;
    frames_opts v = {0};
    int rc = fg_cli_family_begin(&c, "frames", f);
    fg_cli_channel_axis(f->channel, &frames_table[0]);
    char examples[512];
    snprintf(examples, sizeof examples, "fecforge frames %s %s --%s %s --count 100 -o frames.txt --ref ref.txt",
             f->name, f->example_args ? f->example_args : "", f->channel->axis, f->channel->axis_point);
    c.spec.about = "The channel frames of a family as a frame file (docs/decode.md): frame f of --seed at the point\n"
                   "given, f from --first, exactly as 'ber' makes them; channel LLRs quantised to the bit-accurate\n"
                   "arithmetic when the implementation is bit-accurate (--fixed), real numbers otherwise.";
    c.spec.examples = examples;
    fg_cli_group(&c.spec, "frames", frames_table, &v);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc - 1, argv + 1)) != 0) {
        fg_cli_family_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    if (rc || (rc = fg_cli_family_open(&c, NULL)))
        goto out;
    /* a path that cannot be written is refused (FG_EINVAL, naming the path) before any frame is made */
    const int w = fg_family_write_frames(&c.fi, c.impl, v.seed, v.x.v[0], v.first, v.count, v.threads, v.binary,
                                         v.out, v.ref, on_progress, c.cmd);
    const char *msg = fg_last_error();
    if (w == FG_EINVAL && v.ref && !strncmp(msg, v.ref, strlen(v.ref)) && !strncmp(msg + strlen(v.ref), ": ", 2))
        rc = fg_cli_usage_error(c.cmd, "--ref: %s", msg + strlen(v.ref) + 2); /* the library names the file */
    else if (w == FG_EINVAL)
        rc = fg_cli_usage_error(c.cmd, "-o: %s", msg);
    else if (w)
        rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
    fg_cli_progress_done();
out:
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_family_end(&c);
    return rc;
}
