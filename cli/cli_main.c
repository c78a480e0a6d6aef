/* The fecforge command (fg_cli_main, cli.h): the table of subcommands, the global options, the checked
 * standard output. Subcommands call the library; no model logic here. main() is in main.c, so that
 * a program can register families of its own (fecforge/family.h) and then run the same command. */
#include "cli.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge_gpu/ldpc_gpu.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

const fg_cli_command fg_cli_commands[] = {
    /* one line per subcommand, alphabetical */
    {"arch", "cycle-accurate architecture models of the families' hardware: cycles, latency, throughput, stalls", fg_cmd_arch},
    {"area", "hardware cost of a generated design with Yosys: cells, flip-flops, gate equivalents", fg_cmd_area},
    {"ber", "frame and bit error rates of a decoder family over its channel, on any implementation", fg_cmd_ber},
    {"bench", "throughput and latency of a decoder implementation (CPU or GPU; --sweep: thesis Table 3.3)", fg_cmd_bench},
    {"code", "the families' code libraries: list, show and export codes (ldpc: base matrices, alist files)", fg_cmd_code},
    {"compare", "compare two decision files frame by frame (a golden decode against hardware)", fg_cmd_compare},
    {"conflicts", "cycle-accurate memory-conflict study: MCR and n-way conflict histograms", fg_cmd_conflicts},
    {"dbcf", "cycle-accurate DBCF write network: C0, C1, dC, buffer sizing sweep", fg_cmd_dbcf},
    {"decode", "decode a file of frames bit-exactly with any implementation of a family (C model, GPU)", fg_cmd_decode},
    {"frames", "write the channel frames of a family (stimulus for hardware, input of decode)", fg_cmd_frames},
    {"gen", "RTL generator: Verilog, file list and manifest of a design", fg_cmd_gen},
    {"interleaver", "print a standard interleaver permutation or its parameters", fg_cmd_interleaver},
    {"vectors", "golden vectors (vectors/FORMAT.md) for RTL testbenches", fg_cmd_vectors},
    {"verify", "RTL against the C model cycle by cycle; two decoder implementations frame by frame", fg_cmd_verify},
    {NULL, NULL, NULL}};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: fecforge <subcommand> [--options]\n"
            "       fecforge --version | --help\n\n"
            "  --quiet, -q  no progress lines on stderr (any subcommand); otherwise a live line on a terminal,\n"
            "               plain lines every %d s elsewhere\n\n"
            "Hardware-architecture simulator and RTL reference generator for channel decoders.\n\n"
            "subcommands:\n", FG_CLI_PROGRESS_PLAIN_S);
    for (const fg_cli_command *c = fg_cli_commands; c->name; c++)
        fprintf(f, "  %-12s %s\n", c->name, c->summary);
    fprintf(f, "\n'fecforge <subcommand> --help' describes each one. Documentation: docs/ in the source tree.\n");
}

/* Standard output is checked like every other output: a full disk or a closed pipe is a failure. It
 * goes through a stream that remembers why its first write failed. */
static int stdout_err;

static void check_stdout_start(void)
{
    FILE *f = fg_out_fdopen(STDOUT_FILENO, 0, &stdout_err);
    if (f) {
        setvbuf(f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
        stdout = f;
    }
}

static int finish(int rc)
{
    fg_outdir_mark_prepared();
    fg_cli_claims_end(rc != FG_EXIT_OK);
    const int flushed = fflush(stdout) == 0;
    if (!flushed || ferror(stdout) || stdout_err) {
        const int e = stdout_err ? stdout_err : errno;
        if (e != EPIPE) /* a reader that left (| head) is no error worth a message */
            fprintf(stderr, "fecforge: cannot write standard output: %s\n", strerror(e ? e : EIO));
        fg_output_cleanup_pending();
        return rc ? rc : FG_EXIT_FAIL;
    }
    return rc;
}

/* The subcommand of argv (argv[0]: the program), its exit code. */
static int dispatch(int argc, char **argv)
{
    /* --quiet (-q) anywhere before a "--" ends the progress lines of every subcommand. */
    int n = 1, i = 1;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--quiet") || !strcmp(argv[i], "-q"))
            fg_cli_quiet = 1;
        else
            argv[n++] = argv[i];
    }
    while (i < argc)
        argv[n++] = argv[i++];
    argc = n;
    argv[argc] = NULL;
    if (argc < 2) {
        usage(stderr);
        return FG_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("fecforge %s (git %s)\n", fg_version(), fg_git_hash());
        return FG_EXIT_OK;
    }
    for (const fg_cli_command *c = fg_cli_commands; c->name; c++)
        if (!strcmp(argv[1], c->name))
            return c->run(argc - 1, argv + 1);
    fprintf(stderr, "fecforge: unknown subcommand '%s'\n\n", argv[1]);
    usage(stderr);
    return FG_EXIT_USAGE;
}

int fg_cli_main(int argc, char **argv)
{
    fg_cli_signals_start();
    FILE *const plain = stdout;
    check_stdout_start();
    fg_gpu_register(); /* the GPU implementations join the families (FG_ENODEV devices without CUDA) */
    const int rc = finish(dispatch(argc, argv));
    if (stdout != plain) { /* the checked stream, flushed by finish: closed (not its descriptor) */
        fclose(stdout);
        stdout = plain;
    }
    return rc;
}
